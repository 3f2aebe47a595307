import Foundation
import Harmonic
import HarmonicJSON
import Testing

@testable import HarmonicLottie

/// Each geometry kind's and modifier's rule on its own, without a frame, a layer or a pixel:
/// the path it makes against its closed form, and what it tells the engine moves that path.
@Suite("Lottie shape rules")
struct LottieRuleTests {
    typealias F = LottieTestFiles

    /// `κ = 4(√2 − 1)/3`, the quarter-circle control length (Riškus, "Approximation of a cubic
    /// Bézier curve by circular arcs", 2006).
    static let kappa = 0.552_284_749_830_793_4

    /// The shape items of a one-layer file.
    static func items(_ shapes: [[String: Any]]) throws -> [LottieShape] {
        let animation = try F.load(F.animation(layers: [F.shapeLayer(index: 1, shapes: shapes)]))
        guard case let .shape(items) = animation.layers[0].kind else { return [] }
        return items
    }

    /// The rule of a file's first item, which must be a moving geometry item.
    static func rule(_ shape: [String: Any]) throws -> any LottiePathRule {
        guard case let .geometry(rule)? = try items([shape]).first else {
            throw HarmonicError.invalidParameter(name: "shape", value: "\(shape)", allowed: "a moving geometry item")
        }
        return rule
    }

    /// A property read from its JSON.
    static func property(_ json: JSONValue, path: String = "radius") throws -> LottieProperty {
        guard let p = try LottieProperty.optional(json, path: path, context: LottieReadContext(baseDirectory: nil))
        else {
            throw HarmonicError.invalidParameter(name: path, value: "missing", allowed: "a property")
        }
        return p
    }

    static var growing: [String: Any] { F.keyframes([(0, [40, 20], [:]), (30, [80, 60], [:])]) }

    @Test func everyGeometryKindHasOneRuleUnderItsType() {
        let kinds = LottieShape.pathKinds
        #expect(Set(kinds.keys) == ["sh", "rc", "el", "sr"])
        for (type, kind) in kinds { #expect(kind.type == type) }
        #expect(Set(kinds.values.map { $0.feature }).count == kinds.count)
    }

    /// A rectangle of 40 × 20 centred on (5, 5) with corners of 4: eight vertices from the
    /// right side's top end clockwise, each corner arc's controls `κ·r` from its ends.
    @Test func aRoundedRectangleIsItsClosedForm() throws {
        let rule = try Self.rule(["ty": "rc", "p": F.value([5, 5]), "s": Self.growing, "r": F.value(4)])
        let s = try #require(rule.geometry(at: 0).subpaths.first)
        #expect(s.closed && s.segments.count == 8)
        #expect(s.start == SIMD2(25, -1))
        #expect(
            s.segments.map(\.2) == [
                [25, 11], [21, 15], [-11, 15], [-15, 11], [-15, -1], [-11, -5], [21, -5], [25, -1],
            ])
        // The bottom-right corner: from (25, 11) down κ·4, then into (21, 15) from the right.
        let corner = s.segments[1]
        #expect(abs(corner.0.y - (11 + 4 * Self.kappa)) < 1e-12 && corner.0.x == 25)
        #expect(abs(corner.1.x - (21 + 4 * Self.kappa)) < 1e-12 && corner.1.y == 15)
        // Corners clamp at half the shorter side: r = 30 on a 40 × 20 rectangle is 10.
        let clamped = try Self.rule(["ty": "rc", "p": F.value([0, 0]), "s": Self.growing, "r": F.value(30)])
        let c = try #require(clamped.geometry(at: 0).subpaths.first)
        #expect(c.start == SIMD2(20, 0) && c.segments[0].2 == SIMD2(20, 0))
    }

    /// Direction 3 runs the same outline the other way round.
    @Test func aReversedItemRunsBackwards() throws {
        let forward = try Self.rule(["ty": "el", "p": F.value([0, 0]), "s": Self.growing])
        let backward = try Self.rule(["ty": "el", "p": F.value([0, 0]), "s": Self.growing, "d": 3])
        #expect(backward.geometry(at: 0) == forward.geometry(at: 0).reversed)
        #expect(backward.geometry(at: 0) != forward.geometry(at: 0))
    }

