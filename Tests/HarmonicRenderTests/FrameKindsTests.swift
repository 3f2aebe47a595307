import Foundation
import Harmonic
import HarmonicEngine
@testable import HarmonicRender
import Testing

/// Gradient, replicator, mask, text and contents frames, read back as pixels at points whose
/// colour follows from closed forms (the library's gradient rule, instance placement).
@Suite struct FrameKindsTests {
    let red = SIMD4<Double>(1, 0, 0, 1)
    let blue = SIMD4<Double>(0, 0, 1, 1)
    let white = SIMD4<UInt8>(255, 255, 255, 255)

    func pixels(_ engine: AnimationEngine) throws -> RasterImage {
        let frame = try FrameRenderer(viewport: .init(x: 0, y: 0, width: 200, height: 200)).render(engine)
        return try SVGRasterizer.pixels(svg: frame.svg, width: frame.width, height: frame.height, scale: 1)
    }

    /// The pixel's colour against an expected RGBA colour composited on white.
    func near(_ pixel: SIMD4<UInt8>?, _ c: SIMD4<Double>, _ tolerance: Double = 3) -> Bool {
        guard let pixel else { return false }
        let onWhite = SIMD3(c.x, c.y, c.z) * c.w + SIMD3(repeating: 1 - c.w)
        return (0..<3).allSatisfy { abs(Double(pixel[$0]) - onWhite[$0] * 255) <= tolerance }
    }

    func rgba(_ c: SIMD4<Double>) -> AnimatableVector { [c.x, c.y, c.z, c.w] }

    @Test(arguments: ["axial", "radial", "conic"])
    func gradientPixelsFollowTheLibrarysRule(type: String) throws {
        let colors = [red, SIMD4(0, 1, 0, 1), blue]
        let start = SIMD2(0.3, 0.4), end = SIMD2(0.9, 0.8)
        let engine = try stage { e in
            let g = try e.makeLayer(named: "g", kind: .gradient, values: ["frame": [0, 0, 200, 100]])
            try e.setValue(AnimatableVector(colors.flatMap { [$0.x, $0.y, $0.z, $0.w] }), forKeyPath: "colors", of: g)
            try e.setValue([0, 0.3, 1], forKeyPath: "locations", of: g)
            try e.setValue([start.x, start.y], forKeyPath: "startPoint", of: g)
            try e.setValue([end.x, end.y], forKeyPath: "endPoint", of: g)
            try e.setAttribute(.name(type), forKey: "type", of: g)
        }
        let gradient = try Gradient(
            colors: colors, locations: [0, 0.3, 1], kind: Gradient.Kind(rawValue: type)!, startPoint: start,
            endPoint: end)
        let image = try pixels(engine)
        for y in stride(from: 5, to: 100, by: 13) {
            for x in stride(from: 5, to: 200, by: 17) {
                let expected = gradient.color(at: SIMD2(Double(x) + 0.5, Double(y) + 0.5), size: SIMD2(200, 100))
                // Conic wedges are a degree wide; near the seam (t = 0 and 1 meet) skip.
                let t = gradient.parameter(at: SIMD2(Double(x) + 0.5, Double(y) + 0.5), size: SIMD2(200, 100))
                if type == "conic", t < 0.01 || t > 0.99 { continue }
                #expect(near(image[x, y], expected), "\(type) at (\(x), \(y))")
            }
        }
        #expect(near(image[100, 150], SIMD4(1, 1, 1, 1)))
    }

