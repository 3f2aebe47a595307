import Foundation
import Harmonic
import HarmonicTestSupport
import Testing

/// The CGPath vocabulary: arcs by angles and by tangents, rectangles, rounded rectangles and
/// ellipses, with Core Graphics' directions and joining rules, against closed forms.
@Suite("Path builder")
struct PathBuilderTests {
    typealias P = SIMD2<Double>

    func distance(_ a: P, _ b: P) -> Double { ((a - b) * (a - b)).sum().squareRoot() }

    func arcs(_ path: Path) -> [EllipticalArc<P>] {
        path.elements.compactMap { if case let .arc(a) = $0 { a } else { nil } }
    }

    /// `clockwise: true` turns towards decreasing angles (clockwise with y up), `false`
    /// towards increasing ones; each goes the way it is told, the long way if need be.
    @Test(arguments: [
        (0.0, Double.pi / 2, false, Double.pi / 2), (0.0, Double.pi / 2, true, -3 * Double.pi / 2),
        (Double.pi / 2, 0.0, true, -Double.pi / 2), (0.0, 2 * Double.pi, false, 2 * Double.pi),
        (0.0, 0.0, false, 0.0), (1.0, 1.0 + 6 * Double.pi, true, -2 * Double.pi),
        (0.0, 7.0, false, 7.0 - 2 * Double.pi),
    ])
    func arcDirection(start: Double, end: Double, clockwise: Bool, sweep: Double) throws {
        var builder = PathBuilder()
        builder.addArc(center: P(10, 10), radius: 2, startAngle: start, endAngle: end, clockwise: clockwise)
        let path = try builder.build()
        #expect(path.elements.first == .move(to: P(10 + 2 * cos(start), 10 + 2 * sin(start))))
        #expect(abs((arcs(path).first.map(\.sweep) ?? 0) - sweep) <= 1e-14)
        #expect(relativeError(path.length, 2 * abs(sweep)) <= 1e-14 || path.length == 0 && sweep == 0)
    }

    /// UIKit's sense (`UIBezierPath`, y-down): `clockwise: true` turns towards increasing
    /// angles, clockwise on screen — a quarter from 0 to π/2 passes through (cos π/4, sin π/4),
    /// below the centre on a y-down screen; the Core Graphics call with the same arguments
    /// goes the long way round, and the two agree when `clockwise` is negated.
    @Test func uiKitClockwiseTurnsClockwiseOnAYDownScreen() throws {
        var uiKit = PathBuilder()
        uiKit.addArc(withCenter: P(0, 0), radius: 1, startAngle: 0, endAngle: Double.pi / 2, clockwise: true)
        let quarter = try uiKit.build()
        #expect(abs((arcs(quarter).first.map(\.sweep) ?? 0) - Double.pi / 2) <= 1e-15)
        let middle = quarter.point(atLength: quarter.length / 2)
        #expect(distance(middle, P(0.5.squareRoot(), 0.5.squareRoot())) <= 1e-15)
        var coreGraphics = PathBuilder()
        coreGraphics.addArc(center: P(0, 0), radius: 1, startAngle: 0, endAngle: Double.pi / 2, clockwise: true)
        #expect(abs((arcs(try coreGraphics.build()).first.map(\.sweep) ?? 0) + 3 * Double.pi / 2) <= 1e-15)
        for (start, end) in [(0.0, 1.0), (2.0, -1.0), (0.5, 0.5 + 4 * Double.pi)] {
            for clockwise in [false, true] {
                var a = PathBuilder(), b = PathBuilder()
                a.addArc(withCenter: P(3, 4), radius: 2, startAngle: start, endAngle: end, clockwise: clockwise)
                b.addArc(center: P(3, 4), radius: 2, startAngle: start, endAngle: end, clockwise: !clockwise)
                #expect(try a.build() == b.build())
            }
        }
    }

