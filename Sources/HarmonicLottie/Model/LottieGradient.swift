import Harmonic
import HarmonicJSON

/// The gradient of a gradient fill (`gf`) or stroke (`gs`): linear (`t` 1) from `s` to `e`, or
/// radial (`t` 2) centred on `s` with radius `|e − s|` and its focal point moved a fraction `h`
/// (percent, within ±99 %) of the radius at angle `a` (degrees, from the direction of `e`).
/// The colours `g` are `p` colour stops `(offset, r, g, b)` then any number of opacity stops
/// `(offset, alpha)`, all in one animatable list.
///
/// Source: the Lottie format, "Gradients" (lottie.github.io/lottie-spec); Adobe, After Effects
/// User Guide, "Gradient fill and stroke".
struct LottieGradient: Sendable {
    var radial: Bool
    var start, end, highlightLength, highlightAngle: LottieProperty?
    var colorStopCount: Int
    var colors: LottieProperty

    /// Upper bound on colour stops.
    static let maximumStops = 1000

    init(_ m: [String: JSONValue], path: String, context: LottieReadContext) throws(HarmonicError) {
        func property(_ key: String) throws(HarmonicError) -> LottieProperty? {
            try LottieProperty.optional(m[key], path: "\(path).\(key)", context: context)
        }
        radial = m["t"] == .number(2)
        start = try property("s")
        end = try property("e")
        highlightLength = try property("h")
        highlightAngle = try property("a")
        guard case let .object(g)? = m["g"], case let .number(p)? = g["p"], p >= 0, p <= Double(Self.maximumStops),
            p.rounded() == p, let k = g["k"]
        else {
            throw .invalidParameter(
                name: "\(path).g", value: m["g"]?.summary ?? "missing",
                allowed: "{\"p\": colour stop count (0…\(Self.maximumStops)), \"k\": the stops}")
        }
        // Int: a whole number in 0…maximumStops, by the guard above.
        colorStopCount = Int(p)
        colors = try LottieProperty(k, path: "\(path).g.k", context: context)
        let count = colors.value(at: 0).count
        guard count >= 4 * colorStopCount, (count - 4 * colorStopCount) % 2 == 0 else {
            throw .invalidParameter(
                name: "\(path).g.k", value: "\(count) numbers",
                allowed: "4 per colour stop (\(colorStopCount)) and 2 per opacity stop")
        }
    }

    /// The gradient at `time` for a frame: its geometry and merged stops.
    func evaluate(at time: Double) -> LottieFrame.Gradient {
        let s = start?.point(at: time) ?? .zero
        let e = end?.point(at: time) ?? .zero
        return LottieFrame.Gradient(
            kind: radial ? "radial" : "linear", start: [s.x, s.y], end: [e.x, e.y],
            highlightLength: min(max((highlightLength?.scalar(at: time) ?? 0) / 100, -0.99), 0.99),
            highlightAngle: highlightAngle?.scalar(at: time) ?? 0,
            stops: Self.stops(colors.value(at: time), colorStops: colorStopCount))
    }

    /// Colour and opacity stops merged: one stop at every offset of either list, each with the
    /// colour and the opacity interpolated linearly there (both are piecewise linear, so the
    /// merged stops describe the same gradient exactly). Stops sharing an offset are a hard
    /// edge and stay one each: at an offset where either list has `k` stops, the merged list has
    /// as many as the longer run, the first with both lists' values coming from the left and
    /// the last with their values going on to the right.
    static func stops(_ v: AnimatableVector, colorStops n: Int) -> [[Double]] {
        guard n > 0 else { return [] }
        var colors: [(Double, [Double])] = []
        for i in 0..<n { colors.append((v[4 * i], [v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]])) }
        var alphas: [(Double, [Double])] = []
        var k = 4 * n
        while k + 1 < v.count {
            alphas.append((v[k], [v[k + 1]]))
            k += 2
        }
        if alphas.isEmpty { alphas = [(0, [1])] }
        // Files list stops in order; a file that does not is read as if it did (a stable sort
        // keeps a hard edge's two sides in the file's order).
        colors = colors.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        alphas = alphas.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        var merged: [[Double]] = []
        for x in Set(colors.map(\.0) + alphas.map(\.0)).sorted() {
            let rgb = values(at: x, colors), alpha = values(at: x, alphas)
            for i in 0..<max(rgb.count, alpha.count) {
                let channels = rgb[min(i, rgb.count - 1)].map { min(max($0, 0), 1) }
                merged.append([min(max(x, 0), 1)] + channels + [min(max(alpha[min(i, alpha.count - 1)][0], 0), 1)])
            }
        }
        return merged
    }

    /// The values the piecewise-linear function through `points` (sorted by x) takes at `x`:
    /// the stops there, in order, when there are any (two or more at a hard edge), else the
    /// one value interpolated between its neighbours; constant beyond the ends.
    private static func values(at x: Double, _ points: [(Double, [Double])]) -> [[Double]] {
        let here = points.filter { $0.0 == x }.map(\.1)
        if !here.isEmpty { return here }
        return [interpolate(x, points)]
    }

    /// The piecewise-linear function through `points` (sorted by x) at `x`, constant beyond
    /// the ends.
    private static func interpolate(_ x: Double, _ points: [(Double, [Double])]) -> [Double] {
        guard let first = points.first, let last = points.last else { return [] }
        if x <= first.0 { return first.1 }
        if x >= last.0 { return last.1 }
        let j = points.firstIndex { $0.0 > x } ?? points.count - 1
        let (x0, y0) = points[j - 1], (x1, y1) = points[j]
        let f = x1 > x0 ? (x - x0) / (x1 - x0) : 1
        return zip(y0, y1).map { $0 + f * ($1 - $0) }
    }
}
