import Harmonic

/// A headless Core Animation: layers with model values, keyed animations, transactions,
/// interactive animators and events, driven frame by frame by an engine (Apple, "Core Animation Programming Guide";
/// `Guides/Engine.md`).
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
/// time is its parent's local time mapped through its own ``MediaTiming`` (`(t − beginTime)·speed
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
/// timing evaluation (O(1)) and one curve evaluation, with no allocation in steady state;
/// layers without animations cost nothing. Measured costs are in `Guides/Engine.md`.
///
/// Not thread-safe: use one engine from one thread (as Core Animation's model layer tree is
/// used from the main thread).
public final class AnimationEngine {
    /// The engine's clock (root time, seconds).
    public internal(set) var time: Double

    var layers: [LayerStore] = []
    var layerIndex: [String: Int] = [:]
    /// Every layer's clock, by layer index (contiguous for the per-frame loop).
    var clocks: [LayerClock] = []
    /// Committed and presentation values of every layer, in per-layer blocks.
    var committedValues: [Double] = []
    var presentationValues: [Double] = []
    /// Layers whose presentation block may be stale (duplicates allowed).
    var staleLayers: [Int] = []
    /// The flat per-frame form of every layer's animations, rebuilt when stale.
    var plan = FramePlan()
    /// Layers whose part of the plan must be rebuilt before the next frame.
    var planDirtyLayers: [Int] = []
    /// Whether the whole plan must be rebuilt.
    var planNeedsRebuild = true
    /// Open transactions, outermost first.
    var openTransactions: [OpenTransaction] = []
    /// Operations waiting for the outermost commit, in the order they were made.
    var pendingOperations: [PendingOperation] = []
    /// Committed or open transactions whose completion has not fired yet.
    var transactionRecords: [Int: TransactionRecord] = [:]
    var nextTransactionID = 1
    var nextSerial = 0
    /// Events produced and not yet taken.
    var pendingEvents: [(event: AnimationEvent, serial: Int)] = []
    /// Interactive animators by index.
    var animators: [AnimatorState] = []
    /// Animator progress at ``time``, by animator index.
    var driverSamples: [DriverSample] = []
    /// Whether a `changes` block of an animator is being recorded (see `addAnimations`).
    var capturingAnimator: Int?
    /// Presentation values captured at the start of a commit, for animations without values.
    var commitCaptures: [CaptureKey: [Double]] = [:]
    /// Completion blocks due to run once the current public call has updated all state.
    var pendingCompletions: [() -> Void] = []

    /// Creates an empty engine whose clock reads `time`.
    ///
    /// - Throws: ``HarmonicError`` when `time` is not finite.
    public init(time: Double = 0) throws(HarmonicError) {
        self.time = try HarmonicError.require(time, named: "time")
    }

    // MARK: Layers

    /// Creates a layer.
    ///
    /// - Parameters:
    ///   - name: A unique name (used by scenes and events).
    ///   - parent: The superlayer whose local time this layer's timing maps, or `nil` for a
    ///     root layer.
    ///   - values: Initial model values by property name (not key path): standard properties
    ///     override their defaults and must have their shape's size; other names define custom
    ///     properties. Initial values never animate.
    /// - Throws: ``HarmonicError`` for a duplicate or empty name, an unknown parent, a value with
    ///   the wrong number of components, or a non-finite number.
    @discardableResult
    public func makeLayer(named name: String, parent: LayerID? = nil, values: [String: AnimatableVector] = [:])
        throws(HarmonicError) -> LayerID
    {
        guard !name.isEmpty else { throw .invalidParameter(name: "layer name", value: "\"\"", allowed: "non-empty") }
        guard layerIndex[name] == nil else {
            throw .invalidParameter(name: "layer name", value: "\"\(name)\"", allowed: "unique (a layer with this name exists)")
        }
        if let parent { _ = try store(parent) }
        var initial: [(String, PropertyShape, [Double])] = []
        for key in values.keys.sorted() {
            guard let value = values[key] else { continue }
            guard !key.contains(".") else {
                throw .invalidParameter(name: "layer \(name) values", value: key, allowed: "property names without '.'")
            }
            let numbers = try Self.finite(value, named: "\(name).\(key)")
            if let standard = StandardLayerProperty.defaults[key] {
                try Self.requireDimension(numbers, standard.shape.dimension, named: "\(name).\(key)")
                initial.append((key, standard.shape, numbers))
            } else {
                guard !numbers.isEmpty else {
                    throw .invalidParameter(name: "\(name).\(key)", value: "[]", allowed: "at least one number")
                }
                initial.append((key, .inferred(dimension: numbers.count), numbers))
            }
        }
        let store = LayerStore(name: name, index: layers.count)
        layers.append(store)
        clocks.append(LayerClock(timing: .layer, parent: parent?.index ?? -1))
        let index = layers.count - 1
        layerIndex[name] = index
        relocate(index, capacity: initial.reduce(0) { $0 + $1.2.count } + 16)
        for (key, shape, numbers) in initial { addSlot(to: index, name: key, shape: shape, value: numbers) }
        updateLocalTime(of: index)
        return LayerID(index)
    }

