import Harmonic

/// The layer tree while it runs: sublayer order, moving and removing layers, and hit testing
/// (Apple, `CALayer`: `sublayers`, `addSublayer(_:)`, `insertSublayer(_:at:)`,
/// `removeFromSuperlayer()`, `hitTest(_:)`).
extension AnimationEngine {
    /// The rules a hit test follows.
    public enum HitTestRules: Sendable, Hashable {
        /// Core Animation's: hidden layers and their sublayers are never hit, and a layer
        /// with `masksToBounds` clips its sublayers to its bounds.
        case coreAnimation
        /// UIKit's on top: also skip layers (and their sublayers) with opacity below 0.01 and
        /// layers whose custom property `userInteractionEnabled` is 0 (absent means enabled).
        case uiKit
    }

    /// The sublayers of `layer`, back to front (`nil`: the root layers).
    public func sublayers(of layer: LayerID?) throws(HarmonicError) -> [LayerID] {
        if let layer { _ = try store(layer) }
        return tree.siblings(parent: layer?.index ?? -1).map(LayerID.init)
    }

    /// Whether the layer is in the tree: not removed from its superlayer, nor under a layer
    /// that was.
    public func isAttached(_ layer: LayerID) throws(HarmonicError) -> Bool {
        _ = try store(layer)
        var i = layer.index
        while i >= 0 {
            guard tree.attached[i] else { return false }
            i = clocks.parent(of: i)
        }
        return true
    }

    /// Moves `layer` (with its sublayers) under `parent` (`nil`: a root layer) at `index` in
    /// its sublayers (`nil`: frontmost), as `insertSublayer(_:at:)`; a layer already there is
    /// reordered. Its clock then runs in the new superlayer's time. A layer that joins the tree
    /// (it was removed, or its new superlayer is in the tree) runs its `onOrderIn` action.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` when `parent` is `layer` or one of its
    ///   sublayers (a cycle), or `index` is outside `0…count`; nothing changes.
    public func addSublayer(_ layer: LayerID, to parent: LayerID?, at index: Int? = nil) throws(HarmonicError) {
        _ = try store(layer)
        let p = parent?.index ?? -1
        if let parent {
            _ = try store(parent)
            var i = parent.index
            while i >= 0 {
                guard i != layer.index else {
                    throw .invalidParameter(
                        name: "parent", value: name(of: parent) ?? "\(parent.index)",
                        allowed: "a layer that is not \(name(of: layer) ?? "the layer") or one of its sublayers "
                            + "(the tree would have a cycle)")
                }
                i = clocks.parent(of: i)
            }
        }
        let wasAttached = try isAttached(layer)
        let old = clocks.parent(of: layer.index)
        var count = tree.siblings(parent: p).count
        if tree.attached[layer.index], old == p { count -= 1 }
        if let index, !(0...count).contains(index) {
            throw .invalidParameter(name: "index", value: "\(index)", allowed: "0…\(count) (the sublayers' positions)")
        }
        if tree.attached[layer.index] { tree.remove(layer.index, parent: old) }
        tree.insert(layer.index, parent: p, at: index)
        if old != p {
            clocks.setParent(p, of: layer.index)
            for j in 0..<storage.count where registry.hasAnimations(j) { storage.markStale(j) }
        }
        if !wasAttached, try isAttached(layer) { try runOrderAction("onOrderIn", of: layer) }
    }

    /// Runs the action for `onOrderIn` or `onOrderOut` (Core Animation's special keys for a
    /// layer joining or leaving the tree; there is no default action): an animation found is
    /// added under the key as it is, so it names its own key path.
    private func runOrderAction(_ key: String, of layer: LayerID) throws(HarmonicError) {
        guard
            case let .animation(animation)? = actionResolver.action(
                forKeyPath: key, layer: layer.index, delegate: actionDelegate)
        else { return }
        try add(animation, forKey: key, to: layer)
    }

    /// Takes `layer` (with its sublayers) out of the tree: it then has no superlayer, its clock
    /// runs on root time, and nothing hits it; it keeps its model values and can be added again.
    ///
    /// As Core Animation does when a layer leaves the tree, the animations of the layer and of
    /// every layer under it — its transition among them — are removed, committed or waiting
    /// for the transaction, each committed one reporting `didStop(finished: false)` unless it
    /// had finished (in the order of ``removeAllAnimations(from:)``, the layer first, then its
    /// sublayers depth first). Then a layer that was in the tree runs its `onOrderOut` action,
    /// whose animation is added to the removed layer as any animation is.
    public func removeFromSuperlayer(_ layer: LayerID) throws(HarmonicError) {
        _ = try store(layer)
        guard tree.attached[layer.index] else { return }
        let wasAttached = try isAttached(layer)
        let parent = clocks.parent(of: layer.index)
        var pending = [layer.index]
        while let i = pending.popLast() {
            try removeAllAnimations(from: LayerID(i))
            pending += tree.sublayers[i].reversed()
        }
        tree.remove(layer.index, parent: parent)
        if parent >= 0 {
            clocks.setParent(-1, of: layer.index)
            for j in 0..<storage.count where registry.hasAnimations(j) { storage.markStale(j) }
        }
        if wasAttached { try runOrderAction("onOrderOut", of: layer) }
    }

