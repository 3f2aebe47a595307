/// Where a progress value falls on a track.
@usableFromInline
enum KeyframePosition: Sendable {
    /// A held keyframe value (discrete mode, a single keyframe, or outside `[0, 1]` when
    /// `outside` is set).
    case keyframe(Int, outside: Bool)
    /// Segment `index` at parameter `u`, with `du/dq` (per unit of the track's internal
    /// progress `q`; NaN when the caller only asked for the value).
    case segment(Int, parameter: Double, rate: Double)
    /// Segment `location.segment` at `location.parameter`, reached by arc length: the speed is
    /// `length` per unit of `q`.
    case paced(CurveLocation, length: Double)
}

extension KeyframeTrack {
    /// The value at progress `p`.
    @inlinable
    public func value(at p: Double) -> Value {
        value(at: position(atInternalProgress: internalValue(p), withRate: false))
    }

    /// `d value / d p`: the velocity per unit of progress (divide by the animation's duration
    /// for units per second). 0 where the value is held (discrete mode, outside `[0, 1]`).
    @inlinable
    public func velocity(at p: Double) -> Value {
        let (q, rate) = internalProgress(p)
        return velocity(at: position(atInternalProgress: q, withRate: true), rate: rate)
    }

    /// The value and the velocity at progress `p`, sharing the work.
    @inlinable
    public func sample(at p: Double) -> (value: Value, velocity: Value) {
        let (q, rate) = internalProgress(p)
        let position = position(atInternalProgress: q, withRate: true)
        return (value(at: position), velocity(at: position, rate: rate))
    }

    // MARK: Internals

    /// `q = timingFunction(p)` and `dq/dp`.
    @inlinable
    func internalProgress(_ p: Double) -> (q: Double, rate: Double) {
        let p = p.isNaN ? 0 : p
        return (overallTiming.value(at: p), overallTiming.slope(at: p))
    }

    /// `q = timingFunction(p)` alone (a Bézier's slope costs a second inversion).
    @inlinable
    func internalValue(_ p: Double) -> Double {
        overallTiming.value(at: p.isNaN ? 0 : p)
    }

    /// The segment or keyframe at internal progress `q`; `withRate: false` skips the
    /// segment timing function's slope (the rate is then NaN and only the value may be read).
    @inlinable
    func position(atInternalProgress q: Double, withRate: Bool) -> KeyframePosition {
        let n = values.count
        if q.isNaN { return .keyframe(0, outside: true) }
        if n == 1 { return .keyframe(0, outside: q < 0 || q > 1) }
        if q < 0 { return .keyframe(0, outside: true) }
        if q > 1 { return .keyframe(n - 1, outside: true) }
        switch calculationMode {
        case .discrete:
            // Largest i < n with keyTimes[i] <= q; q = 1 holds the last value.
            return .keyframe(keyTimes.lastIndex(notAbove: q, from: 0, through: n - 1), outside: false)
        case .paced, .cubicPaced:
            if let arcLength, arcLength.length > 0 {
                let location = arcLength.location(atLength: q * arcLength.length, method: pacingMethod)
                return .paced(location, length: arcLength.length)
            }
            return timedPosition(q, applyingTimingFunctions: false, withRate: withRate)
        case .linear, .cubic:
            return timedPosition(q, applyingTimingFunctions: true, withRate: withRate)
        }
    }

    /// The segment for `q` by key times, and its parameter through the segment's timing
    /// function.
    @inlinable
    func timedPosition(_ q: Double, applyingTimingFunctions: Bool, withRate: Bool) -> KeyframePosition {
        guard !segments.isEmpty else { return .keyframe(0, outside: false) }
        let i = keyTimes.lastIndex(notAbove: q, from: 0, through: segments.count - 1)
        let start = keyTimes[i], duration = keyTimes[i + 1] - start
        // A zero-duration segment is only reached at its key time, where it has finished.
        guard duration > 0 else { return .segment(i, parameter: 1, rate: 0) }
        let x = Swift.min(Swift.max((q - start) / duration, 0), 1)
        if applyingTimingFunctions, !segmentTimings[i].isIdentity {
            let u = segmentTimings[i].value(at: x)
            return .segment(i, parameter: u, rate: withRate ? segmentTimings[i].slope(at: x) / duration : .nan)
        }
        return .segment(i, parameter: x, rate: 1 / duration)
    }

    @inlinable
    func value(at position: KeyframePosition) -> Value {
        switch position {
        case let .keyframe(i, _):
            return values[i]
        case let .segment(i, u, _):
            return segments[i].point(at: u)
        case let .paced(location, _):
            return segments[location.segment].point(at: location.parameter)
        }
    }

    @inlinable
    func velocity(at position: KeyframePosition, rate: Double) -> Value {
        let zero = values[0].scaled(by: 0)
        switch position {
        case .keyframe:
            return zero
        case let .segment(i, u, r):
            let factor = r * rate
            return factor == 0 ? zero : segments[i].derivative(at: u).scaled(by: factor)
        case let .paced(location, length):
            // Constant speed `length` along the direction of travel.
            let direction = segments[location.segment].tangent(at: location.parameter)
            let norm = direction.magnitude
            return norm > 0 && rate != 0 ? direction.scaled(by: length * rate / norm) : zero
        }
    }
}
