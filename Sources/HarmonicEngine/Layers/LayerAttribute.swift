import Harmonic

/// A layer property that is not a number to interpolate: an enumeration (`CAShapeLayer`'s
/// `fillRule`, `lineCap`, `lineJoin`) or a list of numbers whose length varies
/// (`lineDashPattern`). Core Animation switches these at once rather than animating them;
/// the engine keeps them beside the numbers, changes them immediately, and the frame renderer
/// reads them.
public enum LayerAttribute: Hashable, Sendable {
    /// One of the key's named values.
    case name(String)
    /// Numbers (a dash pattern's lengths).
    case numbers([Double])
    /// Free text (a text layer's `string`, a `contents` identifier).
    case text(String)

    /// What a key takes.
    public enum Values: Hashable, Sendable {
        /// One of these names.
        case names([String])
        /// A list of non-negative lengths.
        case lengths
        /// Any text.
        case text
    }

    /// The attributes a layer knows, with what they take and their defaults, from Apple's
    /// `CAShapeLayer` (`fillRule` `nonZero`; `lineCap` `butt`; `lineJoin` `miter`;
    /// `lineDashPattern` none — lengths in points, on then off, repeated), `CAGradientLayer`
    /// (`type` `axial`), `CATextLayer` (`string` empty, `alignmentMode` `natural`),
    /// `CAScrollLayer` (`scrollMode` `both`), `CAEmitterLayer` (`emitterShape` `point`,
    /// `emitterMode` `volume`, `renderMode` `unordered`) and `CALayer` (`contents`: an identifier, empty
    /// for none — the name of an image file or a data URI, or any name, drawn as a labelled
    /// placeholder; `compositingFilter` `none`, or a blend mode of ``blendModes``), and one
    /// attribute Core Animation does not have, `maskMode` (``maskModes``).
    public static let known: [String: (values: Values, default: LayerAttribute)] = [
        "fillRule": (.names(["nonZero", "evenOdd"]), .name("nonZero")),
        "lineCap": (.names(["butt", "round", "square"]), .name("butt")),
        "lineJoin": (.names(["miter", "round", "bevel"]), .name("miter")),
        "lineDashPattern": (.lengths, .numbers([])),
        "type": (.names(["axial", "radial", "conic"]), .name("axial")),
        "string": (.text, .text("")),
        "alignmentMode": (.names(["natural", "left", "right", "center", "justified"]), .name("natural")),
        "scrollMode": (.names(["none", "vertically", "horizontally", "both"]), .name("both")),
        "contents": (.text, .text("")),
        "emitterShape": (.names(EmitterShape.allCases.map(\.rawValue)), .name("point")),
        "emitterMode": (.names(EmitterMode.allCases.map(\.rawValue)), .name("volume")),
        "renderMode": (.names(ParticleRenderMode.allCases.map(\.rawValue)), .name("unordered")),
        "compositingFilter": (.names(["none"] + blendModes.keys.sorted()), .name("none")),
        "maskMode": (.names(maskModes), .name("alpha")),
    ]

    /// What a layer's mask (``AnimationEngine/setMask(_:of:)``) shows it by, its `maskMode`:
    /// the mask's `alpha` — Core Animation's only rule, the default — or its `luminance` (CSS
    /// Masking Level 1's `mask-mode`, the luminance of the colour times the alpha, as an SVG
    /// `<mask>` computes it), or one minus either (`alphaInverted`, `luminanceInverted`: the
    /// layer shows where the mask is not, as After Effects' inverted track mattes show it; where
    /// nothing of the mask is drawn, the layer shows whole).
    public static let maskModes = ["alpha", "luminance", "alphaInverted", "luminanceInverted"]

    /// The blend modes a layer's `compositingFilter` names (Core Animation's names, as
    /// `CALayer.compositingFilter` takes them on iOS: `multiplyBlendMode`…, and `plusL` for the
    /// clamped sum), each with the CSS `mix-blend-mode` that draws it (Compositing and Blending
    /// Level 1, which gives every formula, and Level 2's `plus-lighter`): the layer and its
    /// subtree, composited, are blended with what is below them. `hardMixBlendMode` (a Harmonic
    /// extension: Core Animation has no hard mix) is After Effects' and Photoshop's Hard Mix, per
    /// channel 1 where the two colours sum to at least 1, else 0, composited as CSS composites
    /// every separable blend; CSS has no name for it, so the table gives `hard-mix`.
    public static let blendModes: [String: String] = [
        "multiplyBlendMode": "multiply", "screenBlendMode": "screen", "overlayBlendMode": "overlay",
        "darkenBlendMode": "darken", "lightenBlendMode": "lighten", "colorDodgeBlendMode": "color-dodge",
        "colorBurnBlendMode": "color-burn", "hardLightBlendMode": "hard-light", "softLightBlendMode": "soft-light",
        "differenceBlendMode": "difference", "exclusionBlendMode": "exclusion", "hueBlendMode": "hue",
        "saturationBlendMode": "saturation", "colorBlendMode": "color", "luminosityBlendMode": "luminosity",
        "plusL": "plus-lighter", "hardMixBlendMode": "hard-mix",
    ]

    /// Checks a value for `key`.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` naming `key` for an unknown key, a name the key
    ///   does not have, a value of the wrong form, or a dash pattern with a length that is
    ///   negative or not finite, or whose lengths are all 0.
    public static func validated(_ value: LayerAttribute, forKey key: String) throws(HarmonicError) -> LayerAttribute {
        guard let entry = known[key] else {
            throw .invalidParameter(
                name: "attribute", value: "\"\(key)\"", allowed: "one of " + known.keys.sorted().joined(separator: ", ")
            )
        }
        switch (value, entry.values) {
        case let (.name(name), .names(names)):
            guard names.contains(name) else {
                throw .invalidParameter(
                    name: key, value: "\"\(name)\"", allowed: "one of " + names.joined(separator: ", "))
            }
        case let (.numbers(numbers), .lengths):
            for (i, x) in numbers.enumerated() {
                try HarmonicError.require(x, named: "\(key)[\(i)]", ">= 0") { $0 >= 0 }
            }
            if !numbers.isEmpty, numbers.allSatisfy({ $0 == 0 }) {
                throw .invalidParameter(
                    name: key, value: "all zero", allowed: "lengths with at least one above 0 (or none: solid)")
            }
        case (.text, .text):
            break
        case let (.name(name), .text):
            return .text(name)
        default:
            let allowed: String
            switch entry.values {
            case let .names(names): allowed = "one of " + names.joined(separator: ", ")
            case .lengths: allowed = "a list of lengths"
            case .text: allowed = "text"
            }
            throw .invalidParameter(name: key, value: "\(value)", allowed: allowed)
        }
        return value
    }
}
