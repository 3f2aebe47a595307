import Harmonic

/// Geometry and time across the layer tree: each layer's ``/Harmonic/LayerGeometry`` read from
/// its model or presentation values, the transforms between layers, and point, rectangle and
/// time conversion (Apple, `CALayer.convert(_:from:)`, `convert(_:to:)`,
/// `convertTime(_:from:)`).
///
/// "The root space" is the space the root layers are placed in (their superlayer's, which has
/// no sublayer transform). Conversions through perspective map a point onto the target
/// layer's plane `z = 0` (``/Harmonic/Transform3D/planePoint(mappingTo:_:)``) and answer `nil`
/// when no point of that plane is seen there; they never return NaN.
extension AnimationEngine {
    /// Which values geometry is computed from.
    public enum GeometrySource: Sendable, Hashable {
        /// The model values (what was set).
        case model
        /// The presentation values at the engine's current time (what is on screen).
        case presentation
    }

    /// The layer's geometry from its `bounds`, `position`, `zPosition`, `anchorPoint`,
    /// `anchorPointZ`, `transform` and `sublayerTransform`.
    public func geometry(of layer: LayerID, source: GeometrySource = .model) throws(HarmonicError)
        -> LayerGeometry
    {
        let s = try store(layer)
        let offsets = try geometryOffsets(of: s)
        switch source {
        case .model:
            return s.model.withUnsafeBufferPointer { Self.geometry(from: $0, offsets: offsets) }
        case .presentation:
            refreshPresentation(of: layer.index)
            return Self.geometry(
                from: UnsafeBufferPointer(start: storage.presentation.base + s.base, count: s.count), offsets: offsets)
        }
    }

    /// Where the geometry's whole properties sit in layer `s`'s values: found by name once
    /// per layer; a standard property read for the first time gets its slot here (before any
    /// values are read: that may move the block).
    func geometryOffsets(of s: LayerRecord) throws(HarmonicError) -> [Int] {
        if let cached = s.geometryOffsets { return cached }
        let names = [
            "bounds", "position", "anchorPoint", "zPosition", "anchorPointZ", "transform", "sublayerTransform",
        ]
        for name in names where s.slotIndex[name] == nil { _ = try resolve(name, in: s) }
        var offsets: [Int] = []
        for name in names {
            guard let slot = s.slotIndex[name] else { continue }
            offsets.append(s.slots[slot].offset)
        }
        s.geometryOffsets = offsets
        return offsets
    }

    /// A layer's geometry read from its values `v` at ``geometryOffsets(of:)``.
    static func geometry(from v: UnsafeBufferPointer<Double>, offsets: [Int]) -> LayerGeometry {
        func matrix(at o: Int) -> Transform3D {
            var m = SIMD16<Double>()
            for i in 0..<16 { m[i] = v[o + i] }
            return Transform3D(storage: m)
        }
        let b = offsets[0], p = offsets[1], a = offsets[2]
        return LayerGeometry(
            bounds: .init(x: v[b], y: v[b + 1], width: v[b + 2], height: v[b + 3]),
            position: SIMD2(v[p], v[p + 1]), zPosition: v[offsets[3]],
            anchorPoint: SIMD2(v[a], v[a + 1]), anchorPointZ: v[offsets[4]],
            transform: matrix(at: offsets[5]), sublayerTransform: matrix(at: offsets[6]))
    }

    /// The superlayer of `layer`, or `nil` for a root layer.
    public func superlayer(of layer: LayerID) throws(HarmonicError) -> LayerID? {
        _ = try store(layer)
        let parent = clocks.parent(of: layer.index)
        return parent >= 0 ? LayerID(parent) : nil
    }

    /// The transform from `layer`'s space to the root space: the product of every
    /// layer-to-superlayer transform up the tree (the layer's first), associated from the top
    /// down as ``worldTransforms(source:)`` does, so the two agree bit for bit.
    public func worldTransform(of layer: LayerID, source: GeometrySource = .model) throws(HarmonicError)
        -> Transform3D
    {
        var chain: [LayerID] = [layer]
        while let parent = try superlayer(of: chain[chain.count - 1]) { chain.append(parent) }
        var world = Transform3D.identity
        var parentGeometry: LayerGeometry?
        for (k, l) in chain.reversed().enumerated() {
            let geometry = try geometry(of: l, source: source)
            let local = geometry.toSuperlayer(parentGeometry)
            world = k == 0 ? local : local.concatenating(world)
            parentGeometry = geometry
        }
        return world
    }

    /// Every layer's transform to the root space, by layer index (``allLayers`` order), in one
    /// pass down the tree: each layer's geometry is read once, and each world transform is its
    /// layer-to-superlayer transform followed by the superlayer's world transform.
    public func worldTransforms(source: GeometrySource = .model) throws(HarmonicError) -> [Transform3D] {
        let n = storage.count
        var geometries: [LayerGeometry] = []
        geometries.reserveCapacity(n)
        for i in 0..<n { geometries.append(try geometry(of: LayerID(i), source: source)) }
        var world = [Transform3D?](repeating: nil, count: n)
        for i in 0..<n where world[i] == nil {
            // The chain of ancestors not yet done, finished from the top down.
            var chain: [Int] = []
            var j = i
            while j >= 0, world[j] == nil {
                chain.append(j)
                j = clocks.parent(of: j)
            }
            for k in chain.reversed() {
                let p = clocks.parent(of: k)
                let local = geometries[k].toSuperlayer(p >= 0 ? geometries[p] : nil)
                world[k] = p >= 0 ? local.concatenating(world[p]!) : local
            }
        }
        return world.map { $0! }
    }

