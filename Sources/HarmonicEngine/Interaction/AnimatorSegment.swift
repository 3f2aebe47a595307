import Harmonic

/// The motion of an animator's progress between two events (start, pause, reverse, continue).
enum AnimatorSegment {
    /// Frozen.
    case paused(progress: Double, fraction: Double)
    /// `p = from + (to − from)·f((t − start)/length)`, fraction likewise (linear in time).
    case curve(
        start: Double, length: Double, from: Double, to: Double, function: any TimingFunction, fractionFrom: Double,
        fractionTo: Double)
    /// A spring on progress, done at `end`.
    case spring(SpringMotion<Double>, end: Double)
    /// A fling: progress decays with walls at 0 and 1; when it comes to rest between them,
    /// `settle` (a spring) carries it to the nearer end. Done at `end`.
    case fling(DecayMotion, settle: SpringMotion<Double>?, end: Double)
    /// Not started yet: begins as `next` at `start` (a start delay), progress held before.
    indirect case delayed(start: Double, next: AnimatorSegment)

    /// The same segment moved later by `delay` seconds.
    func shifted(by delay: Double) -> AnimatorSegment {
        switch self {
        case let .curve(start, length, from, to, function, f0, f1):
            return .curve(
                start: start + delay, length: length, from: from, to: to, function: function, fractionFrom: f0,
                fractionTo: f1)
        case let .spring(m, end):
            guard
                let moved = try? SpringMotion(
                    spring: m.spring, from: m.from, to: m.to, initialVelocity: m.initialVelocity,
                    beginTime: m.beginTime + delay)
            else { return self }
            return .spring(moved, end: end + delay)
        default:
            return self
        }
    }

    /// When the segment reaches its target (`+∞` if never).
    var endTime: Double {
        switch self {
        case .paused: return .infinity
        case let .curve(start, length, _, _, _, _, _): return start + length
        case let .spring(_, end): return end
        case let .fling(_, _, end): return end
        case let .delayed(_, next): return next.endTime
        }
    }

    /// The target progress.
    var target: Double? {
        switch self {
        case .paused: return nil
        case let .curve(_, _, _, to, _, _, _): return to
        case let .spring(motion, _): return motion.to
        case let .fling(motion, settle, _): return settle?.to ?? motion.restValue
        case let .delayed(_, next): return next.target
        }
    }

    func sample(at t: Double) -> DriverSample {
        switch self {
        case let .paused(p, _):
            return DriverSample(progress: p, rate: 0)
        case let .curve(start, length, from, to, function, _, _):
            guard length > 0 else { return DriverSample(progress: t >= start ? to : from, rate: 0) }
            let x = (t - start) / length
            if x <= 0 { return DriverSample(progress: from, rate: 0) }
            if x >= 1 { return DriverSample(progress: to, rate: 0) }
            return DriverSample(
                progress: from + (to - from) * function.value(at: x), rate: (to - from) * function.slope(at: x) / length
            )
        case let .spring(motion, end):
            if t >= end { return DriverSample(progress: motion.to, rate: 0) }
            let s = motion.state(at: t)
            return DriverSample(progress: s.value, rate: s.velocity)
        case let .fling(motion, settle, end):
            if t >= end { return DriverSample(progress: target ?? motion.restValue, rate: 0) }
            let s = settle.map { t >= $0.beginTime ? $0.state(at: t) : motion.state(at: t) } ?? motion.state(at: t)
            return DriverSample(progress: s.value, rate: s.velocity)
        case let .delayed(start, next):
            if t < start { return DriverSample(progress: next.startProgress, rate: 0) }
            return next.sample(at: t)
        }
    }

    /// The progress at the segment's start.
    var startProgress: Double {
        switch self {
        case let .paused(p, _): return p
        case let .curve(_, _, from, _, _, _, _): return from
        case let .spring(motion, _): return motion.from
        case let .fling(motion, _, _): return motion.from
        case let .delayed(_, next): return next.startProgress
        }
    }

    func fraction(at t: Double) -> Double {
        switch self {
        case let .paused(_, f):
            return f
        case let .curve(start, length, _, _, _, f0, f1):
            guard length > 0 else { return t >= start ? f1 : f0 }
            let x = Swift.min(Swift.max((t - start) / length, 0), 1)
            return f0 + (f1 - f0) * x
        case .spring, .fling:
            return sample(at: t).progress
        case let .delayed(start, next):
            return t < start ? next.fraction(at: start) : next.fraction(at: t)
        }
    }
}
