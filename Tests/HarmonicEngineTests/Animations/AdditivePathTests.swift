import Harmonic
import HarmonicTestSupport
import Testing
@testable import HarmonicEngine

/// Additive path animations: offsets added to every argument of the path underneath, rates to
/// rates, against the closed form of two easings moving one square (its width by one easing, its
/// place by another), and the refusals that keep a sum of paths meaningful.
@Suite struct AdditivePathTests {
    let square = try! Path(svgPathData: "M0 0 L10 0 L10 10 L0 10 Z")

    /// The square `M0 0 L10 0 L10 10 L0 10 Z` made `10 + grow` wide and moved by `(dx, dy)`.
    static func moved(grow: Double, dx: Double, dy: Double) -> [Double] {
        let w = 10 + grow
        return [1, dx, dy, 2, dx + w, dy, 2, dx + w, dy + 10, 2, dx, dy + 10, 6]
    }

    @Test func offsetsAddToThePathUnderneathWithTheirOwnEasing() throws {
        let engine = try AnimationEngine()
        let shape = try engine.makeLayer(named: "shape")
        try engine.begin(TransactionSettings(disableActions: true))
        try engine.setPath(square, of: shape)
        try engine.commit()
        let grow = try CubicBezier(0.42, 0, 1, 1)
        let slide = try CubicBezier(0, 0, 0.58, 1)
        // The width grows by 20 between 1 s and 3 s (ease-in); the offsets move (0, 0) → (6, −4)
        // between 1 s and 2 s (ease-out), then hold.
        let width = try KeyframeTimeline([
            .init(time: 1, value: AnimatableVector(Self.moved(grow: 0, dx: 0, dy: 0)), easing: [grow]),
            .init(time: 3, value: AnimatableVector(Self.moved(grow: 20, dx: 0, dy: 0))),
        ])
        let zero = PathCoordinates(square)
        func offsets(_ dx: Double, _ dy: Double) throws -> AnimatableVector {
            AnimatableVector(
                try zero.offsets(to: PathCoordinates(numbers: Self.moved(grow: 0, dx: dx, dy: dy))).numbers)
        }
        let place = try KeyframeTimeline([
            .init(time: 1, value: try offsets(0, 0), easing: [slide]),
            .init(time: 2, value: try offsets(6, -4)),
            .init(time: 3, value: try offsets(6, -4)),
        ])
        try engine.add(
            KeyframeAnimation(keyPath: "path", timeline: width, timing: try timing(begin: 1, duration: 2, fill: .both)),
            forKey: "width", to: shape)
        try engine.add(
            KeyframeAnimation(
                keyPath: "path", timeline: place, timing: try timing(begin: 1, duration: 2, fill: .both),
                isAdditive: true),
            forKey: "place", to: shape)
        try engine.flush()
        for t in [1.0, 1.3, 1.5, 2.0, 2.4, 2.95] {
            let g = 20 * grow.value(at: (t - 1) / 2)
            let s = t < 2 ? slide.value(at: t - 1) : 1
            let expected = Self.moved(grow: g, dx: 6 * s, dy: -4 * s)
            let shown = try engine.presentationValue(forKeyPath: "path", of: shape, at: t).components
            #expect(shown.count == expected.count)
            for (a, b) in zip(shown, expected) { #expect(abs(a - b) <= 1e-12, "t = \(t)") }
            // Rates add: the shown rate is the derivative of the sum, checked by central differences.
            let h = 1e-6
            let before = try engine.presentationValue(forKeyPath: "path", of: shape, at: t - h).components
            let after = try engine.presentationValue(forKeyPath: "path", of: shape, at: t + h).components
            let rate = try engine.presentationVelocity(forKeyPath: "path", of: shape, at: t).components
            if t > 1, t != 2 {
                for k in rate.indices { #expect(abs(rate[k] - (after[k] - before[k]) / (2 * h)) < 1e-5, "t = \(t)") }
            }
        }
        // The additive animation alone on the model path: the square moved, its width untouched.
        try engine.removeAnimation(forKey: "width", from: shape)
        try engine.flush()
        let alone = try engine.presentationValue(forKeyPath: "path", of: shape, at: 1.5).components
        let s = slide.value(at: 0.5)
        for (a, b) in zip(alone, Self.moved(grow: 0, dx: 6 * s, dy: -4 * s)) { #expect(abs(a - b) <= 1e-12) }
    }

    @Test func offsetsNeedBothEndsAndNoArcs() throws {
        let engine = try AnimationEngine()
        let shape = try engine.makeLayer(named: "shape")
        try engine.setPath(square, of: shape)
        let numbers = AnimatableVector(PathCoordinates(square).numbers)
        // Both ends given: accepted, and the shown path is the model's moved by the offsets.
        try engine.add(
            BasicAnimation(
                keyPath: "path", fromValue: numbers, toValue: numbers, timing: try timing(duration: 1),
                isAdditive: true),
            forKey: "twice", to: shape)
        try engine.flush()
        let doubled = try engine.presentationValue(forKeyPath: "path", of: shape, at: 0.5).components
        #expect(doubled == [1, 0, 0, 2, 20, 0, 2, 20, 20, 2, 0, 20, 6])
        let refused: [BasicAnimation] = [
            BasicAnimation(keyPath: "path", toValue: numbers, isAdditive: true),
            BasicAnimation(keyPath: "path", fromValue: numbers, isAdditive: true),
        ]
        for animation in refused {
            #expect {
                try engine.add(animation, forKey: "bad", to: shape)
            } throws: { error in
                guard case let .invalidParameter(name, value, _) = error as? HarmonicError else { return false }
                return name == "additive" && value.contains("without both")
            }
        }
        let ring = try engine.makeLayer(named: "ring")
        let circle = try Path(svgPathData: "M50 0 A50 50 0 1 1 -50 0 A50 50 0 1 1 50 0")
        try engine.setPath(circle, of: ring)
        let arcs = AnimatableVector(PathCoordinates(circle).numbers)
        #expect {
            try engine.add(
                BasicAnimation(keyPath: "path", fromValue: arcs, toValue: arcs, isAdditive: true), forKey: "k",
                to: ring)
        } throws: { error in
            guard case let .invalidParameter(name, value, _) = error as? HarmonicError else { return false }
            return name == "additive" && value.contains("arcs")
        }
        #expect(throws: HarmonicError.self) {
            try engine.add(
                KeyframeAnimation(keyPath: "path", values: [arcs, arcs], isAdditive: true), forKey: "k", to: ring)
        }
    }
}
