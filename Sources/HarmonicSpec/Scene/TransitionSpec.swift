import Harmonic
import HarmonicJSON
import HarmonicEngine

/// A transition's effect in a scene: optional `type` (`fade`, the default as in Core
/// Animation, `moveIn`, `push`, `reveal`), optional `subtype` (`fromLeft`, the default,
/// `fromRight`, `fromTop`, `fromBottom`), optional `startProgress` and `endProgress` (0…1,
/// default 0 and 1).
///
/// Two places read it: the `transition` action, where these keys sit beside `layer`,
/// `duration` and `timingFunction`, and an animation object `{"transition": {…}, "timing"?,
/// "timingFunction"?, "removedOnCompletion"?}` (for `add` and `setActions`).
package enum TransitionSpec {
    /// The keys ``read(_:)`` takes.
    package static let keys = ["type", "subtype", "startProgress", "endProgress"]

    /// Reads the effect's keys from `reader`; errors name the key path.
    package static func read(_ reader: inout JSONObjectReader) throws(HarmonicError) -> Transition {
        let type: TransitionType = try enumeration(&reader, "type") ?? .fade
        let subtype: TransitionSubtype = try enumeration(&reader, "subtype") ?? .fromLeft
        let start = try reader.number("startProgress") ?? 0
        let end = try reader.number("endProgress") ?? 1
        do {
            return try Transition(type: type, subtype: subtype, startProgress: start, endProgress: end)
        } catch {
            throw error.prefixingParameter(with: reader.path)
        }
    }

    /// The `transition` action's body: `{layer, type, subtype?, duration?, timingFunction?,
    /// startProgress?, endProgress?}`, returning the layer's name and the animation.
    package static func action(_ body: JSONValue, path: String) throws(HarmonicError) -> (String, TransitionAnimation) {
        var r = try JSONObjectReader(body, path: path)
        guard let layer = try r.string("layer") else {
            throw .invalidParameter(name: r.name("layer"), value: "missing", allowed: "the name of a layer")
        }
        let transition = try read(&r)
        var timing: MediaTiming?
        if let d = try r.number("duration") {
            let duration = try HarmonicError.require(d, named: r.name("duration"), "> 0") { $0 > 0 }
            timing = try MediaTiming(duration: duration)
        }
        let function = try r.value("timingFunction").map { (v) throws(HarmonicError) in
            try TimingFunctionSpec.parse(v, name: r.name("timingFunction"))
        }
        try r.finish(known: ["layer", "duration", "timingFunction"] + keys)
        return (layer, TransitionAnimation(transition, timing: timing, timingFunction: function))
    }
}
