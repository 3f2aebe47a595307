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

    /// A square of side 20 centred at the origin turning at 1 rad/s, drawn `M L L L Z` — after
    /// `breaksAt` seconds as a triangle (`M L L Z`), another structure.
    struct TurningSquare: ValueMotion {
        var breaksAt = Double.infinity
        var dimension: Int { 13 }
        var duration: Double { 2 }
        func evaluate(
            at time: Double, value: UnsafeMutableBufferPointer<Double>, velocity: UnsafeMutableBufferPointer<Double>?
        ) {
            let corners: [(Double, Double)] = [(-10, -10), (10, -10), (10, 10), (-10, 10)]
            let (c, s) = (cos(time), sin(time))
            var numbers: [Double] = []
            for (k, (x, y)) in corners.enumerated() {
                numbers += [k == 0 ? 1 : 2, c * x - s * y, s * x + c * y]
            }
            numbers.append(6)
            if time >= breaksAt { numbers = [1, 0, 0, 2, 1, 0, 2, 0, 1, 6, 0, 0, 0] }
            for i in numbers.indices {
                value[i] = numbers[i]
                // d/dt of (c·x − s·y, s·x + c·y) is (−s·x − c·y, c·x − s·y): the point turned 90°.
                velocity?[i] = 0
            }
            guard let velocity else { return }
            for k in 0..<4 {
                let x = corners[k].0, y = corners[k].1
                velocity[3 * k + 1] = -s * x - c * y
                velocity[3 * k + 2] = c * x - s * y
            }
        }
    }

    @Test func aMotionDrivesAPathThatKeepsItsElements() throws {
        let engine = try AnimationEngine()
        let shape = try engine.makeLayer(named: "shape")
        let model = try Path(svgPathData: "M0 0 L1 0 L1 1 L0 1 Z")
        try engine.setPath(model, of: shape)
        try engine.add(
            MotionAnimation(keyPath: "path", motion: TurningSquare(breaksAt: 1.5)), forKey: "turn", to: shape)
        for t in [0.0, 0.4, 1.2] {
            try engine.advance(to: t)
            let shown = try engine.presentationPath(of: shape)
            guard case let .line(corner) = shown.elements[2] else {
                Issue.record("expected a line, got \(shown.elements[2])")
                return
            }
            // The corner (10, 10) turned by t.
            #expect(
                close(corner.x, 10 * cos(t) - 10 * sin(t), 1e-13) && close(corner.y, 10 * sin(t) + 10 * cos(t), 1e-13))
            let rate = try engine.presentationVelocity(forKeyPath: "path", of: shape).components
            #expect(close(rate[7], -10 * sin(t) - 10 * cos(t), 1e-13) && rate[0] == 0)
        }
        // Past 1.5 s the motion gives a triangle, which the square's path cannot hold: the model
        // path shows instead of a garbled one.
        try engine.advance(to: 1.7)
        #expect(try engine.presentationPath(of: shape) == model)
        // Whole paths only: an additive motion on a path is refused, and so is a first value
        // that is not the path's structure.
        #expect(throws: HarmonicError.self) {
            try engine.add(
                MotionAnimation(keyPath: "path", motion: TurningSquare(), isAdditive: true), forKey: "add", to: shape)
            try engine.advance(to: 1.8)
        }
        #expect(throws: HarmonicError.self) {
            try engine.add(
                MotionAnimation(keyPath: "path", motion: TurningSquare(breaksAt: 0)), forKey: "bad", to: shape)
            try engine.advance(to: 1.9)
        }
    }
}
