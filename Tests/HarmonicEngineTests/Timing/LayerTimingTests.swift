import Foundation
import Harmonic
import Testing
@testable import HarmonicEngine

@Suite struct LayerTimingTests {
    @Test func pauseAndResumeFollowTheRecipe() throws {
        let (engine, box) = try engineWithBox()
        try engine.add(
            BasicAnimation(keyPath: "position.x", from: 0, to: 100, timing: try timing(duration: 2)), forKey: "a",
            to: box)
        try engine.advance(to: 0.5)
        try engine.pause(box)
        // Pause: speed 0, timeOffset = the local time at the pause.
        let paused = try engine.timing(of: box)
        #expect(paused.speed == 0 && paused.timeOffset == 0.5)
        try engine.advance(to: 3)
        #expect(close(try engine.scalar("position.x", of: box), 25, 1e-14))
        try engine.resume(box)
        // Resume: speed 1, timeOffset 0, beginTime = now − pausedTime.
        let resumed = try engine.timing(of: box)
        #expect(resumed.speed == 1 && resumed.timeOffset == 0 && resumed.beginTime == 2.5)
        try engine.advance(to: 3.5)
        #expect(close(try engine.scalar("position.x", of: box), 50, 1e-14))
        #expect(try engine.localTime(of: box) == 1)
    }

    @Test func speedsMultiplyDownTheLayerTree() throws {
        let engine = try AnimationEngine()
        let parent = try engine.makeLayer(named: "parent")
        let child = try engine.makeLayer(named: "child", parent: parent, values: ["opacity": [0]])
        try engine.setTiming(try MediaTiming.layer(speed: 2), of: parent)
        try engine.setTiming(try MediaTiming.layer(speed: 1.5), of: child)
        try engine.add(
            BasicAnimation(keyPath: "opacity", from: 0, to: 1, timing: try timing(duration: 6)), forKey: "a", to: child)
        // The animation sees 3 s of local time per second.
        #expect(close(try engine.scalar("opacity", of: child, at: 1), 0.5, 1e-14))
        #expect(close(try engine.presentationVelocity(forKeyPath: "opacity", of: child, at: 1)[0], 0.5, 1e-14))
        #expect(throws: HarmonicError.self) { try engine.setTiming(try timing(duration: 1), of: child) }
    }

    @Test func pausingAParentFreezesItsSublayers() throws {
        let engine = try AnimationEngine()
        let parent = try engine.makeLayer(named: "parent")
        let child = try engine.makeLayer(named: "child", parent: parent)
        try engine.add(
            BasicAnimation(keyPath: "position.y", from: 0, to: 10, timing: try timing(duration: 1)), forKey: "a",
            to: child)
        try engine.advance(to: 0.3)
        try engine.pause(parent)
        try engine.advance(to: 5)
        #expect(close(try engine.scalar("position.y", of: child), 3, 1e-14))
        try engine.resume(parent)
        try engine.advance(to: 5.2)
        #expect(close(try engine.scalar("position.y", of: child), 5, 1e-14))
    }

    @Test func clockOnlyMovesForward() throws {
        let engine = try AnimationEngine(time: 1)
        #expect(throws: HarmonicError.self) { try engine.advance(to: 0.5) }
        #expect(throws: HarmonicError.self) { try engine.advance(to: .infinity) }
        #expect(throws: HarmonicError.self) { try AnimationEngine(time: .nan) }
    }
}