    /// Five instances 40 points apart, each redder-less by 0.2; then four quarter turns about
    /// the replicator's centre.
    @Test func replicatorInstancesAreTransformedAndTinted() throws {
        let engine = try stage { e in
            let r = try e.makeLayer(named: "r", kind: .replicator, values: ["frame": [0, 0, 200, 200]])
            try e.setValue(5, forKeyPath: "instanceCount", of: r)
            try e.setValue(
                AnimatableVector(Transform3D.translation(x: 40, y: 0).components), forKeyPath: "instanceTransform",
                of: r)
            try e.setValue(-0.2, forKeyPath: "instanceRedOffset", of: r)
            let dot = try e.makeLayer(named: "dot", parent: r, values: ["frame": [0, 90, 20, 20]])
            try e.setValue(rgba(red), forKeyPath: "backgroundColor", of: dot)
        }
        let image = try pixels(engine)
        for i in 0..<5 {
            #expect(near(image[10 + 40 * i, 100], SIMD4(1 - 0.2 * Double(i), 0, 0, 1)), "instance \(i)")
            #expect(near(image[30 + 40 * i, 100], SIMD4(1, 1, 1, 1)), "gap \(i)")
        }
        #expect(near(image[10, 130], SIMD4(1, 1, 1, 1)))
        let turned = try stage { e in
            let r = try e.makeLayer(named: "r", kind: .replicator, values: ["frame": [0, 0, 200, 200]])
            try e.setValue(4, forKeyPath: "instanceCount", of: r)
            try e.setValue(Double.pi / 2, forKeyPath: "instanceTransform.rotation.z", of: r)
            let dot = try e.makeLayer(named: "dot", parent: r, values: ["frame": [150, 90, 20, 20]])
            try e.setValue(rgba(blue), forKeyPath: "backgroundColor", of: dot)
        }
        let quarter = try pixels(turned)
        // (160, 100) turned about (100, 100) by 90° steps (y down): (100, 160), (40, 100), (100, 40).
        for (x, y) in [(160, 100), (100, 160), (40, 100), (100, 40)] {
            #expect(near(quarter[x, y], blue), "(\(x), \(y))")
        }
        #expect(near(quarter[100, 100], SIMD4(1, 1, 1, 1)))
    }

    /// Instance `i` runs `i·instanceDelay` behind: a slide of y from 0 to 100 over 2 s, seen at
    /// 1 s, puts instance 0 at y = 50 and instance 1 (0.5 s behind) at y = 25.
    @Test func replicatorInstancesRunBehindByTheirDelay() throws {
        let engine = try stage { e in
            let r = try e.makeLayer(named: "r", kind: .replicator, values: ["frame": [0, 0, 200, 200]])
            try e.setValue(2, forKeyPath: "instanceCount", of: r)
            try e.setValue(0.5, forKeyPath: "instanceDelay", of: r)
            try e.setValue(
                AnimatableVector(Transform3D.translation(x: 100, y: 0).components), forKeyPath: "instanceTransform",
                of: r)
            let dot = try e.makeLayer(named: "dot", parent: r, values: ["frame": [0, 0, 20, 20]])
            try e.setValue(rgba(red), forKeyPath: "backgroundColor", of: dot)
        }
        let dot = engine.layer(named: "dot")!
        try engine.add(
            BasicAnimation(
                keyPath: "position.y", from: 10, to: 110, timing: try MediaTiming(duration: 2),
                timingFunction: CubicBezier.linear),
            forKey: "slide", to: dot)
        try engine.advance(to: 1)
        let image = try pixels(engine)
        #expect(near(image[10, 60], red) && near(image[10, 30], SIMD4(1, 1, 1, 1)))
        #expect(near(image[110, 35], red) && near(image[110, 60], SIMD4(1, 1, 1, 1)))
    }

    /// A mask's alpha decides where the layer shows: a circle of radius 40 about the centre.
    @Test func aMaskShowsTheLayerWhereTheMaskIsOpaque() throws {
        let engine = try stage { e in
            let card = try e.makeLayer(named: "card", values: ["frame": [50, 50, 100, 100]])
            try e.setValue(rgba(red), forKeyPath: "backgroundColor", of: card)
            let mask = try e.makeLayer(named: "mask", values: ["frame": [0, 0, 100, 100]])
            try e.setPath(try Path(svgPathData: "M 90 50 A 40 40 0 1 1 10 50 A 40 40 0 1 1 90 50 Z"), of: mask)
            try e.setMask(mask, of: card)
        }
        let image = try pixels(engine)
        #expect(near(image[100, 100], red) && near(image[130, 100], red))
        // Inside the card, outside the circle: the card's corner.
        #expect(near(image[55, 55], SIMD4(1, 1, 1, 1)) && near(image[145, 145], SIMD4(1, 1, 1, 1)))
        // The mask is not drawn itself (it is out of the tree), and a layer in the tree cannot be one.
        #expect(try !engine.isAttached(engine.layer(named: "mask")!))
        let (other, child) = try { () throws -> (AnimationEngine, LayerID) in
            let e = try AnimationEngine()
            let parent = try e.makeLayer(named: "p")
            return (e, try e.makeLayer(named: "c", parent: parent))
        }()
        #expect(throws: HarmonicError.self) { try other.setMask(child, of: other.layer(named: "p")!) }
    }

