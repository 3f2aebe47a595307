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

    /// One number as a function of time, with its derivative.
    struct Scalar: ValueMotion {
        var value: @Sendable (Double) -> Double
        var rate: @Sendable (Double) -> Double
        var dimension: Int { 1 }
        var duration: Double { 2 }
        func evaluate(
            at time: Double, value out: UnsafeMutableBufferPointer<Double>,
            velocity: UnsafeMutableBufferPointer<Double>?
        ) {
            out[0] = value(time)
            velocity?[0] = rate(time)
        }
    }

    @Test func aMotionDrivesATransformPiece() throws {
        let (engine, box) = try engineWithBox(["position": [0, 0]])
        try engine.begin(TransactionSettings(disableActions: true))
        try engine.setValue([2], forKeyPath: "transform.scale.x", of: box)
        try engine.commit()
        // θ(t) = sin 3t replaces the turn; the scale underneath stays.
        try engine.add(
            MotionAnimation(
                keyPath: "transform.rotation.z", motion: Scalar(value: { sin(3 * $0) }, rate: { 3 * cos(3 * $0) })),
            forKey: "turn", to: box)
        for t in [0.0, 0.35, 1.2] {
            try engine.advance(to: t)
            let angle = try engine.presentationValue(forKeyPath: "transform.rotation.z", of: box)[0]
            let rate = try engine.presentationVelocity(forKeyPath: "transform.rotation.z", of: box)[0]
            #expect(close(angle, sin(3 * t), 1e-13) && close(rate, 3 * cos(3 * t), 1e-12))
            // The matrix is the rotation after the scale: its first row (2 cos θ, 2 sin θ).
            let m = try engine.presentationValue(forKeyPath: "transform", of: box).components
            #expect(close(m[0], 2 * cos(sin(3 * t)), 1e-13) && close(m[1], 2 * sin(sin(3 * t)), 1e-13))
            #expect(close(try engine.presentationValue(forKeyPath: "transform.scale.x", of: box)[0], 2, 1e-13))
        }
    }

    @Test func anAdditivePieceMotionAddsItsChangeAndMultipliesScales() throws {
        let (engine, box) = try engineWithBox(["position": [0, 0]])
        try engine.begin(TransactionSettings(disableActions: true))
        try engine.setValue([0.5], forKeyPath: "transform.rotation.z", of: box)
        try engine.setValue([2], forKeyPath: "transform.scale.y", of: box)
        try engine.commit()
        // The turn adds θ(t) − θ(0) = t²; the scale multiplies by (3 + t)/3.
        try engine.add(
            MotionAnimation(
                keyPath: "transform.rotation.z", motion: Scalar(value: { 1 + $0 * $0 }, rate: { 2 * $0 }),
                isAdditive: true),
            forKey: "turn", to: box)
        try engine.add(
            MotionAnimation(
                keyPath: "transform.scale.y", motion: Scalar(value: { 3 + $0 }, rate: { _ in 1 }), isAdditive: true),
            forKey: "grow", to: box)
        for t in [0.0, 0.25, 1.5] {
            try engine.advance(to: t)
            let angle = try engine.presentationValue(forKeyPath: "transform.rotation.z", of: box)[0]
            let angleRate = try engine.presentationVelocity(forKeyPath: "transform.rotation.z", of: box)[0]
            #expect(close(angle, 0.5 + t * t, 1e-13) && close(angleRate, 2 * t, 1e-12))
            let scale = try engine.presentationValue(forKeyPath: "transform.scale.y", of: box)[0]
            let scaleRate = try engine.presentationVelocity(forKeyPath: "transform.scale.y", of: box)[0]
            #expect(close(scale, 2 * (3 + t) / 3, 1e-13) && close(scaleRate, 2.0 / 3, 1e-12))
        }
        // A scale that starts at 0 has no ratio to add: refused.
        #expect(throws: HarmonicError.self) {
            try engine.add(
                MotionAnimation(
                    keyPath: "transform.scale.x", motion: Scalar(value: { $0 }, rate: { _ in 1 }), isAdditive: true),
                forKey: "zero", to: box)
            try engine.advance(to: 1.6)
        }
    }

    /// A whole transform: a turn by t, then a translation by (10t, −5t), in
    /// ``/Harmonic/Transform3D``'s storage order, with its derivative.
    struct Sliding: ValueMotion {
        var dimension: Int { 16 }
        var duration: Double { 2 }
        static func matrix(_ t: Double) -> Transform3D {
            Transform3D.rotation(angle: t, x: 0, y: 0, z: 1).concatenating(.translation(x: 10 * t, y: -5 * t))
        }
        func evaluate(
            at time: Double, value: UnsafeMutableBufferPointer<Double>, velocity: UnsafeMutableBufferPointer<Double>?
        ) {
            let m = Self.matrix(time)
            for i in 0..<16 { value[i] = m.storage[i] }
            guard let velocity else { return }
            // d/dt of R(t)·T(t) = R′·T + R·T′, R′ the turn by t + π/2 without its z row and column.
            let c = cos(time), s = sin(time)
            var dR = Transform3D(storage: SIMD16())
            dR.storage[0] = -s
            dR.storage[1] = c
            dR.storage[4] = -c
            dR.storage[5] = -s
            var dT = Transform3D(storage: SIMD16())
            dT.storage[12] = 10
            dT.storage[13] = -5
            let d =
                dR.concatenating(.translation(x: 10 * time, y: -5 * time)).storage
                + Transform3D.rotation(angle: time, x: 0, y: 0, z: 1).concatenating(dT).storage
            for i in 0..<16 { velocity[i] = d[i] }
        }
    }

    @Test func aMotionDrivesAWholeTransform() throws {
        let (engine, box) = try engineWithBox(["position": [0, 0]])
        try engine.begin(TransactionSettings(disableActions: true))
        try engine.setValue([4], forKeyPath: "transform.scale", of: box)
        try engine.commit()
        try engine.add(MotionAnimation(keyPath: "transform", motion: Sliding()), forKey: "slide", to: box)
        for t in [0.0, 0.6, 1.7] {
            try engine.advance(to: t)
            let shown = try engine.presentationValue(forKeyPath: "transform", of: box).components
            let rate = try engine.presentationVelocity(forKeyPath: "transform", of: box).components
            let expected = Sliding.matrix(t)
            for i in 0..<16 { #expect(close(shown[i], expected.storage[i], 1e-13)) }
            // The rate in closed form: the turn's first row (−sin t, cos t), the translation row
            // (10, −5) (the translation applies after the turn, so it is not turned).
            #expect(close(rate[0], -sin(t), 1e-12) && close(rate[1], cos(t), 1e-12))
            #expect(close(rate[12], 10, 1e-12) && close(rate[13], -5, 1e-12) && rate[15] == 0)
        }
        // Whole transforms are not added: refused.
        #expect(throws: HarmonicError.self) {
            try engine.add(
                MotionAnimation(keyPath: "transform", motion: Sliding(), isAdditive: true), forKey: "add", to: box)
            try engine.advance(to: 1.8)
        }
    }
}
