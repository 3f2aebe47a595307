import Foundation
import Harmonic
import HarmonicTestSupport
import Testing
@testable import HarmonicEngine

/// Motion animations: a caller's motion played on a key path with media timing around it.
@Suite struct MotionAnimationTests {
    /// A circle of radius 10 around (50, 50) at 2 rad/s for π seconds.
    struct Circle: ValueMotion {
        var dimension: Int { 2 }
        var duration: Double { .pi }
        func evaluate(
            at time: Double, value: UnsafeMutableBufferPointer<Double>, velocity: UnsafeMutableBufferPointer<Double>?
        ) {
            value[0] = 50 + 10 * cos(2 * time)
            value[1] = 50 + 10 * sin(2 * time)
            velocity?[0] = -20 * sin(2 * time)
            velocity?[1] = 20 * cos(2 * time)
        }
    }

    @Test func valuesVelocitiesAndDefaultDuration() throws {
        let (engine, box) = try engineWithBox(["position": [0, 0]])
        try engine.add(MotionAnimation(keyPath: "position", motion: Circle()), forKey: "orbit", to: box)
        for t in [0.0, 0.3, 1.1, 3.0] {
            try engine.advance(to: t)
            let value = try engine.presentationValue(forKeyPath: "position", of: box)
            let velocity = try engine.presentationVelocity(forKeyPath: "position", of: box)
            #expect(close(value[0], 50 + 10 * cos(2 * t), 1e-13) && close(value[1], 50 + 10 * sin(2 * t), 1e-13))
            #expect(close(velocity[0], -20 * sin(2 * t), 1e-13) && close(velocity[1], 20 * cos(2 * t), 1e-13))
        }
        // It lasts the motion's duration, then leaves: the model value shows again.
        let events = try engine.advance(to: .pi + 0.01)
        #expect(summary(events).contains { $0.contains("didStop") })
        #expect(try engine.presentationValue(forKeyPath: "position", of: box) == [0, 0])
    }

    @Test func timingScalesAndAdditiveAddsTheChange() throws {
        let (engine, box) = try engineWithBox(["position": [100, 0]])
        // Twice the speed, additive: the change since the start (50 + 10, 50) rides on the model.
        try engine.add(
            MotionAnimation(
                keyPath: "position", motion: Circle(), timing: MediaTiming(duration: 1, speed: 2), isAdditive: true),
            forKey: "orbit", to: box)
        try engine.advance(to: 0.2)
        let value = try engine.presentationValue(forKeyPath: "position", of: box)
        let velocity = try engine.presentationVelocity(forKeyPath: "position", of: box)
        let tau = 0.4
        #expect(close(value[0], 100 + 10 * cos(2 * tau) - 10, 1e-13))
        #expect(close(value[1], 10 * sin(2 * tau), 1e-13))
        #expect(close(velocity[1], 2 * 20 * cos(2 * tau), 1e-12))
    }

    @Test func keyPathsMustMatchTheMotion() throws {
        let (engine, box) = try engineWithBox(["position": [0, 0], "opacity": [1]])
        #expect(throws: HarmonicError.self) {
            try engine.add(MotionAnimation(keyPath: "opacity", motion: Circle()), forKey: "x", to: box)
            try engine.advance(to: 0.1)
        }
        #expect(throws: HarmonicError.self) {
            try engine.add(MotionAnimation(keyPath: "transform", motion: Circle()), forKey: "y", to: box)
            try engine.advance(to: 0.2)
        }
    }
}
