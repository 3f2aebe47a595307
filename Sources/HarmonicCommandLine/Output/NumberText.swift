/// Numbers as the command-line tool prints them: whole numbers below 10¹⁵ without a
/// fractional part (`0`, `100`, `-3`), every other number in Swift's shortest round-trip form
/// (`0.1`, `1e-05`, `2.5e+20`), which parses back to the same `Double`.
///
/// ``write(_:to:)`` writes into a byte buffer without building a `String` (the other numbers
/// through ``ShortestDecimal``, which prints what `description` prints); ``text(_:)`` is the
/// same as a `String`.
enum NumberText {
    /// The most bytes ``write(_:to:)`` writes (`-2.2250738585072014e-308` is 24).
    static let maximumLength = 32

    /// Writes `x` at `out`, which must have room for ``maximumLength`` bytes; returns the
    /// number of bytes written.
    @inline(__always)
    static func write(_ x: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        // A conversion round trip rather than `rounded()`, which is a library call per number.
        if abs(x) < 1e15, Double(Int64(x)) == x { return writeInteger(Int64(x), to: out) }
        return ShortestDecimal.write(x, to: out)
    }

    /// `x` as text.
    static func text(_ x: Double) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
            let n = write(x, to: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<n]), as: UTF8.self)
        }
    }

    /// Decimal digits of an integer (|n| < 10¹⁵, so no overflow on negation).
    @inline(__always)
    private static func writeInteger(_ n: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var magnitude = UInt64(n.magnitude)
        var digits: (UInt64, UInt64) = (0, 0)  // room for 16 digits, filled from the right
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                raw[15 - count] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
                magnitude /= 10
                count += 1
            } while magnitude != 0
            var k = 0
            if n < 0 {
                out[0] = 0x2D  // "-"
                k = 1
            }
            for j in 0..<count { out[k + j] = raw[16 - count + j] }
        }
        return count + (n < 0 ? 1 : 0)
    }
}
