/// A keyframe animation's value as a function of progress: Core Animation's
/// `CAKeyframeAnimation` without the clock (`values`, `keyTimes`, `timingFunctions`, the
/// animation's own `timingFunction`, `calculationMode`, `tensionValues`, `continuityValues`,
/// `biasValues`, and `path` with `rotationMode`).
///
/// A track is built once from its description
/// (`init(values:keyTimes:calculationMode:…)` or
/// ``init(path:keyTimes:calculationMode:timingFunctions:timingFunction:rotationMode:pacingMethod:)``)
/// and then evaluated at any progress `p` (the animation's fraction of its duration, as the
/// media-timing model produces it) for its value, ``velocity(at:)`` (the derivative with
/// respect to `p`; divide by the duration for units per second) and, for planar tracks, the
/// rotation angle.
///
/// Evaluation at progress `p` (Apple, `CAKeyframeAnimation`):
///
/// 1. The track's own ``timingFunction`` maps `p` to `q` (identity when `nil`). Harmonic
///    applies it in every mode, paced ones included.
/// 2. `q` is clamped to `[0, 1]`: before the start the first value holds, after the end the
///    last, and the velocity there is 0.
/// 3. By ``calculationMode``: `discrete` holds `values[i]` on `[keyTimes[i], keyTimes[i+1])`;
///    `linear` and `cubic` find the segment `i` with `keyTimes[i] ≤ q < keyTimes[i+1]`, map
///    the local fraction through `timingFunctions[i]` (identity when missing) and evaluate the
///    segment at that parameter; `paced` and `cubicPaced` place `q` at arc length `q·L` along
///    the whole geometry and evaluate there, so the speed is exactly `L` per unit of `q`.
///
/// Key times follow Apple's rules (``keyTimes``): invalid or mismatched ones are ignored in
/// favour of even spacing, which is not an error.
///
/// Evaluation is total: every finite `p` gives a finite value (NaN progress reads as 0).
/// Cost per evaluation: a binary search over the key times plus one segment evaluation; in
/// paced modes, an arc-length inversion (``ArcLengthMethod``). A track is one reference to
/// immutable storage: copies are cheap and share everything.
public struct KeyframeTrack<Value: VectorArithmetic>: Sendable {
    /// Everything the track holds, behind one immutable reference, so that copying a track
    /// (reading it from an array, capturing it in a closure) costs one retain rather than one
    /// per array it holds.
    @usableFromInline let storage: Storage

    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let values: [Value]
        @usableFromInline let calculationMode: CalculationMode
        @usableFromInline let keyTimes: [Double]
        @usableFromInline let usesGivenKeyTimes: Bool
        @usableFromInline let timingFunctions: [any TimingFunction]
        @usableFromInline let timingFunction: (any TimingFunction)?
        @usableFromInline let tensionValues: [Double]
        @usableFromInline let continuityValues: [Double]
        @usableFromInline let biasValues: [Double]
        @usableFromInline let cubicOptions: CubicKeyframeOptions
        @usableFromInline let pacingMethod: ArcLengthMethod
        @usableFromInline let rotationMode: RotationMode?
        @usableFromInline let segments: [CurveSegment<Value>]
        @usableFromInline let arcLength: ArcLength<SegmentSpeed>?
        @usableFromInline let isPath: Bool
        @usableFromInline let overallTiming: ResolvedTimingFunction
        @usableFromInline let segmentTimings: [ResolvedTimingFunction]

