import Foundation
import Harmonic
import Testing

@testable import HarmonicLottie

/// Lottie files read and evaluated: every value against a closed form computed here.
@Suite("Lottie: properties, transforms, timing")
struct LottieAnimationTests {
    typealias F = LottieTestFiles

    /// x₁ = 1/3, x₂ = 2/3 makes the easing's x(t) = t, so the eased progress is the Bernstein
    /// polynomial in u with the easing's y values.
    static func bernstein(_ u: Double, _ y1: Double, _ y2: Double) -> Double {
        3 * (1 - u) * (1 - u) * u * y1 + 3 * (1 - u) * u * u * y2 + u * u * u
    }

    @Test func easedPositionPerDimensionAndHold() throws {
        let position = F.keyframes([
            (
                0, [0, 0],
                [
                    "o": ["x": [1.0 / 3, 1.0 / 3], "y": [0.0, 1.0]], "i": ["x": [2.0 / 3, 2.0 / 3], "y": [1.0, 1.0]],
                ]
            ),
            (20, [100, 50], ["h": 1]),
            (30, [10, 10], [:]),
        ])
        let a = try F.load(F.animation(layers: [F.shapeLayer(index: 1, transform: F.transform(position: position))]))
        for f in [2.0, 5, 10, 17] {
            let u = f / 20
            let w = F.world(a, "shape", at: f)
            #expect(abs(w.tx - 100 * Self.bernstein(u, 0, 1)) <= 1e-12)
            #expect(abs(w.ty - 50 * Self.bernstein(u, 1, 1)) <= 1e-12)
        }
        // The hold keeps [100, 50] until frame 30 exactly.
        #expect(F.world(a, "shape", at: 29.999).tx == 100)
        #expect(F.world(a, "shape", at: 30).tx == 10)
    }

    /// The older form: keyframes with `s` and `e`, the last holding only its time.
    @Test func olderStartEndForm() throws {
        let rotation: [String: Any] = [
            "a": 1, "k": [["t": 0, "s": [0], "e": [90]], ["t": 10, "s": [90], "e": [30]], ["t": 20]],
        ]
        let a = try F.load(
            F.animation(layers: [F.shapeLayer(index: 1, transform: F.transform(extra: ["r": rotation]))]))
        let w = F.world(a, "shape", at: 15)  // linear: 60°
        #expect(abs(w.a - cos(60 * .pi / 180)) <= 1e-15 && abs(w.b - sin(60 * .pi / 180)) <= 1e-15)
        let end = F.world(a, "shape", at: 25)
        #expect(abs(end.b - sin(30 * .pi / 180)) <= 1e-15)
    }

    /// Spatial tangents along the line: the motion is by arc length, so a linear easing moves
    /// at constant speed (the Bézier's own parameter would not).
    @Test func spatialTangentsMoveByArcLength() throws {
        let position = F.keyframes([
            (0, [0, 20], ["to": [80, 0], "ti": [-10, 0], "o": ["x": 0, "y": 0], "i": ["x": 1, "y": 1]]),
            (10, [100, 20], [:]),
        ])
        let a = try F.load(F.animation(layers: [F.shapeLayer(index: 1, transform: F.transform(position: position))]))
        for f in stride(from: 0.0, through: 10, by: 1) {
            let w = F.world(a, "shape", at: f)
            #expect(abs(w.tx - 10 * f) <= 1e-9)
            #expect(abs(w.ty - 20) <= 1e-13)  // the Bézier of constant y, rounded
        }
    }

    /// anchor, scale, skew, rotation, position in After Effects' order, and split position.
    @Test func transformOrder() throws {
        let t = F.transform(
            anchor: [10, 5], scale: [200, 50], rotation: 30,
            extra: [
                "sk": F.value(20), "sa": F.value(15),
                "p": ["s": true, "x": F.value(40), "y": F.value(-7)],
            ])
        let a = try F.load(F.animation(layers: [F.shapeLayer(index: 1, transform: t)]))
        let w = F.world(a, "shape", at: 0)
        // The same map composed by hand on a point.
        func expected(_ p: SIMD2<Double>) -> SIMD2<Double> {
            var q = (p - SIMD2(10, 5)) * SIMD2(2, 0.5)
            let axis = 15 * Double.pi / 180, shear = tan(-20 * Double.pi / 180)
            func rotate(_ v: SIMD2<Double>, _ a: Double) -> SIMD2<Double> {
                SIMD2(v.x * cos(a) - v.y * sin(a), v.x * sin(a) + v.y * cos(a))
            }
            q = rotate(q, axis)
            q = SIMD2(q.x + shear * q.y, q.y)
            q = rotate(q, -axis)
            q = rotate(q, 30 * Double.pi / 180)
            return q + SIMD2(40, -7)
        }
        for p in [SIMD2(0.0, 0.0), SIMD2(3.0, -4.0), SIMD2(-12.5, 7.0)] {
            let got = w.apply(to: p), want = expected(p)
            #expect(abs(got.x - want.x) <= 1e-12 && abs(got.y - want.y) <= 1e-12)
        }
    }

