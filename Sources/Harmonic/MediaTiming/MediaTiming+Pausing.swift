extension MediaTiming {
    /// This timing paused at parent time `tp`: `speed = 0` and `timeOffset` = the local time
    /// at `tp`, so that `(tp' − beginTime)·0 + timeOffset` stays at the paused local time for
    /// every later `tp'` (Apple's Core Animation Programming Guide, "Pausing and Resuming
    /// Animations").
    ///
    /// Like Core Animation, pause the object whose local time should freeze, normally the layer
    /// (``MediaTiming/layer``) that holds the animations: an endless timing freezes exactly.
    /// Pausing a finite animation directly also freezes it, at the wrapped position
    /// `timeOffset mod duration`, and its phase becomes *active*.
    public func paused(atParentTime tp: Double) -> MediaTiming {
        MediaTiming(
            unchecked: beginTime, duration, 0, localTime(atParentTime: tp), repeatCount, repeatDuration, autoreverses,
            fillMode)
    }

    /// This (paused) timing resumed at parent time `tp`: local time continues from the paused
    /// value `timeOffset` at rate `speed`:
    ///
    ///     speed' = speed, timeOffset' = 0, beginTime' = tp − timeOffset/speed
    ///
    /// With `speed = 1` this is Core Animation's recipe `beginTime = now − pausedTime`.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` for a zero or
    ///   non-finite `speed`, or when the new begin time is not finite.
    public func resumed(atParentTime tp: Double, speed: Double = 1) throws(HarmonicError) -> MediaTiming {
        try HarmonicError.require(speed, named: "speed", "≠ 0") { $0 != 0 }
        let begin = try HarmonicError.require(tp - timeOffset / speed, named: "beginTime")
        return MediaTiming(
            unchecked: begin, duration, speed, 0, repeatCount, repeatDuration, autoreverses, fillMode)
    }
}
