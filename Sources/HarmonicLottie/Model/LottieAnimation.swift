#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Harmonic
import HarmonicSpec

/// A Lottie animation (Bodymovin JSON, as exported from After Effects): its composition, the
/// precompositions and images it refers to, and what it uses that Harmonic does not draw.
///
/// Reading checks everything it keeps: every number finite, every keyframe list in time order
/// and within ``KeyframeTimeline/maximumKeyframes``, every shape well formed, every
/// precomposition and parent reference resolvable and free of cycles. A bad file throws one
/// ``HarmonicError`` naming the JSON path (`layers[3].ks.p.k[2].t`); nothing is half read.
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
    public init(json text: String, baseDirectory: String? = nil) throws(HarmonicError) {
        let root: JSONValue
        do {
            root = try JSONValue.parse(text)
        } catch {
            throw .syntax(
                language: "Lottie JSON", text: JSONValue.excerpt(text), offset: nil, expected: "well-formed JSON")
        }
        guard case let .object(m) = root else {
            throw .invalidParameter(name: "(root)", value: root.summary, allowed: "a Lottie animation object")
        }
        let context = LottieReadContext(baseDirectory: baseDirectory)
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
            context.glyphs = try LottieGlyphs(fonts: m["fonts"], chars: m["chars"], context: context)
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
                out.append(try LottieLayer(item, path: "\(path)[\(i)]", context: context))
            }
            try Self.checkParents(out, path: path)
            Self.resolveSlots(&out)
            Self.reportNested3DRotations(out, context: context)
            return out
        }
        layers = try layerList(m["layers"], path: "layers")
        var precomps: [String: [LottieLayer]] = [:]
        var images: [String: LottieImage] = [:]
        if let assets = m["assets"] {
            guard case let .array(items) = assets else {
                throw .invalidParameter(name: "assets", value: assets.summary, allowed: "a list of assets")
            }
            for (i, item) in items.enumerated() {
                let path = "assets[\(i)]"
                guard case let .object(a) = item, case let .string(id)? = a["id"] else {
                    throw .invalidParameter(
                        name: "\(path).id", value: item.summary, allowed: "an asset with a string id")
                }
                if a["layers"] != nil {
                    precomps[id] = try layerList(a["layers"], path: "\(path).layers")
                } else if a["p"] != nil {
                    images[id] = try LottieImage(a, path: path, context: context)
                }
            }
        }
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
        try Self.checkReferences(layers: layers, precomps: precomps, images: images)
        features = context.features
        unsupported = context.unsupported
        unsupportedNotListed = context.droppedReports
    }

    /// Reads a file from disk; images it names are looked for beside it.
    public init(contentsOf path: String) throws(HarmonicError) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .invalidParameter(name: "file", value: path, allowed: "a readable UTF-8 Lottie JSON file")
        }
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        try self.init(json: text, baseDirectory: directory)
    }

    /// Each layer's parent and matte as positions in its list: the parent by `ind`, the matte by
    /// `tp` or else the layer above.
    private static func resolveSlots(_ layers: inout [LottieLayer]) {
        var byIndex: [Int: Int] = [:]
        for (i, layer) in layers.enumerated() { if let ind = layer.index { byIndex[ind] = i } }
        for i in layers.indices {
            layers[i].parentSlot = layers[i].parent.flatMap { byIndex[$0] }
            if layers[i].matte != nil {
                let source = layers[i].matteParent.flatMap { byIndex[$0] } ?? (i > 0 ? i - 1 : nil)
                layers[i].matteSlot = source == i ? nil : source
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

    /// Every `parent` names a layer of the same list, and following parents never loops.
    private static func checkParents(_ layers: [LottieLayer], path: String) throws(HarmonicError) {
        var byIndex: [Int: Int] = [:]
        for (i, layer) in layers.enumerated() { if let ind = layer.index { byIndex[ind] = i } }
        for (i, layer) in layers.enumerated() {
            guard let parent = layer.parent else { continue }
            guard byIndex[parent] != nil else {
                throw .invalidParameter(
                    name: "\(path)[\(i)].parent", value: "\(parent)", allowed: "the ind of a layer in the same list")
            }
            var seen: Set<Int> = [i]
            var next = byIndex[parent]
            while let j = next {
                guard seen.insert(j).inserted else {
                    throw .invalidParameter(
                        name: "\(path)[\(i)].parent", value: "\(parent)", allowed: "a parent chain without a cycle")
                }
                next = layers[j].parent.flatMap { byIndex[$0] }
            }
        }
    }

    /// Every precomposition and image a layer names exists, and no precomposition contains
    /// itself, directly or through others.
    private static func checkReferences(
        layers: [LottieLayer], precomps: [String: [LottieLayer]], images: [String: LottieImage]
    ) throws(HarmonicError) {
        var state: [String: Bool] = [:]  // false: being visited, true: done
        func visit(_ list: [LottieLayer]) throws(HarmonicError) {
            for layer in list {
                switch layer.kind {
                case let .precomp(id, _, _, _):
                    guard let children = precomps[id] else {
                        throw .invalidParameter(
                            name: "\(layer.path).refId", value: id, allowed: "the id of a precomposition asset")
                    }
                    if state[id] == true { continue }
                    if state[id] == false {
                        throw .invalidParameter(
                            name: "\(layer.path).refId", value: id,
                            allowed: "a precomposition that does not contain itself")
                    }
                    state[id] = false
                    try visit(children)
                    state[id] = true
                case let .image(id):
                    guard images[id] != nil else {
                        throw .invalidParameter(
                            name: "\(layer.path).refId", value: id, allowed: "the id of an image asset")
                    }
                default: break
                }
            }
        }
        try visit(layers)
    }
}
