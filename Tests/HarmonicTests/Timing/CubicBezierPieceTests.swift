import Foundation
import HarmonicTestSupport
import Testing

@testable import Harmonic

/// A curve's piece over an input range (`piece(from:to:)`) and the inputs where the output
/// reaches a level (`inputs(forOutput:)`), against closed forms.
@Suite("Cubic Bézier pieces and output inverse")
struct CubicBezierPieceTests {
    /// With x₁ = 1/3 and x₂ = 2/3 the input x(t) is t, so the output at u is the Bernstein
    /// polynomial 3(1 − u)²u·y₁ + 3(1 − u)u²·y₂ + u³: a closed form the solver does not touch.
    static func bernstein(_ u: Double, _ y1: Double, _ y2: Double) -> Double {
        3 * (1 - u) * (1 - u) * u * y1 + 3 * (1 - u) * u * u * y2 + u * u * u
    }

    @Test func aPieceOfALinearInputCurveIsTheRescaledPolynomial() throws {
        var random = Lehmer(state: 7)
        for _ in 0..<200 {
            let y1 = random.uniform(-1, 2), y2 = random.uniform(-1, 2)
            let curve = try CubicBezier(1.0 / 3, y1, 2.0 / 3, y2)
            var a = random.next(), b = random.next()
            if a > b { swap(&a, &b) }
            guard b - a > 1e-3, let piece = curve.piece(from: a, to: b) else { continue }
            let low = Self.bernstein(a, y1, y2), high = Self.bernstein(b, y1, y2)
            // The piece's input is linear again.
            #expect(abs(piece.x1 - 1.0 / 3) <= 1e-12 && abs(piece.x2 - 2.0 / 3) <= 1e-12)
            for u in stride(from: 0.0, through: 1, by: 0.125) {
                let expected = Self.bernstein(a + (b - a) * u, y1, y2)
                let got = low + (high - low) * piece.value(at: u)
                #expect(abs(got - expected) <= 1e-13, "\(curve) [\(a), \(b)] at \(u)")
            }
        }
    }

    @Test func aPieceOfAnyCurveKeepsItsValues() throws {
        var random = Lehmer(state: 11)
        var checked = 0, outside = 0
        for _ in 0..<300 {
            let curve = try CubicBezier(
                random.next(), random.uniform(-0.8, 1.8), random.next(), random.uniform(-0.8, 1.8))
            var a = random.next(), b = random.next()
            if a > b { swap(&a, &b) }
            // A part no easing can hold is halved until it can, as the timeline does.
            var parts = [(a, b)]
            while let (lo, hi) = parts.first, curve.pieceFit(from: lo, to: hi) == .tooLong {
                parts = [(lo, (lo + hi) / 2), ((lo + hi) / 2, hi)] + parts.dropFirst()
                outside += 1
            }
            for (lo, hi) in parts {
                guard case let .curve(piece) = curve.pieceFit(from: lo, to: hi) else { continue }
                #expect((0...1).contains(piece.x1) && (0...1).contains(piece.x2))
                let low = curve.value(at: lo), high = curve.value(at: hi)
                for u in stride(from: 0.0, through: 1, by: 0.1) {
                    let expected = curve.value(at: lo + (hi - lo) * u)
                    #expect(abs(low + (high - low) * piece.value(at: u) - expected) <= 1e-12, "\(curve) [\(lo), \(hi)]")
                }
                checked += 1
            }
        }
        #expect(checked > 250)
        // The part that first showed a control input leaving the square.
        let sharp = try CubicBezier(0.7978082182103732, 0.15028271441108298, 0.04206066279402898, -0.26401489501170505)
        #expect(sharp.pieceFit(from: 0.335104663893253, to: 0.9090144666766561) == .tooLong)
        #expect(sharp.piece(from: 0.335104663893253, to: 0.9090144666766561) == nil)
        #expect(outside > 0)
        // The whole range is the curve itself; an empty or reversed range, or a flat part, none.
        let ease = CubicBezier.default
        let whole = try #require(ease.piece(from: 0, to: 1))
        #expect(abs(whole.x1 - ease.x1) <= 1e-15 && abs(whole.y2 - ease.y2) <= 1e-15)
        #expect(ease.piece(from: 0.5, to: 0.5) == nil && ease.piece(from: 0.6, to: 0.2) == nil)
        #expect(try CubicBezier(0.5, 0, 0.5, 1).piece(from: 0, to: 0.5)?.y1.isFinite == true)
        #expect(try CubicBezier(0.2, 0.5, 0.8, 0.5).piece(from: 0.5, to: 0.5 + 1e-300) == nil)
    }

    @Test func inputsForAnOutputAreEveryCrossing() throws {
        // Linear input: the inputs are the roots of the Bernstein polynomial in (0, 1).
        let overshoot = try CubicBezier(1.0 / 3, 1.8, 2.0 / 3, 0.9)
        let level = 1.1
        let inputs = overshoot.inputs(forOutput: level)
        #expect(inputs.count == 2)
        for x in inputs { #expect(abs(Self.bernstein(x, 1.8, 0.9) - level) <= 1e-14) }
        // A curve that turns back twice reaches a middle level three times.
        let wave = try CubicBezier(1.0 / 3, 2.5, 2.0 / 3, -1.5)
        let three = wave.inputs(forOutput: 0.5)
        #expect(three.count == 3 && three == three.sorted())
        for x in three { #expect(abs(Self.bernstein(x, 2.5, -1.5) - 0.5) <= 1e-14) }
        // Monotone curves: one answer, the inverse of value(at:).
        var random = Lehmer(state: 5)
        for _ in 0..<200 {
            let curve = try CubicBezier(random.next(), random.next(), random.next(), random.next())
            let y = random.next()
            let found = curve.inputs(forOutput: y)
            #expect(!found.isEmpty)
            for x in found { #expect(abs(curve.value(at: x) - y) <= 1e-12, "\(curve) \(y)") }
        }
        // Out of reach: none.
        #expect(
            CubicBezier.default.inputs(forOutput: 1.5).isEmpty
                && CubicBezier.default.inputs(forOutput: Double.nan).isEmpty)
        #expect(CubicBezier.linear.inputs(forOutput: 0) == [0] && CubicBezier.linear.inputs(forOutput: 1) == [1])
    }

    @Test func monotoneOutputsAreTold() throws {
        // Control outputs in [0, 1] never turn back; (0.3, 1, 0.7, 0) only pauses at t = 1/2.
        #expect(try CubicBezier(0.3, 1, 0.7, 0).outputIsMonotone && CubicBezier.default.outputIsMonotone)
        #expect(try !CubicBezier(1.0 / 3, 2.5, 2.0 / 3, -1.5).outputIsMonotone)
        #expect(
            try !CubicBezier(0.2, -0.1, 0.8, 1).outputIsMonotone && !CubicBezier(0.2, 0, 0.8, 1.05).outputIsMonotone)
        // Against the polynomial sampled densely (x(t) = t, so y is the Bernstein polynomial).
        var random = Lehmer(state: 23)
        for _ in 0..<400 {
            let y1 = random.uniform(-0.5, 2), y2 = random.uniform(-1, 1.5)
            let curve = try CubicBezier(1.0 / 3, y1, 2.0 / 3, y2)
            var sampled = true
            var previous = 0.0
            for k in 1...4000 {
                let y = Self.bernstein(Double(k) / 4000, y1, y2)
                if y < previous - 1e-12 { sampled = false }
                previous = y
            }
            #expect(curve.outputIsMonotone == sampled, "\(curve)")
        }
    }
}
