/// A layer transition's effect (the geometry of Core Animation's `CATransition`): its type,
/// the side its motion comes from, and the part of the whole effect it plays.
///
/// A transition runs over its active time with a fraction `f` from 0 to 1 (after its timing
/// function, see the engine's transition animation). The effect's **progress** is
///
///     p = startProgress + (endProgress − startProgress) · f
///
/// so `startProgress` 0.25 and `endProgress` 0.75 play the middle half of the effect. At
/// progress `p` the old rendering and the new one are drawn as ``TransitionType`` tabulates;
/// ``composite(atProgress:size:)`` computes it.
///
/// Source: Apple, `CATransition` (`type`, `subtype`, `startProgress`, `endProgress`: "the
/// start and end point of the receiver as a fraction of the entire transition", each in
/// 0…1, `endProgress` not less than `startProgress`).
public struct Transition: Hashable, Sendable {
    /// How the renderings are composited.
    public let type: TransitionType
    /// The side the motion comes from (ignored by ``TransitionType/fade``).
    public let subtype: TransitionSubtype
    /// The progress at the start of the active time, 0…1.
    public let startProgress: Double
    /// The progress at the end of the active time, `startProgress`…1.
    public let endProgress: Double

    /// A transition of `type` from `subtype`'s side, playing progress `startProgress` to
    /// `endProgress`.
    ///
    /// - Parameters:
    ///   - type: The compositing; Core Animation's default is ``TransitionType/fade``.
    ///   - subtype: The side; Core Animation's default is ``TransitionSubtype/fromLeft``.
    ///   - startProgress: 0…1 (default 0).
    ///   - endProgress: `startProgress`…1 (default 1).
    /// - Throws: ``HarmonicError`` naming `startProgress` or `endProgress` when it is outside
    ///   0…1 or not a number, or when `endProgress < startProgress`.
    public init(
        type: TransitionType = .fade, subtype: TransitionSubtype = .fromLeft, startProgress: Double = 0,
        endProgress: Double = 1
    ) throws(HarmonicError) {
        try HarmonicError.require(startProgress, named: "startProgress", "in 0...1") { (0...1).contains($0) }
        try HarmonicError.require(endProgress, named: "endProgress", "in 0...1") { (0...1).contains($0) }
        try HarmonicError.require(endProgress, named: "endProgress", ">= startProgress \(startProgress)") {
            $0 >= startProgress
        }
        self.type = type
        self.subtype = subtype
        self.startProgress = startProgress
        self.endProgress = endProgress
    }

    /// The effect's progress at fraction `f` of the active time (0…1, after the timing
    /// function): `startProgress + (endProgress − startProgress)·f`, clamped to the two.
    public func progress(atFraction f: Double) -> Double {
        let p = startProgress + (endProgress - startProgress) * f
        return min(max(p, startProgress), endProgress)
    }

    /// The two renderings at progress `p` for a transitioning layer whose bounds are `size`
    /// (width, height) points, as ``TransitionType`` tabulates. `p` is clamped to 0…1.
    public func composite(atProgress p: Double, size: SIMD2<Double>) -> TransitionComposite {
        let p = p.isNaN ? startProgress : min(max(p, 0), 1)
        let entry = subtype.entryOffset(size: size)
        // Products of exact factors, so that p = 0 and p = 1 land on 0 and on a whole bounds
        // length exactly; adding +0 turns the −0 of a negative side times 0 into 0.
        let entering = entry * (1 - p) + .zero
        let leaving = -entry * p + .zero
        switch type {
        case .fade:
            return TransitionComposite(
                progress: p, outgoing: TransitionRendering(opacity: 1 - p), incoming: TransitionRendering(opacity: p),
                incomingIsAbove: true)
        case .moveIn:
            return TransitionComposite(
                progress: p, outgoing: TransitionRendering(opacity: 1),
                incoming: TransitionRendering(opacity: 1, offset: entering), incomingIsAbove: true)
        case .push:
            return TransitionComposite(
                progress: p, outgoing: TransitionRendering(opacity: 1, offset: leaving),
                incoming: TransitionRendering(opacity: 1, offset: entering), incomingIsAbove: true)
        case .reveal:
            return TransitionComposite(
                progress: p, outgoing: TransitionRendering(opacity: 1, offset: leaving),
                incoming: TransitionRendering(opacity: 1), incomingIsAbove: false)
        }
    }
}
