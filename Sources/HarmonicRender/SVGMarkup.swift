import Harmonic

/// The text of SVG elements: numbers, colours and escaped attribute values, written the same
/// way every time (so that frames are byte-identical from run to run).
package enum SVGMarkup {
    /// A coordinate or length: its shortest round-trip decimal, `0` for anything not finite.
    package static func number(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        return NumberText.text(x == 0 ? 0 : x)
    }

    /// ``number(_:)`` written at `out` (room for ``NumberText/maximumLength`` bytes): the number
    /// of bytes written. For writers that fill one buffer rather than join strings.
    @inline(__always)
    package static func write(_ x: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        NumberText.write(x.isFinite && x != 0 ? x : 0, to: out)
    }

    /// An RGBA colour's red, green and blue as `#rrggbb` (components clamped to 0…1 and
    /// rounded to 8 bits, as the picture is drawn).
    package static func hex(_ c: SIMD4<Double>) -> String {
        String(unsafeUninitializedCapacity: 7) { out in
            func digit(_ v: Int) -> UInt8 { UInt8(truncatingIfNeeded: v < 10 ? 0x30 + v : 0x57 + v) }  // 0-9, a-f
            out[0] = UInt8(ascii: "#")
            for (k, x) in [c.x, c.y, c.z].enumerated() {
                // Int: clamped to 0…255 first.
                let v = Int((Swift.min(Swift.max(x.isNaN ? 0 : x, 0), 1) * 255).rounded())
                out[1 + 2 * k] = digit(v / 16)
                out[2 + 2 * k] = digit(v % 16)
            }
            return 7
        }
    }

    /// Text with XML's special characters escaped, for attribute values and text content.
    package static func escaped(_ text: String) -> String {
        // Most values (numbers, path data, names) need nothing: find out byte by byte first.
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return text
        }
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }

    /// `name="value"` pairs, escaped, each preceded by a space.
    static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined()
    }
}
