import Harmonic
import HarmonicJSON

/// The `decay` curve of the spec format: a release from `from` (the top-level key, default 0)
/// sampled at times in seconds, velocities in value units per second.
///
/// One object per vocabulary, told apart by their keys (exactly one form):
///
/// - UIKit (`UIScrollView.DecelerationRate`): `decelerationRate` (a number, `"normal"` 0.998 or
///   `"fast"` 0.99), `initialVelocity`, `restSpeed` (1).
/// - Android/Compose (`exponentialDecay`, `FlingAnimation`): `frictionMultiplier` (1),
///   `initialVelocity`, `absVelocityThreshold` (0.1) or `minimumVisibleChange` (× 62.5).
/// - Flutter (`FrictionSimulation`): `drag`, `initialVelocity`, `restSpeed` (0.001).
/// - Motion (`inertia`): `"type": "inertia"`, `velocity`, `power` (0.8), `timeConstant`
///   (325 ms), `restDelta` (0.5), `bounceStiffness` (500), `bounceDamping` (10).
/// - Compose spline (`splineBasedDecay`, `OverScroller`): `density`, `friction` (0.015),
///   `initialVelocity`.
///
/// Every form also takes `min`, `max` (walls) and `bounce` (any `spring` object, default
/// Motion's stiffness 500, damping 10), and a rest rule in place of its default: `restSpeed`
/// (value units per second: rest when the speed falls to it) or `restDelta` (value units:
/// rest within it of the rest value, which is then taken). UIKit publishes no threshold; 1
/// unit per second is Harmonic's choice (at the normal rate the content is then half a unit
/// from its projection). A `timing` block plays the release as a timed animation, as for a
/// spring: the decay time is the iteration time.
package struct DecaySpec: SampledCurve {
    package let motion: DecayMotion
    /// The vocabulary the spec was written in (titles name it).
    package let form: Form
    package let timing: MediaTimingSpec?

    package enum Form: String {
        case uiKit = "UIKit", android = "Android/Compose", flutter = "Flutter", motion = "Motion inertia"
        case spline = "Compose spline"

        /// The keys that make up each form (besides the walls, the bounce and the rest rule).
        package var keys: Set<String> {
            switch self {
            case .uiKit: return ["decelerationRate", "initialVelocity"]
            case .android:
                return ["frictionMultiplier", "initialVelocity", "absVelocityThreshold", "minimumVisibleChange"]
            case .flutter: return ["drag", "initialVelocity"]
            case .motion: return ["type", "velocity", "power", "timeConstant", "bounceStiffness", "bounceDamping"]
            case .spline: return ["density", "friction", "initialVelocity"]
            }
        }

        package static let shared: Set<String> = ["min", "max", "bounce", "restSpeed", "restDelta"]
        package static let allKeys = [Form.uiKit, .android, .flutter, .motion, .spline].reduce(shared) {
            $0.union($1.keys)
        }

        package static func detect(_ reader: JSONObjectReader) throws(HarmonicError) -> Form {
            let keys = reader.keys
            let form: Form
            if keys.contains("type") || keys.contains("timeConstant") || keys.contains("power") {
                form = .motion
            } else if keys.contains("decelerationRate") {
                form = .uiKit
            } else if !keys.isDisjoint(with: ["frictionMultiplier", "absVelocityThreshold", "minimumVisibleChange"]) {
                form = .android
            } else if keys.contains("drag") {
                form = .flutter
            } else if keys.contains("density") {
                form = .spline
            } else {
                throw .invalidParameter(
                    name: reader.path, value: "{" + keys.sorted().joined(separator: ", ") + "}",
                    allowed: "one decay form: decelerationRate (UIKit), frictionMultiplier (Android/Compose), "
                        + "drag (Flutter), \"type\": \"inertia\" (Motion) or density (Compose spline)")
            }
            let foreign = keys.intersection(allKeys).subtracting(form.keys).subtracting(shared).sorted()
            if !foreign.isEmpty {
                throw .conflict(
                    parameters: foreign.map(reader.name),
                    reason: "\(foreign.count == 1 ? "is" : "are") not part of the \(form.rawValue) decay form "
                        + "(\(form.keys.union(shared).sorted().joined(separator: ", ")))")
            }
            return form
        }
    }

    package static func parse(_ value: JSONValue, _ top: inout JSONObjectReader) throws(HarmonicError) -> DecaySpec {
        let from = try top.number("from") ?? 0
        try HarmonicError.require(from, named: "from")
        for key in ["to", "by"] where top.contains(key) {
            throw .invalidParameter(
                name: key, value: "given", allowed: "absent: a decay has no target (it starts at from, default 0)")
        }
        let release = try DecayRelease.read(value, path: "decay", dimension: 1)
        let motion = try release.motion(component: 0, from: from)
        let rest = motion.restTime
        let timing = try MediaTimingSpec.read(&top, defaultDuration: rest > 0 ? rest : 1)
        return DecaySpec(motion: motion, form: release.form, timing: timing)
    }
}

extension DecaySpec {
    package var dimension: Int { 1 }

    /// `[0, restTime]`; with a timing, its active interval.
    package var defaultDomain: ClosedRange<Double> {
        if let timing { return timing.defaultDomain }
        return 0...(motion.restTime > 0 ? motion.restTime : 1)
    }

    package func sample(at time: Double) -> CurveSample {
        var tau = time, rate = 1.0
        if let timing {
            guard let curveTime = timing.timing.curveTime(atParentTime: time) else {
                return CurveSample(value: [motion.from], velocity: [0], angle: nil)
            }
            (tau, rate) = curveTime
        }
        let state = motion.state(at: tau)
        return CurveSample(
            value: [Endpoints.saturated(state.value)], velocity: [Endpoints.saturated(state.velocity * rate)],
            angle: nil)
    }

    /// On an evenly spaced grid without a timing block, the release's grid kernel
    /// (``DecayMotion/sample(on:values:velocities:)``: one multiply-add per sample).
    package func sample(_ times: TimeGrid, _ range: Range<Int>, velocity: Bool, into block: inout SampleBlock) {
        block.reset(count: range.count)
        guard timing == nil, case let .even(grid) = times else {
            for (r, i) in range.enumerated() { block.set(row: r, time: times[i], sample(at: times[i])) }
            return
        }
        let n = range.count
        let slice = grid.slice(range)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n) { scratch in
            let values = UnsafeMutableBufferPointer(rebasing: scratch[..<n])
            let rates = UnsafeMutableBufferPointer(rebasing: scratch[n...])
            motion.sample(on: slice, values: values, velocities: velocity ? rates : nil)
            for r in 0..<n {
                block.times[r] = grid.time(at: range.lowerBound + r)
                block.values[r] = Endpoints.saturated(values[r])
                if velocity { block.velocities[r] = Endpoints.saturated(rates[r]) }
            }
        }
    }
}
