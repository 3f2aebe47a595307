/// How Harmonic writes numbers as text, in one place: CSV and JSON exports, `settle`, scene
/// records, CSS easings, SVG coordinates and plot labels all print through it.
///
/// - Exact numbers (``write(_:to:)``, ``text(_:)``): whole numbers below 10¹⁵ without a
///   fractional part (`0`, `100`, `-3`; `-0.0` prints `0`), every other number in Swift's
///   shortest round-trip form (`0.1`, `1e-05`, `2.5e+20`), which parses back to the same
///   `Double`. ``write(_:to:)`` writes into a byte buffer without building a `String` (the
///   other numbers through the Ryu-based `ShortestDecimal`, which prints what `description`
///   prints).
/// - Rounded numbers (``fixed(_:places:)``, ``significant(_:digits:)``): C's `printf`
///   rounding of the exact binary value, then trailing fractional zeros and a bare point
///   removed and `-0` written `0` (`0.50` → `0.5`, `2.00` → `2`, `-0.001` to two places → `0`).
public enum NumberText {
    /// The most bytes ``write(_:to:)`` writes (`-2.2250738585072014e-308` is 24).
    public static let maximumLength = 32

    /// Writes `x` at `out`, which must have room for ``maximumLength`` bytes; returns the
    /// number of bytes written.
    @inline(__always)
    public static func write(_ x: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        // A conversion round trip rather than `rounded()`, which is a library call per number.
        // Int: |x| < 1e15 is tested first (NaN fails it).
        if abs(x) < 1e15, Double(Int64(x)) == x { return writeInteger(Int64(x), to: out) }
        return ShortestDecimal.write(x, to: out)
    }

    /// `x` as text.
    public static func text(_ x: Double) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
            let n = write(x, to: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<n]), as: UTF8.self)
        }
    }

    /// Decimal digits of an integer (|n| < 10¹⁵, so no overflow on negation).
    @inline(__always)
    private static func writeInteger(_ n: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        // Int: the magnitude of an Int64, which always fits a UInt64.
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

    /// `x` rounded to `places` decimals (`printf`'s `%.Nf`), without trailing zeros or `-0`.
    ///
    /// - Parameters:
    ///   - x: Any double; non-finite values print as `printf` prints them (`inf`, `nan`).
    ///   - places: 0 … 40.
    public static func fixed(_ x: Double, places: Int) -> String {
        trimmed(printfFormat("%.\(places)f", x))
    }

    /// `x` to `digits` significant digits (`printf`'s `%.Ng`), without trailing zeros or `-0`;
    /// exponent forms (`1.2e+07`) are kept as `printf` writes them.
    ///
    /// - Parameters:
    ///   - x: Any double; non-finite values print as `printf` prints them (`inf`, `nan`).
    ///   - digits: 1 … 17.
    public static func significant(_ x: Double, digits: Int) -> String {
        trimmed(printfFormat("%.\(digits)g", x))
    }

    /// Removes trailing fractional zeros and a bare point from a plain decimal, and the sign of
    /// a zero; leaves text with an exponent or without a point alone.
    private static func trimmed(_ text: String) -> String {
        var text = text
        if text.contains("."), !text.contains("e") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
