import Harmonic
import Testing

/// The transition effects at progress 0, ½ and 1 for every type and side, against the table
/// written out by hand for a 200 × 100 layer (UIKit's y-down screen).
@Suite struct TransitionTests {
    static let size = SIMD2<Double>(200, 100)

    /// Where content entering from `side` starts, written out.
    static func entry(_ side: TransitionSubtype) -> SIMD2<Double> {
        switch side {
        case .fromLeft: return [-200, 0]
        case .fromRight: return [200, 0]
        case .fromTop: return [0, -100]
        case .fromBottom: return [0, 100]
        }
    }

    @Test(arguments: TransitionSubtype.allCases)
    func fadeCrossFadesInPlace(side: TransitionSubtype) throws {
        let fade = try Transition(type: .fade, subtype: side)
        for p in [0, 0.5, 1] {
            let c = fade.composite(atProgress: p, size: Self.size)
            #expect(c.progress == p)
            #expect(c.outgoing == TransitionRendering(opacity: 1 - p, offset: [0, 0]))
            #expect(c.incoming == TransitionRendering(opacity: p, offset: [0, 0]))
        }
    }

    @Test(arguments: TransitionSubtype.allCases)
    func moveInSlidesTheNewOverTheOld(side: TransitionSubtype) throws {
        let move = try Transition(type: .moveIn, subtype: side)
        let e = Self.entry(side)
        let expected: [(Double, SIMD2<Double>)] = [(0, e), (0.5, e / 2), (1, [0, 0])]
        for (p, incoming) in expected {
            let c = move.composite(atProgress: p, size: Self.size)
            #expect(c.incoming == TransitionRendering(opacity: 1, offset: incoming))
            #expect(c.outgoing == TransitionRendering(opacity: 1, offset: [0, 0]))
            #expect(c.incomingIsAbove)
        }
    }

    @Test(arguments: TransitionSubtype.allCases)
    func pushMovesBothByOneBoundsLength(side: TransitionSubtype) throws {
        let push = try Transition(type: .push, subtype: side)
        let e = Self.entry(side)
        let expected: [(Double, SIMD2<Double>, SIMD2<Double>)] = [
            (0, e, [0, 0]), (0.5, e / 2, -e / 2), (1, [0, 0], -e),
        ]
        for (p, incoming, outgoing) in expected {
            let c = push.composite(atProgress: p, size: Self.size)
            #expect(c.incoming.offset == incoming && c.outgoing.offset == outgoing)
            // The two stay edge to edge: one bounds length apart all the way.
            #expect(c.incoming.offset - c.outgoing.offset == e)
            #expect(c.incoming.opacity == 1 && c.outgoing.opacity == 1)
        }
    }

    @Test(arguments: TransitionSubtype.allCases)
    func revealSlidesTheOldOffTheNew(side: TransitionSubtype) throws {
        let reveal = try Transition(type: .reveal, subtype: side)
        let e = Self.entry(side)
        for (p, outgoing) in [(0.0, SIMD2<Double>(0, 0)), (0.5, -e / 2), (1, -e)] {
            let c = reveal.composite(atProgress: p, size: Self.size)
            #expect(c.outgoing == TransitionRendering(opacity: 1, offset: outgoing))
            #expect(c.incoming == TransitionRendering(opacity: 1, offset: [0, 0]))
            #expect(!c.incomingIsAbove)
        }
    }

    @Test func directionsFollowTheYDownScreen() throws {
        // fromTop enters from negative y, fromRight from positive x.
        #expect(TransitionSubtype.fromTop.entryOffset(size: Self.size) == [0, -100])
        #expect(TransitionSubtype.fromRight.entryOffset(size: Self.size) == [200, 0])
        let push = try Transition(type: .push, subtype: .fromTop)
        #expect(push.composite(atProgress: 0.25, size: Self.size).incoming.offset == [0, -75])
        #expect(push.composite(atProgress: 0.25, size: Self.size).outgoing.offset == [0, 25])
    }

    @Test func startAndEndProgressPlayPartOfTheEffect() throws {
        let part = try Transition(type: .fade, startProgress: 0.25, endProgress: 0.75)
        #expect(part.progress(atFraction: 0) == 0.25)
        #expect(part.progress(atFraction: 0.5) == 0.5)
        #expect(part.progress(atFraction: 1) == 0.75)
        // A timing function overshooting 0…1 stays inside the played part.
        #expect(part.progress(atFraction: 1.2) == 0.75 && part.progress(atFraction: -0.1) == 0.25)
        let frozen = try Transition(type: .push, startProgress: 0.4, endProgress: 0.4)
        #expect(frozen.progress(atFraction: 0.9) == 0.4)
    }

    @Test func offsetsHaveNoNegativeZero() throws {
        let c = try Transition(type: .push, subtype: .fromLeft).composite(atProgress: 1, size: Self.size)
        #expect(c.incoming.offset.x.sign == .plus && c.incoming.offset.y.sign == .plus)
        let start = try Transition(type: .reveal, subtype: .fromBottom).composite(atProgress: 0, size: Self.size)
        #expect(start.outgoing.offset.y.sign == .plus)
    }

    @Test func progressOutsideTheUnitIntervalIsRefused() {
        for (start, end, name) in [
            (-0.1, 1.0, "startProgress"), (0, 1.5, "endProgress"), (0.8, 0.2, "endProgress"),
            (.nan, 1, "startProgress"),
        ] {
            do {
                _ = try Transition(type: .fade, startProgress: start, endProgress: end)
                Issue.record("accepted \(start)…\(end)")
            } catch {
                #expect(error.description.contains(name), "\(error)")
            }
        }
    }
}
