import Harmonic

/// An emitter layer's cells and the moment they started emitting.
struct EmitterCells {
    var cells: [EmitterCell]
    /// The layer's local time when the cells were set: time 0 of the emitter's clock.
    var start: Double
}

/// Emitter layers (`CAEmitterLayer`): cells set on a layer of kind ``LayerKind/emitter``, and
/// its particles at any time in closed form (``/Harmonic/ParticleSystem``).
///
/// The emitter's clock is the layer's local time, counted from the moment its cells were set —
/// so pausing or slowing the layer (its media timing) pauses or slows its particles, and a
/// layer given cells at some time starts emitting then, as Core Animation's does.
///
/// Each particle takes the layer's values (`emitterPosition`, `emitterZPosition`,
/// `emitterSize`, `emitterDepth` and the multipliers) as they are at its birth. Without
/// animations on the layer they are its model values; with animations they come from the
/// layer's animations — those attached now and those removed since the cells were set (the
/// last 256), each applying until its removal — sampled every
/// ``/Harmonic/EmitterTimeline/engineStep`` seconds of root time from the earliest animation's
/// begin (at most 20,000 samples: longer spans are sampled more coarsely) and interpolated
/// linearly, which the birth schedule integrates exactly. A keyframe animation with linear
/// pacing whose key times fall on that grid is reproduced exactly. An animated `birthRate`
/// below 0 (a spring's overshoot) emits nothing meanwhile. Model values are not kept over
/// time: a value set without an animation counts for every particle, born before or after.
///
/// A named cell's animatable values are key paths of the layer, as in Core Animation:
/// `emitterCells.NAME.KEY` for a top-level cell, `emitterCells.NAME.emitterCells.SUB.KEY` for a
/// sub-cell, `KEY` one of ``/Harmonic/EmitterCell/animatableKeys`` (`color` four numbers, RGBA).
/// They exist once the cells are set, holding the cells' values; set or animate them like any
/// property. They are sampled with the layer's values, and each particle takes its cell's
/// values at its birth (``/Harmonic/EmitterTimeline/cellValues``); a cell's `birthRate` or
/// `lifetime` below 0 counts as 0.
extension AnimationEngine {
    /// The keys of an emitter layer's values over time, in ``/Harmonic/EmitterParameters``' order.
    static let emitterKeys = [
        "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth", "birthRate", "lifetime", "velocity",
        "scale", "spin",
    ]

    /// Sets an emitter layer's cells (`emitterCells`): they emit from now on, in the layer's
    /// clock (setting them again restarts the emission).
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer, a layer that is not an
    ///   emitter, or cells that ``/Harmonic/ParticleSystem`` refuses (naming the cell's key).
    public func setEmitterCells(_ cells: [EmitterCell], of layer: LayerID) throws(HarmonicError) {
        try requireEmitter(layer)
        _ = try ParticleSystem(ParticleEmitter(cells: cells))
        registry.keepsHistory.insert(layer.index)
        emitters[layer.index] = EmitterCells(cells: cells, start: clocks.localTime(of: layer.index, at: time).time)
        // Each named cell's animatable values become key paths holding the cell's values (a
        // name with a dot could not be told from its key path, so such a cell has none).
        let s = try store(layer)
        for (path, cell) in EmitterCell.flattened(cells) where Self.isAddressable(path) {
            let prefix = EmitterCell.keyPath(ofCellPath: path)
            let values = cell.animatableValues
            var offset = 0
            for key in EmitterCell.animatableKeys {
                let n = EmitterCell.animatableDimension(of: key) ?? 1
                let name = prefix + "." + key, value = Array(values[offset..<offset + n])
                offset += n
                if let index = s.slotIndex[name] {
                    let slot = s.slots[index]
                    for k in 0..<n { s.model[slot.offset + k] = value[k] }
                    storage.setCommitted(layer.index, at: slot.offset, value)
                } else {
                    storage.addSlot(to: layer.index, name: name, shape: n == 1 ? .scalar : .vector(n), value: value)
                }
            }
        }
    }

    /// Refuses a cell's `birthRate` or `lifetime` below 0, as ``/Harmonic/EmitterCell`` does
    /// (animations reaching below 0 count as 0 instead).
    static func checkCellValue(_ numbers: [Double], keyPath: String) throws(HarmonicError) {
        guard keyPath.hasSuffix(".birthRate") || keyPath.hasSuffix(".lifetime"), let x = numbers.first else { return }
        try HarmonicError.require(x, named: keyPath, ">= 0") { $0 >= 0 }
    }

