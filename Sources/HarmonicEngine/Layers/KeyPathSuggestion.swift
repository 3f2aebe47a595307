/// The known name nearest to a mistyped one, for error messages ("`opacty`: did you mean
/// `opacity`?").
///
/// Nearness is the optimal-string-alignment edit distance (Damerau's four edits — insert,
/// delete, substitute, swap two neighbours — with no substring edited twice), on
/// case-folded characters so that `Opacity` is one edit from `opacity` at most. Ties go to
/// the name that sorts first, so the answer does not depend on the order of `candidates`.
enum KeyPathSuggestion {
    /// The candidate nearest to `name`, or `nil` when there are none.
    static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = editDistance(name, candidate)
            if let b = best, d > b.distance || (d == b.distance && candidate >= b.name) { continue }
            best = (candidate, d)
        }
        return best?.name
    }

    /// The optimal-string-alignment distance between `a` and `b`, ignoring case: O(|a|·|b|)
    /// time, three rows of memory.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.lowercased()), y = Array(b.lowercased())
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        var before = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { d = min(d, before[j - 2] + 1) }
                current[j] = d
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[y.count]
    }
}
