import Harmonic
import Testing

@testable import HarmonicSpec

/// The spec format's defaults are the library's named values, and its column names come from
/// one place.
@Suite struct SpecDefaultsTests {
    @Test func springDefaultsAreTheLibrarysOwn() throws {
        let empty = try #require(try Spec.parse(#"{"spring": {}}"#).curve.spring)
        #expect(empty.spring == Spring.default)
        let react = try #require(try Spec.parse(#"{"spring": {"tension": 300}}"#).curve.spring)
        #expect(react.spring.damping == Spring.reactSpringDefault.damping)
        let motion = try #require(try Spec.parse(#"{"spring": {"type": "spring", "mass": 2}}"#).curve.spring)
        #expect(motion.spring.stiffness == Spring.default.stiffness)
    }

    @Test func timingAndDecayDefaults() throws {
        let timed = try Spec.parse(#"{"cubicBezier": [0.42, 0, 0.58, 1], "timing": {}}"#)
        #expect(timed.curve.sampled.defaultDomain.upperBound == MediaTiming.defaultDuration)
        guard
            case let .decay(decay) = try Spec.parse(
                #"{"decay": {"decelerationRate": "normal", "initialVelocity": 500}}"#
            ).curve
        else {
            Issue.record("a decay spec is a decay")
            return
        }
        #expect(decay.motion.rest == DecayRest.uiKitDefault)
    }

    @Test func columnNames() {
        #expect(SampleColumns.curve(dimension: 1, velocity: false, angle: false) == ["time", "value"])
        #expect(
            SampleColumns.curve(dimension: 2, velocity: true, angle: true)
                == ["time", "value.0", "value.1", "velocity.0", "velocity.1", "angle"])
        #expect(SampleColumns.components("value", count: 3) == ["value.0", "value.1", "value.2"])
    }
}