    /// The layer with this name, if any.
    public func layer(named name: String) -> LayerID? { layerIndex[name].map(LayerID.init) }

    /// The name of a layer.
    public func name(of layer: LayerID) -> String? {
        layer.index >= 0 && layer.index < layers.count ? layers[layer.index].name : nil
    }

    /// All layers in creation order.
    public var allLayers: [LayerID] { layers.indices.map(LayerID.init) }

    func store(_ id: LayerID) throws(HarmonicError) -> LayerStore {
        guard id.index >= 0, id.index < layers.count else {
            throw .invalidParameter(name: "layer", value: "\(id.index)", allowed: "a layer of this engine")
        }
        return layers[id.index]
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
        clocks[layer.index].timing = timing
        refreshLocalTimes()
    }

    /// Pauses the layer's time (and so its animations and its sublayers'): Apple's recipe,
    /// `speed = 0` and `timeOffset` = the local time now, so every later local time is the
    /// paused one (``MediaTiming/paused(atParentTime:)``).
    public func pause(_ layer: LayerID) throws(HarmonicError) {
        _ = try store(layer)
        clocks[layer.index].timing = clocks[layer.index].timing.paused(atParentTime: parentTime(of: layer.index, at: time))
        refreshLocalTimes()
    }

    /// Resumes a paused layer: `speed = 1`, `timeOffset = 0`, `beginTime = now − pausedTime`
    /// (``MediaTiming/resumed(atParentTime:speed:)``), so local time continues from where it
    /// stopped. Resuming a layer that is not paused restarts its clock the same way from its
    /// current `timeOffset`.
    public func resume(_ layer: LayerID, speed: Double = 1) throws(HarmonicError) {
        _ = try store(layer)
        clocks[layer.index].timing = try clocks[layer.index].timing.resumed(
            atParentTime: parentTime(of: layer.index, at: time), speed: speed)
        refreshLocalTimes()
    }

    /// The layer's local time at the current time.
    public func localTime(of layer: LayerID) throws(HarmonicError) -> Double {
        _ = try store(layer)
        return localTime(of: layer.index, at: time).time
    }

    /// Local time of layer `i` at root time `t`, and d(local)/d(root).
    func localTime(of i: Int, at t: Double) -> (time: Double, rate: Double) {
        let clock = clocks[i]
        let parent: (time: Double, rate: Double) = clock.parent >= 0 ? localTime(of: clock.parent, at: t) : (t, 1)
        return (clock.timing.localTime(atParentTime: parent.time), parent.rate * clock.timing.speed)
    }

    /// Parent time of layer `i` at root time `t`.
    func parentTime(of i: Int, at t: Double) -> Double {
        clocks[i].parent >= 0 ? localTime(of: clocks[i].parent, at: t).time : t
    }

    /// Caches every layer's local time at ``time`` (parents come before children).
    func refreshLocalTimes() {
        for i in layers.indices { updateLocalTime(of: i) }
    }

    func updateLocalTime(of i: Int) {
        let p = clocks[i].parent
        let (pt, pr) = p >= 0 ? (clocks[p].localTime, clocks[p].localRate) : (time, 1)
        clocks[i].localTime = clocks[i].timing.localTime(atParentTime: pt)
        clocks[i].localRate = pr * clocks[i].timing.speed
        if !layers[i].animations.isEmpty { markStale(i) }
    }

    /// The same for every layer, without marking anything stale (the frame recomputes them).
    func updateClocks() {
        clocks.withUnsafeMutableBufferPointer { c in
            for i in c.indices {
                let p = c[i].parent
                let (pt, pr) = p >= 0 ? (c[p].localTime, c[p].localRate) : (time, 1)
                c[i].localTime = c[i].timing.localTime(atParentTime: pt)
                c[i].localRate = pr * c[i].timing.speed
            }
        }
    }

    /// The root time at which layer `i`'s local time reads `local`, or `nil` when some clock on
    /// the way is stopped (speed 0).
    func rootTime(ofLocal local: Double, layer i: Int) -> Double? {
        var t = local
        var index: Int? = i
        while let j = index {
            let timing = clocks[j].timing
            guard timing.speed != 0 else { return nil }
            t = (t - timing.timeOffset) / timing.speed + timing.beginTime
            index = clocks[j].parent >= 0 ? clocks[j].parent : nil
        }
        return t.isFinite ? t : nil
    }

    /// A layer and key path, as a dictionary key.
    struct CaptureKey: Hashable {
        var layer: Int
        var keyPath: String
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
