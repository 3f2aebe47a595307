import Harmonic
import HarmonicJSON

/// A `decay` object of the spec format read for a value of `dimension` components: the curve,
/// the rest rule, the walls and the bounce spring, and per component the release velocity.
/// `initialVelocity` (Motion: `velocity`), `min` and `max` are numbers, or arrays of one
/// number per component (scene animations of vector key paths).
package struct DecayRelease {
    package var form: DecaySpec.Form
    package var curve: DecayCurve
    package var rest: DecayRest
    /// The curve's initial velocity per component, value units per second.
    package var velocities: [Double]
    /// Where each component would rest from its release if nothing stopped it: Motion's
    /// `power·velocity`, exactly as Motion computes it; `nil` for the other forms (`v0/k`).
    package var amplitudes: [Double]?
    package var lower: [Double]?
    package var upper: [Double]?
    package var bounce: Spring

    /// The walls of component `c`, or `nil`.
    package func bounds(component c: Int) throws(HarmonicError) -> DecayBounds? {
        let l = lower?[c], u = upper?[c]
        guard l != nil || u != nil else { return nil }
        return try DecayBounds(lower: l, upper: u, bounce: bounce)
    }

    /// Component `c` released from `from`.
    package func motion(component c: Int, from: Double) throws(HarmonicError) -> DecayMotion {
        do throws(HarmonicError) {
            if let amplitudes {
                return try DecayMotion(
                    curve: curve, from: from, initialVelocity: velocities[c], restOffset: amplitudes[c], rest: rest,
                    bounds: bounds(component: c), beginTime: 0)
            }
            return try DecayMotion(
                curve: curve, from: from, initialVelocity: velocities[c], rest: rest, bounds: bounds(component: c))
        } catch {
            throw error.prefixingParameter(with: "decay")
        }
    }

    /// The number of components a scene's decay object describes: the longest of its
    /// per-component arrays (`initialVelocity`, `velocity`, `min`, `max`) and of `from`; 1
    /// when all are single numbers.
    package static func dimension(of value: JSONValue, from: AnimatableVector?) -> Int {
        var n = from?.count ?? 1
        if case let .object(members) = value {
            for key in ["initialVelocity", "velocity", "min", "max"] {
                if case let .array(items)? = members[key] { n = max(n, items.count) }
            }
        }
        return n
    }

    package static func read(_ value: JSONValue, path: String, dimension: Int) throws(HarmonicError) -> DecayRelease {
        var reader = try JSONObjectReader(value, path: path)
        let form = try DecaySpec.Form.detect(reader)
        do throws(HarmonicError) {
            let release = try read(form, &reader, dimension: dimension)
            try reader.finish()
            return release
        } catch {
            throw error.prefixingParameter(with: path)
        }
    }

    /// A number given once for every component, or one per component.
    private static func components(_ reader: inout JSONObjectReader, _ key: String, _ dimension: Int)
        throws(HarmonicError)
        -> [Double]?
    {
        guard let vector = try reader.vector(key) else { return nil }
        let numbers = vector.components
        for (i, x) in numbers.enumerated() {
            try HarmonicError.require(x, named: numbers.count == 1 ? key : "\(key)[\(i)]")
        }
        if numbers.count == 1 { return Array(repeating: numbers[0], count: dimension) }
        guard numbers.count == dimension else {
            throw .invalidParameter(
                name: key, value: "\(numbers.count) numbers",
                allowed: dimension == 1 ? "a number" : "a number or \(dimension) numbers")
        }
        return numbers
    }

    private static func read(_ form: DecaySpec.Form, _ reader: inout JSONObjectReader, dimension: Int)
        throws(HarmonicError)
        -> DecayRelease
    {
        let (lower, upper, bounce) = try readBounds(&reader, dimension: dimension)
        let velocities = try components(&reader, "initialVelocity", dimension) ?? Array(repeating: 0, count: dimension)
        let curve: DecayCurve
        let rest: DecayRest
        switch form {
        case .uiKit:
            curve = .exponential(try ExponentialDecay(decelerationRate: readRate(&reader)))
            rest = try readRest(&reader, default: .uiKitDefault)
        case .android:
            curve = .exponential(try ExponentialDecay(frictionMultiplier: reader.number("frictionMultiplier") ?? 1))
            let given = ["absVelocityThreshold", "minimumVisibleChange", "restSpeed", "restDelta"].filter(
                reader.contains)
            if given.count > 1 {
                throw .conflict(parameters: given, reason: "give one rest threshold")
            }
            if let threshold = try reader.number("absVelocityThreshold") {
                rest = .speed(try HarmonicError.require(threshold, named: "absVelocityThreshold", "> 0") { $0 > 0 })
            } else if let change = try reader.number("minimumVisibleChange") {
                rest = try .android(minimumVisibleChange: change)
            } else {
                rest = try readRest(&reader, default: .composeDefault)
            }
        case .flutter:
            curve = .exponential(try ExponentialDecay(drag: reader.number("drag") ?? 0))
            rest = try readRest(&reader, default: .flutterDefault)
        case .spline:
            curve = .spline(
                try SplineDecay(density: reader.number("density") ?? 1, friction: reader.number("friction") ?? 0.015))
            rest = try readRest(&reader, default: .motionDefault)
        case .motion:
            return try readInertia(&reader, dimension: dimension, lower: lower, upper: upper, bounce: bounce)
        }
        return DecayRelease(
            form: form, curve: curve, rest: rest, velocities: velocities, amplitudes: nil, lower: lower, upper: upper,
            bounce: bounce)
    }

    /// Motion's `inertia`: the velocity scaled by `power` into the amplitude, kept exactly as
    /// Motion computes it.
    private static func readInertia(
        _ reader: inout JSONObjectReader, dimension: Int, lower: [Double]?, upper: [Double]?, bounce: Spring
    ) throws(HarmonicError) -> DecayRelease {
        if let type = try reader.string("type"), type != "inertia" {
            throw .invalidParameter(name: "type", value: "\"\(type)\"", allowed: "\"inertia\"")
        }
        let velocity = try components(&reader, "velocity", dimension) ?? Array(repeating: 0, count: dimension)
        let power = try reader.number("power") ?? DecayMotion.motionDefaultPower
        try HarmonicError.require(power, named: "power")
        let decay = try ExponentialDecay(
            timeConstant: reader.number("timeConstant") ?? ExponentialDecay.motionDefaultTimeConstant)
        let rest = try readRest(&reader, default: .motionDefault)
        let releases = velocity.map { DecayMotion.inertiaRelease(velocity: $0, power: power, decay: decay) }
        return DecayRelease(
            form: .motion, curve: .exponential(decay), rest: rest, velocities: releases.map(\.initialVelocity),
            amplitudes: releases.map(\.amplitude), lower: lower, upper: upper, bounce: bounce)
    }

    /// `decelerationRate`: a number in (0, 1), `"normal"` or `"fast"`.
    private static func readRate(_ reader: inout JSONObjectReader) throws(HarmonicError) -> Double {
        if case let .string(name)? = reader.value("decelerationRate") {
            switch name {
            case "normal": return ExponentialDecay.normalDecelerationRate
            case "fast": return ExponentialDecay.fastDecelerationRate
            default:
                throw .invalidParameter(
                    name: "decelerationRate", value: "\"\(name)\"",
                    allowed: "a number in (0, 1), \"normal\" or \"fast\"")
            }
        }
        return try reader.number("decelerationRate") ?? ExponentialDecay.normalDecelerationRate
    }

    /// `restSpeed` or `restDelta`, at most one.
    private static func readRest(_ reader: inout JSONObjectReader, default fallback: DecayRest) throws(HarmonicError)
        -> DecayRest
    {
        let speed = try reader.number("restSpeed"), delta = try reader.number("restDelta")
        switch (speed, delta) {
        case let (speed?, nil): return .speed(speed)
        case let (nil, delta?): return .distance(delta)
        case (nil, nil): return fallback
        default: throw .conflict(parameters: ["restSpeed", "restDelta"], reason: "give one rest threshold")
        }
    }

    /// `min`, `max` (numbers or one per component) and the bounce spring (`bounce`, or
    /// Motion's `bounceStiffness` and `bounceDamping`).
    private static func readBounds(_ reader: inout JSONObjectReader, dimension: Int) throws(HarmonicError)
        -> (lower: [Double]?, upper: [Double]?, bounce: Spring)
    {
        let lower = try components(&reader, "min", dimension), upper = try components(&reader, "max", dimension)
        var bounce = DecayBounds.motionBounce
        let motionKeys = ["bounceStiffness", "bounceDamping"].filter(reader.contains)
        if let value = reader.value("bounce") {
            if !motionKeys.isEmpty {
                throw .conflict(parameters: ["bounce"] + motionKeys, reason: "give the bounce spring one way")
            }
            var springReader = try JSONObjectReader(value, path: "bounce")
            bounce = try SpringSpec.readSpring(&springReader)
            try springReader.finish()
        } else if !motionKeys.isEmpty {
            bounce = try DecayBounds.motionBounce(
                stiffness: reader.number("bounceStiffness") ?? DecayBounds.motionBounce.stiffness,
                damping: reader.number("bounceDamping") ?? DecayBounds.motionBounce.damping)
        }
        if lower == nil, upper == nil, reader.contains("bounce") || !motionKeys.isEmpty {
            throw .invalidParameter(name: "bounce", value: "given without walls", allowed: "given with min or max")
        }
        if let lower, let upper, let c = lower.indices.first(where: { lower[$0] > upper[$0] }) {
            throw .conflict(parameters: ["min", "max"], reason: "min \(lower[c]) is above max \(upper[c])")
        }
        return (lower, upper, bounce)
    }
}
