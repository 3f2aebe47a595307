import Foundation
import Testing

@testable import Harmonic

/// The output of `CubicBezier.value(at:)` against 60-digit solutions of x(t) = x
/// (scripts/references/cubic_bezier_reference.py), about 1,300–1,700 inputs per curve.
@Suite struct CubicBezierInverseTests {
    struct Case {
        var curve: CubicBezier
        var inputs: [Double] = []
        var outputs: [Double] = []
    }

    static func cases() throws -> [Case] {
        var cases: [Case] = []
        for row in try ReferenceFile.rows("cubic_bezier_inverse") {
            if row.first == "curve" {
                let p = row.dropFirst().map { Double(String($0))! }
                cases.append(Case(curve: try CubicBezier(p[0], p[1], p[2], p[3])))
            } else {
                cases[cases.count - 1].inputs.append(Double(String(row[0]))!)
                cases[cases.count - 1].outputs.append(Double(String(row[1]))!)
            }
        }
        return cases
    }

    @Test func outputErrorIsBelow1e12OfTheOutputScale() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 25)
        var worstOverall = 0.0
        for c in cases {
            #expect(c.inputs.count >= 1000)
            let scale = max(1, abs(c.curve.y1), abs(c.curve.y2))
            var worst = 0.0
            var worstInput = 0.0
            for (x, reference) in zip(c.inputs, c.outputs) {
                let error = abs(c.curve.value(at: x) - reference) / scale
                if error > worst { worst = error; worstInput = x }
            }
            worstOverall = max(worstOverall, worst)
            #expect(worst <= 1e-12, "\(c.curve): worst error \(worst) at x = \(worstInput)")
        }
        print("cubic-bezier inverse: worst output error \(worstOverall) (relative to max(1,|y1|,|y2|))")
    }

    /// The reported case: an ill-conditioned curve just below x = 1 (x2 = 1 and a steep y2), once
    /// off by 2.3e-12; the 60-digit value is from scripts/references/cubic_bezier_reference.py's
    /// method (bisection on x(t) in mpmath).
    @Test func illConditionedCurveJustBelowOne() throws {
        let curve = try CubicBezier(0.17, 0.67, 1, -1.73)
        #expect(abs(curve.value(at: 1 - 1e-9) - 0.9998358766128444499969923) <= 1e-15)
        #expect(abs(curve.value(at: 1 - 1e-12) - 0.999994809860993118364753064055) <= 1e-15)
    }

    /// The polishing phase brackets the exact root between adjacent doubles: the exact residual
    /// (compensated, checked against its sign one ulp either side) changes sign within one ulp,
    /// whether it starts from the first phase's answer or from a poor guess.
    @Test func polishedParameterIsWithinOneUlpOfTheRoot() throws {
        for c in try Self.cases() {
            for x in c.inputs {
                for guess in [c.curve.parameter(forInput: x), min(1, x * 1.5)] {
                    let t = c.curve.polishedParameter(forInput: x, guess: guess)
                    let below = c.curve.accurateResidual(atParameter: t.nextDown, input: x)
                    let above = c.curve.accurateResidual(atParameter: t.nextUp, input: x)
                    #expect(below <= 0 && above >= 0, "\(c.curve) x=\(x) t=\(t) guess=\(guess)")
                }
            }
        }
    }
}
