import Foundation
import Harmonic
import HarmonicRender
import Testing

@testable import HarmonicLottie

/// 3-D layers' rotations, projected orthographically, against rotations built independently:
/// each basis vector of the layer's plane turned about the axes one after another by Rodrigues'
/// formula, `v·cos t + (k × v)·sin t + k·(k·v)(1 − cos t)`, then its z dropped.
@Suite("Lottie: 3-D rotations")
struct LottieRotation3DTests {
    typealias F = LottieTestFiles
    typealias Vector = SIMD3<Double>

    /// `v` turned by `degrees` about the unit axis `k`, in the sense the layer's `rz` turns
    /// (x toward y, y down), and the same sense about x (y toward z) and y (z toward x).
    static func turn(_ v: Vector, about k: Vector, _ degrees: Double) -> Vector {
        let t = degrees * .pi / 180
        let cross = Vector(k.y * v.z - k.z * v.y, k.z * v.x - k.x * v.z, k.x * v.y - k.y * v.x)
        return v * cos(t) + cross * sin(t) + k * ((k * v).sum() * (1 - cos(t)))
    }

    /// The plane's basis after orientation (z, y, x) then rotations (z, y, x): the images of
    /// x = (1, 0, 0) and y = (0, 1, 0), projected.
    static func expected(rx: Double, ry: Double, rz: Double, orientation o: [Double]) -> Transform2D {
        let axes: [(Vector, Double)] = [
            (Vector(0, 0, 1), o[2]), (Vector(0, 1, 0), o[1]), (Vector(1, 0, 0), o[0]),
            (Vector(0, 0, 1), rz), (Vector(0, 1, 0), ry), (Vector(1, 0, 0), rx),
        ]
        var x = Vector(1, 0, 0), y = Vector(0, 1, 0)
        for (k, degrees) in axes {
            x = turn(x, about: k, degrees)
            y = turn(y, about: k, degrees)
        }
        return Transform2D(a: x.x, b: x.y, c: y.x, d: y.y, tx: 0, ty: 0)
    }

    static func layer(rx: Double, ry: Double, rz: Double, orientation: [Double], index: Int = 1, parent: Int? = nil)
        -> [String: Any]
    {
        var extra: [String: Any] = ["ddd": 1]
        if let parent { extra["parent"] = parent }
        return F.shapeLayer(
            index: index, name: "layer\(index)",
            transform: [
                "a": F.value([0, 0, 0]), "p": F.value([100, 50, 0]), "s": F.value([100, 100, 100]),
                "rx": F.value(rx), "ry": F.value(ry), "rz": F.value(rz), "or": F.value(orientation), "o": F.value(100),
            ],
            shapes: [F.rectangle(40, 20), F.fill([1, 1, 1])], extra: extra)
    }

    @Test(arguments: [
        (60.0, 0.0, 0.0, [0.0, 0, 0]), (0, 30, 0, [0, 0, 0]), (40, 30, 20, [0, 0, 0]), (0, 0, 0, [10, 50, 0]),
        (30, 0, 0, [0, 40, 25]), (-75, 120, 200, [15, -35, 80]),
    ])
    func rotationsProjectAsTheTurnedPlane(rx: Double, ry: Double, rz: Double, orientation: [Double]) throws {
        let a = try F.load(F.animation(layers: [Self.layer(rx: rx, ry: ry, rz: rz, orientation: orientation)]))
        let w = F.world(a, "layer1", at: 0)
        let e = Self.expected(rx: rx, ry: ry, rz: rz, orientation: orientation)
        for (got, want) in [(w.a, e.a), (w.b, e.b), (w.c, e.c), (w.d, e.d)] {
            #expect(abs(got - want) <= 1e-14, "\(w) against \(e)")
        }
        #expect(w.tx == 100 && w.ty == 50)
        #expect(a.unsupported.isEmpty)
        #expect(a.info.features.contains("transform.3dRotation"))
    }

    /// rx = 60° alone squashes the layer to half its height (cos 60°), its width unchanged.
    @Test func aTiltHalvesTheHeight() throws {
        let a = try F.load(F.animation(layers: [Self.layer(rx: 60, ry: 0, rz: 0, orientation: [0, 0, 0])]))
        let w = F.world(a, "layer1", at: 0)
        #expect(w.a == 1 && w.b == 0 && w.c == 0 && abs(w.d - 0.5) <= 1e-15)
    }