    /// Parents pass on transforms, read at the same frame — a parent's start time moves no
    /// keyframe of its own (the Lottie schema defines `st` on precomposition layers only) — never
    /// opacity.
    @Test func parentChains() throws {
        let a = try F.load(
            F.animation(layers: [
                F.shapeLayer(
                    index: 3, name: "child", transform: F.transform(position: [10, 0], opacity: 50),
                    extra: ["parent": 2]),
                F.nullLayer(index: 2, transform: F.transform(position: [0, 0], rotation: 90), extra: ["parent": 1]),
                F.nullLayer(
                    index: 1,
                    transform: F.transform(
                        position: F.keyframes([(0, [0, 0], [:]), (10, [100, 0], [:])]), opacity: 0),
                    extra: ["st": 5]),
            ]))
        // At frame 10 the grandparent is at its last keyframe, 100, whatever its `st`; its child
        // turns the grandchild's offset (10, 0) by 90° to (0, 10).
        let w = F.world(a, "child", at: 10)
        #expect(abs(w.tx - 100) <= 1e-12 && abs(w.ty - 10) <= 1e-12)
        #expect(abs(F.world(a, "child", at: 5).tx - 50) <= 1e-12)
        let child = a.frame(at: 10).layers[0]
        #expect(child.opacity == 0.5)
        #expect(child.visible)
    }

    /// In and out points; a shape layer's start time and stretch move none of its keyframes,
    /// which are in its composition's frames (the Lottie schema defines `st` and `sr` on the
    /// precomposition layer only; exporters write a stretched shape layer's keyframes already
    /// stretched).
    @Test func layerTiming() throws {
        let layer = F.shapeLayer(
            index: 1, transform: F.transform(position: F.keyframes([(20, [0, 0], [:]), (40, [20, 0], [:])])),
            extra: ["ip": 20, "op": 40, "st": 20, "sr": 2])
        let a = try F.load(F.animation(layers: [layer]))
        #expect(!a.frame(at: 19.999).layers[0].visible)
        #expect(a.frame(at: 20).layers[0].visible)
        #expect(!a.frame(at: 40).layers[0].visible)
        // Frame 30: halfway between the keyframes at 20 and 40.
        #expect(a.frame(at: 30).layers[0].time == 30)
        #expect(abs(F.world(a, "shape", at: 30).tx - 10) <= 1e-12)
    }

    /// A precomposition at its own time, stretched, and with time remapping (seconds × fr).
    @Test func precompTimeAndRemap() throws {
        let inner = F.shapeLayer(
            index: 1, name: "inner",
            transform: F.transform(position: F.keyframes([(0, [0, 0], [:]), (60, [60, 0], [:])])))
        let asset: [String: Any] = ["id": "comp", "layers": [inner]]
        let stretched: [String: Any] = [
            "ty": 0, "ind": 1, "nm": "p", "refId": "comp", "w": 100, "h": 100, "ip": 0, "op": 100, "st": 10, "sr": 2,
            "ks": F.transform(position: [5, 5]),
        ]
        var remapped = stretched
        remapped["nm"] = "q"
        remapped["st"] = 0
        remapped["sr"] = 1
        remapped["tm"] = F.keyframes([(0, [0], [:]), (30, [0.5], [:])])  // seconds
        let a = try F.load(F.animation(layers: [stretched, remapped], assets: [asset]))
        let frame = a.frame(at: 30)
        let p = frame.layers[0], q = frame.layers[1]
        #expect(p.precompFrame == 10)  // (30 − 10)/2
        #expect(abs(p.layers![0].world.tx - (10 + 5)) <= 1e-12)
        // Remap at frame 15: 0.25 s → precomp frame 7.5 at 30 fps.
        let remappedFrame = a.frame(at: 15).layers[1]
        #expect(abs(remappedFrame.precompFrame! - 7.5) <= 1e-12)
        #expect(q.kind == "precomp")
        #expect(a.info.layers == 3 && a.info.precomps == 1)
    }

    @Test func progressAndInfo() throws {
        let text = F.animation(
            layers: [F.shapeLayer(index: 1, shapes: [["ty": "gr", "it": [F.rectangle(10, 10), F.fill([1, 0, 0])]]])],
            extra: ["ip": 10, "op": 70, "markers": [["tm": 12, "cm": "intro", "dr": 8]]])
        let a = try F.load(text)
        #expect(a.frame(atProgress: 0.5) == 40)
        let info = a.info
        #expect(info.frames == 60 && info.duration == 2 && info.shapes == 3)
        #expect(info.markers == [.init(name: "intro", frame: 12, duration: 8)])
        #expect(info.features.contains("shape.rectangle") && info.unsupported.isEmpty)
    }

    /// Auto-orient turns the layer along its path: a straight diagonal is 45°, a spatial arc's
    /// turn follows its tangent (the middle of a symmetric arc is level).
    @Test func autoOrient() throws {
        let diagonal = F.keyframes([(0, [0, 0], [:]), (10, [50, 50], [:])])
        let arc = F.keyframes([(0, [0, 50], ["to": [0, -40], "ti": [0, -40]]), (10, [100, 50], [:])])
        for (position, degrees) in [(diagonal, 45.0), (arc, 0.0)] {
            let a = try F.load(
                F.animation(layers: [
                    F.shapeLayer(index: 1, transform: F.transform(position: position), extra: ["ao": 1])
                ]))
            let w = F.world(a, "shape", at: 5)
            #expect(abs(atan2(w.b, w.a) * 180 / .pi - degrees) <= 1e-9, "\(w)")
        }
    }
}
