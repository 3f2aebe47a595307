import Harmonic

/// The properties every layer has, with Core Animation's default values (`CALayer`): they can
/// be read and animated without being set first. Any other name is a custom property that
/// exists once a value has been set for it (at layer creation or with `setValue`).
///
/// Defaults: `position` (0, 0), `zPosition` 0, `anchorPoint` (0.5, 0.5), `anchorPointZ` 0,
/// `bounds` (0, 0, 0, 0), `opacity` 1, `transform` and `sublayerTransform` identity,
/// `cornerRadius` 0, `borderWidth` 0, `backgroundColor` (0, 0, 0, 0), `borderColor`
/// (0, 0, 0, 1), `shadowColor` (0, 0, 0, 1), `shadowOpacity` 0, `shadowRadius` 3,
/// `shadowOffset` (0, −3), `contentsRect` and `contentsCenter` (0, 0, 1, 1), and of
/// `CAShapeLayer`: `strokeStart` 0, `strokeEnd` 1, `lineWidth` 1, `fillColor` opaque black,
/// `strokeColor` none (0, 0, 0, 0, Core Animation's `nil`), `lineDashPhase` 0, `miterLimit` 10;
/// and the flags `hidden` and
/// `masksToBounds`, 0 (false) or 1 (true), true from 0.5 up. Colours are RGBA 4-vectors.
///
/// `path` and `shadowPath` are paths: they exist once a path has been given
/// (``AnimationEngine/setPath(_:forKeyPath:of:)``, or its ``/Harmonic/PathCoordinates`` as a
/// layer's initial value).
public enum StandardLayerProperty {
    /// The names of path properties (``PropertyShape/path(structure:dimension:)``).
    public static let pathNames: Set<String> = ["path", "shadowPath"]

    /// The derived key path `frame`: x, y, width, height in the superlayer's space. It is no
    /// property of its own: setting it sets the position and the bounds' size
    /// (``AnimationEngine/setFrame(_:of:)``), reading it computes the frame from the layer's
    /// geometry.
    public static let frame = "frame"

    /// Whether `name` belongs to the layer model (a standard property, a path property or
    /// `frame`), so that a custom property cannot take it.
    public static func isReserved(_ name: String) -> Bool {
        defaults[name] != nil || pathNames.contains(name) || name == frame
            || kindDefaults.values.contains { $0[name] != nil } || listNames.values.contains { $0.contains(name) }
    }

    /// The standard properties of one kind of layer besides ``defaults`` (``LayerKind``), with
    /// Apple's defaults for `CAGradientLayer`, `CAReplicatorLayer` and `CATextLayer` — and a
    /// gradient's `focalOffset` (0, 0), a Harmonic extension: a radial gradient's focal point
    /// from `startPoint` in units of the radius (``/Harmonic/Gradient/focalOffset``).
    public static let kindDefaults: [LayerKind: [String: (shape: PropertyShape, value: [Double])]] = [
        .gradient: [
            "startPoint": (.vector(2), [0.5, 0]), "endPoint": (.vector(2), [0.5, 1]),
            "focalOffset": (.vector(2), [0, 0]),
        ],
        .replicator: [
            "instanceCount": (.scalar, [1]), "instanceDelay": (.scalar, [0]),
            "instanceTransform": (.transform, Transform3D.identity.components),
            "instanceColor": (.vector(4), [1, 1, 1, 1]), "instanceRedOffset": (.scalar, [0]),
            "instanceGreenOffset": (.scalar, [0]), "instanceBlueOffset": (.scalar, [0]),
            "instanceAlphaOffset": (.scalar, [0]),
        ],
        .text: ["fontSize": (.scalar, [36]), "foregroundColor": (.vector(4), [1, 1, 1, 1])],
        .emitter: [
            "emitterPosition": (.vector(2), [0, 0]), "emitterZPosition": (.scalar, [0]),
            "emitterSize": (.size, [0, 0]),
            "emitterDepth": (.scalar, [0]), "birthRate": (.scalar, [1]), "lifetime": (.scalar, [1]),
            "velocity": (.scalar, [1]), "scale": (.scalar, [1]), "spin": (.scalar, [1]), "seed": (.scalar, [0]),
        ],
    ]

