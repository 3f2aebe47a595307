import Harmonic
import Testing
@testable import HarmonicEngine

/// Changes made outside `begin`/`commit` collect in the implicit transaction, which the next
/// frame (or `flush`) commits, as a thread's run loop commits Core Animation's implicit
/// transaction (Apple, `CATransaction`).
@Suite struct ImplicitTransactionTests {
    /// Core Animation's default timing function at progress `x` of a 0.25 s implicit animation.
    func fade(from a: Double, to b: Double, at t: Double, began t0: Double) -> Double {
        a + (b - a) * referenceDefaultEase((t - t0) / 0.25)
    }

    @Test func changesWaitForTheNextFrameAndStartWhenTheyWereMade() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        try engine.advance(to: 1)
        try engine.setValue(0, forKeyPath: "opacity", of: box)
        // The model changed; nothing else did yet.
        #expect(try engine.modelValue(forKeyPath: "opacity", of: box) == [0])
        #expect(engine.hasImplicitTransaction && engine.transactionDepth == 0 && engine.currentTransaction == nil)
        #expect(try engine.animationKeys(of: box).isEmpty)
        #expect(try engine.presentationValue(forKeyPath: "opacity", of: box) == [1])
        // The next frame commits at the time of the change (1), then moves the clock to 1.1.
        let events = try engine.advance(to: 1.1)
        #expect(!engine.hasImplicitTransaction)
        #expect(summary(events) == ["1.0 didStart opacity"])
        #expect(close(try engine.scalar("opacity", of: box), fade(from: 1, to: 0, at: 1.1, began: 1), 1e-13))
    }

    @Test func twoChangesOfOneKeyPathMakeOneAnimation() throws {
        let (engine, box) = try engineWithBox(["opacity": [1], "position": [0, 0]])
        try engine.setValue(0.5, forKeyPath: "opacity", of: box)
        try engine.setValue(0, forKeyPath: "opacity", of: box)
        try engine.setValue(10, forKeyPath: "position.x", of: box)
        try engine.setValue(20, forKeyPath: "position.y", of: box)
        let events = try engine.advance(to: 0.1)
        // One opacity animation (1 → 0, no replaced one stopping), one per position piece.
        #expect(summary(events) == ["0.0 didStart opacity", "0.0 didStart position.x", "0.0 didStart position.y"])
        #expect(try engine.animationKeys(of: box) == ["opacity", "position.x", "position.y"])
        #expect(close(try engine.scalar("opacity", of: box), fade(from: 1, to: 0, at: 0.1, began: 0), 1e-13))
        let position = try engine.presentationValue(forKeyPath: "position", of: box)
        let p = referenceDefaultEase(0.1 / 0.25)
        #expect(close(position[0], 10 * p, 1e-13) && close(position[1], 20 * p, 1e-13))
    }

    @Test func flushCommitsNow() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        try engine.advance(to: 0.5)
        try engine.add(
            BasicAnimation(keyPath: "opacity", from: 0, to: 1, timing: try timing(duration: 1)), forKey: "a", to: box)
        // Pending adds are visible to `animation(forKey:)`, not yet to the frame.
        #expect(try engine.animation(forKey: "a", on: box) != nil)
        #expect(try engine.animationKeys(of: box).isEmpty)
        try engine.flush()
        #expect(summary(engine.takeEvents()) == ["0.5 didStart a"])
        #expect(try engine.animationKeys(of: box) == ["a"])
        #expect(try engine.scalar("opacity", of: box) == 0)
        #expect(close(try engine.scalar("opacity", of: box, at: 0.75), 0.25, 1e-15))
        // Nothing waiting: no effect.
        try engine.flush()
        #expect(engine.takeEvents().isEmpty)
    }

    @Test func explicitTransactionsNestInTheImplicitOne() throws {
        let (engine, box) = try engineWithBox(["opacity": [1], "position": [0, 0]])
        var completed = false
        try engine.setValue(0, forKeyPath: "opacity", of: box)
        try engine.begin(TransactionSettings(animationDuration: 1, timingFunction: CubicBezier.linear)) {
            completed = true
        }
        try engine.setValue(100, forKeyPath: "position.x", of: box)
        try engine.commit()
        // The explicit commit is nested in the implicit transaction: both wait for the frame.
        #expect(try engine.animationKeys(of: box).isEmpty)
        #expect(engine.hasImplicitTransaction)
        #expect(throws: HarmonicError.self) { try engine.commit() }  // no explicit one is open
        try engine.advance(to: 0.2)
        #expect(try engine.animationKeys(of: box) == ["opacity", "position.x"])
        #expect(close(try engine.scalar("position.x", of: box), 20, 1e-13))  // its own 1 s, linear
        #expect(!completed)
        try engine.advance(to: 1)
        #expect(completed)
    }

    @Test func aFlushInsideAnExplicitTransactionWaitsForItsCommit() throws {
        let (engine, box) = try engineWithBox(["opacity": [1], "position": [0, 0]])
        try engine.setValue(0, forKeyPath: "opacity", of: box)
        try engine.begin()
        try engine.setValue(10, forKeyPath: "position.x", of: box)
        try engine.flush()  // deferred until the explicit transaction closes
        #expect(try engine.animationKeys(of: box).isEmpty)
        try engine.commit()
        #expect(!engine.hasImplicitTransaction)
        #expect(try engine.animationKeys(of: box) == ["opacity", "position.x"])
    }

    @Test func anExplicitTransactionAloneStillCommitsAtItsCommit() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        try engine.begin()
        try engine.setValue(0, forKeyPath: "opacity", of: box)
        try engine.commit()
        #expect(!engine.hasImplicitTransaction)
        #expect(try engine.animationKeys(of: box) == ["opacity"])
    }

    @Test func removingAnAnimationDropsItsWaitingAdd() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        try engine.add(BasicAnimation(keyPath: "opacity", from: 0, to: 1), forKey: "a", to: box)
        try engine.removeAnimation(forKey: "a", from: box)
        #expect(try engine.animation(forKey: "a", on: box) == nil)
        let events = try engine.advance(to: 0.1)
        #expect(events.isEmpty)
        #expect(try engine.scalar("opacity", of: box) == 1)
    }

    @Test func viewBackedLayersStayStillOutsideAnimationBlocks() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        try engine.setViewBacked(true, of: box)
        try engine.setValue(0.5, forKeyPath: "opacity", of: box)
        try engine.advance(to: 0.1)
        #expect(try engine.animationKeys(of: box).isEmpty)
        #expect(try engine.scalar("opacity", of: box) == 0.5)
    }
}
