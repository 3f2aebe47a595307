import Harmonic
import HarmonicEngine

/// An animation in a scene file: the JSON form of ``LayerAnimation``.
///
/// ```json
/// { "keyPath": "position.x", "from": 0, "to": 100, "by": 10,
///   "timing": { "duration": 1, "repeatCount": 2, "fillMode": "forwards" },
///   "timingFunction": "easeInEaseOut",
///   "additive": false, "cumulative": false, "removedOnCompletion": true }
/// { "keyPath": "position", "to": [300, 0],
///   "spring": { "stiffness": 170, "damping": 15, "initialVelocity": 0 },
///   "initialValueVelocity": [0, 40] }
/// { "group": [ …animations… ], "timing": { "duration": 2 }, "removedOnCompletion": false }
/// ```
///
/// - A `spring` key makes a ``SpringAnimation`` (any parameterisation of the spec format's
///   `spring`; `initialVelocity` inside it is CASpringAnimation's, in progress units per
///   second); `initialValueVelocity` (value units per second) only goes with it.
/// - A `group` key makes an ``AnimationGroup`` of the listed animations.
/// - Otherwise a ``BasicAnimation``.
/// - `timing` is the spec format's timing block; without it, Core Animation's defaults (begin
///   when the action happens, 0.25 s or a spring's settling duration). `beginTime` is in the
///   layer's local time, 0 meaning "now".
/// - `timingFunction` takes every form of the spec format (names, CSS text, four numbers).
enum SceneAnimationSpec {
    static func parse(_ value: JSONValue, name: String) throws(HarmonicError) -> LayerAnimation {
        var reader = try SpecReader(value, path: name)
        let timing: MediaTiming?
        do {
            timing = try MediaTimingSpec.read(&reader)?.timing
        } catch {
            throw error.prefixingParameter(with: name)
        }
        let function = try reader.value("timingFunction").map { (v) throws(HarmonicError) in
            try TimingFunctionSpec.parse(v, name: reader.name("timingFunction"))
        }
        let removed = try reader.bool("removedOnCompletion") ?? true
        if let children = reader.value("group") {
            guard case let .array(items) = children else {
                throw .invalidParameter(name: reader.name("group"), value: children.summary, allowed: "an array of animations")
            }
            var animations: [LayerAnimation] = []
            for (i, item) in items.enumerated() {
                animations.append(try parse(item, name: reader.name("group") + "[\(i)]"))
            }
            var group = AnimationGroup(animations: animations, timing: timing, isRemovedOnCompletion: removed)
            if let function { group.timingFunction = function }
            try reader.finish(known: ["group", "timing", "timingFunction", "removedOnCompletion"])
            return .group(group)
        }
        guard let keyPath = try reader.string("keyPath") else {
            throw .invalidParameter(name: reader.name("keyPath"), value: "missing", allowed: "a key path such as \"position.x\"")
        }
        let from = try reader.vector("from")
        let to = try reader.vector("to")
        let by = try reader.vector("by")
        let additive = try reader.bool("additive") ?? false
        let cumulative = try reader.bool("cumulative") ?? false
        let known = [
            "keyPath", "from", "to", "by", "timing", "timingFunction", "additive", "cumulative", "removedOnCompletion",
            "spring", "initialValueVelocity", "group",
        ]
        if let springValue = reader.value("spring") {
            var springReader = try SpecReader(springValue, path: reader.name("spring"))
            let spring = try SpringSpec.readSpring(&springReader)
            let velocity = try springReader.number("initialVelocity") ?? 0
            try HarmonicError.require(velocity, named: springReader.name("initialVelocity"))
            try springReader.finish()
            var animation = SpringAnimation(
                keyPath: keyPath, fromValue: from, toValue: to, byValue: by, spring: spring, initialVelocity: velocity,
                initialValueVelocity: try reader.vector("initialValueVelocity"), timing: timing,
                isAdditive: additive, isCumulative: cumulative, isRemovedOnCompletion: removed)
            if let function { animation.timingFunction = function }
            try reader.finish(known: known)
            return .spring(animation)
        }
        if reader.contains("initialValueVelocity") {
            throw .invalidParameter(
                name: reader.name("initialValueVelocity"), value: "given without spring", allowed: "used with a spring")
        }
        var animation = BasicAnimation(
            keyPath: keyPath, fromValue: from, toValue: to, byValue: by, timing: timing, isAdditive: additive,
            isCumulative: cumulative, isRemovedOnCompletion: removed)
        if let function { animation.timingFunction = function }
        try reader.finish(known: known)
        return .basic(animation)
    }
}
