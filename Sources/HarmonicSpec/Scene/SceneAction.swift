import Harmonic
import HarmonicJSON
import HarmonicEngine

/// One timed action of a scene: an object with `time` (seconds of the engine clock) and
/// exactly one action key.
///
/// | key | value | does |
/// |---|---|---|
/// | `add` | `{layer, key, animation}` | `add(_:forKey:to:)` (replaces the key) |
/// | `addNetwork` | `{layers, key, keyPath, springNetwork, …}` | network node `i` drives `keyPath` on `layers[i]` |
/// | `remove` | `{layer, key}` | `removeAnimation(forKey:from:)` |
/// | `removeAll` | layer name | `removeAllAnimations(from:)` |
/// | `set` | `{layer, keyPath, value, transaction?}` | `setValue` (open, own or implicit transaction) |
/// | `begin` | transaction settings or `{}` | opens a (nested) transaction |
/// | `commit` | `{}` | closes the innermost transaction |
/// | `flush` | `{}` | commits the implicit transaction now (`flush()`) |
/// | `retarget` | `{layer, key, to, spring?}` | `retargetSpring(forKey:on:to:)` (of a spring or a decay) |
/// | `fling` | `{layer, keyPath, decay, key?}` | `fling(_:of:velocity:…)`: a decay, the model at its rest value |
/// | `pauseLayer`, `resumeLayer` | layer name | pauses / resumes the layer's time |
/// | `animator` | `{name, duration, timing?, changes: [{layer, keyPath, value}]}` | creates it, records the changes |
/// | `startAnimator` | name or `{name, delay}` | starts (or resumes) it |
/// | `pauseAnimator` | name | pauses it |
/// | `scrub` | `{animator, fractionComplete}` | scrubs a paused animator |
/// | `reverseAnimator` | name | flips its direction |
/// | `continueAnimator` | `{name, timing?, durationFactor?}` | continues with new timing |
/// | `stopAnimator` | `{name, withoutFinishing}` | stops it |
/// | `finishAnimator` | `{name, at}` (`start`, `end`, `current`) | finishes a stopped animator |
/// | `flingAnimator` | `{name, velocity, decay?, bounce?}` | ends a scrub by flinging (progress units per second) |
/// | `addSublayer` | `{layer, parent?, index?}` | moves the layer under `parent` (none: a root) at `index` |
/// | `removeFromSuperlayer` | layer name | takes the layer (and its sublayers) out of the tree |
/// | `setActions` | `{layer, actions: {key: animation or null}}` | the layer's actions dictionary |
/// | `setStyle` | `{layer, actions: {key: animation or null}}` | the actions of the layer's style |
/// | `convertTime` | `{time, from?, to?}` | a `convertTime` event, `time=…` or `unmapped` (a stopped clock) |
/// | `scroll` | `{layer, point}` or `{layer, rect}` | a scroll layer's `scroll(to:)` or `scroll(_:)` |
/// | `hitTest` | `{point, layer?, presentation?}` | a `hitTest` event, `layer=NAME` or `layer=` |
/// | `convertPoint` | `{point, from?, to?, presentation?}` | a `convertPoint` event, `x=…,y=…` or `unmapped` |
/// | `transition` | `{layer, type, subtype?, duration?, …Progress?}` | a `CATransition` under the key `transition` |
///
/// A `set` of an attribute (`lineCap`, `string`, `lineDashPattern`, …) changes it at once. A
/// `hitTest` inside a replicator adds the instance hit: `layer=dot,instance=2`.
///
/// `hitTest` takes the point in `layer`'s superlayer's space (no `layer`: the root space, every
/// root layer); `convertPoint` converts between two layers' spaces (a missing one: the root
/// space). Both read model values, or presentation values at the action's time with
/// `"presentation": true`.
///
/// Transaction settings: `duration` (s), `timingFunction`, `disableActions`, `spring` (implicit
/// animations become springs that keep the current velocity), `delay` (s before the implicit
/// animations start, filling backwards meanwhile: UIKit's `animate(withDuration:delay:)`).
/// Animator `timing` is a timing function (any spec form; default `easeInEaseOut`) or
/// `{"spring": {…}}` with the spring's `initialVelocity` in progress units per second.
package struct SceneAction {
    package var time: Double
    package var kind: Kind

    package enum Kind {
        case add(layer: String, key: String, animation: LayerAnimation)
        /// One animation per drawn node of a spring network, all sharing its solution.
        case addNetwork(layers: [String?], key: String, animations: [LayerAnimation])
        case remove(layer: String, key: String)
        case removeAll(layer: String)
        case set(layer: String, keyPath: String, value: AnimatableVector, transaction: TransactionChanges?)
        /// A `set` of an attribute (``/HarmonicEngine/LayerAttribute``): at once, never animated.
        case setAttribute(layer: String, key: String, value: LayerAttribute)
        case begin(TransactionChanges?)
        case commit
        case flush
        case retarget(layer: String, key: String, to: AnimatableVector, spring: Spring?)
        case fling(layer: String, keyPath: String, key: String?, release: DecayRelease)
        case flingAnimator(String, velocity: Double, curve: DecayCurve, bounce: Spring)
        case pauseLayer(String)
        case resumeLayer(String)
        case animator(
            name: String, duration: Double, timing: AnimatorTiming,
            changes: [(layer: String, keyPath: String, value: AnimatableVector)])
        case startAnimator(String, delay: Double)
        case pauseAnimator(String)
        case scrub(String, fraction: Double)
        case reverseAnimator(String)
        case continueAnimator(String, timing: AnimatorTiming?, durationFactor: Double)
        case stopAnimator(String, withoutFinishing: Bool)
        case finishAnimator(String, at: AnimatorPosition)
        case addSublayer(layer: String, parent: String?, index: Int?)
        case removeFromSuperlayer(String)
        case hitTest(point: SIMD2<Double>, layer: String?, presentation: Bool)
        /// A scroll layer to a point (`scroll(to:)`) or to show a rectangle (`scroll(_:)`).
        case scroll(layer: String, point: SIMD2<Double>?, rect: LayerGeometry.Rect?)
        case convertPoint(point: SIMD2<Double>, from: String?, to: String?, presentation: Bool)
        case setActions(layer: String, actions: [String: LayerAction])
        case setStyle(layer: String, actions: [String: LayerAction])
        /// Converts a time between two layers' local times (missing: root time).
        case convertTime(time: Double, from: String?, to: String?)
        case transition(layer: String, TransitionAnimation)
    }

    package static let keys = [
        "add", "addNetwork", "remove", "removeAll", "set", "begin", "commit", "flush", "retarget", "pauseLayer",
        "resumeLayer",
        "animator", "startAnimator", "pauseAnimator", "scrub", "reverseAnimator", "continueAnimator", "stopAnimator",
        "finishAnimator", "fling", "flingAnimator", "addSublayer", "removeFromSuperlayer", "hitTest", "convertPoint",
        "setActions", "transition", "scroll", "setStyle", "convertTime",
    ]

    package static func parse(_ value: JSONValue, name: String) throws(HarmonicError) -> SceneAction {
        var reader = try JSONObjectReader(value, path: name)
        guard let time = try reader.number("time") else {
            throw .invalidParameter(
                name: reader.name("time"), value: "missing", allowed: "the action's time in seconds")
        }
        try HarmonicError.require(time, named: reader.name("time"))
        let present = keys.filter { reader.contains($0) }
        guard present.count == 1, let key = present.first, let body = reader.value(key) else {
            if present.isEmpty {
                throw .invalidParameter(
                    name: name, value: "{" + reader.keys.sorted().joined(separator: ", ") + "}",
                    allowed: "an object with time and one action key (\(keys.joined(separator: ", ")))")
            }
            throw .conflict(parameters: present.map(reader.name), reason: "an action does one thing")
        }
        let path = reader.name(key)
        let kind = try parseKind(key, body, path: path)
        try reader.finish(known: ["time"] + keys)
        return SceneAction(time: time, kind: kind)
    }

    private static func parseKind(_ key: String, _ body: JSONValue, path: String) throws(HarmonicError) -> Kind {
        switch key {
        case "removeAll": return .removeAll(layer: try string(body, path))
        case "pauseLayer": return .pauseLayer(try string(body, path))
        case "resumeLayer": return .resumeLayer(try string(body, path))
        case "pauseAnimator": return .pauseAnimator(try string(body, path))
        case "reverseAnimator": return .reverseAnimator(try string(body, path))
        case "removeFromSuperlayer": return .removeFromSuperlayer(try string(body, path))
        case "commit", "flush":
            let r = try JSONObjectReader(body, path: path)
            try r.finish()
            return key == "commit" ? .commit : .flush
        case "begin":
            return .begin(try transaction(body, path))
        case "transition":
            let (layer, animation) = try TransitionSpec.action(body, path: path)
            return .transition(layer: layer, animation)
        case "startAnimator":
            if case let .string(name) = body { return .startAnimator(name, delay: 0) }
            var r = try JSONObjectReader(body, path: path)
            let name = try required(r.string("name"), r, "name")
            let delay = try r.number("delay") ?? 0
            try r.finish()
            return .startAnimator(name, delay: delay)
        default:
            break
        }
        var r = try JSONObjectReader(body, path: path)
        let kind: Kind
        switch key {
        case "add":
            let layer = try required(r.string("layer"), r, "layer")
            let animationKey = try required(r.string("key"), r, "key")
            guard let animation = r.value("animation") else {
                throw .invalidParameter(name: r.name("animation"), value: "missing", allowed: "an animation object")
            }
            kind = .add(
                layer: layer, key: animationKey,
                animation: try SceneAnimationSpec.parse(animation, name: r.name("animation")))
        case "addNetwork":
            kind = try Self.network(&r)
        case "addSublayer":
            let layer = try required(r.string("layer"), r, "layer")
            var index: Int?
            if let i = try r.number("index") {
                guard i == i.rounded(), i >= 0, i <= Double(Int32.max) else {
                    throw .invalidParameter(name: r.name("index"), value: "\(i)", allowed: "a whole number ≥ 0")
                }
                // Int: a whole number in [0, Int32.max] by the guard above (NaN fails it).
                index = Int(i)
            }
            kind = .addSublayer(layer: layer, parent: try r.string("parent"), index: index)
        case "setActions", "setStyle":
            let layer = try required(r.string("layer"), r, "layer")
            let actions = try Self.actions(r.value("actions"), name: r.name("actions"))
            kind =
                key == "setActions"
                ? .setActions(layer: layer, actions: actions) : .setStyle(layer: layer, actions: actions)
        case "convertTime":
            guard let time = try r.number("time"), time.isFinite else {
                throw .invalidParameter(name: r.name("time"), value: "missing", allowed: "a finite time in seconds")
            }
            kind = .convertTime(time: time, from: try r.string("from"), to: try r.string("to"))
        case "scroll":
            let layer = try required(r.string("layer"), r, "layer")
            if let rect = try r.numbers("rect") {
                guard rect.count == 4, rect.allSatisfy(\.isFinite), rect[2] >= 0, rect[3] >= 0 else {
                    throw .invalidParameter(
                        name: r.name("rect"), value: "\(rect)", allowed: "[x, y, width, height], finite, sizes >= 0")
                }
                guard !r.contains("point") else {
                    throw .conflict(
                        parameters: [r.name("point"), r.name("rect")], reason: "a scroll goes to one place")
                }
                kind = .scroll(
                    layer: layer, point: nil,
                    rect: LayerGeometry.Rect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]))
            } else {
                kind = .scroll(layer: layer, point: try point(&r), rect: nil)
            }
        case "hitTest":
            kind = .hitTest(
                point: try point(&r), layer: try r.string("layer"), presentation: try r.bool("presentation") ?? false)
        case "convertPoint":
            kind = .convertPoint(
                point: try point(&r), from: try r.string("from"), to: try r.string("to"),
                presentation: try r.bool("presentation") ?? false)
        case "remove":
            kind = .remove(
                layer: try required(r.string("layer"), r, "layer"), key: try required(r.string("key"), r, "key"))
        case "set":
            let layer = try required(r.string("layer"), r, "layer")
            let keyPath = try required(r.string("keyPath"), r, "keyPath")
            if LayerAttribute.known[keyPath] != nil {
                let value = try required(r.value("value"), r, "value")
                kind = .setAttribute(
                    layer: layer, key: keyPath,
                    value: try SceneSpec.attribute(value, key: keyPath, name: r.name("value")))
                break
            }
            let value = try required(r.vector("value", allowsPath: true), r, "value")
            let settings = try r.value("transaction").map { (v) throws(HarmonicError) in
                try transaction(v, r.name("transaction"))
            }
            kind = .set(layer: layer, keyPath: keyPath, value: value, transaction: settings ?? nil)
        case "retarget":
            let layer = try required(r.string("layer"), r, "layer")
            let animationKey = try required(r.string("key"), r, "key")
            let to = try required(r.vector("to", allowsPath: true), r, "to")
            var spring: Spring?
            if let s = r.value("spring") {
                var sr = try JSONObjectReader(s, path: r.name("spring"))
                spring = try SpringSpec.readSpring(&sr)
                try sr.finish()
            }
            kind = .retarget(layer: layer, key: animationKey, to: to, spring: spring)
        case "fling":
            let layer = try required(r.string("layer"), r, "layer")
            let keyPath = try required(r.string("keyPath"), r, "keyPath")
            let decay = try required(r.value("decay"), r, "decay")
            let release = try DecayRelease.read(
                decay, path: r.name("decay"), dimension: DecayRelease.dimension(of: decay, from: nil))
            kind = .fling(layer: layer, keyPath: keyPath, key: try r.string("key"), release: release)
        case "flingAnimator":
            let name = try required(r.string("name"), r, "name")
            let velocity = try required(r.number("velocity"), r, "velocity")
            var curve = DecayCurve.exponential(.normal)
            if let decay = r.value("decay") {
                let release = try DecayRelease.read(decay, path: r.name("decay"), dimension: 1)
                guard release.velocities == [0], release.lower == nil, release.upper == nil else {
                    throw .invalidParameter(
                        name: r.name("decay"), value: "with a velocity or walls",
                        allowed: "the curve only (the action's velocity is the release; the walls are progress 0 and 1)"
                    )
                }
                curve = release.curve
            }
            var bounce = DecayBounds.motionBounce
            if let s = r.value("bounce") {
                var sr = try JSONObjectReader(s, path: r.name("bounce"))
                bounce = try SpringSpec.readSpring(&sr)
                try sr.finish()
            }
            kind = .flingAnimator(name, velocity: velocity, curve: curve, bounce: bounce)
        case "animator":
            let name = try required(r.string("name"), r, "name")
            let duration = try r.number("duration") ?? 1
            let timing = try r.value("timing").map { (v) throws(HarmonicError) in
                try animatorTiming(v, r.name("timing"))
            }
            guard case let .array(items)? = r.value("changes") else {
                throw .invalidParameter(
                    name: r.name("changes"), value: "missing", allowed: "an array of {layer, keyPath, value}")
            }
            var changes: [(String, String, AnimatableVector)] = []
            for (i, item) in items.enumerated() {
                var c = try JSONObjectReader(item, path: r.name("changes") + "[\(i)]")
                changes.append(
                    (
                        try required(c.string("layer"), c, "layer"), try required(c.string("keyPath"), c, "keyPath"),
                        try required(c.vector("value", allowsPath: true), c, "value")
                    ))
                try c.finish()
            }
            kind = .animator(
                name: name, duration: duration, timing: timing ?? .curve(CubicBezier.easeInEaseOut), changes: changes)
        case "scrub":
            kind = .scrub(
                try required(r.string("animator"), r, "animator"),
                fraction: try required(r.number("fractionComplete"), r, "fractionComplete"))
        case "continueAnimator":
            let name = try required(r.string("name"), r, "name")
            let timing = try r.value("timing").map { (v) throws(HarmonicError) in
                try animatorTiming(v, r.name("timing"))
            }
            kind = .continueAnimator(name, timing: timing, durationFactor: try r.number("durationFactor") ?? 0)
        case "stopAnimator":
            kind = .stopAnimator(
                try required(r.string("name"), r, "name"), withoutFinishing: try r.bool("withoutFinishing") ?? false)
        case "finishAnimator":
            let name = try required(r.string("name"), r, "name")
            let text = try required(r.string("at"), r, "at")
            guard let position = AnimatorPosition(rawValue: text) else {
                throw .invalidParameter(name: r.name("at"), value: "\"\(text)\"", allowed: "start, end or current")
            }
            kind = .finishAnimator(name, at: position)
        default:
            throw .invalidParameter(name: path, value: key, allowed: keys.joined(separator: ", "))
        }
        try r.finish()
        return kind
    }

    /// Transaction settings: `{duration, timingFunction, disableActions, spring}`, all optional;
    /// what is not given is inherited from the enclosing transaction.
    package static func transaction(_ value: JSONValue, _ path: String) throws(HarmonicError) -> TransactionChanges? {
        var r = try JSONObjectReader(value, path: path)
        guard !r.keys.isEmpty else { return nil }
        var changes = TransactionChanges()
        if let d = try r.number("duration") {
            changes.animationDuration = try HarmonicError.require(d, named: r.name("duration"), ">= 0") { $0 >= 0 }
        }
        if let f = r.value("timingFunction") {
            changes.timingFunction = try TimingFunctionSpec.parse(f, name: r.name("timingFunction"))
        }
        changes.disableActions = try r.bool("disableActions")
        if let d = try r.number("delay") {
            changes.delay = try HarmonicError.require(d, named: r.name("delay"), ">= 0") { $0 >= 0 }
        }
        if let s = r.value("spring") {
            var sr = try JSONObjectReader(s, path: r.name("spring"))
            changes.spring = try SpringSpec.readSpring(&sr)
            try sr.finish()
        }
        try r.finish()
        return changes
    }

    /// An animator's timing: a timing function, or `{"spring": {…, "initialVelocity": v}}`.
    package static func animatorTiming(_ value: JSONValue, _ path: String) throws(HarmonicError) -> AnimatorTiming {
        if case let .object(members) = value, members["spring"] != nil {
            var r = try JSONObjectReader(value, path: path)
            guard let s = r.value("spring") else {
                throw .invalidParameter(name: path, value: "{}", allowed: "a spring")
            }
            var sr = try JSONObjectReader(s, path: r.name("spring"))
            let spring = try SpringSpec.readSpring(&sr)
            let velocity = try sr.number("initialVelocity") ?? 0
            try HarmonicError.require(velocity, named: sr.name("initialVelocity"))
            try sr.finish()
            try r.finish()
            return .spring(spring, initialVelocity: velocity)
        }
        return .curve(try TimingFunctionSpec.parse(value, name: path))
    }

    /// A layer's actions dictionary (`setActions`, `setStyle`, a layer's `actions` and
    /// `style`): key → animation object, or `null` for no action.
    package static func actions(_ value: JSONValue?, name: String) throws(HarmonicError) -> [String: LayerAction] {
        guard case let .object(members)? = value else {
            throw .invalidParameter(
                name: name, value: "missing or not an object", allowed: "an object of key → animation object or null")
        }
        var actions: [String: LayerAction] = [:]
        for (key, value) in members {
            if case .null = value {
                actions[key] = LayerAction.none
            } else {
                actions[key] = .animation(
                    try SceneAnimationSpec.parse(value, name: name + ".\(key)", defaultKeyPath: key))
            }
        }
        return actions
    }

    /// `point`: two finite numbers, x and y.
    private static func point(_ r: inout JSONObjectReader) throws(HarmonicError) -> SIMD2<Double> {
        let numbers = try required(r.numbers("point"), r, "point")
        guard numbers.count == 2, numbers.allSatisfy(\.isFinite) else {
            throw .invalidParameter(
                name: r.name("point"), value: "\(numbers)", allowed: "two finite numbers [x, y]")
        }
        return SIMD2(numbers[0], numbers[1])
    }

    private static func string(_ value: JSONValue, _ path: String) throws(HarmonicError) -> String {
        guard case let .string(s) = value else {
            throw .invalidParameter(name: path, value: value.summary, allowed: "a name (string)")
        }
        return s
    }

    private static func required<T>(_ value: T?, _ reader: JSONObjectReader, _ key: String) throws(HarmonicError) -> T {
        guard let value else { throw .invalidParameter(name: reader.name(key), value: "missing", allowed: "given") }
        return value
    }
}
