import Harmonic
import Testing
@testable import HarmonicEngine

/// `CATransition` in the engine: timing, the composite each frame, and the outgoing rendering
/// kept from the moment the transition was committed.
@Suite struct TransitionAnimationTests {
    /// A 200 × 100 card with one sublayer, `front`.
    func stage() throws -> (AnimationEngine, card: LayerID, front: LayerID) {
        let engine = try AnimationEngine()
        let card = try engine.makeLayer(named: "card", values: ["bounds": [0, 0, 200, 100], "position": [100, 50]])
        let front = try engine.makeLayer(named: "front", parent: card, values: ["opacity": [1]])
        return (engine, card, front)
    }

    @Test func pushFromRightMovesBothRenderingsByOneWidth() throws {
        let (engine, card, _) = try stage()
        try engine.add(
            TransitionAnimation(
                try Transition(type: .push, subtype: .fromRight),
                timing: try timing(duration: 1, fill: .forwards), isRemovedOnCompletion: false),
            forKey: "transition", to: card)
        try engine.flush()
        for p in [0, 0.25, 0.5, 1] {
            try engine.advance(to: p)
            let c = try #require(try engine.transition(of: card))
            #expect(c.progress == p)
            #expect(c.incoming == TransitionRendering(opacity: 1, offset: [200 * (1 - p), 0]))
            #expect(c.outgoing == TransitionRendering(opacity: 1, offset: [-200 * p, 0]))
        }
        // Filling forwards, it holds its end.
        try engine.advance(to: 3)
        #expect(try engine.transition(of: card)?.progress == 1)
    }

    @Test func startAndEndProgressWithATimingFunction() throws {
        let (engine, card, _) = try stage()
        try engine.add(
            TransitionAnimation(
                try Transition(type: .fade, startProgress: 0.25, endProgress: 0.75),
                timing: try timing(duration: 2), timingFunction: CubicBezier.easeIn),
            forKey: "transition", to: card)
        try engine.flush()
        for t in [0.0, 0.5, 1, 1.5] {
            let p = 0.25 + 0.5 * referenceBezier(0.42, 0, 1, 1, at: t / 2)
            let c = try #require(try engine.transition(of: card, at: t))
            #expect(abs(c.progress - p) < 1e-14)
            #expect(abs(c.outgoing.opacity - (1 - p)) < 1e-14 && abs(c.incoming.opacity - p) < 1e-14)
        }
        // Removed on completion: nothing after the end.
        #expect(try engine.transition(of: card, at: 2) == nil)
    }

    @Test func theOutgoingRenderingKeepsTheValuesOfTheMomentItWasAdded() throws {
        let (engine, card, front) = try stage()
        try engine.advance(to: 1)
        try engine.begin(TransactionSettings(disableActions: true))
        try engine.add(TransitionAnimation(try Transition(type: .moveIn, subtype: .fromTop)), forKey: "t", to: card)
        try engine.setValue(0, forKeyPath: "opacity", of: front)
        let back = try engine.makeLayer(named: "back", parent: card, values: ["opacity": [0.5]])
        try engine.commit()
        // Model and presentation show the new tree at once; the old one is kept beside it.
        #expect(try engine.presentationValue(forKeyPath: "opacity", of: front) == [0])
        #expect(try engine.outgoingValue(forKeyPath: "opacity", of: front) == [1])
        #expect(try engine.outgoingValue(forKeyPath: "bounds", of: card) == [0, 0, 200, 100])
        #expect(try engine.outgoingSublayers(of: card) == [front])
        #expect(try engine.sublayers(of: card) == [front, back])
        #expect(try engine.outgoingValue(forKeyPath: "opacity", of: back) == nil)  // not in the old tree
        // moveIn from the top: the new rendering enters from negative y (one height, 100).
        try engine.advance(to: 1.125)
        let c = try #require(try engine.transition(of: card))
        #expect(c.progress == 0.5 && c.incoming.offset == [0, -50] && c.outgoing.offset == [0, 0])
        // After the default 0.25 s it is gone, and so is the old rendering.
        try engine.advance(to: 1.25)
        #expect(try engine.transition(of: card) == nil)
        #expect(try engine.outgoingValue(forKeyPath: "opacity", of: front) == nil)
    }

