/// The timing of an animation or layer: Core Animation's `CAMediaTiming` properties, evaluated
/// with the Web Animations Level 1 timing model underneath.
///
/// Core Animation maps a parent time `tp` to the object's local time by
///
///     t = (tp − beginTime)·speed + timeOffset
///
/// and repeats the `duration`-long simple animation `repeatCount` times (or for
/// `repeatDuration` seconds), playing each repeat forward then backward when `autoreverses`.
/// Harmonic models this in the Web Animations vocabulary, which defines every edge case:
///
/// | Core Animation | Web Animations |
/// |---|---|
/// | `duration` | iteration duration `d` |
/// | `repeatCount` (0 means 1) | iteration count `N`, doubled when `autoreverses` |
/// | `repeatDuration` | active duration directly (`N = repeatDuration/d`) |
/// | `autoreverses` | playback direction `alternate` |
/// | `(tp − beginTime)·speed` | local time (start delay 0); negative `speed` plays backwards |
/// | `timeOffset` | iteration start `timeOffset/d`: starts part-way and wraps, active interval unchanged |
/// | `fillMode` | fill mode (`removed` = `none`) |
///
/// The `timeOffset` row is what Core Animation does: an animation with `timeOffset` plays from
/// that point to the end and then from the start back to that point (frames C, D, E, A, B for
/// an offset at C), taking the same total time. It is also why pausing works: with `speed = 0`
/// the elapsed time is 0 and the progress is frozen at `timeOffset/d`.
///
/// Evaluate with ``state(atParentTime:)``; compose parents and children with
/// ``childTime(atParentTime:)`` and ``MediaTimingHierarchy``; pause and resume with
/// ``paused(atParentTime:)`` and ``resumed(atParentTime:speed:)``.
///
/// Sources: Apple, `CAMediaTiming` (header comments give the local-time formula); W3C Web
/// Animations Level 1, §4 "Timing model".
public struct MediaTiming: Hashable, Sendable {
    /// When the object starts, in its parent's time (seconds). Any finite value.
    public let beginTime: Double
    /// The length of one simple iteration, in local seconds: ≥ 0, and `+∞` for an object that
    /// never ends (a layer). 0 makes the active interval empty: the progress jumps to its end
    /// value at `beginTime` (Core Animation substitutes its transaction duration, 0.25 s, for a
    /// zero duration of an explicit animation; pass 0.25 to get that).
    public let duration: Double
    /// How fast local time runs relative to parent time; any finite value. 0 freezes the object
    /// (pausing), negative values play it backwards in parent time.
    public let speed: Double
    /// Seconds added to local time: where in its cycle the object starts (it wraps around).
    public let timeOffset: Double
    /// How many times the simple animation plays: 0 means once (Core Animation's convention),
    /// fractions play part of the last repeat, `+∞` repeats forever.
    public let repeatCount: Double
    /// For how many local seconds the animation repeats, instead of `repeatCount`; 0 means
    /// unused, `+∞` forever.
    public let repeatDuration: Double
    /// Whether each repeat plays forward and then backward (doubling its length).
    public let autoreverses: Bool
    /// What the object shows outside its active interval.
    public let fillMode: FillMode
    /// The Web Animations iteration count `N`: `repeatCount` (0 counted as 1), or
    /// `repeatDuration/duration` when `repeatDuration` is set, doubled by `autoreverses` (each
    /// direction is one iteration of length `duration`). Computed once, when the timing is
    /// made: a frame evaluates a state per animation.
    public let iterationCount: Double
    /// The length of the active interval in local seconds: `repeatDuration` if set, otherwise
    /// `duration·N`; 0 when `duration` is 0 (Web Animations: a zero iteration duration gives a
    /// zero active duration, never `0·∞`). Computed once, as ``iterationCount``.
    public let activeDuration: Double
    /// `timeOffset/duration` for a finite, positive duration, else 0: where in its cycle the
    /// first iteration starts, as a fraction. Computed once (a division every frame saved).
    @usableFromInline let iterationStart: Double
    /// `speed/duration` for a finite, positive duration, else 0: the progress rate of a
    /// forward iteration. Computed once, as ``iterationStart``.
    @usableFromInline let forwardProgressRate: Double

    /// Core Animation's default animation duration, 0.25 s: `CATransaction`'s
    /// `animationDuration` when none is set, and how long an animation whose duration is 0
    /// runs (Apple, `CATransaction.animationDuration()`, `CAMediaTiming.duration`).
    public static let defaultDuration = 0.25

    /// Creates a timing, validating every property.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` for a non-finite
    ///   `beginTime`, `speed` or `timeOffset`; a negative or NaN `duration`, `repeatCount` or
    ///   `repeatDuration` (`+∞` is allowed for these); ``HarmonicError/conflict(parameters:reason:)``
    ///   when both `repeatCount` and `repeatDuration` are non-zero (Core Animation leaves that
    ///   undefined).
    public init(
        beginTime: Double = 0, duration: Double, speed: Double = 1, timeOffset: Double = 0,
        repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed
    ) throws(HarmonicError) {
        try HarmonicError.require(beginTime, named: "beginTime")
        try Self.requireNonNegative(duration, named: "duration")
        try HarmonicError.require(speed, named: "speed")
        try HarmonicError.require(timeOffset, named: "timeOffset")
        try Self.requireNonNegative(repeatCount, named: "repeatCount")
        try Self.requireNonNegative(repeatDuration, named: "repeatDuration")
        if repeatCount != 0, repeatDuration != 0 {
            throw .conflict(parameters: ["repeatCount", "repeatDuration"], reason: "give at most one of them")
        }
        self.init(
            unchecked: beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode)
    }

    init(
        unchecked beginTime: Double, _ duration: Double, _ speed: Double, _ timeOffset: Double,
        _ repeatCount: Double, _ repeatDuration: Double, _ autoreverses: Bool, _ fillMode: FillMode
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
        let count: Double
        if repeatDuration > 0 {
            count = duration > 0 ? repeatDuration / duration : .infinity
        } else {
            count = (repeatCount == 0 ? 1 : repeatCount) * (autoreverses ? 2 : 1)
        }
        iterationCount = count
        activeDuration = duration == 0 ? 0 : repeatDuration > 0 ? repeatDuration : duration * count
        let finite = duration > 0 && duration != .infinity
        iterationStart = finite ? timeOffset / duration : 0
        forwardProgressRate = finite ? speed / duration : 0
    }

    private static func requireNonNegative(_ value: Double, named name: String) throws(HarmonicError) {
        guard value >= 0 else {  // false for NaN
            throw .invalidParameter(name: name, value: HarmonicError.text(value), allowed: "≥ 0 (+inf allowed)")
        }
    }

    /// A layer's timing: it never ends (`duration = +∞`), so its local time is
    /// `(tp − beginTime)·speed + timeOffset` at every parent time, which its children see.
    public static let layer = MediaTiming(unchecked: 0, .infinity, 1, 0, 0, 0, false, .both)

    /// A layer timing with the given speed, begin time and offset (for pausing and
    /// time-scaling a subtree).
    public static func layer(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) throws(HarmonicError)
        -> MediaTiming
    {
        try MediaTiming(
            beginTime: beginTime, duration: .infinity, speed: speed, timeOffset: timeOffset, fillMode: .both)
    }

    // MARK: Derived Web Animations quantities

    /// The active interval's length in parent seconds, `activeDuration/|speed|`
    /// (`+∞` when paused or endless).
    public var activeParentDuration: Double {
        speed == 0 ? .infinity : activeDuration / abs(speed)
    }
}
