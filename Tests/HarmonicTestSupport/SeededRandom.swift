/// A deterministic generator for randomised tests: the same sequence on every machine and
/// every run, so a failure reproduces (a 64-bit linear congruential generator, Knuth's MMIX
/// constants, taking the top 53 bits).
public struct Lehmer: Sendable {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    /// The next number in `[0, 1)`.
    public mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }

    /// The next number in `[a, b)`.
    public mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * next() }
}
