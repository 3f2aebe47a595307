import Foundation
import HarmonicTestSupport
import Testing

@testable import Harmonic

/// Exponential decays in the four vocabularies against 50-digit references
/// (scripts/references/decay_reference.py) and the ecosystems' published constants.
@Suite("Exponential decay")
struct ExponentialDecayTests {
    /// The decay a reference row describes, and the release's rest offset (Motion's amplitude
    /// for `motion` rows, `v0/k` otherwise) and curve velocity.
    static func decay(_ form: String, _ parameter: Double, velocity v0: Double) throws
        -> (ExponentialDecay, restOffset: Double, initialVelocity: Double)
    {
        switch form {
        case "uikit":
            let d = try ExponentialDecay(decelerationRate: parameter)
            return (d, d.restOffset(initialVelocity: v0), v0)
        case "android":
            let d = try ExponentialDecay(frictionMultiplier: parameter)
            return (d, d.restOffset(initialVelocity: v0), v0)
        case "flutter":
            let d = try ExponentialDecay(drag: parameter)
            return (d, d.restOffset(initialVelocity: v0), v0)
        default:
            let motion = try DecayMotion.inertia(from: 0, velocity: v0, timeConstant: parameter)
            guard case let .exponential(d) = motion.curve else { throw CocoaError(.featureUnsupported) }
            return (d, motion.restOffset, motion.initialVelocity)
        }
    }

    static func rows(_ name: String) throws -> [[String: String]] {
        let table = try ReferenceTable(named: name)
        return table.rows.map { Dictionary(uniqueKeysWithValues: zip(table.header, $0)) }
    }

    @Test("value and velocity within 1e-13 relative of the 50-digit reference over the whole motion")
    func valueAndVelocity() throws {
        let rows = try Self.rows("decay-exponential")
        #expect(rows.count == 195)
        var worst = 0.0
        for row in rows {
            let x0 = Double(row["x0"]!)!, t = Double(row["t"]!)!
            let (decay, rest, v0) = try Self.decay(
                row["form"]!, Double(row["parameter"]!)!, velocity: Double(row["v0"]!)!)
            let value = x0 + decay.offset(at: t, restOffset: rest)
            let velocity = decay.velocity(at: t, initialVelocity: v0)
            let errors = (
                relativeError(value, Double(row["value"]!)!), relativeError(velocity, Double(row["velocity"]!)!)
            )
            worst = max(worst, errors.0, errors.1)
            #expect(errors.0 <= 1e-13, "value \(row)")
            #expect(errors.1 <= 1e-13, "velocity \(row)")
        }
        print("exponential decay: worst relative error \(worst)")
    }

    @Test("rest times for speed and distance thresholds within 1e-13 relative")
    func restTimes() throws {
        for row in try Self.rows("decay-rest") {
            let (decay, rest, v0) = try Self.decay(
                row["form"]!, Double(row["parameter"]!)!, velocity: Double(row["v0"]!)!)
            let threshold = Double(row["threshold"]!)!
            let time =
                row["kind"] == "speed"
                ? decay.time(atSpeed: threshold, initialVelocity: v0)
                : decay.time(withinDistance: threshold, ofRestOffset: rest)
            #expect(relativeError(time, Double(row["restTime"]!)!) <= 1e-13, "\(row)")
            // Exact for the threshold: the speed (or the distance to go) there is the threshold.
            if time > 0 {
                let reached =
                    row["kind"] == "speed"
                    ? abs(decay.velocity(at: time, initialVelocity: v0))
                    : abs(rest - decay.offset(at: time, restOffset: rest))
                #expect(relativeError(reached, threshold) <= 1e-12, "\(row)")
            }
        }
    }

    @Test("the time a decay reaches a wall, to 1e-12 s")
    func crossingTimes() throws {
        for row in try Self.rows("decay-crossing") {
            let x0 = Double(row["x0"]!)!, wall = Double(row["wall"]!)!
            let (decay, rest, v0) = try Self.decay(
                row["form"]!, Double(row["parameter"]!)!, velocity: Double(row["v0"]!)!)
            let time = try #require(decay.time(atOffset: wall - x0, restOffset: rest))
            #expect(abs(time - Double(row["time"]!)!) <= 1e-12, "\(row)")
            #expect(relativeError(decay.velocity(at: time, initialVelocity: v0), Double(row["velocity"]!)!) <= 1e-12)
        }
    }

