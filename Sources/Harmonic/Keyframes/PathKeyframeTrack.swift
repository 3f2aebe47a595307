/// Keyframes of paths: a `CAKeyframeAnimation` of a `CAShapeLayer`'s `path`, morphing through
/// each keyframe in turn.
///
/// Between two keyframes the path morphs element by element (``Path/morphed(to:fraction:)``,
/// through ``PathCoordinates``); the timing follows the key times and per-segment timing
/// functions exactly as for numbers (``KeyframeSegments``). All keyframes must have the same
/// element structure, as Core Animation requires of the paths it interpolates.
///
/// Modes: ``CalculationMode/linear`` and ``CalculationMode/discrete``; the paced and cubic modes
/// need a distance between paths or a spline through them, which no source defines.
public struct PathKeyframeTrack: Sendable {
    /// The keyframes' coordinates.
    public let values: [PathCoordinates]
    /// The timing: which segment, how far along.
    public let segments: KeyframeSegments

    /// Builds a track from paths.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` for no keyframes, a
    ///   keyframe whose structure differs from the first's (naming both), or a calculation mode
    ///   other than linear and discrete.
    public init(
        paths: [Path], keyTimes: [Double]? = nil, calculationMode: CalculationMode = .linear,
        timingFunctions: [any TimingFunction] = [], timingFunction: (any TimingFunction)? = nil
    ) throws(HarmonicError) {
        try self.init(
            coordinates: paths.map(PathCoordinates.init), keyTimes: keyTimes, calculationMode: calculationMode,
            timingFunctions: timingFunctions, timingFunction: timingFunction)
    }

    /// Builds a track from path coordinates; see
    /// ``init(paths:keyTimes:calculationMode:timingFunctions:timingFunction:)``.
    public init(
        coordinates: [PathCoordinates], keyTimes: [Double]? = nil, calculationMode: CalculationMode = .linear,
        timingFunctions: [any TimingFunction] = [], timingFunction: (any TimingFunction)? = nil
    ) throws(HarmonicError) {
        if let first = coordinates.first {
            for (i, c) in coordinates.enumerated() where c.structure != first.structure {
                throw .invalidParameter(
                    name: "values[\(i)]", value: "a path \"\(c.structure)\"",
                    allowed: "the structure of values[0], \"\(first.structure)\" (paths morph element by element)")
            }
        }
        segments = try KeyframeSegments(
            count: coordinates.count, keyTimes: keyTimes, calculationMode: calculationMode,
            timingFunctions: timingFunctions, timingFunction: timingFunction, of: "paths")
        values = coordinates
    }

    /// The path at progress `p`.
    ///
    /// - Throws: What ``PathCoordinates/path()`` throws (only when extrapolating far past the
    ///   ends takes a point beyond ``Path/maximumCoordinateMagnitude``).
    public func value(at p: Double) throws(HarmonicError) -> Path {
        let count = values[0].numbers.count
        var out = [Double](repeating: 0, count: count)
        out.withUnsafeMutableBufferPointer { o in
            if let base = o.baseAddress { apply(at: p, rate: 0, into: base, rateInto: nil) }
        }
        return try PathCoordinates(unchecked: out).path()
    }

    /// Writes the coordinates at progress `p` into `out`, and with `rateOut` their rates for a
    /// progress changing at `rate` (per second, say).
    package func apply(
        at p: Double, rate: Double, into out: UnsafeMutablePointer<Double>,
        rateInto rateOut: UnsafeMutablePointer<Double>?
    ) {
        let at = segments.location(at: p)
        let count = values[0].numbers.count
        if at.rate == 0, let k = at.keyframe {
            values[k].numbers.withUnsafeBufferPointer { v in
                for i in 0..<count { out[i] = v[i] }
            }
            if let rateOut { for i in 0..<count { rateOut[i] = 0 } }
            return
        }
        values[at.segment].numbers.withUnsafeBufferPointer { a in
            values[at.segment + 1].numbers.withUnsafeBufferPointer { b in
                guard let a = a.baseAddress, let b = b.baseAddress else { return }
                PathCoordinates.interpolate(
                    a, b, count: count, fraction: at.fraction, rate: at.rate * rate, into: out, rateInto: rateOut)
            }
        }
    }
}
