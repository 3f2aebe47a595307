#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Harmonic
import HarmonicJSON

/// A Lottie animation (Bodymovin JSON, as exported from After Effects): its composition, the
/// precompositions and images it refers to, and what it uses that Harmonic does not draw.
///
/// Reading checks everything it keeps: every number finite, every keyframe list in time order
/// and within ``/Harmonic/KeyframeTimeline/maximumKeyframes``, every shape well formed, every
/// precomposition and parent reference resolvable and free of cycles.
///
/// Files from the web are read leniently by default, as every player reads them: a part that
/// cannot be read is left out or given its default, the rest is drawn, and each problem is a
/// ``Warning`` naming its JSON path (`layers[4].parent = 8 is invalid: must be the ind of a layer
/// in the same list; drawn without a parent`). The damage stays local — a bad keyframe costs its
/// property's animation, a bad property its default, a bad shape item or layer that item or
/// layer, a missing image or precomposition what it would have drawn. A file is refused only
/// when nothing sensible can be drawn: not JSON, no `layers` list, no size or frame rate, an
/// empty frame range, or a parent or precomposition cycle. Read `strict`, every problem
/// throws one ``/Harmonic/HarmonicError`` naming the JSON path (`layers[3].ks.p.k[2].t`) and nothing is
/// half read — for tools that write Lottie files and must not export a damaged one.
///
/// Features outside what Harmonic draws (expressions, effects, merge paths, text animators,
/// fonts the file carries no glyphs for…) are listed in ``unsupported`` with their paths, and
/// the rest plays.
///
/// Source: the Lottie format (lottie.github.io/lottie-spec), "Animation", "Layers", "Assets".
public struct LottieAnimation: Sendable {
    /// Something in the file that Harmonic reads past without drawing it.
    public struct UnsupportedFeature: Sendable, Hashable, Codable {
        /// The JSON path (`layers[2].ef`).
        public var path: String
        /// What it is (`layer.effects`, `shape.repeater`, `expression`, …).
        public var feature: String
    }

    /// A problem in the file that reading went past (read leniently): the JSON path, and one
    /// line saying what is wrong and what is drawn instead
    /// (`layers[4].parent = 8 is invalid: must be the ind of a layer in the same list; drawn
    /// without a parent`).
    public struct Warning: Sendable, Hashable, Codable {
        public var path: String
        public var message: String
    }

    /// A named time range (`markers`): start frame and duration in frames.
    public struct Marker: Sendable, Hashable, Codable {
        public var name: String
        public var frame: Double
        public var duration: Double
    }

    /// The composition's size in pixels.
    public let width: Double
    public let height: Double
    /// Frames per second (`fr`).
    public let frameRate: Double
    /// The first frame (`ip`) and the frame where the animation ends (`op`, exclusive).
    public let inPoint: Double
    public let outPoint: Double
    public let markers: [Marker]
    /// Every feature the file uses, by name, in the order first met.
    public let features: [String]
    /// What is read past without being drawn, with JSON paths.
    public let unsupported: [UnsupportedFeature]
    /// Unsupported entries beyond the first 1,000, counted but not listed.
    public let unsupportedNotListed: Int
    /// The problems read past (lenient reading; empty when read strictly), in the order met.
    public let warnings: [Warning]
    /// Warnings beyond the first 1,000, counted but not listed.
    public let warningsNotListed: Int

    let layers: [LottieLayer]
    let precomps: [String: [LottieLayer]]
    let images: [String: LottieImage]

    /// Upper bounds that keep a hostile file's cost linear in its size.
    public static let maximumLayers = 10_000
    public static let maximumDimension = 100_000.0

    /// The duration in seconds, `(op − ip)/fr`.
    public var duration: Double { (outPoint - inPoint) / frameRate }

    /// The frame at `progress` `p`: `ip + p·(op − ip)`.
    public func frame(atProgress p: Double) -> Double { inPoint + p * (outPoint - inPoint) }

