/// Keyframes at times on a timeline, each segment eased on its own: the keyframe model of
/// After Effects and of the Lottie (Bodymovin) files exported from it.
///
/// Where ``KeyframeTrack`` is Core Animation's keyframe animation — one duration, key times as
/// fractions of it, one calculation mode for every segment — a timeline places each keyframe at
/// its own time (frames or seconds: the unit is the caller's) and gives each segment its own
/// rule:
///
/// - **Hold**: the segment's start value holds until the next keyframe's time, where the next
///   value takes over exactly (at `t = tᵢ₊₁` the value is already `vᵢ₊₁`).
/// - **Eased**: with `u = (t − tᵢ)/(tᵢ₊₁ − tᵢ)`, a cubic Bézier easing `E` (the segment's
///   out and in tangents, `cubic-bezier(o.x, o.y, i.x, i.y)`) gives the progress `p = E(u)`,
///   which may leave `[0, 1]` (overshoot). One easing for every component, or one per
///   component (After Effects' separated dimensions); a missing easing is linear.
///   Without spatial tangents the value is `vᵢ + p·(vᵢ₊₁ − vᵢ)`, component by component.
/// - **Spatial** (positions): with tangents `to` (out of `vᵢ`) and `ti` (into `vᵢ₊₁`), the
///   value moves along the cubic Bézier `vᵢ, vᵢ + to, vᵢ₊₁ + ti, vᵢ₊₁` and `p` is the
///   fraction of its **arc length** travelled (After Effects' rule: the easing shapes speed
///   along the path, not the curve parameter). The point is found by inverting the exact arc
///   length (``ArcLength``, Gauss–Legendre quadrature and Newton's method), so it is placed
///   to about 1e-12 of the segment's length. Progress outside `[0, 1]` is clamped to the
///   segment's ends (the value stays on the path); only the first easing applies.
///
/// Before the first keyframe the first value holds, after the last the last one. Keyframes
/// may share a time (a jump): from that time on the last of them holds — at the first
/// keyframe's time too.
///
/// Sources: Adobe, After Effects User Guide, "Keyframe interpolation" (temporal and spatial
/// interpolation, hold keyframes, roving); the Lottie format's keyframe objects (`t`, `s`,
/// `h`, `o`, `i`, `to`, `ti`), lottie.github.io/lottie-spec.
public struct KeyframeTimeline: Sendable {
    /// One keyframe and the rule of the segment that begins at it (ignored on the last).
    public struct Keyframe: Sendable, Hashable {
        /// The keyframe's time.
        public var time: Double
        /// The value at `time`.
        public var value: AnimatableVector
        /// Whether the value holds until the next keyframe.
        public var holds: Bool
        /// The easing of the segment to the next keyframe: empty for linear, one for every
        /// component, or one per component.
        public var easing: [CubicBezier]
        /// The spatial tangent out of this keyframe's value (`to`), relative to it; `nil` (or
        /// both tangents zero) for straight motion.
        public var outTangent: AnimatableVector?
        /// The spatial tangent into the next keyframe's value (`ti`), relative to it.
        public var inTangent: AnimatableVector?

        public init(
            time: Double, value: AnimatableVector, holds: Bool = false, easing: [CubicBezier] = [],
            outTangent: AnimatableVector? = nil, inTangent: AnimatableVector? = nil
        ) {
            self.time = time
            self.value = value
            self.holds = holds
            self.easing = easing
            self.outTangent = outTangent
            self.inTangent = inTangent
        }
    }

    /// The keyframes, in time order.
    public let keyframes: [Keyframe]
    /// The keyframes' times, for the segment search.
    let times: [Double]
    /// Per segment: the spatial Bézier and its arc length, where the segment has tangents.
    let paths: [SpatialSegment?]

    /// Upper bound on the keyframes of one timeline, so that a hostile file cannot make a
    /// timeline that takes unbounded memory.
    public static let maximumKeyframes = 100_000

