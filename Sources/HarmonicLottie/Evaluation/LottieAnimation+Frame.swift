import Harmonic

extension LottieAnimation {
    /// The animation at composition frame `frame` (any finite number; outside `ip…op` layers
    /// show by their own in and out points, so usually nothing).
    ///
    /// Frame `op` — progress 1 — is the animation's last picture: the one playback ends on. A
    /// layer shows for `ip ≤ f < op`, so read literally nothing would show at `op`; players show
    /// the picture the animation arrives at instead (lottie-ios draws frame `op` with the layers
    /// that last to the end still shown, rlottie's last frame is `op`, ThorVG's just below it).
    /// At `op`, therefore, every layer's visibility is its limit from the left — shown for
    /// `ip < f ≤ op`, in precompositions too — while values are read at `op` itself.
    public func frame(at frame: Double) -> LottieFrame {
        LottieFrame(
            frame: frame, width: width, height: height,
            layers: evaluate(layers, at: frame, container: .identity, depth: 0, closing: frame == outPoint))
    }

    /// The layers of one composition at its frame `frame`, under `container` (the precomposition
    /// layer's world transform, identity at the top).
    ///
    /// `closing`: whether visibility is read as its limit from the left (the last picture).
    func evaluate(_ list: [LottieLayer], at frame: Double, container: Transform2D, depth: Int, closing: Bool = false)
        -> [LottieFrame.Layer]
    {
        // World transforms through parents (checked acyclic when read), all at the list's frame.
        var worlds = [Transform2D?](repeating: nil, count: list.count)
        func world(_ i: Int) -> Transform2D {
            if let w = worlds[i] { return w }
            // Read in place: a copy of the layer would count every reference it holds.
            let own = list[i].transform.matrix(at: frame)
            let parent = list[i].parentSlot.map(world) ?? container
            let w = own.concatenating(parent)
            worlds[i] = w
            return w
        }
        var out: [LottieFrame.Layer] = []
        out.reserveCapacity(list.count)
        for i in list.indices {
            out.append(evaluate(list[i], world: world(i), at: frame, depth: depth, closing: closing))
        }
        return out
    }

    /// One layer at composition frame `frame`, its world transform known.
    private func evaluate(
        _ layer: LottieLayer, world transform: Transform2D, at frame: Double, depth: Int, closing: Bool
    ) -> LottieFrame.Layer {
        // A layer's own keyframes are in its composition's frames (``LottieLayer``).
        let time = frame
        var out = LottieFrame.Layer(
            name: layer.name, path: layer.path, kind: "", visible: layer.isActive(at: frame, closing: closing),
            time: time,
            world: transform, opacity: layer.transform.opacityValue(at: time), shapes: [])
        if !layer.masks.isEmpty { out.masks = layer.masks.map { $0.evaluate(at: time) } }
        if let matte = layer.matte, let source = layer.matteSlot {
            out.matte = matte.name
            out.matteLayer = source
        }
        if layer.isMatteSource { out.isMatte = true }
        out.blendMode = layer.blendMode
        switch layer.kind {
        case let .precomp(id, w, h, remap):
            out.kind = "precomp"
            let inner = remap.map { $0.scalar(at: frame) * frameRate } ?? layer.contentFrame(frame)
            out.precompFrame = inner
            out.size = [w, h]
            // Depth is bounded by the acyclic references; a precomposition's layers are only
            // evaluated while it shows.
            // The last picture reads the inner layers' visibility from the left only where the
            // inner time arrives from earlier inner times: a remap that holds (or runs back) to
            // its value shows the inner composition at that frame as it is.
            let innerClosing = closing && (remap.map { Self.rises($0, into: frame) } ?? (layer.timeStretch > 0))
            out.layers =
                out.visible
                ? evaluate(
                    precomps[id] ?? [], at: inner, container: transform, depth: depth + 1, closing: innerClosing)
                : []
        case let .solid(color, w, h):
            out.kind = "solid"
            let rect = LottieBezier(
                vertices: [SIMD2(0, 0), SIMD2(w, 0), SIMD2(w, h), SIMD2(0, h)],
                inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4),
                closed: true)
            out.shapes = [
                LottieFrame.Shape(
                    geometry: LottieGeometry(rect), toLayer: .identity, paint: "fill",
                    rgb: SIMD3(Self.color(hex: color)), opacity: 1, fillRule: "nonzero")
            ]
        case let .image(id):
            out.kind = "image"
            if let image = images[id] {
                out.size = [image.width, image.height]
                out.image = image.dataURI
            }
        case .null:
            out.kind = "null"
        case let .shape(items):
            out.kind = "shape"
            if out.visible { out.shapes = LottieShapeEvaluator(time: time).paint(items) }
        case let .text(text):
            out.kind = "text"
            if out.visible { out.shapes = LottieShapeEvaluator(time: time).paint(text.shapes(at: time)) }
        case let .unsupported(feature):
            out.kind = String(feature.dropFirst("layer.".count))
        }
        return out
    }

    /// `#rrggbb` (or `#rgb`) as red, green, blue in `[0, 1]`; black when unreadable.
    static func color(hex: String) -> [Double] {
        var digits = Array(hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex))
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count >= 6 else { return [0, 0, 0] }
        return (0..<3).map { k in
            // Int: two hexadecimal digits, 0…255.
            Double(Int(String(digits[2 * k..<2 * k + 2]), radix: 16) ?? 0) / 255
        }
    }

    /// Whether a time remap rises into its value at composition frame `frame`: `frame` lies in
    /// a segment `(tᵢ, tᵢ₊₁]` that is not a hold and whose value at `frame` is above its value
    /// at `tᵢ`. Before the first keyframe, after the last, on a hold and on a falling segment
    /// the inner time is not approached from earlier inner times. (Exact for the monotone
    /// easings remaps use; an easing that overshoots and comes back down reads as rising.)
    static func rises(_ remap: LottieProperty, into frame: Double) -> Bool {
        let keyframes = remap.timeline.keyframes
        guard remap.dimension > 0,
            let i = keyframes.indices.dropLast().first(where: { k in
                keyframes[k].time < frame && frame <= keyframes[k + 1].time
            })
        else { return false }
        guard !keyframes[i].holds else { return false }
        return remap.scalar(at: frame) > keyframes[i].value[0]
    }
}
