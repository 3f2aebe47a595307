import Harmonic
import HarmonicJSON

/// The `spring` curve of the spec format.
///
/// Accepted parameterisations (exactly one), told apart by their keys:
///
/// | form | keys | source |
/// |---|---|---|
/// | physics (Core Animation) | `mass`, `stiffness`, `damping` (each optional: 1, 100, 10) | `CASpringAnimation` |
/// | SwiftUI perceptual | `duration`, `bounce` (optional, 0), `mass` | `Spring(duration:bounce:)` |
/// | SwiftUI response | `response`, `dampingRatio`, `mass` | `Spring(response:dampingRatio:)` |
/// | UIKit | `duration`, `dampingRatio` | `UISpringTimingParameters(dampingRatio:initialVelocity:)` |
/// | Android | `stiffness`, `dampingRatio` (mass is 1) | `SpringForce` |
/// | Motion | `"type": "spring"`; `stiffness`/`damping`/`mass`, `[visual]duration`/`bounce` | framer-motion |
/// | react-spring | `tension`, `friction`, `mass` | react-spring `config` |
///
/// `visualDuration` alone also means Motion. `duration` is in seconds in every form. `duration`
/// with `bounce` but without `"type": "spring"` is SwiftUI's mapping; with it, Motion's (the two
/// differ).
/// `initialVelocity` (progress units per second, as in `CASpringAnimation` and UIKit) is allowed
/// with every form. These are the objects `harmonic convert --to …` prints, so its output reads
/// back unchanged. The curve is Core Animation's unit spring scaled onto the spec's
/// `from`/`to`/`by` endpoints.
///
/// With a `timing` block (``MediaTimingSpec``) the spring runs as a `CASpringAnimation` with
/// that timing: samples are at parent times, and the spring time is the iteration time
/// (directed progress × duration), so repeats restart the motion, `autoreverses` plays it
/// back, `speed` scales it and the animation is cut off at `duration` (default: the settling
/// duration). Outside the active interval without a fill the value is `from`, as for every
/// timed spec.
package struct SpringSpec: SampledCurve {
    package let spring: Spring
    package let initialVelocity: Double
    package let endpoints: Endpoints
    package let timing: MediaTimingSpec?

    package static func parse(_ value: JSONValue, _ top: inout JSONObjectReader) throws(HarmonicError) -> SpringSpec {
        var reader = try JSONObjectReader(value, path: "spring")
        let spring = try readSpring(&reader)
        let velocity = try reader.number("initialVelocity") ?? 0
        try HarmonicError.require(velocity, named: reader.name("initialVelocity"))
        try reader.finish()
        let settle = spring.settlingDuration(initialVelocity: velocity)
        let timing = try MediaTimingSpec.read(&top, defaultDuration: settle.isFinite ? settle : 5 * spring.duration)
        return SpringSpec(
            spring: spring, initialVelocity: velocity, endpoints: try Endpoints.read(&top), timing: timing)
    }

    /// The parameterisations of the table above, with the keys that identify each.
    package enum Form: String {
        case physics, swiftUI = "SwiftUI duration/bounce", response = "SwiftUI response/dampingRatio"
        case uiKit = "UIKit duration/dampingRatio", android = "Android stiffness/dampingRatio"
        case motion = "Motion", reactSpring = "react-spring tension/friction"

        /// Decides the form from the keys present; throws when keys of two forms are mixed.
        package static func detect(_ reader: JSONObjectReader) throws(HarmonicError) -> Form {
            let keys = reader.keys
            let has = { (key: String) in keys.contains(key) }
            let form: Form
            if has("type") || has("visualDuration") {
                form = .motion
            } else if has("tension") || has("friction") {
                form = .reactSpring
            } else if has("dampingRatio") {
                if has("response") {
                    form = .response
                } else if has("duration") {
                    form = .uiKit
                } else if has("stiffness") {
                    form = .android
                } else {
                    throw .invalidParameter(
                        name: reader.name("dampingRatio"), value: "given alone",
                        allowed: "given with response (SwiftUI), duration (UIKit) or stiffness (Android)")
                }
            } else if has("duration") || has("bounce") {
                form = .swiftUI
            } else {
                form = .physics
            }
            let foreign = keys.subtracting(form.keys).intersection(Form.allSpringKeys).sorted()
            if !foreign.isEmpty {
                throw .conflict(
                    parameters: keys.intersection(Form.allSpringKeys).sorted().map(reader.name),
                    reason: "use one spring parameterisation; \(foreign.joined(separator: ", ")) "
                        + "\(foreign.count == 1 ? "is" : "are") not part of the \(form.rawValue) form "
                        + "(\(form.keys.sorted().joined(separator: ", ")))")
            }
            return form
        }

        /// The keys of this form (besides `initialVelocity`, which every form accepts).
        package var keys: Set<String> {
            switch self {
            case .physics: return ["mass", "stiffness", "damping"]
            case .swiftUI: return ["duration", "bounce", "mass"]
            case .response: return ["response", "dampingRatio", "mass"]
            case .uiKit: return ["duration", "dampingRatio"]
            case .android: return ["stiffness", "dampingRatio"]
            case .motion: return ["type", "stiffness", "damping", "mass", "duration", "bounce", "visualDuration"]
            case .reactSpring: return ["tension", "friction", "mass"]
            }
        }

        package static let allSpringKeys: Set<String> = [
            "mass", "stiffness", "damping", "duration", "bounce", "response", "dampingRatio", "type",
            "visualDuration", "tension", "friction",
        ]
    }

    /// Reads one of the spring parameterisations from `reader`.
    package static func readSpring(_ reader: inout JSONObjectReader) throws(HarmonicError) -> Spring {
        let form = try Form.detect(reader)
        do {
            switch form {
            case .physics:
                return try Spring(
                    mass: reader.number("mass") ?? Spring.default.mass,
                    stiffness: reader.number("stiffness") ?? Spring.default.stiffness,
                    damping: reader.number("damping") ?? Spring.default.damping)
            case .swiftUI:
                let mass = try reader.number("mass") ?? 1
                guard let duration = try reader.number("duration") else {
                    throw HarmonicError.invalidParameter(
                        name: "duration", value: "missing", allowed: "given with bounce")
                }
                return try Spring(duration: duration, bounce: reader.number("bounce") ?? 0, mass: mass)
            case .response:
                let mass = try reader.number("mass") ?? 1
                guard let response = try reader.number("response"), let ratio = try reader.number("dampingRatio") else {
                    throw HarmonicError.invalidParameter(
                        name: "response/dampingRatio", value: "incomplete", allowed: "both response and dampingRatio")
                }
                return try Spring(response: response, dampingRatio: ratio, mass: mass)
            case .uiKit:
                let duration = try reader.number("duration") ?? 0
                let ratio = try reader.number("dampingRatio") ?? 0
                let velocity = try reader.number("initialVelocity") ?? 0
                return try Spring(uiKitDuration: duration, dampingRatio: ratio, initialVelocity: velocity)
            case .android:
                return try Spring(
                    androidStiffness: reader.number("stiffness") ?? Spring.androidDefaultStiffness,
                    dampingRatio: reader.number("dampingRatio") ?? Spring.androidDefaultDampingRatio)
            case .motion:
                return try readMotion(&reader)
            case .reactSpring:
                let fallback = Spring.reactSpringDefault
                return try Spring(
                    tension: reader.number("tension") ?? fallback.tension,
                    friction: reader.number("friction") ?? fallback.damping,
                    mass: reader.number("mass") ?? fallback.mass)
            }
        } catch let error as HarmonicError {
            throw error.prefixingParameter(with: reader.path)
        } catch {
            throw .invalidParameter(name: reader.path, value: "\(error)", allowed: "a valid spring")
        }
    }

    /// Motion's three spring option sets; physics keys win over duration keys in Motion, which
    /// Harmonic turns into an error rather than silently ignoring the duration.
    private static func readMotion(_ reader: inout JSONObjectReader) throws(HarmonicError) -> Spring {
        if let type = try reader.string("type"), type != "spring" {
            throw .invalidParameter(name: reader.name("type"), value: "\"\(type)\"", allowed: "\"spring\"")
        }
        let keys = reader.keys
        let physics = keys.intersection(["stiffness", "damping", "mass"]).sorted()
        let timed = keys.intersection(["duration", "visualDuration"]).sorted()
        if !physics.isEmpty, !timed.isEmpty || keys.contains("bounce") {
            throw .conflict(
                parameters: (physics + timed + (keys.contains("bounce") ? ["bounce"] : [])).map(reader.name),
                reason: "use Motion's stiffness/damping/mass or its duration/bounce, not both")
        }
        if timed.count == 2 {
            throw .conflict(parameters: timed.map(reader.name), reason: "give duration or visualDuration, not both")
        }
        if let visual = try reader.number("visualDuration") {
            return try Spring(motionVisualDuration: visual, bounce: reader.number("bounce") ?? 0)
        }
        if let duration = try reader.number("duration") {
            return try Spring(motionDuration: duration, bounce: reader.number("bounce") ?? Spring.motionDefaultBounce)
        }
        if keys.contains("bounce") {
            throw .invalidParameter(
                name: reader.name("bounce"), value: "given alone", allowed: "given with duration or visualDuration")
        }
        // Motion's physics defaults are Core Animation's (mass 1, stiffness 100, damping 10).
        return try Spring(
            mass: reader.number("mass") ?? Spring.default.mass,
            stiffness: reader.number("stiffness") ?? Spring.default.stiffness,
            damping: reader.number("damping") ?? Spring.default.damping)
    }

    package var dimension: Int { endpoints.dimension }

    /// `[0, settlingDuration]`, or five periods for an undamped spring; with a timing, its
    /// active interval.
    package var defaultDomain: ClosedRange<Double> {
        if let timing { return timing.defaultDomain }
        let settle = spring.settlingDuration(initialVelocity: initialVelocity)
        return 0...(settle.isFinite ? settle : 5 * spring.duration)
    }

    package func sample(at time: Double) -> CurveSample {
        var tau = time
        var tauRate = 1.0
        if let timing {
            guard let curveTime = timing.timing.curveTime(atParentTime: time) else {
                return CurveSample(
                    value: endpoints.value(atProgress: 0), velocity: endpoints.velocity(forProgressRate: 0), angle: nil)
            }
            (tau, tauRate) = curveTime
        }
        let p = spring.progress(at: tau, initialVelocity: initialVelocity)
        let rate = spring.progressVelocity(at: tau, initialVelocity: initialVelocity) * tauRate
        return CurveSample(
            value: endpoints.value(atProgress: p), velocity: endpoints.velocity(forProgressRate: rate), angle: nil)
    }
}