    /// Builds a timeline.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` for no keyframes or
    ///   more than ``maximumKeyframes``, a time that is not finite or goes back, values of
    ///   different lengths or non-finite components, an easing count that is neither 0, 1
    ///   nor the value's length, or tangents whose length is not the value's. The `name`
    ///   is `keyframes[i].field`.
    public init(_ keyframes: [Keyframe]) throws(HarmonicError) {
        guard !keyframes.isEmpty, keyframes.count <= Self.maximumKeyframes else {
            throw .invalidParameter(
                name: "keyframes", value: "\(keyframes.count) keyframes",
                allowed: "1 to \(Self.maximumKeyframes) keyframes")
        }
        let dimension = keyframes[0].value.count
        for (i, k) in keyframes.enumerated() {
            let name = "keyframes[\(i)]"
            guard k.time.isFinite, i == 0 || k.time >= keyframes[i - 1].time else {
                throw .invalidParameter(
                    name: "\(name).time", value: "\(k.time)",
                    allowed: "a finite time, not before the previous keyframe's")
            }
            guard k.value.count == dimension, k.value.allSatisfy(\.isFinite) else {
                throw .invalidParameter(
                    name: "\(name).value", value: "\(k.value)",
                    allowed: "\(dimension) finite numbers, as the first keyframe's")
            }
            guard [0, 1, dimension].contains(k.easing.count) else {
                throw .invalidParameter(
                    name: "\(name).easing", value: "\(k.easing.count) curves",
                    allowed: "none, one, or one per component (\(dimension))")
            }
            for (field, tangent) in [("outTangent", k.outTangent), ("inTangent", k.inTangent)] {
                if let tangent, tangent.count != dimension || !tangent.allSatisfy(\.isFinite) {
                    throw .invalidParameter(
                        name: "\(name).\(field)", value: "\(tangent)", allowed: "\(dimension) finite numbers")
                }
            }
        }
        self.init(unchecked: keyframes)
    }

    /// Builds a timeline from keyframes already known to pass the public initialiser's checks
    /// (a timeline's own keyframes, reordered or cut).
    init(unchecked keyframes: [Keyframe]) {
        self.keyframes = keyframes
        self.times = keyframes.map(\.time)
        self.paths = zip(keyframes, keyframes.dropFirst()).map { SpatialSegment(from: $0, to: $1) }
    }

    /// Whether keyframes share the first keyframe's time and `time` is that time: the value
    /// there is then the last of them (a jump takes its new value at its instant, as anywhere).
    @inline(__always)
    func startsWithJump(at time: Double) -> Bool { times.count > 1 && times[1] == time && times[0] == time }

    /// The time of the first keyframe and of the last.
    public var timeRange: ClosedRange<Double> { keyframes[0].time...keyframes[keyframes.count - 1].time }

    /// Whether the value never changes (one keyframe).
    public var isStatic: Bool { keyframes.count == 1 }

    /// Whether a segment moves along a spatial Bézier (its components are found together).
    public var isSpatial: Bool { paths.contains { $0 != nil } }

    /// The value at `time` (NaN reads as the first keyframe's time).
    public func value(at time: Double) -> AnimatableVector {
        // Keyframes and segments are read in place, never bound to a `let`: a copy of one
        // would retain and release its every array on each call (values are read every frame).
        guard let (i, u) = segment(at: time) else { return keyframes[heldKeyframe(at: time)].value }
        if keyframes[i].holds { return keyframes[i].value }
        if let point = paths[i]?.point(atFraction: spatialProgress(i, u)) { return point }
        var value = keyframes[i].value
        for c in 0..<value.count {
            value[c] += progress(i, u, component: c) * (keyframes[i + 1].value[c] - keyframes[i].value[c])
        }
        return value
    }

    /// The segment `i` holding `time` (`tᵢ ≤ time < tᵢ₊₁`) and the fraction `u` of it elapsed, or
    /// `nil` before the first keyframe (or at it, unless keyframes jump there) and from the last
    /// on, where a value holds (``heldKeyframe(at:)``).
    @inline(__always)
    func segment(at time: Double) -> (Int, Double)? {
        guard time > times[0] || startsWithJump(at: time), time < times[times.count - 1] else { return nil }
        let i = times.lastIndex(notAbove: time, from: 0, through: times.count - 2)
        return (i, (time - times[i]) / (times[i + 1] - times[i]))
    }

