import Harmonic

/// Where a path that moves frame by frame changes its structure (its elements), so that each
/// structure plays as a motion of its own, shown while the path has it: a paint's path, a
/// gradient's stops, a mask's path.
extension LottieEngineBuilder {
    /// Halvings that find where a path's structure changes, at most: enough to bring the span
    /// between two checks (up to 2¹¹ frames) down to adjacent doubles.
    static let structureBisections = 66

    /// The runs of one structure a path keeps (`nil`: it draws nothing), each from the frame it
    /// starts: the first at the first check, each next one where two neighbouring checks
    /// differ, found by halving the span between them down to adjacent doubles and taking its
    /// later end — the first double with the new structure, so that a change that falls on a
    /// frame (a star's count reaching a whole number at a keyframe's frame) shows at that
    /// frame, as direct evaluation draws it. `nil` past
    /// ``LottieEngineBudget/maximumStructureChanges`` or the scene's budget (each halving evaluates the content
    /// once, `size` items).
    func structureRuns(
        _ checks: [Double], size: Double, structure at: (Double) -> [Double]?
    ) -> [(frame: Double, structure: [Double]?)]? {
        guard let first = checks.first else { return [] }
        var runs: [(frame: Double, structure: [Double]?)] = [(first, at(first))]
        var previous = (frame: first, structure: runs[0].structure)
        for frame in checks.dropFirst() {
            let now = at(frame)
            defer { previous = (frame, now) }
            guard now != previous.structure else { continue }
            guard runs.count <= LottieEngineBudget.maximumStructureChanges,
                budget.charge(work: Double(Self.structureBisections) * size, motions: 0)
            else { return nil }
            var (a, b) = (previous.frame, frame)
            var found = now
            for _ in 0..<Self.structureBisections {
                let mid = a + (b - a) / 2
                guard mid > a, mid < b else { break }
                let s = at(mid)
                if s == previous.structure {
                    a = mid
                } else {
                    b = mid
                    found = s
                }
            }
            if found != runs[runs.count - 1].structure { runs.append((b, found)) }
            if found != now { runs.append((frame, now)) }
        }
        return runs
    }
}
