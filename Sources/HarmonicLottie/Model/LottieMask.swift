import Harmonic
import HarmonicSpec

/// One of a layer's masks (`masksProperties[i]`): a closed Bézier path in the layer's
/// coordinates (`pt`), its opacity (`o`, percent), whether it is inverted (`inv`), and how it
/// combines with the masks before it (`mode`).
///
/// Masks apply in order to the layer's coverage, which starts empty — or full when the first
/// mask subtracts or intersects: `a` (add) adds the mask's area at its opacity, `s` (subtract)
/// removes it, `i` (intersect) keeps only what is also inside it, `n` (none) does nothing.
/// After Effects' `l` (lighten), `d` (darken) and `f` (difference) and a mask expansion `x`
/// other than 0 are reported as unsupported; they are drawn as add, intersect and add, without
/// the expansion.
///
/// Source: the Lottie format, "Mask" (lottie.github.io/lottie-spec); Adobe, After Effects User
/// Guide, "Mask modes".
struct LottieMask: Sendable {
    enum Mode: String, Sendable {
        case add = "a", subtract = "s", intersect = "i", none = "n"
    }

    var mode: Mode
    var shape: LottieProperty
    var closed: Bool
    var opacity: LottieProperty?
    var inverted: Bool

    /// Reads one mask; `nil` for mode `n`.
    init?(_ json: JSONValue, path: String, context: LottieReadContext) throws(HarmonicError) {
        guard case let .object(m) = json else {
            throw .invalidParameter(name: path, value: json.summary, allowed: "a mask object")
        }
        var code = "a"
        if case let .string(c)? = m["mode"] { code = c }
        switch code {
        case "a", "s", "i", "n": mode = Mode(rawValue: code)!
        case "l":
            context.unsupported("\(path).mode", "mask.lighten")
            mode = .add
        case "d":
            context.unsupported("\(path).mode", "mask.darken")
            mode = .intersect
        case "f":
            context.unsupported("\(path).mode", "mask.difference")
            mode = .add
        default:
            throw .invalidParameter(name: "\(path).mode", value: "\"\(code)\"", allowed: "one of a, s, i, l, d, f, n")
        }
        if mode == .none { return nil }
        context.uses("layer.mask")
        guard let pt = m["pt"] else {
            throw .invalidParameter(name: "\(path).pt", value: "missing", allowed: "the mask's shape")
        }
        var closed = false
        shape = try LottieProperty(pt, path: "\(path).pt", context: context) { (value, name) throws(HarmonicError) in
            let bezier = try LottieBezier(value, path: name)
            closed = closed || bezier.closed
            return bezier.flattened
        }
        self.closed = closed
        opacity = try m["o"].map { (v) throws(HarmonicError) in
            try LottieProperty(v, path: "\(path).o", context: context)
        }
        if let x = m["x"] {
            let expansion = try LottieProperty(x, path: "\(path).x", context: context)
            if expansion.isAnimated || expansion.scalar(at: 0) != 0 {
                context.unsupported("\(path).x", "mask.expansion")
            }
        }
        if case .bool(true)? = m["inv"] { inverted = true } else { inverted = false }
    }

    /// The mask at layer time `time`.
    func evaluate(at time: Double) -> LottieFrame.Mask {
        // A mask encloses an area: an open path is closed as a fill would close it.
        let bezier = LottieBezier(flattened: shape.value(at: time), closed: true)
        return LottieFrame.Mask(
            mode: mode == .add ? "add" : mode == .subtract ? "subtract" : "intersect",
            geometry: LottieGeometry(bezier),
            opacity: min(max((opacity?.scalar(at: time) ?? 100) / 100, 0), 1), inverted: inverted)
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
