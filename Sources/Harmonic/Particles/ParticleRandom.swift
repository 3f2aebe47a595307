/// The random numbers of particles: a counter-based generator, a pure function of a key.
///
/// Every random attribute of every particle — its lifetime within `lifetime ± lifetimeRange`,
/// its emission angle, its speed, its colour offsets — is the number at the key
/// `(seed, stream, index, draw)`: the emitter's seed, the cell (its path in the tree of cells),
/// the particle's index in its cell's birth order, and which attribute. Nothing depends on the
/// order in which particles are evaluated, so the state of any particle at any time comes out
/// directly — scrubbing backwards equals playing forwards, bit for bit, on any thread count.
///
/// The key's four words are folded into one with odd multipliers (a different one per word,
/// so swapping two words changes the result) and the fold is finished by SplitMix64's
/// output function (Steele, Lea & Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014: two xor-shift-multiply rounds), which spreads every input bit over the whole
/// output; the top 53 bits make a double in `[0, 1)`. The same construction as the counter-
/// based generators of Salmon et al. ("Parallel random numbers: as easy as 1, 2, 3", SC 2011),
/// with a lighter mixing function: the tests check uniformity (Kolmogorov–Smirnov) and the
/// independence of neighbouring keys.
public enum ParticleRandom {
    /// The number in `[0, 1)` at a key (multiples of 2⁻⁵³).
    @inlinable
    public static func uniform(seed: UInt64, stream: UInt64, index: UInt64, draw: UInt64) -> Double {
        Double(bits(seed: seed, stream: stream, index: index, draw: draw) >> 11) * 0x1p-53
    }

    /// `value ± range`: uniform on `[value − range, value + range)` (Core Animation's meaning
    /// of a cell's `…Range` properties); `value` itself when `range` is 0.
    @inlinable
    public static func around(
        _ value: Double, range: Double, seed: UInt64, stream: UInt64, index: UInt64, draw: UInt64
    ) -> Double {
        guard range != 0 else { return value }
        let u = uniform(seed: seed, stream: stream, index: index, draw: draw)
        return value + range * (2 * u - 1)
    }

    /// The 64 mixed bits at a key.
    @inlinable
    public static func bits(seed: UInt64, stream: UInt64, index: UInt64, draw: UInt64) -> UInt64 {
        // Distinct odd multipliers (the golden ratio's and other well-mixed 64-bit constants).
        var z = seed &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (stream &* 0xD1B5_4A32_D192_ED03)) &+ 0x2545_F491_4F6C_DD1D
        z = (z ^ (index &* 0xBF58_476D_1CE4_E5B9)) &* 0x94D0_49BB_1331_11EB
        z ^= draw &* 0xDB4F_0B91_75AE_2165
        // SplitMix64's finaliser.
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
