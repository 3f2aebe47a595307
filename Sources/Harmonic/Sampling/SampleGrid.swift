/// Evenly spaced sample times `t_i = start + i·step` for `i = 0 ..< count`: the grid of a
/// frame clock, a plot or a CSV export.
///
/// Curves sampled on a grid are evaluated by exact recurrences instead of one closed-form
/// evaluation per sample (for a spring, the state advances by the transition matrix `Φ(step)`;
/// see ``Spring/sample(on:from:to:initialVelocity:values:velocities:threads:)``). The grid's
/// times are the real numbers `start + i·step`; ``time(at:)`` gives their rounding to `Double`,
/// which is what a single-value evaluation would be handed.
public struct SampleGrid: Hashable, Sendable {
    /// The first time, in seconds (any finite value; negative times are allowed).
    public let start: Double
    /// The spacing, in seconds, finite and > 0.
    public let step: Double
    /// The number of samples, ≥ 0.
    public let count: Int

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
    }

    /// Creates `count` samples from `start` to `end` inclusive (`step = (end − start)/(count − 1)`).
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
        } else {
            try self.init(start: start, step: 1, count: count)
        }
    }

    /// Creates a grid from parts already known to be valid.
    @usableFromInline
    init(unchecked start: Double, _ step: Double, _ count: Int) {
        self.start = start
        self.step = step
        self.count = count
    }

    /// `start + i·step` rounded to `Double`, for any index (not only `0 ..< count`).
    @inlinable
    public func time(at index: Int) -> Double { start + Double(index) * step }

    /// The grid's times as an array (allocates; the batch samplers never need it).
    public var times: [Double] { (0..<count).map(time(at:)) }
}
