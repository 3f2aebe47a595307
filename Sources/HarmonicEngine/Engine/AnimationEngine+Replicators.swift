import Harmonic

/// Replicator layers (`CAReplicatorLayer`): each sublayer drawn `instanceCount` times, placed,
/// tinted and delayed per instance (``/Harmonic/ReplicatorInstances``).
///
/// Instances are not layers: they have no identifiers, and hit testing finds the sublayer
/// itself (instance 0) only. Their values and transforms are read here, and in scenes with the
/// record key paths `instance[i].KEYPATH` and `instance[i].worldTransform`.
extension AnimationEngine {
    /// The instance rule of a replicator layer at the current time (its presentation values,
    /// or with `source` `.model` its model values), or at root time `t`.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer or one that is not a
    ///   replicator.
    public func replicatorInstances(
        of replicator: LayerID, at t: Double? = nil, source: GeometrySource = .presentation
    ) throws(HarmonicError) -> ReplicatorInstances {
        guard try kind(of: replicator) == .replicator else {
            throw .invalidParameter(
                name: "layer", value: "\"\(name(of: replicator) ?? "")\"", allowed: "a replicator layer")
        }
        func read(_ keyPath: String) throws(HarmonicError) -> [Double] {
            if source == .model { return try modelValue(forKeyPath: keyPath, of: replicator).components }
            if let t { return try presentationValue(forKeyPath: keyPath, of: replicator, at: t).components }
            return try presentationValue(forKeyPath: keyPath, of: replicator).components
        }
        let bounds = try read("bounds")
        let color = try read("instanceColor")
        let offsets = try [
            "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset",
        ].map { (key) throws(HarmonicError) in try read(key)[0] }
        let requested = try read("instanceCount")[0]
        // Int: clamped to 0…10,000 (the most a replicator may be asked for) first.
        let count = Int(Swift.min(Swift.max(requested.rounded(.down), 0), KindValueRule.maximumInstanceCount))
        return ReplicatorInstances(
            count: count, delay: try read("instanceDelay")[0],
            step: try Transform3D(components: read("instanceTransform")),
            centre: SIMD2(bounds[0] + bounds[2] / 2, bounds[1] + bounds[3] / 2),
            color: SIMD4(color[0], color[1], color[2], color[3]),
            colorOffsets: SIMD4(offsets[0], offsets[1], offsets[2], offsets[3]))
    }

    /// The layer's geometry from its presentation values at root time `t` (as
    /// ``presentationValue(forKeyPath:of:at:)`` reads them: one evaluation of the layer).
    public func geometry(of layer: LayerID, at t: Double) throws(HarmonicError) -> LayerGeometry {
        let s = try store(layer)
        try HarmonicError.require(t, named: "time")
        let offsets = try geometryOffsets(of: s)
        var values = storage.committedValues(of: layer.index)
        values.withUnsafeMutableBufferPointer { v in
            guard let base = v.baseAddress else { return }
            var pass = LayerPass(values: base, velocities: nil)
            evaluate(layer: layer.index, at: t, pass: &pass)
        }
        return values.withUnsafeBufferPointer { Self.geometry(from: $0, offsets: offsets) }
    }

    /// The transform from instance `i` of `layer` — a sublayer of a replicator — to the root
    /// space at the current time: its own map read `i·instanceDelay` earlier, the instance's
    /// place (``/Harmonic/ReplicatorInstances/transform(instance:)``), then the replicator's
    /// world transform.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` when `layer`'s superlayer is not a replicator or
    ///   `i` is not below its instance count.
    public func instanceWorldTransform(_ i: Int, of layer: LayerID) throws(HarmonicError) -> Transform3D {
        guard let replicator = try superlayer(of: layer), try kind(of: replicator) == .replicator else {
            throw .invalidParameter(
                name: "layer", value: "\"\(name(of: layer) ?? "")\"", allowed: "a sublayer of a replicator layer")
        }
        let instances = try replicatorInstances(of: replicator)
        guard (0..<instances.count).contains(i) else {
            throw .invalidParameter(
                name: "instance", value: "\(i)", allowed: "0..<\(instances.count) (the replicator's instanceCount)")
        }
        let parent = try geometry(of: replicator, source: .presentation)
        let own =
            i == 0
            ? try geometry(of: layer, source: .presentation)
            : try geometry(of: layer, at: time - instances.lag(instance: i))
        return own.toSuperlayer(parent).concatenating(instances.transform(instance: i))
            .concatenating(try worldTransform(of: replicator, source: .presentation))
    }
}
