/// The shortest decimal that reads back as a given `Double`, by Ryu (Ulf Adams, "Ryū: fast
/// float-to-string conversion", PLDI 2018), printed in the layout of Swift's
/// `Double.description`.
///
/// Among all decimals in the rounding interval of the double, Ryu finds those with the fewest
/// significant digits and, of those, the one closest to the double's exact value (ties to an
/// even last digit). That is the digit string `description` prints too; the layout is then
/// the standard library's: plain notation with at least one fractional digit from 10⁻⁴ up to
/// 2⁵³ (`0.0001`, `123.456`, `9007199254740992.0`), otherwise `d.ddde±XX` with at least two
/// exponent digits (`1e-05`, `9.733279775819684e+15`). Tests
/// compare the two on millions of doubles, bit pattern by bit pattern.
///
/// It exists because exports print millions of numbers: it writes into a caller's buffer
/// without building a `String`. The `ShortestDecimal` benchmark in `Benchmarks/` compares it
/// with `description` on the same doubles; `Benchmarks/README.md` has the ratio.
package enum ShortestDecimal {
    /// The most bytes ``write(_:to:)`` writes (`-2.2250738585072014e-308` is 24).
    package static let maximumLength = 32

    /// Writes finite `x` at `out` (room for ``maximumLength`` bytes); returns the byte count.
    /// Non-finite values are written as `description` writes them.
    package static func write(_ x: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard x.isFinite else { return copy(x.description, to: out) }
        var n = 0
        if x.sign == .minus {
            out[0] = UInt8(ascii: "-")
            n = 1
        }
        if x == 0 { return n + copy("0.0", to: out + n) }
        let (digits, exponent) = decimal(x.magnitude)
        return n + layout(digits: digits, exponent: exponent, scientific: x.magnitude > 0x1p53, to: out + n)
    }

    // MARK: Ryu

    /// The shortest `digits · 10^exponent` in the rounding interval of positive finite `x`.
    static func decimal(_ x: Double) -> (digits: UInt64, exponent: Int) {
        let mantissaBits = 52, bias = 1023
        let ieeeMantissa = x.bitPattern & ((1 << 52) - 1)
        // Int: an 11-bit field of the bit pattern.
        let ieeeExponent = Int((x.bitPattern >> 52) & 0x7FF)
        let e2: Int
        let m2: UInt64
        if ieeeExponent == 0 {
            e2 = 1 - bias - mantissaBits - 2
            m2 = ieeeMantissa
        } else {
            e2 = ieeeExponent - bias - mantissaBits - 2
            m2 = (1 << 52) | ieeeMantissa
        }
        let acceptBounds = m2 & 1 == 0
        // The interval's ends in units of 2^e2: [4m − 1 − mmShift, 4m + 2] around 4m; the lower
        // gap is half as wide at a power of two.
        let mv = 4 * m2
        let mmShift: UInt64 = ieeeMantissa != 0 || ieeeExponent <= 1 ? 1 : 0

        var vr: UInt64, vp: UInt64, vm: UInt64
        var e10: Int
        var vmIsTrailingZeros = false
        var vrIsTrailingZeros = false
        if e2 >= 0 {
            let q = log10Pow2(e2) - (e2 > 3 ? 1 : 0)
            e10 = q
            let k = 125 + pow5Bits(q) - 1
            let i = -e2 + q + k
            let multiplier = inversePowersOfFive[q]
            vr = mulShift(mv, multiplier, i)
            vp = mulShift(mv + 2, multiplier, i)
            vm = mulShift(mv - 1 - mmShift, multiplier, i)
            if q <= 21 {
                // Only for small q can the products be exact (have trailing decimal zeros).
                if mv % 5 == 0 {
                    vrIsTrailingZeros = isMultiple(mv, ofPowerOfFive: q)
                } else if acceptBounds {
                    vmIsTrailingZeros = isMultiple(mv - 1 - mmShift, ofPowerOfFive: q)
                } else if isMultiple(mv + 2, ofPowerOfFive: q) {
                    vp -= 1
                }
            }
        } else {
            let q = log10Pow5(-e2) - (-e2 > 1 ? 1 : 0)
            e10 = q + e2
            let i = -e2 - q
            let k = pow5Bits(i) - 125
            let j = q - k
            let multiplier = powersOfFive[i]
            vr = mulShift(mv, multiplier, j)
            vp = mulShift(mv + 2, multiplier, j)
            vm = mulShift(mv - 1 - mmShift, multiplier, j)
            if q <= 1 {
                // mv has at least q trailing binary zeros, so vr is exact.
                vrIsTrailingZeros = true
                if acceptBounds {
                    vmIsTrailingZeros = mmShift == 1
                } else {
                    vp -= 1
                }
            } else if q < 63 {
                // Int: 2 ≤ q < 63 in this branch.
                vrIsTrailingZeros = mv & ((1 << UInt64(q)) - 1) == 0
            }
        }

        var removed = 0
        var lastRemovedDigit: UInt64 = 0
        let output: UInt64
        if vmIsTrailingZeros || vrIsTrailingZeros {
            // The rare general case: track whether the removed digits were all zeros.
            func removeDigit() {
                vrIsTrailingZeros = vrIsTrailingZeros && lastRemovedDigit == 0
                lastRemovedDigit = vr % 10
                vr /= 10
                vp /= 10
                vm /= 10
                removed += 1
            }
            while vp / 10 > vm / 10 {
                vmIsTrailingZeros = vmIsTrailingZeros && vm % 10 == 0
                removeDigit()
            }
            if vmIsTrailingZeros {
                while vm % 10 == 0 { removeDigit() }
            }
            if vrIsTrailingZeros, lastRemovedDigit == 5, vr % 2 == 0 {
                // Exactly halfway: round to even.
                lastRemovedDigit = 4
            }
            let outside = vr == vm && (!acceptBounds || !vmIsTrailingZeros)
            output = vr + (outside || lastRemovedDigit >= 5 ? 1 : 0)
        } else {
            var roundUp = false
            if vp / 100 > vm / 100 {
                roundUp = vr % 100 >= 50
                vr /= 100
                vp /= 100
                vm /= 100
                removed += 2
            }
            while vp / 10 > vm / 10 {
                roundUp = vr % 10 >= 5
                vr /= 10
                vp /= 10
                vm /= 10
                removed += 1
            }
            output = vr + (vr == vm || roundUp ? 1 : 0)
        }
        return (output, e10 + removed)
    }

    /// `⌊m · multiplier / 2^shift⌋` for a 128-bit multiplier (`shift` ≥ 64).
    @inline(__always)
    static func mulShift(_ m: UInt64, _ multiplier: (low: UInt64, high: UInt64), _ shift: Int) -> UInt64 {
        let low = m.multipliedFullWidth(by: multiplier.low)
        let high = m.multipliedFullWidth(by: multiplier.high)
        // (high·2^64 + low) >> 64 = high + low.high, a 128-bit sum.
        let (sumLow, carry) = high.low.addingReportingOverflow(low.high)
        let sumHigh = high.high &+ (carry ? 1 : 0)
        let s = shift - 64
        if s == 0 { return sumLow }
        // Int: 0 < s < 64 here (s == 0 returned above; shift < 128).
        return (sumLow >> UInt64(s)) | (sumHigh << UInt64(64 - s))
    }

    /// `⌊log₁₀ 2^e⌋` for `0 ≤ e ≤ 1650`.
    @inline(__always)
    static func log10Pow2(_ e: Int) -> Int { (e * 78913) >> 18 }

    /// `⌊log₁₀ 5^e⌋` for `0 ≤ e ≤ 2620`.
    @inline(__always)
    static func log10Pow5(_ e: Int) -> Int { (e * 732_923) >> 20 }

    /// The bit length of `5^e` (`⌈log₂ 5^e⌉`, 1 for `e = 0`), for `0 ≤ e ≤ 3528`.
    @inline(__always)
    static func pow5Bits(_ e: Int) -> Int { ((e * 1_217_359) >> 19) + 1 }

    static func isMultiple(_ value: UInt64, ofPowerOfFive p: Int) -> Bool {
        var v = value
        var count = 0
        while v != 0, v % 5 == 0 {
            v /= 5
            count += 1
            if count >= p { return true }
        }
        return count >= p
    }

    // MARK: Layout

    /// `digits · 10^exponent` in `description`'s layout; `scientific` forces the exponent form
    /// (values above 2⁵³, which `description` always writes so).
    ///
    /// The digits are written once, right to left two at a time from a table of digit pairs;
    /// the decimal point is then made room for by moving the digits after it one place.
    static func layout(digits: UInt64, exponent: Int, scientific forced: Bool, to out: UnsafeMutablePointer<UInt8>)
        -> Int
    {
        let count = decimalLength(digits)
        let scientific = exponent + count - 1
        if scientific < -4 || forced {
            // d.ddd: the digits at out + 1, then the first moved before the point.
            writeDigits(digits, endingAt: out + 1 + count)
            var n = 1 + count
            out[0] = out[1]
            if count > 1 {
                out[1] = UInt8(ascii: ".")
            } else {
                n = 1
            }
            out[n] = UInt8(ascii: "e")
            out[n + 1] = scientific < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            n += 2
            let e = abs(scientific)
            if e >= 100 {
                out[n] = UInt8(truncatingIfNeeded: e / 100) &+ 0x30
                n += 1
            }
            let pair = digitPairs + 2 * (e % 100)
            out[n] = pair[0]
            out[n + 1] = pair[1]
            return n + 2
        }
        if scientific < 0 {
            // 0.000ddd
            let zeros = -scientific - 1
            out[0] = UInt8(ascii: "0")
            out[1] = UInt8(ascii: ".")
            for k in 0..<zeros { out[2 + k] = UInt8(ascii: "0") }
            writeDigits(digits, endingAt: out + 2 + zeros + count)
            return 2 + zeros + count
        }
        let integerDigits = scientific + 1
        if count <= integerDigits {
            // ddd000.0
            writeDigits(digits, endingAt: out + count)
            for k in count..<integerDigits { out[k] = UInt8(ascii: "0") }
            out[integerDigits] = UInt8(ascii: ".")
            out[integerDigits + 1] = UInt8(ascii: "0")
            return integerDigits + 2
        }
        // ddd.ddd: write all digits one place to the right, then move the integer part back.
        writeDigits(digits, endingAt: out + 1 + count)
        for k in 0..<integerDigits { out[k] = out[k + 1] }
        out[integerDigits] = UInt8(ascii: ".")
        return count + 1
    }

    /// "00" "01" … "99": the two digits of every number below 100 (static text: no
    /// allocation, no lazy initialisation).
    private static var digitPairs: UnsafePointer<UInt8> { digitPairText.utf8Start }

    private static let digitPairText: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Writes the decimal digits of `value`, the last one just before `end`.
    ///
    /// Eight digits at a time: one 64-bit division splits off a 32-bit chunk, whose two halves
    /// and four digit pairs are then independent of each other (no chain of divisions).
    @inline(__always)
    private static func writeDigits(_ value: UInt64, endingAt end: UnsafeMutablePointer<UInt8>) {
        var v = value
        var p = end
        while v >= 100_000_000 {
            let (high, low) = v.quotientAndRemainder(dividingBy: 100_000_000)
            p -= 8
            writeEightDigits(UInt32(truncatingIfNeeded: low), at: p)
            v = high
        }
        var w = UInt32(truncatingIfNeeded: v)
        if w >= 10_000 {
            p -= 4
            writeFourDigits(w % 10_000, at: p)
            w /= 10_000
        }
        if w >= 100 {
            p -= 2
            writePair(w % 100, at: p)
            w /= 100
        }
        if w >= 10 {
            writePair(w, at: p - 2)
        } else {
            p[-1] = UInt8(truncatingIfNeeded: w) &+ 0x30
        }
    }

    /// The eight digits of `x` < 10⁸, leading zeros included, at `p`.
    @inline(__always)
    private static func writeEightDigits(_ x: UInt32, at p: UnsafeMutablePointer<UInt8>) {
        writeFourDigits(x / 10_000, at: p)
        writeFourDigits(x % 10_000, at: p + 4)
    }

    /// The four digits of `x` < 10⁴, leading zeros included, at `p`.
    @inline(__always)
    private static func writeFourDigits(_ x: UInt32, at p: UnsafeMutablePointer<UInt8>) {
        writePair(x / 100, at: p)
        writePair(x % 100, at: p + 2)
    }

    /// The two digits of `x` < 100 at `p`.
    @inline(__always)
    private static func writePair(_ x: UInt32, at p: UnsafeMutablePointer<UInt8>) {
        // Int: from a UInt32 below 100.
        let pair = UnsafeRawPointer(digitPairs + 2 * Int(x)).loadUnaligned(as: UInt16.self)
        UnsafeMutableRawPointer(p).storeBytes(of: pair, as: UInt16.self)
    }

    /// The number of decimal digits of `v` (1 for 0).
    ///
    /// ⌊log₁₀ v⌋ is ⌊(bit length) · log₁₀ 2⌋ or one less (1233/4096 ≈ log₁₀ 2); one
    /// comparison with a power of ten decides.
    @inline(__always)
    private static func decimalLength(_ v: UInt64) -> Int {
        let bitLength = UInt64.bitWidth - (v | 1).leadingZeroBitCount
        let estimate = (bitLength * 1233) >> 12
        return estimate + (v >= powersOfTen[estimate] ? 1 : 0)
    }

    /// 10⁰ … 10¹⁹.
    private static let powersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000,
        1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    private static func copy(_ text: String, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var n = 0
        for byte in text.utf8 {
            out[n] = byte
            n += 1
        }
        return n
    }
}
