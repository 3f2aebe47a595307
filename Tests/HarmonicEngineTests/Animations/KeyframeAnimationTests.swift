import Foundation
@testable import Harmonic
import Testing
@testable import HarmonicEngine

@Suite struct KeyframeAnimationTests {
    @Test func linearKeyframesFollowTheKeyTimes() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        try engine.add(
            KeyframeAnimation(
                keyPath: "opacity", values: [0, 10, 5], keyTimes: [0, 0.25, 1], timing: try timing(duration: 2)),
            forKey: "k", to: box)
        // Segment 0 spans 0…0.5 s, segment 1 spans 0.5…2 s.
        #expect(close(try engine.scalar("opacity", of: box, at: 0.25), 5, 1e-14))
        #expect(close(try engine.scalar("opacity", of: box, at: 1.25), 7.5, 1e-14))
        // Velocity: 10 per 0.5 s, then −5 per 1.5 s.
        #expect(close(try engine.presentationVelocity(forKeyPath: "opacity", of: box, at: 0.25)[0], 20, 1e-12))
        #expect(close(try engine.presentationVelocity(forKeyPath: "opacity", of: box, at: 1.25)[0], -5 / 1.5, 1e-12))
        #expect(try engine.scalar("opacity", of: box, at: 2) == 1)  // removed on completion
    }

    @Test func discreteHoldsEachValue() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        try engine.add(
            KeyframeAnimation(
                keyPath: "opacity", values: [3, 6, 9], calculationMode: .discrete, timing: try timing(duration: 3)),
            forKey: "k", to: box)
        #expect(try engine.scalar("opacity", of: box, at: 0.5) == 3)
        #expect(try engine.scalar("opacity", of: box, at: 1.5) == 6)
        #expect(try engine.scalar("opacity", of: box, at: 2.9) == 9)
    }

    @Test func vectorKeyframesAdditiveAndCumulative() throws {
        let (engine, box) = try engineWithBox(["position": [100, 100]])
        var a = KeyframeAnimation(
            keyPath: "position", values: [[0, 0], [10, 0], [10, 20]], timing: try timing(duration: 1, repeatCount: 3),
            isAdditive: true, isCumulative: true)
        a.timingFunction = CubicBezier.linear
        try engine.add(a, forKey: "k", to: box)
        try engine.flush()
        // Repeat 1 at p = 0.75: segment 1 half-way (10, 10), shifted by last − first = (10, 20).
        let v: [Double] = try engine.presentationValue(forKeyPath: "position", of: box, at: 1.75).components
        let expected: [Double] = [120, 130]  // 100 + 10 + 10, 100 + 10 + 20
        #expect(v == expected)
    }

    @Test func pathWithRotationModeTurnsTheLayer() throws {
        let (engine, box) = try engineWithBox(["position": [0, 0]])
        let path = try Path(svgPathData: "M0,0 L100,0 L100,100")
        try engine.add(
            KeyframeAnimation(keyPath: "position", path: path, rotationMode: .auto, timing: try timing(duration: 2)),
            forKey: "k", to: box)
        try engine.flush()
        let a: [Double] = try engine.presentationValue(forKeyPath: "position", of: box, at: 0.5).components
        #expect(a == [50, 0])
        #expect(close(try engine.scalar("transform.rotation.z", of: box, at: 0.5), 0, 1e-15))
        let b: [Double] = try engine.presentationValue(forKeyPath: "position", of: box, at: 1.5).components
        #expect(b == [100, 50])
        #expect(close(try engine.scalar("transform.rotation.z", of: box, at: 1.5), .pi / 2, 1e-14))
    }

    @Test func cubicKeyframesPassThroughTheValues() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        try engine.add(
            KeyframeAnimation(
                keyPath: "opacity", values: [0, 4, 1, 3], calculationMode: .cubic, timing: try timing(duration: 3)),
            forKey: "k", to: box)
        let expected: [(Double, Double)] = [(0, 0), (1, 4), (2, 1)]
        for (t, v) in expected {
            let shown = try engine.scalar("opacity", of: box, at: t)
            #expect(close(shown, v, 1e-13))
        }
    }

    @Test func invalidKeyframesAreRefused() throws {
        let (engine, box) = try engineWithBox()
        #expect(throws: HarmonicError.self) {
            try engine.add(KeyframeAnimation(keyPath: "position", values: [[0, 0], [1]]), forKey: "k", to: box)
        }
        #expect(throws: HarmonicError.self) {
            try engine.add(KeyframeAnimation(keyPath: "opacity", values: [Double]()), forKey: "k", to: box)
        }
        #expect(throws: HarmonicError.self) {
            try engine.add(
                KeyframeAnimation(
                    keyPath: "transform", values: [AnimatableVector(Transform3D.identity.components)],
                    calculationMode: .paced),
                forKey: "k", to: box)
        }
        #expect(throws: HarmonicError.self) {
            try engine.add(KeyframeAnimation(keyPath: "transform", values: [[1, 0, 0, 1]]), forKey: "k", to: box)
        }
        #expect(throws: HarmonicError.self) {
            try engine.add(
                KeyframeAnimation(keyPath: "opacity", path: try Path(svgPathData: "M0,0 L1,1")), forKey: "k", to: box)
        }
    }

    /// Key times that are not valid for the mode (a non-finite entry, a wrong count, not
    /// starting at 0) are ignored and the keyframes evenly spaced: the library's one rule
    /// (`KeyframeTrack`'s key-time resolution, after Apple's `keyTimes` documentation), the
    /// same in the engine as in `harmonic sample`.
    @Test(arguments: [[0, Double.nan, 1], [0, 0.5, .infinity], [0, 1], [0.1, 0.5, 1]])
    func invalidKeyTimesSpaceTheKeyframesEvenly(keyTimes: [Double]) throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        try engine.add(
            KeyframeAnimation(
                keyPath: "opacity", values: [0, 10, 5], keyTimes: keyTimes, timing: try timing(duration: 2)),
            forKey: "k", to: box)
        // Evenly spaced: 0 → 10 over 0…1 s, 10 → 5 over 1…2 s.
        #expect(close(try engine.scalar("opacity", of: box, at: 0.5), 5, 1e-14))
        #expect(close(try engine.scalar("opacity", of: box, at: 1.5), 7.5, 1e-14))
        let track = try KeyframeTrack<Double>(values: [0, 10, 5], keyTimes: keyTimes)
        #expect(track.keyTimes == [0, 0.5, 1])
    }
}

/// The seeds' flip-book: six pictures shown in turn for half a second each, a discrete
/// keyframe animation over three seconds (`calculationMode = .discrete`, no key times: the
/// values split the duration evenly). The page index stands for the pictures.
@Suite struct FlipBookTests {
    @Test func sixPagesEachHalfASecond() throws {
        let engine = try AnimationEngine()
        engine.keyPathPolicy = .declared
        let book = try engine.makeLayer(named: "book", custom: ["page": [0]])
        try engine.add(
            KeyframeAnimation(
                keyPath: "page", values: [0, 1, 2, 3, 4, 5].map { AnimatableVector([$0]) }, calculationMode: .discrete,
                timing: try timing(duration: 3)),
            forKey: "flip", to: book)
        try engine.flush()
        for k in 0..<6 {
            let start = 0.5 * Double(k)
            #expect(try engine.scalar("page", of: book, at: start) == Double(k), "page \(k) at its start")
            #expect(try engine.scalar("page", of: book, at: start + 0.499) == Double(k), "page \(k) before its end")
        }
    }
}
