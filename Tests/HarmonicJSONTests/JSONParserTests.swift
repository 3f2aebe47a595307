import Harmonic
import HarmonicJSON
import HarmonicTestSupport
import Testing

/// The JSON reader against RFC 8259: every kind of value, the escapes, correctly rounded
/// numbers (against the C library's `strtod`, through the standard library's `Double(_:)`),
/// the grammar's refusals with the line and column of the fault, and the nesting bound.
@Suite("JSON parser")
struct JSONParserTests {
    @Test func everyKindOfValue() throws {
        let value = try JSONValue.parse(
            #" {"a": [1, -2.5, 3e2, true, false, null], "b": {"c": "d"}, "e": [], "f": {}} "#)
        #expect(
            value
                == .object([
                    "a": .array([.number(1), .number(-2.5), .number(300), .bool(true), .bool(false), .null]),
                    "b": .object(["c": .string("d")]), "e": .array([]), "f": .object([:]),
                ]))
        #expect(try JSONValue.parse("7") == .number(7))
        #expect(try JSONValue.parse(#""x""#) == .string("x"))
    }

    @Test func escapesAndUnicode() throws {
        let text = #"["\"\\\/\b\f\n\r\t", "\u00e9\u4e2d", "\ud83d\ude00", "é中😀", "\ud800x", "\udc00"]"#
        let value = try JSONValue.parse(text)
        #expect(
            value
                == .array([
                    .string("\"\\/\u{8}\u{C}\n\r\t"), .string("é中"), .string("😀"), .string("é中😀"),
                    // A lone surrogate is no scalar: it reads as the replacement character.
                    .string("\u{FFFD}x"), .string("\u{FFFD}"),
                ]))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try JSONValue.parse("\u{FEFF}[1]") == .array([.number(1)]))
    }

    @Test func repeatedNamesKeepTheLast() throws {
        #expect(try JSONValue.parse(#"{"a": 1, "a": 2}"#) == .object(["a": .number(2)]))
    }

    /// Numbers a shortcut gets wrong: past 2^53, past 10^22, subnormals, negative zero.
    @Test func numbersAreCorrectlyRounded() throws {
        let cases: [(String, Double)] = [
            ("0.1", 0.1), ("1e23", 1e23), ("9007199254740993", 9_007_199_254_740_992),
            ("2.2250738585072011e-308", Double.leastNormalMagnitude.nextDown), ("4.9e-324", .leastNonzeroMagnitude),
            ("1.7976931348623157e308", .greatestFiniteMagnitude),
            ("123456789012345678901234567890", 1.2345678901234568e29),
            ("0.000001", 1e-6), ("100", 100), ("1E+2", 100), ("1e-400", 0),
        ]
        for (text, expected) in cases {
            #expect(try JSONValue.parse(text) == .number(expected), "\(text)")
        }
        guard case let .number(zero) = try JSONValue.parse("-0") else { return }
        #expect(zero == 0 && zero.sign == .minus)
    }

    /// Random decimals, in the fast path's range (≤ 15 digits, |exponent| ≤ 22) and beyond it,
    /// against the standard library's correctly rounded conversion.
    @Test func randomDecimalsMatchStrtod() throws {
        var random = Lehmer(state: 0x5EED)
        for _ in 0..<20_000 {
            // Int: at most 20 digits and exponents within ±40, from the generator's [0, 1).
            let digits = 1 + Int(random.next() * 20)
            var mantissa = ""
            for _ in 0..<digits { mantissa += String(Int(random.next() * 10)) }
            let point = Int(random.next() * Double(digits + 1))
            let integer = String(mantissa.prefix(point)), fraction = String(mantissa.dropFirst(point))
            var text = integer.isEmpty ? "0" : String(integer.drop { $0 == "0" })
            if text.isEmpty { text = "0" }
            if !fraction.isEmpty { text += "." + fraction }
            if random.next() < 0.5 { text += "e" + String(Int(random.next() * 80) - 40) }
            if random.next() < 0.5 { text = "-" + text }
            let expected = try #require(Double(text))
            #expect(try JSONValue.parse(text) == .number(expected), "\(text)")
        }
    }

    /// Every malformed text is refused with the line and column of the first byte that does
    /// not fit, and what would have fitted there.
    @Test(arguments: [
        ("{\"a\": 1,\n  \"b\": }", "line 2, column 8", "a value"),
        ("[1, 2,]", "line 1, column 7", "a value"),
        ("[01]", "line 1, column 3", "'.', 'e' or the end of the number"),
        ("[1.]", "line 1, column 4", "a digit after '.'"),
        ("[1e]", "line 1, column 4", "a digit in the exponent"),
        ("\"a\tb\"", "line 1, column 3", "a control character written as an escape"),
        ("[\"\\x\"]", "line 1, column 4", "an escape"),
        ("[\"\\u12G4\"]", "line 1, column 7", "four hex digits"),
        ("{\"a\" 1}", "line 1, column 6", "':' after the name"),
        ("{1: 2}", "line 1, column 2", "a quoted name"),
        ("[1 2]", "line 1, column 4", "',' or ']'"),
        ("{\"a\": 1 \"b\"}", "line 1, column 9", "',' or '}'"),
        ("[1] x", "line 1, column 5", "the end of the text"),
        ("tru", "line 1, column 1", "a value"),
        ("", "line 1, column 1", "a value"),
        ("[\"abc", "line 1, column 6", "'\"' closing the string"),
        ("[1e400]", "line 1, column 2", "a number within"),
        ("[\"é\", x]", "line 1, column 7", "a value"),
    ])
    func malformedTextIsRefusedWithItsPlace(text: String, place: String, expected: String) {
        #expect(throws: HarmonicError.self) { try JSONValue.parse(text) }
        do {
            _ = try JSONValue.parse(text, language: "Lottie JSON")
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix("invalid Lottie JSON (\(place))"), "\(message)")
            #expect(message.contains("expected \(expected)"), "\(message)")
        }
    }

    /// A minified file is one long line: the message shows the stretch around the fault.
    @Test func longLineShowsTheStretchAroundTheFault() {
        let text = "[" + String(repeating: "1,", count: 500) + "x]"
        do {
            _ = try JSONValue.parse(text)
            Issue.record("x is no value")
        } catch {
            let message = "\(error)"
            #expect(message.contains("column 1002"), "\(message)")
            #expect(message.contains("1,1,x]"), "\(message)")
            #expect(message.count < 200, "\(message)")
        }
    }

    @Test func nestingIsBounded() throws {
        let deepest = JSONParser.maximumDepth
        let fits = String(repeating: "[", count: deepest) + String(repeating: "]", count: deepest)
        #expect(throws: Never.self) { try JSONValue.parse(fits) }
        let tooDeep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try JSONValue.parse(tooDeep)
            Issue.record("100,000 levels are refused")
        } catch {
            #expect("\(error)".contains("at most \(deepest) nested arrays and objects"))
        }
    }

    /// Random trees written out and read back are the same trees.
    @Test func randomTreesRoundTrip() throws {
        var random = Lehmer(state: 42)
        func tree(_ depth: Int) -> JSONValue {
            let kind = Int(random.next() * (depth > 4 ? 4 : 6))  // Int: a choice among six kinds.
            switch kind {
            case 0: return .null
            case 1: return .bool(random.next() < 0.5)
            case 2: return .number((random.next() - 0.5) * pow10(Int(random.next() * 40) - 20))
            case 3:
                let pool: [Character] = ["a", "é", "\"", "\\", "\n", "\u{1}", "😀", " ", "/"]
                // Int: an index into the pool.
                return .string(String((0..<Int(random.next() * 8)).map { _ in pool[Int(random.next() * 9)] }))
            case 4: return .array((0..<Int(random.next() * 5)).map { _ in tree(depth + 1) })
            default:
                var members: [String: JSONValue] = [:]
                for i in 0..<Int(random.next() * 5) { members["k\(i)"] = tree(depth + 1) }
                return .object(members)
            }
        }
        func write(_ value: JSONValue) -> String {
            switch value {
            case .null: return "null"
            case let .bool(b): return "\(b)"
            case let .number(n): return "\(n)"  // The shortest text that reads back as n.
            case let .string(s): return JSONText.quoted(s)
            case let .array(items): return "[" + items.map(write).joined(separator: ",") + "]"
            case let .object(members):
                return "{" + members.map { JSONText.quoted($0.key) + ": " + write($0.value) }.joined(separator: ",\n")
                    + "}"
            }
        }
        for _ in 0..<500 {
            let value = tree(0)
            #expect(try JSONValue.parse(write(value)) == value)
        }
    }

    private func pow10(_ k: Int) -> Double {
        var p = 1.0
        for _ in 0..<abs(k) { p *= 10 }
        return k < 0 ? 1 / p : p
    }
}