    /// Reads a file.
    ///
    /// - Parameters:
    ///   - text: The JSON.
    ///   - baseDirectory: Where images named by the file are looked for (`u` + `p` relative
    ///     to it); `nil` allows only embedded images.
    ///   - strict: Whether every problem in the file throws (`true`), or only those that leave
    ///     nothing to draw (`false`, the default; the rest are ``warnings``).
    public init(json text: String, baseDirectory: String? = nil, strict: Bool = false) throws(HarmonicError) {
        let root = try JSONValue.parse(text, language: "Lottie JSON")
        guard case let .object(m) = root else {
            throw .invalidParameter(name: "(root)", value: root.summary, allowed: "a Lottie animation object")
        }
        let context = LottieReadContext(baseDirectory: baseDirectory, strict: strict)
        func number(_ key: String, positive: Bool = false) throws(HarmonicError) -> Double {
            guard case let .number(n)? = m[key], n.isFinite, !positive || n > 0 else {
                throw .invalidParameter(
                    name: key, value: m[key]?.summary ?? "missing",
                    allowed: positive ? "a positive number" : "a finite number")
            }
            return n
        }
        width = try number("w", positive: true)
        height = try number("h", positive: true)
        guard width <= Self.maximumDimension, height <= Self.maximumDimension else {
            throw .invalidParameter(
                name: "w", value: "\(width)×\(height)", allowed: "sizes up to \(Int(Self.maximumDimension)) pixels")
        }
        frameRate = try number("fr", positive: true)
        inPoint = try number("ip")
        outPoint = try number("op")
        guard outPoint > inPoint else {
            throw .invalidParameter(name: "op", value: "\(outPoint)", allowed: "a frame after ip (\(inPoint))")
        }
        if case .number(1)? = m["ddd"] { context.uses("composition.3d") }
        if m["fonts"] != nil || m["chars"] != nil {
            context.glyphs = try context.recovering("text drawn without the file's fonts", fallback: .none) {
                () throws(HarmonicError) in try LottieGlyphs(fonts: m["fonts"], chars: m["chars"], context: context)
            }
        }
        var layerCount = 0
        func layerList(_ json: JSONValue?, path: String) throws(HarmonicError) -> [LottieLayer] {
            guard case let .array(items)? = json else {
                throw .invalidParameter(name: path, value: json?.summary ?? "missing", allowed: "a list of layers")
            }
            layerCount += items.count
            guard layerCount <= Self.maximumLayers else {
                throw .invalidParameter(
                    name: path, value: "\(layerCount) layers", allowed: "at most \(Self.maximumLayers)")
            }
            var out: [LottieLayer] = []
            for (i, item) in items.enumerated() {
                let layer = try context.recovering("the layer is left out", fallback: nil) {
                    () throws(HarmonicError) -> LottieLayer? in
                    try LottieLayer(item, path: "\(path)[\(i)]", context: context)
                }
                if let layer { out.append(layer) }
            }
            try Self.checkParents(&out, context: context)
            Self.resolveSlots(&out)
            Self.reportNested3DRotations(out, context: context)
            return out
        }
        var topLayers = try layerList(m["layers"], path: "layers")
        var precomps: [String: [LottieLayer]] = [:]
        var images: [String: LottieImage] = [:]
        var assetList: [JSONValue] = []
        switch m["assets"] {
        case nil, .null?: break
        case let .array(items)?: assetList = items
        case let assets?:
            try context.warn(
                .invalidParameter(name: "assets", value: assets.summary, allowed: "a list of assets"),
                "read without assets")
        }
        for (i, item) in assetList.enumerated() {
            let path = "assets[\(i)]"
            guard case let .object(a) = item, let id = Self.assetID(a["id"]) else {
                try context.warn(
                    .invalidParameter(name: "\(path).id", value: item.summary, allowed: "an asset with a string id"),
                    "the asset is left out")
                continue
            }
            if a["layers"] != nil {
                precomps[id] = try context.recovering("the precomposition is empty", fallback: []) {
                    () throws(HarmonicError) in try layerList(a["layers"], path: "\(path).layers")
                }
            } else if a["p"] != nil {
                images[id] = try context.recovering("layers showing the image draw nothing", fallback: nil) {
                    () throws(HarmonicError) -> LottieImage? in try LottieImage(a, path: path, context: context)
                }
            }
        }

        try Self.resolveAssets(&topLayers, precomps: &precomps, images: images, context: context)
        layers = topLayers
        if let markers = m["markers"], case let .array(items) = markers {
            self.markers = items.compactMap { item in
                guard case let .object(k) = item, case let .number(t)? = k["tm"] else { return nil }
                var name = ""
                if case let .string(n)? = k["cm"] { name = n }
                var duration = 0.0
                if case let .number(d)? = k["dr"] { duration = d }
                return Marker(name: name, frame: t, duration: duration)
            }
        } else {
            markers = []
        }
        self.precomps = precomps
        self.images = images
        features = context.features
        unsupported = context.unsupported
        unsupportedNotListed = context.droppedReports
        warnings = context.diagnostics.warnings.map { Warning(path: $0.path, message: $0.message) }
        warningsNotListed = context.diagnostics.droppedWarnings
    }

    /// An asset's id: a string, or the number some exporters write (`"id": 3`).
    private static func assetID(_ json: JSONValue?) -> String? {
        switch json {
        case let .string(s)?: return s
        case let .number(n)? where n.isFinite:
            // Int: a whole number below 1e15 in magnitude, by the test before it.
            return n.rounded() == n && abs(n) < 1e15 ? String(Int(n)) : "\(n)"
        default: return nil
        }
    }