    /// A mask whose alpha is a stroke: all of the stroke counts, however far it reaches past
    /// its path's bounding box (a thin line stroked 40 wide reaches 20 past it).
    @Test func aStrokedMaskCountsAllOfItsStroke() throws {
        let engine = try stage { e in
            let card = try e.makeLayer(named: "card", values: ["frame": [0, 0, 200, 200]])
            try e.setValue(rgba(red), forKeyPath: "backgroundColor", of: card)
            let mask = try e.makeLayer(named: "mask", values: ["frame": [0, 0, 200, 200]])
            try e.setPath(try Path(svgPathData: "M 60 100 L 140 100"), of: mask)
            try e.setValue([0, 0, 0, 0], forKeyPath: "fillColor", of: mask)
            try e.setValue([0, 0, 0, 1], forKeyPath: "strokeColor", of: mask)
            try e.setValue(40, forKeyPath: "lineWidth", of: mask)
            try e.setMask(mask, of: card)
        }
        let image = try pixels(engine)
        // 15 above the line: in the stroke, outside the bounding box grown by 10 %.
        #expect(near(image[100, 85], red) && near(image[100, 115], red))
        #expect(near(image[100, 125], SIMD4(1, 1, 1, 1)) && near(image[50, 100], SIMD4(1, 1, 1, 1)))
    }

