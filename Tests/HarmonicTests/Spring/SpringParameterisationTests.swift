import Foundation
import Harmonic
import Testing

@Suite("Spring parameterisations and validation")
struct SpringParameterisationTests {
    @Test("Core Animation defaults: mass 1, stiffness 100, damping 10")
    func defaults() throws {
        let spring = try Spring()
        #expect(spring == .default)
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10)
        #expect(spring.dampingRatio == 0.5)
        #expect(spring.naturalFrequency == 10)
        #expect(abs(spring.dampedFrequency - 75.0.squareRoot()) <= 1e-14)
        #expect(spring.decayRate == 5)
        #expect(spring.regime == .underdamped)
    }

    @Test("Apple's example: Spring(mass: 1, stiffness: 100, damping: 10) has duration ≈ 0.63, bounce 0.5")
    func appleDurationBounceExample() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(spring.duration - 2 * Double.pi / 10) <= 1e-15)
        #expect((spring.duration * 100).rounded() / 100 == 0.63)
        #expect(abs(spring.bounce - 0.5) <= 1e-15)
    }

    @Test("duration/bounce: k = (2π/d)²m, ζ = 1 − b (b ≥ 0) or 1/(1 + b) (b < 0), and back")
    func durationBounceRoundTrip() throws {
        for duration in [0.1, 0.5, 1, 3.7] {
            for bounce in [-0.9, -0.5, -0.1, 0, 0.15, 0.3, 0.7, 1] {
                for mass in [0.5, 1, 4] {
                    let spring = try Spring(duration: duration, bounce: bounce, mass: mass)
                    let omega = 2 * Double.pi / duration
                    let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
                    #expect(abs(spring.stiffness - omega * omega * mass) <= 1e-13 * spring.stiffness)
                    #expect(abs(spring.dampingRatio - zeta) <= 1e-14)
                    #expect(abs(spring.duration - duration) <= 1e-14 * duration)
                    #expect(abs(spring.bounce - bounce) <= 1e-14)
                }
            }
        }
        #expect(try Spring(duration: 0.5, bounce: 1).regime == .undamped)
        #expect(try Spring(duration: 0.5, bounce: 0).regime == .criticallyDamped)
        #expect(try Spring(duration: 0.5, bounce: -0.3).regime == .overdamped)
    }

    @Test("response/dampingRatio: k = (2π/response)², c = 4πζ/response (mass 1)")
    func responseDampingRatio() throws {
        let spring = try Spring(response: 0.55, dampingRatio: 0.825)
        #expect(abs(spring.stiffness - pow(2 * .pi / 0.55, 2)) <= 1e-13 * spring.stiffness)
        #expect(abs(spring.damping - 4 * .pi * 0.825 / 0.55) <= 1e-13 * spring.damping)
        #expect(abs(spring.response - 0.55) <= 1e-15)
        #expect(try Spring(response: 0.3, dampingRatio: 1).regime == .criticallyDamped)
    }

    @Test("SwiftUI presets: smooth, snappy, bouncy at duration 0.5")
    func presets() throws {
        #expect(abs(Spring.smooth.bounce) <= 1e-15 && abs(Spring.smooth.duration - 0.5) <= 1e-15)
        #expect(abs(Spring.snappy.bounce - 0.15) <= 1e-15)
        #expect(abs(Spring.bouncy.bounce - 0.3) <= 1e-15)
        #expect(Spring.bouncy == (try Spring(duration: 0.5, bounce: 0.3)))
    }

    /// How an invalid case builds its spring: physical, duration/bounce or response/ratio.
    enum Form: Sendable { case physics, durationBounce, responseRatio }

    @Test(
        "invalid parameters throw errors naming the parameter",
        arguments: [
            ("mass", Form.physics, 0.0, 100.0, 10.0), ("mass", .physics, -1, 100, 10),
            ("mass", .physics, .nan, 100, 10),
            ("stiffness", .physics, 1, 0, 10), ("stiffness", .physics, 1, .infinity, 10),
            ("damping", .physics, 1, 100, -0.001), ("damping", .physics, 1, 100, .nan),
            ("duration", .durationBounce, 0, 0, 1), ("duration", .durationBounce, -.infinity, 0, 1),
            ("bounce", .durationBounce, 1, -1, 1), ("bounce", .durationBounce, 1, 1.01, 1),
            ("mass", .durationBounce, 1, 0, 0),
            ("response", .responseRatio, .nan, 1, 1), ("dampingRatio", .responseRatio, 1, -1, 1),
        ])
    func invalid(name: String, form: Form, a: Double, b: Double, c: Double) {
        do {
            switch form {
            case .physics: _ = try Spring(mass: a, stiffness: b, damping: c)
            case .durationBounce: _ = try Spring(duration: a, bounce: b, mass: c)
            case .responseRatio: _ = try Spring(response: a, dampingRatio: b, mass: c)
            }
            Issue.record("expected an error for \(name)")
        } catch {
            guard case let .invalidParameter(parameter, _, allowed) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(parameter == name)
            #expect(!allowed.isEmpty)
            #expect(error.description.hasPrefix("\(name) = "))
        }
    }

    @Test("parameters too large to represent are refused, not turned into NaN")
    func unrepresentable() {
        #expect(throws: HarmonicError.self) { try Spring(mass: 1, stiffness: 1e308, damping: 1) }
        #expect(throws: HarmonicError.self) { try Spring(mass: 1, stiffness: 1, damping: 1e200) }
        #expect(throws: HarmonicError.self) {
            try Spring(mass: Double.leastNormalMagnitude / 1e4, stiffness: 1e-10, damping: 0)
        }
    }
}
