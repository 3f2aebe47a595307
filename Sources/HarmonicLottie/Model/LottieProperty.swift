import Harmonic
import HarmonicJSON

/// One animatable property of a Lottie file (`{"a": 0|1, "k": …}`): a static value or
/// keyframes, evaluated by the library's ``KeyframeTimeline`` (per-segment cubic easing, per
/// component when the file gives arrays, holds, and spatial tangents moved by arc length).
///
/// Values are vectors of numbers: a scalar is one component, a position two or three, a colour
/// four, a Bézier shape its flattened vertices (see ``LottieBezier``). Both keyframe forms are
/// read: each keyframe's start value `s` with the next keyframe's time, and the older form
/// whose keyframes carry `s` and `e` and whose last keyframe may hold only its time.
///
/// Source: the Lottie format, "Animated properties" and "Keyframe"
/// (lottie.github.io/lottie-spec).
///
/// A class: read once, then shared by every frame's evaluation, which copies the model it walks
/// (a reference is one count to keep, where a value would be its keyframe arrays' every one).
final class LottieProperty: Sendable {
    let timeline: KeyframeTimeline
    /// The JSON path of the property, for reports.
    let path: String

    /// The value at `frame` (in the owning layer's time).
    func value(at frame: Double) -> AnimatableVector { timeline.value(at: frame) }

    /// The first component at `frame` (0 for an empty value).
    func scalar(at frame: Double) -> Double { dimension > 0 ? timeline.value(at: frame, component: 0) : 0 }

    /// The first two components at `frame` as a point (a one-component value used for both),
    /// `nil` for an empty value.
    func point(at frame: Double) -> SIMD2<Double>? { timeline.point(at: frame) }

    /// The number of components.
    let dimension: Int

    var isAnimated: Bool { !timeline.isStatic }

    /// Whether a percentage stays within `[0, 100]` at every time, overshoots included
    /// (``/Harmonic/KeyframeTimeline/valueRange(component:)``).
    var staysWithinPercent: Bool {
        (0..<dimension).allSatisfy { c in
            let range = timeline.valueRange(component: c)
            return range.lowerBound >= 0 && range.upperBound <= 100
        }
    }

    /// Whether the value stays between two keyframes' values on the way from one to the next:
    /// no keyframe's easing overshoots — its control points' outputs `y1`, `y2` lie in `[0, 1]`,
    /// so the cubic's output progress does too (it lies in their convex hull with 0 and 1).
    var neverOvershoots: Bool {
        timeline.keyframes.allSatisfy { k in k.easing.allSatisfy { (0...1).contains($0.y1) && (0...1).contains($0.y2) }
        }
    }

    /// `other` held at its value at `frame`, all but the components in `moving`, which keep
    /// their keyframes: with none moving, a static property with the same JSON path.
    init(holding other: LottieProperty, at frame: Double, except moving: Set<Int> = []) {
        path = other.path
        dimension = other.dimension
        let still = other.value(at: frame)
        // The values of a checked timeline are finite, so the keyframes are accepted.
        if moving.isEmpty {
            timeline = (try? KeyframeTimeline([.init(time: frame, value: still)])) ?? other.timeline
        } else {
            let keys = other.timeline.keyframes.map { k in
                var k = k
                k.value = AnimatableVector(
                    k.value.components.indices.map { moving.contains($0) ? k.value[$0] : still[$0] })
                return k
            }
            timeline = (try? KeyframeTimeline(keys)) ?? other.timeline
        }
    }

