/// The random numbers of particles: a counter-based generator, a pure function of a key.
///
/// Every random attribute of every particle — its lifetime within `lifetime ± lifetimeRange`,
/// its emission angle, its speed, its colour offsets — is the number at the key
/// `(seed, stream, index, draw)`: the emitter's seed, the cell (its path in the tree of cells),
/// the particle's index in its cell's birth order, and which attribute. Nothing depends on the
/// order in which particles are evaluated, so the state of any particle at any time comes out
/// directly — scrubbing backwards equals playing forwards, bit for bit, on any thread count.
///
/// A particle's three words are folded into one with odd multipliers (a different one per word,
/// so swapping two words changes the result) and finished by SplitMix64's output function
/// (Steele, Lea & Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014: two
/// xor-shift-multiply rounds), which spreads every input bit over the whole output: that is the
/// particle's ``key(seed:stream:index:)``. Its draws are the outputs of a SplitMix64 generator
/// started at the key — `finalise(key + (draw + 1)·γ)` with γ the golden-ratio increment — so a
/// particle's attributes cost one finaliser each (or half of one: ``pair(key:draw:)``), and the
/// top bits make a double in `[0, 1)`.
/// The same construction as the counter-based generators of Salmon et al. ("Parallel random
/// numbers: as easy as 1, 2, 3", SC 2011), with a lighter mixing function: the tests check
/// uniformity (Kolmogorov–Smirnov) and the independence of neighbouring keys.
public enum ParticleRandom {
    /// SplitMix64's increment, the odd integer nearest 2⁶⁴/φ.
    @usableFromInline static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The number in `[0, 1)` at a key (multiples of 2⁻⁵²).
    @inlinable
    public static func uniform(seed: UInt64, stream: UInt64, index: UInt64, draw: UInt64) -> Double {
        uniform(key: key(seed: seed, stream: stream, index: index), draw: draw)
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
        bits(key: key(seed: seed, stream: stream, index: index), draw: draw)
    }

    /// A particle's key: its seed, stream and index mixed into one word.
    @inlinable
    public static func key(seed: UInt64, stream: UInt64, index: UInt64) -> UInt64 {
        key(base: keyBase(seed: seed, stream: stream), index: index)
    }

    /// The seed and stream folded into one word: the part of a key shared by a cell's particles.
    @inlinable
    static func keyBase(seed: UInt64, stream: UInt64) -> UInt64 {
        // Distinct odd multipliers (well-mixed 64-bit constants), one per word.
        ((seed &* gamma) ^ (stream &* 0xD1B5_4A32_D192_ED03)) &+ 0x2545_F491_4F6C_DD1D
    }

    /// The key of particle `index` from its cell's ``keyBase(seed:stream:)``.
    @inlinable
    static func key(base: UInt64, index: UInt64) -> UInt64 {
        finalise((base ^ (index &* 0xBF58_476D_1CE4_E5B9)) &* 0x94D0_49BB_1331_11EB)
    }

    /// Draw `draw` of the particle whose key is `key`: 64 mixed bits.
    @inlinable
    public static func bits(key: UInt64, draw: UInt64) -> UInt64 {
        finalise(key &+ (draw &+ 1) &* gamma)
    }

    /// Draw `draw` of the particle whose key is `key`, in `[0, 1)` (multiples of 2⁻⁵²: the top
    /// 52 bits as the fraction of a double in `[1, 2)`, minus 1 — exact, and free of integer
    /// conversions, so the lanes below compute the same numbers with vector instructions).
    @inlinable
    public static func uniform(key: UInt64, draw: UInt64) -> Double {
        Double(bitPattern: (bits(key: key, draw: draw) >> 12) | 0x3FF0_0000_0000_0000) - 1
    }

    /// Two numbers in `[0, 1)` from draw `draw` of a key (multiples of 2⁻³²: its high and low
    /// 32 bits), for attributes that need no finer steps than a particle's (a lifetime, a
    /// colour, a speed): half the mixing per number.
    @inlinable
    public static func pair(key: UInt64, draw: UInt64) -> (Double, Double) {
        let z = bits(key: key, draw: draw)
        return (
            Double(bitPattern: ((z >> 32) << 20) | 0x3FF0_0000_0000_0000) - 1,
            Double(bitPattern: ((z & 0xFFFF_FFFF) << 20) | 0x3FF0_0000_0000_0000) - 1
        )
    }

    /// ``pair(key:draw:)`` for four particles at once, lane by lane the same numbers.
    @inlinable @inline(__always)
    public static func pair(keys: SIMD4<UInt64>, draw: UInt64) -> (SIMD4<Double>, SIMD4<Double>) {
        let z = lanes(keys, draw)
        let one = SIMD4<UInt64>(repeating: 0x3FF0_0000_0000_0000)
        let high = unsafeBitCast(((z &>> 32) &<< 20) | one, to: SIMD4<Double>.self)
        let low = unsafeBitCast(((z & 0xFFFF_FFFF) &<< 20) | one, to: SIMD4<Double>.self)
        return (high - 1, low - 1)
    }

    /// Draw `draw` of four particles at once: the same numbers as ``uniform(key:draw:)`` lane by
    /// lane.
    @inlinable @inline(__always)
    public static func uniform(keys: SIMD4<UInt64>, draw: UInt64) -> SIMD4<Double> {
        let z = lanes(keys, draw)
        let one = SIMD4<UInt64>(repeating: 0x3FF0_0000_0000_0000)
        return unsafeBitCast((z &>> 12) | one, to: SIMD4<Double>.self) - 1
    }

    /// ``bits(key:draw:)`` on four keys.
    @inlinable @inline(__always)
    static func lanes(_ keys: SIMD4<UInt64>, _ draw: UInt64) -> SIMD4<UInt64> {
        var z = keys &+ (draw &+ 1) &* gamma
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }

    /// SplitMix64's output function: two xor-shift-multiply rounds and a final xor-shift.
    @inlinable
    static func finalise(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
