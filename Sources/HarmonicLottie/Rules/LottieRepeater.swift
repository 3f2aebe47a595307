import HarmonicPlatform
import Harmonic
import HarmonicJSON

/// A repeater (`rp`): copies of everything above it in its group (`c` copies, numbered from
/// the offset `o`), copy `k` with the step's parts taken `e = k + o` times — scale `sᵉ`
/// (percent) and rotation `r·e` (degrees) about the anchor `a`, then the position `p·e` — and
/// faded from the start opacity `so` to the end opacity `eo` (percent) across the copies. `m` 1
/// stacks each copy above the one before it, 2 below.
///
/// Copy `k`'s transform is `T(−a)·S(sᵉ)·R(r·e)·T(a)·T(p·e)`: the parts multiplied out, not the
/// step composed `e` times — so a row of copies that each turn stays a row (the players in use,
/// ThorVG and rlottie, draw it so too).
///
/// Source: the Lottie format, "Repeater" (lottie.github.io/lottie-spec); Adobe, After Effects
/// User Guide, "Repeater path operation".
struct LottieRepeater: Sendable {
    var copies, offset: LottieProperty?
    var anchor, position, scale, rotation, startOpacity, endOpacity: LottieProperty?
    var stacksAbove: Bool
    /// The repeater's JSON path.
    var path: String

    /// Upper bound on copies at any frame.
    static let maximumCopies = 1000.0

    init(_ m: [String: JSONValue], path: String, context: LottieReadContext) throws(HarmonicError) {
        func property(_ json: JSONValue?, _ name: String) throws(HarmonicError) -> LottieProperty? {
            try json.map { (v) throws(HarmonicError) in try LottieProperty(v, path: "\(path).\(name)", context: context)
            }
        }
        self.path = path
        copies = try property(m["c"], "c")
        offset = try property(m["o"], "o")
        stacksAbove = m["m"] != .number(2)
        var t: [String: JSONValue] = [:]
        if case let .object(tr)? = m["tr"] { t = tr }
        anchor = try property(t["a"], "tr.a")
        position = try property(t["p"], "tr.p")
        scale = try property(t["s"], "tr.s")
        rotation = try property(t["r"], "tr.r")
        startOpacity = try property(t["so"], "tr.so")
        endOpacity = try property(t["eo"], "tr.eo")
        if let copies {
            for (i, key) in copies.timeline.keyframes.enumerated()
            where !(key.value.first.map { $0 <= Self.maximumCopies } ?? true) {
                throw .invalidParameter(
                    name: copies.timeline.isStatic ? "\(path).c.k" : "\(path).c.k[\(i)].s",
                    value: "\(key.value.first ?? 0)", allowed: "at most \(Int(Self.maximumCopies)) copies")
            }
        }
    }

    /// The number of copies at `time`: `c` rounded down, within `0…maximumCopies`.
    func count(at time: Double) -> Double {
        min(max((copies?.scalar(at: time) ?? 1).rounded(.down), 0), Self.maximumCopies)
    }

    /// The most copies there are at any time: the largest `c` reaches, rounded down — at a
    /// keyframe, or where an easing overshoots (``/Harmonic/KeyframeTimeline/valueRange(component:)``).
    var mostCopies: Double {
        guard let copies else { return 1 }
        let most = copies.timeline.valueRange(component: 0).upperBound
        return min(max(most.rounded(.down), 0), Self.maximumCopies)
    }

    /// The copies' numbers in the order both players walk them and number the paints within
    /// them: topmost first, as a shape list lists its items. Above (`m` 1) each copy is drawn
    /// over the one before, so the last is on top; below (`m` 2) the first is.
    func paintOrder(count n: Int) -> [Int] {
        stacksAbove ? Array((0..<n).reversed()) : Array(0..<n)
    }

    /// The copies at `time` in ``paintOrder(count:)``, topmost first: each one's number `k`
    /// (from 0, the step taken `k + o` times), transform (copy → group) and opacity. `count`
    /// replaces the number of copies (their fade then spans that many).
    func copies(at time: Double, count fixed: Double? = nil) -> [(index: Int, transform: Transform2D, opacity: Double)]
    {
        let count = fixed ?? count(at: time)
        guard count >= 1 else { return [] }
        let step = Step(self, at: time)
        let o = offset?.scalar(at: time) ?? 0
        let first = (startOpacity?.scalar(at: time) ?? 100) / 100, last = (endOpacity?.scalar(at: time) ?? 100) / 100
        // Int: at most maximumCopies, by the clamp above.
        let n = Int(count)
        return paintOrder(count: n).map { k in
            let fraction = n > 1 ? Double(k) / Double(n - 1) : 0
            return (k, step.transform(taken: Double(k) + o), min(max(first + (last - first) * fraction, 0), 1))
        }
    }

    /// The step's parts at one time: anchor `a` and position `p` (pixels), scale `s` (a factor
    /// per axis), rotation `r` (radians).
    struct Step {
        var a, p, s: SIMD2<Double>
        var r: Double

        init(_ repeater: LottieRepeater, at time: Double) {
            a = repeater.anchor?.point(at: time) ?? .zero
            p = repeater.position?.point(at: time) ?? .zero
            s = (repeater.scale?.point(at: time) ?? SIMD2(100, 100)) / 100
            r = (repeater.rotation?.scalar(at: time) ?? 0) * .pi / 180
        }

        /// The step taken `e` times, its parts multiplied out: `T(−a)·S(sᵉ)·R(r·e)·T(a + p·e)`
        /// (copy → group).
        func transform(taken e: Double) -> Transform2D {
            Transform2D.translation(x: -a.x, y: -a.y)
                .concatenating(.scale(x: pow(s.x, e), y: pow(s.y, e)))
                .concatenating(.rotation(r * e))
                .concatenating(.translation(x: a.x + p.x * e, y: a.y + p.y * e))
        }
    }
}
