/// Checked stepping: the entry point that cannot diverge silently.
extension SpringIntegrator {
    /// Advances `state` by `duration` seconds, respecting the stability limit.
    ///
    /// - Parameters:
    ///   - state: The value and velocity now.
    ///   - target: The rest position.
    ///   - spring: The spring.
    ///   - duration: Seconds to advance, finite and ≥ 0 (0 returns `state`).
    ///   - policy: ``StepPolicy/refuse`` (the default) throws when `duration` is not below the
    ///     stability limit; ``StepPolicy/subdivide`` takes
    ///     ``substepCount(for:duration:policy:)`` equal stable substeps.
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` naming `step`, its
    ///   value and the limit (refused), or `duration` when it is negative or not finite.
    /// - Complexity: O(n) steps; the limit itself costs O(1) (a short root solve for RK4).
    public func advance<Value: VectorArithmetic>(
        _ state: SpringState<Value>, toward target: Value, spring: Spring, by duration: Double,
        policy: StepPolicy = .refuse
    ) throws(HarmonicError) -> SpringState<Value> {
        let count = try substepCount(for: spring, duration: duration, policy: policy)
        guard count > 0 else { return state }
        let h = duration / Double(count)
        var current = state
        for _ in 0..<count {
            current = uncheckedStep(current, toward: target, spring: spring, by: h)
        }
        return current
    }

    /// How many equal substeps ``advance(_:toward:spring:by:policy:)`` takes for `duration`.
    ///
    /// - Returns: 0 for a zero duration; 1 when `duration` is below the stability limit and
    ///   the policy is ``StepPolicy/refuse``; otherwise the smallest `n` with
    ///   `duration/n ≤ StepPolicy.subdivisionFraction · limit` (or 1 if `duration` alone
    ///   already satisfies that).
    /// - Throws: ``HarmonicError`` naming `duration` (negative, not finite, or needing more
    ///   than ``maximumSubsteps`` substeps) or `step` (refused: at or beyond the limit).
    public func substepCount(for spring: Spring, duration: Double, policy: StepPolicy) throws(HarmonicError) -> Int {
        try HarmonicError.require(duration, named: "duration", ">= 0 seconds") { $0 >= 0 }
        guard duration > 0 else { return 0 }
        let limit = stabilityLimit(for: spring)
        switch policy {
        case .refuse:
            guard duration < limit else {
                throw refusal(step: duration, limit: limit, spring: spring)
            }
            return 1
        case .subdivide:
            if duration <= StepPolicy.subdivisionFraction * limit { return 1 }
            let pieces = (duration / (StepPolicy.subdivisionFraction * limit)).rounded(.up)
            guard pieces <= Double(Self.maximumSubsteps) else {
                throw .invalidParameter(
                    name: "duration", value: HarmonicError.text(duration),
                    allowed: "at most \(Self.maximumSubsteps) stable substeps of \(name) "
                        + "(stability limit \(HarmonicError.text(limit)) s for \(spring))")
            }
            // Int: pieces ≤ maximumSubsteps by the guard above (NaN fails it).
            return Swift.max(1, Int(pieces))
        }
    }

    /// The most substeps one checked call takes (10⁷), so that a huge duration is an error
    /// rather than a hang.
    public static var maximumSubsteps: Int { 10_000_000 }

    /// The error for a step at or beyond the stability limit.
    func refusal(step h: Double, limit: Double, spring: Spring) -> HarmonicError {
        .invalidParameter(
            name: "step", value: "\(HarmonicError.text(h)) s",
            allowed: "below the stability limit \(HarmonicError.text(limit)) s of \(name) for \(spring) "
                + "(ω0 = \(HarmonicError.text(spring.naturalFrequency)) rad/s, "
                + "ζ = \(HarmonicError.text(spring.dampingRatio)))")
    }
}