    /// An arc added to an open subpath starts with a line from the current point, as in Core
    /// Graphics; one starting at the current point adds no line. Relative arcs turn by `delta`.
    @Test func arcsJoinTheCurrentPoint() throws {
        var builder = PathBuilder()
        builder.move(to: P(0, 0))
        builder.addRelativeArc(center: P(5, 0), radius: 1, startAngle: Double.pi, delta: -Double.pi)
        builder.addRelativeArc(center: P(7, 0), radius: 1, startAngle: Double.pi, delta: Double.pi)
        let path = try builder.build()
        // The joining line ends where the arc starts; the second arc starts where the first ends
        // (cos π = −1 only to rounding: no line of length 1e-16 between them).
        #expect(path.elements.count == 4)
        #expect(distance(path.segments[1].start, P(4, 0)) <= 1e-15 && path.segments[0].end == path.segments[1].start)
        #expect(path.segments[1].end == path.segments[2].start)
        // The first arc passes over the top (y = +1 at θ = π/2), the second under (θ = 3π/2).
        #expect(distance(path.point(atLength: 4 + Double.pi / 2), P(5, 1)) <= 1e-14)
        #expect(distance(path.point(atLength: 4 + 1.5 * Double.pi), P(7, -1)) <= 1e-14)
        #expect(relativeError(path.length, 4 + 2 * Double.pi) <= 1e-15)
    }

    /// A tangent arc: from (0, 0) towards the corner (10, 0) then up to (10, 10), radius 2. The
    /// circle touches both lines at (8, 0) and (10, 2), centre (8, 2), a quarter turn towards
    /// increasing angles.
    @Test func tangentArcRoundsACorner() throws {
        var builder = PathBuilder()
        builder.move(to: P(0, 0))
        builder.addArc(tangent1End: P(10, 0), tangent2End: P(10, 10), radius: 2)
        builder.addLine(to: P(10, 10))
        let path = try builder.build()
        #expect(path.elements[1] == .line(to: P(8, 0)))
        let arc = try #require(arcs(path).first)
        #expect(distance(arc.center, P(8, 2)) <= 1e-14)
        #expect(abs(arc.sweep - Double.pi / 2) <= 1e-14)
        #expect(arc.end == P(10, 2))
        #expect(relativeError(path.length, 8 + Double.pi + 8) <= 1e-15)
        // Turning the other way (down) gives a negative sweep; at 60° the tangent length is
        // r/tan(60°): the lines meet at 120°, the arc turns by 60°.
        var other = PathBuilder()
        other.move(to: P(0, 0))
        other.addArc(tangent1End: P(10, 0), tangent2End: P(10 + cos(-Double.pi / 3), sin(-Double.pi / 3)), radius: 3)
        let turn = try #require(arcs(try other.build()).first)
        #expect(abs(turn.sweep + Double.pi / 3) <= 1e-14)
        #expect(distance(turn.start, P(10 - 3 / tan(Double.pi / 3), 0)) <= 1e-14)
        // Collinear points or a zero radius: a line to the corner.
        var straight = PathBuilder()
        straight.move(to: P(0, 0))
        straight.addArc(tangent1End: P(1, 0), tangent2End: P(2, 0), radius: 1)
        straight.addArc(tangent1End: P(1, 1), tangent2End: P(2, 2), radius: 0)
        #expect(try straight.build().elements == [.move(to: P(0, 0)), .line(to: P(1, 0)), .line(to: P(1, 1))])
    }

