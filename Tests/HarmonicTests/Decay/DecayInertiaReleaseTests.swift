import Testing

@testable import Harmonic

/// The homes of Motion's `inertia` rules: the release (`power·velocity`, `amplitude·k`) and
/// the wall spring with Motion's defaults and parameter names.
@Suite struct DecayInertiaReleaseTests {
    @Test func releaseIsPowerTimesVelocityAndItsRate() throws {
        let decay = try ExponentialDecay(timeConstant: 325)
        let release = DecayMotion.inertiaRelease(velocity: 800, power: 0.8, decay: decay)
        #expect(release.amplitude == 640)
        #expect(release.initialVelocity == 640 * (1000 / 325.0))
        // The scalar factory releases through the same rule.
        let motion = try DecayMotion.inertia(from: 100, velocity: 800)
        #expect(motion.initialVelocity == release.initialVelocity)
        #expect(motion.restValue == 740)
    }

    @Test func wallSpringDefaultsToMotionsAndNamesItsParameters() throws {
        #expect(try DecayBounds.motionBounce() == DecayBounds.motionBounce)
        #expect(DecayBounds.motionBounce.stiffness == 500)
        #expect(DecayBounds.motionBounce.damping == 10)
        #expect(try DecayBounds.motionBounce(stiffness: 300).damping == 10)
        #expect {
            try DecayBounds.motionBounce(stiffness: -1)
        } throws: { "\($0)".contains("bounceStiffness") }
        #expect {
            try DecayBounds.motionBounce(damping: .nan)
        } throws: { "\($0)".contains("bounceDamping") }
    }
}
