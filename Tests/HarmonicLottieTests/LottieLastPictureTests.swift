import Foundation
import Harmonic
import Testing

@testable import HarmonicLottie

/// Frame `op` (progress 1) is the picture playback ends on. A layer shows for `ip ≤ f < op`
/// (the Lottie format, "Layers": `op` is the frame the layer stops being shown), so at the
/// composition's `op` nothing would show; every player shows the last picture instead, and so
/// does Harmonic: visibility is read as its limit from the left there, values at `op` itself.
@Suite("Lottie: the last picture")
struct LottieLastPictureTests {
    typealias F = LottieTestFiles

    /// A red square moving from x = 0 at frame 0 to x = 100 at frame 100, shown 0…100 (the
    /// composition's `op`), and a blue one shown only 0…50.
    static let text = F.animation(layers: [
        F.shapeLayer(
            index: 1, name: "to the end",
            transform: F.transform(position: F.keyframes([(0, [0, 0], [:]), (100, [100, 0], [:])])),
            shapes: [F.rectangle(10, 10), F.fill([1, 0, 0])]),
        F.shapeLayer(index: 2, name: "half", shapes: [F.rectangle(10, 10), F.fill([0, 0, 1])], extra: ["op": 50]),
    ])

    @Test func progressOneIsTheLastPicture() throws {
        let a = try F.load(Self.text)
        #expect(a.frame(atProgress: 1) == 100)
        let last = a.frame(at: 100).layers
        #expect(last[0].visible && last[0].shapes.count == 1)
        #expect(abs(last[0].world.tx - 100) < 1e-12)
        // A layer that ended before `op` stays ended.
        #expect(!last[1].visible)
        // Past `op` nothing lasts; before it, the ordinary rule.
        #expect(!a.frame(at: 100.5).layers[0].visible)
        #expect(a.frame(at: 99.5).layers[0].visible)
        #expect(!a.frame(at: 50).layers[1].visible && a.frame(at: 49.9).layers[1].visible)
    }

    /// Inside a precomposition the same limit holds: its layers that last to the precomposition
    /// layer's end show at the composition's `op`, a layer starting exactly at `op` does not.
    @Test func precompositionsEndOnTheirLastPictureToo() throws {
        let inner: [[String: Any]] = [
            F.shapeLayer(index: 1, name: "inner", shapes: [F.rectangle(10, 10), F.fill([0, 1, 0])]),
            F.shapeLayer(
                index: 2, name: "late", shapes: [F.rectangle(10, 10), F.fill([0, 0, 1])], extra: ["ip": 100]),
        ]
        let text = F.animation(
            layers: [["ty": 0, "ind": 1, "refId": "pre", "w": 200, "h": 100, "ip": 0, "op": 100, "st": 0, "ks": [:]]],
            assets: [["id": "pre", "layers": inner]])
        let layers = try F.load(text).frame(at: 100).layers[0].layers ?? []
        #expect(layers.map(\.visible) == [true, false])
    }

    /// A time remap that runs the precomposition back to its start and holds there shows the
    /// precomposition's frame 0 at the composition's `op` as it is — its layers starting at 0
    /// shown (`ip ≤ f`) — since the inner time is not arrived at from earlier inner times; one
    /// rising to the inner layers' end shows their last picture. (`vigilance_camera.json`: a
    /// remap 0 → 2.002 s → 0 held to `op`, whose camera both peers draw at `op` as at frame 0.)
    @Test func aTimeRemapHeldAtTheEndShowsItsFrameAsItIs() throws {
        let inner: [[String: Any]] = [
            F.shapeLayer(
                index: 1, name: "inner", shapes: [F.rectangle(10, 10), F.fill([0, 1, 0])], extra: ["op": 60])
        ]
        func file(_ remap: [String: Any]) -> String {
            F.animation(
                layers: [
                    [
                        "ty": 0, "ind": 1, "refId": "pre", "w": 200, "h": 100, "ip": 0, "op": 100, "st": 0,
                        "ks": [:], "tm": remap,
                    ]
                ],
                assets: [["id": "pre", "layers": inner]])
        }
        // Frames 0 → 40 run the inner time from 0 to 1 s (frame 30 at 30 fps), 40 → 80 back to
        // 0, held to `op`.
        let heldAtZero = F.keyframes([(0, [0], [:]), (40, [1], [:]), (80, [0], [:])])
        let shown = try F.load(file(heldAtZero)).frame(at: 100).layers[0].layers ?? []
        #expect(shown.map(\.visible) == [true])
        // Rising to the inner layer's `op` (60 frames, 2 s) exactly at the end: its last picture.
        let rising = F.keyframes([(0, [0], [:]), (100, [2], [:])])
        let last = try F.load(file(rising)).frame(at: 100).layers[0].layers ?? []
        #expect(last.map(\.visible) == [true])
        // Running back down into frame 60 at the end: read as it is, the layer has ended.
        let falling = F.keyframes([(0, [3], [:]), (100, [2], [:])])
        let ended = try F.load(file(falling)).frame(at: 100).layers[0].layers ?? []
        #expect(ended.map(\.visible) == [false])
    }

    /// The engine player shows the same last picture.
    @Test func theEnginePlayerEndsOnTheSamePicture() throws {
        let scene = try F.load(Self.text).engineScene()
        try scene.seek(toFrame: 100)
        let svg = try scene.svg()
        #expect(svg.contains("fill=\"#ff0000\""))
        #expect(!svg.contains("fill=\"#0000ff\""))
    }
}
