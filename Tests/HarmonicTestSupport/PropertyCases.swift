#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many random cases each property test checks, and the deterministic stream they come from.
///
/// `make test` checks a sample (2,000 cases per property); `make properties` sets
/// `HARMONIC_PROPERTY_CASES=100000` and runs only the property suites. Every property draws
/// from its own seeded ``Lehmer`` stream, so a failure names its case number and reproduces on
/// any machine with the same count.
public enum PropertyCases {
    /// The cases per property: `HARMONIC_PROPERTY_CASES` when set to a positive integer,
    /// else 2,000.
    public static var count: Int {
        if let text = getenv("HARMONIC_PROPERTY_CASES").map({ String(cString: $0) }), let n = Int(text), n > 0 {
            return n
        }
        return 2_000
    }

    /// Runs `body` for cases `0..<count`, each with the stream advanced past the cases before
    /// it (the stream is seeded once per property by `seed`).
    public static func check(seed: UInt64, _ body: (_ random: inout Lehmer, _ index: Int) throws -> Void) rethrows {
        var random = Lehmer(state: seed)
        for index in 0..<count { try body(&random, index) }
    }
}

extension Lehmer {
    /// A number whose logarithm is uniform on `[log a, log b)` (`0 < a < b`): parameters
    /// that span decades (stiffness, mass) are drawn evenly across them.
    public mutating func logUniform(_ a: Double, _ b: Double) -> Double {
        exp(uniform(log(a), log(b)))
    }

    /// An integer in `range`.
    public mutating func integer(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() * Double(range.count))
    }

    /// One of `choices`.
    public mutating func element<T>(_ choices: [T]) -> T { choices[integer(0...(choices.count - 1))] }
}
