/// Branch-free lane operations on `SIMD4<Double>` written with plain bit operations.
///
/// The standard library's generic `clamped`, `replacing(with:where:)` and `pointwiseMin`
/// are correct but, on the baseline x86-64 target (SSE2), do not always inline into the
/// batch kernels; these few helpers compile to a handful of SSE instructions each.
@usableFromInline
enum LaneOperations {
    @usableFromInline typealias Lanes = SIMD4<Double>
    @usableFromInline typealias Bits = SIMD4<UInt64>
    @usableFromInline typealias Mask = SIMDMask<SIMD4<Int64>>

    /// All-ones lanes where `mask` is set.
    @inline(__always) @inlinable
    static func bits(_ mask: Mask) -> Bits { unsafeBitCast(mask, to: Bits.self) }

    /// `mask ? a : b` lane by lane.
    @inline(__always) @inlinable
    static func select(_ mask: Mask, _ a: Lanes, _ b: Lanes) -> Lanes {
        let m = bits(mask)
        return unsafeBitCast(
            (unsafeBitCast(a, to: Bits.self) & m) | (unsafeBitCast(b, to: Bits.self) & ~m), to: Lanes.self)
    }

    /// Whether any lane of `mask` is set.
    @inline(__always) @inlinable
    static func any(_ mask: Mask) -> Bool {
        let b = bits(mask)
        let h = b.lowHalf | b.highHalf
        return (h[0] | h[1]) != 0
    }

    /// Whether every lane of `mask` is set.
    @inline(__always) @inlinable
    static func all(_ mask: Mask) -> Bool {
        let b = bits(mask)
        let h = b.lowHalf & b.highHalf
        return (h[0] & h[1]) == .max
    }

    /// `−x` where `mask` is set, `x` elsewhere (flips the sign bit).
    @inline(__always) @inlinable
    static func negate(_ x: Lanes, where mask: Mask) -> Lanes {
        unsafeBitCast(unsafeBitCast(x, to: Bits.self) ^ (bits(mask) & 0x8000_0000_0000_0000), to: Lanes.self)
    }

    /// `|x|` (clears the sign bits; NaN stays NaN).
    @inline(__always) @inlinable
    static func magnitude(_ x: Lanes) -> Lanes {
        unsafeBitCast(unsafeBitCast(x, to: Bits.self) & 0x7fff_ffff_ffff_ffff, to: Lanes.self)
    }

    /// `max(x, lower)` lane by lane (NaN lanes become `lower`).
    @inline(__always) @inlinable
    static func raise(_ x: Lanes, to lower: Double) -> Lanes {
        let lo = Lanes(repeating: lower)
        return select(x .< lo, lo, x)
    }

    /// `x` limited to `[lower, upper]`; NaN lanes become `upper` (callers restore NaN).
    @inline(__always) @inlinable
    static func clamp(_ x: Lanes, _ lower: Double, _ upper: Double) -> Lanes {
        let lo = Lanes(repeating: lower), hi = Lanes(repeating: upper)
        let raised = select(x .< lo, lo, x)
        return select(raised .< hi, raised, hi)
    }
}