    /// The transform from `layer`'s space to `other`'s (`nil`: the root space):
    /// `world(layer)·world(other)⁻¹`.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` naming `to` when `other`'s world transform has no
    ///   inverse (a layer scaled to zero).
    public func transform(from layer: LayerID, to other: LayerID?, source: GeometrySource = .model)
        throws(HarmonicError) -> Transform3D
    {
        let world = try worldTransform(of: layer, source: source)
        guard let other else { return world }
        return world.concatenating(try inverseWorld(of: other, source: source, named: "to"))
    }

    /// Converts a point from `layer`'s space (`nil`: the root space) to `other`'s (`nil`: the
    /// root space). Through perspective the point lands on `other`'s plane `z = 0`.
    ///
    /// - Returns: The point, or `nil` when no point of `other`'s plane is seen at that place
    ///   (the plane is edge-on, or the point would lie behind the eye).
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer, or naming `to` when `other`'s
    ///   transform to the root space is singular (a layer scaled to zero): no inverse exists.
    public func convert(
        _ point: SIMD2<Double>, from layer: LayerID?, to other: LayerID?, source: GeometrySource = .model
    ) throws(HarmonicError) -> SIMD2<Double>? {
        var p = point
        if let layer {
            let q = try worldTransform(of: layer, source: source).apply(x: point.x, y: point.y, z: 0)
            p = SIMD2(q.x, q.y)
        }
        guard let other else { return p.x.isFinite && p.y.isFinite ? p : nil }
        let world = try worldTransform(of: other, source: source)
        // A singular map is bad input; an invertible one may still miss its plane (nil).
        _ = try inverseWorld(of: other, world: world, named: "to")
        guard p.x.isFinite, p.y.isFinite else { return nil }
        return world.planePoint(mappingTo: p.x, p.y)
    }

    /// Converts a rectangle: the bounding box of its four converted corners, or `nil` when a
    /// corner does not map (as for a point).
    public func convert(
        _ rect: LayerGeometry.Rect, from layer: LayerID?, to other: LayerID?, source: GeometrySource = .model
    ) throws(HarmonicError) -> LayerGeometry.Rect? {
        var corners: [SIMD2<Double>] = []
        for corner in rect.corners {
            guard let p = try convert(corner, from: layer, to: other, source: source) else { return nil }
            corners.append(p)
        }
        return LayerGeometry.Rect(boundingBoxOf: corners)
    }

    /// The layer's frame in its superlayer's space (``/Harmonic/LayerGeometry/frame``).
    public func frame(of layer: LayerID, source: GeometrySource = .model) throws(HarmonicError) -> LayerGeometry.Rect {
        try geometry(of: layer, source: source).frame
    }

    /// Sets the frame: the bounds' size and the position (``/Harmonic/LayerGeometry/setFrame(_:)``),
    /// as two model changes (so inside a transaction both animate).
    public func setFrame(_ frame: LayerGeometry.Rect, of layer: LayerID) throws(HarmonicError) {
        var g = try geometry(of: layer)
        g.setFrame(frame)
        try setValue(AnimatableVector([g.bounds.size.x, g.bounds.size.y]), forKeyPath: "bounds.size", of: layer)
        try setValue(AnimatableVector([g.position.x, g.position.y]), forKeyPath: "position", of: layer)
    }

    /// Converts a time from `layer`'s local time (`nil`: root time) to `other`'s (`nil`: root
    /// time), through every clock on the way (`t_local = (t_parent − beginTime)·speed +
    /// timeOffset`).
    ///
    /// - Returns: `nil` when a clock on the way up from `layer` is stopped (speed 0), so no
    ///   root time corresponds.
    public func convert(time: Double, from layer: LayerID?, to other: LayerID?) throws(HarmonicError) -> Double? {
        var root = time
        if let layer {
            _ = try store(layer)
            guard let t = clocks.rootTime(ofLocal: time, layer: layer.index) else { return nil }
            root = t
        }
        guard let other else { return root }
        _ = try store(other)
        return clocks.localTime(of: other.index, at: root).time
    }

    private func inverseWorld(of layer: LayerID, source: GeometrySource, named parameter: String)
        throws(HarmonicError) -> Transform3D
    {
        try inverseWorld(of: layer, world: try worldTransform(of: layer, source: source), named: parameter)
    }

    /// The inverse of `world`, `layer`'s transform to the root space; an error naming
    /// `parameter` and the layer when it is singular.
    private func inverseWorld(of layer: LayerID, world: Transform3D, named parameter: String)
        throws(HarmonicError) -> Transform3D
    {
        guard let inverse = world.inverted else {
            throw .invalidParameter(
                name: parameter, value: "\"\(name(of: layer) ?? "\(layer.index)")\"",
                allowed: "a layer whose transform to the root space has an inverse (not scaled to zero)")
        }
        return inverse
    }
}
