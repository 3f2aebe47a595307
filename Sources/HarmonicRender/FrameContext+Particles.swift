import Harmonic
import HarmonicEngine

/// Emitter layers' particles (``/HarmonicEngine/LayerKind/emitter``), evaluated in closed form at
/// the frame's time and drawn in the layer's `renderMode` order.
extension FrameContext {
    /// A particle's drawn size at scale 1 (points): the diameter of the disc a cell without an
    /// image is drawn as, and the side of the square an image is drawn into (the image's own
    /// pixel size is not read).
    static let particleSize = 8.0

    /// Draws each live particle at its position, turned by its rotation and scaled by its scale:
    /// a disc in its colour (with its alpha as opacity), or the cell's `contents` image faded by
    /// its alpha (not tinted). `additive` draws the particles with the `screen` blend, SVG's
    /// closest to adding light (it brightens but never passes white). Under perspective the
    /// particles are not drawn, and a comment says so.
    mutating func drawParticles(_ layer: LayerID, _ place: Placement) throws(HarmonicError) {
        let (emitter, now) = try engine.particleEmitter(of: layer, at: place.time)
        guard !emitter.cells.isEmpty else { return }
        let system = try ParticleSystem(emitter)
        let table = try system.particles(at: now)
        guard table.count > 0 else { return }
        guard let affine = ProjectedPath.affineMatrix(place.world) else {
            note(layer, "particles not drawn under perspective")
            return
        }
        let images = system.cellContents.map { ImageSource.href(for: $0) }
        let n = SVGMarkup.number
        let additive = emitter.renderMode == .additive
        list.begin(
            .plain([("transform", affine)] + (additive ? [("style", "mix-blend-mode:screen")] : []), isolates: additive)
        )
        for row in table.drawingOrder(emitter.renderMode) {
            let scale = table[.scale, row: row]
            var colour = SIMD4(
                table[.red, row: row], table[.green, row: row], table[.blue, row: row], table[.alpha, row: row])
            if let tint = place.tint { colour *= tint }
            guard scale > 0, colour.w > 0 else { continue }
            let x = n(table[.x, row: row]), y = n(table[.y, row: row])
            // Int: cell indices are flat cell indices of this emitter.
            if let href = images[Int(table.cell[row])] {
                let side = Self.particleSize * scale
                let degrees = table[.rotation, row: row] * 180 / .pi
                list.add(
                    element: "image",
                    [
                        ("x", n(-side / 2)), ("y", n(-side / 2)), ("width", n(side)), ("height", n(side)),
                        ("href", href), ("opacity", n(Swift.min(colour.w, 1))),
                        ("transform", "translate(\(x) \(y)) rotate(\(n(degrees)))"),
                    ])
            } else {
                list.add(
                    element: "circle",
                    [("cx", x), ("cy", y), ("r", n(Self.particleSize / 2 * scale))] + Self.paint(colour, "fill"))
            }
        }
        list.end()
    }
}
