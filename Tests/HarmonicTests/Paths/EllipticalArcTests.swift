import Foundation
import Harmonic
import HarmonicTestSupport
import Testing

/// Exact elliptical arcs: lengths against closed forms and Legendre's elliptic integral,
/// points along them at constant speed, tangents and parts.
@Suite("Elliptical arcs")
struct EllipticalArcTests {
    typealias P = SIMD2<Double>

    func distance(_ a: P, _ b: P) -> Double { ((a - b) * (a - b)).sum().squareRoot() }

    func path(_ arc: EllipticalArc<P>) throws -> Path { try Path(elements: [.move(to: arc.start), .arc(arc)]) }

    /// A circle's length is `r·|Δθ|` to rounding, and the point at length `s` is at angle
    /// `θ₀ + s/r` (sign of the sweep): both closed forms.
    @Test(arguments: [(5.0, 0.3, 2.0), (0.01, -1.0, -5.5), (1e6, 2.0, 0.001), (3.0, 0.0, 4 * Double.pi)])
    func circleLengthAndPacing(radius: Double, start: Double, sweep: Double) throws {
        let center = P(-7, 11)
        let arc = EllipticalArc(center: center, radii: P(radius, radius), startAngle: start, sweep: sweep)
        let path = try path(arc)
        #expect(relativeError(path.length, radius * abs(sweep)) <= 4e-16)
        for k in 0...20 {
            let s = Double(k) / 20 * path.length
            let theta = start + (sweep < 0 ? -s : s) / radius
            let expected = center + radius * P(cos(theta), sin(theta))
            for method in [ArcLengthMethod.exact, .table] {
                #expect(distance(path.point(atLength: s, method: method), expected) <= 1e-14 * (radius + 18))
            }
        }
    }

    /// Lengths and the points at fractions of the length, against
    /// `scripts/references/elliptical_arc_reference.py` (mpmath's incomplete elliptic integral
    /// E(φ | m), 30 digits): length within 1e-14 relative, exact pacing within 1e-13 of the
    /// length (or of the radius, for an arc shorter than the rounding of its own
    /// coordinates), the table within 1e-8 of the length (measured: 2.5e-9).
    @Test func ellipsesAgainstTheEllipticIntegral() throws {
        var worstLength = 0.0, worstExact = 0.0, worstTable = 0.0
        for r in try ReferenceTable(named: "elliptical-arc").records {
            let arc = EllipticalArc(
                center: P(r["cx"]!, r["cy"]!), radii: P(r["rx"]!, r["ry"]!), rotation: r["rotation"]!,
                startAngle: r["start"]!, sweep: r["sweep"]!)
            let path = try path(arc)
            let length = r["length"]!
            worstLength = max(worstLength, relativeError(path.length, length))
            let expected = P(r["x"]!, r["y"]!)
            let s = r["fraction"]! * path.length
            let scale = max(length, r["rx"]!, r["ry"]!)
            worstExact = max(worstExact, distance(path.point(atLength: s, method: .exact), expected) / scale)
            worstTable = max(worstTable, distance(path.point(atLength: s, method: .table), expected) / scale)
        }
        #expect(worstLength <= 1e-14)
        #expect(worstExact <= 1e-13)
        #expect(worstTable <= 1e-8)
    }

    /// Every point lies on the ellipse: `(x′/r_x)² + (y′/r_y)² = 1` in the rotated frame, and
    /// the ends are the stored end points exactly.
    @Test func pointsLieOnTheEllipse() {
        let (center, radii, rotation) = (P(3, -4), P(7, 2), 0.6)
        let arc = EllipticalArc(center: center, radii: radii, rotation: rotation, startAngle: -1, sweep: 4.5)
        for k in 0...100 {
            let d = arc.point(at: Double(k) / 100) - center
            let local = P(cos(rotation) * d.x + sin(rotation) * d.y, -sin(rotation) * d.x + cos(rotation) * d.y)
            let residual = (local / radii * local / radii).sum() - 1
            #expect(abs(residual) <= 1e-15 * 8)
        }
        #expect(arc.point(at: 0) == arc.start && arc.point(at: 1) == arc.end)
    }

    /// The derivative is `Δθ` times the ellipse's tangent; on a circle it is perpendicular to
    /// the radius with length `r·|Δθ|`, and the direction of travel follows the sweep's sign.
    @Test func derivativeAndTangent() {
        let forward = EllipticalArc(center: P(0, 0), radii: P(2, 2), startAngle: 0, sweep: 1)
        let backward = EllipticalArc(center: P(0, 0), radii: P(2, 2), startAngle: 0, sweep: -1)
        #expect(distance(forward.derivative(at: 0), P(0, 2)) <= 1e-15)
        #expect(distance(backward.derivative(at: 0), P(0, -2)) <= 1e-15)
        #expect(distance(forward.tangent(at: 0), P(0, 2)) <= 1e-15)
        #expect(distance(backward.tangent(at: 0), P(0, -2)) <= 1e-15)
        // The second derivative points to the centre: −Δθ²·(P − C).
        let p = forward.point(at: 0.4), a = forward.secondDerivative(at: 0.4)
        #expect(distance(a, -p) <= 1e-15)
        // An arc of zero sweep still has a direction.
        let empty = EllipticalArc(center: P(0, 0), radii: P(2, 1), startAngle: 0, sweep: 0)
        #expect(distance(empty.tangent(at: 0), P(0, 1)) <= 1e-15)
    }

