import Harmonic

/// Model and presentation values by key path.
extension AnimationEngine {
    /// The model value of a key path: what was last set, even inside a transaction that has not
    /// been committed yet (as a `CALayer`'s model values are).
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer or key path.
    public func modelValue(forKeyPath keyPath: String, of layer: LayerID) throws(HarmonicError) -> AnimatableVector {
        let s = try store(layer)
        if keyPath == StandardLayerProperty.frame { return Self.numbers(of: try frame(of: layer)) }
        let path = try resolve(keyPath, in: s)
        return AnimatableVector(path.read(slots: s.slots, from: s.model))
    }

    /// Sets the model value of a key path.
    ///
    /// The change is held until the outermost transaction commits: inside explicit
    /// transactions, the outermost ``commit()``; outside any, the *implicit transaction* (default
    /// settings) that the next ``advance(to:)`` or ``flush()`` commits, as Core Animation commits
    /// a thread's implicit transaction when its run loop turns. Changes of one key path in one
    /// commit make one animation, from the presentation value before them to the last value
    /// set. At commit, unless the transaction disables actions,
    /// an *implicit animation* is added under the key path as its key: a ``BasicAnimation``
    /// from the key path's presentation value at that moment to the new value, with the
    /// transaction's duration and timing function — or, when the transaction has a ``TransactionSettings/spring``,
    /// a ``SpringAnimation`` that also starts with the current presentation velocity. An
    /// implicit animation replaces the previous one under the same key, so setting a value
    /// again mid-flight continues from where the layer is shown.
    ///
    /// Setting a whole key path that names no property defines a custom property under
    /// ``KeyPathPolicy/keyValueCoding`` (the default) and is an error under
    /// ``KeyPathPolicy/declared``. `frame` (x, y, width, height) sets the bounds' size and the
    /// position, as ``setFrame(_:of:)``.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer or sub-path, a value of the wrong size,
    ///   or a non-finite number.
    public func setValue(_ value: AnimatableVector, forKeyPath keyPath: String, of layer: LayerID) throws(HarmonicError)
    {
        defer { runDueCompletions() }
        let s = try store(layer)
        let numbers = try Self.finite(value, named: keyPath)
        if keyPath == StandardLayerProperty.frame {
            try Self.requireDimension(numbers, 4, named: keyPath)
            try setFrame(.init(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]), of: layer)
            return
        }
        if s.kind != .layer || keyPath == StandardLayerProperty.dashPattern, !keyPath.contains(".") {
            try KindValueRule.check(keyPath, numbers, kind: s.kind) { name in
                guard let i = s.slotIndex[name] else { return nil }
                return Array(s.model[s.slots[i].offset..<(s.slots[i].offset + s.slots[i].dimension)])
            }
        }
        if s.kind == .emitter, keyPath.hasPrefix(KeyPathResolver.cellPrefix) {
            try Self.checkCellValue(numbers, keyPath: keyPath)
        }
        let path = try resolve(keyPath, in: s, definingWith: numbers)
        if let structure = path.pathStructure { try Self.requirePath(numbers, structure: structure, named: keyPath) }
        try Self.requireDimension(numbers, path.dimension, named: keyPath)
        let slot = s.slots[path.slot]
        var full = Array(s.model[slot.offset..<(slot.offset + slot.dimension)])
        path.write(numbers, shape: slot.shape, into: &full)
        for i in 0..<slot.dimension { s.model[slot.offset + i] = full[i] }
        if let animator = animators.recording {
            try recordAnimatorChange(animator, layer: layer.index, keyPath: keyPath, path: path)
            return
        }
        var settings = transactions.effectiveSettings
        // UIKit: a view's layer has no action outside an animation block.
        if transactions.depth == 0, actionResolver.viewBacked.contains(layer.index) { settings.disableActions = true }
        transactions.openImplicitIfNeeded()
        transactions.pending.append(
            .set(
                layer: layer.index, slot: path.slot, keyPath: keyPath, value: full,
                settings: settings, transactions: transactions.openIDs))
    }

    /// Sets a scalar key path.
    public func setValue(_ value: Double, forKeyPath keyPath: String, of layer: LayerID) throws(HarmonicError) {
        try setValue(AnimatableVector([value]), forKeyPath: keyPath, of: layer)
    }

    /// The presentation value of a key path at the current time (what would be drawn now).
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer or key path.
    public func presentationValue(forKeyPath keyPath: String, of layer: LayerID) throws(HarmonicError)
        -> AnimatableVector
    {
        let s = try store(layer)
        if keyPath == StandardLayerProperty.frame {
            return Self.numbers(of: try frame(of: layer, source: .presentation))
        }
        let path = try resolve(keyPath, in: s)
        refreshPresentation(of: layer.index)
        return AnimatableVector(path.read(slots: s.slots, from: storage.presentationValues(of: layer.index)))
    }

    /// A rectangle as the four numbers of `frame`: x, y, width, height.
    static func numbers(of r: LayerGeometry.Rect) -> AnimatableVector {
        AnimatableVector([r.origin.x, r.origin.y, r.size.x, r.size.y])
    }

    /// The presentation value of a key path at root time `t`, with the layer's current
    /// animations and committed model values (no events, no removals; an animation that would
    /// have completed by `t` and is removed on completion has no effect).
    public func presentationValue(forKeyPath keyPath: String, of layer: LayerID, at t: Double) throws(HarmonicError)
        -> AnimatableVector
    {
        let s = try store(layer)
        let isFrame = keyPath == StandardLayerProperty.frame
        let offsets = isFrame ? try geometryOffsets(of: s) : []
        let path = isFrame ? nil : try resolve(keyPath, in: s)
        try HarmonicError.require(t, named: "time")
        var values = storage.committedValues(of: layer.index)
        values.withUnsafeMutableBufferPointer { v in
            guard let base = v.baseAddress else { return }
            var pass = LayerPass(values: base, velocities: nil)
            evaluate(layer: layer.index, at: t, pass: &pass)
        }
        guard let path else {
            return values.withUnsafeBufferPointer { Self.numbers(of: Self.geometry(from: $0, offsets: offsets).frame) }
        }
        return AnimatableVector(path.read(slots: s.slots, from: values))
    }

    /// The velocity of a key path's presentation value at root time `t` (the current time by
    /// default), in value units per second.
    ///
    /// Exact (the chain rule through timing functions, media timing, springs and the stack of
    /// animations). A whole transform's velocity is its 16 entries' rates: exact for basic,
    /// spring and keyframe animations of `transform` and for value functions, with two parts
    /// not carried (counted as 0): the motion of an end read from the value underneath, and
    /// the shift of a cumulative repeat after the first. Transform pieces
    /// (`transform.rotation.z`) carry the velocities of the piece animations on them; a
    /// whole-transform animation underneath resets the pieces' rates to 0, and a piece
    /// animation resets the whole matrix's.
    public func presentationVelocity(forKeyPath keyPath: String, of layer: LayerID, at t: Double? = nil)
        throws(HarmonicError) -> AnimatableVector
    {
        let s = try store(layer)
        let path = try resolve(keyPath, in: s)
        let when = try HarmonicError.require(t ?? time, named: "time")
        let (rates, transforms) = velocities(of: layer.index, at: when)
        switch path.target {
        case .whole, .components:
            let start = s.slots[path.slot].offset + path.componentStart
            return AnimatableVector(Array(rates[start..<(start + path.dimension)]))
        case let .transform(piece):
            let rate = transforms.first(where: { $0.slot == path.slot })?.rate(of: piece) ?? .zero
            return AnimatableVector((0..<piece.dimension).map { rate[$0] })
        }
    }

    /// Every number's velocity in layer `i`'s block at root time `t`, and the transform
    /// accumulators (whose pieces carry their own rates).
    private func velocities(of i: Int, at t: Double) -> (rates: [Double], transforms: [TransformAccumulator]) {
        var values = storage.committedValues(of: i)
        var rates = [Double](repeating: 0, count: values.count)
        var transforms: [TransformAccumulator] = []
        values.withUnsafeMutableBufferPointer { v in
            rates.withUnsafeMutableBufferPointer { r in
                guard let base = v.baseAddress, let rateBase = r.baseAddress else { return }
                var pass = LayerPass(values: base, velocities: rateBase)
                evaluate(layer: i, at: t, pass: &pass)
                transforms = pass.transforms
            }
        }
        return (rates, transforms)
    }

    // MARK: Evaluation

    /// Recomputes the cached presentation of layer `i` at ``time`` if it is stale.
    func refreshPresentation(of i: Int) {
        guard storage.isStale[i] else { return }
        let s = storage[i]
        let values = storage.presentation.base + s.base
        values.update(from: storage.committed.base + s.base, count: s.count)
        var pass = LayerPass(values: values, velocities: nil)
        evaluate(layer: i, at: time, pass: &pass)
        storage.markCurrent(i)
    }

    /// Applies layer `i`'s animations at root time `t` to a pass whose buffer holds the
    /// committed model values (velocities zero), then its colour and discrete rules.
    ///
    /// With `history`, the layer's removed animations (``AnimationRegistry/retired``) apply too
    /// at times before their removal, in the order they were added: the layer's values as they
    /// were then, for an emitter whose particles were born under them.
    func evaluate(layer i: Int, at t: Double, pass: inout LayerPass, history: Bool = false) {
        var animations = registry[i]
        let (local, rate) = clocks.localTime(of: i, at: t)
        if history, let retired = registry.retired[i] {
            animations = (retired.filter { local < $0.until }.map(\.animation) + animations).sorted {
                $0.serial < $1.serial
            }
        }
        guard !animations.isEmpty else { return }
        let drivers = t == time ? animators.samples : animators.samples(at: t)
        let slots = storage[i].slots
        for a in animations {
            let program = a.program
            let state = program.timing.state(atParentTime: local)
            if a.isRemovedOnCompletion, program.timing.hasFinished(state) { continue }
            program.apply(state: state, rate: rate, pass: &pass, slots: slots, drivers: drivers)
        }
        pass.finish()
        for rule in storage[i].presentationRules { rule.apply(to: pass.values, velocities: pass.velocities) }
    }

    // MARK: Key paths

    /// Resolves a key path against layer `s` (``KeyPathResolver``).
    func resolve(_ keyPath: String, in s: LayerRecord, definingWith value: [Double]? = nil) throws(HarmonicError)
        -> ResolvedKeyPath
    {
        try KeyPathResolver.resolve(keyPath, in: s, storage: &storage, definingWith: value, policy: keyPathPolicy)
    }
}
