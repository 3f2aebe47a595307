import Harmonic

/// Reads JSON text (RFC 8259) into a ``JSONValue``, in one pass over its UTF-8 bytes.
///
/// The grammar is RFC 8259's, with two allowances real files need: a leading byte-order mark
/// is skipped, and a `\u` escape of a lone surrogate reads as U+FFFD (the replacement
/// character) instead of failing the whole document. Everything else the RFC rejects is
/// rejected: leading zeros, `1.`, trailing commas, unescaped control characters in strings,
/// text after the value.
///
/// Numbers are correctly rounded: up to 15 significant digits with a decimal exponent of at
/// most 22 are computed exactly as one IEEE division or product of two exact doubles
/// (Clinger's fast path: W. D. Clinger, "How to read floating point numbers accurately",
/// PLDI 1990); longer ones go through the standard library's correctly rounded conversion. A
/// number beyond the largest double is a syntax error, not infinity.
///
/// Nesting deeper than ``maximumDepth`` is refused, so a hostile file cannot exhaust the stack.
/// Errors name the line and column (both from 1; the column counts characters) of the first
/// byte that does not fit.
package enum JSONParser {
    /// The deepest nesting of arrays and objects read (a Lottie file nests about 30 deep).
    package static let maximumDepth = 512

    /// Parses `text`; `language` names it in errors (`"Lottie JSON"`).
    package static func parse(_ text: String, language: String) throws(HarmonicError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { bytes -> Result<JSONValue, Failure> in
            var reader = Reader(bytes: bytes)
            return Result { () throws(Failure) in try reader.document() }
        }
        switch result {
        case let .success(value): return value
        case let .failure(failure): throw failure.error(in: text, language: language)
        }
    }

    /// Where reading stopped, and what would have fitted there.
    struct Failure: Error {
        var offset: Int
        var expected: String

        /// The error a user reads: the line and column of `offset`, and that line around it.
        func error(in text: String, language: String) -> HarmonicError {
            let bytes = Array(text.utf8)
            let end = min(offset, bytes.count)
            var lineStart = 0, line = 1
            for i in 0..<end where bytes[i] == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
            }
            var lineEnd = end
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let before = Array(String(decoding: bytes[lineStart..<end], as: UTF8.self))
            let after = Array(String(decoding: bytes[end..<lineEnd], as: UTF8.self))
            // The stretch of the line around the place, which a minified file's one long line needs.
            let reach = HarmonicError.echoLimit / 2 - 5
            let shown =
                (before.count > reach ? "…" + String(before.suffix(reach)) : String(before))
                + (after.count > reach ? String(after.prefix(reach)) + "…" : String(after))
            return .syntax(
                language: "\(language) (line \(line), column \(before.count + 1))", text: shown, offset: nil,
                expected: expected)
        }
    }

    /// The cursor over the bytes.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var depth = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func document() throws(Failure) -> JSONValue {
            // A UTF-8 byte-order mark, which some editors write, carries no meaning in JSON.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
            skipSpace()
            let value = try self.value()
            skipSpace()
            guard index == bytes.count else { throw Failure(offset: index, expected: "the end of the text") }
            return value
        }

        private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        private mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        private mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
            guard current == byte else { throw Failure(offset: index, expected: what) }
            index += 1
        }

        private mutating func value() throws(Failure) -> JSONValue {
            guard let byte = current else { throw Failure(offset: index, expected: "a value") }
            switch byte {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw Failure(offset: index, expected: "a value")
            }
        }

        private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw Failure(offset: index, expected: "a value") }
            for k in 0..<count where bytes[index + k] != word.utf8Start[k] {
                throw Failure(offset: index, expected: "a value")
            }
            index += count
            return value
        }

        private mutating func nest() throws(Failure) {
            depth += 1
            guard depth <= JSONParser.maximumDepth else {
                throw Failure(offset: index, expected: "at most \(JSONParser.maximumDepth) nested arrays and objects")
            }
        }

        private mutating func object() throws(Failure) -> JSONValue {
            try nest()
            index += 1
            var members: [String: JSONValue] = [:]
            skipSpace()
            if current == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard current == UInt8(ascii: "\"") else { throw Failure(offset: index, expected: "a quoted name") }
                let name = try string()
                skipSpace()
                try expect(UInt8(ascii: ":"), "':' after the name")
                skipSpace()
                members[name] = try value()
                skipSpace()
                if current == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "}"), "',' or '}'")
                depth -= 1
                return .object(members)
            }
        }

        private mutating func array() throws(Failure) -> JSONValue {
            try nest()
            index += 1
            var items: [JSONValue] = []
            skipSpace()
            if current == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(items)
            }
            while true {
                skipSpace()
                items.append(try value())
                skipSpace()
                if current == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "]"), "',' or ']'")
                depth -= 1
                return .array(items)
            }
        }

        /// A string literal from its opening quote; the cursor ends after the closing one.
        private mutating func string() throws(Failure) -> String {
            index += 1
            let start = index
            // The common case, no escapes: the bytes are the string.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    index += 1
                    return s
                }
                if byte == UInt8(ascii: "\\") { break }
                guard byte >= 0x20 else {
                    throw Failure(offset: index, expected: "a control character written as an escape (\\n, \\u0009)")
                }
                index += 1
            }
            var scalars = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while true {
                guard let byte = current else { throw Failure(offset: index, expected: "'\"' closing the string") }
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(decoding: scalars, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    index += 1
                    try escape(into: &scalars)
                case ..<0x20:
                    throw Failure(offset: index, expected: "a control character written as an escape (\\n, \\u0009)")
                default:
                    scalars.append(byte)
                    index += 1
                }
            }
        }

        /// One escape after its backslash, appended as UTF-8.
        private mutating func escape(into out: inout [UInt8]) throws(Failure) {
            guard let byte = current else { throw Failure(offset: index, expected: "an escape") }
            index += 1
            let simple: UInt8?
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = byte
            case UInt8(ascii: "b"): simple = 0x08
            case UInt8(ascii: "f"): simple = 0x0C
            case UInt8(ascii: "n"): simple = 0x0A
            case UInt8(ascii: "r"): simple = 0x0D
            case UInt8(ascii: "t"): simple = 0x09
            case UInt8(ascii: "u"): simple = nil
            default:
                index -= 1
                throw Failure(offset: index, expected: #"an escape (\" \\ \/ \b \f \n \r \t \uXXXX)"#)
            }
            if let simple {
                out.append(simple)
                return
            }
            var code = try hex4()
            if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
            {
                let mark = index
                index += 2
                let low = try hex4()
                if (0xDC00..<0xE000).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    index = mark  // Not a pair: the high half stands alone; the next escape is read again.
                }
            }
            let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
            out.append(contentsOf: String(Character(scalar)).utf8)
        }

        private mutating func hex4() throws(Failure) -> UInt32 {
            guard index + 4 <= bytes.count else { throw Failure(offset: index, expected: "four hex digits") }
            var code: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw Failure(offset: index, expected: "four hex digits")
                }
                // Int: one hex digit, 0…15.
                code = code << 4 | UInt32(digit)
                index += 1
            }
            return code
        }

        private func isDigit(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, correctly rounded.
        private mutating func number() throws(Failure) -> Double {
            let start = index
            var negative = false
            if current == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            guard isDigit(current) else { throw Failure(offset: index, expected: "a digit") }
            // The significant digits as an integer (while it stays exact) and the power of ten
            // that scales it: 12.5e3 is 125 × 10^2.
            var significand: UInt64 = 0, digits = 0, scale = 0
            func take(_ byte: UInt8) -> Bool {
                if significand == 0, byte == UInt8(ascii: "0") { return true }  // Leading zeros count for nothing.
                digits += 1
                // Int: one decimal digit; 19 of them stay below 2^64.
                if digits <= 19 { significand = significand * 10 + UInt64(byte - UInt8(ascii: "0")) }
                return digits <= 19
            }
            if current == UInt8(ascii: "0") {
                index += 1
                if isDigit(current) { throw Failure(offset: index, expected: "'.', 'e' or the end of the number") }
            } else {
                while isDigit(current) {
                    if !take(current!) { scale += 1 }
                    index += 1
                }
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard isDigit(current) else { throw Failure(offset: index, expected: "a digit after '.'") }
                while isDigit(current) {
                    if take(current!) { scale -= 1 }
                    index += 1
                }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                var exponentNegative = false
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
                    exponentNegative = current == UInt8(ascii: "-")
                    index += 1
                }
                guard isDigit(current) else { throw Failure(offset: index, expected: "a digit in the exponent") }
                var exponent = 0
                while isDigit(current) {
                    // Int: one decimal digit.
                    if exponent < 100_000 { exponent = exponent * 10 + Int(current! - UInt8(ascii: "0")) }
                    index += 1
                }
                scale += exponentNegative ? -exponent : exponent
            }
            let magnitude: Double
            if digits <= 15, abs(scale) <= 22 {
                // Both operands exact, so one rounding: the correctly rounded result.
                // Int: at most 15 digits, below 2^53.
                let exact = Double(significand)
                magnitude = scale < 0 ? exact / Self.powersOfTen[-scale] : exact * Self.powersOfTen[scale]
            } else {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                guard let parsed = Double(text) else { throw Failure(offset: start, expected: "a number") }
                guard parsed.isFinite else {
                    throw Failure(offset: start, expected: "a number within ±\(Double.greatestFiniteMagnitude)")
                }
                return parsed
            }
            return negative ? -magnitude : magnitude
        }

        /// 10^0 … 10^22, each exact in a double (5^22 < 2^53).
        private static let powersOfTen: [Double] = (0...22).map { k in
            var p = 1.0
            for _ in 0..<k { p *= 10 }
            return p
        }
    }
}
