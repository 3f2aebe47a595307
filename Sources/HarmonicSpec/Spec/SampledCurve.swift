import Harmonic

/// Anything a spec describes: a function of one time-like variable with a value, a velocity
/// and possibly an angle. Each curve kind of the spec format provides one.
package protocol SampledCurve: Sendable {
    /// The number of value components.
    var dimension: Int { get }
    /// Whether samples carry an `angle` column.
    var hasAngle: Bool { get }
    /// The interval sampled when the user gives no times: a timing function's `[0, 1]`, a
    /// spring's `[0, settlingDuration]`, a keyframe track's `[0, 1]` or its timing's duration.
    var defaultDomain: ClosedRange<Double> { get }
    /// The sample at `time` (seconds, or progress for a bare timing function).
    func sample(at time: Double) -> CurveSample

    /// Fills `block` with the samples at `times[range]` (at most the block's capacity);
    /// `velocity` false allows skipping the velocity column. Curves with a grid kernel
    /// override this; the default evaluates ``sample(at:)`` per time.
    func sample(_ times: TimeGrid, _ range: Range<Int>, velocity: Bool, into block: inout SampleBlock)
}

extension SampledCurve {
    package var hasAngle: Bool { false }

    package func sample(_ times: TimeGrid, _ range: Range<Int>, velocity: Bool, into block: inout SampleBlock) {
        block.reset(count: range.count)
        for (r, i) in range.enumerated() {
            let t = times[i]
            block.set(row: r, time: t, sample(at: t))
        }
    }
}
