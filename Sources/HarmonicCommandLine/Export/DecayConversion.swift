import Harmonic
import HarmonicSpec

extension DecaySpec: EasingExportable {
    /// The release as progress from `from` (0) to its rest value (1) over `[0, restTime]`; a
    /// bounce past the wall is progress above 1. With a `timing` block, the release as that
    /// timing plays it.
    func easingExport(tolerance: Double) throws(HarmonicError) -> EasingExport {
        let motion = self.motion
        let span = motion.restValue - motion.from
        guard span != 0, motion.restTime > 0 else {
            throw .invalidParameter(
                name: "decay", value: "a release that does not move", allowed: "a release that moves for --to css")
        }
        let progress = { (t: Double) in (motion.value(at: t) - motion.from) / span }
        if let timing {
            let media = timing.timing
            return try timing.easingExport(tolerance: tolerance) { t in
                media.curveTime(atParentTime: t).map { progress($0.time) }
            }
        }
        return EasingExport(
            duration: motion.restTime, lower: 0, upper: motion.restTime, startValue: 0, endValue: 1, progress: progress)
    }
}

extension RubberBandSpec: EasingExportable {
    func easingExport(tolerance: Double) throws(HarmonicError) -> EasingExport {
        throw .invalidParameter(
            name: "SPEC", value: "a rubberBand",
            allowed: "a curve of time or progress for --to css (a rubber band is a function of the drag)")
    }
}

/// A decay spec in another ecosystem's vocabulary: the `decay` object `harmonic convert --to
/// uikit|android|flutter|motion` prints, which reads back as the same curve.
///
/// The exponential vocabularies are one family (``ExponentialDecay``), so the decay constant
/// and the rest offset carry over exactly; Motion states the release by `power·velocity`, so
/// `velocity` is printed as `restOffset/power` with the default power 0.8. Rest rules convert
/// by the same rest time: a speed `s` is the distance `s/k` still to go (Motion then takes its
/// rest value, where the others hold theirs: the final values differ by that distance).
/// Android's fling spline is a different curve and converts only to `css`.
enum DecayConversion {
    static func object(for spec: DecaySpec, to target: ConversionTarget) throws(HarmonicError) -> JSONObjectText {
        let motion = spec.motion
        guard case let .exponential(decay) = motion.curve else {
            throw .invalidParameter(
                name: "SPEC", value: "a Compose spline decay",
                allowed:
                    "an exponential decay for --to \(target.rawValue) (Android's fling spline is another curve; "
                    + "convert it --to css)"
            )
        }
        let k = decay.decayConstant
        var out = JSONObjectText()
        switch target {
        case .uikit:
            out.add("decelerationRate", decay.decelerationRate)
            out.add("initialVelocity", motion.initialVelocity)
            addRest(motion.rest, asSpeed: true, k: k, to: &out)
        case .android:
            out.add("frictionMultiplier", decay.frictionMultiplier)
            out.add("initialVelocity", motion.initialVelocity)
            addRest(motion.rest, asSpeed: true, k: k, to: &out, speedKey: "absVelocityThreshold")
        case .flutter:
            out.add("drag", decay.drag)
            out.add("initialVelocity", motion.initialVelocity)
            addRest(motion.rest, asSpeed: true, k: k, to: &out)
        case .motion:
            out.add("type", "inertia")
            out.add("velocity", motion.restOffset / DecayMotion.motionDefaultPower)
            out.add("power", DecayMotion.motionDefaultPower)
            out.add("timeConstant", decay.timeConstant)
            addRest(motion.rest, asSpeed: false, k: k, to: &out)
        case .physics, .swiftui, .reactSpring, .css:
            throw .invalidParameter(
                name: "--to", value: target.rawValue, allowed: "uikit, android, flutter, motion or css for a decay")
        }
        if let bounds = motion.bounds {
            if let lower = bounds.lower { out.add("min", lower) }
            if let upper = bounds.upper { out.add("max", upper) }
            let spring = bounds.bounce
            if target == .motion, spring.mass == 1 {
                out.add("bounceStiffness", spring.stiffness)
                out.add("bounceDamping", spring.damping)
            } else {
                var object = JSONObjectText()
                object.add("mass", spring.mass)
                object.add("stiffness", spring.stiffness)
                object.add("damping", spring.damping)
                out.add("bounce", object)
            }
        }
        var spec = JSONObjectText()
        spec.add("decay", out)
        if motion.from != 0 { spec.add("from", motion.from) }
        return spec
    }

    /// The rest rule as `restSpeed` (speed forms) or `restDelta` (Motion), converted by equal
    /// rest times (``/Harmonic/DecayRest/speedThreshold(decayConstant:)``).
    private static func addRest(
        _ rest: DecayRest, asSpeed: Bool, k: Double, to out: inout JSONObjectText, speedKey: String = "restSpeed"
    ) {
        if asSpeed {
            out.add(speedKey, rest.speedThreshold(decayConstant: k))
        } else {
            out.add("restDelta", rest.distanceThreshold(decayConstant: k))
        }
    }
}

extension SpringNetworkSpec: EasingExportable {
    func easingExport(tolerance: Double) throws(HarmonicError) -> EasingExport {
        throw .invalidParameter(
            name: "SPEC", value: "a springNetwork",
            allowed: "a curve with one value for --to css (a network moves many nodes; sample it instead)")
    }
}
