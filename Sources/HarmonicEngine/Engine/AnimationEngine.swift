import Harmonic

/// A headless Core Animation: layers with model values, keyed animations, transactions,
/// interactive animators and events, driven frame by frame by an engine (Apple, "Core
/// Animation Programming Guide"; <doc:Engine>).
///
/// ```swift
/// let engine = AnimationEngine()
/// let box = try engine.makeLayer(named: "box", values: ["position": [0, 0]])
/// try engine.add(SpringAnimation(keyPath: "position.x", from: 0, to: 100), forKey: "slide", to: box)
/// for frame in 1...60 {
///     let events = try engine.advance(to: Double(frame) / 60)
///     let x = try engine.presentationValue(forKeyPath: "position.x", of: box)[0]
///     …
/// }
/// ```
///
/// **Clock.** The engine has one clock, ``time`` (the root time, seconds), which only moves
/// forward with ``advance(to:)``. Every action (adding an animation, setting a value,
/// committing a transaction, pausing a layer) happens at the current ``time``. A layer's local
/// time is its parent's local time mapped through its own ``/Harmonic/MediaTiming`` (`(t − beginTime)·speed
/// + timeOffset`), so speeds multiply down the layer tree; an animation's parent time is its
/// layer's local time.
///
/// **Values.** A layer's properties are flat vectors of numbers addressed by key paths
/// (`opacity`, `position`, `position.x`, `bounds.size.width`, `transform.rotation.z`, custom
/// names); see ``PropertyShape`` and ``StandardLayerProperty``. The *model* value is what was
/// last set; the *presentation* value at time `t` is the committed model value with the
/// layer's animations applied in the order they were added, additive ones combined with the
/// value underneath.
///
/// **Cost.** ``advance(to:)`` evaluates each animated layer once: per animation one media
/// timing evaluation (O(1)) and one curve evaluation, with no allocation in steady state
/// (large frames are split over two threads, <doc:Engine>);
/// layers without animations cost nothing. Measured costs are in <doc:Engine>.
///
/// **Structure.** The engine composes one part per responsibility, each a type of its own
/// with its own tests: `LayerClocks` (root time and every layer's local time), `LayerStorage`
/// (layer records and their value blocks), `KeyPathResolver`, `AnimationCompiler`,
/// `AnimationRegistry` (attached animations and their start/finish flags), `TransactionStack`,
/// `ActionResolver`, `TransitionSnapshots`, `AnimatorController`, `EventQueue`, and the
/// `FramePlan` the per-frame loop walks (`FrameEvaluator`). The engine's extensions are the
/// public API over them (<doc:Engine>, "Structure").
///
/// Not thread-safe: use one engine from one thread (as Core Animation's model layer tree is
/// used from the main thread).
public final class AnimationEngine {
    /// The engine's clock (root time, seconds).
    public var time: Double { clocks.now }

    var clocks: LayerClocks
    var storage = LayerStorage()
    var registry = AnimationRegistry()
    /// The order of sublayers and root layers (``LayerTree``).
    var tree = LayerTree()
    /// Per-layer actions dictionaries, style actions and view-backed flags, and the search
    /// through them.
    var actionResolver = ActionResolver()

    /// Asked first for the action of every model change (`CALayerDelegate.action(for:forKey:)`):
    /// with the layer and the key path set, then its property name. Return `nil` to let the
    /// search continue (the layer's actions, its style, the default implicit animation),
    /// ``LayerAction/none`` for no animation, or an animation to run.
    public var actionDelegate: ((LayerID, String) -> LayerAction?)?
    var transactions = TransactionStack()
    var animators = AnimatorController()
    var events = EventQueue()
    var schedule = FrameSchedule()
    /// Outgoing renderings of transitions, waiting for their commit or attached.
    var transitionSnapshots = TransitionSnapshots()
    /// Whether setting a value for an unknown name defines a custom property (key-value
    /// coding, the default) or is an error naming the closest known key (``KeyPathPolicy``).
    public var keyPathPolicy: KeyPathPolicy = .keyValueCoding
    /// Attributes set per layer (``LayerAttribute``); a key not set has its default.
    var attributes: [Int: [String: LayerAttribute]] = [:]
    /// The mask of each masked layer (``setMask(_:of:)``).
    var masks: [Int: Int] = [:]
    /// Emitter layers' cells, by layer index (``setEmitterCells(_:of:)``).
    var emitters: [Int: EmitterCells] = [:]

