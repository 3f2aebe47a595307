import Testing

@testable import Harmonic

/// Rest rules converted between speed and distance stop an exponential decay at the same time.
@Suite struct DecayRestThresholdTests {
    @Test func speedAndDistanceThresholdsStopAtTheSameTime() throws {
        let decay = try ExponentialDecay(decelerationRate: ExponentialDecay.normalDecelerationRate)
        let k = decay.decayConstant
        let distance = DecayRest.distance(0.5)
        #expect(distance.speedThreshold(decayConstant: k) == 0.5 * k)
        #expect(DecayRest.speed(2).distanceThreshold(decayConstant: k) == 2 / k)
        #expect(distance.distanceThreshold(decayConstant: k) == 0.5)
        let bySpeed = try DecayMotion(
            curve: .exponential(decay), from: 0, initialVelocity: 1000,
            rest: .speed(distance.speedThreshold(decayConstant: k)))
        let byDistance = try DecayMotion(curve: .exponential(decay), from: 0, initialVelocity: 1000, rest: distance)
        #expect(abs(bySpeed.restTime - byDistance.restTime) <= 1e-12 * byDistance.restTime)
    }

    @Test func namedDefaults() {
        #expect(DecayRest.uiKitDefault == .speed(1))
        #expect(MediaTiming.defaultDuration == 0.25)
        #expect(Spring.reactSpringDefault.stiffness == 170 && Spring.reactSpringDefault.damping == 26)
        #expect(Spring.reactSpringDefault.mass == 1)
    }
}
