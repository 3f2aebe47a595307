import Foundation
import Harmonic
import Testing
@testable import HarmonicEngine

/// Events as (time, kind, key) for comparison.
func summary(_ events: [AnimationEvent]) -> [String] {
    events.map { "\($0.time) \($0.kindDescription)" + ($0.key.map { " \($0)" } ?? "") }
}

@Suite struct EventTests {
    @Test func startAndStopAtTheExactInstants() throws {
        let (engine, box) = try engineWithBox()
        try engine.add(
            BasicAnimation(keyPath: "position.x", from: 0, to: 1, timing: try timing(begin: 0.5, duration: 1)),
            forKey: "a", to: box)
        #expect(engine.takeEvents().isEmpty)
        var events: [AnimationEvent] = []
        for frame in 1...120 { events += try engine.advance(to: Double(frame) / 60) }
        // Frames fall at multiples of 1/60; the events carry the exact begin and end.
        #expect(summary(events) == ["0.5 didStart a", "1.5 didStop finished=true a"])
        #expect(try engine.animationKeys(of: box).isEmpty)
    }

    @Test func animationBeginningNowStartsAtCommit() throws {
        let (engine, box) = try engineWithBox()
        try engine.advance(to: 2)
        try engine.add(BasicAnimation(keyPath: "position.x", to: 1), forKey: "a", to: box)
        try engine.flush()
        #expect(summary(engine.takeEvents()) == ["2.0 didStart a"])
    }

    @Test func replacementStopsTheOldOneUnfinishedFirst() throws {
        let (engine, box) = try engineWithBox()
        try engine.add(
            BasicAnimation(keyPath: "position.x", to: 1, timing: try timing(duration: 1)), forKey: "a", to: box)
        var events = try engine.advance(to: 0.5)
        try engine.add(
            BasicAnimation(keyPath: "position.y", to: 1, timing: try timing(duration: 1)), forKey: "a", to: box)
        events += try engine.advance(to: 2)
        #expect(
            summary(events) == [
                "0.0 didStart a", "0.5 didStop finished=false a", "0.5 didStart a", "1.5 didStop finished=true a",
            ])
    }

    @Test func removalBeforeTheEndIsUnfinished() throws {
        let (engine, box) = try engineWithBox()
        try engine.add(
            BasicAnimation(keyPath: "position.x", to: 1, timing: try timing(duration: 1)), forKey: "a", to: box)
        try engine.add(
            BasicAnimation(keyPath: "position.x", to: 1, timing: try timing(begin: 5, duration: 1)), forKey: "later",
            to: box)
        var events = try engine.advance(to: 0.25)
        try engine.removeAnimation(forKey: "a", from: box)
        try engine.removeAllAnimations(from: box)
        events += try engine.advance(to: 0.5)
        // "later" never started: it reports only that it stopped unfinished.
        #expect(
            summary(events) == [
                "0.0 didStart a", "0.25 didStop finished=false a", "0.25 didStop finished=false later",
            ])
        try engine.removeAnimation(forKey: "missing", from: box)  // no effect, no error
    }

    @Test func keptAnimationReportsItsEndOnce() throws {
        let (engine, box) = try engineWithBox()
        var a = BasicAnimation(keyPath: "position.x", from: 0, to: 1, timing: try timing(duration: 1, fill: .forwards))
        a.isRemovedOnCompletion = false
        try engine.add(a, forKey: "a", to: box)
        var events = try engine.advance(to: 2)
        events += try engine.advance(to: 3)
        try engine.removeAnimation(forKey: "a", from: box)
        events += try engine.advance(to: 4)
        #expect(summary(events) == ["0.0 didStart a", "1.0 didStop finished=true a"])
    }

    @Test func eventsOfOneStepAreInTimeOrder() throws {
        let (engine, box) = try engineWithBox()
        try engine.add(
            BasicAnimation(keyPath: "position.x", to: 1, timing: try timing(duration: 0.9)), forKey: "long", to: box)
        try engine.add(
            BasicAnimation(keyPath: "position.y", to: 1, timing: try timing(duration: 0.3)), forKey: "short", to: box)
        try engine.add(
            BasicAnimation(keyPath: "opacity", to: 0, timing: try timing(begin: 0.6, duration: 0.1)), forKey: "blink",
            to: box)
        #expect(
            summary(try engine.advance(to: 1)) == [
                "0.0 didStart long", "0.0 didStart short", "0.3 didStop finished=true short", "0.6 didStart blink",
                "0.7 didStop finished=true blink", "0.9 didStop finished=true long",
            ])
    }

    @Test func aPausedLayerReportsNoEnd() throws {
        let (engine, box) = try engineWithBox()
        try engine.add(
            BasicAnimation(keyPath: "position.x", to: 1, timing: try timing(duration: 1)), forKey: "a", to: box)
        var events = try engine.advance(to: 0.5)
        try engine.pause(box)
        events += try engine.advance(to: 10)
        #expect(summary(events) == ["0.0 didStart a"])
        try engine.resume(box)
        // Local time resumes at 0.5: the end comes 0.5 s after the resume, exactly.
        #expect(summary(try engine.advance(to: 11)) == ["10.5 didStop finished=true a"])
    }
}
