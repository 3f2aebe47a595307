import Testing

@testable import Harmonic

/// Composition of timings (Core Animation's layer and group time spaces) and the pause/resume
/// recipe of Apple's Core Animation Programming Guide.
@Suite struct MediaTimingHierarchyTests {
    @Test func speedsMultiplyDownTheHierarchy() throws {
        let chain = try MediaTimingHierarchy([.layer(speed: 3), MediaTiming(duration: 12, speed: 2)])
        #expect(chain.leafState(atRootTime: 1)?.directedProgress == 0.5)
        #expect(chain.leafProgressRate(atRootTime: 1) == 0.5)  // 3·2/12
    }

    @Test func aGroupCutsItsChildrenOffAtItsDuration() throws {
        let group = try MediaTiming(duration: 1, fillMode: .forwards)
        let child = try MediaTiming(beginTime: 0.5, duration: 1, fillMode: .forwards)
        let chain = try MediaTimingHierarchy([group, child])
        #expect(chain.leafState(atRootTime: 0.75)?.directedProgress == 0.25)
        // After the group's end its children are frozen at the group's end time: half-way.
        #expect(chain.leafState(atRootTime: 2)?.directedProgress == 0.5)
        #expect(chain.leafProgressRate(atRootTime: 2) == 0)
        // A group without fill removes its children.
        let removed = try MediaTimingHierarchy([MediaTiming(duration: 1), child])
        #expect(removed.leafState(atRootTime: 2) == nil)
    }

    @Test func aRepeatingGroupRestartsItsChildren() throws {
        let chain = try MediaTimingHierarchy([
            MediaTiming(duration: 1, repeatCount: 2), MediaTiming(duration: 1),
        ])
        #expect(chain.leafState(atRootTime: 0.25)?.directedProgress == 0.25)
        #expect(chain.leafState(atRootTime: 1.5)?.directedProgress == 0.5)
        // An autoreversing group plays its children backwards on the way back.
        let reversing = try MediaTimingHierarchy([
            MediaTiming(duration: 1, autoreverses: true), MediaTiming(duration: 1),
        ])
        #expect(reversing.leafState(atRootTime: 1.25)?.directedProgress == 0.75)
        #expect(reversing.leafProgressRate(atRootTime: 1.25) == -1)
    }

    @Test func pauseFreezesAndResumeContinues() throws {
        let animation = try MediaTiming(duration: 2)
        let layer = MediaTiming.layer
        // Pause the layer at root time 0.5: local time 0.5, speed 0.
        let paused = layer.paused(atParentTime: 0.5)
        #expect(paused.speed == 0 && paused.timeOffset == 0.5)
        for t in [0.5, 3, 1e6] {
            #expect(try MediaTimingHierarchy([paused, animation]).leafState(atRootTime: t)?.directedProgress == 0.25)
        }
        // Resume at root time 10: beginTime = now − pausedTime, timeOffset = 0, speed = 1.
        let resumed = try paused.resumed(atParentTime: 10)
        #expect(resumed.beginTime == 9.5 && resumed.timeOffset == 0 && resumed.speed == 1)
        let chain = try MediaTimingHierarchy([resumed, animation])
        #expect(chain.leafState(atRootTime: 10)?.directedProgress == 0.25)
        #expect(chain.leafState(atRootTime: 10.5)?.directedProgress == 0.5)
        // Resuming at another speed keeps the position continuous.
        let fast = try paused.resumed(atParentTime: 10, speed: 4)
        #expect(fast.localTime(atParentTime: 10) == 0.5)
        #expect(fast.localTime(atParentTime: 10.25) == 1.5)
        #expect(throws: HarmonicError.self) { try paused.resumed(atParentTime: 10, speed: 0) }
    }

    @Test func pausingAFiniteAnimationFreezesItsPosition() throws {
        let animation = try MediaTiming(duration: 2, repeatCount: 3)
        let paused = animation.paused(atParentTime: 2.5)
        for t in [2.5, 7, 100] {
            #expect(paused.state(atParentTime: t).directedProgress == 0.25)
        }
    }

    @Test func aLayerPassesItsLocalTimeThroughUnclamped() throws {
        let layer = try MediaTiming.layer(beginTime: 5, speed: 2, timeOffset: 1)
        #expect(layer.childTime(atParentTime: 0) == -9)  // (0 − 5)·2 + 1
        #expect(layer.childTime(atParentTime: 10) == 11)
        let chain = try MediaTimingHierarchy([layer, MediaTiming(duration: 4, fillMode: .backwards)])
        #expect(chain.leafState(atRootTime: 0)?.phase == .before)
        #expect(chain.leafState(atRootTime: 5.5)?.directedProgress == 0.5)
    }

    @Test func emptyChainIsRejected() {
        #expect(throws: HarmonicError.self) { try MediaTimingHierarchy([]) }
    }
}
