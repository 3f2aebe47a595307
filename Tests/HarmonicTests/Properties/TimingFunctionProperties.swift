import Harmonic
import HarmonicTestSupport
import Testing

/// Properties of the timing-function solvers over their valid parameters.
@Suite("timing function properties")
struct TimingFunctionProperties {
    /// The Bézier inversion finds the parameter of any input: x(t(x)) = x to a few ulps, for
    /// control points anywhere CSS allows (x in [0, 1], y unbounded; here y in [−3, 3]).
    @Test func bezierInversionReachesEveryInput() throws {
        try PropertyCases.check(seed: 0x5EED_0101) { (random: inout Lehmer, index: Int) throws in
            let curve = try CubicBezier(
                random.next(), random.uniform(-3, 3), random.next(), random.uniform(-3, 3))
            let t = random.next()
            let x = curve.inputAtParameter(t)
            let solved = curve.parameter(forInput: x)
            #expect(solved >= 0 && solved <= 1, "case \(index): \(curve) at \(x)")
            // The residual's budget: x(t) is evaluated twice (for the input and for the
            // check), each to about 4 ulps of 1 (three products of magnitude ≤ 3, summed),
            // and the root itself is good to 2 ulps of t, which |x′| ≤ 3 turns into 6 ulps.
            let budget = 8 * Double.ulpOfOne + 6 * max(solved.ulp, Double.ulpOfOne / 2)
            #expect(abs(curve.inputAtParameter(solved) - x) <= budget, "case \(index): \(curve) at \(x)")
            let y = curve.value(at: x)
            #expect(y.isFinite && curve.slope(at: x).isFinite, "case \(index): \(curve) at \(x)")
        }
    }

    /// `steps(n, position)` takes only its n (or n ± 1) levels and never goes down.
    @Test func stepsAreMonotoneLevels() throws {
        try PropertyCases.check(seed: 0x5EED_0102) { (random: inout Lehmer, index: Int) throws in
            let n = random.integer(1...1_000)
            let position = random.element(StepPosition.allCases)
            guard let steps = try? Steps(n, position: position) else { return }
            let levels = Double(position == .jumpNone ? n - 1 : position == .jumpBoth ? n + 1 : n)
            let xs = (0..<8).map { _ in random.uniform(-0.5, 1.5) }.sorted()
            var previous = -Double.infinity
            for x in xs {
                let y = steps.value(at: x)
                let level = y * levels
                #expect(
                    abs(level - level.rounded()) <= 1e-9 * levels,
                    "case \(index): steps(\(n), \(position)) at \(x) = \(y)")
                #expect(y >= previous, "case \(index): steps(\(n), \(position)) falls at \(x)")
                previous = y
            }
        }
    }

    /// CSS easing text → value → text → value gives an equal value, for every kind of easing
    /// with random numbers (shortest round-trip decimals, percentages moved exactly).
    @Test func cssTextRoundTrips() throws {
        try PropertyCases.check(seed: 0x5EED_0103) { (random: inout Lehmer, index: Int) throws in
            let text = Self.randomEasing(&random)
            let easing: CSSEasingFunction
            do {
                easing = try CSSEasingFunction(parsing: text)
            } catch {
                Issue.record("case \(index): \(text) does not parse: \(error)")
                return
            }
            let written = easing.cssText
            #expect(try CSSEasingFunction(parsing: written) == easing, "case \(index): \(text) → \(written)")
            for x in [0, 0.25, 0.5, 1, random.uniform(-1, 2)] {
                #expect(easing.value(at: x).isFinite, "case \(index): \(text) at \(x)")
            }
        }
    }

    static func randomEasing(_ random: inout Lehmer) -> String {
        func number(_ a: Double, _ b: Double) -> String { "\(random.uniform(a, b))" }
        switch random.integer(0...3) {
        case 0:
            return random.element(["linear", "ease", "ease-in", "ease-out", "ease-in-out", "step-start", "step-end"])
        case 1:
            return "cubic-bezier(\(number(0, 1)), \(number(-5, 5)), \(number(0, 1)), \(number(-5, 5)))"
        case 2:
            let position = random.element(["", ", jump-start", ", jump-end", ", jump-both", ", start", ", end"])
            return "steps(\(random.integer(1...500))\(position))"
        default:
            var stops: [String] = []
            var input = random.uniform(-20, 20)
            for _ in 0..<random.integer(2...12) {
                var stop = number(-2, 2)
                if random.next() < 0.6 {
                    input += random.uniform(0, 30)
                    stop += " \(input)%"
                    if random.next() < 0.3 {
                        input += random.uniform(0, 10)
                        stop += " \(input)%"
                    }
                }
                stops.append(stop)
            }
            return "linear(" + stops.joined(separator: ", ") + ")"
        }
    }
}
