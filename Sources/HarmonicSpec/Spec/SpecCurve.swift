import Harmonic

/// The curve kinds of the spec format: a closed set, so commands that treat one kind
/// specially (`settle` and `convert` take springs) switch over it instead of downcasting.
package enum SpecCurve {
    case spring(SpringSpec)
    /// `timingFunction`, `cubicBezier` and `css`.
    case timingFunction(TimingFunctionCurveSpec)
    case keyframes(KeyframesSpec)
    case path(PathSpec)
    case decay(DecaySpec)
    case rubberBand(RubberBandSpec)
    case springNetwork(SpringNetworkSpec)

    /// The curve as every command samples, plots and exports it.
    package var sampled: any SampledCurve {
        switch self {
        case let .spring(curve): return curve
        case let .timingFunction(curve): return curve
        case let .keyframes(curve): return curve
        case let .path(curve): return curve
        case let .decay(curve): return curve
        case let .rubberBand(curve): return curve
        case let .springNetwork(curve): return curve
        }
    }

    /// The spring, for the commands that take only springs.
    package var spring: SpringSpec? {
        if case let .spring(curve) = self { return curve }
        return nil
    }
}
