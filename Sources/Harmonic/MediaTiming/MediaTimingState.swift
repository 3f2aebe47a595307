/// Where a ``MediaTiming`` is at one parent time: the Web Animations Level 1 timing
/// quantities, in order of computation.
///
/// Optional values are `nil` ("unresolved") when the object has no effect at that time:
/// outside its active interval without a fill in that direction.
public struct MediaTimingState: Hashable, Sendable {
    /// Before, inside or after the active interval.
    public var phase: MediaTimingPhase
    /// Core Animation's local time `(tp − beginTime)·speed + timeOffset`, unclamped (seconds).
    public var localTime: Double
    /// Seconds into the active interval, clamped by the fill: 0 before (backwards fill), the
    /// active duration after (forwards fill).
    public var activeTime: Double?
    /// Iterations completed, fractional, including the start offset `timeOffset/duration`.
    public var overallProgress: Double?
    /// Progress within the current iteration, in `[0, 1]`; 1 (not 0) when the active interval
    /// ends exactly on an iteration boundary.
    public var simpleIterationProgress: Double?
    /// The index of the current iteration (0-based), saturated at `Double.greatestFiniteMagnitude`.
    public var currentIteration: Double?
    /// Whether the current iteration plays forwards (false for the backward half of an
    /// autoreversing repeat).
    public var isForwards: Bool
    /// The progress with the direction applied: the input of the timing function.
    public var directedProgress: Double?
    /// The CSS before flag: set in the before phase of a forwards iteration and in the after
    /// phase of a backwards one (step functions use it).
    public var beforeFlag: Bool
    /// Seconds into the current iteration, directed (`directedProgress·duration`): the time
    /// this object's children see. For an endless object (`duration = +∞`, a layer) it is the
    /// local time, unclamped in every phase in which the object has an effect.
    public var iterationTime: Double?
    /// `d(directedProgress)/d(parent time)`: `±speed/duration` while active, 0 while filling.
    public var progressRate: Double

    /// Every quantity, as ``MediaTiming/state(atParentTime:)`` computes them.
    @inlinable
    init(
        phase: MediaTimingPhase, localTime: Double, activeTime: Double?, overallProgress: Double?,
        simpleIterationProgress: Double?, currentIteration: Double?, isForwards: Bool, directedProgress: Double?,
        beforeFlag: Bool, iterationTime: Double?, progressRate: Double
    ) {
        self.phase = phase
        self.localTime = localTime
        self.activeTime = activeTime
        self.overallProgress = overallProgress
        self.simpleIterationProgress = simpleIterationProgress
        self.currentIteration = currentIteration
        self.isForwards = isForwards
        self.directedProgress = directedProgress
        self.beforeFlag = beforeFlag
        self.iterationTime = iterationTime
        self.progressRate = progressRate
    }

    /// The timing function's output at this state (the "transformed progress"), with the before
    /// flag passed on; `nil` when the object has no effect. A `nil` function is linear (the
    /// directed progress itself).
    public func transformedProgress(_ function: (any TimingFunction)?) -> Double? {
        guard let function else { return directedProgress }
        return directedProgress.map { function.value(at: $0, beforeFlag: beforeFlag) }
    }

    /// `d(output)/d(parent time)` of the timing function at this state: its slope times
    /// ``progressRate``; 0 when the object has no effect or is filling.
    public func transformedProgressRate(_ function: (any TimingFunction)?) -> Double {
        guard let p = directedProgress, progressRate != 0 else { return 0 }
        guard let function else { return progressRate }
        return CubicBezier.saturate(function.slope(at: p) * progressRate)
    }
}