    /// A five-pointed star of radii 10 and 4, turned 18°: vertex `i` at angle −90° + 18° + 36°·i
    /// on the outer circle for even `i`, the inner for odd.
    @Test func aStarsVerticesLieOnItsCircles() throws {
        let rule = try Self.rule([
            "ty": "sr", "sy": 1, "pt": F.value(5), "p": F.value([3, 4]), "r": F.value(18),
            "or": F.keyframes([(0, [10], [:]), (30, [20], [:])]), "ir": F.value(4), "os": F.value(0),
            "is": F.value(0),
        ])
        let s = try #require(rule.geometry(at: 0).subpaths.first)
        let points = [s.start] + s.segments.dropLast().map(\.2)
        #expect(points.count == 10)
        for (i, p) in points.enumerated() {
            let angle = (-90 + 18 + 36 * Double(i)) * Double.pi / 180
            let r = i % 2 == 0 ? 10.0 : 4.0
            #expect(abs(p.x - (3 + r * cos(angle))) < 1e-12 && abs(p.y - (4 + r * sin(angle))) < 1e-12)
        }
    }

    /// A rectangle whose size moves is affine in it with sharp corners; a moving rounding after
    /// it joins the drivers and cuts the path where `r`, `w/2` or `h/2` change places.
    @Test func aRoundingOfARectangleIsAffineBetweenItsClamps() throws {
        let rule = try Self.rule(["ty": "rc", "p": F.value([0, 0]), "s": Self.growing, "r": F.value(0)])
        var paths = [rule.drivers]
        #expect(Set(paths[0].affine.keys) == ["layers[0].shapes[0].s"])
        guard case .sharp? = paths[0].corners else {
            Issue.record("a sharp rectangle's corners: \(String(describing: paths[0].corners))")
            return
        }
        let radius = try Self.property(
            .object([
                "a": .number(1),
                "k": .array([
                    .object(["t": .number(0), "s": .array([.number(2)])]),
                    .object(["t": .number(30), "s": .array([.number(50)])]),
                ]),
            ]))
        LottieRoundCorners(radius: radius).drive(&paths, reaching: [0])
        #expect(Set(paths[0].affine.keys) == ["layers[0].shapes[0].s", "radius"])
        #expect(paths[0].clampedRectangles.count == 1 && paths[0].nonlinear == nil && paths[0].corners == nil)
        // An ellipse whose size stays above 0 has no corner to round: nothing changes.
        var ellipse = [try Self.rule(["ty": "el", "p": F.value([0, 0]), "s": Self.growing]).drivers]
        LottieRoundCorners(radius: radius).drive(&ellipse, reaching: [0])
        #expect(Set(ellipse[0].affine.keys) == ["layers[0].shapes[0].s"] && ellipse[0].nonlinear == nil)
        // A path's vertices: rounding them is no keyframe of the path.
        var bezier = [
            try Self.rule([
                "ty": "sh",
                "ks": F.keyframes([
                    (
                        0,
                        [
                            [
                                "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]],
                                "o": [[0, 0], [0, 0], [0, 0]], "c": true,
                            ]
                        ], [:]
                    ),
                    (
                        30,
                        [
                            [
                                "v": [[0, 0], [20, 0], [20, 20]], "i": [[0, 0], [0, 0], [0, 0]],
                                "o": [[0, 0], [0, 0], [0, 0]], "c": true,
                            ]
                        ], [:]
                    ),
                ]),
            ]).drivers
        ]
        LottieRoundCorners(radius: radius).drive(&bezier, reaching: [0])
        #expect(bezier[0].nonlinear == .roundedCorners)
    }

    /// Trimming two paths of lengths 30 and 10 to their first half: individually the half of
    /// the 40 together is the first 20 of the first path and none of the second; simultaneously
    /// each path keeps its own first half.
    @Test func aTrimCutsThePathsOnTheirOwnOrAsOneLength() throws {
        func line(_ length: Double) -> LottieGeometry {
            LottieGeometry(
                subpaths: [.init(start: .zero, segments: [(.zero, SIMD2(length, 0), SIMD2(length, 0))], closed: false)])
        }
        let half = try Self.property(.object(["a": .number(0), "k": .number(50)]), path: "e")
        for individually in [true, false] {
            var paths = [line(30), line(10)]
            LottieTrim(path: "trim", start: nil, end: half, offset: nil, individually: individually)
                .cut(&paths, measured: paths.map(\.path), at: 0)
            let lengths = paths.map { $0.path?.length ?? 0 }
            let expected: [Double] = individually ? [20, 0] : [15, 5]
            #expect(zip(lengths, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(individually): \(lengths)")
        }
    }
}