extension SpringSpec {
    /// On an evenly spaced grid without a timing block, the unit curve comes from the spring's
    /// grid kernel (``Spring/sample(on:from:to:initialVelocity:values:velocities:threads:)``:
    /// a transition-matrix recurrence, no transcendental call per sample) and is scaled onto
    /// the endpoints; otherwise one closed-form evaluation per time.
    package func sample(_ times: TimeGrid, _ range: Range<Int>, velocity: Bool, into block: inout SampleBlock) {
        guard timing == nil, case let .even(grid) = times else {
            block.reset(count: range.count)
            for (r, i) in range.enumerated() { block.set(row: r, time: times[i], sample(at: times[i])) }
            return
        }
        block.reset(count: range.count)
        let d = dimension, n = range.count
        let slice = grid.slice(range)
        let from = endpoints.from.components, span = zip(endpoints.to.components, from).map(-)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n) { scratch in
            let progress = UnsafeMutableBufferPointer(rebasing: scratch[..<n])
            let rates = UnsafeMutableBufferPointer(rebasing: scratch[n...])
            spring.sample(
                on: slice, from: 0, to: 1, initialVelocity: initialVelocity, values: progress,
                velocities: velocity ? rates : nil)
            for r in 0..<n {
                block.times[r] = grid.time(at: range.lowerBound + r)
                let p = progress[r]
                for c in 0..<d { block.values[r * d + c] = Endpoints.saturated(from[c] + span[c] * p) }
                if velocity {
                    for c in 0..<d { block.velocities[r * d + c] = Endpoints.saturated(span[c] * rates[r]) }
                }
            }
        }
    }
}

extension SpringSpec {
    /// The motion in value units when it is one component without a timing block, the case
    /// the spring's own grid and times kernels handle directly: `from`, `to`, and the initial
    /// velocity in value units per second (the spec's is in progress units).
    package var scalarMotion: (from: Double, to: Double, initialVelocity: Double)? {
        guard timing == nil, dimension == 1 else { return nil }
        let from = endpoints.from[0], to = endpoints.to[0]
        let v0 = initialVelocity * (to - from)
        guard v0.isFinite else { return nil }
        return (from, to, v0)
    }
}
