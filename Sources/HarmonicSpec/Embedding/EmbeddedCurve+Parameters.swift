import Harmonic
import HarmonicJSON

/// Curves from parameters rather than spec text: the common cases of each curve kind, built
/// from the same library types the spec parsers produce (so a curve from parameters and the
/// equivalent spec sample identically). Everything else a kind offers (timing blocks,
/// per-segment timing functions, decay walls) is reached through spec text.
extension EmbeddedCurve {
    /// The spring vocabularies, in the order of the C interface's `harmonic_spring_form`.
    package enum SpringForm: Int, CaseIterable, Sendable {
        case physics, durationBounce, response, uiKit, android, motionDuration, motionVisualDuration, reactSpring
    }

    /// A one-component spring from `from` to `to`; `p1`…`p3` mean what `form` says (see
    /// `harmonic_spring_form`); `initialVelocity` in progress units per second.
    package static func spring(
        form: SpringForm, _ p1: Double, _ p2: Double, _ p3: Double, from: Double, to: Double, initialVelocity: Double
    ) throws(HarmonicError) -> EmbeddedCurve {
        let spring: Spring
        switch form {
        case .physics: spring = try Spring(mass: p1, stiffness: p2, damping: p3)
        case .durationBounce: spring = try Spring(duration: p1, bounce: p2, mass: p3)
        case .response: spring = try Spring(response: p1, dampingRatio: p2, mass: p3)
        case .uiKit: spring = try Spring(uiKitDuration: p1, dampingRatio: p2, initialVelocity: initialVelocity)
        case .android: spring = try Spring(androidStiffness: p1, dampingRatio: p2)
        case .motionDuration: spring = try Spring(motionDuration: p1, bounce: p2)
        case .motionVisualDuration: spring = try Spring(motionVisualDuration: p1, bounce: p2)
        case .reactSpring: spring = try Spring(tension: p1, friction: p2, mass: p3)
        }
        try HarmonicError.require(initialVelocity, named: "initialVelocity")
        let endpoints = try scalarEndpoints(from: from, to: to)
        return EmbeddedCurve(
            .spring(SpringSpec(spring: spring, initialVelocity: initialVelocity, endpoints: endpoints, timing: nil)))
    }

    /// A timing function as a curve of progress from 0 to 1.
    package static func timingFunction(_ function: any TimingFunction) -> EmbeddedCurve {
        EmbeddedCurve(.timingFunction(TimingFunctionCurveSpec(function: function, endpoints: .unit, timing: nil)))
    }

    /// A CSS easing function (`ease-in`, `steps(4, end)`, `linear(0, 0.25 75%, 1)`, …).
    package static func cssEasing(_ text: String) throws(HarmonicError) -> EmbeddedCurve {
        timingFunction(try TimingFunctionSpec.css(text, name: "easing"))
    }

    /// Keyframes over progress `[0, 1]`: `values` (one array per keyframe, all of one length)
    /// at `keyTimes` (`nil`: evenly spaced).
    package static func keyframes(
        values: [[Double]], keyTimes: [Double]?, mode: CalculationMode
    ) throws(HarmonicError) -> EmbeddedCurve {
        guard let dimension = values.first?.count, dimension > 0 else {
            throw .invalidParameter(name: "values", value: "empty", allowed: "at least one keyframe of ≥ 1 component")
        }
        let track = try KeyframeTrack(
            values: values.map(AnimatableVector.init), keyTimes: keyTimes, calculationMode: mode)
        return EmbeddedCurve(.keyframes(KeyframesSpec(track: track, dimension: dimension, timing: nil)))
    }

    /// Motion along SVG path data over progress `[0, 1]`, with the tangent angle when `rotate`.
    package static func path(svgPathData d: String, mode: CalculationMode, rotate: Bool) throws(HarmonicError)
        -> EmbeddedCurve
    {
        let path = try JSONObjectReader.pathData(d, name: "path")
        let track = KeyframeTrack(path: path, calculationMode: mode, rotationMode: rotate ? .auto : nil)
        return EmbeddedCurve(.path(PathSpec(track: track, timing: nil)))
    }

    /// The exponential decay vocabularies, in the order of `harmonic_decay_form`.
    package enum DecayForm: Int, CaseIterable, Sendable {
        case uiKit, android, flutter, timeConstant
    }

    /// A decay from `from` with `velocity` (value units per second), resting by its form's
    /// default rule (the spec format's: UIKit below 1 unit/s, Compose 0.1, Flutter 0.001,
    /// Motion within 0.5 units).
    package static func decay(form: DecayForm, parameter: Double, from: Double, velocity: Double)
        throws(HarmonicError) -> EmbeddedCurve
    {
        try HarmonicError.require(from, named: "from")
        let decay: ExponentialDecay
        let rest: DecayRest
        let specForm: DecaySpec.Form
        switch form {
        case .uiKit:
            (decay, rest, specForm) = (try ExponentialDecay(decelerationRate: parameter), .uiKitDefault, .uiKit)
        case .android:
            (decay, rest, specForm) = (try ExponentialDecay(frictionMultiplier: parameter), .composeDefault, .android)
        case .flutter: (decay, rest, specForm) = (try ExponentialDecay(drag: parameter), .flutterDefault, .flutter)
        case .timeConstant:
            (decay, rest, specForm) = (try ExponentialDecay(timeConstant: parameter), .motionDefault, .motion)
        }
        let motion = try DecayMotion(curve: .exponential(decay), from: from, initialVelocity: velocity, rest: rest)
        return EmbeddedCurve(.decay(DecaySpec(motion: motion, form: specForm, timing: nil)))
    }

    private static func scalarEndpoints(from: Double, to: Double) throws(HarmonicError) -> Endpoints {
        try HarmonicError.require(from, named: "from")
        try HarmonicError.require(to, named: "to")
        guard (to - from).isFinite else {
            throw .conflict(parameters: ["from", "to"], reason: "to − from must be a finite double")
        }
        return Endpoints(from: [from], to: [to])
    }
}

extension Endpoints {
    /// Progress: from 0 to 1.
    package static let unit = Endpoints(from: [0], to: [1])
}