    /// Creates an empty engine whose clock reads `time`.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` when `time` is not finite.
    public init(time: Double = 0) throws(HarmonicError) {
        clocks = LayerClocks(now: try HarmonicError.require(time, named: "time"))
    }

    // MARK: Layers

    /// Creates a layer.
    ///
    /// - Parameters:
    ///   - name: A unique name (used by scenes and events).
    ///   - parent: The superlayer whose local time this layer's timing maps, or `nil` for a
    ///     root layer.
    ///   - values: Initial model values by property name (not key path): standard properties
    ///     override their defaults and must have their shape's size; `frame` (x, y, width,
    ///     height) sets the position and the bounds' size as ``setFrame(_:of:)`` does, after the
    ///     other values; other names define custom properties under
    ///     ``KeyPathPolicy/keyValueCoding`` and are errors under ``KeyPathPolicy/declared``.
    ///     Initial values never animate.
    ///   - kind: Its class (``LayerKind``): a gradient, replicator, text or scroll layer has the
    ///     standard properties of its kind besides every layer's.
    ///   - custom: Custom properties the layer declares, with their initial values (one number
    ///     or a vector), under either policy. A name may not be a standard property's.
    /// - Throws: ``/Harmonic/HarmonicError`` for a duplicate or empty name, an unknown parent, a value with
    ///   the wrong number of components, or a non-finite number.
    @discardableResult
    public func makeLayer(
        named name: String, kind: LayerKind = .layer, parent: LayerID? = nil, values: [String: AnimatableVector] = [:],
        custom: [String: AnimatableVector] = [:]
    ) throws(HarmonicError) -> LayerID {
        guard !name.isEmpty else { throw .invalidParameter(name: "layer name", value: "\"\"", allowed: "non-empty") }
        guard storage.index(named: name) == nil else {
            throw .invalidParameter(
                name: "layer name", value: "\"\(name)\"", allowed: "unique (a layer with this name exists)")
        }
        if let parent { _ = try store(parent) }
        var initial: [(String, PropertyShape, [Double])] = []
        var frame: [Double]?
        for key in values.keys.sorted() {
            guard let value = values[key] else { continue }
            guard !key.contains(".") else {
                throw .invalidParameter(name: "layer \(name) values", value: key, allowed: "property names without '.'")
            }
            let numbers = try Self.finite(value, named: "\(name).\(key)")
            do {
                try KindValueRule.check(key, numbers, kind: kind) { values[$0]?.components }
            } catch {
                throw error.prefixingParameter(with: name)
            }
            if let standard = StandardLayerProperty.standard(key, kind: kind) {
                try Self.requireDimension(numbers, standard.shape.dimension, named: "\(name).\(key)")
                initial.append((key, standard.shape, numbers))
            } else if key == StandardLayerProperty.frame {
                try Self.requireDimension(numbers, 4, named: "\(name).\(key)")
                frame = numbers
            } else if keyPathPolicy == .declared, !StandardLayerProperty.isDefinedByValue(key, kind: kind) {
                throw KeyPathResolver.unknown(key, layer: name, kind: kind, known: [], declaring: true)
            } else {
                initial.append(try Self.customProperty(key, numbers, layer: name))
            }
        }
        for key in custom.keys.sorted() {
            guard let value = custom[key] else { continue }
            guard !key.isEmpty, !key.contains("."), !StandardLayerProperty.isReserved(key) else {
                throw .invalidParameter(
                    name: "layer \(name) custom", value: "\"\(key)\"",
                    allowed: "a name without '.' that is not a standard layer property")
            }
            guard values[key] == nil else {
                throw .conflict(
                    parameters: ["layer \(name) values.\(key)", "layer \(name) custom.\(key)"],
                    reason: "a property has one initial value")
            }
            initial.append(try Self.customProperty(key, try Self.finite(value, named: "\(name).\(key)"), layer: name))
        }
        let index = storage.append(name: name, kind: kind, capacity: initial.reduce(0) { $0 + $1.2.count } + 16)
        registry.addLayer()
        clocks.append(timing: .layer, parent: parent?.index ?? -1)
        tree.append(index, parent: parent?.index ?? -1)
        if let frame { Self.applyFrame(frame, to: &initial) }
        for (key, shape, numbers) in initial { storage.addSlot(to: index, name: key, shape: shape, value: numbers) }
        return LayerID(index)
    }

