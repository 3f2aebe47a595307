import Harmonic
import Testing

@testable import HarmonicSpec

/// The spec format builds the library's own values: a parsed spring is the `Spring` the same
/// parameters make, and a misspelt key is an error naming its path.
@Suite("spec parsing")
struct SpecParsingTests {
    @Test func springSpecIsTheLibrarysSpring() throws {
        let spec = try Spec.parse(#"{"spring": {"mass": 2, "stiffness": 300, "damping": 12}, "from": 3, "to": 7}"#)
        let spring = try #require(spec.curve.spring)
        let expected = try Spring(mass: 2, stiffness: 300, damping: 12)
        for t in [0.0, 0.1, 0.37, 1.5] {
            let state = expected.state(at: t, from: 3, to: 7, initialVelocity: 0)
            let sample = spring.sample(at: t)
            #expect(sample.value == [state.value])
            #expect(sample.velocity == [state.velocity])
        }
    }

    @Test func unknownKeyIsNamedWithItsPath() {
        #expect {
            _ = try Spec.parse(#"{"spring": {"stifness": 300}}"#)
        } throws: { error in
            "\(error)".contains("spring.stifness")
        }
    }
}
