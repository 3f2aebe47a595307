import Foundation
import Harmonic
import Testing
@testable import HarmonicEngine

@Suite struct RetargetingTests {
    @Test func retargetedSpringKeepsPositionAndVelocity() throws {
        let (engine, box) = try engineWithBox()
        let spring = try Spring(mass: 1, stiffness: 150, damping: 12)
        try engine.add(
            SpringAnimation(keyPath: "position.x", from: 0, to: 100, spring: spring, timing: try timing(duration: 3)),
            forKey: "s", to: box)
        try engine.advance(to: 0.3)
        let reference = referenceSpring(mass: 1, stiffness: 150, damping: 12, x0: -100, v0: 0, t: 0.3)
        let (x, v) = (100 + reference.x, reference.v)
        #expect(close(try engine.scalar("position.x", of: box), x, 1e-12))
        try engine.retargetSpring(forKey: "s", on: box, to: [50])
        // Continuous at the instant of the change…
        #expect(close(try engine.scalar("position.x", of: box), x, 1e-12))
        #expect(close(try engine.presentationVelocity(forKeyPath: "position.x", of: box)[0], v, 1e-11))
        // …and afterwards the closed form from (x, v) toward 50.
        for dt in [0.01, 0.2, 0.7] {
            let after = referenceSpring(mass: 1, stiffness: 150, damping: 12, x0: x - 50, v0: v, t: dt)
            #expect(close(try engine.scalar("position.x", of: box, at: 0.3 + dt), 50 + after.x, 1e-11))
            #expect(
                close(
                    try engine.presentationVelocity(forKeyPath: "position.x", of: box, at: 0.3 + dt)[0], after.v, 1e-10)
            )
        }
    }

    @Test func vectorVelocityIsKeptWhateverItsDirection() throws {
        let (engine, box) = try engineWithBox()
        try engine.add(
            SpringAnimation(
                keyPath: "position", fromValue: [0, 0], toValue: [100, 0], timing: try timing(duration: 3)),
            forKey: "s", to: box)
        try engine.advance(to: 0.1)
        let before = try engine.presentationVelocity(forKeyPath: "position", of: box)
        try engine.retargetSpring(forKey: "s", on: box, to: [0, 100])  // at right angles
        let after = try engine.presentationVelocity(forKeyPath: "position", of: box)
        #expect(close(after[0], before[0], 1e-12) && close(after[1], before[1], 1e-12))
        #expect(before[0] > 100 && before[1] == 0)
    }

    @Test func implicitSpringsRetargetWithoutAKink() throws {
        let (engine, box) = try engineWithBox()
        let settings = TransactionSettings(spring: .default)
        try engine.begin(settings)
        try engine.setValue(100, forKeyPath: "position.x", of: box)
        try engine.commit()
        try engine.advance(to: 0.2)
        let x = 100 + referenceSpring(mass: 1, stiffness: 100, damping: 10, x0: -100, v0: 0, t: 0.2).x
        let v = referenceSpring(mass: 1, stiffness: 100, damping: 10, x0: -100, v0: 0, t: 0.2).v
        try engine.begin(settings)
        try engine.setValue(-20, forKeyPath: "position.x", of: box)
        try engine.commit()
        #expect(close(try engine.scalar("position.x", of: box), x, 1e-12))
        #expect(close(try engine.presentationVelocity(forKeyPath: "position.x", of: box)[0], v, 1e-11))
        let after = referenceSpring(mass: 1, stiffness: 100, damping: 10, x0: x + 20, v0: v, t: 0.25)
        #expect(close(try engine.scalar("position.x", of: box, at: 0.45), -20 + after.x, 1e-11))
        // The implicit spring lasts until the motion has settled within 0.001 of its range.
        guard case let .spring(a)? = try engine.animation(forKey: "position.x", on: box) else {
            Issue.record("missing")
            return
        }
        let end = a.timing?.duration ?? 0
        let range = abs(x + 20)  // |to − from|
        let atEnd = referenceSpring(mass: 1, stiffness: 100, damping: 10, x0: x + 20, v0: v, t: end).x
        #expect(abs(abs(atEnd) - 0.001 * range) < 1e-9 * range)
    }

    @Test func retargetingNeedsASpring() throws {
        let (engine, box) = try engineWithBox()
        try engine.add(BasicAnimation(keyPath: "position.x", to: 1), forKey: "b", to: box)
        #expect(throws: HarmonicError.self) { try engine.retargetSpring(forKey: "b", on: box, to: [2]) }
        #expect(throws: HarmonicError.self) { try engine.retargetSpring(forKey: "none", on: box, to: [2]) }
    }
}
