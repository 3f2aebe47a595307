import Harmonic

/// Model and presentation values by key path.
extension AnimationEngine {
    /// The model value of a key path: what was last set, even inside a transaction that has not
    /// been committed yet (as a `CALayer`'s model values are).
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer or key path.
    public func modelValue(forKeyPath keyPath: String, of layer: LayerID) throws(HarmonicError) -> AnimatableVector {
        let s = try store(layer)
        let path = try resolve(keyPath, in: s)
        return AnimatableVector(Self.read(path, slots: s.slots, from: s.model))
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
    /// Setting a whole key path that names no property defines a custom property.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer or sub-path, a value of the wrong size,
    ///   or a non-finite number.
    public func setValue(_ value: AnimatableVector, forKeyPath keyPath: String, of layer: LayerID) throws(HarmonicError)
    {
        defer { runDueCompletions() }
        let s = try store(layer)
        let numbers = try Self.finite(value, named: keyPath)
        let path = try resolve(keyPath, in: s, definingWith: numbers)
        if let structure = path.pathStructure { try Self.requirePath(numbers, structure: structure, named: keyPath) }
        try Self.requireDimension(numbers, path.dimension, named: keyPath)
        let slot = s.slots[path.slot]
        var full = Array(s.model[slot.offset..<(slot.offset + slot.dimension)])
        Self.write(numbers, path, shape: slot.shape, into: &full)
        for i in 0..<slot.dimension { s.model[slot.offset + i] = full[i] }
        if let animator = animators.recording {
            try recordAnimatorChange(animator, layer: layer.index, keyPath: keyPath, path: path)
            return
        }
        var settings = transactions.effectiveSettings
        // UIKit: a view's layer has no action outside an animation block.
        if transactions.depth == 0, actionTables.viewBacked.contains(layer.index) { settings.disableActions = true }
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
        let path = try resolve(keyPath, in: s)
        refreshPresentation(of: layer.index)
        return AnimatableVector(Self.read(path, slots: s.slots, from: storage.presentationValues(of: layer.index)))
    }

    /// The presentation value of a key path at root time `t`, with the layer's current
    /// animations and committed model values (no events, no removals; an animation that would
    /// have completed by `t` and is removed on completion has no effect).
    public func presentationValue(forKeyPath keyPath: String, of layer: LayerID, at t: Double) throws(HarmonicError)
        -> AnimatableVector
    {
        let s = try store(layer)
        let path = try resolve(keyPath, in: s)
        try HarmonicError.require(t, named: "time")
        var values = storage.committedValues(of: layer.index)
        values.withUnsafeMutableBufferPointer { v in
            guard let base = v.baseAddress else { return }
            var pass = LayerPass(values: base, velocities: nil)
            evaluate(layer: layer.index, at: t, pass: &pass)
        }
        return AnimatableVector(Self.read(path, slots: s.slots, from: values))
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
        var values = storage.committedValues(of: layer.index)
        var rates = [Double](repeating: 0, count: values.count)
        var out = [Double](repeating: 0, count: path.dimension)
        values.withUnsafeMutableBufferPointer { v in
            rates.withUnsafeMutableBufferPointer { r in
                guard let base = v.baseAddress, let rateBase = r.baseAddress else { return }
                var pass = LayerPass(values: base, velocities: rateBase)
                evaluate(layer: layer.index, at: when, pass: &pass)
                switch path.target {
                case .whole, .components:
                    let slot = s.slots[path.slot]
                    let start = slot.offset + Self.componentStart(path.target)
                    for i in 0..<path.dimension { out[i] = r[start + i] }
                case let .transform(piece):
                    if let acc = pass.transforms.first(where: { $0.slot == path.slot }) {
                        out.withUnsafeMutableBufferPointer { o in
                            if let base = o.baseAddress { acc.rate(of: piece, into: base) }
                        }
                    }
                }
            }
        }
        return AnimatableVector(out)
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
    func evaluate(layer i: Int, at t: Double, pass: inout LayerPass) {
        let animations = registry[i]
        guard !animations.isEmpty else { return }
        let (local, rate) = clocks.localTime(of: i, at: t)
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

    /// Resolves a key path against a layer. Standard properties are created with their default
    /// on first use; with `definingWith`, a whole key path naming no property defines a custom
    /// property of that value's size.
    func resolve(_ keyPath: String, in s: LayerStore, definingWith value: [Double]? = nil) throws(HarmonicError)
        -> ResolvedKeyPath
    {
        let (name, sub) = splitKeyPath(keyPath)
        var slotIndex = s.slotIndex[name]
        if slotIndex == nil, let standard = StandardLayerProperty.defaults[name] {
            slotIndex = storage.addSlot(to: s.index, name: name, shape: standard.shape, value: standard.value)
        }
        if slotIndex == nil, sub == nil, let value, !value.isEmpty, !name.isEmpty {
            let shape = try Self.customShape(name, value, named: keyPath)
            slotIndex = storage.addSlot(to: s.index, name: name, shape: shape, value: value)
        }
        guard let index = slotIndex else {
            let own = s.slots.map(\.name).sorted().joined(separator: ", ")
            throw .invalidParameter(
                name: "keyPath", value: "\"\(keyPath)\"",
                allowed: "a property of layer \(s.name)" + (own.isEmpty ? "" : " (\(own))")
                    + " or a standard layer property")
        }
        let slot = s.slots[index]
        guard let sub else {
            var structure: String?
            if case let .path(s, _) = slot.shape { structure = s }
            return ResolvedKeyPath(
                slot: index, target: .whole, dimension: slot.dimension, isWholeTransform: slot.shape == .transform,
                pathStructure: structure)
        }
        if slot.shape == .transform, let piece = TransformComponent(rawValue: sub) {
            return ResolvedKeyPath(
                slot: index, target: .transform(piece), dimension: piece.dimension, isWholeTransform: false)
        }
        if let range = slot.shape.componentRange(sub) {
            return ResolvedKeyPath(
                slot: index, target: .components(range), dimension: range.count, isWholeTransform: false)
        }
        let known = slot.shape.subPaths
        throw .invalidParameter(
            name: "keyPath", value: "\"\(keyPath)\"",
            allowed: known.isEmpty
                ? "\(name) without a sub-path (it has one number)"
                : "one of " + known.map { "\(name).\($0)" }.joined(separator: ", "))
    }

    static func componentStart(_ target: KeyPathTarget) -> Int {
        if case let .components(r) = target { return r.lowerBound }
        return 0
    }

    /// Reads a key path's value from a layer buffer.
    static func read(_ path: ResolvedKeyPath, slots: [PropertySlot], from buffer: [Double]) -> [Double] {
        let slot = slots[path.slot]
        switch path.target {
        case .whole:
            return Array(buffer[slot.offset..<(slot.offset + slot.dimension)])
        case let .components(r):
            return Array(buffer[(slot.offset + r.lowerBound)..<(slot.offset + r.upperBound)])
        case let .transform(piece):
            let m = Transform3D(unchecked: Array(buffer[slot.offset..<(slot.offset + 16)]))
            let c = m.pieceComponents
            var out = [Double](repeating: 0, count: piece.dimension)
            out.withUnsafeMutableBufferPointer { o in
                if let base = o.baseAddress { piece.read(c, into: base) }
            }
            return out
        }
    }

    /// Writes a key path's value into a property's full value.
    static func write(_ value: [Double], _ path: ResolvedKeyPath, shape: PropertyShape, into full: inout [Double]) {
        switch path.target {
        case .whole:
            full = value
        case let .components(r):
            for (i, v) in value.enumerated() { full[r.lowerBound + i] = v }
        case let .transform(piece):
            let m = Transform3D(unchecked: full)
            var c = m.pieceComponents
            value.withUnsafeBufferPointer { v in
                if let base = v.baseAddress { piece.write(base, into: &c) }
            }
            full = c.transform.components
        }
    }
}
