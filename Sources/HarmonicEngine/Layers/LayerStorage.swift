import Harmonic

/// Every layer's record and its committed and presentation values, in per-layer blocks of two
/// shared buffers (``FlatBuffer``), so that the per-frame loop walks memory in order.
///
/// A block grows by moving to the end of the buffers when a new property does not fit; the
/// layers whose block moved are listed in ``moved`` until taken, so that whoever holds
/// offsets into the buffers (the frame plan) can refresh them. A layer's presentation block
/// is *stale* when its model or its animations changed, or time moved, since it was last
/// computed; ``stale`` lists them.
struct LayerStorage {
    private(set) var layers: [LayerRecord] = []
    private var byName: [String: Int] = [:]
    let committed = FlatBuffer<Double>(capacity: 256)
    let presentation = FlatBuffer<Double>(capacity: 256)
    /// Whether each layer's presentation block is out of date.
    private(set) var isStale: [Bool] = []
    /// Layers marked stale since the list was last taken (each once).
    private(set) var stale: [Int] = []
    /// Layers whose block moved since the list was last taken.
    private(set) var moved: [Int] = []

    var count: Int { layers.count }

    subscript(i: Int) -> LayerRecord { layers[i] }

    func index(named name: String) -> Int? { byName[name] }

    /// Adds an empty layer with room for `capacity` numbers; returns its index.
    mutating func append(name: String, kind: LayerKind = .layer, capacity: Int) -> Int {
        let store = LayerRecord(name: name, index: layers.count, kind: kind)
        layers.append(store)
        byName[name] = store.index
        isStale.append(false)
        relocate(store.index, capacity: capacity)
        return store.index
    }

    /// Adds a property slot to layer `i` with `value` as its model, committed and presentation
    /// value; returns the slot's index.
    @discardableResult
    mutating func addSlot(to i: Int, name: String, shape: PropertyShape, value: [Double]) -> Int {
        let s = layers[i]
        let needed = s.count + value.count
        if needed > s.capacity { relocate(i, capacity: Swift.max(needed + 8, 2 * s.capacity)) }
        let slot = PropertySlot(
            name: name, shape: shape, offset: s.count,
            modelComponents: shape == .transform ? Transform3D(unchecked: value).decomposed : nil)
        for (k, v) in value.enumerated() {
            committed[s.base + s.count + k] = v
            presentation[s.base + s.count + k] = v
        }
        if let rule = PresentationRule.rule(for: name, offset: s.count, dimension: value.count) {
            s.presentationRules.append(rule)
        }
        s.count = needed
        s.slots.append(slot)
        s.slotIndex[name] = s.slots.count - 1
        s.model.append(contentsOf: value)
        markStale(i)
        return s.slots.count - 1
    }

    /// Layer `i`'s committed values (a copy).
    func committedValues(of i: Int) -> [Double] {
        let s = layers[i]
        return Array(UnsafeBufferPointer(start: committed.base + s.base, count: s.count))
    }

    /// Layer `i`'s cached presentation values (a copy; refresh them first if stale).
    func presentationValues(of i: Int) -> [Double] {
        let s = layers[i]
        return Array(UnsafeBufferPointer(start: presentation.base + s.base, count: s.count))
    }

    /// Writes committed numbers of layer `i` at block offset `offset`.
    mutating func setCommitted(_ i: Int, at offset: Int, _ values: [Double]) {
        let base = layers[i].base
        for (k, v) in values.enumerated() { committed[base + offset + k] = v }
        markStale(i)
    }

    /// Marks layer `i`'s presentation stale (recomputed on read or at the next frame).
    mutating func markStale(_ i: Int) {
        guard i < isStale.count, !isStale[i] else { return }
        isStale[i] = true
        stale.append(i)
    }

    /// Marks layer `i`'s presentation current.
    mutating func markCurrent(_ i: Int) { isStale[i] = false }

    /// Marks the presentation of every layer of a frame plan current.
    mutating func markCurrent(_ planned: [PlanLayer]) {
        for layer in planned { isStale[layer.layer] = false }
    }

    /// Removes and returns the stale list (the flags stay until ``markCurrent(_:)``).
    ///
    /// An empty list costs nothing: the frame loop calls this every frame, and handing out a
    /// buffer that is then emptied in place would copy it.
    mutating func takeStale() -> [Int] {
        guard !stale.isEmpty else { return [] }
        defer { stale = [] }
        return stale
    }

    /// Removes and returns the list of moved layers (free when empty, as ``takeStale()``).
    mutating func takeMoved() -> [Int] {
        guard !moved.isEmpty else { return [] }
        defer { moved = [] }
        return moved
    }

    /// Moves layer `i`'s block to the end of the buffers with room for `capacity` numbers.
    private mutating func relocate(_ i: Int, capacity: Int) {
        let s = layers[i]
        let newBase = committed.count
        committed.append(repeating: 0, count: capacity)
        presentation.append(repeating: 0, count: capacity)
        (committed.base + newBase).update(from: committed.base + s.base, count: s.count)
        (presentation.base + newBase).update(from: presentation.base + s.base, count: s.count)
        s.base = newBase
        s.capacity = capacity
        moved.append(i)
    }
}