    /// Rectangles run (minX, minY) → (maxX, minY) → (maxX, maxY) → (minX, maxY), closed, as
    /// Core Graphics orders them; a negative size reads as the same rectangle.
    @Test func rectangles() throws {
        var builder = PathBuilder()
        builder.addRect(Rect(x: 4, y: 3, width: -4, height: -3))
        let path = try builder.build()
        #expect(
            path.elements == [
                .move(to: P(0, 0)), .line(to: P(4, 0)), .line(to: P(4, 3)), .line(to: P(0, 3)), .closeSubpath,
            ])
        #expect(path.length == 14)
    }

    /// An ellipse is four quarter arcs from (maxX, midY) towards increasing angles, its
    /// quadrant points exactly the rectangle's edge midpoints; its perimeter is
    /// `4a·E(1 − b²/a²)` (here a = 3, b = 1: 4·3·E(8/9) = 13.3648932205552582…, mpmath).
    @Test func ellipses() throws {
        var builder = PathBuilder()
        builder.addEllipse(in: Rect(x: -3, y: -1, width: 6, height: 2))
        let path = try builder.build()
        #expect(path.elements.first == .move(to: P(3, 0)))
        #expect(arcs(path).map(\.end) == [P(0, 1), P(-3, 0), P(0, -1), P(3, 0)])
        #expect(relativeError(path.length, 13.364893220555258) <= 1e-14)
        // A square gives a circle: 2πr.
        var circle = PathBuilder()
        circle.addEllipse(in: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(relativeError(try circle.build().length, 10 * Double.pi) <= 1e-15)
    }

    /// A rounded rectangle: four sides shortened by the corners and four quarter ellipses of
    /// the corner size; length `2(w − 2c_w) + 2(h − 2c_h) + perimeter(c_w, c_h)`.
    @Test func roundedRectangles() throws {
        var builder = PathBuilder()
        builder.addRoundedRect(in: Rect(x: 0, y: 0, width: 20, height: 10), cornerWidth: 3, cornerHeight: 3)
        let path = try builder.build()
        #expect(path.elements.first == .move(to: P(3, 0)))
        #expect(arcs(path).count == 4)
        #expect(relativeError(path.length, 2 * 14 + 2 * 4 + 6 * Double.pi) <= 1e-15)
        // Every corner arc joins its sides: the path is continuous (no gap between segments).
        for (a, b) in zip(path.segments, path.segments.dropFirst()) { #expect(a.end == b.start) }
        // Zero-size corners are sharp: the rectangle itself.
        var sharp = PathBuilder()
        sharp.addRoundedRect(in: Rect(x: 0, y: 0, width: 2, height: 1), cornerWidth: 0, cornerHeight: 0.5)
        #expect(try sharp.build().length == 6)
    }

    /// Misuse is an error from `build()` naming the call, never a trap or a silent path.
    @Test func misuseIsAnErrorNamingTheCall() {
        func message(_ body: (inout PathBuilder) -> Void) -> String {
            var builder = PathBuilder()
            body(&builder)
            do {
                _ = try builder.build()
                return ""
            } catch { return "\(error)" }
        }
        #expect(message { $0.addLine(to: P(1, 1)) }.contains("addLine(to:)"))
        #expect(message { $0.addArc(tangent1End: P(1, 1), tangent2End: P(2, 0), radius: 1) }.contains("tangent1End"))
        #expect(
            message { $0.addRoundedRect(in: Rect(x: 0, y: 0, width: 4, height: 4), cornerWidth: 3, cornerHeight: 1) }
                .contains("addRoundedRect"))
        #expect(
            message {
                $0.addArc(center: P(0, 0), radius: .nan, startAngle: 0, endAngle: 1, clockwise: false)
            }.contains("addArc(center:"))
        #expect(message { $0.addEllipse(in: Rect(x: 0, y: 0, width: .infinity, height: 1)) }.contains("addEllipse"))
    }
}

/// The example in the Keyframes article: a rounded corner and an ellipse.
@Suite("Path builder article example")
struct PathBuilderArticleExample {
    @Test func lengthIsTheClosedForm() throws {
        var builder = PathBuilder()
        builder.move(to: [0, 0])
        builder.addArc(tangent1End: [100, 0], tangent2End: [100, 100], radius: 20)
        builder.addLine(to: [100, 100])
        builder.addEllipse(in: Rect(x: 120, y: 0, width: 60, height: 30))
        let path = try builder.build()
        // 80 + 10π + 80 + 4·30·E(3/4); E(3/4) = 1.2110560275684595… (mpmath).
        let expected = 160 + 10 * Double.pi + 120 * 1.2110560275684595
        #expect(relativeError(path.length, expected) <= 1e-15)
    }
}
