import ArgumentParser
import Harmonic
@testable import HarmonicJSON
@testable import HarmonicCommandLine
@testable import HarmonicSpec

/// The checks every fuzz target shares.
enum ContractCheck {
    /// The input as text: invalid UTF-8 becomes U+FFFD, as when the tool reads a file.
    static func text(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Traps with `message` when `condition` is false: the way a fuzz target reports a broken
    /// promise (libFuzzer saves the input that caused it).
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("contract broken: \(message())") }
    }

    /// The longest error message a user should ever see: inputs are echoed in excerpts.
    static let maximumMessageLength = 2_000

    /// An error message is one line of bounded length.
    static func requireOneLine(_ message: String, context: @autoclosure () -> String) {
        require(!message.isEmpty, "empty error message for \(context())")
        require(!message.contains(where: \.isNewline), "multi-line error message for \(context()): \(message)")
        let bytes = message.utf8.count
        require(bytes <= maximumMessageLength, "error message of \(bytes) bytes for \(context())")
    }

    static func requireOneLine(_ error: HarmonicError, context: @autoclosure () -> String) {
        requireOneLine(error.description, context: context())
    }

    /// Every component is finite.
    static func requireFinite(_ values: [Double], _ what: @autoclosure () -> String) {
        for (i, v) in values.enumerated() {
            require(v.isFinite, "\(what())[\(i)] = \(v)")
        }
    }

    /// Times that probe a curve: its domain's ends, interior points, just outside, and far
    /// outside (finite times must give finite values however far they are).
    static func probeTimes(_ domain: ClosedRange<Double>) -> [Double] {
        let a = domain.lowerBound, b = domain.upperBound
        var times = [a, b, -1, 0, 1, 1e9, -1e9, 1e300, -1e300, a.nextDown, b.nextUp]
        for k in 1..<8 { times.append(a + (b - a) * Double(k) / 8) }
        return times.filter(\.isFinite)
    }

    /// Every number in a JSON value is finite (the parser reads `1e400` as infinity).
    static func requireFiniteNumbers(_ value: JSONValue, _ what: @autoclosure () -> String) {
        switch value {
        case let .number(x): require(x.isFinite, "\(what()): \(x)")
        case let .array(items): for item in items { requireFiniteNumbers(item, what()) }
        case let .object(members): for (_, item) in members { requireFiniteNumbers(item, what()) }
        case .null, .bool, .string: break
        }
    }

    /// Text the tool wrote (CSV, JSON, SVG) spells no non-finite number: no `nan` or `inf`
    /// as a word of its own, in any case.
    static func requireFiniteNumbers(_ text: String, _ what: @autoclosure () -> String) {
        var word = ""
        for character in text.lowercased() + " " {
            if character.isLetter {
                word.append(character)
                continue
            }
            if word == "nan" || word == "inf" || word == "infinity" {
                require(false, "\(what()) spells \(word)")
            }
            word = ""
        }
    }

    /// `convert --to css`'s object has a `css` member that parses back as a CSS easing.
    static func requireCSSMember(_ members: [String: JSONValue], of output: String) {
        guard case let .string(css)? = members["css"] else {
            require(false, "convert --to css wrote no css member: \(output)")
            return
        }
        do {
            _ = try CSSEasingFunction(parsing: css)
        } catch {
            require(false, "exported linear() does not parse: \(error)")
        }
    }

    /// A command line given as text, one argument per line (empty lines are empty arguments).
    static func arguments(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// FNV-1a of the text: a stable choice per input (Swift's `Hasher` is seeded per process).
    static func hash(_ text: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return h
    }

    /// The command line parsed as `Command`, or nil (a parser error: ``OptionsContract`` checks
    /// those messages).
    static func parse<Command: ParsableCommand>(_ arguments: [String], as: Command.Type) -> Command? {
        (try? HarmonicCommand.parseAsRoot(arguments)) as? Command
    }
}
