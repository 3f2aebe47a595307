import Harmonic
import Testing

/// An error's description is one line, and repeats at most a short stretch of the input.
@Suite("error descriptions")
struct HarmonicErrorTests {
    @Test func shortInputIsRepeatedAsWritten() {
        let error = HarmonicError.invalidParameter(name: "damping", value: "-1.0", allowed: "finite and > 0")
        #expect(error.description == "damping = -1.0 is invalid: must be finite and > 0")
    }

    @Test func controlCharactersAreEscaped() {
        let error = HarmonicError.syntax(
            language: "CSS easing function", text: "ease\nfoo\t\u{1B}", offset: 5, expected: "the end")
        #expect(
            error.description == #"invalid CSS easing function at offset 5 in "ease\nfoo\t\u{1B}": expected the end"#)
    }

    @Test func longValuesKeepTheirStartAndEnd() {
        let value = String(repeating: "a", count: 500) + "END"
        let text = HarmonicError.invalidParameter(name: "key", value: value, allowed: "absent").description
        let limit = HarmonicError.echoLimit
        #expect(text.count < limit + 80)
        #expect(text.hasPrefix("key = " + String(repeating: "a", count: limit * 3 / 4) + "…"))
        #expect(text.contains("END (503 characters) is invalid: must be absent"))
    }

    @Test func aSyntaxErrorShowsTheStretchAroundItsOffset() {
        let text = String(repeating: "x", count: 300) + "!" + String(repeating: "y", count: 300)
        let description = HarmonicError.syntax(
            language: "SVG path data", text: text, offset: 300, expected: "a command"
        )
        .description
        #expect(description.contains("…" + String(repeating: "x", count: HarmonicError.echoLimit / 2) + "!"))
        #expect(description.contains("… (601 characters)"))
        #expect(!description.contains("\n"))
    }

    @Test func whatHarmonicSaysIsNotShortened() {
        let allowed = "absent (unknown key; known keys: " + (0..<40).map { "key\($0)" }.joined(separator: ", ") + ")"
        let text = HarmonicError.invalidParameter(name: "x", value: "1", allowed: allowed).description
        #expect(text.hasSuffix(allowed))
    }
}
