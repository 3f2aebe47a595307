/// The instances of a replicator layer (Core Animation's `CAReplicatorLayer`): how instance
/// `i` of each sublayer is placed, tinted and delayed.
///
/// From Apple's `CAReplicatorLayer` header: `instanceTransform` is "the matrix applied to
/// instance k-1 to produce instance k … applied relative to the center of the replicator
/// layer, i.e. the superlayer of each replicated sublayer"; `instanceDelay` shifts each
/// instance's time; `instanceColor` multiplies the first instance's colours and the red,
/// green, blue and alpha offsets are "added to the colour of each successive instance".
///
/// With `M` the instance transform and `c` the replicator's bounds centre, instance `i`
/// (0 ≤ i < count) of a sublayer goes to the replicator's space by
///
///     p · local(t − i·delay) · T(−c) · Mⁱ · T(c)
///
/// (row vectors, `local` the sublayer's own map to its superlayer, read `i·delay` earlier),
/// and its colours are multiplied by `clamp(instanceColor + i·offsets, 0, 1)` per component.
public struct ReplicatorInstances: Hashable, Sendable {
    /// How many instances (`instanceCount`), whole and non-negative.
    public var count: Int
    /// Seconds each instance runs behind the one before it (`instanceDelay`).
    public var delay: Double
    /// The transform from one instance to the next (`instanceTransform`).
    public var step: Transform3D
    /// The replicator's bounds centre, in its own space.
    public var centre: SIMD2<Double>
    /// `instanceColor`, RGBA.
    public var color: SIMD4<Double>
    /// The red, green, blue and alpha offsets added per instance.
    public var colorOffsets: SIMD4<Double>

    public init(
        count: Int, delay: Double = 0, step: Transform3D = .identity, centre: SIMD2<Double> = .zero,
        color: SIMD4<Double> = SIMD4(repeating: 1), colorOffsets: SIMD4<Double> = .zero
    ) {
        self.count = Swift.max(0, count)
        self.delay = delay
        self.step = step
        self.centre = centre
        self.color = color
        self.colorOffsets = colorOffsets
    }

    /// `T(−c)·Mⁱ·T(c)`: instance `i` relative to instance 0, in the replicator's space
    /// (`Mⁱ` by repeated products, `i` of them).
    public func transform(instance i: Int) -> Transform3D {
        var power = Transform3D.identity
        for _ in 0..<Swift.max(0, i) { power = power.concatenating(step) }
        return Transform3D.translation(x: -centre.x, y: -centre.y).concatenating(power)
            .concatenating(.translation(x: centre.x, y: centre.y))
    }

    /// The colour instance `i`'s colours are multiplied by: `instanceColor + i·offsets`,
    /// clamped to 0…1 per component.
    public func tint(instance i: Int) -> SIMD4<Double> {
        (color + Double(i) * colorOffsets).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
    }

    /// How far behind the replicator's time instance `i` runs: `i·delay` seconds.
    public func lag(instance i: Int) -> Double { Double(i) * delay }
}