    /// A part is the same ellipse over a smaller sweep: its length is the difference of the
    /// lengths to its ends and its points are the arc's points.
    @Test func partsAreExact() throws {
        let arc = EllipticalArc(center: P(1, 1), radii: P(5, 1), rotation: 0.3, startAngle: 0.2, sweep: 5)
        let whole = try path(arc)
        let piece = arc.part(from: 0.25, to: 0.8)
        let part = try path(piece)
        let a = whole.arcLength.length(to: CurveLocation(segment: 0, parameter: 0.25))
        let b = whole.arcLength.length(to: CurveLocation(segment: 0, parameter: 0.8))
        #expect(relativeError(part.length, b - a) <= 1e-14)
        for k in 0...10 {
            let u = Double(k) / 10
            #expect(distance(piece.point(at: u), arc.point(at: 0.25 + 0.55 * u)) <= 1e-14 * 5)
        }
    }

    /// The speed's split parameters are its extrema — the ends of the axes — so the table's
    /// pieces are monotone; a circle has none and a constant speed.
    @Test func speedSplitsAtTheAxes() {
        let ellipse = EllipticalArc(center: P(0, 0), radii: P(3, 1), startAngle: 0.1, sweep: Double.pi)
        // The sweep (0.1, π + 0.1) holds θ = π/2, where the point moves along −U at speed 3 (the
        // fastest), and θ = π, where it moves along −V at speed 1 (the slowest).
        let expected = [(Double.pi / 2 - 0.1) / Double.pi, (Double.pi - 0.1) / Double.pi]
        #expect(ellipse.speed.splitParameters.count == 2)
        for (split, t) in zip(ellipse.speed.splitParameters, expected) { #expect(abs(split - t) <= 1e-15) }
        #expect(abs(ellipse.speed.speed(at: expected[0]) - 3 * Double.pi) <= 1e-14)
        #expect(abs(ellipse.speed.speed(at: expected[1]) - Double.pi) <= 1e-14)
        let circle = EllipticalArc(center: P(0, 0), radii: P(3, 3), startAngle: 0.1, sweep: 10)
        #expect(circle.speed.splitParameters.isEmpty)
        #expect(circle.speed.constantSpeed == 30)
    }

    /// Axes near the path's coordinate limit: the speed is formed in units of the longer axis,
    /// so neither the Gram determinant (a product of fourth powers) nor the squares overflow.
    /// A full turn of a needle-thin ellipse is four times its long radius; a huge circle's is
    /// 2πr.
    @Test func extremeAxesKeepFiniteLengths() throws {
        let needle = EllipticalArc(center: P(0, 0), radii: P(1, 1e140), startAngle: 0, sweep: 2 * Double.pi)
        #expect(relativeError(try path(needle).length, 4e140) <= 1e-14)
        let huge = EllipticalArc(center: P(0, 0), radii: P(1e150, 1e150), startAngle: 0, sweep: 2 * Double.pi)
        #expect(relativeError(try path(huge).length, 2 * Double.pi * 1e150) <= 1e-15)
        // Found by fuzzing: the second arc's radius 1.9e126 made the length NaN.
        let fuzzed = try Path(
            svgPathData: "M31,1 a1,1888888888888888888888888888888888888888888888888888888888888888888888"
                + "888888888888888888888888888888888888888888888888888888888,0,1,1,0 1")
        #expect(fuzzed.length.isFinite && relativeError(fuzzed.length, 4 * 1.888888888888889e126) <= 1e-14)
    }

    /// A path rejects an arc that does not start at its current point, or winds too often.
    @Test func pathRejectsArcsThatDoNotJoin() {
        let arc = EllipticalArc(center: P(0, 0), radii: P(1, 1), startAngle: 0, sweep: 1)
        #expect(throws: HarmonicError.self) { try Path(elements: [.move(to: P(5, 5)), .arc(arc)]) }
        let spinning = EllipticalArc(center: P(0, 0), radii: P(1, 1), startAngle: 0, sweep: 1e9)
        #expect(throws: HarmonicError.self) { try Path(elements: [.move(to: P(1, 0)), .arc(spinning)]) }
        // Within rounding of the current point, the arc is joined exactly.
        let nearly = try? Path(elements: [.move(to: P(1 + 1e-15, 0)), .arc(arc)])
        #expect(nearly?.segments.first?.start == P(1 + 1e-15, 0))
    }
}
