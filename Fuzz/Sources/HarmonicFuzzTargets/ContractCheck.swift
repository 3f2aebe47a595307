import Harmonic

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
}
