import Foundation
import Harmonic
import HarmonicRender
import Testing

@testable import HarmonicLottie

/// Shapes: geometry, paint order and scope, trims in both modes with the offset wrapping, and
/// pixels of the drawn frame.
@Suite("Lottie: shapes and drawing")
struct LottieShapeTests {
    typealias F = LottieTestFiles

    static func shapes(_ items: [[String: Any]], at frame: Double = 0) throws -> [LottieFrame.Shape] {
        let a = try F.load(F.animation(layers: [F.shapeLayer(index: 1, shapes: items)]))
        return a.frame(at: frame).layers[0].shapes
    }

    static func length(_ shape: LottieFrame.Shape) throws -> Double {
        shape.pathData.isEmpty ? 0 : try Path(svgPathData: shape.pathData).length
    }

    @Test func paintsApplyToThePathsAboveThemInOrder() throws {
        // Group A (on top) with its own fill; the outer stroke paints both A's rectangle and B.
        let shapes = try Self.shapes([
            ["ty": "gr", "it": [F.rectangle(10, 10), F.fill([1, 0, 0])]],
            F.rectangle(40, 20),
            F.stroke([0, 0, 1], width: 3),
            F.fill([0, 1, 0]),
        ])
        #expect(shapes.map(\.paint) == ["fill", "stroke", "fill"])
        #expect(shapes[0].color == [1, 0, 0])
        // The stroke and the green fill paint two subpaths each: the group's and the outer one.
        #expect(shapes[1].pathData.filter { $0 == "M" }.count == 2)
        #expect(shapes[2].pathData.filter { $0 == "M" }.count == 2)
        // Perimeters 40 + 120.
        #expect(abs(try Self.length(shapes[1]) - 160) <= 1e-9)
    }

    @Test func groupTransformsScaleStrokes() throws {
        let shapes = try Self.shapes([
            [
                "ty": "gr",
                "it": [
                    F.rectangle(10, 10), F.stroke([0, 0, 0], width: 2),
                    [
                        "ty": "tr", "p": F.value([50, 0]), "a": F.value([0, 0]), "s": F.value([300, 300]),
                        "r": F.value(0), "o": F.value(50),
                    ],
                ],
            ]
        ])
        #expect(shapes.count == 1)
        // The stroke lives in the group: width 2 in its units, the group's scale in its transform.
        #expect(shapes[0].width == 2)
        #expect(shapes[0].transform == [3, 0, 0, 3, 50, 0])
        #expect(shapes[0].opacity == 0.5)
    }

    @Test func ellipseRectangleAndStarGeometry() throws {
        let shapes = try Self.shapes([
            ["ty": "el", "p": F.value([0, 0]), "s": F.value([200, 100])], F.fill([0, 0, 0]),
        ])
        let path = try Path(svgPathData: shapes[0].pathData)
        // Four cubic quarters through the ellipse's extreme points, starting at the top, clockwise.
        #expect(path.keyframePoints.prefix(4) == [SIMD2(0, -50), SIMD2(100, 0), SIMD2(0, 50), SIMD2(-100, 0)])
        // Ramanujan's perimeter of the 100 × 50 ellipse; the κ cubics are within 3e-4 of it.
        let (a, b) = (100.0, 50.0)
        let h = (a - b) * (a - b) / ((a + b) * (a + b))
        let ramanujan = Double.pi * (a + b) * (1 + 3 * h / (10 + (4 - 3 * h).squareRoot()))
        #expect(abs(path.length / ramanujan - 1) <= 3e-4)

        let rounded = try Self.shapes([F.rectangle(40, 20, roundness: 5), F.fill([0, 0, 0])])
        // Straight sides 30 + 10 + 30 + 10 and four quarter circles of radius 5 (κ cubics).
        let roundedLength = try Self.length(rounded[0])
        #expect(abs(roundedLength - (80 + 2 * .pi * 5)) <= 80 * 3e-4)

        let star = try Self.shapes([
            [
                "ty": "sr", "sy": 1, "pt": F.value(5), "p": F.value([0, 0]), "r": F.value(0), "or": F.value(50),
                "ir": F.value(20), "os": F.value(0), "is": F.value(0),
            ],
            F.fill([0, 0, 0]),
        ])
        let starPath = try Path(svgPathData: star[0].pathData)
        let points = starPath.keyframePoints.prefix(10)
        #expect(points.count == 10)
        for (i, p) in points.enumerated() {
            let radius = (p * p).sum().squareRoot()
            #expect(abs(radius - (i % 2 == 0 ? 50 : 20)) <= 1e-12)
        }
        #expect(abs(points[points.startIndex].y + 50) <= 1e-12)  // the first point at the top
    }

