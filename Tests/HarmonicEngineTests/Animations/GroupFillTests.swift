import Harmonic
import Testing
@testable import HarmonicEngine

/// A group shows its children's state at its end while it holds it (its forwards fill, or the
/// turnaround of an autoreversing group): the limit from the left, as Web Animations reports
/// progress 1 of an iteration that ends on a boundary.
@Suite struct GroupFillTests {
    func fade(to end: Double, duration: Double) throws -> BasicAnimation {
        BasicAnimation(keyPath: "opacity", from: 0, to: end, timing: try MediaTiming(duration: duration))
    }

    /// Group: fill forwards, kept after completion, 1 s; child: opacity 0 → 0.5 over 1 s.
    @Test func forwardsFillHoldsTheChildsEndValue() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        let group = AnimationGroup(
            animations: [try fade(to: 0.5, duration: 1)],
            timing: try MediaTiming(duration: 1, fillMode: .forwards), isRemovedOnCompletion: false)
        try engine.add(group, forKey: "g", to: box)
        for t in [0.5, 1.0, 1.5, 10] {
            try engine.advance(to: t)
            let expected = t < 1 ? 0.5 * t : 0.5
            #expect(close(try engine.scalar("opacity", of: box), expected, 1e-15), "t = \(t)")
        }
    }

    /// A child that ended before the group's end keeps its own (removed) fill.
    @Test func childThatEndedEarlierIsNotHeld() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        let group = AnimationGroup(
            animations: [try fade(to: 0.5, duration: 0.5)],
            timing: try MediaTiming(duration: 1, fillMode: .forwards), isRemovedOnCompletion: false)
        try engine.add(group, forKey: "g", to: box)
        try engine.advance(to: 0.75)
        #expect(try engine.scalar("opacity", of: box) == 1)
        try engine.advance(to: 1.5)
        #expect(try engine.scalar("opacity", of: box) == 1)
    }

    /// At the turnaround of an autoreversing group the child shows its end value, not the
    /// model value for one frame.
    @Test func noFlashAtAnAutoreversingTurnaround() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        let group = AnimationGroup(
            animations: [try fade(to: 0.5, duration: 1)],
            timing: try MediaTiming(duration: 1, repeatCount: 1, autoreverses: true))
        try engine.add(group, forKey: "g", to: box)
        for t in [0.999, 1.0, 1.001] {
            try engine.advance(to: t)
            let expected = 0.5 * (t <= 1 ? t : 2 - t)
            #expect(close(try engine.scalar("opacity", of: box), expected, 1e-12), "t = \(t)")
        }
    }
}
