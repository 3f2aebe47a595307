/// The emitter's parameters over time: piecewise linear between knots, held before the first
/// and after the last — a constant emitter is one knot.
///
/// Keyframes with linear pacing are exactly such a timeline; any other animation is sampled
/// onto one (the engine samples an animated emitter every ``engineStep`` seconds). The birth
/// schedule integrates the piecewise-linear birth rate exactly (``ParticleBirths``); every
/// other value is read at each particle's birth.
public struct EmitterTimeline: Sendable, Hashable {
    /// The knots' times (seconds, increasing).
    public let times: [Double]
    /// The parameters at each knot.
    public let values: [EmitterParameters]

    /// A constant emitter.
    public init(_ parameters: EmitterParameters = EmitterParameters()) {
        times = [0]
        values = [parameters]
    }

    /// The emitter through `(times[k], values[k])`.
    ///
    /// - Throws: ``HarmonicError`` naming `times` (empty, or another count than `values`),
    ///   `times[k]` (not finite or not increasing) or the value at fault
    ///   (`values[k].birthRate` below 0, any value not finite).
    public init(times: [Double], values: [EmitterParameters]) throws(HarmonicError) {
        guard !times.isEmpty, times.count == values.count else {
            throw .invalidParameter(
                name: "times", value: "\(times.count) knots",
                allowed: "at least one, as many as values (\(values.count))")
        }
        for (k, t) in times.enumerated() {
            try HarmonicError.require(t, named: "times[\(k)]", k == 0 ? "" : "> times[\(k - 1)]") {
                k == 0 || $0 > times[k - 1]
            }
        }
        for (k, value) in values.enumerated() {
            for (name, x) in zip(EmitterParameters.componentNames, value.components) {
                try HarmonicError.require(x, named: "values[\(k)].\(name)")
            }
            try HarmonicError.require(value.birthRate, named: "values[\(k)].birthRate", ">= 0") { $0 >= 0 }
        }
        self.times = times
        self.values = values
    }

    /// The step at which the engine samples an emitter whose values are animated (seconds):
    /// 1/240 s, four samples per 60 Hz frame.
    public static let engineStep = 1.0 / 240

    /// Whether the timeline is one knot.
    public var isConstant: Bool { times.count == 1 }

    /// The parameters at `t`: linear between knots, held outside them.
    public func parameters(at t: Double) -> EmitterParameters {
        guard times.count > 1, t > times[0] else { return values[0] }
        let k = times.lastIndex(notAbove: t, from: 0, through: times.count - 1)
        guard k + 1 < times.count else { return values[values.count - 1] }
        let f = (t - times[k]) / (times[k + 1] - times[k])
        let a = values[k], b = values[k + 1]
        func mix(_ x: Double, _ y: Double) -> Double { x + f * (y - x) }
        return EmitterParameters(
            position: a.position + f * (b.position - a.position), size: a.size + f * (b.size - a.size),
            birthRate: mix(a.birthRate, b.birthRate), lifetime: mix(a.lifetime, b.lifetime),
            velocity: mix(a.velocity, b.velocity), scale: mix(a.scale, b.scale), spin: mix(a.spin, b.spin))
    }

    /// The largest of `value` over the timeline (at a knot: the timeline is piecewise linear).
    func maximum(_ value: (EmitterParameters) -> Double) -> Double {
        values.map(value).max() ?? 0
    }
}