    /// Whether a cell path's names give key paths: none empty, none with a dot.
    static func isAddressable(_ path: String) -> Bool {
        path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && !$0.contains(".") }
    }

    /// An emitter layer's cells (empty until set), with the model values of their key paths.
    public func emitterCells(of layer: LayerID) throws(HarmonicError) -> [EmitterCell] {
        try requireEmitter(layer)
        let s = try store(layer)
        return cells(of: layer.index, reading: s.model)
    }

    /// Layer `i`'s cells with the values of their key paths in `values` (the layer's block of
    /// model, committed or presentation numbers); a `birthRate` or `lifetime` below 0 is 0.
    func cells(of i: Int, reading values: [Double]) -> [EmitterCell] {
        guard let cells = emitters[i]?.cells else { return [] }
        let s = storage[i]
        func apply(_ cell: EmitterCell, _ path: String) -> EmitterCell {
            var out = cell
            if Self.isAddressable(path), let numbers = cellValues(path, in: s, from: values) {
                out = cell.withAnimatableValues(numbers)
            }
            out.emitterCells = cell.emitterCells.map { apply($0, path + "/" + $0.name) }
            return out
        }
        return cells.map { apply($0, $0.name) }
    }

    /// The animatable numbers of the cell at `path` in a layer's block of numbers, with
    /// `birthRate` and `lifetime` raised to 0 (nil when the cell has no key paths).
    func cellValues(_ path: String, in s: LayerRecord, from values: [Double]) -> [Double]? {
        let prefix = EmitterCell.keyPath(ofCellPath: path) + "."
        var numbers: [Double] = []
        numbers.reserveCapacity(EmitterCell.animatableCount)
        for key in EmitterCell.animatableKeys {
            guard let index = s.slotIndex[prefix + key] else { return nil }
            let slot = s.slots[index]
            numbers += values[slot.offset..<slot.offset + slot.dimension]
        }
        numbers[0] = Swift.max(0, numbers[0])
        numbers[1] = Swift.max(0, numbers[1])
        return numbers
    }

    /// The emitter of an emitter layer as the particle system reads it at root time `t` (now by
    /// default): its cells, shape, mode, draw order and seed, and its values over time up to
    /// `t`; with the emitter-clock time that `t` is.
    public func particleEmitter(of layer: LayerID, at t: Double? = nil) throws(HarmonicError)
        -> (emitter: ParticleEmitter, time: Double)
    {
        try requireEmitter(layer)
        let rootTime = try HarmonicError.require(t ?? time, named: "time")
        let i = layer.index
        let record = emitters[i] ?? EmitterCells(cells: [], start: clocks.localTime(of: i, at: time).time)
        func name(_ key: String, _ fallback: String) throws(HarmonicError) -> String {
            if case let .name(value) = try attribute(forKey: key, of: layer) { return value }
            return fallback
        }
        let shape = EmitterShape(rawValue: try name("emitterShape", "point")) ?? .point
        let mode = EmitterMode(rawValue: try name("emitterMode", "volume")) ?? .volume
        let renderMode = ParticleRenderMode(rawValue: try name("renderMode", "unordered")) ?? .unordered
        // Int: the seed is checked to be a whole number in 0...4294967295 when set.
        let seed = UInt32(try modelValue(forKeyPath: "seed", of: layer)[0])
        let now = clocks.localTime(of: i, at: rootTime).time - record.start
        let timeline = try emitterTimeline(of: layer, start: record.start, until: rootTime)
        let cells = self.cells(of: i, reading: storage.committedValues(of: i))
        return (
            ParticleEmitter(
                cells: cells, shape: shape, mode: mode, renderMode: renderMode, seed: seed, timeline: timeline),
            now
        )
    }

    /// The particles of an emitter layer alive at root time `t` (now by default), in the
    /// layer's coordinates (``/Harmonic/ParticleTable``; birth times in the emitter's clock).
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer or one that is not an
    ///   emitter, or when the layer's multipliers would keep more particles alive than
    ///   ``/Harmonic/ParticleSystem/maximumLiveCount``.
    public func particles(of layer: LayerID, at t: Double? = nil) throws(HarmonicError) -> ParticleTable {
        var table = ParticleTable()
        try particles(of: layer, at: t, into: &table)
        return table
    }

    /// The particles of an emitter layer alive at root time `t`, written into `table`
    /// (replacing its rows, reusing its storage, as ``/Harmonic/ParticleSystem/particles(at:into:threads:)``
    /// does): for a renderer or a binding that asks every frame.
    ///
    /// - Throws: as ``particles(of:at:)``; `table` is then left as it was.
    public func particles(of layer: LayerID, at t: Double? = nil, into table: inout ParticleTable, threads: Int = 1)
        throws(HarmonicError)
    {
        let (emitter, now) = try particleEmitter(of: layer, at: t)
        let system = try ParticleSystem(emitter)
        try system.particles(at: now, into: &table, threads: threads)
    }

    /// The layer's values over the emitter's clock: its model values when it has no animations,
    /// otherwise samples of its presentation from the earliest animation's begin to `end`.
    func emitterTimeline(of layer: LayerID, start: Double, until end: Double) throws(HarmonicError)
        -> EmitterTimeline
    {
        let i = layer.index
        let s = try store(layer)
        let paths = try Self.emitterKeys.map { (key) throws(HarmonicError) in try resolve(key, in: s) }
        func parameters(_ values: [Double]) -> EmitterParameters {
            let v = paths.map { $0.read(slots: s.slots, from: values) }
            return EmitterParameters(
                position: SIMD3(v[0][0], v[0][1], v[1][0]), size: SIMD3(v[2][0], v[2][1], v[3][0]),
                birthRate: Swift.max(0, v[4][0]), lifetime: v[5][0], velocity: v[6][0], scale: v[7][0],
                spin: v[8][0])
        }
        let model = parameters(storage.committedValues(of: i))
        let animations = registry[i].map(\.program) + (registry.retired[i] ?? []).map(\.animation.program)
        guard let earliest = animations.map(\.timing.beginTime).min() else { return EmitterTimeline(model) }
        // The sampled span in root time, from the later of the emission's start and the first
        // animation's begin.
        let first = Swift.max(start, earliest)
        guard let from = clocks.rootTime(ofLocal: first, layer: i), from < end else {
            return EmitterTimeline(model)
        }
        let maximumSamples = 20_000.0
        let step = Swift.max(EmitterTimeline.engineStep, (end - from) / maximumSamples)
        var times: [Double] = []
        var values: [EmitterParameters] = []
        // The named cells' values at each knot, by cell path.
        let cellPaths = EmitterCell.flattened(emitters[i]?.cells ?? []).map(\.path).filter(Self.isAddressable)
        var cellKnots = [[[Double]]](repeating: [], count: cellPaths.count)
        func appendCells(_ buffer: [Double]) {
            for (c, path) in cellPaths.enumerated() {
                if let numbers = cellValues(path, in: s, from: buffer) { cellKnots[c].append(numbers) }
            }
        }
        let committed = storage.committedValues(of: i)
        if first > start {
            // The model values hold until the first animation begins: a knot at the start and
            // one a millionth of a step before the first sample (a ramp of no consequence to the
            // counts, where linear interpolation would otherwise smear the jump over the span).
            times.append(0)
            values.append(model)
            appendCells(committed)
            let before = (first - start) - 1e-6 * step
            if before > 0 {
                times.append(before)
                values.append(model)
                appendCells(committed)
            }
        }
        var k = 0.0
        while true {
            let root = Swift.min(from + k * step, end)
            let local = clocks.localTime(of: i, at: root).time - start
            if times.last.map({ local > $0 }) ?? true {
                var buffer = storage.committedValues(of: i)
                buffer.withUnsafeMutableBufferPointer { v in
                    guard let base = v.baseAddress else { return }
                    var pass = LayerPass(values: base, velocities: nil)
                    evaluate(layer: i, at: root, pass: &pass, history: true)
                }
                times.append(local)
                values.append(parameters(buffer))
                appendCells(buffer)
            }
            if root >= end { break }
            k += 1
        }
        // Only cells whose values move get a track (the others read their model values).
        var tracks: [String: [EmitterCell]] = [:]
        let cells = Dictionary(uniqueKeysWithValues: EmitterCell.flattened(emitters[i]?.cells ?? []))
        for (c, path) in cellPaths.enumerated() where cellKnots[c].count == times.count {
            guard let base = cells[path], cellKnots[c].contains(where: { $0 != cellKnots[c][0] }) else { continue }
            tracks[path] = cellKnots[c].map { base.withAnimatableValues($0) }
        }
        return try EmitterTimeline(times: times, values: values, cells: tracks)
    }

    /// Throws unless `layer` is an emitter layer.
    func requireEmitter(_ layer: LayerID) throws(HarmonicError) {
        guard try kind(of: layer) == .emitter else {
            throw .invalidParameter(
                name: "layer", value: "\"\(name(of: layer) ?? "")\"", allowed: "an emitter layer (kind emitter)")
        }
    }
}
