import Harmonic
import HarmonicEngine

/// Plays a ``SceneSpec`` on an ``AnimationEngine``: creates the layers, then walks the
/// sample times in order, performing every action whose time has come before sampling.
///
/// Rules: an action at time `t` happens after the clock has advanced to `t` and before the
/// sample at `t` (if any); the actions at one time are one run-loop turn, so changes they make
/// outside transactions commit together (the implicit transaction) before the next sample or
/// the next action time. The scene ends at the last sample time, so later actions are not
/// performed. Events are collected with their engine times.
package final class ScenePlayer {
    package let spec: SceneSpec
    package let engine: AnimationEngine
    package private(set) var events: [SceneLogEntry] = []
    private var animators: [String: AnimatorID] = [:]
    private var animatorNames: [Int: String] = [:]
    private var next = 0
    /// The recorded key paths, resolved: layer, key path, number of components.
    package let records: [(layer: LayerID, name: String, keyPath: String, dimension: Int)]

    /// Builds the engine and checks every name the scene uses before anything runs.
    package init(_ spec: SceneSpec, startTime: Double) throws(HarmonicError) {
        self.spec = spec
        engine = try AnimationEngine(time: startTime)
        engine.keyPathPolicy = .declared
        for (i, layer) in spec.layers.enumerated() {
            var parent: LayerID?
            if let p = layer.parent {
                guard let id = engine.layer(named: p) else {
                    throw .invalidParameter(
                        name: "layers[\(i)].parent", value: "\"\(p)\"", allowed: "a layer defined before it")
                }
                parent = id
            }
            do {
                let id = try engine.makeLayer(
                    named: layer.name, kind: layer.kind, parent: parent, values: layer.values, custom: layer.custom)
                try Self.apply(layer, to: id, in: engine)
                if let timing = layer.timing { try engine.setTiming(timing, of: id) }
            } catch {
                throw error.prefixingParameter(with: "layers[\(i)]")
            }
        }
        for (i, layer) in spec.layers.enumerated() {
            guard let mask = layer.mask, let id = engine.layer(named: layer.name) else { continue }
            guard let maskID = engine.layer(named: mask) else {
                throw .invalidParameter(
                    name: "layers[\(i)].mask", value: "\"\(mask)\"", allowed: "a layer of the scene")
            }
            do {
                try engine.setMask(maskID, of: id)
            } catch {
                throw error.prefixingParameter(with: "layers[\(i)]")
            }
        }
        var records: [(LayerID, String, String, Int)] = []
        for (i, r) in spec.record.enumerated() {
            guard let id = engine.layer(named: r.layer) else {
                throw .invalidParameter(
                    name: "record[\(i)].layer", value: "\"\(r.layer)\"", allowed: "a layer of the scene")
            }
            do throws(HarmonicError) {
                var dimension = Self.derivedDimension(r.keyPath) ?? 0
                if let (instance, inner) = Self.instancePath(r.keyPath) {
                    guard instance >= 0, let parent = try engine.superlayer(of: id),
                        try engine.kind(of: parent) == .replicator
                    else {
                        throw .invalidParameter(
                            name: "keyPath", value: "\"\(r.keyPath)\"",
                            allowed: "instance[i] (i >= 0) of a sublayer of a replicator")
                    }
                    dimension = inner == "worldTransform" ? 16 : try engine.modelValue(forKeyPath: inner, of: id).count
                }
                if dimension == 0 { dimension = try engine.modelValue(forKeyPath: r.keyPath, of: id).count }
                records.append((id, r.layer, r.keyPath, dimension))
            } catch {
                throw error.prefixingParameter(with: "record[\(i)]")
            }
        }
        self.records = records
        try checkNames()
    }

    /// A new layer's attributes, view-backed flag and action dictionaries (shared with the C
    /// interface, whose layers are described the same way).
    package static func apply(_ layer: SceneSpec.Layer, to id: LayerID, in engine: AnimationEngine)
        throws(HarmonicError)
    {
        if !layer.attributes.isEmpty {
            // Initial values never animate (a first `contents` would otherwise fade in).
            try engine.begin(TransactionSettings(disableActions: true))
            for (key, value) in layer.attributes.sorted(by: { $0.key < $1.key }) {
                try engine.setAttribute(value, forKey: key, of: id)
            }
            try engine.commit()
        }
        if layer.viewBacked { try engine.setViewBacked(true, of: id) }
        if let actions = layer.actions { try engine.setActions(actions, of: id) }
        if let style = layer.style { try engine.setStyleActions(style, of: id) }
        if let cells = layer.emitterCells { try engine.setEmitterCells(cells, of: id) }
    }

    /// Every layer and animator an action names must exist (animators: created by an earlier action).
    private func checkNames() throws(HarmonicError) {
        var animatorNames: Set<String> = []
        for (i, action) in spec.actions.enumerated() {
            func layer(_ name: String, _ field: String) throws(HarmonicError) {
                guard engine.layer(named: name) != nil else {
                    throw .invalidParameter(
                        name: "actions[\(i)].\(field)", value: "\"\(name)\"", allowed: "a layer of the scene")
                }
            }
            func animator(_ name: String, _ field: String) throws(HarmonicError) {
                guard animatorNames.contains(name) else {
                    throw .invalidParameter(
                        name: "actions[\(i)].\(field)", value: "\"\(name)\"",
                        allowed: "an animator created by an earlier action")
                }
            }
            switch action.kind {
            case let .add(l, _, _): try layer(l, "add.layer")
            case let .addNetwork(layers, _, _):
                for (n, l) in layers.enumerated() { if let l { try layer(l, "addNetwork.layers[\(n)]") } }
            case let .remove(l, _): try layer(l, "remove.layer")
            case let .removeAll(l): try layer(l, "removeAll")
            case let .set(l, _, _, _): try layer(l, "set.layer")
            case let .setAttribute(l, _, _): try layer(l, "set.layer")
            case let .scroll(l, _, _): try layer(l, "scroll.layer")
            case let .retarget(l, _, _, _): try layer(l, "retarget.layer")
            case let .fling(l, _, _, _): try layer(l, "fling.layer")
            case let .flingAnimator(name, _, _, _): try animator(name, "flingAnimator.name")
            case let .pauseLayer(l): try layer(l, "pauseLayer")
            case let .addSublayer(l, parent, _):
                try layer(l, "addSublayer.layer")
                if let parent { try layer(parent, "addSublayer.parent") }
            case let .removeFromSuperlayer(l): try layer(l, "removeFromSuperlayer")
            case let .setActions(l, _): try layer(l, "setActions.layer")
            case let .setStyle(l, _): try layer(l, "setStyle.layer")
            case let .convertTime(_, from, to):
                if let from { try layer(from, "convertTime.from") }
                if let to { try layer(to, "convertTime.to") }
            case let .transition(l, _): try layer(l, "transition.layer")
            case let .hitTest(_, l, _): if let l { try layer(l, "hitTest.layer") }
            case let .convertPoint(_, from, to, _):
                if let from { try layer(from, "convertPoint.from") }
                if let to { try layer(to, "convertPoint.to") }
            case let .resumeLayer(l): try layer(l, "resumeLayer")
            case .begin, .commit, .flush: break
            case let .animator(name, _, _, changes):
                for (k, c) in changes.enumerated() { try layer(c.layer, "animator.changes[\(k)].layer") }
                guard !animatorNames.contains(name) else {
                    throw .invalidParameter(
                        name: "actions[\(i)].animator.name", value: "\"\(name)\"", allowed: "a new animator name")
                }
                animatorNames.insert(name)
            case let .startAnimator(name, _): try animator(name, "startAnimator")
            case let .pauseAnimator(name): try animator(name, "pauseAnimator")
            case let .scrub(name, _): try animator(name, "scrub.animator")
            case let .reverseAnimator(name): try animator(name, "reverseAnimator")
            case let .continueAnimator(name, _, _): try animator(name, "continueAnimator.name")
            case let .stopAnimator(name, _): try animator(name, "stopAnimator.name")
            case let .finishAnimator(name, _): try animator(name, "finishAnimator.name")
            }
        }
    }

    /// Advances to sample time `t` (performing the actions due) and calls `row` for every
    /// recorded key path with its presentation value (and velocity when `velocity`).
    package func sample(
        at t: Double, velocity: Bool,
        row: (_ record: Int, _ value: [Double], _ velocity: [Double]) throws(HarmonicError) -> Void
    ) throws(HarmonicError) {
        while next < spec.actions.count, spec.actions[next].time <= t {
            let action = spec.actions[next]
            try advance(to: action.time)
            do {
                try perform(action.kind)
            } catch {
                throw error.prefixingParameter(with: "actions[\(next)]")
            }
            events += engine.takeEvents().map(SceneLogEntry.engine)
            next += 1
        }
        try advance(to: t)
        // A sample is a frame: the turn's changes made outside transactions commit before it.
        try engine.flush()
        events += engine.takeEvents().map(SceneLogEntry.engine)
        for (k, r) in records.enumerated() {
            if let derived = try derivedValue(r.keyPath, of: r.layer) {
                try row(k, derived, [])
                continue
            }
            let value = try engine.presentationValue(forKeyPath: r.keyPath, of: r.layer).components
            let rate = velocity ? try engine.presentationVelocity(forKeyPath: r.keyPath, of: r.layer).components : []
            try row(k, value, rate)
        }
    }

    /// The number of values of a derived key path that `record` accepts besides the layers'
    /// properties: `frame` (x, y, width, height in the superlayer's space), `worldTransform`
    /// (the 16 numbers, row-major, of the transform to the root space), an emitter's
    /// `particleCount` and `particleCount.CELL`, and the transition keys
    /// (`transition.progress`; `transition.outgoing.opacity`, `transition.incoming.opacity`;
    /// `transition.outgoing.offset`, `transition.incoming.offset`, x and y in points); `nil`
    /// for others.
    package static func derivedDimension(_ keyPath: String) -> Int? {
        switch keyPath {
        case "frame": return 4
        case "worldTransform": return 16
        case "transition.progress", "transition.outgoing.opacity", "transition.incoming.opacity": return 1
        case "transition.outgoing.offset", "transition.incoming.offset": return 2
        case _ where keyPath == "particleCount" || keyPath.hasPrefix("particleCount."): return 1
        default: return nil
        }
    }

    /// `instance[i].KEYPATH` → (i, KEYPATH): a replicated sublayer's instance `i`; `nil` for
    /// other key paths.
    static func instancePath(_ keyPath: String) -> (Int, String)? {
        guard keyPath.hasPrefix("instance["), let close = keyPath.firstIndex(of: "]") else { return nil }
        let number = keyPath[keyPath.index(keyPath.startIndex, offsetBy: 9)..<close]
        let rest = keyPath[keyPath.index(after: close)...]
        // Int: parsing text, which fails (nil) rather than traps on anything out of range.
        guard let i = Int(number), rest.hasPrefix("."), rest.count > 1 else { return nil }
        return (i, String(rest.dropFirst()))
    }

    /// A derived key path's presentation value (no velocity is defined for them).
    private func derivedValue(_ keyPath: String, of layer: LayerID) throws(HarmonicError) -> [Double]? {
        if let (i, inner) = Self.instancePath(keyPath) {
            if inner == "worldTransform" { return try engine.instanceWorldTransform(i, of: layer).components }
            guard let replicator = try engine.superlayer(of: layer) else { return nil }
            let instances = try engine.replicatorInstances(of: replicator)
            guard i < instances.count else {
                throw .invalidParameter(
                    name: "keyPath", value: "\"\(keyPath)\"",
                    allowed: "an instance below instanceCount \(instances.count)")
            }
            return try engine.presentationValue(
                forKeyPath: inner, of: layer, at: engine.time - instances.lag(instance: i)
            )
            .components
        }
        switch keyPath {
        case "frame":
            let f = try engine.frame(of: layer, source: .presentation)
            return [f.origin.x, f.origin.y, f.size.x, f.size.y]
        case "worldTransform":
            return try engine.worldTransform(of: layer, source: .presentation).components
        case _ where keyPath == "particleCount" || keyPath.hasPrefix("particleCount."):
            let table = try engine.particles(of: layer)
            guard keyPath != "particleCount" else { return [Double(table.count)] }
            let path = String(keyPath.dropFirst("particleCount.".count))
            let paths = table.cellPaths
            guard let c = paths.firstIndex(of: path) else {
                throw .invalidParameter(
                    name: "keyPath", value: "\"\(keyPath)\"",
                    allowed: "particleCount, or particleCount.CELL for a cell path of the layer: "
                        + paths.joined(separator: ", "))
            }
            return [Double(table.countsByCell[c])]
        case "transition.progress", "transition.outgoing.opacity", "transition.incoming.opacity",
            "transition.outgoing.offset", "transition.incoming.offset":
            // Without a transition only the current rendering is drawn, as after a finished one.
            let c = try engine.transition(of: layer) ?? .idle
            switch keyPath {
            case "transition.progress": return [c.progress]
            case "transition.outgoing.opacity": return [c.outgoing.opacity]
            case "transition.incoming.opacity": return [c.incoming.opacity]
            case "transition.outgoing.offset": return [c.outgoing.offset.x, c.outgoing.offset.y]
            default: return [c.incoming.offset.x, c.incoming.offset.y]
            }
        default:
            return nil
        }
    }

    private func advance(to t: Double) throws(HarmonicError) {
        guard t > engine.time else { return }
        events += try engine.advance(to: t).map(SceneLogEntry.engine)
    }

    /// The name of an animator, for event logs.
    package func animatorName(_ id: AnimatorID) -> String { animatorNames[id.index] ?? "\(id.index)" }

    private func layer(_ name: String) throws(HarmonicError) -> LayerID {
        guard let id = engine.layer(named: name) else {
            throw .invalidParameter(name: "layer", value: "\"\(name)\"", allowed: "a layer of the scene")
        }
        return id
    }

    private func animator(_ name: String) throws(HarmonicError) -> AnimatorID {
        guard let id = animators[name] else {
            throw .invalidParameter(name: "animator", value: "\"\(name)\"", allowed: "an animator of the scene")
        }
        return id
    }

    private func perform(_ kind: SceneAction.Kind) throws(HarmonicError) {
        switch kind {
        case let .add(l, key, animation):
            try engine.add(animation, forKey: key, to: layer(l))
        case let .addNetwork(layers, key, animations):
            for (l, animation) in zip(layers, animations) {
                guard let l else { continue }
                try engine.add(animation, forKey: key, to: layer(l))
            }
        case let .remove(l, key):
            try engine.removeAnimation(forKey: key, from: layer(l))
        case let .removeAll(l):
            try engine.removeAllAnimations(from: layer(l))
        case let .set(l, keyPath, value, settings):
            let id = try layer(l)
            if let settings {
                try engine.begin(changing: settings.apply)
                do {
                    try engine.setValue(value, forKeyPath: keyPath, of: id)
                } catch {
                    try? engine.commit()
                    throw error
                }
                try engine.commit()
            } else {
                try engine.setValue(value, forKeyPath: keyPath, of: id)
            }
        case let .begin(settings):
            try engine.begin(changing: { settings?.apply(to: &$0) })
        case .commit:
            try engine.commit()
        case .flush:
            try engine.flush()
        case let .retarget(l, key, to, spring):
            try engine.retargetSpring(forKey: key, on: layer(l), to: to, spring: spring)
        case let .pauseLayer(l):
            try engine.pause(layer(l))
        case let .resumeLayer(l):
            try engine.resume(layer(l))
        case let .animator(name, duration, timing, changes):
            let id = try engine.makeAnimator(duration: duration, timing: timing)
            animators[name] = id
            animatorNames[id.index] = name
            try engine.addAnimations(to: id) { () throws(HarmonicError) in
                for c in changes { try engine.setValue(c.value, forKeyPath: c.keyPath, of: layer(c.layer)) }
            }
        case let .startAnimator(name, delay):
            try engine.startAnimation(animator(name), afterDelay: delay)
        case let .pauseAnimator(name):
            try engine.pauseAnimation(animator(name))
        case let .scrub(name, fraction):
            try engine.setFractionComplete(fraction, of: animator(name))
        case let .reverseAnimator(name):
            let id = try animator(name)
            try engine.setReversed(!engine.isReversed(id), of: id)
        case let .continueAnimator(name, timing, factor):
            try engine.continueAnimation(animator(name), timing: timing, durationFactor: factor)
        case let .stopAnimator(name, withoutFinishing):
            try engine.stopAnimation(animator(name), withoutFinishing: withoutFinishing)
        case let .finishAnimator(name, position):
            try engine.finishAnimation(animator(name), at: position)
        case let .fling(l, keyPath, key, release):
            try engine.fling(
                keyPath, of: layer(l), velocity: AnimatableVector(release.velocities), curve: release.curve,
                rest: release.rest, lowerBound: release.lower.map(AnimatableVector.init),
                upperBound: release.upper.map(AnimatableVector.init), bounce: release.bounce, forKey: key)
        case let .addSublayer(l, parent, index):
            try engine.addSublayer(layer(l), to: parent.map { (p) throws(HarmonicError) in try layer(p) }, at: index)
        case let .removeFromSuperlayer(l):
            try engine.removeFromSuperlayer(layer(l))
        case let .scroll(l, point, rect):
            if let point { try engine.scroll(to: point, of: layer(l)) }
            if let rect { try engine.scroll(toVisible: rect, of: layer(l)) }
        case let .setAttribute(l, key, value):
            try engine.setAttribute(value, forKey: key, of: layer(l))
        case let .setActions(l, actions):
            try engine.setActions(actions, of: layer(l))
        case let .setStyle(l, actions):
            try engine.setStyleActions(actions, of: layer(l))
        case let .convertTime(time, from, to):
            let converted = try engine.convert(
                time: time, from: from.map { (name) throws(HarmonicError) in try layer(name) },
                to: to.map { (name) throws(HarmonicError) in try layer(name) })
            events.append(
                .answer(
                    time: engine.time, event: "convertTime", layer: to ?? "",
                    detail: converted.map { "time=\(NumberText.text($0))" } ?? "unmapped"))
        case let .transition(l, animation):
            // Core Animation's key for a layer's transition (`kCATransition`).
            try engine.add(animation, forKey: "transition", to: layer(l))
        case let .hitTest(point, l, presentation):
            let hit = try engine.hitTestInstance(
                point, in: l.map { (name) throws(HarmonicError) in try layer(name) },
                source: presentation ? .presentation : .model)
            // A replicator's instance follows the layer: `layer=dot,instance=2`.
            let instance = hit?.instance.map { ",instance=\($0)" } ?? ""
            events.append(
                .answer(
                    time: engine.time, event: "hitTest", layer: l ?? "",
                    detail: "layer=" + (hit.flatMap { engine.name(of: $0.layer) } ?? "") + instance))
        case let .convertPoint(point, from, to, presentation):
            let converted: SIMD2<Double>?
            do {
                converted = try engine.convert(
                    point, from: from.map { (name) throws(HarmonicError) in try layer(name) },
                    to: to.map { (name) throws(HarmonicError) in try layer(name) },
                    source: presentation ? .presentation : .model)
            } catch {
                throw error.prefixingParameter(with: "convertPoint")
            }
            events.append(
                .answer(
                    time: engine.time, event: "convertPoint", layer: to ?? "",
                    detail: converted.map { "x=\(NumberText.text($0.x)),y=\(NumberText.text($0.y))" } ?? "unmapped")
            )
        case let .flingAnimator(name, velocity, curve, bounce):
            try engine.flingAnimation(animator(name), velocity: velocity, curve: curve, bounce: bounce)
        }
    }
}
