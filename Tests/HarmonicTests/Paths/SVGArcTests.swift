import Foundation
import Harmonic
import HarmonicTestSupport
import Testing

/// SVG's `A`/`a` command, by SVG 1.1 Appendix F.6: the four flag combinations, the corrections
/// of F.6.2 and F.6.6, packed flags, relative and repeated arcs.
@Suite("SVG elliptical arcs")
struct SVGArcTests {
    typealias P = SIMD2<Double>

    func distance(_ a: P, _ b: P) -> Double { ((a - b) * (a - b)).sum().squareRoot() }

    func arcs(_ d: String) throws -> [EllipticalArc<P>] {
        try Path(svgPathData: d).elements.compactMap { if case let .arc(a) = $0 { a } else { nil } }
    }

    /// From (0, 0) to (1, 1) with radius 1 there are two circles, centred at (1, 0) and (0, 1),
    /// and on each a short (quarter) and a long (three-quarter) arc. SVG picks by the flags: a
    /// positive sweep turns from +x towards +y (clockwise on a y-down screen).
    @Test(arguments: [
        (false, true, P(0, 1), Double.pi / 2), (false, false, P(1, 0), -Double.pi / 2),
        (true, true, P(1, 0), 3 * Double.pi / 2), (true, false, P(0, 1), -3 * Double.pi / 2),
    ])
    func flagsChooseTheArc(largeArc: Bool, sweep: Bool, center: P, delta: Double) throws {
        let d = "M0 0 A1 1 0 \(largeArc ? 1 : 0) \(sweep ? 1 : 0) 1 1"
        let arc = try #require(try arcs(d).first)
        #expect(distance(arc.center, center) <= 1e-15)
        #expect(abs(arc.sweep - delta) <= 1e-15)
        #expect(arc.isLargeArc == largeArc)
        #expect(arc.start == P(0, 0) && arc.end == P(1, 1))
        #expect(relativeError(try Path(svgPathData: d).length, abs(delta)) <= 1e-15)
    }

    /// F.6.6: radii too small to reach the end point grow until the chord is a diameter; here
    /// a circle of radius 0.5 between points 2 apart becomes the semicircle of radius 1.
    @Test func smallRadiiAreScaledUp() throws {
        let arc = try #require(try arcs("M0 0 A0.5 0.5 0 0 1 2 0").first)
        #expect(distance(arc.center, P(1, 0)) <= 1e-15)
        #expect(abs(arc.radii.x - 1) <= 1e-15 && abs(arc.radii.y - 1) <= 1e-15)
        #expect(abs(arc.sweep - Double.pi) <= 1e-15)
        // The semicircle passes through (1, −1): angles grow from +x towards +y, so from π the
        // positive sweep passes 3π/2.
        #expect(distance(arc.point(at: 0.5), P(1, -1)) <= 1e-15)
        // An ellipse scales with its aspect ratio kept: radii (2, 1) rotated 90° reach (0, 0)
        // to (0, 8) only when scaled to (4, 2).
        let tall = try #require(try arcs("M0 0 A2 1 90 0 0 0 8").first)
        #expect(abs(tall.radii.x - 4) <= 1e-14 && abs(tall.radii.y - 2) <= 1e-14)
        #expect(distance(tall.center, P(0, 4)) <= 1e-14)
    }