    /// `maskMode`: a card seen through a mask of opaque blue over its left half. Blue's
    /// luminance is 0.0722 (Rec. 709, the same in sRGB and linear light for a primary), so the
    /// card shows on the left by 1, 0.0722, 0 or 0.9278, and on the right, where the mask draws
    /// nothing, by 0, 0, 1 or 1.
    @Test(arguments: [
        ("alpha", 1.0, 0.0), ("luminance", 0.0722, 0), ("alphaInverted", 0, 1), ("luminanceInverted", 0.9278, 1),
    ])
    func maskModesShowTheLayerByAlphaOrLuminance(mode: String, left: Double, right: Double) throws {
        let engine = try stage { e in
            let card = try e.makeLayer(named: "card", values: ["frame": [0, 0, 200, 200]])
            try e.setValue(rgba(red), forKeyPath: "backgroundColor", of: card)
            let mask = try e.makeLayer(named: "mask", values: ["frame": [0, 0, 100, 200]])
            try e.setValue(rgba(blue), forKeyPath: "backgroundColor", of: mask)
            try e.setMask(mask, of: card)
            if mode != "alpha" { try e.setAttribute(.name(mode), forKey: "maskMode", of: card) }
        }
        let image = try pixels(engine)
        #expect(near(image[50, 100], SIMD4(1, 0, 0, left)), "\(mode): \(String(describing: image[50, 100]))")
        #expect(near(image[150, 100], SIMD4(1, 0, 0, right)), "\(mode): \(String(describing: image[150, 100]))")
        #expect(throws: HarmonicError.self) {
            try engine.setAttribute(.name("inverted"), forKey: "maskMode", of: engine.layer(named: "card")!)
        }
    }

    /// `compositingFilter` `plusL` adds the layer to what is below it, premultiplied and clamped
    /// (CSS `plus-lighter`): a grey square added over a background and, inside a group, over the
    /// group's earlier sublayer; a square drawn after it is not added to; a layer that is
    /// inside an isolated group (group opacity) adds to that group's content only.
    @Test func plusLighterAddsToWhatIsBelow() throws {
        let engine = try stage { e in
            let ground = try e.makeLayer(named: "ground", values: ["frame": [0, 0, 200, 200]])
            try e.setValue([0.4, 0.2, 0.1, 1], forKeyPath: "backgroundColor", of: ground)
            let group = try e.makeLayer(named: "group", values: ["frame": [0, 0, 200, 200]])
            let first = try e.makeLayer(named: "first", parent: group, values: ["frame": [0, 0, 60, 60]])
            try e.setValue([0.2, 0.2, 0.2, 1], forKeyPath: "backgroundColor", of: first)
            let added = try e.makeLayer(named: "added", parent: group, values: ["frame": [30, 30, 60, 60]])
            try e.setValue([0.5, 0.5, 0.5, 1], forKeyPath: "backgroundColor", of: added)
            try e.setAttribute(.name("plusL"), forKey: "compositingFilter", of: added)
            let over = try e.makeLayer(named: "over", parent: group, values: ["frame": [70, 70, 30, 30]])
            try e.setValue([0, 0, 1, 1], forKeyPath: "backgroundColor", of: over)
            // Inside a group faded to 0.999 (isolated): added to the group's own transparent
            // ground, then composited over the background.
            let faded = try e.makeLayer(named: "faded", values: ["frame": [120, 120, 60, 60]])
            try e.setValue(0.999, forKeyPath: "opacity", of: faded)
            let inside = try e.makeLayer(named: "inside", parent: faded, values: ["frame": [0, 0, 60, 60]])
            try e.setValue([0.5, 0.5, 0.5, 1], forKeyPath: "backgroundColor", of: inside)
            try e.setAttribute(.name("plusL"), forKey: "compositingFilter", of: inside)
        }
        let image = try pixels(engine)
        #expect(near(image[10, 10], SIMD4(0.2, 0.2, 0.2, 1)))
        #expect(near(image[45, 45], SIMD4(0.7, 0.7, 0.7, 1)), "\(String(describing: image[45, 45]))")
        #expect(near(image[80, 40], SIMD4(0.9, 0.7, 0.6, 1)), "\(String(describing: image[80, 40]))")
        #expect(near(image[85, 85], blue))
        #expect(near(image[150, 150], SIMD4(0.5, 0.5, 0.5, 1)), "\(String(describing: image[150, 150]))")
        #expect(near(image[190, 190], SIMD4(0.4, 0.2, 0.1, 1)))
    }

    @Test func textAndContentsPlaceholdersAreDrawn() throws {
        let engine = try stage { e in
            let text = try e.makeLayer(named: "title", kind: .text, values: ["frame": [10, 10, 180, 60]])
            try e.setAttribute(.text("HARMONIC"), forKey: "string", of: text)
            try e.setValue([0, 0, 0, 1], forKeyPath: "foregroundColor", of: text)
            try e.setValue(30, forKeyPath: "fontSize", of: text)
            let photo = try e.makeLayer(named: "photo", values: ["frame": [20, 100, 160, 80]])
            try e.setAttribute(.text("photo.jpg"), forKey: "contents", of: photo)
        }
        let frame = try FrameRenderer(viewport: .init(x: 0, y: 0, width: 200, height: 200)).render(engine)
        #expect(frame.svg.contains(">HARMONIC</text>") && frame.svg.contains(">photo.jpg</text>"))
        let image = try pixels(engine)
        var dark = 0
        for y in 10..<70 { for x in 10..<190 where (image[x, y]?[0] ?? 255) < 100 { dark += 1 } }
        #expect(dark > 150)
        // The placeholder's grey, off its diagonals and label.
        #expect(near(image[100, 110], SIMD4(0xd9 / 255.0, 0xd9 / 255.0, 0xd9 / 255.0, 1)))
    }
}

/// Transitions in frames: both renderings, each with its offset and opacity.
@Suite struct FrameTransitionTests {
    func near(_ pixel: SIMD4<UInt8>?, _ c: SIMD3<Double>, _ tolerance: Double = 3) -> Bool {
        guard let pixel else { return false }
        return (0..<3).allSatisfy { abs(Double(pixel[$0]) - c[$0] * 255) <= tolerance }
    }