    /// Reads a property object.
    ///
    /// - Parameters:
    ///   - decode: Turns one value of the file (`s`, `e` or a static `k`) into the vector the
    ///     property animates (numbers by default; shapes and gradients flatten theirs).
    init(
        _ json: JSONValue, path: String, context: LottieReadContext,
        decode: (JSONValue, String) throws(HarmonicError) -> AnimatableVector = LottieProperty.numbers
    ) throws(HarmonicError) {
        self.path = path
        guard case let .object(members) = json else {
            throw .invalidParameter(name: path, value: json.summary, allowed: "an animated property object")
        }
        if members["x"] != nil { context.unsupported("\(path).x", "expression") }
        guard let k = members["k"] else {
            throw .invalidParameter(name: "\(path).k", value: "missing", allowed: "the property's value or keyframes")
        }
        // Animated when `a` says so, or (files that omit `a`) when `k` is a list of keyframe objects.
        var animated = false
        if case let .number(a) = members["a"] { animated = a != 0 }
        if case let .array(items) = k, case .object = items.first { animated = true }
        guard animated, case let .array(items) = k else {
            timeline = try Self.timeline([.init(time: 0, value: decode(k, "\(path).k"))], path: path)
            dimension = timeline.keyframes[0].value.count
            return
        }
        guard !items.isEmpty else {
            throw .invalidParameter(name: "\(path).k", value: "[]", allowed: "at least one keyframe")
        }
        guard items.count <= KeyframeTimeline.maximumKeyframes else {
            throw .invalidParameter(
                name: "\(path).k", value: "\(items.count) keyframes",
                allowed: "at most \(KeyframeTimeline.maximumKeyframes)")
        }
        var keyframes: [KeyframeTimeline.Keyframe] = []
        keyframes.reserveCapacity(items.count)
        var previousEnd: AnimatableVector? = nil
        for (i, item) in items.enumerated() {
            let name = "\(path).k[\(i)]"
            let keyframe = try context.recovering("the keyframe is left out", fallback: nil) {
                () throws(HarmonicError) -> KeyframeTimeline.Keyframe? in
                try Self.keyframe(item, path: name, previousEnd: &previousEnd, context: context, decode: decode)
            }
            guard let keyframe else { continue }
            // Read leniently, a keyframe that would break the timeline's order or shape is left
            // out rather than the property: what the timeline cannot hold, no player can play.
            if let first = keyframes.first {
                let problem: HarmonicError? =
                    keyframe.time < keyframes[keyframes.count - 1].time
                    ? .invalidParameter(
                        name: "\(name).t", value: "\(keyframe.time)",
                        allowed: "a frame not before the previous keyframe's")
                    : keyframe.value.count != first.value.count
                        ? .invalidParameter(
                            name: "\(name).s", value: "\(keyframe.value.count) numbers",
                            allowed: "\(first.value.count), as the first keyframe's")
                        : nil
                if let problem {
                    try context.warn(problem, "the keyframe is left out")
                    continue
                }
            }
            keyframes.append(keyframe)
        }
        guard !keyframes.isEmpty else {
            throw .invalidParameter(name: "\(path).k", value: k.summary, allowed: "at least one readable keyframe")
        }
        // Older files: a segment's end is the keyframe's own `e`, which the next keyframe's `s`
        // repeats; where the next keyframe has no `s`, its value came from that `e` above.
        timeline = try Self.timeline(keyframes, path: path)
        dimension = timeline.keyframes[0].value.count
    }

    /// Reads leniently: a property that cannot be read is absent — the item draws its default
    /// for it — with a warning; `nil` when `json` is.
    static func optional(_ json: JSONValue?, path: String, context: LottieReadContext) throws(HarmonicError)
        -> LottieProperty?
    {
        guard let json else { return nil }
        return try context.recovering("read as absent (its default)", fallback: nil) {
            () throws(HarmonicError) -> LottieProperty? in try LottieProperty(json, path: path, context: context)
        }
    }

    /// One keyframe object: time `t`, value `s` (or the previous keyframe's end `e`), hold `h`,
    /// easing `o`/`i` and spatial tangents `to`/`ti`.
    ///
    /// Read leniently, easing that cannot be read (`o` without `x`) makes the segment linear and
    /// tangents that cannot be read (`"to": null`) make it straight, each with a warning:
    /// the keyframe's time and value still play.
    private static func keyframe(
        _ item: JSONValue, path name: String, previousEnd: inout AnimatableVector?, context: LottieReadContext,
        decode: (JSONValue, String) throws(HarmonicError) -> AnimatableVector
    ) throws(HarmonicError) -> KeyframeTimeline.Keyframe {
        guard case let .object(key) = item else {
            throw .invalidParameter(name: name, value: item.summary, allowed: "a keyframe object")
        }
        guard case let .number(t) = key["t"], t.isFinite else {
            throw .invalidParameter(name: "\(name).t", value: key["t"]?.summary ?? "missing", allowed: "a frame number")
        }
        // The older form's last keyframe carries only its time: its value is the previous end.
        let value: AnimatableVector
        if let s = key["s"] {
            value = try decode(s, "\(name).s")
        } else if let previousEnd {
            value = previousEnd
        } else {
            throw .invalidParameter(name: "\(name).s", value: "missing", allowed: "the keyframe's value")
        }
        previousEnd = try context.recovering("the segment ends where the next keyframe starts", fallback: nil) {
            () throws(HarmonicError) -> AnimatableVector? in
            try key["e"].map { (e) throws(HarmonicError) in try decode(e, "\(name).e") }
        }
        var holds = false
        if case let .number(h) = key["h"] { holds = h != 0 }
        let easing =
            holds
            ? []
            : try context.recovering("the segment is linear", fallback: []) { () throws(HarmonicError) in
                try Self.easing(key["o"], key["i"], path: name, dimension: value.count, context: context)
            }
        func tangent(_ field: String) throws(HarmonicError) -> AnimatableVector? {
            guard let v = key[field] else { return nil }
            return try context.recovering("the segment is straight", fallback: nil) {
                () throws(HarmonicError) -> AnimatableVector? in
                // Tangents of another length than the value (a 3-D tangent on a 2-D position)
                // are not spatial: the segment is read without them, as before.
                let numbers = try Self.numbers(v, "\(name).\(field)")
                return numbers.count == value.count ? numbers : nil
            }
        }
        return .init(
            time: t, value: value, holds: holds, easing: easing, outTangent: try tangent("to"),
            inTangent: try tangent("ti"))
    }

