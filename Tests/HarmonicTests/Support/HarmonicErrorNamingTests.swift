import Testing

@testable import Harmonic

/// Errors reported under the names the caller knows: qualified by a path, or renamed.
@Suite struct HarmonicErrorNamingTests {
    @Test func prefixingQualifiesEveryNameOnce() {
        let invalid = HarmonicError.invalidParameter(name: "stiffness", value: "-1", allowed: "> 0")
        #expect("\(invalid.prefixingParameter(with: "spring"))".contains("spring.stiffness"))
        let twice = invalid.prefixingParameter(with: "spring").prefixingParameter(with: "spring")
        #expect(!"\(twice)".contains("spring.spring"))
        #expect("\(invalid.prefixingParameter(with: ""))" == "\(invalid)")
        let conflict = HarmonicError.conflict(parameters: ["from", "to"], reason: "r")
        let qualified = "\(conflict.prefixingParameter(with: "animations[1]"))"
        #expect(qualified.contains("animations[1].from") && qualified.contains("animations[1].to"))
    }

    @Test func renamingChangesOnlyTheNamedParameter() {
        let rate = HarmonicError.invalidParameter(name: "rate", value: "0", allowed: "> 0")
        #expect("\(rate.renamingParameter(["rate": "--fps"]))".contains("--fps"))
        #expect("\(rate.renamingParameter(["count": "--count"]))" == "\(rate)")
    }
}
