import Foundation
import Harmonic
import HarmonicEngine
import HarmonicRender
import Testing

/// Frames checked by drawing them with librsvg and reading pixels at points whose colour
/// follows from the geometry in closed form (rotations, clips, dashes, group opacity,
/// perspective), away from edges by more than a pixel so antialiasing does not matter.
@Suite struct FrameRendererTests {
    static let red = SIMD4<Double>(1, 0, 0, 1)
    static let blue = SIMD4<Double>(0, 0, 1, 1)
    static let white = SIMD4<UInt8>(255, 255, 255, 255)

    func pixels(_ engine: AnimationEngine, viewport: LayerGeometry.Rect = .init(x: 0, y: 0, width: 200, height: 200))
        throws -> RasterImage
    {
        let frame = try FrameRenderer(viewport: viewport).render(engine)
        return try SVGRasterizer.pixels(svg: frame.svg, width: frame.width, height: frame.height, scale: 1)
    }

    func near(_ pixel: SIMD4<UInt8>?, _ expected: SIMD4<UInt8>, _ tolerance: Int = 2) -> Bool {
        guard let pixel else { return false }
        return (0..<4).allSatisfy { abs(Int(pixel[$0]) - Int(expected[$0])) <= tolerance }
    }

    func rgba(_ c: SIMD4<Double>) -> AnimatableVector { [c.x, c.y, c.z, c.w] }

