/// The Kolmogorov–Smirnov statistic of `values` against the uniform distribution on `[0, 1]`:
/// the largest distance between their empirical distribution function and the identity.
///
/// Its 1 % critical value for `n` independent uniform values is about `1.63/√n` (the
/// asymptotic Kolmogorov distribution, good from n ≈ 100), ``kolmogorovSmirnovCritical(_:)``.
public func kolmogorovSmirnov(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let n = Double(sorted.count)
    var d = 0.0
    for (i, x) in sorted.enumerated() {
        d = Swift.max(d, abs(x - Double(i) / n), abs(Double(i + 1) / n - x))
    }
    return d
}

/// The Kolmogorov–Smirnov statistic's 1 % critical value for `n` values, `1.63/√n`.
public func kolmogorovSmirnovCritical(_ n: Int) -> Double {
    1.63 / Double(n).squareRoot()
}
