import Harmonic
import HarmonicJSON
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
/// { "keyPath": "position", "decay": { "decelerationRate": "normal", "initialVelocity": [900, -300],
///   "min": [0, 0], "max": [1000, 800] } }
/// { "keyPath": "opacity", "keyframes": { "values": [0, 1, 0.5], "keyTimes": [0, 0.3, 1],
///   "calculationMode": "cubic", "timingFunctions": ["easeIn", "easeOut"],
///   "tensionValues": [0, 0, 0], "continuityValues": [0, 0, 0], "biasValues": [0, 0, 0] } }
/// { "keyPath": "position", "path": { "d": "M0,0 C0,100 100,100 100,0",
///   "calculationMode": "paced", "rotationMode": "auto" } }
/// { "keyPath": "transform", "valueFunction": "rotateZ", "from": 0, "to": 6.283185307179586 }
/// ```
///
/// - A `spring` key makes a ``SpringAnimation`` (any parameterisation of the spec format's
///   `spring`; `initialVelocity` inside it is CASpringAnimation's, in progress units per
///   second); `initialValueVelocity` (value units per second) only goes with it.
/// - A `group` key makes an ``AnimationGroup`` of the listed animations.
/// - A `decay` key (the spec format's `decay` object) makes a ``DecayAnimation`` released from
///   `from` (default: the presentation value when added); for a vector key path give
///   `initialVelocity` (Motion: `velocity`), `min` and `max` as arrays, one number per
///   component (a single number applies to every component).
/// - A `keyframes` key (the spec format's keyframes object) or a `path` key (SVG path data in
///   `d`, with optional `keyTimes`, `calculationMode`, `timingFunctions`, `rotationMode`) makes a
///   ``KeyframeAnimation``.
/// - `valueFunction` (`rotateX` … `translateZ`, `skewX`, `skewY`, ``/Harmonic/ValueFunction``) on a `transform`
///   key path makes the values the function's input, for basic, spring and keyframe
///   animations. Keyframes of a whole `transform` without one take 16 numbers per value.
/// - Otherwise a ``BasicAnimation``.
/// - `timing` is the spec format's timing block. Without it, or without its `duration`, Core
///   Animation's defaults apply: begin when the action happens; last the transaction's
///   duration (0.25 s by default), a spring's settling duration, or, for a group's child, the
///   group's duration. `beginTime` is in the layer's local time, 0 meaning "now" (in a group,
///   the group's time).
/// - `timingFunction` takes every form of the spec format (names, CSS text, four numbers).
package enum SceneAnimationSpec {
    /// - Parameter defaultKeyPath: The key path when the object gives none (an action's
    ///   animation animates the key it is stored under).
    package static func parse(_ value: JSONValue, name: String, defaultKeyPath: String? = nil) throws(HarmonicError)
        -> LayerAnimation
    {
        guard case var .object(members) = value, let tags = members.removeValue(forKey: "userInfo") else {
            return try parseBody(value, name: name, defaultKeyPath: defaultKeyPath)
        }
        let userInfo = try Self.userInfo(tags, name: name + ".userInfo")
        switch try parseBody(.object(members), name: name, defaultKeyPath: defaultKeyPath) {
        case var .basic(a):
            a.options.userInfo = userInfo
            return .basic(a)
        case var .spring(a):
            a.options.userInfo = userInfo
            return .spring(a)
        case var .keyframe(a):
            a.options.userInfo = userInfo
            return .keyframe(a)
        case var .decay(a):
            a.userInfo = userInfo
            return .decay(a)
        case var .group(a):
            a.userInfo = userInfo
            return .group(a)
        case var .transition(a):
            a.userInfo = userInfo
            return .transition(a)
        case var .motion(a):
            a.userInfo = userInfo
            return .motion(a)
        }
    }

    /// An animation's `userInfo`: an object of strings, numbers or booleans, kept as text.
    static func userInfo(_ value: JSONValue, name: String) throws(HarmonicError) -> [String: String] {
        guard case let .object(members) = value else {
            throw .invalidParameter(name: name, value: value.summary, allowed: "an object of strings or numbers")
        }
        var tags: [String: String] = [:]
        for (key, v) in members {
            switch v {
            case let .string(text): tags[key] = text
            case let .number(x): tags[key] = NumberText.text(x)
            case let .bool(b): tags[key] = b ? "true" : "false"
            default:
                throw .invalidParameter(
                    name: name + ".\(key)", value: v.summary, allowed: "a string, a number or a boolean")
            }
        }
        return tags
    }

    private static func parseBody(_ value: JSONValue, name: String, defaultKeyPath: String?) throws(HarmonicError)
        -> LayerAnimation
    {
        var reader = try JSONObjectReader(value, path: name)
        let timing: MediaTiming?
        do {
            // Duration 0 stands for "the engine's default", which depends on where the
            // animation is (a group's child spans the group).
            timing = try MediaTimingSpec.read(&reader, defaultDuration: 0)?.timing
        } catch {
            throw error.prefixingParameter(with: name)
        }
        let function = try reader.value("timingFunction").map { (v) throws(HarmonicError) in
            try TimingFunctionSpec.parse(v, name: reader.name("timingFunction"))
        }
        let removed = try reader.bool("removedOnCompletion") ?? true
        if reader.contains("transition") {
            var effect = try JSONObjectReader(reader.value("transition") ?? .null, path: reader.name("transition"))
            let transition = try TransitionSpec.read(&effect)
            try effect.finish(known: TransitionSpec.keys)
            try reader.finish(known: ["transition", "timing", "timingFunction", "removedOnCompletion"])
            return .transition(
                TransitionAnimation(
                    transition, timing: timing, timingFunction: function, isRemovedOnCompletion: removed))
        }
        if let children = reader.value("group") {
            guard case let .array(items) = children else {
                throw .invalidParameter(
                    name: reader.name("group"), value: children.summary, allowed: "an array of animations")
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
        guard let keyPath = try reader.string("keyPath") ?? defaultKeyPath else {
            throw .invalidParameter(
                name: reader.name("keyPath"), value: "missing", allowed: "a key path such as \"position.x\"")
        }
        let from = try reader.vector("from", allowsPath: true)
        let to = try reader.vector("to", allowsPath: true)
        let by = try reader.vector("by", allowsPath: true)
        let additive = try reader.bool("additive") ?? false
        let cumulative = try reader.bool("cumulative") ?? false
        let valueFunction: ValueFunction? = try enumeration(&reader, "valueFunction")
        let known = [
            "keyPath", "from", "to", "by", "timing", "timingFunction", "additive", "cumulative", "removedOnCompletion",
            "spring", "initialValueVelocity", "group", "valueFunction",
        ]
        if let springValue = reader.value("spring") {
            var springReader = try JSONObjectReader(springValue, path: reader.name("spring"))
            let spring = try SpringSpec.readSpring(&springReader)
            let velocity = try springReader.number("initialVelocity") ?? 0
            try HarmonicError.require(velocity, named: springReader.name("initialVelocity"))
            try springReader.finish()
            var animation = SpringAnimation(
                keyPath: keyPath, fromValue: from, toValue: to, byValue: by, spring: spring, initialVelocity: velocity,
                initialValueVelocity: try reader.vector("initialValueVelocity"), timing: timing,
                isAdditive: additive, isCumulative: cumulative, isRemovedOnCompletion: removed,
                valueFunction: valueFunction)
            if let function { animation.timingFunction = function }
            try reader.finish(known: known)
            return .spring(animation)
        }
        if let decayValue = reader.value("decay") {
            guard to == nil, by == nil else {
                throw .conflict(
                    parameters: ["decay", "to/by"].map(reader.name), reason: "a decay has no target; it starts at from")
            }
            let release = try DecayRelease.read(
                decayValue, path: reader.name("decay"), dimension: DecayRelease.dimension(of: decayValue, from: from))
            var animation = DecayAnimation(
                keyPath: keyPath, fromValue: from, initialVelocity: AnimatableVector(release.velocities),
                curve: release.curve, rest: release.rest, lowerBound: release.lower.map(AnimatableVector.init),
                upperBound: release.upper.map(AnimatableVector.init), bounce: release.bounce, timing: timing,
                isAdditive: additive, isRemovedOnCompletion: removed)
            if let function { animation.timingFunction = function }
            if cumulative {
                throw .invalidParameter(name: reader.name("cumulative"), value: "true", allowed: "false for a decay")
            }
            if let valueFunction {
                throw .invalidParameter(
                    name: reader.name("valueFunction"), value: valueFunction.rawValue,
                    allowed: "absent for a decay (it releases plain numbers)")
            }
            try reader.finish(known: known + ["decay"])
            return .decay(animation)
        }
        if reader.contains("keyframes") || reader.contains("path") {
            guard from == nil, to == nil, by == nil else {
                throw .conflict(
                    parameters: ["keyframes/path", "from/to/by"].map(reader.name),
                    reason: "keyframes carry their own values")
            }
            var animation = try keyframes(&reader, keyPath: keyPath)
            animation.timing = timing
            if let function {
                // The animation's timing function is the track's overall one: one place only.
                guard animation.timingFunction == nil else {
                    throw .conflict(
                        parameters: [
                            reader.name("timingFunction"),
                            reader.name(reader.contains("path") ? "path" : "keyframes") + ".timingFunction",
                        ],
                        reason: "a keyframe animation has one overall timing function")
                }
                animation.timingFunction = function
            }
            animation.isAdditive = additive
            animation.isCumulative = cumulative
            animation.isRemovedOnCompletion = removed
            animation.valueFunction = valueFunction
            try reader.finish(known: known + ["keyframes", "path"])
            return .keyframe(animation)
        }
        if reader.contains("initialValueVelocity") {
            throw .invalidParameter(
                name: reader.name("initialValueVelocity"), value: "given without spring", allowed: "used with a spring")
        }
        var animation = BasicAnimation(
            keyPath: keyPath, fromValue: from, toValue: to, byValue: by, timing: timing, isAdditive: additive,
            isCumulative: cumulative, isRemovedOnCompletion: removed, valueFunction: valueFunction)
        if let function { animation.timingFunction = function }
        try reader.finish(known: known)
        return .basic(animation)
    }

    /// The `keyframes` or `path` object of a keyframe animation (``KeyframesObject``).
    private static func keyframes(_ reader: inout JSONObjectReader, keyPath: String) throws(HarmonicError)
        -> KeyframeAnimation
    {
        if reader.contains("keyframes"), reader.contains("path") {
            throw .conflict(
                parameters: ["keyframes", "path"].map(reader.name), reason: "give values or a path, not both")
        }
        let key = reader.contains("path") ? "path" : "keyframes"
        guard let body = reader.value(key) else {
            throw .invalidParameter(name: reader.name(key), value: "missing", allowed: "an object")
        }
        return try KeyframesObject.parse(body, path: reader.name(key), isPath: key == "path", allowsPathValues: true)
            .animation(
                keyPath: keyPath)
    }
}
