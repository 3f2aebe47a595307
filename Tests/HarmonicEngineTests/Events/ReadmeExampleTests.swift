import Foundation
import Harmonic
import Testing
@testable import HarmonicEngine

/// The README's engine example, kept compiling and checked against the closed form.
@Suite struct ReadmeExampleTests {
    @Test func readmeExample() throws {
        let engine = try AnimationEngine()
        let ball = try engine.makeLayer(named: "ball", values: ["position": [0, 0], "opacity": [1]])
        try engine.add(
            BasicAnimation(keyPath: "opacity", from: 1, to: 0, timing: try MediaTiming(duration: 0.5)), forKey: "fade",
            to: ball)
        try engine.begin(TransactionSettings(spring: try Spring(mass: 1, stiffness: 170, damping: 15)))
        try engine.setValue(300, forKeyPath: "position.x", of: ball)
        try engine.commit()
        let events = try engine.advance(to: 0.3)
        #expect(summary(events) == ["0.0 didStart fade", "0.0 didStart position.x"])
        try engine.retargetSpring(forKey: "position.x", on: ball, to: [100])
        let reference = referenceSpring(mass: 1, stiffness: 170, damping: 15, x0: -300, v0: 0, t: 0.3)
        #expect(close(try engine.scalar("position.x", of: ball), 300 + reference.x, 1e-12))
        #expect(close(try engine.presentationVelocity(forKeyPath: "position.x", of: ball)[0], reference.v, 1e-11))
        #expect(abs(300 + reference.x - 332.86) < 0.005 && abs(reference.v + 29.22) < 0.005)
    }
}
