import Testing

@testable import Harmonic

@Suite struct CSSEasingFunctionTests {
    @Test func keywordsDenoteTheirFunctions() throws {
        #expect(try CSSEasingFunction(parsing: "ease") == .ease)
        #expect(try CSSEasingFunction(parsing: "EASE-IN") == .easeIn)
        #expect(try CSSEasingFunction(parsing: " ease-out ") == .easeOut)
        #expect(try CSSEasingFunction(parsing: "ease-in-out") == .easeInOut)
        #expect(try CSSEasingFunction(parsing: "linear") == .linear)
        #expect(try CSSEasingFunction(parsing: "step-start") == .stepStart)
        #expect(try CSSEasingFunction(parsing: "step-end") == .stepEnd)
        #expect(CSSEasingFunction.ease.timingFunction as? CubicBezier == .default)
        #expect(CSSEasingFunction.easeInOut.timingFunction as? CubicBezier == .easeInEaseOut)
        #expect(CSSEasingFunction.stepStart.value(at: 0) == 1)
        #expect(CSSEasingFunction.stepStart.value(at: 0, beforeFlag: true) == 0)
        #expect(CSSEasingFunction.stepEnd.value(at: 0.99) == 0)
        #expect(CSSEasingFunction.linear.value(at: 0.3) == 0.3)
    }

    @Test func functionsParse() throws {
        #expect(
            try CSSEasingFunction(parsing: "cubic-bezier(0.1, -0.6, 0.2, 0)")
                == .cubicBezier(CubicBezier(0.1, -0.6, 0.2, 0)))
        #expect(
            try CSSEasingFunction(parsing: "cubic-bezier(.5,+1e1,1.0,1)") == .cubicBezier(CubicBezier(0.5, 10, 1, 1)))
        #expect(
            try CSSEasingFunction(parsing: "Steps( 4 , Jump-None ) /* four */") == .steps(Steps(4, position: .jumpNone))
        )
        #expect(try CSSEasingFunction(parsing: "steps(3)") == .steps(Steps(3)))
        #expect(try CSSEasingFunction(parsing: "steps(+3, start)") == .steps(Steps(3, position: .start)))
        #expect(try CSSEasingFunction(parsing: "linear(0, 25% 0.5, 1)").value(at: 0.25) == 0.5)
    }

    @Test func serialisesAndParsesBack() throws {
        let texts = [
            "ease", "linear", "step-start", "cubic-bezier(0.25, 0.1, 0.25, 1)",
            "cubic-bezier(0.68, -0.55, 0.265, 1.55)",
            "steps(4)", "steps(4, jump-none)", "steps(2, start)", "linear(0 0%, 0.25 50%, 1 100%)",
        ]
        for text in texts {
            #expect(try CSSEasingFunction(parsing: text).cssText == text)
        }
        #expect(try CSSEasingFunction(parsing: "steps(4, end)").cssText == "steps(4)")
        #expect(try CSSEasingFunction(parsing: "linear(0, 0.3, 1)").cssText == "linear(0 0%, 0.3 50%, 1 100%)")
        #expect(
            try CSSEasingFunction(parsing: "linear(0, 1 9.7%)")
                == .linearFunction(LinearEasing(stops: [.init(0), .init(1, at: 0.097)])))
        // Awkward fractions survive the trip through percentages.
        for k in 1..<300 {
            let input = k < 290 ? Double(k) / 299 : Double(k) * 1e-9 - 0.25
            let f = try LinearEasing(stops: [.init(0), .init(0.5, at: input), .init(1, at: 1)])
            let back = try CSSEasingFunction(parsing: f.description)
            #expect(back == .linearFunction(f), "\(f.description)")
        }
    }

    @Test func invalidValuesNameTheParameter() {
        #expect(
            throws: HarmonicError.invalidParameter(
                name: "cubic-bezier() x1", value: "1.5", allowed: "finite and in [0, 1]")
        ) {
            try CSSEasingFunction(parsing: "cubic-bezier(1.5, 0, 0.5, 1)")
        }
        #expect(
            throws: HarmonicError.invalidParameter(
                name: "cubic-bezier() x2", value: "-0.1", allowed: "finite and in [0, 1]")
        ) {
            try CSSEasingFunction(parsing: "cubic-bezier(0.5, 0, -0.1, 1)")
        }
        #expect(throws: HarmonicError.invalidParameter(name: "steps", value: "0", allowed: "an integer ≥ 1")) {
            try CSSEasingFunction(parsing: "steps(0)")
        }
        #expect(
            throws: HarmonicError.invalidParameter(name: "steps", value: "1", allowed: "an integer ≥ 2 with jump-none")
        ) {
            try CSSEasingFunction(parsing: "steps(1, jump-none)")
        }
        #expect(throws: HarmonicError.invalidParameter(name: "number at offset 13", value: "1e999", allowed: "finite"))
        {
            try CSSEasingFunction(parsing: "cubic-bezier(1e999, 0, 1, 1)")
        }
    }

    @Test func syntaxErrorsSayWhereAndWhat() {
        let cases: [(String, Int)] = [
            ("", 0), ("bounce", 0), ("ease in", 5), ("cubic-bezier(0, 0, 1)", 20), ("cubic-bezier(0 0 1 1)", 15),
            ("steps(4.0)", 6), ("steps(4, middle)", 9), ("steps(4,)", 8), ("linear()", 7), ("linear(0,)", 9),
            ("linear(0% 0 100%)", 12), ("linear(0 10% 20% 30%)", 17), ("linear(0 1)", 9),
            ("cubic-bezier(0px, 0, 1, 1)", 14),
            ("ease /* open", 5), ("calc(1)", 0), ("steps(2", 7), ("cubic-bezier(1., 0, 1, 1)", 14),
        ]
        for (text, offset) in cases {
            do {
                _ = try CSSEasingFunction(parsing: text)
                Issue.record("accepted \(text)")
            } catch {
                guard case let .syntax(language, _, at, _) = error else {
                    Issue.record("\(text): \(error)")
                    continue
                }
                #expect(language == "CSS easing function")
                #expect(at == offset, "\(text): \(error)")
            }
        }
    }
}
