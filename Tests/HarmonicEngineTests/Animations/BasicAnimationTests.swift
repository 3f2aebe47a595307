import Foundation
@testable import Harmonic
import HarmonicTestSupport
import Testing
@testable import HarmonicEngine

@Suite struct BasicAnimationTests {
    /// The from/to/by table (Apple, `CABasicAnimation`) with current = the model value 10 underneath.
    @Test(arguments: [
        (Double?(2), Double?(6), Double?(nil), 2.0, 6.0),  // from + to
        (2, nil, 3, 2, 5),  // from + by → from … from + by
        (nil, 6, 3, 3, 6),  // to + by → to − by … to
        (2, nil, nil, 2, 10),  // from → current
        (nil, 6, nil, 10, 6),  // to → current … to
        (nil, nil, 3, 10, 13),  // by → current … current + by
    ])
    func fromToByTable(from: Double?, to: Double?, by: Double?, start: Double, end: Double) throws {
        let (engine, box) = try engineWithBox(["opacity": [10]])
        try engine.add(
            BasicAnimation(keyPath: "opacity", from: from, to: to, by: by, timing: try timing(duration: 2)),
            forKey: "a", to: box)
        for t in [0.0, 0.5, 1.3, 1.999] {
            #expect(close(try engine.scalar("opacity", of: box, at: t), start + (end - start) * t / 2, 1e-15))
        }
    }

