import Harmonic

/// A compiled single-key-path animation.
final class LeafProgram: Sendable {
    /// Where it writes and how it combines.
    let target: LeafTarget
    /// How start and end are found.
    let endpoints: EndpointRule
    /// The fixed start (`fixed`, `toCurrent`), or empty.
    let start: [Double]
    /// The fixed end (`fixed`, `fromCurrent`), the offset `by` (`byFromCurrent`), or empty.
    let end: [Double]
    /// How progress becomes a value.
    let curve: LeafCurve
    /// A spring's initial velocity in value units per second, when given that way.
    let valueVelocity: [Double]?
    /// Shift repeats by the value change of one repeat.
    let isCumulative: Bool
    /// For a whole transform with fixed endpoints: their decompositions, computed once.
    let transformEnds: (start: TransformComponents, end: TransformComponents)?

    init(
        target: LeafTarget, endpoints: EndpointRule, start: [Double], end: [Double], curve: LeafCurve,
        valueVelocity: [Double]?, isCumulative: Bool,
        transformEnds: (start: TransformComponents, end: TransformComponents)?
    ) {
        self.target = target
        self.endpoints = endpoints
        self.start = start
        self.end = end
        self.curve = curve
        self.valueVelocity = valueVelocity
        self.isCumulative = isCumulative
        self.transformEnds = transformEnds
    }

    func with(curve: LeafCurve) -> LeafProgram {
        LeafProgram(
            target: target, endpoints: endpoints, start: start, end: end, curve: curve, valueVelocity: valueVelocity,
            isCumulative: isCumulative, transformEnds: transformEnds)
    }
}