    /// Reads a file from disk; images it names are looked for beside it.
    public init(contentsOf path: String, strict: Bool = false) throws(HarmonicError) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .invalidParameter(name: "file", value: path, allowed: "a readable UTF-8 Lottie JSON file")
        }
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        try self.init(json: text, baseDirectory: directory, strict: strict)
    }

    /// Each layer's parent and matte as positions in its list: the parent by `ind`, the matte by
    /// `tp` or else the layer above (Adobe, After Effects User Guide, "Track mattes and traveling
    /// mattes": the matte is the layer directly above, its video switched off).
    private static func resolveSlots(_ layers: inout [LottieLayer]) {
        var byIndex: [Int: Int] = [:]
        for (i, layer) in layers.enumerated() { if let ind = layer.index { byIndex[ind] = i } }
        for i in layers.indices {
            layers[i].parentSlot = layers[i].parent.flatMap { byIndex[$0] }
            if layers[i].matte != nil {
                let source = layers[i].matteParent.flatMap { byIndex[$0] } ?? (i > 0 ? i - 1 : nil)
                layers[i].matteSlot = source == i ? nil : source
                // The layer above a track-matted layer is its matte, and After Effects turns the
                // matte's own video off: it is not drawn, whether or not the file marks it
                // (`td` 1; some exporters leave it out).
                if layers[i].matteParent == nil, let source, source != i { layers[source].isMatteSource = true }
            }
        }
    }

    /// Reports each 3-D-rotated layer with a 3-D-rotated ancestor: layers are projected one by
    /// one (see `LottieTransform`), where After Effects composes their rotations in space.
    private static func reportNested3DRotations(_ layers: [LottieLayer], context: LottieReadContext) {
        for layer in layers where layer.transform.rotates3D {
            var next = layer.parentSlot
            while let j = next {
                if layers[j].transform.rotates3D {
                    context.unsupported("\(layer.path).ks", "transform.3dRotationUnderParent")
                    break
                }
                next = layers[j].parentSlot
            }
        }
    }

    /// Every `parent` names a layer of the same list — one that names none is, leniently, drawn
    /// without a parent — and following parents never loops (a cycle is refused: no order of
    /// the transforms exists to draw).
    private static func checkParents(_ layers: inout [LottieLayer], context: LottieReadContext)
        throws(HarmonicError)
    {
        var byIndex: [Int: Int] = [:]
        for (i, layer) in layers.enumerated() { if let ind = layer.index { byIndex[ind] = i } }
        for i in layers.indices {
            guard let parent = layers[i].parent else { continue }
            guard byIndex[parent] != nil else {
                try context.warn(
                    .invalidParameter(
                        name: "\(layers[i].path).parent", value: "\(parent)",
                        allowed: "the ind of a layer in the same list"),
                    "drawn without a parent")
                layers[i].parent = nil
                continue
            }
            var seen: Set<Int> = [i]
            var next = byIndex[parent]
            while let j = next {
                guard seen.insert(j).inserted else {
                    throw .invalidParameter(
                        name: "\(layers[i].path).parent", value: "\(parent)", allowed: "a parent chain without a cycle")
                }
                next = layers[j].parent.flatMap { byIndex[$0] }
            }
        }
    }

    /// Every precomposition and image a layer names exists — a layer that names a missing one is,
    /// leniently, drawn as a null layer (it still parents its children) — and no precomposition
    /// contains itself, directly or through others (refused: it would have no end).
    private static func resolveAssets(
        _ layers: inout [LottieLayer], precomps: inout [String: [LottieLayer]], images: [String: LottieImage],
        context: LottieReadContext
    ) throws(HarmonicError) {
        func resolve(_ list: inout [LottieLayer]) throws(HarmonicError) {
            for i in list.indices {
                switch list[i].kind {
                case let .precomp(id, _, _, _) where precomps[id] == nil:
                    try context.warn(
                        .invalidParameter(
                            name: "\(list[i].path).refId", value: id, allowed: "the id of a precomposition asset"),
                        "the layer draws nothing")
                    list[i].kind = .null
                case let .image(id) where images[id] == nil:
                    try context.warn(
                        .invalidParameter(
                            name: "\(list[i].path).refId", value: id, allowed: "the id of an image asset"),
                        "the layer draws nothing")
                    list[i].kind = .null
                default: break
                }
            }
        }
        try resolve(&layers)
        for id in precomps.keys.sorted() {
            guard var list = precomps[id] else { continue }
            try resolve(&list)
            precomps[id] = list
        }
        var state: [String: Bool] = [:]  // false: being visited, true: done
        func visit(_ list: [LottieLayer]) throws(HarmonicError) {
            for layer in list {
                guard case let .precomp(id, _, _, _) = layer.kind, let children = precomps[id] else { continue }
                if state[id] == true { continue }
                if state[id] == false {
                    throw .invalidParameter(
                        name: "\(layer.path).refId", value: id, allowed: "a precomposition that does not contain itself"
                    )
                }
                state[id] = false
                try visit(children)
                state[id] = true
            }
        }
        try visit(layers)
    }
}