    /// The properties of one kind of layer whose length is set by their first value (lists:
    /// a gradient's `colors`, four numbers a colour, and `locations`; every layer's
    /// `lineDashPattern`); they exist once given.
    ///
    /// `lineDashPattern` is also an attribute (``LayerAttribute``), switched at once as Core
    /// Animation switches it. Given as a value instead, it is a list of lengths that animates
    /// like any other, keyframe by keyframe with the same number of lengths — a Harmonic
    /// extension (Apple documents `lineDashPhase` as animatable, not the pattern) for dashes
    /// that grow or shrink; the value, when given, is what the frame renderer draws, each
    /// length clamped at 0.
    public static let listNames: [LayerKind: Set<String>] = Dictionary(
        uniqueKeysWithValues: LayerKind.allCases.map { kind in
            (kind, kind == .gradient ? ["colors", "locations", dashPattern] : [dashPattern])
        })

    /// The dash pattern's name, a list property of every layer (see ``listNames``).
    public static let dashPattern = "lineDashPattern"

    /// Standard properties Core Animation does not animate: a change shows at once, with no
    /// default implicit animation (a layer's own actions may still animate it). Apple marks
    /// every `CAReplicatorLayer` property "Animatable" but `instanceCount`, and every
    /// `CAEmitterLayer` property but `seed` (and the attributes).
    public static let notAnimatable: Set<String> = ["instanceCount", "seed"]

    /// The standard property `name` of a layer of `kind`, if it is one.
    public static func standard(_ name: String, kind: LayerKind) -> (shape: PropertyShape, value: [Double])? {
        defaults[name] ?? kindDefaults[kind]?[name]
    }

    /// Whether a layer of `kind` defines `name` from its first value (paths, lists).
    static func isDefinedByValue(_ name: String, kind: LayerKind) -> Bool {
        pathNames.contains(name) || listNames[kind]?.contains(name) == true
    }

    /// Every name a layer of `kind` knows without declaring it, sorted.
    static func knownNames(kind: LayerKind) -> [String] {
        (Array(defaults.keys) + Array(pathNames) + [frame] + Array(kindDefaults[kind]?.keys ?? [:].keys)
            + Array(listNames[kind] ?? [])).sorted()
    }

    /// Shape and default value of each standard property.
    public static let defaults: [String: (shape: PropertyShape, value: [Double])] = [
        "position": (.vector(2), [0, 0]),
        "zPosition": (.scalar, [0]),
        "anchorPoint": (.vector(2), [0.5, 0.5]),
        "anchorPointZ": (.scalar, [0]),
        "bounds": (.rect, [0, 0, 0, 0]),
        "opacity": (.scalar, [1]),
        "transform": (.transform, Transform3D.identity.components),
        "sublayerTransform": (.transform, Transform3D.identity.components),
        "cornerRadius": (.scalar, [0]),
        "borderWidth": (.scalar, [0]),
        "backgroundColor": (.vector(4), [0, 0, 0, 0]),
        "borderColor": (.vector(4), [0, 0, 0, 1]),
        "shadowColor": (.vector(4), [0, 0, 0, 1]),
        "shadowOpacity": (.scalar, [0]),
        "shadowRadius": (.scalar, [3]),
        "shadowOffset": (.size, [0, -3]),
        "contentsRect": (.rect, [0, 0, 1, 1]),
        "contentsCenter": (.rect, [0, 0, 1, 1]),
        "strokeStart": (.scalar, [0]),
        "strokeEnd": (.scalar, [1]),
        "lineWidth": (.scalar, [1]),
        "fillColor": (.vector(4), [0, 0, 0, 1]),
        "strokeColor": (.vector(4), [0, 0, 0, 0]),
        "lineDashPhase": (.scalar, [0]),
        "miterLimit": (.scalar, [10]),
        "hidden": (.scalar, [0]),
        "masksToBounds": (.scalar, [0]),
    ]
}
