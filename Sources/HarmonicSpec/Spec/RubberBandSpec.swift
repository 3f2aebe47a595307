import Harmonic
import HarmonicJSON

/// The `rubberBand` curve of the spec format: the resistance past a scroll view's edge as a
/// function of its own input, the drag past the edge (value units), like a timing function of
/// progress.
///
///     { "rubberBand": { "dimension": 400, "coefficient": 0.55 } }
///
/// The value is the banded offset `b(x)` (``RubberBand/offset(forDrag:)``) and the velocity
/// its slope `b'(x)` per unit of drag. Sampled by default over drags `[0, 2·dimension]`.
package struct RubberBandSpec: SampledCurve {
    package let band: RubberBand

    package static func parse(_ value: JSONValue, _ top: inout JSONObjectReader) throws(HarmonicError) -> RubberBandSpec
    {
        var reader = try JSONObjectReader(value, path: "rubberBand")
        let band: RubberBand
        do throws(HarmonicError) {
            guard let dimension = try reader.number("dimension") else {
                throw HarmonicError.invalidParameter(name: "dimension", value: "missing", allowed: "a number > 0")
            }
            band = try RubberBand(dimension: dimension, coefficient: reader.number("coefficient") ?? 0.55)
        } catch {
            throw error.prefixingParameter(with: "rubberBand")
        }
        try reader.finish()
        for key in ["from", "to", "by", "timing"] where top.contains(key) {
            throw .invalidParameter(
                name: key, value: "given", allowed: "absent: a rubber band is a function of the drag past the edge")
        }
        return RubberBandSpec(band: band)
    }

    package var dimension: Int { 1 }
    package var defaultDomain: ClosedRange<Double> { 0...(2 * band.dimension) }

    package func sample(at drag: Double) -> CurveSample {
        CurveSample(value: [band.offset(forDrag: drag)], velocity: [band.slope(atDrag: drag)], angle: nil)
    }
}
