/// A rule applied to a property's presentation value after the layer's animations (Core
/// Animation's rules for values that cannot take every number an animation produces).
///
/// - ``Kind/colour``: every component of an RGBA colour is clamped to `0…1` (a spring's
///   overshoot or an extrapolating timing function would leave the gamut); applies to the
///   standard colours and to any property named `…Color` (`fillColor`, `strokeColor`).
/// - ``Kind/discrete``: a flag (`hidden`, `masksToBounds`) shows 1 from 0.5 up and 0 below, so
///   an animation between its two values switches at its midpoint (Core Animation switches
///   non-interpolable properties half-way).
///
/// A value the rule changed has velocity 0.
struct PresentationRule {
    enum Kind {
        case colour
        case discrete
    }

    let offset: Int
    let dimension: Int
    let kind: Kind

    /// The rule for a property, if it has one.
    static func rule(for name: String, offset: Int, dimension: Int) -> PresentationRule? {
        if discreteNames.contains(name) {
            return PresentationRule(offset: offset, dimension: dimension, kind: .discrete)
        }
        if name.hasSuffix("Color"), dimension == 4 {
            return PresentationRule(offset: offset, dimension: dimension, kind: .colour)
        }
        return nil
    }

    static let discreteNames: Set<String> = ["hidden", "masksToBounds"]

    /// Applies the rule to `values` (and zeroes the changed components' `velocities`).
    func apply(to values: UnsafeMutablePointer<Double>, velocities: UnsafeMutablePointer<Double>?) {
        for c in offset..<(offset + dimension) {
            let x = values[c]
            let y: Double
            switch kind {
            case .colour: y = Swift.min(Swift.max(x, 0), 1)
            case .discrete: y = x >= 0.5 ? 1 : 0
            }
            if y != x {
                values[c] = y
                velocities?[c] = 0
            }
            // A discrete value has no rate even where it already sits on 0 or 1.
            if kind == .discrete { velocities?[c] = 0 }
        }
    }
}
