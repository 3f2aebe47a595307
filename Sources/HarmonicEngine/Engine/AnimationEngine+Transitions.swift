import Harmonic

/// Transitions (`CATransition`): the composite of a layer tree's old and new renderings.
///
/// A ``TransitionAnimation`` added to a layer keeps the presentation values and sublayer
/// order of the layer and everything under it as they are shown when it is added — the
/// outgoing rendering (changes of the same transaction made before the add are not shown yet,
/// so only their tree moves are part of it; a transition that is a layer's action keeps the
/// rendering from just before the change that runs it).
/// The model changes as usual and the layers show their new values — the incoming rendering.
/// While the transition runs, ``transition(of:)`` gives the progress and how to draw the two
/// (opacity and offset of each), ``outgoingValue(forKeyPath:of:)`` and
/// ``outgoingSublayers(of:)`` read the old rendering. When it ends (and is removed) the layer
/// shows only its current values.
extension AnimationEngine {
    /// The composite of the transition running on `layer` now: the last one added, if
    /// several. `nil` when none is in effect (none added, not begun and not filling backwards,
    /// or completed and removed).
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer.
    public func transition(of layer: LayerID) throws(HarmonicError) -> TransitionComposite? {
        _ = try store(layer)
        return activeTransition(on: layer.index, local: clocks[layer.index].localTime)?.composite
    }

    /// The same at root time `t`, with the layer's current animations (no events, no
    /// removals).
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer or a non-finite `t`.
    public func transition(of layer: LayerID, at t: Double) throws(HarmonicError) -> TransitionComposite? {
        _ = try store(layer)
        try HarmonicError.require(t, named: "time")
        return activeTransition(on: layer.index, local: clocks.localTime(of: layer.index, at: t).time)?.composite
    }

    /// A key path's value in the outgoing rendering of the transition covering `layer` now
    /// (one running on the layer or on its nearest superlayer that has one): the presentation
    /// value it showed when that transition was added.
    ///
    /// - Returns: `nil` when no transition covers the layer, or when the layer (or the custom
    ///   property) was not part of the old rendering. A standard property the layer had never
    ///   used by then reads as its default.
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer or key path.
    public func outgoingValue(forKeyPath keyPath: String, of layer: LayerID) throws(HarmonicError)
        -> AnimatableVector?
    {
        let s = try store(layer)
        let path = try resolve(keyPath, in: s)
        guard let snapshot = coveringSnapshot(of: layer.index), var values = snapshot.values[layer.index] else {
            return nil
        }
        let slot = s.slots[path.slot]
        if slot.offset + slot.dimension > values.count {
            // The property got its slot after the snapshot: a standard property that was never
            // read or set until then showed its default; a custom one did not exist.
            guard let standard = StandardLayerProperty.standard(slot.name, kind: s.kind) else { return nil }
            values += Array(repeating: 0, count: slot.offset + slot.dimension - values.count)
            values.replaceSubrange(slot.offset..<(slot.offset + slot.dimension), with: standard.value)
        }
        return AnimatableVector(path.read(slots: s.slots, from: values))
    }

    /// An attribute of `layer` in the outgoing rendering of the transition covering it (as
    /// ``outgoingValue(forKeyPath:of:)`` for values): `nil` when none covers it or the layer
    /// was not part of the old rendering.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer or key.
    public func outgoingAttribute(forKey key: String, of layer: LayerID) throws(HarmonicError) -> LayerAttribute? {
        _ = try attribute(forKey: key, of: layer)
        guard let snapshot = coveringSnapshot(of: layer.index), snapshot.values[layer.index] != nil else { return nil }
        return snapshot.attributes[layer.index]?[key] ?? LayerAttribute.known[key]?.default
    }

    /// The sublayers of `layer` (back to front) in the outgoing rendering of the transition
    /// covering it; `nil` when none does or the layer was not part of the old rendering.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer.
    public func outgoingSublayers(of layer: LayerID) throws(HarmonicError) -> [LayerID]? {
        _ = try store(layer)
        return coveringSnapshot(of: layer.index)?.sublayers[layer.index]?.map(LayerID.init)
    }

    // MARK: Internals

    /// The transition in effect on layer `i` at its local time `local`, with its composite.
    func activeTransition(on i: Int, local: Double) -> (serial: Int, composite: TransitionComposite)? {
        for a in registry[i].reversed() {
            guard case let .transition(animation) = a.animation else { continue }
            let state = a.program.timing.state(atParentTime: local)
            if a.isRemovedOnCompletion, a.program.timing.hasFinished(state) { continue }
            guard let directed = state.directedProgress else { continue }
            let fraction = a.program.timingFunction.value(at: directed, beforeFlag: state.beforeFlag)
            let progress = animation.transition.progress(atFraction: fraction)
            let size = transitionSnapshots[serial: a.serial]?.size ?? .zero
            return (a.serial, animation.transition.composite(atProgress: progress, size: size))
        }
        return nil
    }

    /// The snapshot of the transition in effect on `i` or its nearest superlayer that has one.
    func coveringSnapshot(of i: Int) -> TransitionSnapshot? {
        var j = i
        while j >= 0 {
            if let active = activeTransition(on: j, local: clocks[j].localTime) {
                return transitionSnapshots[serial: active.serial]
            }
            j = clocks.parent(of: j)
        }
        return nil
    }

    /// The outgoing rendering of a transition on layer `i` as it is shown now: the
    /// presentation values and sublayers of the layer and everything under it.
    func transitionSnapshot(layer i: Int) -> TransitionSnapshot {
        var values: [Int: [Double]] = [:]
        var sublayers: [Int: [Int]] = [:]
        var kept: [Int: [String: LayerAttribute]] = [:]
        var pending = [i]
        while let j = pending.popLast() {
            refreshPresentation(of: j)
            values[j] = storage.presentationValues(of: j)
            sublayers[j] = tree.sublayers[j]
            kept[j] = attributes[j]
            pending += tree.sublayers[j]
        }
        let size = (try? geometry(of: LayerID(i), source: .presentation).bounds.size) ?? .zero
        return TransitionSnapshot(values: values, sublayers: sublayers, attributes: kept, size: size)
    }

    /// Keeps `snapshot` for the transition attached as the animation with `serial`, and
    /// forgets those of transitions no longer attached.
    func keepTransitionSnapshot(_ snapshot: TransitionSnapshot, serial: Int) {
        var attached: Set<Int> = []
        for layer in 0..<storage.count {
            for a in registry[layer] { if case .transition = a.animation { attached.insert(a.serial) } }
        }
        transitionSnapshots.keep(snapshot, serial: serial, stillAttached: attached)
    }
}
