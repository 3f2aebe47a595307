import Harmonic
import HarmonicEngine
import Testing

@Suite struct PresentationRuleTests {
    /// A bouncy spring from black to white overshoots 1; the colour shown stays within 0…1,
    /// with velocity 0 while clamped, and follows the spring where it is inside.
    @Test func coloursAreClampedAtPresentation() throws {
        let (engine, box) = try engineWithBox(["backgroundColor": [0, 0, 0, 1]])
        let spring = try Spring(duration: 0.5, bounce: 0.5)
        try engine.add(
            SpringAnimation(
                keyPath: "backgroundColor", fromValue: [0, 0, 0, 1], toValue: [1, 1, 1, 1], spring: spring),
            forKey: "flash", to: box)
        var sawClamp = false, sawInside = false
        for frame in 1...60 {
            let t = Double(frame) / 60
            try engine.advance(to: t)
            let shown = try engine.presentationValue(forKeyPath: "backgroundColor", of: box)
            let raw = spring.value(at: t, from: 0.0, to: 1.0)
            // The engine scales the unit curve onto the endpoints: equal to a few ulps.
            #expect(abs(shown[0] - min(max(raw, 0), 1)) <= 1e-15, "t = \(t)")
            #expect(shown[0] >= 0 && shown[0] <= 1)
            let rate = try engine.presentationVelocity(forKeyPath: "backgroundColor", of: box)
            if raw > 1 {
                sawClamp = true
                #expect(rate[0] == 0)
            } else if raw > 0.01, raw < 0.99 {
                sawInside = true
                #expect(rate[0] != 0)
            }
        }
        #expect(sawClamp && sawInside)
    }

    /// `hidden` 0 → 1 switches half-way through the progress: linear, at t = 0.5; along
    /// easeIn (progress 0.5 at t ≈ 0.685), still 0 at t = 0.6.
    @Test func discreteFlagsSwitchAtTheMidpoint() throws {
        for (function, before, after) in [(CubicBezier.linear, 0.49, 0.51), (CubicBezier.easeIn, 0.6, 0.7)] {
            let (engine, box) = try engineWithBox(["hidden": [0]])
            try engine.add(
                BasicAnimation(
                    keyPath: "hidden", from: 0, to: 1, timing: try MediaTiming(duration: 1), timingFunction: function),
                forKey: "hide", to: box)
            try engine.advance(to: before)
            #expect(try engine.presentationValue(forKeyPath: "hidden", of: box)[0] == 0)
            #expect(try engine.presentationVelocity(forKeyPath: "hidden", of: box)[0] == 0)
            try engine.advance(to: after)
            #expect(try engine.presentationValue(forKeyPath: "hidden", of: box)[0] == 1)
        }
    }
}
