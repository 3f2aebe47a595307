import Foundation
import Harmonic
import Testing
@testable import HarmonicEngine

/// Collects the order in which completion blocks run.
final class CompletionLog {
    var names: [String] = []
}

@Suite struct TransactionTests {
    @Test func implicitAnimationUsesCoreAnimationDefaults() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        try engine.setValue(0, forKeyPath: "opacity", of: box)  // implicit transaction
        try engine.flush()
        #expect(try engine.animationKeys(of: box) == ["opacity"])
        for t in [0.05, 0.1, 0.2] {
            let expected = 1 - referenceDefaultEase(t / 0.25)
            #expect(close(try engine.scalar("opacity", of: box, at: t), expected, 1e-13))
        }
        try engine.advance(to: 0.25)
        #expect(try engine.scalar("opacity", of: box) == 0)
        #expect(try engine.animationKeys(of: box).isEmpty)
    }

    @Test func changesWaitForTheOutermostCommit() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        try engine.begin()
        try engine.begin(TransactionSettings(animationDuration: 1, timingFunction: CubicBezier.linear))
        try engine.setValue(0, forKeyPath: "opacity", of: box)
        try engine.commit()  // inner: nothing happens yet
        #expect(try engine.modelValue(forKeyPath: "opacity", of: box) == [0])  // model at once
        #expect(try engine.presentationValue(forKeyPath: "opacity", of: box) == [1])
        #expect(try engine.animationKeys(of: box).isEmpty)
        try engine.advance(to: 2)  // time passes before the outer commit
        try engine.commit()
        #expect(try engine.animationKeys(of: box) == ["opacity"])
        // The inner transaction's settings (1 s, linear) apply, from the commit time on.
        #expect(close(try engine.scalar("opacity", of: box, at: 2.25), 0.75, 1e-15))
        #expect(throws: HarmonicError.self) { try engine.commit() }
    }

    @Test func disableActionsJumpsAtCommit() throws {
        let (engine, box) = try engineWithBox()
        try engine.begin(TransactionSettings(disableActions: true))
        try engine.setValue([5, 5], forKeyPath: "position", of: box)
        #expect(try engine.presentationValue(forKeyPath: "position", of: box) == [0, 0])
        try engine.commit()
        #expect(try engine.presentationValue(forKeyPath: "position", of: box) == [5, 5])
        #expect(try engine.animationKeys(of: box).isEmpty)
    }

    @Test func explicitAnimationsInATransactionBeginAtCommit() throws {
        let (engine, box) = try engineWithBox()
        try engine.begin(TransactionSettings(animationDuration: 2))
        try engine.add(BasicAnimation(keyPath: "position.x", from: 0, to: 10), forKey: "a", to: box)
        #expect(try engine.animation(forKey: "a", on: box) != nil)  // visible before commit
        try engine.advance(to: 1)
        try engine.commit()
        guard case let .basic(a)? = try engine.animation(forKey: "a", on: box) else {
            Issue.record("missing")
            return
        }
        #expect(a.timing?.beginTime == 1 && a.timing?.duration == 2)  // duration 0 → the transaction's
    }

    @Test func completionRunsWhenItsAnimationsStop() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        let log = CompletionLog()
        let outer = try engine.begin(
            TransactionSettings(animationDuration: 1), completion: { log.names.append("outer") })
        try engine.setValue(0, forKeyPath: "opacity", of: box)
        let inner = try engine.begin(
            TransactionSettings(animationDuration: 0.5), completion: { log.names.append("inner") })
        try engine.setValue([3, 3], forKeyPath: "position", of: box)
        try engine.commit()
        let empty = try engine.begin(completion: { log.names.append("empty") })
        try engine.commit()
        try engine.commit()
        #expect(log.names == ["empty"])  // nothing to wait for: at the outermost commit
        var events = engine.takeEvents()
        events += try engine.advance(to: 0.75)
        #expect(log.names == ["empty", "inner"])
        events += try engine.advance(to: 2)
        #expect(log.names == ["empty", "inner", "outer"])
        let completions = events.compactMap { e -> String? in
            if case let .transactionCompleted(id) = e.kind { return "\(e.time) \(id)" }
            return nil
        }
        #expect(completions == ["0.0 \(empty)", "0.5 \(inner)", "1.0 \(outer)"])
    }

    @Test func removalCompletesTheTransactionUnfinished() throws {
        let (engine, box) = try engineWithBox()
        let log = CompletionLog()
        try engine.begin(completion: { log.names.append("done") })
        try engine.add(
            BasicAnimation(keyPath: "position.x", to: 1, timing: try timing(duration: 5)), forKey: "a", to: box)
        try engine.commit()
        try engine.advance(to: 1)
        #expect(log.names.isEmpty)
        try engine.removeAnimation(forKey: "a", from: box)
        #expect(log.names == ["done"])
    }

    @Test func interruptingContinuesFromThePresentationValue() throws {
        let (engine, box) = try engineWithBox()
        try engine.setValue(100, forKeyPath: "position.x", of: box)
        try engine.advance(to: 0.1)
        let shown = try engine.scalar("position.x", of: box)
        #expect(close(shown, 100 * referenceDefaultEase(0.4), 1e-13))
        try engine.setValue(0, forKeyPath: "position.x", of: box)
        // The new implicit animation replaces the old one (same key) and starts where it was.
        #expect(try engine.animationKeys(of: box) == ["position.x"])
        #expect(try engine.scalar("position.x", of: box) == shown)
        #expect(
            close(try engine.scalar("position.x", of: box, at: 0.2), shown * (1 - referenceDefaultEase(0.4)), 1e-13))
    }
}