    /// A 100 × 50 rectangle has perimeter 300.
    @Test func trimSimultaneousWithWrappingOffset() throws {
        func trimmed(_ s: Double, _ e: Double, _ o: Double) throws -> Double {
            let shapes = try Self.shapes([
                F.rectangle(100, 50),
                ["ty": "tm", "s": F.value(s), "e": F.value(e), "o": F.value(o), "m": 1],
                F.stroke([0, 0, 0], width: 1),
            ])
            return try shapes.first.map(Self.length) ?? 0
        }
        #expect(abs(try trimmed(0, 50, 0) - 150) <= 1e-9)
        #expect(abs(try trimmed(60, 20, 0) - 120) <= 1e-9)  // start after end: swapped
        // Offset by half a turn: 25…75 % becomes 75…125 %, wrapping into two pieces.
        let wrapped = try Self.shapes([
            F.rectangle(100, 50),
            ["ty": "tm", "s": F.value(25), "e": F.value(75), "o": F.value(180), "m": 1],
            F.stroke([0, 0, 0], width: 1),
        ])
        #expect(wrapped[0].pathData.filter { $0 == "M" }.count == 2)
        #expect(abs(try Self.length(wrapped[0]) - 150) <= 1e-9)
        #expect(try trimmed(30, 30, 0) == 0)
        #expect(abs(try trimmed(0, 100, 123) - 300) <= 1e-9)  // a whole turn stays whole
        let ranges = LottieTrim.ranges(start: 0.9, end: 1, offset: -0.25)
        #expect(ranges.count == 1 && abs(ranges[0].0 - 0.65) <= 1e-15 && abs(ranges[0].1 - 0.75) <= 1e-15)
    }