    /// A 100 × 60 red box centred at (100, 100), turned 30° about its centre: a point is red
    /// exactly when turning it back by −30° about the centre lands inside the box.
    @Test func aRotatedLayerCoversItsTurnedBounds() throws {
        let angle = Double.pi / 6
        let engine = try stage { e in
            let box = try e.makeLayer(named: "box", values: ["bounds": [0, 0, 100, 60], "position": [100, 100]])
            try e.setValue(rgba(Self.red), forKeyPath: "backgroundColor", of: box)
            try e.setValue(angle, forKeyPath: "transform.rotation.z", of: box)
        }
        let image = try pixels(engine)
        var checked = 0
        for y in stride(from: 40, to: 160, by: 7) {
            for x in stride(from: 30, to: 170, by: 7) {
                let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5) - SIMD2(100, 100)
                let local = SIMD2(p.x * cos(angle) + p.y * sin(angle), -p.x * sin(angle) + p.y * cos(angle))
                let margin = SIMD2(abs(local.x) - 50, abs(local.y) - 30)
                if margin.x < -1.5, margin.y < -1.5 {
                    #expect(near(image[x, y], SIMD4(255, 0, 0, 255)), "(\(x), \(y)) inside")
                    checked += 1
                } else if margin.x > 1.5 || margin.y > 1.5 {
                    #expect(near(image[x, y], Self.white), "(\(x), \(y)) outside")
                    checked += 1
                }
            }
        }
        #expect(checked > 300)
    }

    /// `masksToBounds` clips a sublayer to the parent's rounded bounds; without it the
    /// sublayer shows outside.
    @Test func masksToBoundsClipsSublayersToTheRoundedBounds() throws {
        for clips in [true, false] {
            let engine = try stage { e in
                let card = try e.makeLayer(named: "card", values: ["frame": [50, 50, 100, 100]])
                try e.setValue(clips ? 1 : 0, forKeyPath: "masksToBounds", of: card)
                try e.setValue(20, forKeyPath: "cornerRadius", of: card)
                let child = try e.makeLayer(named: "child", parent: card, values: ["frame": [-30, 40, 200, 20]])
                try e.setValue(rgba(Self.blue), forKeyPath: "backgroundColor", of: child)
            }
            let image = try pixels(engine)
            #expect(near(image[100, 100], SIMD4(0, 0, 255, 255)))
            // x = 30 is left of the card: shown only without the clip.
            #expect(near(image[30, 100], clips ? Self.white : SIMD4(0, 0, 255, 255)))
            // (52, 52) is inside the card's box but outside its 20-point corner.
            #expect(near(image[52, 52], Self.white))
        }
    }

    /// A background with corners of radius 30: a point in the corner square but farther than
    /// 30 from the corner's centre is outside; the edges between the corners are inside.
    @Test func roundedCornersFollowTheirArcs() throws {
        let engine = try stage { e in
            let card = try e.makeLayer(named: "card", values: ["frame": [50, 50, 100, 100], "cornerRadius": [30]])
            try e.setValue(rgba(Self.red), forKeyPath: "backgroundColor", of: card)
        }
        let image = try pixels(engine)
        // (55, 55): 35·√2 − 30 ≈ 19 outside the arc about (80, 80); (62, 62) is 25 inside.
        #expect(near(image[55, 55], Self.white) && near(image[144, 144], Self.white))
        #expect(near(image[62, 62], SIMD4(255, 0, 0, 255)) && near(image[137, 62], SIMD4(255, 0, 0, 255)))
        #expect(near(image[52, 100], SIMD4(255, 0, 0, 255)) && near(image[100, 52], SIMD4(255, 0, 0, 255)))
    }

    /// `opacity` is group opacity: two overlapping opaque children of a half-opaque parent
    /// show one colour, not a darker overlap.
    @Test func opacityFadesTheGroupOnce() throws {
        let engine = try stage { e in
            let group = try e.makeLayer(named: "group", values: ["frame": [0, 0, 200, 200], "opacity": [0.5]])
            for (i, x) in [20.0, 80].enumerated() {
                let square = try e.makeLayer(named: "s\(i)", parent: group, values: ["frame": [x, 50, 100, 100]])
                try e.setValue(rgba(Self.red), forKeyPath: "backgroundColor", of: square)
            }
        }
        let image = try pixels(engine)
        let half = SIMD4<UInt8>(255, 128, 128, 255)
        #expect(near(image[50, 100], half) && near(image[100, 100], half) && near(image[150, 100], half))
        #expect(near(image[10, 100], Self.white))
    }

    /// A layer that clips to bounds of no area hides all it holds (Core Animation's
    /// `masksToBounds`), beside a sibling that still draws: the picture stays well formed.
    @Test func clippingToNoAreaHidesTheSublayers() throws {
        let engine = try stage { e in
            let flat = try e.makeLayer(named: "flat", values: ["frame": [20, 20, 160, 0], "masksToBounds": [1]])
            let inside = try e.makeLayer(named: "inside", parent: flat, values: ["frame": [0, 0, 100, 100]])
            try e.setValue(rgba(Self.red), forKeyPath: "backgroundColor", of: inside)
            let beside = try e.makeLayer(named: "beside", values: ["frame": [120, 120, 40, 40]])
            try e.setValue(rgba(Self.blue), forKeyPath: "backgroundColor", of: beside)
        }
        let svg = try FrameRenderer(viewport: .init(x: 0, y: 0, width: 200, height: 200)).render(engine).svg
        #expect(svg.components(separatedBy: "<g").count == svg.components(separatedBy: "</g>").count)
        let image = try pixels(engine)
        #expect(near(image[60, 60], Self.white) && near(image[140, 140], SIMD4(0, 0, 255, 255)))
    }

    /// A blue stroke 8 wide along y = 100 from x = 10 to 190, unfilled.
    func blueLine(in e: AnimationEngine) throws -> LayerID {
        let line = try e.makeLayer(named: "line")
        try e.setPath(try Path(svgPathData: "M10 100 L190 100"), of: line)
        try e.setValue([0, 0, 0, 0], forKeyPath: "fillColor", of: line)
        try e.setValue(rgba(Self.blue), forKeyPath: "strokeColor", of: line)
        try e.setValue(8, forKeyPath: "lineWidth", of: line)
        return line
    }

    /// A dashed stroke along y = 100 from x = 10: 20 on, 10 off, phase 0, butt caps.
    @Test func aDashedStrokeLeavesItsGaps() throws {
        let engine = try stage { e in
            let line = try blueLine(in: e)
            try e.setAttribute(.numbers([20, 10]), forKey: "lineDashPattern", of: line)
        }
        let image = try pixels(engine)
        for k in 0..<6 {
            let start = 10 + 30 * k
            #expect(near(image[start + 10, 100], SIMD4(0, 0, 255, 255)), "dash \(k)")
            #expect(near(image[start + 25, 100], Self.white), "gap \(k)")
        }
        #expect(near(image[50, 106], Self.white))
    }

    /// The dash pattern given as a value animates: 10 on, 30 off at 0 s growing linearly to
    /// 30 on, 10 off at 1 s, so at 0.5 s each period of 40 starts with 20 on; a length an
    /// animation takes below 0 draws as 0. As a value, it is checked like one.
    @Test func aDashPatternGivenAsAValueAnimates() throws {
        let engine = try stage { e in
            let line = try blueLine(in: e)
            try e.setValue([10, 30], forKeyPath: "lineDashPattern", of: line)
            let grow = try KeyframeTimeline([.init(time: 0, value: [10, 30]), .init(time: 1, value: [30, 10])])
            try e.add(
                KeyframeAnimation(
                    keyPath: "lineDashPattern", timeline: grow, timing: try MediaTiming(duration: 1, fillMode: .both),
                    isRemovedOnCompletion: false),
                forKey: "grow", to: line)
            #expect(throws: HarmonicError.self) { try e.setValue([5, -1], forKeyPath: "lineDashPattern", of: line) }
        }
        try engine.advance(to: 0.5)
        let image = try pixels(engine)
        for k in 0..<4 {
            let start = 10 + 40 * k
            #expect(near(image[start + 15, 100], SIMD4(0, 0, 255, 255)), "dash \(k)")
            #expect(near(image[start + 30, 100], Self.white), "gap \(k)")
        }
    }

    /// A closed path stroked whole keeps its close: where it starts, the sides meet in the
    /// join (a miter fills the square's outer corner), not in two butt caps that leave it empty.
    /// Trimmed, the ends are caps again.
    @Test func aClosedPathStrokedWholeJoinsWhereItStarts() throws {
        func corner(strokeEnd: Double) throws -> SIMD4<UInt8>? {
            let engine = try stage { e in
                let square = try e.makeLayer(named: "square")
                try e.setPath(try Path(svgPathData: "M50 50 L150 50 L150 150 L50 150 Z"), of: square)
                try e.setValue([0, 0, 0, 0], forKeyPath: "fillColor", of: square)
                try e.setValue(rgba(Self.blue), forKeyPath: "strokeColor", of: square)
                try e.setValue(20, forKeyPath: "lineWidth", of: square)
                try e.setValue(strokeEnd, forKeyPath: "strokeEnd", of: square)
            }
            // The outer corner at the start point, (50, 50) moved out by half the width.
            return try pixels(engine)[43, 43]
        }
        #expect(near(try corner(strokeEnd: 1), SIMD4(0, 0, 255, 255)))
        #expect(near(try corner(strokeEnd: 0.999), Self.white))
    }

    /// A compositing filter blends the layer with what is below it: multiply over a yellow
    /// backdrop gives the product of the colours (Compositing and Blending Level 1), normal
    /// where nothing is below.
    @Test func aBlendModeBlendsWithTheBackdrop() throws {
        let engine = try stage { e in
            _ = try e.makeLayer(
                named: "below", values: ["frame": [0, 0, 100, 200], "backgroundColor": [1, 1, 0, 1]])
            let above = try e.makeLayer(
                named: "above", values: ["frame": [50, 0, 100, 200], "backgroundColor": [0.5, 0.5, 1, 1]])
            try e.setAttribute(.name("multiplyBlendMode"), forKey: "compositingFilter", of: above)
        }
        let image = try pixels(engine)
        #expect(near(image[75, 100], SIMD4(128, 128, 0, 255)))
        #expect(near(image[125, 100], SIMD4(128, 128, 255, 255)))
        #expect(throws: HarmonicError.self) {
            try engine.setAttribute(.name("addBlendMode"), forKey: "compositingFilter", of: LayerID(0))
        }
    }

    /// A blended layer's opacity fades the blend's result (Compositing and Blending Level 1,
    /// "Simple alpha compositing" after "Blending"): a Hue layer at 77 % over nothing is its own
    /// colour at 77 % (with no backdrop a blend is the source), and over a grey it stays that
    /// grey (hue takes the backdrop's saturation, 0, and luminosity).
    @Test func aBlendedLayerAtPartialOpacityFadesTheBlend() throws {
        let orange = SIMD4<Double>(1, 87.0 / 255, 4.0 / 255, 1)
        let engine = try stage { e in
            _ = try e.makeLayer(
                named: "grey", values: ["frame": [0, 0, 100, 200], "backgroundColor": [0.5, 0.5, 0.5, 1]])
            let above = try e.makeLayer(
                named: "above",
                values: ["frame": [50, 0, 100, 200], "backgroundColor": rgba(orange), "opacity": [0.77]])
            try e.setAttribute(.name("hueBlendMode"), forKey: "compositingFilter", of: above)
        }
        // Drawn on a clear page: on the white one, white would be the backdrop.
        let frame = try FrameRenderer(viewport: .init(x: 0, y: 0, width: 200, height: 200)).render(engine)
        let image = try SVGRasterizer.pixels(
            svg: frame.svg, width: frame.width, height: frame.height, scale: 1, transparent: true)
        // Un-premultiplied: the colour itself at alpha 0.77 · 255.
        #expect(near(image[125, 100], SIMD4(255, 87, 4, 196)))
        #expect(near(image[75, 100], SIMD4(128, 128, 128, 255)))
    }

    /// The border is drawn inside the bounds' edge, above the sublayers.
    @Test func theBorderIsInsideTheEdgeAndOnTop() throws {
        let engine = try stage { e in
            let card = try e.makeLayer(named: "card", values: ["frame": [50, 50, 100, 100], "borderWidth": [10]])
            try e.setValue(rgba(Self.red), forKeyPath: "borderColor", of: card)
            let child = try e.makeLayer(named: "child", parent: card, values: ["frame": [0, 0, 100, 100]])
            try e.setValue(rgba(Self.blue), forKeyPath: "backgroundColor", of: child)
        }
        let image = try pixels(engine)
        #expect(near(image[55, 100], SIMD4(255, 0, 0, 255)))
        #expect(near(image[100, 100], SIMD4(0, 0, 255, 255)))
        #expect(near(image[45, 100], Self.white))
    }

    /// A card turned 50° about y under a perspective of 400 points (`m34 = −1/400` in the
    /// parent's `sublayerTransform`): the four corners land where the engine's world transform
    /// puts them, and the quadrilateral between them is filled.
    @Test func perspectiveDrawsTheProjectedQuadrilateral() throws {
        var layerID = LayerID(0)
        let engine = try stage { e in
            let stageLayer = try e.makeLayer(named: "stage", values: ["frame": [0, 0, 200, 200]])
            var perspective = Transform3D.identity
            perspective[2, 3] = -1.0 / 400
            try e.setValue(AnimatableVector(perspective.components), forKeyPath: "sublayerTransform", of: stageLayer)
            layerID = try e.makeLayer(named: "card", parent: stageLayer, values: ["frame": [50, 50, 100, 100]])
            try e.setValue(rgba(Self.red), forKeyPath: "backgroundColor", of: layerID)
            try e.setValue(50 * Double.pi / 180, forKeyPath: "transform.rotation.y", of: layerID)
        }
        let world = try engine.worldTransform(of: layerID, source: .presentation)
        let corners = [SIMD2(0.0, 0), SIMD2(100.0, 0), SIMD2(100.0, 100), SIMD2(0.0, 100)].map {
            let p = world.apply(x: $0.x, y: $0.y, z: 0)
            return SIMD2(p.x, p.y)
        }
        let image = try pixels(engine)
        // The centre of the quadrilateral (its diagonals' crossing is inside a convex quad).
        let centre = corners.reduce(.zero, +) / 4
        #expect(near(image[Int(centre.x), Int(centre.y)], SIMD4(255, 0, 0, 255)))
        // Inside the unprojected square but outside the narrowed quad: the left and right
        // edges moved in (cos 50° ≈ 0.64 of the width).
        let minX = corners.map(\.x).min()!, maxX = corners.map(\.x).max()!
        #expect(maxX - minX < 80 && maxX - minX > 50)
        #expect(near(image[Int(minX) - 3, 100], Self.white) && near(image[Int(maxX) + 3, 100], Self.white))
        #expect(near(image[Int(minX) + 3, 100], SIMD4(255, 0, 0, 255)))
    }

    @Test func framesAreByteIdenticalAndHiddenLayersAreNotDrawn() throws {
        let engine = try stage { e in
            let a = try e.makeLayer(named: "a", values: ["frame": [10, 10, 50, 50], "hidden": [1]])
            try e.setValue(rgba(Self.red), forKeyPath: "backgroundColor", of: a)
            let b = try e.makeLayer(named: "b", values: ["frame": [100, 10, 50, 50], "shadowOpacity": [0.5]])
            try e.setValue(rgba(Self.blue), forKeyPath: "backgroundColor", of: b)
        }
        let first = try FrameRenderer().render(engine).svg
        #expect(first == (try FrameRenderer().render(engine).svg))
        #expect(!first.contains("layer-a\"><") || !first.contains("#ff0000"))
        #expect(first.contains("feGaussianBlur"))
        let image = try pixels(engine)
        #expect(near(image[30, 30], Self.white) && near(image[125, 35], SIMD4(0, 0, 255, 255)))
    }
}
