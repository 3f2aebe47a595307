/// Paths as offsets: the difference of two paths with the same elements, and a path moved by
/// such a difference. Every argument of a move, line or curve is a coordinate, so a path's
/// arguments add and subtract like a vector's, element by element, while the codes stay: with
/// `Δ = a.offsets(to: b)`, `a.offset(by: Δ) == b` (up to rounding), and a path that is an
/// affine function of several values is its value at rest plus one offset per value.
///
/// An additive path animation adds offsets this way (Harmonic's engine accepts `isAdditive` on
/// a shape layer's `path`, where Core Animation has no sum of paths). Arcs have none either —
/// their flags and rotation are not coordinates — so paths with arcs are refused.
extension PathCoordinates {
    /// The offsets that take these coordinates to `other`'s: each argument `other − self`, each
    /// code kept.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` when the structures
    ///   differ or either path has an arc.
    public func offsets(to other: PathCoordinates) throws(HarmonicError) -> PathCoordinates {
        try Self.requireSummable(self, other)
        var out = numbers
        Self.forEachArgument(of: numbers) { k in out[k] = other.numbers[k] - numbers[k] }
        return PathCoordinates(unchecked: out)
    }

    /// These coordinates moved by `offsets` (from ``offsets(to:)``, or an additive path
    /// animation's value): each argument `self + offsets`, each code kept.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` when the structures
    ///   differ or either path has an arc.
    public func offset(by offsets: PathCoordinates) throws(HarmonicError) -> PathCoordinates {
        try Self.requireSummable(self, offsets)
        var out = numbers
        Self.forEachArgument(of: numbers) { k in out[k] = numbers[k] + offsets.numbers[k] }
        return PathCoordinates(unchecked: out)
    }

    /// Adds `count` numbers of offsets (and their rates) to coordinates of the same structure
    /// in place: every argument, never a code (read from `out`). The caller has checked the
    /// structures and that neither has an arc.
    package static func addOffsets(
        _ offsets: UnsafePointer<Double>, rates: UnsafePointer<Double>?, count: Int,
        into out: UnsafeMutablePointer<Double>, rateInto rateOut: UnsafeMutablePointer<Double>?
    ) {
        var i = 0
        while i < count {
            let command = command(out[i]) ?? .close
            let first = i + 1
            let end = Swift.min(first + command.argumentCount, count)
            for k in first..<end {
                out[k] += offsets[k]
                if let rates, let rateOut { rateOut[k] += rates[k] }
            }
            i = end
        }
    }

    /// Calls `body` with the index of every argument (every number but the codes).
    private static func forEachArgument(of numbers: [Double], _ body: (Int) -> Void) {
        var i = 0
        while i < numbers.count {
            let command = command(numbers[i]) ?? .close
            let first = i + 1
            let end = Swift.min(first + command.argumentCount, numbers.count)
            for k in first..<end { body(k) }
            i = end
        }
    }

    /// Whether paths of a structure (``structure``'s letters) add as offsets: no arc, whose flags
    /// and rotation are not coordinates.
    public static func addsAsOffsets(structure: String) -> Bool {
        !structure.split(separator: " ").contains("A")
    }

    /// Two coordinate lists that add: the same elements in the same order, and no arc.
    private static func requireSummable(_ a: PathCoordinates, _ b: PathCoordinates) throws(HarmonicError) {
        let structure = a.structure
        guard a.numbers.count == b.numbers.count, structure == b.structure else {
            throw .invalidParameter(
                name: "path", value: "\"\(structure)\" and \"\(b.structure)\"",
                allowed: "two paths with the same elements in the same order")
        }
        guard addsAsOffsets(structure: structure) else {
            throw .invalidParameter(
                name: "path", value: "a path with arcs (\"\(structure)\")",
                allowed: "moves, lines and curves (an arc's flags and rotation do not add)")
        }
    }
}