    /// A push from the right half-way: the old red rendering has moved half a width left, the
    /// new blue one is half-way in from the right.
    @Test func aPushShowsBothRenderingsMoved() throws {
        let engine = try AnimationEngine()
        let card = try engine.makeLayer(named: "card", values: ["frame": [50, 50, 100, 100]])
        try engine.begin(TransactionSettings(disableActions: true))
        try engine.setValue([1, 0, 0, 1], forKeyPath: "backgroundColor", of: card)
        try engine.commit()
        try engine.begin(TransactionSettings(disableActions: true))
        try engine.add(
            TransitionAnimation(
                try Transition(type: .push, subtype: .fromRight), timing: try MediaTiming(duration: 1)),
            forKey: "t", to: card)
        try engine.setValue([0, 0, 1, 1], forKeyPath: "backgroundColor", of: card)
        try engine.commit()
        try engine.advance(to: 0.5)
        let frame = try FrameRenderer(viewport: .init(x: 0, y: 0, width: 200, height: 200)).render(engine)
        let image = try SVGRasterizer.pixels(svg: frame.svg, width: 200, height: 200, scale: 1)
        #expect(near(image[25, 100], SIMD3(1, 0, 0)) && near(image[75, 100], SIMD3(1, 0, 0)))
        #expect(near(image[125, 100], SIMD3(0, 0, 1)) && near(image[175, 100], SIMD3(0, 0, 1)))
        #expect(near(image[100, 20], SIMD3(1, 1, 1)))
        // A fade half-way mixes the two, each at half opacity (the new one composited above).
        try engine.add(
            TransitionAnimation(Transition(), timing: try MediaTiming(duration: 1)), forKey: "t", to: card)
        try engine.setValue([1, 0, 0, 1], forKeyPath: "backgroundColor", of: card)
        try engine.flush()
        try engine.advance(to: 1)
        let fade = try FrameRenderer(viewport: .init(x: 0, y: 0, width: 200, height: 200)).render(engine)
        let mixed = try SVGRasterizer.pixels(svg: fade.svg, width: 200, height: 200, scale: 1)
        // The old blue at ½ over white, then the new red at ½ over that: (0.75, 0.25, 0.5).
        #expect(near(mixed[100, 100], SIMD3(0.75, 0.25, 0.5)))
    }

    /// Setting `contents` runs Core Animation's default action for it, a fade transition; with
    /// actions disabled it changes at once.
    @Test func contentsFadeByDefault() throws {
        let engine = try AnimationEngine()
        let photo = try engine.makeLayer(named: "photo", values: ["frame": [0, 0, 100, 100]])
        try engine.setAttribute(.text("a.png"), forKey: "contents", of: photo)
        try engine.flush()
        #expect(try engine.animationKeys(of: photo) == ["transition"])
        try engine.advance(to: 1)
        try engine.begin(TransactionSettings(disableActions: true))
        try engine.setAttribute(.text("b.png"), forKey: "contents", of: photo)
        try engine.commit()
        #expect(try engine.animationKeys(of: photo).isEmpty)
        #expect(try engine.attribute(forKey: "contents", of: photo) == .text("b.png"))
    }
}

/// `contents` naming an image file: embedded in the frame as a base64 data URI and drawn.
@Suite struct ContentsImageTests {
    @Test func anImageFileIsEmbeddedAndDrawn() throws {
        // A 10 × 10 blue PNG, made by drawing an SVG.
        let blue =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">"
            + "<rect width=\"10\" height=\"10\" fill=\"#0000ff\"/></svg>"
        let png = try SVGRasterizer.png(svg: blue, width: 10, height: 10, scale: 1)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("harmonic-\(UUID()).png").path
        try Data(png).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let engine = try stage { e in
            let photo = try e.makeLayer(named: "photo", values: ["frame": [50, 50, 100, 100]])
            try e.setAttribute(.text(path), forKey: "contents", of: photo)
        }
        let frame = try FrameRenderer(viewport: .init(x: 0, y: 0, width: 200, height: 200)).render(engine)
        #expect(frame.svg.contains("href=\"data:image/png;base64,iVBORw0KGgo"))
        let image = try SVGRasterizer.pixels(svg: frame.svg, width: 200, height: 200, scale: 1)
        #expect(image[100, 100] == SIMD4(0, 0, 255, 255) && image[20, 20] == SIMD4(255, 255, 255, 255))
    }