    @Test("the vocabularies read back what they were given and agree on k")
    func vocabularies() throws {
        #expect(abs(ExponentialDecay.normal.decayConstant - -1000 * log(0.998)) <= 1e-15 * 2.002)
        #expect(abs(ExponentialDecay.fast.decayConstant - -1000 * log(0.99)) <= 1e-15 * 10.05)
        #expect(ulpDistance(ExponentialDecay.normal.decelerationRate, 0.998) <= 2)
        #expect(ulpDistance(try ExponentialDecay(frictionMultiplier: 1).decayConstant, 4.2) == 0)
        #expect(ulpDistance(try ExponentialDecay(frictionMultiplier: 0.7).frictionMultiplier, 0.7) <= 1)
        #expect(ulpDistance(try ExponentialDecay(drag: 0.135).drag, 0.135) <= 2)
        #expect(ulpDistance(try ExponentialDecay(timeConstant: 325).timeConstant, 325) <= 1)
        // One curve, four spellings: UIKit's normal rate as Android friction, Flutter drag and a
        // Motion time constant, each rebuilt into the same k.
        let k = ExponentialDecay.normal.decayConstant
        let spellings = [
            try ExponentialDecay(frictionMultiplier: ExponentialDecay.normal.frictionMultiplier),
            try ExponentialDecay(drag: ExponentialDecay.normal.drag),
            try ExponentialDecay(timeConstant: ExponentialDecay.normal.timeConstant),
        ]
        for decay in spellings { #expect(relativeError(decay.decayConstant, k) <= 4e-16, "\(decay)") }
    }

    @Test("UIKit's discrete projection against the continuous rest value")
    func projection() {
        // (1000/1000)·0.998/0.002 = 499; the continuous v0/k = 1/(−ln 0.998) = 499.4996…
        #expect(abs(ExponentialDecay.projectedOffset(initialVelocity: 1000, decelerationRate: 0.998) - 499) <= 1e-10)
        #expect(abs(ExponentialDecay.normal.restOffset(initialVelocity: 1000) - 1 / -log(0.998)) <= 1e-12)
        // The offset approaches the rest value and never passes it.
        let decay = ExponentialDecay.normal
        #expect(decay.offset(at: .infinity, initialVelocity: 1000) == decay.restOffset(initialVelocity: 1000))
        #expect(decay.velocity(at: .infinity, initialVelocity: 1000) == 0)
        #expect(decay.time(atOffset: decay.restOffset(initialVelocity: 1000), initialVelocity: 1000) == nil)
        #expect(decay.time(atOffset: -1, initialVelocity: 1000) == nil)
        #expect(decay.time(atOffset: 0, initialVelocity: 0) == 0)
        #expect(decay.time(atSpeed: 2000, initialVelocity: 1000) == 0)
    }

    @Test("offset is the integral of velocity (Gauss–Legendre on [0, t])")
    func offsetIntegratesVelocity() throws {
        let decay = try ExponentialDecay(frictionMultiplier: 1.3)
        let v0 = -730.0
        // Five-point Gauss–Legendre on 200 panels: exact to ~1e-15 for this smooth integrand.
        let nodes = [0.0, -0.5384693101056831, 0.5384693101056831, -0.906179845938664, 0.906179845938664]
        let weights = [
            0.5688888888888889, 0.47862867049936647, 0.47862867049936647, 0.23692688505618908, 0.23692688505618908,
        ]
        for t in [0.01, 0.3, 1.0, 2.5] {
            var sum = 0.0
            let panels = 200, h = t / Double(panels)
            for p in 0..<panels {
                let mid = (Double(p) + 0.5) * h
                for (x, w) in zip(nodes, weights) {
                    sum += w * h / 2 * decay.velocity(at: mid + x * h / 2, initialVelocity: v0)
                }
            }
            #expect(relativeError(decay.offset(at: t, initialVelocity: v0), sum) <= 1e-13, "t = \(t)")
        }
    }

    @Test("out-of-range parameters throw, naming the parameter and the range")
    func errors() {
        let cases: [(() throws -> Void, String)] = [
            (
                { _ = try ExponentialDecay(decelerationRate: 1) },
                "decelerationRate = 1.0 is invalid: must be finite and in (0, 1)"
            ),
            (
                { _ = try ExponentialDecay(decelerationRate: 0) },
                "decelerationRate = 0.0 is invalid: must be finite and in (0, 1)"
            ),
            (
                { _ = try ExponentialDecay(decelerationRate: .nan) },
                "decelerationRate = nan is invalid: must be finite and in (0, 1)"
            ),
            (
                { _ = try ExponentialDecay(frictionMultiplier: -1) },
                "frictionMultiplier = -1.0 is invalid: must be finite and > 0"
            ),
            ({ _ = try ExponentialDecay(drag: 1.5) }, "drag = 1.5 is invalid: must be finite and in (0, 1)"),
            (
                { _ = try ExponentialDecay(timeConstant: 0) },
                "timeConstant = 0.0 is invalid: must be finite and > 0 (milliseconds)"
            ),
            (
                { _ = try ExponentialDecay(decayConstant: .infinity) },
                "decayConstant = inf is invalid: must be finite and > 0"
            ),
            (
                { _ = try DecayRest.android(minimumVisibleChange: 0) },
                "minimumVisibleChange = 0.0 is invalid: must be finite and > 0"
            ),
            (
                { _ = try DecayMotion(curve: .exponential(.normal), from: 0, initialVelocity: 1, rest: .speed(0)) },
                "restSpeed = 0.0 is invalid: must be finite and > 0"
            ),
            (
                { _ = try DecayMotion(curve: .exponential(.normal), from: 0, initialVelocity: 1, rest: .distance(-1)) },
                "restDelta = -1.0 is invalid: must be finite and > 0"
            ),
            (
                { _ = try DecayMotion(curve: .exponential(.normal), from: .nan, initialVelocity: 1) },
                "from = nan is invalid: must be finite"
            ),
        ]
        for (make, message) in cases {
            #expect(throws: HarmonicError.self) { try make() }
            do { try make() } catch { #expect("\(error)" == message) }
        }
    }
}
