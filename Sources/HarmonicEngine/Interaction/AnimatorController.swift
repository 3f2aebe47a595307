import Harmonic

/// The engine's interactive animators (`UIViewPropertyAnimator`): their states, how each one's
/// progress moves from event to event, and the progress each applies at the current time.
///
/// It owns the progress side of an animator — the segments that start, pause, scrub, reverse,
/// continue and fling it, and when it arrives — and knows nothing of layers: the engine
/// attaches and removes the animations an animator drives and commits their model values.
/// ``samples`` is what driven animations read in the frame loop (by animator index); every
/// change of a segment refreshes it.
struct AnimatorController {
    private(set) var states: [AnimatorState] = []
    /// Progress and rate of every animator at the engine's current time.
    private(set) var samples: [DriverSample] = []
    /// The animator whose `addAnimations` block is being recorded, if any.
    var recording: Int?

    var count: Int { states.count }
    var indices: Range<Int> { states.indices }

    subscript(i: Int) -> AnimatorState {
        get { states[i] }
        set { states[i] = newValue }
    }

    /// Adds an inactive animator; returns its index.
    mutating func append(_ state: AnimatorState) -> Int {
        states.append(state)
        samples.append(DriverSample(progress: 0, rate: 0))
        return states.count - 1
    }

    /// Recomputes every animator's progress at root time `t`.
    mutating func refreshSamples(at t: Double) {
        for i in states.indices { samples[i] = states[i].sample(at: t) }
    }

    /// Every animator's progress at root time `t` (a new array; for evaluations off the clock).
    func samples(at t: Double) -> [DriverSample] { states.map { $0.sample(at: t) } }

    /// The index of `id`, validated.
    func index(_ id: AnimatorID) throws(HarmonicError) -> Int {
        guard id.index >= 0, id.index < states.count else {
            throw .invalidParameter(name: "animator", value: "\(id.index)", allowed: "an animator of this engine")
        }
        return id.index
    }

    /// Refuses a stopped animator: it must be finished first.
    func requireNotStopped(_ i: Int) throws(HarmonicError) {
        guard states[i].state != .stopped else {
            throw .invalidParameter(
                name: "animator \(i)", value: "stopped", allowed: "active or inactive (finish it first)")
        }
    }

    /// Makes animator `i` active, paused at progress 0, forward.
    mutating func activate(_ i: Int, at time: Double) {
        states[i].state = .active
        states[i].isReversed = false
        states[i].segment = .paused(progress: 0, fraction: 0)
        refreshSamples(at: time)
    }

    /// Makes animator `i` inactive with no changes, paused at 0 (after it finished).
    mutating func reset(_ i: Int, at time: Double) {
        states[i].state = .inactive
        states[i].changes = []
        states[i].isReversed = false
        states[i].segment = .paused(progress: 0, fraction: 0)
        refreshSamples(at: time)
    }

    /// Freezes animator `i` at its progress and fraction at `time`.
    mutating func freeze(_ i: Int, at time: Double) {
        let now = states[i].sample(at: time)
        states[i].segment = .paused(progress: now.progress, fraction: states[i].fraction(at: time))
        refreshSamples(at: time)
    }

    /// Scrubs animator `i` (paused) to `fraction`: progress and fraction both (UIKit's
    /// `scrubsLinearly`).
    mutating func scrub(_ i: Int, to fraction: Double, at time: Double) {
        states[i].segment = .paused(progress: fraction, fraction: fraction)
        refreshSamples(at: time)
    }

    /// Starts a new segment of animator `i` at `time`, from its current progress toward its
    /// target (1, or 0 when reversed).
    ///
    /// A curve runs over the remaining fraction of the duration, or `durationFactor × duration`
    /// when that is > 0; a spring starts with the current progress velocity when
    /// `carryVelocity` (position and velocity stay continuous), otherwise with the timing's
    /// own initial velocity.
    mutating func continueSegment(
        _ i: Int, at time: Double, timing: AnimatorTiming, durationFactor: Double, carryVelocity: Bool
    ) {
        let a = states[i]
        let now = a.sample(at: time)
        let p0 = now.progress
        let f0 = a.fraction(at: time)
        let target = a.isReversed ? 0.0 : 1.0
        switch timing {
        case let .curve(function):
            let remaining = durationFactor > 0 ? durationFactor * a.duration : abs(target - f0) * a.duration
            states[i].segment = .curve(
                start: time, length: remaining, from: p0, to: target, function: function, fractionFrom: f0,
                fractionTo: target)
        case let .spring(spring, v):
            let velocity = carryVelocity ? now.rate : v * (target - p0)
            guard
                let motion = try? SpringMotion(
                    spring: spring, from: p0, to: target, initialVelocity: velocity, beginTime: time)
            else {
                states[i].segment = .paused(progress: target, fraction: target)
                refreshSamples(at: time)
                return
            }
            let settle = motion.settlingTime(epsilon: 0.001)
            states[i].segment = .spring(motion, end: time + (settle.isFinite ? settle : .infinity))
        }
        refreshSamples(at: time)
    }

    /// Holds animator `i`'s segment for `delay` seconds from `time` (a start delay).
    mutating func delay(_ i: Int, by delay: Double, at time: Double) {
        states[i].segment = .delayed(start: time + delay, next: states[i].segment.shifted(by: delay))
        refreshSamples(at: time)
    }

    /// Flings animator `i` at `time`: progress coasts from where it is with `velocity`
    /// (progress per second), decaying by `curve`, with walls at 0 and 1 where `bounce` takes
    /// over; a fling that rests between the walls (within 0.001 of its projection) is carried
    /// by `bounce` to the nearer end.
    mutating func fling(
        _ i: Int, at time: Double, velocity: Double, curve: DecayCurve, bounce: Spring
    ) throws(HarmonicError) {
        let p0 = states[i].sample(at: time).progress
        let motion = try DecayMotion(
            curve: curve, from: p0, initialVelocity: velocity, rest: .distance(0.001),
            bounds: try DecayBounds(lower: 0, upper: 1, bounce: bounce), beginTime: time)
        var settle: SpringMotion<Double>? = nil
        var end = time + motion.restTime
        if motion.handoff == nil {
            let nearer: Double = motion.restValue >= 0.5 ? 1 : 0
            let spring = try SpringMotion(spring: bounce, from: motion.restValue, to: nearer, beginTime: end)
            let settling = spring.settlingTime(epsilon: 0.001)
            settle = spring
            end += settling.isFinite ? settling : 0
        }
        states[i].segment = .fling(motion, settle: settle, end: end)
        refreshSamples(at: time)
    }

    /// Where and when animator `i`'s running segment arrived, if it has by `time`: its target
    /// progress (0 or 1) and the time it got there. The animator is left paused there.
    mutating func arrival(of i: Int, by time: Double) -> (target: Double, time: Double)? {
        guard states[i].state == .active, states[i].isRunning else { return nil }
        let end = states[i].segment.endTime
        guard end <= time, let target = states[i].segment.target else { return nil }
        states[i].segment = .paused(progress: target, fraction: target)
        return (target, end)
    }
}
