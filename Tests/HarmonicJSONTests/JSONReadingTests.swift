import Harmonic
import HarmonicJSON
import Testing

/// Strict and lenient reading: the same problem is an error naming its path, or a warning with
/// that path and what is done instead; unknown keys likewise.
@Suite("JSON reading")
struct JSONReadingTests {
    private let bad = HarmonicError.invalidParameter(name: "layers[2].ks.o", value: "\"x\"", allowed: "a number")

    @Test func strictReadingThrowsTheError() {
        let diagnostics = JSONDiagnostics(strict: true)
        #expect(throws: bad) { try diagnostics.warn(bad, "drawn opaque") }
        #expect(throws: bad) {
            try diagnostics.recovering("drawn opaque", fallback: 100.0) { () throws(HarmonicError) in throw bad }
        }
        #expect(diagnostics.warnings.isEmpty)
    }

    @Test func lenientReadingWarnsWithThePathAndGoesOn() throws {
        let diagnostics = JSONDiagnostics(strict: false)
        let value = try diagnostics.recovering("drawn opaque", fallback: 100.0) { () throws(HarmonicError) in
            throw bad
        }
        #expect(value == 100)
        #expect(
            diagnostics.warnings == [
                .init(
                    path: "layers[2].ks.o",
                    message: "layers[2].ks.o = \"x\" is invalid: must be a number; drawn opaque")
            ])
    }

    @Test func warningsAreCappedAndCounted() throws {
        let diagnostics = JSONDiagnostics(strict: false)
        let total = JSONDiagnostics.maximumReports + 25
        for _ in 0..<total { try diagnostics.warn(bad, "drawn opaque") }
        #expect(diagnostics.warnings.count == JSONDiagnostics.maximumReports)
        #expect(diagnostics.droppedWarnings == 25)
    }

    @Test func unknownKeysAreErrorsOrWarnings() throws {
        let object = try JSONValue.parse(#"{"stiffness": 100, "stifness": 3, "zeta": 1}"#)
        var strict = try JSONObjectReader(object, path: "spring")
        _ = try strict.number("stiffness")
        #expect(throws: HarmonicError.self) { try strict.finish() }
        do {
            try strict.finish()
        } catch {
            #expect(
                "\(error)" == "spring.stifness = 3.0 is invalid: must be absent (unknown key; known keys: stiffness)")
        }

        var lenient = try JSONObjectReader(object, path: "spring")
        _ = try lenient.number("stiffness")
        let diagnostics = JSONDiagnostics(strict: false)
        try lenient.finish(diagnostics: diagnostics)
        #expect(diagnostics.warnings.map(\.path) == ["spring.stifness", "spring.zeta"])
        #expect(diagnostics.warnings.allSatisfy { $0.message.hasSuffix("; the key is ignored") })
    }

    @Test func readerNamesThePathOfABadValue() throws {
        var reader = try JSONObjectReader(JSONValue.parse(#"{"p": [1, "x"]}"#), path: "layers[0].ks")
        #expect(
            throws: HarmonicError.invalidParameter(name: "layers[0].ks.p[1]", value: "\"x\"", allowed: "a number")
        ) { try reader.numbers("p") }
    }
}