    /// The engine plays 3-D rotations, still and moving — a layer per axis, composed in space
    /// and projected — and its frames are direct evaluation's, which turns the plane as a whole.
    @Test func theEnginePlaysRotations() throws {
        let ease: [String: Any] = ["o": ["x": [0.42], "y": [0]], "i": ["x": [0.58], "y": [1]]]
        func moving(_ index: Int, _ x: Double, _ y: Double, _ turns: [String: Any]) -> [String: Any] {
            var layer = Self.layer(rx: 0, ry: 0, rz: 0, orientation: [0, 0, 0], index: index)
            var ks = layer["ks"] as! [String: Any]
            ks["p"] = F.value([x, y, 0])
            ks.merge(turns) { $1 }
            layer["ks"] = ks
            return layer
        }
        let file = F.animation(layers: [
            Self.layer(rx: 40, ry: 30, rz: 20, orientation: [10, -20, 15]),
            Self.layer(rx: -60, ry: 0, rz: 0, orientation: [0, 0, 0], index: 2),
            moving(3, 30, 30, ["rx": F.keyframes([(0, [0], ease), (60, [170], [:])])]),
            moving(
                4, 80, 70,
                [
                    "ry": F.keyframes([(0, [-50], ease), (40, [80], [:])]),
                    "rz": F.keyframes([(0, [0], [:]), (60, [90], [:])]),
                ]),
            moving(
                5, 150, 30,
                [
                    "rx": F.value(25),
                    "or": F.keyframes([(0, [0, 0, 0], ease), (50, [60, -30, 45], [:])]),
                ]),
            moving(6, 170, 75, ["ry": F.keyframes([(10, [20], ["h": 1]), (30, [-70], [:])]), "rx": F.value(15)]),
        ])
        #expect(try F.load(file).engineScene().notPlayed.isEmpty)
        for gap in try LottieEngineSceneTests.differences(file, frames: [0, 9, 20, 29.5, 30, 45, 60]) {
            #expect(gap.mean <= 1e-4 && gap.coverage == 0, "\(gap)")
        }
        // The comparison sees the turns: played to 200° instead of 170°, the spinning layer
        // differs from the direct frame.
        let turned = file.replacingOccurrences(of: "170", with: "200")
        let gap = try LottieEngineSceneTests.gaps(file, played: turned, frames: [45])[0]
        #expect(gap.coverage > 0.001, "\(gap)")
    }

    /// Auto-orient on 3-D layers: the direction of travel is added to the rotation about z,
    /// inside the orientation — a tilted layer travelling along a curve, and one whose
    /// orientation also turns about x and z, so that the angle's place in the chain shows.
    @Test func theEnginePlaysAutoOrientOn3DLayers() throws {
        func oriented(_ index: Int, _ turns: [String: Any], path: [String: Any]) -> [String: Any] {
            var layer = Self.layer(rx: 0, ry: 0, rz: 0, orientation: [0, 0, 0], index: index)
            var ks = layer["ks"] as! [String: Any]
            ks.merge(turns) { $1 }
            ks["p"] = path
            layer["ks"] = ks
            layer["ao"] = 1
            return layer
        }
        let curve = F.keyframes([
            (0, [20, 20, 0], ["to": [40, 0, 0], "ti": [-10, -30, 0]]),
            (30, [90, 60, 0], ["to": [20, 20, 0], "ti": [0, 0, 0]]),
            (60, [60, 90, 0], [:]),
        ])
        let straight = F.keyframes([(0, [120, 20, 0], [:]), (60, [180, 80, 0], [:])])
        let file = F.animation(layers: [
            oriented(1, ["rx": F.value(30), "rz": F.value(10)], path: curve),
            oriented(2, ["or": F.value([40, 0, 30]), "ry": F.value(20)], path: straight),
        ])
        #expect(try F.load(file).engineScene().notPlayed.isEmpty)
        for gap in try LottieEngineSceneTests.differences(file, frames: [0, 10, 20, 29, 30, 45, 60]) {
            #expect(gap.mean <= 1e-4 && gap.coverage == 0, "\(gap)")
        }
        // The comparison sees the turn: played without auto-orient, the frames differ. (Placed
        // inside the orientation instead of beside the z rotation, they differ too.)
        let unoriented = file.replacingOccurrences(of: "\"ao\":1", with: "\"ao\":0")
        #expect(unoriented != file)
        let gap = try LottieEngineSceneTests.gaps(file, played: unoriented, frames: [45])[0]
        #expect(gap.coverage > 0.001, "\(gap)")
    }

    /// A 3-D rotation under a 3-D-rotated parent is reported (After Effects composes the two in
    /// space; each is projected here on its own); a flat parent is not.
    @Test func nestedRotationsAreReported() throws {
        let nested = try F.load(
            F.animation(layers: [
                Self.layer(rx: 0, ry: -60, rz: 0, orientation: [0, 0, 0], index: 1, parent: 2),
                Self.layer(rx: 0, ry: 60, rz: 0, orientation: [0, 0, 0], index: 2),
            ]))
        #expect(
            nested.unsupported.map { "\($0.path) \($0.feature)" } == ["layers[0].ks transform.3dRotationUnderParent"])
        let flat = try F.load(
            F.animation(layers: [
                Self.layer(rx: 0, ry: -60, rz: 0, orientation: [0, 0, 0], index: 1, parent: 2),
                F.nullLayer(index: 2, transform: F.transform(position: [10, 0])),
            ]))
        #expect(flat.unsupported.isEmpty)
    }
}