    /// Individually: the paths as one length, in order. Perimeters 300 and 100 (400 in all).
    /// Round Corners against the rule's closed form: on a 100 × 60 rectangle with radius 10
    /// each corner becomes two vertices 10 from it along the sides, joined by a cubic whose
    /// controls are 0.5519 of the way back to the corner; a radius past half a side stops at
    /// the side's middle; the ends of an open path stay sharp.
    @Test func roundCornersFollowTheRule() throws {
        let rounded = try Self.shapes([F.rectangle(100, 60), ["ty": "rd", "r": F.value(10)], F.fill([1, 0, 0])])
        let path = try Path(svgPathData: rounded[0].pathData)
        // The top right corner (50, −30): from (40, −30) to (50, −20).
        let k = 0.5519
        let corner = try Path(
            svgPathData: "M40 -30 C\(40 + 10 * k) -30 50 \(-30 + 10 * (1 - k)) 50 -20")
        #expect(path.elements.contains(corner.elements[1]), "\(rounded[0].pathData)")
        // Four straight sides shortened by 20 and four corner curves: the perimeter.
        let quarter = corner.length
        #expect(abs(path.length - (2 * 80 + 2 * 40 + 4 * quarter)) <= 1e-9)
        // A quarter circle of radius 10 is 15.708; κ = 0.5519 draws it within 0.02 %.
        #expect(abs(quarter - 5 * .pi) <= 5e-3)
        let wide = try Self.shapes([F.rectangle(100, 60), ["ty": "rd", "r": F.value(1000)], F.fill([1, 0, 0])])
        let limited = try Path(svgPathData: wide[0].pathData)
        // Each side is cut at its middle: the vertices are the sides' midpoints.
        func reaches(_ p: SIMD2<Double>) -> Bool {
            limited.elements.contains {
                switch $0 {
                case let .move(to), let .curve(to, _, _): return to == p
                default: return false
                }
            }
        }
        #expect(reaches(SIMD2(0, -30)) && reaches(SIMD2(50, 0)) && reaches(SIMD2(0, 30)) && reaches(SIMD2(-50, 0)))
        let open: [String: Any] = [
            "ty": "sh",
            "ks": F.value([
                "c": false, "v": [[0, 0], [50, 50], [100, 0]], "i": [[0, 0], [0, 0], [0, 0]],
                "o": [[0, 0], [0, 0], [0, 0]],
            ]),
        ]
        let zig = try Self.shapes([open, ["ty": "rd", "r": F.value(5)], F.stroke([0, 0, 0], width: 1)])
        let zigPath = try Path(svgPathData: zig[0].pathData)
        #expect(zigPath.elements.first == .move(to: SIMD2(0, 0)))
        if case let .curve(to, _, _)? = zigPath.elements.last { #expect(to == SIMD2(100, 0)) } else { Issue.record() }
        #expect(zigPath.elements.count == 4)  // move, side, rounded corner, side
    }

    @Test func trimIndividually() throws {
        let shapes = try Self.shapes([
            F.rectangle(100, 50),
            F.rectangle(25, 25, at: [200, 0]),
            ["ty": "tm", "s": F.value(0), "e": F.value(50), "o": F.value(0), "m": 2],
            F.stroke([0, 0, 0], width: 1),
        ])
        // The first 200 of 400: two thirds of the rectangle, none of the square.
        #expect(abs(try Self.length(shapes[0]) - 200) <= 1e-9)
        #expect(shapes[0].pathData.filter { $0 == "M" }.count == 1)
        let later = try Self.shapes([
            F.rectangle(100, 50),
            F.rectangle(25, 25, at: [200, 0]),
            ["ty": "tm", "s": F.value(70), "e": F.value(90), "o": F.value(0), "m": 2],
            F.stroke([0, 0, 0], width: 1),
        ])
        // 280…360: the last 20 of the rectangle and 60 of the square.
        #expect(abs(try Self.length(later[0]) - 80) <= 1e-9)
        #expect(later[0].pathData.filter { $0 == "M" }.count == 2)
    }

    /// The drawn PNG: a red square on a transparent page, at the place the layer puts it.
    @Test func pixelsOfTheDrawnFrame() throws {
        let a = try F.load(
            F.animation(
                width: 100, height: 100,
                layers: [
                    F.shapeLayer(
                        index: 1, transform: F.transform(position: [30, 70]),
                        shapes: [F.rectangle(20, 20), F.fill([1, 0, 0], opacity: 50)])
                ]))
        let svg = a.frame(at: 0).svg(width: 200, height: 200)
        let image = try SVGRasterizer.pixels(svg: svg, width: 200, height: 200, scale: 1, transparent: true)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.rgba[(y * 200 + x) * 4..<(y * 200 + x) * 4 + 4]) }
        // The square covers 20…40 × 60…80, twice that in the 200-pixel picture.
        let inside = pixel(60, 140)
        #expect(inside[0] == 255 && inside[1] == 0 && inside[2] == 0)
        #expect(abs(Int(inside[3]) - 128) <= 1)
        #expect(pixel(100, 100)[3] == 0)
        #expect(pixel(10, 10)[3] == 0)
    }

    /// Colour and opacity stops merged at every offset of either, each interpolated there.
    @Test func gradientStopsMerge() {
        let v: AnimatableVector = [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0.5, 0.2, 1, 0.6]
        let stops = LottieGradient.stops(v, colorStops: 2)
        #expect(stops.count == 3)
        #expect(stops[0] == [0, 1, 0, 0, 1])
        #expect(stops[1] == [0.5, 0.5, 0, 0.5, 0.2])
        #expect(stops[2] == [1, 0, 0, 1, 0.6])
    }

    /// Stops sharing an offset are a hard edge: both sides stay, in the file's order, and an
    /// opacity stop elsewhere still applies to both.
    @Test func hardEdgesStay() {
        // Red up to 0.5, blue from there; opacity 1 at 0 falling to 0 at 1.
        let v: AnimatableVector = [0, 1, 0, 0, 0.5, 1, 0, 0, 0.5, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0]
        let stops = LottieGradient.stops(v, colorStops: 4)
        #expect(stops == [[0, 1, 0, 0, 1], [0.5, 1, 0, 0, 0.5], [0.5, 0, 0, 1, 0.5], [1, 0, 0, 1, 0]])
        // An opacity hard edge at 0.25 over a ramp of colour: one colour, both opacities.
        let w: AnimatableVector = [0, 0, 0, 0, 1, 1, 1, 1, 0.25, 1, 0.25, 0.2]
        #expect(
            LottieGradient.stops(w, colorStops: 2) == [
                [0, 0, 0, 0, 1], [0.25, 0.25, 0.25, 0.25, 1], [0.25, 0.25, 0.25, 0.25, 0.2], [1, 1, 1, 1, 0.2],
            ])
    }

    /// A vertical gradient of one colour whose opacity falls from 1 to 0.2 at 30 % and rises to
    /// 1 again: pixel alpha follows the opacity stops.
    @Test func opacityStopsByPixels() throws {
        let gradient: [String: Any] = [
            "ty": "gf", "t": 1, "s": F.value([0, -50]), "e": F.value([0, 50]), "o": F.value(100), "r": 1,
            "g": ["p": 2, "k": F.value([0, 0, 0.6, 0.3, 1, 0, 0.6, 0.3, 0, 1, 0.3, 0.2, 1, 1])],
        ]
        let a = try F.load(
            F.animation(
                width: 100, height: 100,
                layers: [
                    F.shapeLayer(
                        index: 1, transform: F.transform(position: [50, 50]),
                        shapes: [F.rectangle(100, 100, at: [0, 0]), gradient]
                    )
                ]))
        let layer = a.frame(at: 0).layers[0]
        #expect(layer.shapes[0].gradient?.stops.map { $0[4] } == [1, 0.2, 1])
        let image = try SVGRasterizer.pixels(
            svg: a.frame(at: 0).svg(), width: 100, height: 100, scale: 1, transparent: true)
        func alpha(_ y: Int) -> Double { Double(image.rgba[(y * 100 + 50) * 4 + 3]) / 255 }
        // Pixel rows are sampled at their centres, y + 0.5 of the gradient's 0…100.
        for y in [5, 15, 29, 45, 80] {
            let t = (Double(y) + 0.5) / 100
            let expected = t <= 0.3 ? 1 - 0.8 * t / 0.3 : 0.2 + 0.8 * (t - 0.3) / 0.7
            #expect(abs(alpha(y) - expected) <= 1.5 / 255, "row \(y)")
        }
    }
}

