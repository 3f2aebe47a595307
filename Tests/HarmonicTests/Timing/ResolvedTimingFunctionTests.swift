import Testing

@testable import Harmonic

/// A resolved timing function must be indistinguishable from the function it was resolved
/// from: the same value and slope at every input, inside `[0, 1]`, at its ends and on the
/// extrapolated sides.
@Suite struct ResolvedTimingFunctionTests {
    static let inputs: [Double] = [-3, -0.5, -1e-300, 0, 1e-12, 0.1, 0.25, 0.4999, 0.5, 0.73, 0.999, 1, 1 + 1e-9, 2.5]

    static func functions() throws -> [(String, any TimingFunction)] {
        [
            ("ease", CubicBezier.default),
            ("back", try CubicBezier(0.34, 1.56, 0.64, 1)),
            ("vertical start", try CubicBezier(0, 0.8, 0.2, 1)),
            ("css cubic-bezier", try CSSEasingFunction(parsing: "cubic-bezier(0.1, 0.7, 1, 0.1)")),
            ("css ease-in-out keyword", try CSSEasingFunction(parsing: "ease-in-out")),
            ("steps", try Steps(4, position: .jumpBoth)),
            ("css steps", try CSSEasingFunction(parsing: "steps(3, start)")),
            ("css linear()", try CSSEasingFunction(parsing: "linear(0, 0.25 75%, 1)")),
            ("spring", try SpringTimingFunction(spring: .default)),
        ]
    }

    @Test func agreesWithTheFunctionItCameFrom() throws {
        for (name, function) in try Self.functions() {
            let resolved = ResolvedTimingFunction(function)
            for x in Self.inputs {
                #expect(resolved.value(at: x) == function.value(at: x), "\(name) value at \(x)")
                #expect(resolved.slope(at: x) == function.slope(at: x), "\(name) slope at \(x)")
                for flag in [false, true] {
                    #expect(
                        resolved.value(at: x, beforeFlag: flag) == function.value(at: x, beforeFlag: flag),
                        "\(name) value at \(x), before flag \(flag)")
                }
            }
        }
    }

    @Test func beziersAreCalledDirectly() throws {
        guard case .cubicBezier = ResolvedTimingFunction(CubicBezier.easeIn) else {
            Issue.record("a Bézier should resolve to .cubicBezier"); return
        }
        guard case .cubicBezier = ResolvedTimingFunction(try CSSEasingFunction(parsing: "cubic-bezier(0.3, 0, 0.7, 1)"))
        else {
            Issue.record("a CSS cubic-bezier() should resolve to .cubicBezier"); return
        }
        guard case .general = ResolvedTimingFunction(try Steps(2)) else {
            Issue.record("steps() should stay general"); return
        }
    }

    /// Diagonal Béziers are the line y = x: resolved to the identity, which must equal both
    /// the exact line and the Bézier's own evaluation (to rounding inside, exactly outside).
    @Test func diagonalBeziersAreTheIdentity() throws {
        for curve in [CubicBezier.linear, try CubicBezier(0.2, 0.2, 0.9, 0.9), try CubicBezier(0, 0, 0.4, 0.4)] {
            let resolved = ResolvedTimingFunction(curve)
            #expect(resolved.isIdentity)
            for x in Self.inputs {
                #expect(resolved.value(at: x) == x)
                #expect(resolved.slope(at: x) == 1)
                #expect(abs(curve.value(at: x) - x) <= 4 * Double.ulpOfOne * max(1, abs(x)), "\(curve) at \(x)")
                #expect(abs(curve.slope(at: x) - 1) <= 1e-12, "\(curve) slope at \(x)")
            }
        }
        #expect(ResolvedTimingFunction(nil).isIdentity)
    }
}
