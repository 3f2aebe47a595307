import Harmonic
import HarmonicJSON

/// One layer of a composition (`layers[i]`, or an asset's).
///
/// Timing: the layer is visible for frames `ip ≤ f < op` of the composition that holds it, and
/// its own keyframes — transform, shapes, masks, text — are read at that same frame `f`: an
/// exporter writes a layer's keyframes in its composition's frames, with the layer's start time
/// and stretch already applied. Start time `st` and time stretch `sr` move time only for what a
/// precomposition layer shows: its asset's layers play at frame `(f − st)/sr` — or, with time
/// remapping (`tm`, in seconds, read at `f`), at frame `tm·fr` of the asset.
///
/// Source: the Lottie format's schema (PyPI `lottie-specs`) defines `st`, `sr` and `tm` on the
/// precomposition layer alone; lottie-web compares keyframe times and the frame with the same
/// `st` subtracted from both, and ThorVG maps time (`LottieLayer::remap`) only into a
/// precomposition's children. Files whose shape layers have `st ≠ 0` show it: their keyframes
/// lie within `ip…op`, not `st` frames later.
///
/// Parenting (`parent`, the `ind` of another layer of the same composition) passes on the
/// transform only: Lottie does not inherit opacity or visibility through parents.
///
/// Source: the Lottie format, "Layers" (lottie.github.io/lottie-spec).
struct LottieLayer: Sendable {
    enum Kind: Sendable {
        case precomp(assetID: String, width: Double, height: Double, timeRemap: LottieProperty?)
        case solid(color: String, width: Double, height: Double)
        case image(assetID: String)
        case null
        case shape([LottieShape])
        /// A text layer, laid out into shape items (``LottieText``).
        case text(LottieText)
        /// A kind Harmonic does not draw (audio, camera…): kept for parenting, reported.
        case unsupported(String)
    }

    var kind: Kind
    var index: Int?
    var parent: Int?
    var name: String
    var inPoint: Double
    var outPoint: Double
    var startTime: Double
    var timeStretch: Double
    var hidden: Bool
    var transform: LottieTransform
    /// Masks, in order (mode `n` left out).
    var masks: [LottieMask]
    /// The track matte this layer is shown through, if any.
    var matte: LottieMatte?
    /// The `ind` of the matte layer (`tp`); without it, the layer above.
    var matteParent: Int?
    /// How the layer blends with what is below it (`bm`), as CSS names it (`multiply`…); `nil`
    /// for normal.
    var blendMode: String?
    /// Whether this layer is a matte (`td` 1): it is not drawn itself.
    var isMatteSource: Bool
    /// Where the parent and the matte layer are in the same list (resolved once, when the file
    /// is read).
    var parentSlot: Int? = nil
    var matteSlot: Int? = nil
    /// The JSON path, for reports.
    var path: String

