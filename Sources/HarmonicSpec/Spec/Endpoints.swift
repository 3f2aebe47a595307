import Harmonic
import HarmonicJSON

/// The start and end values of an animation, resolved from a spec's `from`, `to` and `by`
/// by ``AnimationEndpoints`` (Core Animation's `fromValue`/`toValue`/`byValue` table).
///
/// A spec has no layer and so no "current" model value; the tool uses zero (of the same
/// dimension) wherever Core Animation would use the current value:
///
/// | given      | animates             |
/// |------------|----------------------|
/// | from + to  | from → to            |
/// | from + by  | from → from + by     |
/// | to + by    | to − by → to         |
/// | from       | from → 0             |
/// | to         | 0 → to               |
/// | by         | 0 → by               |
/// | none       | 0 → 1 (progress)     |
///
/// Giving all three is an error (Core Animation leaves that case undefined).
package struct Endpoints {
    package var from: AnimatableVector
    package var to: AnimatableVector

    package var dimension: Int { from.count }

    /// Reads `from`, `to` and `by` from the top level of a spec.
    package static func read(_ spec: inout JSONObjectReader) throws(HarmonicError) -> Endpoints {
        let from = try spec.vector("from")
        let to = try spec.vector("to")
        let by = try spec.vector("by")
        let dims = [from, to, by].compactMap { $0?.count }
        if let n = dims.first, dims.contains(where: { $0 != n }) {
            throw .conflict(
                parameters: ["from", "to", "by"].filter { spec.contains($0) },
                reason: "they must have the same number of components")
        }
        let endpoints = try AnimationEndpoints(from: from, to: to, by: by, names: ("from", "to", "by"))
        if case .unspecified = endpoints { return Endpoints(from: [0], to: [1]) }
        let (start, end) = endpoints.resolved(current: AnimatableVector(zeros: dims.first ?? 1))
        // Values are from + (to − from)·progress: the ends and their difference must be
        // doubles, or the very first sample is ∞ − ∞.
        for c in 0..<start.count where !(end[c] - start[c]).isFinite {
            let given = ["from", "to", "by"].filter { spec.contains($0) }
            throw .conflict(
                parameters: given,
                reason: "the animation runs from \(start[c]) to \(end[c])"
                    + (start.count > 1 ? " in component \(c)" : "")
                    + ", farther than the largest double (about 1.8e308)")
        }
        return Endpoints(from: start, to: end)
    }

    /// `from + (to − from)·progress`, component by component (``saturated(_:)``).
    package func value(atProgress p: Double) -> [Double] {
        (0..<dimension).map { Self.saturated(from[$0] + (to[$0] - from[$0]) * p) }
    }

    /// `(to − from)·rate`: the velocity for a progress rate in 1/s (``saturated(_:)``).
    package func velocity(forProgressRate rate: Double) -> [Double] {
        (0..<dimension).map { Self.saturated((to[$0] - from[$0]) * rate) }
    }

    /// `x` with an overflow held at the largest finite double, keeping its sign.
    ///
    /// The span `to − from` is finite (``read(_:)`` refuses more), but a progress can
    /// overshoot and a rate can be as large as the largest double (a vertical tangent), so
    /// the product can leave the double range. The tool reports such a value as
    /// `±1.7976931348623157e308`, the convention the timing functions use for a vertical
    /// slope, rather than printing `inf`. Finite operands never make NaN here.
    @inline(__always)
    package static func saturated(_ x: Double) -> Double {
        Swift.min(Swift.max(x, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
    }
}