    /// RFC 4648's examples (section 10).
    @Test func base64FollowsTheRFC() {
        let cases = [
            "": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=",
            "foobar": "Zm9vYmFy",
        ]
        for (text, expected) in cases { #expect(ImageSource.base64(Array(text.utf8)) == expected, "\(text)") }
    }
}

/// Shadows cast by the alpha of everything a layer draws, sublayers included, as Core
/// Animation casts them; a `shadowPath` casts its own shape.
@Suite struct ShadowTests {
    @Test func theShadowFollowsTheLayersContent() throws {
        let engine = try stage { e in
            let card = try e.makeLayer(
                named: "card",
                values: [
                    "frame": [40, 40, 60, 60], "shadowOpacity": [1], "shadowRadius": [0], "shadowOffset": [10, 10],
                ])
            try e.setValue([1, 0, 0, 1], forKeyPath: "backgroundColor", of: card)
            // A sublayer outside the card's bounds casts a shadow too (no masksToBounds).
            let tab = try e.makeLayer(named: "tab", parent: card, values: ["frame": [70, 0, 40, 20]])
            try e.setValue([0, 0, 1, 1], forKeyPath: "backgroundColor", of: tab)
        }
        let frame = try FrameRenderer(viewport: .init(x: 0, y: 0, width: 200, height: 200)).render(engine)
        let image = try SVGRasterizer.pixels(svg: frame.svg, width: 200, height: 200, scale: 1)
        let black = SIMD4<UInt8>(0, 0, 0, 255), white = SIMD4<UInt8>(255, 255, 255, 255)
        // The card's shadow: (40…100) moved by (10, 10); beyond the card at (105, 95).
        #expect(image[105, 95] == black && image[95, 105] == black)
        #expect(image[70, 70] == SIMD4(255, 0, 0, 255))
        // The tab (x 110…150, y 40…60) casts (120…160, 50…70): below the tab at (130, 65).
        #expect(image[130, 65] == black && image[130, 50] == SIMD4(0, 0, 255, 255))
        #expect(image[35, 35] == white && image[170, 80] == white)
    }
}

/// Emitter layers draw their particles: discs at the particles' positions in their colours.
@Suite struct ParticleFrameTests {
    @Test func particlesAreDrawnWhereTheyAre() throws {
        let engine = try AnimationEngine()
        let layer = try engine.makeLayer(
            named: "e", kind: .emitter, values: ["bounds": [0, 0, 200, 200], "position": [100, 100], "scale": [3]])
        try engine.setValue([100, 100], forKeyPath: "emitterPosition", of: layer)
        var cell = EmitterCell(name: "dot")
        cell.birthRate = 2
        cell.lifetime = 10
        cell.velocity = 40
        cell.color = SIMD4(1, 0, 0, 1)
        try engine.setEmitterCells([cell], of: layer)
        _ = try engine.advance(to: 1)
        let table = try engine.particles(of: layer)
        #expect(table.count == 2)
        let frame = try FrameRenderer(viewport: .init(x: 0, y: 0, width: 200, height: 200)).render(engine)
        #expect(frame.svg.components(separatedBy: "<circle").count == 3)
        let image = try SVGRasterizer.pixels(svg: frame.svg, width: frame.width, height: frame.height, scale: 1)
        for row in 0..<table.count {
            // Int: positions inside the 200-point frame.
            let x = Int(table[.x, row: row].rounded()), y = Int(table[.y, row: row].rounded())
            #expect(image[x, y] == SIMD4(255, 0, 0, 255), "particle \(row) at \(x), \(y)")
        }
        // Between them (along +x, 20 points apart): nothing.
        #expect(image[100, 150] != SIMD4(255, 0, 0, 255))
    }
}
