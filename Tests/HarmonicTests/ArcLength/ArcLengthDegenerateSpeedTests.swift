@testable import Harmonic
import Testing

/// Curves whose computed speed loses every digit somewhere: coordinates of very different
/// magnitudes cancel in |B′(t)|², so the speed at a smooth end rounds to zero. The table and
/// the inversion must still give a finite location on the curve.
@Suite("arc length with degenerate speeds")
struct ArcLengthDegenerateSpeedTests {
    /// Found by fuzzing: the last cubic runs from (1.4e90, 10), with its first control point on
    /// its start (a true cusp), to (20, 0), where the true speed 30 rounds to 0 in |B′|² of
    /// magnitude 1e180. The table's end slope was 1/0 and every lookup in the segment was NaN.
    @Test func speedThatRoundsToZeroAtASmoothEnd() throws {
        let path = try Path(
            svgPathData: "M1.4444444444444443e90,10 C1.4444444444444443e90,10 20,-10 20,0")
        #expect(path.segments[0].speed.speed(at: 1) == 0)
        for fraction in stride(from: 0.0, through: 1.0, by: 0.125) {
            let s = fraction * path.length
            let exact = path.location(atLength: s, method: .exact)
            let table = path.location(atLength: s, method: .table)
            #expect(exact.parameter.isFinite && table.parameter.isFinite, "at \(fraction) of the length")
            // The table's parameter lands where the exact one does, to its position tolerance
            // (a small fraction of the length).
            let p = path.point(at: exact), q = path.point(at: table)
            #expect(abs(p.x - q.x) <= 1e-6 * path.length, "at \(fraction) of the length")
            // The exact inversion reaches the requested length.
            let reached = path.arcLength.quadratures[0].length(
                to: exact.parameter, speed: path.segments[0].speed, rule: ArcLength<SpeedPolynomial>.rule)
            #expect(abs(reached - s) <= 1e-9 * path.length)
        }
    }

    @Test func newtonIgnoresANaNGuess() {
        let root = BracketedNewton.root(in: 0, 2, guess: .nan) { x in (x * x - 2, 2 * x) }
        #expect(abs(root - 2.0.squareRoot()) <= 1e-15)
    }
}
