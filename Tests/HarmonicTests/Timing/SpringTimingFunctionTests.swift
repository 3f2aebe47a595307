import Testing

@testable import Harmonic

@Suite struct SpringTimingFunctionTests {
    @Test func mapsInputToSpringTime() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
        let f = try SpringTimingFunction(spring: spring, duration: 2, initialVelocity: 0.5)
        for x in stride(from: 0.0, through: 3, by: 0.125) {
            #expect(f.value(at: x) == spring.progress(at: 2 * x, initialVelocity: 0.5))
            #expect(f.slope(at: x) == 2 * spring.progressVelocity(at: 2 * x, initialVelocity: 0.5))
        }
        #expect(f.value(at: 0) == 0)
        // Before 0: the start tangent.
        #expect(f.value(at: -1) == -1.0)
        #expect(f.slope(at: -1) == 1.0)
    }

    @Test func defaultDurationIsTheSettlingDuration() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 5)
        let f = try SpringTimingFunction(spring: spring)
        #expect(f.duration == spring.settlingDuration())
        #expect(abs(f.value(at: 1) - 1) <= 0.001 * 1.0001)
        let undamped = try SpringTimingFunction(spring: Spring(mass: 1, stiffness: 100, damping: 0))
        #expect(undamped.duration == 5 * undamped.spring.duration)
    }

    @Test func hugeInputsStayFinite() throws {
        let f = try SpringTimingFunction(spring: .default, duration: 10, initialVelocity: 3)
        for x in [-1e308, -1e9, 1e9, 1e300, 1e308] {
            #expect(f.value(at: x).isFinite && f.slope(at: x).isFinite, "x = \(x)")
        }
        #expect(throws: HarmonicError.self) { try SpringTimingFunction(spring: .default, duration: 0) }
    }
}