    /// Outside every segment: the first keyframe before it (NaN included), the last after it.
    @inline(__always)
    func heldKeyframe(at time: Double) -> Int { time > times[0] || startsWithJump(at: time) ? times.count - 1 : 0 }

    /// The fraction of a spatial segment's arc length travelled a fraction `u` into segment
    /// `i`: the first easing's progress (spatial motion eases all components alike).
    @inline(__always)
    func spatialProgress(_ i: Int, _ u: Double) -> Double { keyframes[i].easing.first.map { $0.value(at: u) } ?? u }

    /// The eased progress of component `c` a fraction `u` into segment `i`.
    @inline(__always)
    func progress(_ i: Int, _ u: Double, component c: Int) -> Double {
        switch keyframes[i].easing.count {
        case 0: u
        case 1: keyframes[i].easing[0].value(at: u)
        default: keyframes[i].easing[c].value(at: u)
        }
    }
}

extension KeyframeTimeline {
    /// Component `c` of ``value(at:)`` (`0 ≤ c <` the values' length), computed without
    /// building the whole vector: what a renderer reading a scalar or the two coordinates of a
    /// point wants every frame. A spatial segment's point is still found whole.
    public func value(at time: Double, component c: Int) -> Double {
        guard let (i, u) = segment(at: time) else { return keyframes[heldKeyframe(at: time)].value[c] }
        if keyframes[i].holds { return keyframes[i].value[c] }
        if paths[i] != nil {
            let fraction = spatialProgress(i, u)
            if let p = paths[i]?.smallPoint(atFraction: fraction) { return p[c] }
            if let p = paths[i]?.point(atFraction: fraction) { return p[c] }
        }
        return keyframes[i].value[c] + progress(i, u, component: c)
            * (keyframes[i + 1].value[c] - keyframes[i].value[c])
    }

    /// The first two components of ``value(at:)`` as a point (a one-component value gives
    /// both), with the segment found and a shared easing solved once; `nil` for values of no
    /// components.
    public func point(at time: Double) -> SIMD2<Double>? {
        let n = keyframes[0].value.count
        guard n > 0 else { return nil }
        func pair(_ k: Int) -> SIMD2<Double> { SIMD2(keyframes[k].value[0], keyframes[k].value[n > 1 ? 1 : 0]) }
        guard let (i, u) = segment(at: time) else { return pair(heldKeyframe(at: time)) }
        if keyframes[i].holds { return pair(i) }
        if paths[i] != nil {
            let fraction = spatialProgress(i, u)
            if let p = paths[i]?.smallPoint(atFraction: fraction) { return SIMD2(p[0], p[n > 1 ? 1 : 0]) }
            if let v = paths[i]?.point(atFraction: fraction) { return SIMD2(v[0], v[n > 1 ? 1 : 0]) }
        }
        let a = pair(i), b = pair(i + 1)
        let p: SIMD2<Double>
        switch keyframes[i].easing.count {
        case 0: p = SIMD2(repeating: u)
        case 1: p = SIMD2(repeating: keyframes[i].easing[0].value(at: u))
        default: p = SIMD2(keyframes[i].easing[0].value(at: u), n > 1 ? keyframes[i].easing[1].value(at: u) : 0)
        }
        return a + p * (b - a)
    }
}