        init(
            values: [Value],
            calculationMode: CalculationMode,
            keyTimes: [Double],
            usesGivenKeyTimes: Bool,
            timingFunctions: [any TimingFunction],
            timingFunction: (any TimingFunction)?,
            tensionValues: [Double],
            continuityValues: [Double],
            biasValues: [Double],
            cubicOptions: CubicKeyframeOptions,
            pacingMethod: ArcLengthMethod,
            rotationMode: RotationMode?,
            segments: [CurveSegment<Value>],
            arcLength: ArcLength<SegmentSpeed>?,
            isPath: Bool,
            overallTiming: ResolvedTimingFunction,
            segmentTimings: [ResolvedTimingFunction]
        ) {
            self.values = values
            self.calculationMode = calculationMode
            self.keyTimes = keyTimes
            self.usesGivenKeyTimes = usesGivenKeyTimes
            self.timingFunctions = timingFunctions
            self.timingFunction = timingFunction
            self.tensionValues = tensionValues
            self.continuityValues = continuityValues
            self.biasValues = biasValues
            self.cubicOptions = cubicOptions
            self.pacingMethod = pacingMethod
            self.rotationMode = rotationMode
            self.segments = segments
            self.arcLength = arcLength
            self.isPath = isPath
            self.overallTiming = overallTiming
            self.segmentTimings = segmentTimings
        }
    }

    /// The keyframe values (for a path track, the path's keyframe points).
    @inlinable public var values: [Value] { storage.values }

    /// The calculation mode.
    @inlinable public var calculationMode: CalculationMode { storage.calculationMode }

    /// The key times in effect, as fractions of the duration in `[0, 1]`:
    ///
    /// - `linear` and `cubic`: the given `keyTimes` if there is one per value, the first is 0,
    ///   the last is 1 and they never decrease; otherwise `i/(n − 1)`.
    /// - `discrete`: the given `keyTimes` if there is one more than values (each value holds
    ///   from its key time to the next), first 0, last 1, never decreasing; otherwise `i/n`
    ///   (`n + 1` entries).
    /// - `paced` and `cubicPaced`: generated, `keyTimes[i]` = the arc length up to keyframe `i`
    ///   over the total length (even spacing when the total length is 0).
    @inlinable public var keyTimes: [Double] { storage.keyTimes }

    /// Whether the `keyTimes` passed to the initialiser were used (`false` when they were
    /// absent, invalid for the mode, or ignored by a paced mode).
    @inlinable public var usesGivenKeyTimes: Bool { storage.usesGivenKeyTimes }

    /// The per-segment timing functions as given; segment `i` uses entry `i`, segments beyond
    /// the array use linear timing and extra entries are ignored. Ignored in `discrete`,
    /// `paced` and `cubicPaced` modes.
    @inlinable public var timingFunctions: [any TimingFunction] { storage.timingFunctions }

    /// The track's own timing function, applied to the progress before everything else.
    @inlinable public var timingFunction: (any TimingFunction)? { storage.timingFunction }

    /// Tension, continuity and bias per keyframe (`cubic`, `cubicPaced`), padded with zeros to
    /// one per value (Apple: a missing value counts as 0); extra entries are dropped.
    @inlinable public var tensionValues: [Double] { storage.tensionValues }
    @inlinable public var continuityValues: [Double] { storage.continuityValues }
    @inlinable public var biasValues: [Double] { storage.biasValues }

    /// The cubic-spline choices Apple leaves open.
    @inlinable public var cubicOptions: CubicKeyframeOptions { storage.cubicOptions }

    /// How paced modes invert arc length: ``ArcLengthMethod/exact`` (default) or the table.
    @inlinable public var pacingMethod: ArcLengthMethod { storage.pacingMethod }

    /// The rotation mode of a path track (`nil`: no rotation; see ``angle(at:)``).
    @inlinable public var rotationMode: RotationMode? { storage.rotationMode }

    /// The geometry: segment `i` runs from keyframe `i` to keyframe `i + 1` (for a path, from
    /// the start of segment `i`, which follows a move-to jump when there is one).
    @inlinable public var segments: [CurveSegment<Value>] { storage.segments }

    /// The arc length of ``segments`` (paced modes only).
    @inlinable public var arcLength: ArcLength<SegmentSpeed>? { storage.arcLength }

    /// Whether the geometry came from a ``Path``.
    @inlinable public var isPath: Bool { storage.isPath }

    /// ``timingFunction`` and ``timingFunctions`` resolved for evaluation (one per segment,
    /// identity where none is given), so that a frame calls Béziers directly instead of
    /// through the existential.
    @inlinable var overallTiming: ResolvedTimingFunction { storage.overallTiming }
    @inlinable var segmentTimings: [ResolvedTimingFunction] { storage.segmentTimings }

    /// Builds a track from keyframe values.
    ///
    /// - Parameters:
    ///   - values: The keyframes, at least one; every value must have a finite
    ///     `magnitudeSquared` (finite components of moderate size).
    ///   - keyTimes: Optional key times (see ``keyTimes`` for the rules; invalid ones are
    ///     ignored, not an error).
    ///   - calculationMode: Default ``CalculationMode/linear``, as in Core Animation.
    ///   - timingFunctions: Per-segment timing functions (see ``timingFunctions``).
    ///   - timingFunction: The track's own timing function.
    ///   - tensionValues: Per-keyframe tension, finite (nominally in `[−1, 1]`; other values
    ///     extrapolate the formulas).
    ///   - continuityValues: Per-keyframe continuity, likewise.
    ///   - biasValues: Per-keyframe bias, likewise.
    ///   - cubicOptions: Parameterisation, end tangents, tangent scaling, continuity sign.
    ///   - pacingMethod: Arc-length inversion in paced modes.
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` for an empty `values`,
    ///   a non-finite value, or a non-finite TCB entry.
    /// - Complexity: O(n) for linear and cubic; paced modes also measure the geometry
    ///   (``ArcLength``), tens of microseconds per cubic segment.
    public init(
        values: [Value], keyTimes: [Double]? = nil, calculationMode: CalculationMode = .linear,
        timingFunctions: [any TimingFunction] = [], timingFunction: (any TimingFunction)? = nil,
        tensionValues: [Double] = [], continuityValues: [Double] = [], biasValues: [Double] = [],
        cubicOptions: CubicKeyframeOptions = CubicKeyframeOptions(), pacingMethod: ArcLengthMethod = .exact
    ) throws(HarmonicError) {
        guard !values.isEmpty else {
            throw .invalidParameter(name: "values", value: "[]", allowed: "at least one keyframe value")
        }
        for (i, v) in values.enumerated() where !v.magnitudeSquared.isFinite {
            throw .invalidParameter(
                name: "values[\(i)]", value: "\(v)", allowed: "finite (with a finite squared magnitude)")
        }
        let n = values.count
        func padded(_ array: [Double], _ name: String) throws(HarmonicError) -> [Double] {
            for (i, x) in array.enumerated() { try HarmonicError.require(x, named: "\(name)[\(i)]") }
            return (0..<n).map { $0 < array.count ? array[$0] : 0 }
        }
        let tension = try padded(tensionValues, "tensionValues")
        let continuity = try padded(continuityValues, "continuityValues")
        let bias = try padded(biasValues, "biasValues")

        let resolved = Self.resolveKeyTimes(keyTimes, count: n, mode: calculationMode)
        let segments: [CurveSegment<Value>]
        switch calculationMode {
        case .linear, .paced, .discrete:
            segments = (0..<(n - 1)).map { .line(values[$0], values[$0 + 1]) }
        case .cubic, .cubicPaced:
            var durations: [Double]? = nil
            if calculationMode == .cubic, cubicOptions.tangentScaling == .keyTimes {
                durations = (0..<(n - 1)).map { resolved.times[$0 + 1] - resolved.times[$0] }
            }
            segments = KochanekBartels.segments(
                values: values, durations: durations, tension: tension, continuity: continuity, bias: bias,
                options: cubicOptions
            ).map(CurveSegment.bezier)
            // Extreme tension, continuity or bias can push a tangent past the double range; the
            // curve would then be ∞ − ∞ even at its own keyframes. Segment i's first control
            // point comes from keyframe i's outgoing tangent, its second from keyframe i + 1's.
            for (i, segment) in segments.enumerated() {
                guard case let .bezier(.cubic(_, c1, c2, _)) = segment else { continue }
                for (k, c) in [(i, c1), (i + 1, c2)] where !c.magnitudeSquared.isFinite {
                    throw .invalidParameter(
                        name: "tensionValues[\(k)], continuityValues[\(k)], biasValues[\(k)]",
                        value: "(\(tension[k]), \(continuity[k]), \(bias[k]))",
                        allowed: "small enough that keyframe \(k)'s tangents stay finite (|1 − t|·|1 ± c|·|1 ± b| "
                            + "times the keyframe spacing within the range of values)")
                }
            }
        }
        self.init(
            values: values, segments: segments, isPath: false, calculationMode: calculationMode, resolved: resolved,
            timingFunctions: timingFunctions, timingFunction: timingFunction, tension: tension,
            continuity: continuity, bias: bias, cubicOptions: cubicOptions, pacingMethod: pacingMethod,
            rotationMode: nil)
    }

    /// The memberwise initialiser behind the public ones; builds the arc length in paced modes
    /// and generates their key times.
    init(
        values: [Value], segments: [CurveSegment<Value>], isPath: Bool, calculationMode: CalculationMode,
        resolved: (times: [Double], given: Bool), timingFunctions: [any TimingFunction],
        timingFunction: (any TimingFunction)?, tension: [Double], continuity: [Double], bias: [Double],
        cubicOptions: CubicKeyframeOptions, pacingMethod: ArcLengthMethod, rotationMode: RotationMode?,
        arcLength prebuilt: ArcLength<SegmentSpeed>? = nil
    ) {
        let arcLength: ArcLength<SegmentSpeed>?
        let keyTimes: [Double]
        if calculationMode.isPaced, !segments.isEmpty {
            let arc = prebuilt ?? ArcLength(segments: segments.map(\.speed))
            arcLength = arc
            keyTimes = arc.length > 0 ? arc.cumulativeLengths.map { $0 / arc.length } : resolved.times
        } else {
            arcLength = nil
            keyTimes = resolved.times
        }
        storage = Storage(
            values: values, calculationMode: calculationMode, keyTimes: keyTimes, usesGivenKeyTimes: resolved.given,
            timingFunctions: timingFunctions, timingFunction: timingFunction, tensionValues: tension,
            continuityValues: continuity, biasValues: bias, cubicOptions: cubicOptions, pacingMethod: pacingMethod,
            rotationMode: rotationMode, segments: segments, arcLength: arcLength, isPath: isPath,
            overallTiming: ResolvedTimingFunction(timingFunction),
            segmentTimings: (0..<segments.count).map {
                $0 < timingFunctions.count ? ResolvedTimingFunction(timingFunctions[$0]) : .identity
            })
    }
}
