import Harmonic
import HarmonicJSON

/// The `timingFunction`, `cubicBezier` and `css` curves of the spec format.
///
///     { "timingFunction": "easeInEaseOut" }          // or any form TimingFunctionSpec reads
///     { "cubicBezier": [0.25, 0.1, 0.25, 1.0] }
///     { "css": "steps(4, jump-start)" }
///
/// Without `timing`, the curve is sampled on its own input (progress, default domain `[0, 1]`)
/// and the velocity is `(to − from)·slope` per unit of input. With a `timing` block
/// (``MediaTimingSpec``) samples are taken at parent times in seconds and the timing model
/// decides the progress fed to the function (phases, repeats, autoreverse, fill, before flag).
/// The value is `from + (to − from)·output`, with `from`/`to`/`by` as in ``Endpoints``.
package struct TimingFunctionCurveSpec: SampledCurve {
    package let function: any TimingFunction
    package let endpoints: Endpoints
    package let timing: MediaTimingSpec?

    package static func parseTimingFunction(_ value: JSONValue, _ top: inout JSONObjectReader) throws(HarmonicError)
        -> TimingFunctionCurveSpec
    {
        try make(TimingFunctionSpec.parse(value, name: "timingFunction"), &top)
    }

    package static func parseCubicBezier(_ value: JSONValue, _ top: inout JSONObjectReader) throws(HarmonicError)
        -> TimingFunctionCurveSpec
    {
        try make(TimingFunctionSpec.cubicBezier(value, name: "cubicBezier"), &top)
    }

    package static func parseCSS(_ value: JSONValue, _ top: inout JSONObjectReader) throws(HarmonicError)
        -> TimingFunctionCurveSpec
    {
        guard case let .string(text) = value else {
            throw .invalidParameter(name: "css", value: value.summary, allowed: "a CSS easing function string")
        }
        return try make(TimingFunctionSpec.css(text, name: "css"), &top)
    }

    private static func make(_ function: any TimingFunction, _ top: inout JSONObjectReader) throws(HarmonicError)
        -> TimingFunctionCurveSpec
    {
        let timing = try MediaTimingSpec.read(&top)
        return TimingFunctionCurveSpec(function: function, endpoints: try Endpoints.read(&top), timing: timing)
    }

    package var dimension: Int { endpoints.dimension }

    package var defaultDomain: ClosedRange<Double> { timing?.defaultDomain ?? 0...1 }

    package func sample(at time: Double) -> CurveSample {
        guard let timing else {
            return CurveSample(
                value: endpoints.value(atProgress: function.value(at: time)),
                velocity: endpoints.velocity(forProgressRate: function.slope(at: time)), angle: nil)
        }
        let point = timing.progress(at: time, applying: function)
        return CurveSample(
            value: endpoints.value(atProgress: point.progress),
            velocity: endpoints.velocity(forProgressRate: point.rate), angle: nil)
    }
}

extension TimingFunctionCurveSpec {
    /// Without a timing block: the function resolved once (``ResolvedTimingFunction``, so a
    /// cubic Bézier is called directly rather than through the protocol) and evaluated per
    /// input; with one, per time through the media-timing model.
    package func sample(_ times: TimeGrid, _ range: Range<Int>, velocity: Bool, into block: inout SampleBlock) {
        block.reset(count: range.count)
        guard timing == nil else {
            for (r, i) in range.enumerated() { block.set(row: r, time: times[i], sample(at: times[i])) }
            return
        }
        let function = ResolvedTimingFunction(self.function)
        let d = dimension
        let from = endpoints.from.components, span = zip(endpoints.to.components, from).map(-)
        for (r, i) in range.enumerated() {
            let x = times[i]
            block.times[r] = x
            let p = function.value(at: x)
            for c in 0..<d { block.values[r * d + c] = Endpoints.saturated(from[c] + span[c] * p) }
            if velocity {
                let slope = function.slope(at: x)
                for c in 0..<d { block.velocities[r * d + c] = Endpoints.saturated(span[c] * slope) }
            }
        }
    }
}
