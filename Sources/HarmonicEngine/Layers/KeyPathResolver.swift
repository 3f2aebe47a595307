import Harmonic

/// Key-path resolution: a key path of one layer (`opacity`, `position.x`, `bounds.size`,
/// `transform.rotation.z`, a custom name) → the property slot and the part of it the key path
/// addresses (``ResolvedKeyPath``).
///
/// The first component names the property, the rest a sub-path of its shape
/// (``PropertyShape/componentRange(_:)``) or, on a transform, a virtual component
/// (``/Harmonic/TransformComponent``). A standard layer property
/// (``StandardLayerProperty``) gets its slot, with its default value, on first use; a whole
/// key path that names no property defines a custom one when a value is given (Core
/// Animation's key-value coding: `setValue(_:forKey:)` on any key).
enum KeyPathResolver {
    /// Resolves a key path against a layer. Standard properties are created with their default
    /// on first use; with `definingWith`, a whole key path naming no property defines a custom
    /// property of that value's size.
    static func resolve(
        _ keyPath: String, in s: LayerRecord, storage: inout LayerStorage, definingWith value: [Double]? = nil,
        policy: KeyPathPolicy = .keyValueCoding
    ) throws(HarmonicError) -> ResolvedKeyPath {
        if s.kind == .emitter, keyPath.hasPrefix(cellPrefix) { return try resolveCellKeyPath(keyPath, in: s) }
        let (name, sub) = splitKeyPath(keyPath)
        var slotIndex = s.slotIndex[name]
        if slotIndex == nil, let standard = StandardLayerProperty.standard(name, kind: s.kind) {
            slotIndex = storage.addSlot(to: s.index, name: name, shape: standard.shape, value: standard.value)
        }
        let defines = policy == .keyValueCoding || StandardLayerProperty.isDefinedByValue(name, kind: s.kind)
        if slotIndex == nil, sub == nil, defines, name != StandardLayerProperty.frame, let value, !value.isEmpty,
            !name.isEmpty
        {
            let shape = try customShape(name, value, named: keyPath)
            slotIndex = storage.addSlot(to: s.index, name: name, shape: shape, value: value)
        }
        guard let index = slotIndex else {
            if name == StandardLayerProperty.frame {
                throw .invalidParameter(
                    name: "keyPath", value: "\"\(keyPath)\"",
                    allowed: "frame only whole, to set or read (it is derived: animate position and bounds)")
            }
            throw unknown(
                keyPath, layer: s.name, kind: s.kind, known: s.slots.map(\.name),
                declaring: policy == .declared && value != nil && sub == nil)
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

    /// What an emitter layer's cell key paths start with (`emitterCells.NAME.KEY`).
    static let cellPrefix = "emitterCells."

    /// An emitter cell's key path (`emitterCells.fire.birthRate`,
    /// `emitterCells.fire.emitterCells.spark.color`): a whole property of its own, defined when
    /// the layer's cells are set (``AnimationEngine/setEmitterCells(_:of:)``), never by a value.
    static func resolveCellKeyPath(_ keyPath: String, in s: LayerRecord) throws(HarmonicError) -> ResolvedKeyPath {
        guard let index = s.slotIndex[keyPath] else {
            let cells = s.slots.map(\.name).filter { $0.hasPrefix(cellPrefix) }
            var allowed =
                "emitterCells.NAME.KEY of a cell set on layer \(s.name), KEY one of "
                + EmitterCell.animatableKeys.joined(separator: ", ")
            if let closest = KeyPathSuggestion.closest(to: keyPath, among: cells) {
                allowed += " (the closest is \(closest))"
            }
            throw .invalidParameter(name: "keyPath", value: "\"\(keyPath)\"", allowed: allowed)
        }
        let slot = s.slots[index]
        return ResolvedKeyPath(slot: index, target: .whole, dimension: slot.dimension, isWholeTransform: false)
    }

    /// The error for a key path that names no property of layer `layer`: the name and the
    /// closest known one (a standard property, `frame`, or one of `known`, the layer's own).
    static func unknown(_ keyPath: String, layer: String, kind: LayerKind, known: [String], declaring: Bool)
        -> HarmonicError
    {
        let (name, _) = splitKeyPath(keyPath)
        var allowed = "a property of layer \(layer)" + (kind == .layer ? "" : " (a \(kind.rawValue) layer)")
        if let closest = KeyPathSuggestion.closest(
            to: name, among: StandardLayerProperty.knownNames(kind: kind) + known)
        {
            allowed += " (the closest is \(closest))"
        }
        if declaring { allowed += "; declare a custom property in the layer's custom values" }
        return .invalidParameter(name: "keyPath", value: "\"\(keyPath)\"", allowed: allowed)
    }

    /// The shape of a property defined by its first value: a path for the path names (the
    /// value must be path coordinates that draw a path), else scalar or vector.
    static func customShape(_ property: String, _ value: [Double], named name: String) throws(HarmonicError)
        -> PropertyShape
    {
        guard StandardLayerProperty.pathNames.contains(property) else { return .inferred(dimension: value.count) }
        do {
            let coordinates = try PathCoordinates(numbers: value)
            _ = try coordinates.path()
            return .path(structure: coordinates.structure, dimension: value.count)
        } catch {
            throw error.prefixingParameter(with: name)
        }
    }
}
