import Foundation

/// SplitMix64 (Steele, Lea & Flood 2014): a tiny, fast, well-distributed 64-bit generator, so
/// randomised tests are reproducible from a seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1) with 53 random bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in [a, b).
    mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }

    /// Log-uniform in [a, b], a > 0.
    mutating func logUniform(_ a: Double, _ b: Double) -> Double {
        exp(log(a) + (log(b) - log(a)) * unit())
    }
}
