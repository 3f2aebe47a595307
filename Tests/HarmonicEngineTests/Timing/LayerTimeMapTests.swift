import Foundation
import Harmonic
import Testing
@testable import HarmonicEngine

/// Animated layer time (time remapping): a layer's local time read through a timeline, seen by
/// its animations and by its sublayers' clocks.
@Suite struct LayerTimeMapTests {
    typealias Keyframe = KeyframeTimeline.Keyframe

    /// A map that holds the content at 0.5 s for the first second, then plays it backwards
    /// from 2 s to 0 over the next two seconds (rate −1), then stops at 0.
    static let map = try! KeyframeTimeline([
        Keyframe(time: 0, value: [0.5], holds: true),
        Keyframe(time: 1, value: [2]),
        Keyframe(time: 3, value: [0]),
    ])

    @Test func sublayersAndOwnAnimationsReadTheMappedTime() throws {
        let engine = try AnimationEngine()
        let group = try engine.makeLayer(named: "group")
        let child = try engine.makeLayer(named: "child", parent: group, values: ["opacity": [0]])
        // Opacity 0 → 2 over the child's first 2 s: its value is its local time.
        try engine.add(
            BasicAnimation(
                keyPath: "opacity", fromValue: [0], toValue: [2], timing: try timing(duration: 2, fill: .both),
                timingFunction: CubicBezier.linear, isRemovedOnCompletion: false),
            forKey: "clock", to: child)
        try engine.add(
            BasicAnimation(
                keyPath: "zPosition", fromValue: [0], toValue: [2], timing: try timing(duration: 2, fill: .both),
                timingFunction: CubicBezier.linear, isRemovedOnCompletion: false),
            forKey: "own", to: group)
        // Committed before the map, the animations begin at local time 0 (a begin time of 0
        // is the layer's local time at the commit).
        try engine.flush()
        try engine.setTimeMap(Self.map, of: group)
        for (t, expected) in [(0.0, 0.5), (0.99, 0.5), (1.0, 2), (1.5, 1.5), (2.25, 0.75), (3.5, 0)] {
            #expect(close(try engine.scalar("opacity", of: child, at: t), expected, 1e-12), "t = \(t)")
            #expect(close(try engine.scalar("zPosition", of: group, at: t), expected, 1e-12), "t = \(t)")
        }
        // Rates: the content's 1 per second times the map's slope (0 while it holds, −1 after).
        #expect(try engine.presentationVelocity(forKeyPath: "opacity", of: child, at: 0.5)[0] == 0)
        #expect(close(try engine.presentationVelocity(forKeyPath: "opacity", of: child, at: 2)[0], -1, 1e-12))
        // The cached clocks agree with the at-time reading as the engine advances.
        try engine.advance(to: 2.25)
        #expect(close(try engine.localTime(of: child), 0.75, 1e-12))
        #expect(close(try engine.scalar("opacity", of: child), 0.75, 1e-12))
        // Through a mapped layer a local time has no single root time.
        #expect(try engine.convert(time: 1, from: child, to: nil) == nil)
        // Removing the map restores the plain clock.
        try engine.setTimeMap(nil, of: group)
        #expect(close(try engine.localTime(of: child), 2.25, 1e-12))
        #expect(try engine.timeMap(of: group) == nil)
    }

    @Test func theLayersOwnTimingComesFirst() throws {
        let engine = try AnimationEngine()
        let group = try engine.makeLayer(named: "group")
        // Speed 2 then the map: at root time 0.75 the timed time is 1.5, mapped to 1.5.
        try engine.setTiming(try MediaTiming(duration: .infinity, speed: 2), of: group)
        try engine.setTimeMap(Self.map, of: group)
        try engine.advance(to: 0.75)
        #expect(close(try engine.localTime(of: group), 1.5, 1e-12))
        #expect(throws: HarmonicError.self) {
            try engine.setTimeMap(try KeyframeTimeline([Keyframe(time: 0, value: [1, 2])]), of: group)
        }
    }
}