    /// Replaces the initial `position` and `bounds` by those an initial `frame` gives
    /// (``/Harmonic/LayerGeometry/setFrame(_:)``, with the initial or default anchor point).
    static func applyFrame(_ frame: [Double], to initial: inout [(String, PropertyShape, [Double])]) {
        func value(_ name: String) -> [Double] {
            initial.first { $0.0 == name }?.2 ?? StandardLayerProperty.defaults[name]?.value ?? []
        }
        let bounds = value("bounds"), anchor = value("anchorPoint")
        var g = LayerGeometry(
            bounds: .init(x: bounds[0], y: bounds[1], width: bounds[2], height: bounds[3]), position: .zero,
            anchorPoint: SIMD2(anchor[0], anchor[1]))
        g.setFrame(LayerGeometry.Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]))
        initial.removeAll { $0.0 == "bounds" || $0.0 == "position" }
        initial.append(("bounds", .rect, [g.bounds.origin.x, g.bounds.origin.y, g.bounds.size.x, g.bounds.size.y]))
        initial.append(("position", .vector(2), [g.position.x, g.position.y]))
    }

    /// A custom property's slot description from its first value.
    static func customProperty(_ key: String, _ numbers: [Double], layer name: String) throws(HarmonicError)
        -> (String, PropertyShape, [Double])
    {
        guard !numbers.isEmpty else {
            throw .invalidParameter(name: "\(name).\(key)", value: "[]", allowed: "at least one number")
        }
        return (key, try KeyPathResolver.customShape(key, numbers, named: "\(name).\(key)"), numbers)
    }

    /// The layer with this name, if any.
    public func layer(named name: String) -> LayerID? { storage.index(named: name).map(LayerID.init) }

    /// The name of a layer.
    public func name(of layer: LayerID) -> String? {
        layer.index >= 0 && layer.index < storage.count ? storage[layer.index].name : nil
    }

    /// All layers in creation order.
    public var allLayers: [LayerID] { (0..<storage.count).map(LayerID.init) }

    func store(_ id: LayerID) throws(HarmonicError) -> LayerRecord {
        guard id.index >= 0, id.index < storage.count else {
            throw .invalidParameter(name: "layer", value: "\(id.index)", allowed: "a layer of this engine")
        }
        return storage[id.index]
    }

    // MARK: Layer time

    /// The layer's timing (`CALayer`'s `CAMediaTiming` properties; endless by default).
    public func timing(of layer: LayerID) throws(HarmonicError) -> MediaTiming {
        _ = try store(layer)
        return clocks[layer.index].timing
    }

    /// Replaces the layer's timing at the current time (speed, time offset, begin time).
    ///
    /// The timing must be endless (`duration = +∞`), as a layer's is, so that its local time is
    /// `(t − beginTime)·speed + timeOffset` at every parent time.
    public func setTiming(_ timing: MediaTiming, of layer: LayerID) throws(HarmonicError) {
        _ = try store(layer)
        guard timing.duration == .infinity else {
            throw .invalidParameter(
                name: "layer timing duration", value: "\(timing.duration)", allowed: "+inf (a layer never ends)")
        }
        changeTiming(timing, of: layer.index)
    }

    /// Pauses the layer's time (and so its animations and its sublayers'): Apple's recipe,
    /// `speed = 0` and `timeOffset` = the local time now, so every later local time is the
    /// paused one (``/Harmonic/MediaTiming/paused(atParentTime:)``).
    public func pause(_ layer: LayerID) throws(HarmonicError) {
        _ = try store(layer)
        let i = layer.index
        changeTiming(clocks[i].timing.paused(atParentTime: clocks.parentTime(of: i, at: time)), of: i)
    }

    /// Resumes a paused layer: `speed = 1`, `timeOffset = 0`, `beginTime = now − pausedTime`
    /// (``/Harmonic/MediaTiming/resumed(atParentTime:speed:)``), so local time continues from where it
    /// stopped. Resuming a layer that is not paused restarts its clock the same way from its
    /// current `timeOffset`.
    public func resume(_ layer: LayerID, speed: Double = 1) throws(HarmonicError) {
        _ = try store(layer)
        let i = layer.index
        changeTiming(
            try clocks[i].timing.resumed(atParentTime: clocks.parentTime(of: i, at: time), speed: speed), of: i)
    }

    /// Gives the layer an animated time (time remapping): its local time — which its
    /// animations and its sublayers' clocks read — becomes `map(t)` of the time `t` its own
    /// timing gives, so a layer's content can hold, slow down, run backwards or jump (After
    /// Effects' and Lottie's time remapping). `map` is a timeline of one number, both times
    /// in seconds; its velocity (``/Harmonic/KeyframeTimeline/velocity(at:)``) scales the rates
    /// the layer's animations report. `nil` removes the map.
    ///
    /// Event times and ``convert(time:from:to:)`` need the inverse, which a map need not have:
    /// through a mapped layer they are not converted (events are stamped at the frame that
    /// noticed them; the conversion returns `nil`).
    ///
    /// - Throws: ``/Harmonic/HarmonicError/invalidParameter(name:value:allowed:)`` when the
    ///   timeline's values are not single numbers.
    public func setTimeMap(_ map: KeyframeTimeline?, of layer: LayerID) throws(HarmonicError) {
        _ = try store(layer)
        if let map, map.keyframes[0].value.count != 1 {
            throw .invalidParameter(
                name: "time map", value: "keyframes of \(map.keyframes[0].value.count) numbers",
                allowed: "one number per keyframe (a time in seconds)")
        }
        clocks.setTimeMap(map, of: layer.index)
        for j in 0..<storage.count where registry.hasAnimations(j) { storage.markStale(j) }
    }

    /// The layer's time map, if it has one (``setTimeMap(_:of:)``).
    public func timeMap(of layer: LayerID) throws(HarmonicError) -> KeyframeTimeline? {
        _ = try store(layer)
        return clocks[layer.index].timeMap
    }

    /// The layer's local time at the current time.
    public func localTime(of layer: LayerID) throws(HarmonicError) -> Double {
        _ = try store(layer)
        return clocks[layer.index].localTime
    }

    /// Sets a layer's timing; every animated layer's presentation is then out of date (a
    /// parent's clock moves its sublayers' too).
    private func changeTiming(_ timing: MediaTiming, of i: Int) {
        clocks.setTiming(timing, of: i)
        for j in 0..<storage.count where registry.hasAnimations(j) { storage.markStale(j) }
    }

    // MARK: Validation helpers

    static func finite(_ v: AnimatableVector, named name: String) throws(HarmonicError) -> [Double] {
        for (i, c) in v.components.enumerated() where !c.isFinite {
            throw .invalidParameter(name: "\(name)[\(i)]", value: "\(c)", allowed: "finite")
        }
        return v.components
    }

    static func requireDimension(_ v: [Double], _ n: Int, named name: String) throws(HarmonicError) {
        guard v.count == n else {
            throw .invalidParameter(
                name: name, value: "\(v.count) number\(v.count == 1 ? "" : "s")",
                allowed: "\(n) number\(n == 1 ? "" : "s") (the key path's size)")
        }
    }
}