    /// F.6.2: an arc to the current point is omitted; a zero radius is a straight line;
    /// negative radii are their absolute values.
    @Test func outOfRangeParameters() throws {
        #expect(
            try Path(svgPathData: "M1 1 A1 1 0 0 1 1 1 L2 2").elements == [.move(to: P(1, 1)), .line(to: P(2, 2))])
        #expect(try Path(svgPathData: "M0 0 A0 1 0 0 1 2 0").elements == [.move(to: P(0, 0)), .line(to: P(2, 0))])
        #expect(try Path(svgPathData: "M0 0 A3 0 0 0 1 2 0").elements == [.move(to: P(0, 0)), .line(to: P(2, 0))])
        let negative = try #require(try arcs("M0 0 A-1 -1 0 0 1 1 1").first)
        #expect(try arcs("M0 0 A1 1 0 0 1 1 1").first == negative)
    }

    /// The x-axis rotation is in degrees; every point of the arc lies on the rotated ellipse
    /// through both end points, and the arc is the one the flags name.
    @Test func rotatedEllipse() throws {
        let arc = try #require(try arcs("M10 20 A30 10 30 1 0 40 35").first)
        let phi = 30 * Double.pi / 180
        #expect(abs(arc.rotation - phi) <= 1e-15)
        for k in 0...40 {
            let d = arc.point(at: Double(k) / 40) - arc.center
            let x = cos(phi) * d.x + sin(phi) * d.y, y = -sin(phi) * d.x + cos(phi) * d.y
            #expect(abs((x / 30) * (x / 30) + (y / 10) * (y / 10) - 1) <= 1e-14)
        }
        #expect(arc.isLargeArc && arc.sweep < 0)
    }

    /// Flags are single characters that need no separator: `a1 1 0 00 1 1` is
    /// `a 1 1 0 0 0 1 1`, and commas may sit anywhere the grammar allows.
    @Test func packedFlagsAndSeparators() throws {
        let spaced = try Path(svgPathData: "M0 0 a 1 1 0 0 0 1 1")
        #expect(try Path(svgPathData: "M0 0 a1 1 0 00 1 1") == spaced)
        #expect(try Path(svgPathData: "M0,0a1,1,0,0,0,1,1") == spaced)
        #expect(try Path(svgPathData: "M0 0 a1 1 0 0,0 1,1") == spaced)
        // "1012 0" reads as flags 1 and 0, then x = 12.
        let packed = try #require(try arcs("M0 0 A20 20 0 1012 0").first)
        #expect(packed.isLargeArc && packed.sweep < 0 && packed.end == P(12, 0))
    }

    /// `a` is relative to the current point; extra argument groups repeat the command; after
    /// an arc, `S` and `T` do not reflect (their control is the current point).
    @Test func relativeRepeatedAndFollowedByShorthand() throws {
        let path = try Path(svgPathData: "M5 5 a1 1 0 0 1 2 0 1 1 0 0 1 2 0 S10 10 11 5")
        let found = path.elements.compactMap { if case let .arc(a) = $0 { a } else { nil } }
        #expect(found.map(\.end) == [P(7, 5), P(9, 5)])
        #expect(path.elements.last == .curve(to: P(11, 5), control1: P(9, 5), control2: P(10, 10)))
        #expect(relativeError(path.segments.prefix(2).reduce(0) { $0 + arcLength($1) }, 2 * Double.pi) <= 1e-15)
    }

    func arcLength(_ segment: CurveSegment<P>) -> Double {
        ArcLength(segments: [segment.speed]).length
    }

    /// The path writes arcs back as `A` commands that read as the same ellipse: lengths and
    /// points agree to rounding, end points exactly. Arcs over 120° are written in pieces.
    @Test func writtenArcsReadBack() throws {
        let path = try Path(svgPathData: "M10 20 A30 10 30 1 0 40 35 L0 0 A5 5 0 0 1 1 1")
        let reread = try Path(svgPathData: path.svgPathData)
        #expect(relativeError(reread.length, path.length) <= 1e-14)
        for k in 0...20 {
            let s = Double(k) / 20 * path.length
            #expect(distance(reread.point(atLength: s), path.point(atLength: s)) <= 1e-12 * path.length)
        }
        #expect(reread.keyframePoints.last == path.keyframePoints.last)
        // Near half a turn and a whole turn SVG's centre is ill-conditioned: those arcs are
        // written in pieces of at most 0.8π; others as one command with the exact end point.
        func commands(_ sweep: Double) -> Int {
            let arc = EllipticalArc(center: P(0, 0), radii: P(2, 1), startAngle: 0.3, sweep: sweep)
            return PathElement.arc(arc).description.split(separator: "A").count
        }
        #expect(commands(2 * Double.pi) == 3)
        #expect(commands(-Double.pi) == 2)
        #expect(commands(0.5 * Double.pi) == 1)
        #expect(commands(1.5 * Double.pi) == 1)
        #expect(commands(7 * Double.pi) == 9)
    }

    /// Bad arcs: a flag that is not 0 or 1, missing numbers; the offset names the spot.
    @Test func badArcsNameTheOffset() {
        for (d, offset) in [("M0 0 A1 1 0 2 1 2 2", 12), ("M0 0 A1 1 0 1 1 2", 17), ("M0 0 A1 1", 9)] {
            #expect {
                _ = try Path(svgPathData: d)
            } throws: { error in
                guard case let .syntax(_, _, at, _) = error as? HarmonicError else { return false }
                return at == offset
            }
        }
    }
}