/// Repeaters: where each copy goes, how it fades, how the copies stack, and the copy limit.
@Suite("Lottie: repeaters")
struct LottieRepeaterTests {
    typealias F = LottieTestFiles

    static func repeater(
        _ copies: Any, offset: Double = 0, position: [Double] = [0, 0], rotation: Double = 0,
        start: Double = 100, end: Double = 100, mode: Int = 1
    ) -> [String: Any] {
        [
            "ty": "rp", "c": (copies as? [String: Any]) ?? F.value(copies), "o": F.value(offset), "m": mode,
            "tr": [
                "a": F.value([0, 0]), "p": F.value(position), "s": F.value([100, 100]), "r": F.value(rotation),
                "so": F.value(start), "eo": F.value(end),
            ],
        ]
    }

    static func shapes(_ items: [[String: Any]]) throws -> [LottieFrame.Shape] {
        try F.load(F.animation(layers: [F.shapeLayer(index: 1, shapes: items)])).frame(at: 0).layers[0].shapes
    }

    /// Three copies stepping 30 to the right from an offset of one step, fading 100 → 40 %.
    @Test func copiesStepFromTheOffsetAndFade() throws {
        let shapes = try Self.shapes([
            F.rectangle(10, 10), F.fill([1, 0, 0]),
            Self.repeater(3, offset: 1, position: [30, 0], start: 100, end: 40),
        ])
        #expect(shapes.count == 3)
        // Topmost first: with copies stacked above, the last copy is on top.
        #expect(shapes.map { $0.transform[4] } == [90, 60, 30])
        #expect(shapes.map(\.opacity).map { ($0 * 1e12).rounded() / 1e12 } == [0.4, 0.7, 1])
        let below = try Self.shapes([
            F.rectangle(10, 10), F.fill([1, 0, 0]), Self.repeater(3, position: [30, 0], mode: 2),
        ])
        #expect(below.map { $0.transform[4] } == [0, 30, 60])
    }

