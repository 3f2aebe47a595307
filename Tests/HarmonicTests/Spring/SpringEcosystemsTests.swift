import Foundation
import Testing

@testable import Harmonic

/// The ecosystem parameterisations (`Spring+Ecosystems.swift`) against independent references:
/// an mpmath table for Motion's duration mapping, closed forms for the others, and a Float80
/// re-implementation of the underdamped motion for UIKit's settling rule.
@Suite("Spring ecosystems")
struct SpringEcosystemsTests {
    struct MotionRow {
        var duration, bounce, stiffness, damping: Double
    }

    static func motionTable() throws -> [MotionRow] {
        let url = try #require(
            Bundle.module.url(forResource: "motion-spring-mapping", withExtension: "csv", subdirectory: "References"))
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst()
        return lines.map { line in
            let f = line.split(separator: ",").map { Double(String($0))! }
            return MotionRow(duration: f[0], bounce: f[1], stiffness: f[2], damping: f[3])
        }
    }

    @Test("Motion duration/bounce matches the mpmath root of Motion's envelope equation")
    func motionDuration() throws {
        let rows = try Self.motionTable()
        #expect(rows.count > 60)
        for row in rows {
            let spring = try Spring(motionDuration: row.duration, bounce: row.bounce)
            #expect(spring.mass == 1)
            #expect(abs(spring.stiffness / row.stiffness - 1) < 1e-13, "\(row)")
            #expect(abs(spring.damping / row.damping - 1) < 1e-13, "\(row)")
        }
    }

    @Test("Motion visualDuration: undamped period is 1.2 × visualDuration, ratio is clamped 1 − bounce")
    func motionVisualDuration() throws {
        for (visual, bounce, ratio) in [(0.3, 0.0, 1.0), (0.5, 0.25, 0.75), (1.0, 0.99, 0.05), (0.2, -0.5, 1.0)] {
            let spring = try Spring(motionVisualDuration: visual, bounce: bounce)
            #expect(abs(spring.duration - 1.2 * visual) < 1e-14 * visual)
            #expect(abs(spring.dampingRatio - ratio) < 1e-14)
        }
        #expect(throws: HarmonicError.self) { try Spring(motionVisualDuration: 0, bounce: 0) }
        #expect(throws: HarmonicError.self) { try Spring(motionDuration: -1, bounce: 0) }
        #expect(throws: HarmonicError.self) { try Spring(motionDuration: 1, bounce: .nan) }
    }

    @Test("Android SpringForce: mass 1, c = 2ζ√k, and any spring maps back through k/m")
    func android() throws {
        let medium = Spring.default  // k = 100, c = 10
        let android = try Spring(androidStiffness: medium.androidStiffness, dampingRatio: medium.dampingRatio)
        #expect(android == medium)
        let heavy = try Spring(mass: 4, stiffness: 400, damping: 8)
        #expect(heavy.androidStiffness == 100)
        let back = try Spring(androidStiffness: heavy.androidStiffness, dampingRatio: heavy.dampingRatio)
        for t in stride(from: 0.0, through: 3, by: 0.05) {
            #expect(abs(back.progress(at: t) - heavy.progress(at: t)) < 1e-14)
        }
        let defaults = try Spring(
            androidStiffness: Spring.androidDefaultStiffness, dampingRatio: Spring.androidDefaultDampingRatio)
        #expect(abs(defaults.damping - 2 * 0.5 * 1500.0.squareRoot()) < 1e-12)
        #expect(throws: HarmonicError.self) { try Spring(androidStiffness: 0, dampingRatio: 1) }
        #expect(throws: HarmonicError.self) { try Spring(androidStiffness: 10, dampingRatio: -0.1) }
    }

    @Test("react-spring tension/friction are stiffness/damping")
    func reactSpring() throws {
        let spring = try Spring(tension: 170, friction: 26)
        #expect(spring.stiffness == 170 && spring.damping == 26 && spring.mass == 1)
        #expect(spring.tension == 170 && spring.friction == 26)
        #expect(throws: HarmonicError.self) { try Spring(tension: 170, friction: -1) }
    }

    @Test("withUnitMass keeps the curve")
    func unitMass() throws {
        let spring = try Spring(mass: 3, stiffness: 120, damping: 9)
        let unit = spring.withUnitMass
        #expect(unit.mass == 1)
        for t in stride(from: 0.0, through: 4, by: 0.1) {
            #expect(abs(unit.progress(at: t, initialVelocity: 2) - spring.progress(at: t, initialVelocity: 2)) < 1e-14)
        }
    }

    #if arch(x86_64)
        /// Underdamped unit-curve displacement `1 − progress` in Float80, from the closed form.
        static func displacement80(_ spring: Spring, _ t: Double, v0: Double) -> Float80 {
            let m = Float80(spring.mass), k = Float80(spring.stiffness), c = Float80(spring.damping)
            let lambda = c / (2 * m)
            let wd = (k / m - lambda * lambda).squareRoot()
            let x0: Float80 = -1
            let tt = Float80(t)
            return expl(-lambda * tt)
                * (x0 * cosl(wd * tt) + (Float80(v0) + lambda * x0) / wd * sinl(wd * tt))
        }

        @Test(
            "UIKit duration: the spring is exactly epsilon away at the duration and inside afterwards",
            arguments: [(0.5, 0.5, 0.0), (0.8, 0.3, 0.0), (1.2, 0.8, 0.0), (0.6, 0.5, 3.0), (0.4, 0.7, -2.0)])
        func uiKitDuration(duration: Double, ratio: Double, velocity: Double) throws {
            let spring = try Spring(uiKitDuration: duration, dampingRatio: ratio, initialVelocity: velocity)
            #expect(spring.mass == 1)
            #expect(abs(spring.dampingRatio - ratio) < 1e-14)
            let atEnd = abs(Self.displacement80(spring, duration, v0: velocity))
            #expect(abs(atEnd - 0.001) < 1e-12, "|x(duration)| = \(atEnd)")
            for i in 1...4000 {
                let t = duration * (1 + Double(i) / 1000)
                #expect(abs(Self.displacement80(spring, t, v0: velocity)) < 0.001 + 1e-12)
            }
        }
    #endif

    @Test("UIKit duration round-trips every damped spring")
    func uiKitRoundTrip() throws {
        for (k, c, v0) in [(100.0, 10.0, 0.0), (300, 5, 0), (100, 20, 0), (100, 60, 0), (250, 12, 4), (80, 30, -1.5)] {
            let spring = try Spring(stiffness: k, damping: c)
            let duration = spring.uiKitDuration(initialVelocity: v0)
            let back = try Spring(uiKitDuration: duration, dampingRatio: spring.dampingRatio, initialVelocity: v0)
            #expect(abs(back.stiffness / k - 1) < 1e-12, "k \(k) c \(c) v0 \(v0): \(back)")
            #expect(abs(back.damping / c - 1) < 1e-12)
        }
        #expect(try Spring(stiffness: 100, damping: 0).uiKitDuration() == .infinity)
        #expect(throws: HarmonicError.self) { try Spring(uiKitDuration: 1, dampingRatio: 0) }
        #expect(throws: HarmonicError.self) { try Spring(uiKitDuration: 0, dampingRatio: 1) }
    }
}