extension KeyframeTimeline {
    /// The direction of travel of the first two components at `time` — the derivative of
    /// ``point(at:)`` up to a positive factor — for turning a layer along its motion path
    /// (After Effects' auto-orient): along a spatial segment, the Bézier's tangent at the point
    /// (defined at cusps, and while the easing pauses); on a straight segment, each component's
    /// change times its easing's slope, or the chord itself where the slopes vanish. Before
    /// the first keyframe it is the first segment's start, after the last the last segment's
    /// end. `nil` for values of fewer than two components, a single keyframe, a hold, or a
    /// segment that does not move.
    public func direction(at time: Double) -> SIMD2<Double>? {
        guard keyframes.count > 1, keyframes[0].value.count >= 2 else { return nil }
        let i: Int, u: Double
        if !(time > keyframes[0].time) {
            (i, u) = (0, 0)
        } else if time >= keyframes[keyframes.count - 1].time {
            (i, u) = (keyframes.count - 2, 1)
        } else {
            i = times.lastIndex(notAbove: time, from: 0, through: times.count - 2)
            u = (time - keyframes[i].time) / (keyframes[i + 1].time - keyframes[i].time)
        }
        let start = keyframes[i], end = keyframes[i + 1]
        guard !start.holds else { return nil }
        func nonZero(_ v: SIMD2<Double>) -> SIMD2<Double>? { v.x == 0 && v.y == 0 ? nil : v }
        if let path = paths[i] {
            let easing = start.easing.first
            let t = path.tangent(atFraction: easing.map { $0.value(at: u) } ?? u)
            // Moving back along the path (an easing that overshoots and returns) faces back.
            return nonZero((easing.map { $0.slope(at: u) } ?? 1) < 0 ? -t : t)
        }
        let chord = SIMD2(end.value[0] - start.value[0], end.value[1] - start.value[1])
        let slopes: SIMD2<Double>
        switch start.easing.count {
        case 0: slopes = SIMD2(repeating: 1)
        case 1: slopes = SIMD2(repeating: start.easing[0].slope(at: u))
        default: slopes = SIMD2(start.easing[0].slope(at: u), start.easing[1].slope(at: u))
        }
        return nonZero(chord * slopes) ?? nonZero(chord)
    }
}

/// A keyframe segment with spatial tangents: its Bézier in as many dimensions as the value
/// has, and the arc length that places a fraction of the way along it.
///
/// A class, immutable: reading a point through it counts one reference, where a value would
/// count each of its Bézier's and arc length's arrays.
final class SpatialSegment: Sendable {
    let bezier: BezierSegment<AnimatableVector>
    let arcLength: ArcLength<SpeedPolynomial>
    /// The same Bézier in a SIMD vector when the value has at most four components (positions,
    /// colours): a point is then found without building vectors on the heap.
    let small: BezierSegment<SIMD4<Double>>?

    /// The segment from `start` to `end` if either tangent is non-zero.
    init?(from start: KeyframeTimeline.Keyframe, to end: KeyframeTimeline.Keyframe) {
        let zero = AnimatableVector(zeros: start.value.count)
        let out = start.outTangent ?? zero, into = start.inTangent ?? zero
        guard !start.holds, out.contains(where: { $0 != 0 }) || into.contains(where: { $0 != 0 }) else { return nil }
        bezier = .cubic(start.value, start.value + out, end.value + into, end.value)
        arcLength = ArcLength(segments: [bezier.speed], tableRippleTolerance: nil)
        if start.value.count <= 4 {
            func simd(_ v: AnimatableVector) -> SIMD4<Double> {
                var out = SIMD4<Double>()
                for c in 0..<v.count { out[c] = v[c] }
                return out
            }
            small = .cubic(
                simd(start.value), simd(start.value + out), simd(end.value + into), simd(end.value))
        } else {
            small = nil
        }
    }

    /// The first components of ``point(atFraction:)`` (zeros past the value's length) without
    /// building a vector, for values of at most four components; `nil` for longer ones.
    func smallPoint(atFraction f: Double) -> SIMD4<Double>? {
        guard let small else { return nil }
        let fraction = min(max(f.isNaN ? 0 : f, 0), 1)
        if fraction == 0 { return small.start }
        if fraction == 1 { return small.end }
        return small.point(at: arcLength.location(atLength: fraction * arcLength.length).parameter)
    }

    /// The Bézier's tangent (first two components) a fraction `f` of the arc length along.
    func tangent(atFraction f: Double) -> SIMD2<Double> {
        let fraction = min(max(f.isNaN ? 0 : f, 0), 1)
        let t =
            fraction == 0 ? 0 : fraction == 1 ? 1 : arcLength.location(atLength: fraction * arcLength.length).parameter
        let v = bezier.tangent(at: t)
        return SIMD2(v[0], v[1])
    }

    /// The point a fraction `f` of the arc length along (clamped to `[0, 1]`).
    func point(atFraction f: Double) -> AnimatableVector {
        let fraction = min(max(f.isNaN ? 0 : f, 0), 1)
        if fraction == 0 { return bezier.start }
        if fraction == 1 { return bezier.end }
        let location = arcLength.location(atLength: fraction * arcLength.length)
        return bezier.point(at: location.parameter)
    }
}