    /// The deepest, front-most layer that contains `point`, or `nil`.
    ///
    /// `point` is in `layer`'s superlayer's space, as `CALayer.hitTest(_:)` takes it, or with
    /// `layer` `nil` in the root space, tested against every root layer front to back. A layer
    /// is tested after mapping the point into its own space (through perspective onto its
    /// plane; a point that does not map misses); its sublayers come first, front-most first
    /// (higher `zPosition`, then later in the list), and the layer itself is hit when its bounds
    /// contain the point (edges included). `hidden` and `masksToBounds` are true from 0.5 up,
    /// so an animation between their two values switches half-way through its progress.
    public func hitTest(
        _ point: SIMD2<Double>, in layer: LayerID? = nil, source: GeometrySource = .model,
        rules: HitTestRules = .coreAnimation
    ) throws(HarmonicError) -> LayerID? {
        try hitTestInstance(point, in: layer, source: source, rules: rules)?.layer
    }

    /// ``hitTest(_:in:source:rules:)``, also saying which instance of a replicator was hit:
    /// `instance` is the index of the instance of the nearest replicator above the hit layer
    /// (`nil` outside replicators). Instances are tested front to back (the last drawn first),
    /// each at its place (``/Harmonic/ReplicatorInstances/transform(instance:)``) with the
    /// replicated layers' values of now — their `instanceDelay` is not applied.
    public func hitTestInstance(
        _ point: SIMD2<Double>, in layer: LayerID? = nil, source: GeometrySource = .model,
        rules: HitTestRules = .coreAnimation
    ) throws(HarmonicError) -> (layer: LayerID, instance: Int?)? {
        if let layer {
            guard try isAttached(layer) else { return nil }
            let parent = try superlayer(of: layer)
            let space = try parent.map { (p) throws(HarmonicError) in try geometry(of: p, source: source) }
            return try hit(layer, point, parentGeometry: space, source: source, rules: rules)
        }
        for root in try frontToBack(tree.roots, source: source) {
            if let hit = try hit(root, point, parentGeometry: nil, source: source, rules: rules) { return hit }
        }
        return nil
    }

    private func hit(
        _ layer: LayerID, _ point: SIMD2<Double>, parentGeometry: LayerGeometry?, source: GeometrySource,
        rules: HitTestRules
    ) throws(HarmonicError) -> (layer: LayerID, instance: Int?)? {
        func flag(_ key: String) throws(HarmonicError) -> Double {
            switch source {
            case .model: return try modelValue(forKeyPath: key, of: layer)[0]
            case .presentation: return try presentationValue(forKeyPath: key, of: layer)[0]
            }
        }
        guard try flag("hidden") < 0.5 else { return nil }
        if rules == .uiKit {
            guard try flag("opacity") >= 0.01 else { return nil }
            if (try? flag("userInteractionEnabled")).map({ $0 < 0.5 }) ?? false { return nil }
        }
        let geometry = try geometry(of: layer, source: source)
        guard let local = geometry.toSuperlayer(parentGeometry).planePoint(mappingTo: point.x, point.y) else {
            return nil
        }
        let inside = geometry.bounds.contains(local)
        if try flag("masksToBounds") >= 0.5, !inside { return nil }
        let children = try frontToBack(tree.sublayers[layer.index], source: source)
        if storage[layer.index].kind == .replicator {
            let instances = try replicatorInstances(of: layer, source: source)
            // Int: instance indices, count − 1 down to 0 (count ≤ 10,000).
            for i in stride(from: instances.count - 1, through: 0, by: -1) {
                guard let placed = instances.transform(instance: i).planePoint(mappingTo: local.x, local.y) else {
                    continue
                }
                for child in children {
                    if let hit = try hit(child, placed, parentGeometry: geometry, source: source, rules: rules) {
                        return (hit.layer, hit.instance ?? i)
                    }
                }
            }
            return inside ? (layer, nil) : nil
        }
        for child in children {
            if let hit = try hit(child, local, parentGeometry: geometry, source: source, rules: rules) { return hit }
        }
        return inside ? (layer, nil) : nil
    }

    /// `layers` (back to front) in hit-testing order: higher `zPosition` first, then later first.
    private func frontToBack(_ layers: [Int], source: GeometrySource) throws(HarmonicError) -> [LayerID] {
        var keyed: [(z: Double, order: Int, id: LayerID)] = []
        for (order, i) in layers.enumerated() {
            let id = LayerID(i)
            let z = try geometry(of: id, source: source).zPosition
            keyed.append((z, order, id))
        }
        return keyed.sorted { $0.z != $1.z ? $0.z > $1.z : $0.order > $1.order }.map(\.id)
    }
}
