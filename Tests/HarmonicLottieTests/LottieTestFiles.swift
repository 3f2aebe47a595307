import Foundation
import Harmonic

@testable import HarmonicLottie

/// Hand-written Lottie files for the tests: small JSON builders so that each test states only
/// what it is about.
enum LottieTestFiles {
    /// A static property.
    static func value(_ v: Any) -> [String: Any] { ["a": 0, "k": v] }

    /// A keyframed property from `(frame, value, extra)` triples.
    static func keyframes(_ keys: [(Double, Any, [String: Any])]) -> [String: Any] {
        ["a": 1, "k": keys.map { (t, s, extra) in ["t": t, "s": s].merging(extra) { $1 } }]
    }

    /// A layer transform.
    static func transform(
        anchor: [Double] = [0, 0], position: Any = [0, 0], scale: [Double] = [100, 100], rotation: Double = 0,
        opacity: Double = 100, extra: [String: Any] = [:]
    ) -> [String: Any] {
        func wrap(_ v: Any) -> Any { (v as? [String: Any]) ?? value(v) }
        return [
            "a": value(anchor), "p": wrap(position), "s": value(scale), "r": value(rotation), "o": value(opacity),
        ].merging(extra) { $1 }
    }

    /// A shape layer.
    static func shapeLayer(
        index: Int, name: String = "shape", transform: [String: Any] = transform(), shapes: [[String: Any]] = [],
        extra: [String: Any] = [:]
    ) -> [String: Any] {
        ["ty": 4, "ind": index, "nm": name, "ip": 0, "op": 100, "st": 0, "sr": 1, "ks": transform, "shapes": shapes]
            .merging(extra) { $1 }
    }

    static func nullLayer(index: Int, transform: [String: Any], extra: [String: Any] = [:]) -> [String: Any] {
        ["ty": 3, "ind": index, "nm": "null\(index)", "ip": 0, "op": 100, "st": 0, "sr": 1, "ks": transform]
            .merging(extra) { $1 }
    }

    static func rectangle(_ w: Double, _ h: Double, at p: [Double] = [0, 0], roundness: Double = 0) -> [String: Any] {
        ["ty": "rc", "p": value(p), "s": value([w, h]), "r": value(roundness)]
    }

    static func fill(_ rgb: [Double], opacity: Double = 100) -> [String: Any] {
        ["ty": "fl", "c": value(rgb + [1]), "o": value(opacity), "r": 1]
    }

    static func stroke(_ rgb: [Double], width: Double) -> [String: Any] {
        ["ty": "st", "c": value(rgb + [1]), "o": value(100), "w": value(width), "lc": 1, "lj": 1, "ml": 4]
    }

    /// A composition.
    static func animation(
        width: Double = 200, height: Double = 100, frameRate: Double = 30, layers: [[String: Any]],
        assets: [[String: Any]] = [], extra: [String: Any] = [:]
    ) -> String {
        let root: [String: Any] = [
            "v": "5.7.4", "fr": frameRate, "ip": 0, "op": 100, "w": width, "h": height, "layers": layers,
            "assets": assets,
        ].merging(extra) { $1 }
        let data = try! JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static func load(_ text: String) throws -> LottieAnimation { try LottieAnimation(json: text) }

    /// Two layers each other's parent: no order of transforms exists, so no reading draws it.
    static var parentCycle: String {
        animation(layers: [shapeLayer(index: 1, extra: ["parent": 2]), shapeLayer(index: 2, extra: ["parent": 1])])
    }

    /// Two precompositions each showing the other: without end, so no reading draws it.
    static var precompositionCycle: String {
        animation(
            layers: [["ty": 0, "ind": 1, "refId": "a", "w": 10, "h": 10, "ip": 0, "op": 10, "ks": [:]]],
            assets: [
                ["id": "a", "layers": [["ty": 0, "ind": 1, "refId": "b", "ip": 0, "op": 10, "ks": [:]]]],
                ["id": "b", "layers": [["ty": 0, "ind": 1, "refId": "a", "ip": 0, "op": 10, "ks": [:]]]],
            ])
    }

    /// The world transform of the first layer named `name` at `frame`.
    static func world(_ animation: LottieAnimation, _ name: String, at frame: Double) -> Transform2D {
        let layer = animation.frame(at: frame).layers.first { $0.name == name }!
        return layer.world
    }
}
