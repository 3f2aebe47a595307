import Foundation
import Testing

@testable import Harmonic

/// `NumberText`: the one number writer. Exact numbers round-trip and whole numbers print
/// without a fraction (the rule CSS text uses too); rounded numbers are C's `printf` rounding
/// with trailing zeros and `-0` removed.
@Suite struct NumberTextTests {
    @Test func exactNumbersRoundTripAndWholeNumbersHaveNoFraction() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (100, "100"), (-3, "-3"), (0.1, "0.1"), (1e-5, "1e-05"),
            (999_999_999_999_999, "999999999999999"), (1e15, "1000000000000000.0"), (2.5e20, "2.5e+20"),
            (0.30000000000000004, "0.30000000000000004"),
        ]
        for (x, text) in cases {
            #expect(NumberText.text(x) == text, "\(x)")
            #expect(Double(NumberText.text(x)) == x)
        }
    }

    @Test func cssTextIsTheSameWriter() {
        for x in [0.0, -0.0, 0.25, 1, -0.5, 1e-7, 123456.789, 1e300, -2.5e-310] {
            #expect(CSSNumber.text(x) == NumberText.text(x), "\(x)")
        }
    }

    @Test func fixedPlacesRoundLikePrintfAndTrim() {
        #expect(NumberText.fixed(0.5, places: 2) == "0.5")
        #expect(NumberText.fixed(2, places: 2) == "2")
        #expect(NumberText.fixed(-0.001, places: 2) == "0")
        #expect(NumberText.fixed(-0.0, places: 3) == "0")
        #expect(NumberText.fixed(1.005, places: 2) == "1")  // 1.005 is 1.00499999999999989… in binary
        #expect(NumberText.fixed(12.3456, places: 3) == "12.346")
        #expect(NumberText.fixed(100, places: 0) == "100")
        #expect(NumberText.fixed(7.000000000000001, places: 4) == "7")
    }

    @Test func significantDigitsKeepExponentForms() {
        #expect(NumberText.significant(0.123456, digits: 4) == "0.1235")
        #expect(NumberText.significant(2, digits: 4) == "2")
        #expect(NumberText.significant(1500, digits: 4) == "1500")
        #expect(NumberText.significant(1.2e7, digits: 4) == "1.2e+07")
        #expect(NumberText.significant(-0.0, digits: 4) == "0")
    }

    @Test func percentagesMoveTheDecimalPoint() {
        // 0.07·100 is 7.000000000000001 in binary; the percentage is written by moving the point.
        #expect(0.07 * 100 != 7)
        #expect(CSSNumber.percentage(0.07) == "7%")
        #expect(CSSNumber.percentage(0.097) == "9.7%")
        #expect(CSSNumber.percentage(1e-9) == "1e-7%")
    }
}
