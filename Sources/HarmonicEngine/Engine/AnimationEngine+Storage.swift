import Harmonic

/// The shared value buffers: each layer owns a block of the committed and presentation
/// buffers, grown by moving it to the end when a new property does not fit.
extension AnimationEngine {
    /// Adds a property slot to layer `i` with `value` as its model, committed and presentation
    /// value; returns the slot's index.
    @discardableResult
    func addSlot(to i: Int, name: String, shape: PropertyShape, value: [Double]) -> Int {
        let s = layers[i]
        let needed = s.count + value.count
        if needed > s.capacity { relocate(i, capacity: Swift.max(needed + 8, 2 * s.capacity)) }
        let slot = PropertySlot(
            name: name, shape: shape, offset: s.count,
            modelComponents: shape == .transform ? Transform3D(unchecked: value).decomposed : nil)
        for (k, v) in value.enumerated() {
            committedValues[s.base + s.count + k] = v
            presentationValues[s.base + s.count + k] = v
        }
        s.count = needed
        s.slots.append(slot)
        s.slotIndex[name] = s.slots.count - 1
        s.model.append(contentsOf: value)
        markStale(i)
        return s.slots.count - 1
    }

    /// Moves layer `i`'s block to the end of the buffers with room for `capacity` numbers.
    func relocate(_ i: Int, capacity: Int) {
        let s = layers[i]
        let newBase = committedValues.count
        committedValues.append(contentsOf: repeatElement(0, count: capacity))
        presentationValues.append(contentsOf: repeatElement(0, count: capacity))
        for k in 0..<s.count {
            committedValues[newBase + k] = committedValues[s.base + k]
            presentationValues[newBase + k] = presentationValues[s.base + k]
        }
        s.base = newBase
        s.capacity = capacity
        invalidatePlan(i)
    }

    /// Layer `i`'s committed values (a copy).
    func committed(_ i: Int) -> [Double] {
        let s = layers[i]
        return Array(committedValues[s.base..<(s.base + s.count)])
    }

    /// Layer `i`'s cached presentation values (a copy), refreshed first if stale.
    func presentation(_ i: Int) -> [Double] {
        refreshPresentation(of: i)
        let s = layers[i]
        return Array(presentationValues[s.base..<(s.base + s.count)])
    }

    /// Writes committed numbers of layer `i` at block offset `offset`.
    func setCommitted(_ i: Int, at offset: Int, _ values: [Double]) {
        let base = layers[i].base
        for (k, v) in values.enumerated() { committedValues[base + offset + k] = v }
        markStale(i)
    }

    /// Marks layer `i`'s presentation stale (recomputed on read or at the next frame).
    func markStale(_ i: Int) {
        guard i < clocks.count, !clocks[i].isStale else { return }
        clocks[i].isStale = true
        staleLayers.append(i)
    }
}
