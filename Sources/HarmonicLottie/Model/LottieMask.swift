import Harmonic
import HarmonicJSON

/// One of a layer's masks (`masksProperties[i]`): a closed Bézier path in the layer's
/// coordinates (`pt`), its opacity (`o`, percent), whether it is inverted (`inv`), and how it
/// combines with the masks before it (`mode`).
///
/// Masks apply in order to the layer's coverage `c`, which starts empty — or full when the first
/// mask subtracts or intersects. With `m` the mask's coverage at a point (its opacity inside its
/// area, 0 outside; the other way round when inverted):
///
/// | mode | code | new coverage |
/// |---|---|---|
/// | add | `a` | `c + m·(1 − c)` |
/// | subtract | `s` | `c·(1 − m)` |
/// | intersect | `i` | `c·m` |
/// | lighten | `l` | `max(c, m)` inside the mask's area, `c` outside |
/// | darken | `d` | `min(c, m)` (0 outside the area) |
/// | difference | `f` | `|c − m|` inside the area, `c` outside |
/// | none | `n` | `c` |
///
/// The area is the path's inside grown by the expansion `x` (layer units; negative shrinks it):
/// every point within `|x|` of the path joins it or leaves it, so corners grow round, as an
/// offset outline does.
///
/// Source: the Lottie format, "Mask" (lottie.github.io/lottie-spec); Adobe, After Effects User
/// Guide, "Mask modes" (lighten and darken keep the higher and lower transparency value where
/// masks overlap, difference the difference).
struct LottieMask: Sendable {
    enum Mode: String, Sendable {
        case add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d", difference = "f", none = "n"

        /// The name in `LottieFrame.Mask.mode`.
        var name: String {
            switch self {
            case .add: return "add"
            case .subtract: return "subtract"
            case .intersect: return "intersect"
            case .lighten: return "lighten"
            case .darken: return "darken"
            case .difference: return "difference"
            case .none: return "none"
            }
        }
    }

    var mode: Mode
    var shape: LottieProperty
    var closed: Bool
    var opacity: LottieProperty?
    var inverted: Bool
    /// `x`; `nil` when absent or a fixed 0.
    var expansion: LottieProperty?

    /// Reads one mask; `nil` for mode `n`.
    init?(_ json: JSONValue, path: String, context: LottieReadContext) throws(HarmonicError) {
        guard case let .object(m) = json else {
            throw .invalidParameter(name: path, value: json.summary, allowed: "a mask object")
        }
        var code = "a"
        if case let .string(c)? = m["mode"] { code = c }
        guard let mode = Mode(rawValue: code) else {
            throw .invalidParameter(name: "\(path).mode", value: "\"\(code)\"", allowed: "one of a, s, i, l, d, f, n")
        }
        self.mode = mode
        if mode == .none { return nil }
        context.uses("layer.mask")
        guard let pt = m["pt"] else {
            throw .invalidParameter(name: "\(path).pt", value: "missing", allowed: "the mask's shape")
        }
        (shape, closed) = try LottieProperty.bezier(pt, path: "\(path).pt", context: context)
        opacity = try m["o"].map { (v) throws(HarmonicError) in
            try LottieProperty(v, path: "\(path).o", context: context)
        }
        expansion = nil
        if let x = m["x"] {
            let expansion = try LottieProperty(x, path: "\(path).x", context: context)
            if expansion.isAnimated || expansion.scalar(at: 0) != 0 {
                context.uses("mask.expansion")
                self.expansion = expansion
            }
        }
        if case .bool(true)? = m["inv"] { inverted = true } else { inverted = false }
    }

    /// The mask at layer time `time`.
    func evaluate(at time: Double) -> LottieFrame.Mask {
        // A mask encloses an area: an open path is closed as a fill would close it.
        let bezier = LottieBezier(flattened: shape.value(at: time), closed: true)
        return LottieFrame.Mask(
            mode: mode.name,
            geometry: LottieGeometry(bezier),
            opacity: min(max((opacity?.scalar(at: time) ?? 100) / 100, 0), 1), inverted: inverted,
            expansion: expansion.map { e in
                // A non-finite expansion (an overflowing keyframe) grows or shrinks nothing.
                let x = e.scalar(at: time)
                return x.isFinite ? x : 0
            } ?? 0)
    }
}

/// A track matte (`tt` on the matted layer): which channel of the matte layer — the layer
/// above it (`td` 1) or the one `tp` names — shows the matted layer.
enum LottieMatte: Int, Sendable {
    case alpha = 1, alphaInverted, luma, lumaInverted

    var name: String {
        switch self {
        case .alpha: return "alpha"
        case .alphaInverted: return "alphaInverted"
        case .luma: return "luma"
        case .lumaInverted: return "lumaInverted"
        }
    }
}
