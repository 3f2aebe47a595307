/// Evenly spaced sample times `t_i = start + i·step` for `i = 0 ..< count`: the grid of a
/// frame clock, a plot or a CSV export.
///
/// Curves sampled on a grid are evaluated by exact recurrences instead of one closed-form
/// evaluation per sample (for a spring, the state advances by the transition matrix `Φ(step)`;
/// see `Spring/sample(on:from:to:initialVelocity:values:velocities:threads:)`). The grid's
/// times are the real numbers `start + i·step`; ``time(at:)`` gives them as `Double`s, which is
/// what a single-value evaluation would be handed and what an export prints:
///
/// - a grid made from a step: `start + i·step`, rounded;
/// - a grid made from a frame rate (``init(start:rate:count:)``): `start + i/rate`, rounded, as
///   a frame clock computes frame `i` (so 7 frames at 20 fps is exactly 0.35, not
///   `7 × fl(0.05)`);
/// - a grid made from its two ends (``init(start:end:count:)``): `start + i·step`, rounded, with
///   the last time exactly `end`.
///
/// These differ from the real grid times by at most a few units in the last place.
public struct SampleGrid: Hashable, Sendable {
    /// The first time, in seconds (any finite value; negative times are allowed).
    public let start: Double
    /// The spacing, in seconds, finite and > 0.
    public let step: Double
    /// The number of samples, ≥ 0.
    public let count: Int
    /// How ``time(at:)`` rounds the grid's times.
    @usableFromInline let spelling: Spelling

    /// The form the grid was given in, which decides how its times are rounded.
    @usableFromInline
    enum Spelling: Hashable, Sendable {
        /// `start + i·step`.
        case step
        /// `start + i/rate`.
        case rate(Double)
        /// `start + i·step`, the last one `end`.
        case through(end: Double)
    }

    /// Creates the grid `start + i·step`, `i = 0 ..< count`.
    ///
    /// - Parameters:
    ///   - start: The first time (s), finite.
    ///   - step: The spacing (s), finite and > 0.
    ///   - count: The number of samples, ≥ 0.
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` for a non-finite
    ///   start, a step that is not finite and positive, a negative count, or a last time
    ///   `start + (count − 1)·step` that is not finite.
    public init(start: Double, step: Double, count: Int) throws(HarmonicError) {
        try HarmonicError.require(start, named: "start")
        try HarmonicError.require(step, named: "step", "> 0") { $0 > 0 }
        guard count >= 0 else {
            throw .invalidParameter(name: "count", value: "\(count)", allowed: ">= 0")
        }
        guard (start + Double(max(count - 1, 0)) * step).isFinite else {
            throw .invalidParameter(
                name: "count", value: "\(count)", allowed: "small enough that start + (count - 1)·step is finite")
        }
        self.start = start
        self.step = step
        self.count = count
        self.spelling = .step
    }

    /// Creates the frame times of a clock at `rate` frames per second: `start + i/rate` for
    /// `i = 0 ..< count` (`step = 1/rate`).
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` for a non-finite
    ///   start, a rate that is not finite and positive (or so small its step overflows), a
    ///   negative count, or a last time that is not finite.
    public init(start: Double, rate: Double, count: Int) throws(HarmonicError) {
        try HarmonicError.require(rate, named: "rate", "> 0") { $0 > 0 && (1 / $0).isFinite }
        try self.init(start: start, step: 1 / rate, count: count)
        self = SampleGrid(unchecked: start, step, count, spelling: .rate(rate))
    }

    /// Creates the frames of a clock at `rate` frames per second from `start` through `end`:
    /// `start + i/rate` for `i = 0 … ⌊(end − start)·rate·(1 + 10⁻¹²)⌋`.
    ///
    /// The allowance of 10⁻¹² (relative) keeps a last frame that lands on `end` in decimal but
    /// falls a rounding short in binary: 0 … 1 s at 60 fps has 61 frames, 0 … 0.3 s at 10 fps
    /// has 4. With `end` equal to `start` the grid is the one frame at `start`.
    ///
    /// - Parameters:
    ///   - start: The first time (s), finite.
    ///   - end: The last time allowed (s), finite and ≥ `start`.
    ///   - rate: Frames per second, finite and > 0.
    ///   - maximumCount: The most frames the caller accepts (≥ 1); a longer grid throws
    ///     before any storage depends on it.
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` naming `start`,
    ///   `end`, or `rate` (a rate that makes more than `maximumCount` frames).
    /// - Complexity: O(1).
    public init(start: Double, end: Double, rate: Double, maximumCount: Int = 1 << 48) throws(HarmonicError) {
        try HarmonicError.require(start, named: "start")
        try HarmonicError.require(end, named: "end", ">= start") { $0 >= start }
        try HarmonicError.require(rate, named: "rate", "> 0") { $0 > 0 && (1 / $0).isFinite }
        // (end − start)·rate can overflow to +inf for a huge span; the comparison below then
        // refuses it, so the conversion to Int only ever sees a finite value < maximumCount.
        let intervals = ((end - start) * rate * (1 + 1e-12)).rounded(.down)
        guard intervals < Double(max(maximumCount, 1)) else {
            throw .invalidParameter(
                name: "rate", value: "\(rate)", allowed: "small enough for at most \(maximumCount) samples")
        }
        // Int: 0 ≤ intervals < maximumCount by the guard above (NaN fails it).
        try self.init(start: start, rate: rate, count: Int(intervals) + 1)
    }

    /// Creates `count` samples from `start` to `end` inclusive (`step = (end − start)/(count − 1)`,
    /// the last time exactly `end`).
    ///
    /// - Parameters:
    ///   - start: The first time (s), finite.
    ///   - end: The last time (s), finite and > `start` when `count ≥ 2`.
    ///   - count: The number of samples, ≥ 0; with 0 or 1 samples `end` is not used
    ///     (the step is then 1 s, which no sample sees).
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)``.
    public init(start: Double, end: Double, count: Int) throws(HarmonicError) {
        try HarmonicError.require(start, named: "start")
        try HarmonicError.require(end, named: "end")
        if count >= 2 {
            try HarmonicError.require(end, named: "end", "> start") { $0 > start }
            try self.init(start: start, step: (end - start) / Double(count - 1), count: count)
            self = SampleGrid(unchecked: start, step, count, spelling: .through(end: end))
        } else {
            try self.init(start: start, step: 1, count: count)
        }
    }

    /// Creates a grid from parts already known to be valid.
    @usableFromInline
    init(unchecked start: Double, _ step: Double, _ count: Int, spelling: Spelling = .step) {
        self.start = start
        self.step = step
        self.count = count
        self.spelling = spelling
    }

    /// The time of sample `index` as a `Double`, for any index (not only `0 ..< count`), in
    /// the rounding of the grid's spelling (see the type's discussion).
    @inlinable
    public func time(at index: Int) -> Double {
        switch spelling {
        case .step: return start + Double(index) * step
        case let .rate(rate): return start + Double(index) / rate
        case let .through(end): return index == count - 1 ? end : start + Double(index) * step
        }
    }

    /// Samples `range` of this grid as a grid of their own: its index 0 is this grid's
    /// `range.lowerBound`. Its times are the same real numbers; as `Double`s they start from
    /// ``time(at:)`` of the first and follow the step, so they may differ from this grid's in
    /// the last place.
    public func slice(_ range: Range<Int>) -> SampleGrid {
        SampleGrid(unchecked: time(at: range.lowerBound), step, range.count)
    }

    /// The grid's times as an array (allocates; the batch samplers never need it).
    public var times: [Double] { (0..<count).map(time(at:)) }
}