    /// Reads one layer.
    init(_ json: JSONValue, path: String, context: LottieReadContext) throws(HarmonicError) {
        guard case let .object(m) = json else {
            throw .invalidParameter(name: path, value: json.summary, allowed: "a layer object")
        }
        self.path = path
        func number(_ key: String, default value: Double? = nil) throws(HarmonicError) -> Double {
            switch m[key] {
            case let .number(n)? where n.isFinite: return n
            case nil where value != nil: return value!
            default:
                throw .invalidParameter(
                    name: "\(path).\(key)", value: m[key]?.summary ?? "missing", allowed: "a finite number")
            }
        }
        func integer(_ key: String) throws(HarmonicError) -> Int? {
            guard let v = m[key] else { return nil }
            guard case let .number(n) = v, n.rounded() == n, abs(n) < 1e15 else {
                throw .invalidParameter(name: "\(path).\(key)", value: v.summary, allowed: "a whole number")
            }
            // Int: a whole number below 1e15 in magnitude, by the guard above.
            return Int(n)
        }
        guard case let .number(type)? = m["ty"] else {
            throw .invalidParameter(name: "\(path).ty", value: m["ty"]?.summary ?? "missing", allowed: "a layer type")
        }
        index = try integer("ind")
        parent = try integer("parent")
        if case let .string(n)? = m["nm"] { name = n } else { name = "" }
        if m["ip"] == nil {
            // Exports that leave it out (stickers written by hand) mean the layer's start: read
            // leniently as frame 0, as players read it.
            try context.warn(
                .invalidParameter(name: "\(path).ip", value: "missing", allowed: "a finite number"), "read as frame 0")
            inPoint = 0
        } else {
            inPoint = try number("ip")
        }
        outPoint = try number("op")
        startTime = try number("st", default: 0)
        timeStretch = try number("sr", default: 1)
        guard timeStretch != 0 else {
            throw .invalidParameter(name: "\(path).sr", value: "0", allowed: "a non-zero time stretch")
        }
        if case .bool(true)? = m["hd"] { hidden = true } else { hidden = false }
        transform = try LottieTransform(m["ks"], path: "\(path).ks", context: context)
        if case .number(1)? = m["ao"] {
            transform.autoOrients = true
            context.uses("layer.autoOrient")
        }
        if case .number(1)? = m["ddd"] { context.uses("layer.3d") }
        func string(_ key: String) throws(HarmonicError) -> String {
            guard case let .string(s)? = m[key] else {
                throw .invalidParameter(
                    name: "\(path).\(key)", value: m[key]?.summary ?? "missing", allowed: "a string")
            }
            return s
        }
        switch type {
        case 0:
            context.uses("layer.precomp")
            let remap = try m["tm"].map { (v) throws(HarmonicError) in
                try LottieProperty(v, path: "\(path).tm", context: context)
            }
            if remap != nil { context.uses("layer.timeRemap") }
            kind = .precomp(
                assetID: try string("refId"), width: try number("w", default: 0), height: try number("h", default: 0),
                timeRemap: remap)
        case 1:
            context.uses("layer.solid")
            kind = .solid(color: try string("sc"), width: try number("sw"), height: try number("sh"))
        case 2:
            context.uses("layer.image")
            kind = .image(assetID: try string("refId"))
        case 3:
            context.uses("layer.null")
            kind = .null
        case 4:
            context.uses("layer.shape")
            kind = .shape(try LottieShape.list(m["shapes"], path: "\(path).shapes", context: context))
        case 5:
            context.uses("layer.text")
            kind = .text(try LottieText(m["t"], layerPath: path, context: context))
        default:
            let names: [Double: String] = [6: "layer.audio", 13: "layer.camera", 15: "layer.data"]
            let feature = names[type] ?? "layer.type\(type)"
            context.unsupported(path, feature)
            kind = .unsupported(feature)
        }
        // Reported, not drawn: the rest of the layer still plays.
        if case let .array(effects)? = m["ef"], !effects.isEmpty { context.unsupported("\(path).ef", "layer.effects") }
        masks = []
        if let list = m["masksProperties"] {
            guard case let .array(items) = list else {
                throw .invalidParameter(
                    name: "\(path).masksProperties", value: list.summary, allowed: "a list of masks")
            }
            for (i, item) in items.enumerated() {
                let mask = try context.recovering("the mask is left out", fallback: nil) {
                    () throws(HarmonicError) -> LottieMask? in
                    try LottieMask(item, path: "\(path).masksProperties[\(i)]", context: context)
                }
                if let mask { masks.append(mask) }
            }
        }
        matte = nil
        if let tt = m["tt"], tt != .number(0) {
            // Int: matched against the four codes.
            guard case let .number(code) = tt, let kind = LottieMatte(rawValue: Int(exactly: code) ?? 0) else {
                throw .invalidParameter(name: "\(path).tt", value: tt.summary, allowed: "a track matte 1…4")
            }
            matte = kind
            context.uses("layer.trackMatte")
        }
        matteParent = try integer("tp")
        isMatteSource = m["td"] == .number(1)
        blendMode = nil
        if let bm = m["bm"], bm != .number(0) {
            // CSS's names for After Effects' modes (Compositing and Blending Level 2 calls Add
            // `plus-lighter`); hard mix (17), which CSS does not name, `hard-mix`.
            let modes = [
                "multiply", "screen", "overlay", "darken", "lighten", "color-dodge", "color-burn", "hard-light",
                "soft-light", "difference", "exclusion", "hue", "saturation", "color", "luminosity", "plus-lighter",
                "hard-mix",
            ]
            // Int: exact whole numbers only (`exactly:`), then checked against the table.
            if case let .number(code) = bm, let k = Int(exactly: code), (1...modes.count).contains(k) {
                blendMode = modes[k - 1]
                context.uses("layer.blendMode")
            } else {
                context.unsupported("\(path).bm", "layer.blendMode")
            }
        }
    }

    /// The frame of a precomposition's own layers at frame `frame` of the composition holding
    /// this layer, without time remapping: `(frame − st)/sr`.
    func contentFrame(_ frame: Double) -> Double { (frame - startTime) / timeStretch }

    /// Whether the layer shows at composition frame `frame`: `ip ≤ f < op`; `closing`, its limit
    /// from the left, `ip < f ≤ op` (the animation's last picture, ``LottieAnimation/frame(at:)``).
    func isActive(at frame: Double, closing: Bool = false) -> Bool {
        guard !hidden else { return false }
        return closing ? frame > inPoint && frame <= outPoint : frame >= inPoint && frame < outPoint
    }
}