    @Test func allThreeValuesIsAnError() throws {
        let (engine, box) = try engineWithBox()
        #expect(throws: HarmonicError.self) {
            try engine.add(BasicAnimation(keyPath: "position.x", from: 1, to: 2, by: 3), forKey: "a", to: box)
        }
        #expect(throws: HarmonicError.self) {
            try engine.add(BasicAnimation(keyPath: "position", fromValue: [1], toValue: [2, 3]), forKey: "a", to: box)
        }
        #expect(try engine.animationKeys(of: box).isEmpty)
    }

    @Test func noValuesAnimatesFromThePresentationValueAtCommit() throws {
        // Core Animation: with no values, from the previous presentation value to the current one.
        let (engine, box) = try engineWithBox(["opacity": [1]])
        try engine.begin(TransactionSettings(disableActions: true))
        try engine.setValue(0, forKeyPath: "opacity", of: box)
        try engine.add(BasicAnimation(keyPath: "opacity", timing: try timing(duration: 1)), forKey: "fade", to: box)
        try engine.commit()
        #expect(close(try engine.scalar("opacity", of: box, at: 0.25), 0.75, 1e-15))
    }

    @Test func defaultTimingIsTheTransactionDurationAndLinear() throws {
        let (engine, box) = try engineWithBox()
        try engine.advance(to: 3)
        try engine.add(BasicAnimation(keyPath: "position.x", from: 0, to: 1), forKey: "a", to: box)
        try engine.flush()
        guard case let .basic(a)? = try engine.animation(forKey: "a", on: box) else {
            Issue.record("no animation")
            return
        }
        #expect(a.timing?.beginTime == 3 && a.timing?.duration == 0.25)
        #expect(close(try engine.scalar("position.x", of: box, at: 3.1), 0.4, 1e-15))
    }

    @Test func timingFunctionShapesProgress() throws {
        let (engine, box) = try engineWithBox()
        try engine.add(
            BasicAnimation(
                keyPath: "position.x", from: 0, to: 100, timing: try timing(duration: 1),
                timingFunction: CubicBezier.easeIn),
            forKey: "a", to: box)
        for t in [0.1, 0.37, 0.5, 0.93] {
            #expect(
                close(
                    try engine.scalar("position.x", of: box, at: t), 100 * referenceBezier(0.42, 0, 1, 1, at: t), 1e-13)
            )
        }
    }

    @Test func fillModesAndRemovedOnCompletion() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        var a = BasicAnimation(
            keyPath: "opacity", from: 0.2, to: 0.6, timing: try timing(begin: 1, duration: 1, fill: .both))
        try engine.add(a, forKey: "a", to: box)
        #expect(try engine.scalar("opacity", of: box, at: 0.5) == 0.2)  // backwards fill before begin
        // Removed on completion: after the end the model value shows despite the forwards fill.
        #expect(try engine.scalar("opacity", of: box, at: 2.5) == 1)
        a.isRemovedOnCompletion = false
        try engine.add(a, forKey: "a", to: box)
        try engine.advance(to: 5)
        #expect(try engine.scalar("opacity", of: box) == 0.6)  // held by the forwards fill
        #expect(try engine.animationKeys(of: box) == ["a"])
        a.timing = try timing(begin: 1, duration: 1, fill: .removed)
        try engine.add(a, forKey: "a", to: box)
        #expect(try engine.scalar("opacity", of: box, at: 0.5) == 1)  // no backwards fill
        #expect(try engine.scalar("opacity", of: box, at: 6) == 1)  // kept, but no effect
    }

    @Test func repeatsAutoreverseSpeedAndOffset() throws {
        let (engine, box) = try engineWithBox()
        func value(_ t: MediaTiming, at time: Double) throws -> Double {
            try engine.add(BasicAnimation(keyPath: "position.x", from: 0, to: 10, timing: t), forKey: "a", to: box)
            return try engine.scalar("position.x", of: box, at: time)
        }
        #expect(close(try value(timing(duration: 1, repeatCount: 2.5), at: 2.25), 2.5, 1e-14))
        #expect(close(try value(timing(duration: 1, autoreverses: true), at: 1.25), 7.5, 1e-14))
        #expect(close(try value(timing(duration: 1, speed: 2), at: 0.25), 5, 1e-14))
        // timeOffset 0.5: starts half-way and wraps (frames C D E A B).
        #expect(close(try value(timing(duration: 1, offset: 0.5), at: 0.25), 7.5, 1e-14))
        #expect(close(try value(timing(duration: 1, offset: 0.5), at: 0.75), 2.5, 1e-14))
    }

    @Test func additiveAddsToTheValueUnderneath() throws {
        let (engine, box) = try engineWithBox(["position": [100, 0]])
        try engine.add(
            BasicAnimation(keyPath: "position.x", from: 0, to: 10, timing: try timing(duration: 1)), forKey: "base",
            to: box)
        try engine.add(
            BasicAnimation(keyPath: "position.x", from: -5, to: 5, timing: try timing(duration: 2), isAdditive: true),
            forKey: "wiggle", to: box)
        // base 0…10 over 1 s replaces 100; the additive one adds −5…5 over 2 s.
        #expect(close(try engine.scalar("position.x", of: box, at: 0.5), 5 - 2.5, 1e-14))
        #expect(close(try engine.scalar("position.x", of: box, at: 1.5), 100 + 2.5, 1e-14))
    }

    @Test func cumulativeRepeatsContinueFromTheLastEnd() throws {
        let (engine, box) = try engineWithBox()
        try engine.add(
            BasicAnimation(
                keyPath: "position.x", from: 0, to: 10, timing: try timing(duration: 1, repeatCount: 3),
                isCumulative: true),
            forKey: "a", to: box)
        #expect(close(try engine.scalar("position.x", of: box, at: 0.5), 5, 1e-14))
        #expect(close(try engine.scalar("position.x", of: box, at: 1.5), 15, 1e-14))
        #expect(close(try engine.scalar("position.x", of: box, at: 2.25), 22.5, 1e-14))
    }

    @Test func laterAnimationsApplyOnTop() throws {
        let (engine, box) = try engineWithBox()
        try engine.add(
            BasicAnimation(keyPath: "position.x", from: 0, to: 10, timing: try timing(duration: 1)), forKey: "a",
            to: box)
        try engine.add(
            BasicAnimation(keyPath: "position.x", to: 20, timing: try timing(duration: 1)), forKey: "b", to: box)
        // b animates from the value underneath (a's) to 20: at 0.5, a = 5, b = 5 + 15·0.5.
        #expect(close(try engine.scalar("position.x", of: box, at: 0.5), 12.5, 1e-14))
    }

    @Test func virtualTransformPathAnimatesTheAngle() throws {
        let (engine, box) = try engineWithBox(["transform": AnimatableVector(Transform3D.scale(x: 2, y: 2).components)])
        try engine.add(
            BasicAnimation(keyPath: "transform.rotation.z", from: 0, to: 2 * .pi, timing: try timing(duration: 1)),
            forKey: "spin", to: box)
        try engine.flush()
        // Three quarters of a turn, the model's scale of 2 kept.
        let m = try Transform3D(
            components: engine.presentationValue(forKeyPath: "transform", of: box, at: 0.75).components)
        let expected = Transform3D.scale(x: 2, y: 2).concatenating(.rotation(angle: 1.5 * .pi, x: 0, y: 0, z: 1))
        #expect(maxDifference(m, expected) < 1e-14)
        // Additive scale multiplies.
        try engine.add(
            BasicAnimation(
                keyPath: "transform.scale", from: 1, to: 3, timing: try timing(duration: 1), isAdditive: true),
            forKey: "grow", to: box)
        #expect(close(try engine.scalar("transform.scale.x", of: box, at: 0.5), 2 * 2, 1e-14))
    }

    @Test func wholeTransformAnimationInterpolatesByDecomposition() throws {
        let (engine, box) = try engineWithBox([:])
        let end = Transform3D.rotation(angle: .pi / 2, x: 0, y: 0, z: 1).concatenating(.translation(x: 100, y: 0))
        try engine.add(
            BasicAnimation(
                keyPath: "transform", toValue: AnimatableVector(end.components), timing: try timing(duration: 1)),
            forKey: "t", to: box)
        try engine.flush()
        let m = try Transform3D(
            components: engine.presentationValue(forKeyPath: "transform", of: box, at: 0.5).components)
        let half = Transform3D.rotation(angle: .pi / 4, x: 0, y: 0, z: 1).concatenating(.translation(x: 50, y: 0))
        #expect(maxDifference(m, half) < 1e-13)
    }
}