    /// The step's parts are multiplied out, not composed: with a quarter turn and (10, 0) a
    /// step, copy 2 is turned half a turn about the anchor and moved (20, 0).
    @Test func stepPartsAreMultipliedOut() throws {
        let shapes = try Self.shapes([
            F.rectangle(4, 4), F.fill([0, 0, 0]), Self.repeater(3, position: [10, 0], rotation: 90),
        ])
        let top = shapes[0].toLayer
        let p = top.apply(to: SIMD2(1, 0))
        #expect(abs(p.x - 19) <= 1e-12 && abs(p.y) <= 1e-12)
    }

    @Test func animatedCountAndLimit() throws {
        let growing = F.animation(layers: [
            F.shapeLayer(
                index: 1,
                shapes: [
                    F.rectangle(4, 4), F.fill([0, 0, 0]),
                    Self.repeater(F.keyframes([(0, [1], [:]), (10, [11], [:])]), position: [5, 0]),
                ])
        ])
        let a = try F.load(growing)
        #expect(a.frame(at: 0).layers[0].shapes.count == 1)
        #expect(a.frame(at: 5).layers[0].shapes.count == 6)
        #expect(a.info.features.contains("shape.repeater") && a.unsupported.isEmpty)
        let tooMany = F.animation(layers: [
            F.shapeLayer(index: 1, shapes: [F.rectangle(4, 4), F.fill([0, 0, 0]), Self.repeater(5000)])
        ])
        #expect { try LottieAnimation(json: tooMany, strict: true) } throws: {
            "\($0)".contains("layers[0].shapes[2].c")
        }
        // Leniently, the repeater is left out with a warning and the square still draws.
        let lenient = try F.load(tooMany)
        #expect(lenient.warnings.map(\.path) == ["layers[0].shapes[2].c.k"])
        #expect(lenient.frame(at: 0).layers[0].shapes.count == 1)
    }

    /// Path data: `M x y` per subpath, `C` with both controls and the end per segment, `Z`
    /// where it closes, numbers in their shortest round-trip form, single spaces between.
    @Test func pathDataIsWrittenInFull() {
        let geometry = LottieGeometry(subpaths: [
            .init(start: SIMD2(0, 0), segments: [(SIMD2(1, 2), SIMD2(3, 4), SIMD2(5, 6))], closed: true),
            .init(
                start: SIMD2(-1.5, 0.1),
                segments: [
                    (SIMD2(1e-7, -0.0), SIMD2(2.5e20, 7), SIMD2(8, .nan)), (SIMD2(1, 1), SIMD2(2, 2), SIMD2(3, 3)),
                ],
                closed: false),
            .init(start: SIMD2(4, 4), segments: [], closed: false),
        ])
        #expect(
            geometry.svgPathData
                == "M0 0 C1 2 3 4 5 6 Z M-1.5 0.1 C1e-07 0 2.5e+20 7 8 0 C1 1 2 2 3 3 M4 4")
        #expect(LottieGeometry().svgPathData == "")
    }
}