    @Test func itReportsEventsAndCompletesItsTransaction() throws {
        let (engine, card, _) = try stage()
        try engine.advance(to: 0.5)
        var completed = false
        try engine.begin(TransactionSettings(animationDuration: 0.4)) { completed = true }
        try engine.add(TransitionAnimation(try Transition(type: .reveal)), forKey: "transition", to: card)
        try engine.commit()
        let events = try engine.advance(to: 1)
        #expect(
            summary(events) == [
                "0.5 didStart transition", "0.9 didStop finished=true transition", "0.9 transactionCompleted 1",
            ])
        #expect(completed)
    }

    @Test func aLaterTransitionReplacesTheEarlierOne() throws {
        let (engine, card, _) = try stage()
        try engine.add(TransitionAnimation(try Transition(type: .fade)), forKey: "transition", to: card)
        try engine.advance(to: 0.1)
        try engine.add(
            TransitionAnimation(try Transition(type: .push, subtype: .fromBottom), timing: try timing(duration: 1)),
            forKey: "transition", to: card)
        let events = try engine.advance(to: 0.2)
        #expect(summary(events) == ["0.1 didStop finished=false transition", "0.1 didStart transition"])
        let c = try #require(try engine.transition(of: card))
        #expect(abs(c.progress - 0.1) < 1e-15 && abs(c.incoming.offset.y - 90) < 1e-12)
    }

    @Test func aDelayedTransitionShowsNothingBeforeItBegins() throws {
        let (engine, card, front) = try stage()
        try engine.add(
            TransitionAnimation(try Transition(type: .fade), timing: try timing(begin: 1, duration: 1)),
            forKey: "transition", to: card)
        try engine.advance(to: 0.5)
        #expect(try engine.transition(of: card) == nil)
        #expect(try engine.outgoingValue(forKeyPath: "opacity", of: front) == nil)
        #expect(try engine.transition(of: card, at: 1.5)?.progress == 0.5)
        // Filling backwards it would composite at its start progress.
        let (held, heldCard, _) = try stage()
        try held.add(
            TransitionAnimation(
                try Transition(type: .fade, startProgress: 0.2),
                timing: try timing(begin: 1, duration: 1, fill: .both)),
            forKey: "transition", to: heldCard)
        try held.advance(to: 0.5)
        #expect(try held.transition(of: heldCard)?.progress == 0.2)
    }

    @Test func aTransitionCanBeALayersAction() throws {
        let (engine, card, _) = try stage()
        try engine.setActions(
            ["opacity": .animation(.transition(TransitionAnimation(try Transition(type: .fade))))], of: card)
        try engine.setValue(0.5, forKeyPath: "opacity", of: card)
        try engine.advance(to: 0.125)
        // The old rendering had opacity 1; the change itself shows at once (no fade of it).
        #expect(try engine.outgoingValue(forKeyPath: "opacity", of: card) == [1])
        #expect(try engine.presentationValue(forKeyPath: "opacity", of: card) == [0.5])
        #expect(try engine.transition(of: card)?.progress == 0.5)
    }

    @Test func engineGuideExample() throws {
        // The example of the engine guide's Transitions section.
        let engine = try AnimationEngine()
        let card = try engine.makeLayer(named: "card", values: ["bounds": [0, 0, 200, 100]])
        let front = try engine.makeLayer(named: "front", parent: card)
        try engine.add(
            TransitionAnimation(try Transition(type: .push, subtype: .fromRight)), forKey: "transition", to: card)
        try engine.setValue(0, forKeyPath: "opacity", of: front)
        try engine.advance(to: 0.125)
        let c = try #require(try engine.transition(of: card))
        #expect(c.progress == 0.5 && c.incoming.offset == [100, 0] && c.outgoing.offset == [-100, 0])
        #expect(try engine.outgoingValue(forKeyPath: "opacity", of: front) == [1])
    }

    /// Core Animation keeps one transition per layer, under `kCATransition` ("transition"),
    /// whatever key it was added with: a second replaces the first, which stops unfinished.
    @Test func oneTransitionPerLayerUnderTheKeyTransition() throws {
        let (engine, card, _) = try stage()
        try engine.add(TransitionAnimation(try Transition(type: .push)), forKey: "slide", to: card)
        try engine.advance(to: 0.1)
        #expect(try engine.animationKeys(of: card) == ["transition"])
        try engine.add(TransitionAnimation(Transition()), forKey: "fadeIn", to: card)
        let events = try engine.advance(to: 0.2)
        #expect(try engine.animationKeys(of: card) == ["transition"])
        // The default type is a fade.
        #expect(try engine.transition(of: card)?.incoming.offset == [0, 0])
        let stops = events.filter { if case .didStop = $0.kind { return true } else { return false } }
        #expect(stops.map(\.kind) == [.didStop(finished: false)])
        #expect(stops.map(\.key) == ["transition"])
    }

    /// Leaving the tree removes the animations of the layer and of its sublayers, transition
    /// included, each stopping unfinished.
    @Test func leavingTheTreeRemovesAnimationsAndTheTransition() throws {
        let (engine, card, front) = try stage()
        try engine.add(TransitionAnimation(Transition()), forKey: "t", to: card)
        try engine.add(
            BasicAnimation(keyPath: "opacity", from: 0, to: 1, timing: try timing(duration: 2)), forKey: "fade",
            to: front)
        _ = try engine.advance(to: 0.1)
        try engine.removeFromSuperlayer(card)
        #expect(try engine.animationKeys(of: card).isEmpty && engine.animationKeys(of: front).isEmpty)
        #expect(try engine.transition(of: card) == nil)
        let events = engine.takeEvents()
        #expect(events.map(\.kind) == [.didStop(finished: false), .didStop(finished: false)])
        #expect(events.map(\.key) == ["transition", "fade"])
        #expect(try engine.presentationValue(forKeyPath: "opacity", of: front) == [1])
        // A removed layer can still be animated, and added again.
        try engine.add(
            BasicAnimation(keyPath: "opacity", from: 0, to: 1, timing: try timing(duration: 2)), forKey: "again",
            to: front)
        try engine.flush()
        #expect(try engine.animationKeys(of: front) == ["again"])
    }

    @Test func aTransitionIsNotAGroupChild() throws {
        let (engine, card, _) = try stage()
        let group = AnimationGroup(animations: [TransitionAnimation(try Transition(type: .fade))])
        #expect(throws: HarmonicError.self) { try engine.add(group, forKey: "g", to: card) }
    }
}
