import Harmonic

/// A layer property that is not a number to interpolate: an enumeration (`CAShapeLayer`'s
/// `fillRule`, `lineCap`, `lineJoin`) or a list of numbers whose length varies
/// (`lineDashPattern`). Core Animation switches these at once rather than animating them;
/// the engine keeps them beside the numbers, changes them immediately, and the frame renderer
/// reads them.
public enum LayerAttribute: Hashable, Sendable {
    /// One of the key's named values.
    case name(String)
    /// Numbers (a dash pattern's lengths).
    case numbers([Double])

    /// The attributes a layer knows, with their allowed names (empty for number lists) and
    /// defaults, from Apple's `CAShapeLayer`: `fillRule` `nonZero` (`evenOdd`), `lineCap`
    /// `butt` (`round`, `square`), `lineJoin` `miter` (`round`, `bevel`), `lineDashPattern`
    /// none (lengths in points, on then off, repeated; an empty list is a solid line).
    public static let known: [String: (names: [String], default: LayerAttribute)] = [
        "fillRule": (["nonZero", "evenOdd"], .name("nonZero")),
        "lineCap": (["butt", "round", "square"], .name("butt")),
        "lineJoin": (["miter", "round", "bevel"], .name("miter")),
        "lineDashPattern": ([], .numbers([])),
    ]

    /// Checks a value for `key`.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` naming `key` for an unknown key, a name the key
    ///   does not have, numbers for a named key (or the reverse), or a dash length that is
    ///   negative or not finite, or a dash pattern whose lengths are all 0.
    public static func validated(_ value: LayerAttribute, forKey key: String) throws(HarmonicError) -> LayerAttribute {
        guard let entry = known[key] else {
            throw .invalidParameter(
                name: "attribute", value: "\"\(key)\"", allowed: "one of " + known.keys.sorted().joined(separator: ", ")
            )
        }
        switch value {
        case let .name(name):
            guard entry.names.contains(name) else {
                throw .invalidParameter(
                    name: key, value: "\"\(name)\"",
                    allowed: entry.names.isEmpty
                        ? "a list of numbers" : "one of " + entry.names.joined(separator: ", "))
            }
        case let .numbers(numbers):
            guard entry.names.isEmpty else {
                throw .invalidParameter(
                    name: key, value: "numbers", allowed: "one of " + entry.names.joined(separator: ", "))
            }
            for (i, x) in numbers.enumerated() {
                try HarmonicError.require(x, named: "\(key)[\(i)]", ">= 0") { $0 >= 0 }
            }
            if !numbers.isEmpty, numbers.allSatisfy({ $0 == 0 }) {
                throw .invalidParameter(
                    name: key, value: "all zero", allowed: "lengths with at least one above 0 (or none: solid)")
            }
        }
        return value
    }
}