    private static func timeline(_ keyframes: [KeyframeTimeline.Keyframe], path: String) throws(HarmonicError)
        -> KeyframeTimeline
    {
        do {
            return try KeyframeTimeline(keyframes)
        } catch {
            // Name the file's path rather than the timeline's own field names.
            guard case let .invalidParameter(name, value, allowed) = error else { throw error }
            var field = String(name.dropFirst("keyframes".count))
            for (own, file) in [
                (".time", ".t"), (".value", ".s"), (".easing", ".o"), (".outTangent", ".to"), (".inTangent", ".ti"),
            ] where field.hasSuffix(own) {
                field = String(field.dropLast(own.count)) + file
            }
            throw .invalidParameter(name: "\(path).k\(field)", value: value, allowed: allowed)
        }
    }

    /// The segment's easing from the out tangent `o` of its first keyframe and the in tangent
    /// `i` (`cubic-bezier(o.x, o.y, i.x, i.y)`); arrays give one curve per component (a
    /// shorter array repeats its first entry). x is clamped to `[0, 1]` (After Effects keeps
    /// influence within 0.1–100 %); no tangents means linear.
    ///
    /// Equal curves are one curve (``LottieReadContext/curve(_:_:_:_:)``): exports repeat the
    /// same few easings on every property, and one solver table serves them all.
    static func easing(
        _ o: JSONValue?, _ i: JSONValue?, path: String, dimension: Int, context: LottieReadContext
    ) throws(HarmonicError) -> [CubicBezier] {
        guard let o, let i else { return [] }
        let ox = try components(o, "x", path: "\(path).o"), oy = try components(o, "y", path: "\(path).o")
        let ix = try components(i, "x", path: "\(path).i"), iy = try components(i, "y", path: "\(path).i")
        let count = max(ox.count, oy.count, ix.count, iy.count)
        let perComponent = count > 1 && dimension > 1
        var curves: [CubicBezier] = []
        for c in 0..<(perComponent ? min(count, dimension) : 1) {
            func pick(_ a: [Double]) -> Double { c < a.count ? a[c] : a[0] }
            let x1 = min(max(pick(ox), 0), 1), x2 = min(max(pick(ix), 0), 1)
            do {
                curves.append(try context.curve(x1, pick(oy), x2, pick(iy)))
            } catch {
                throw .invalidParameter(
                    name: "\(path).o", value: "\(pick(ox)), \(pick(oy)), \(pick(ix)), \(pick(iy))",
                    allowed: "finite easing tangents")
            }
        }
        if perComponent && curves.count < dimension {
            curves += Array(repeating: curves[0], count: dimension - curves.count)
        }
        return curves
    }

    private static func components(_ json: JSONValue, _ key: String, path: String) throws(HarmonicError) -> [Double] {
        guard case let .object(members) = json, let v = members[key] else {
            throw .invalidParameter(
                name: "\(path).\(key)", value: "missing", allowed: "a number or an array of numbers")
        }
        let values = try numbers(v, "\(path).\(key)").components
        guard !values.isEmpty else {
            throw .invalidParameter(name: "\(path).\(key)", value: "[]", allowed: "a number or an array of numbers")
        }
        return values
    }

    /// A number or an array of finite numbers.
    static func numbers(_ json: JSONValue, _ path: String) throws(HarmonicError) -> AnimatableVector {
        switch json {
        case let .number(n) where n.isFinite: return [n]
        case let .array(items):
            var out: [Double] = []
            out.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                guard case let .number(n) = item, n.isFinite else {
                    throw .invalidParameter(name: "\(path)[\(i)]", value: item.summary, allowed: "a finite number")
                }
                out.append(n)
            }
            return AnimatableVector(out)
        default:
            throw .invalidParameter(name: path, value: json.summary, allowed: "a number or an array of numbers")
        }
    }
}
