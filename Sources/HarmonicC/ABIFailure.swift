import CHarmonic
import Harmonic

/// Why a call of the C interface failed: the status it returns and the one-line message
/// `harmonic_last_error()` then gives. Every entry point runs its body through
/// ``withStatus(_:)``, so no Swift error leaves the library.
struct ABIFailure: Error {
    var status: harmonic_status
    var message: String

    init(_ status: harmonic_status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// A library error: a syntax error for unparsable text, an invalid argument otherwise, with
    /// the message the command-line tool prints.
    init(_ error: HarmonicError) {
        if case .syntax = error {
            self.init(HARMONIC_ERROR_SYNTAX, error.description)
        } else {
            self.init(HARMONIC_ERROR_INVALID_ARGUMENT, error.description)
        }
    }

    /// A parameter's value that is not allowed, in the library's one-line form
    /// (`name = value is invalid: must be allowed`), reported with `status`.
    static func invalid(
        _ name: String, _ value: String, _ allowed: String, status: harmonic_status = HARMONIC_ERROR_INVALID_ARGUMENT
    ) -> ABIFailure {
        ABIFailure(status, HarmonicError.invalidParameter(name: name, value: value, allowed: allowed).description)
    }

    static func null(_ parameter: String) -> ABIFailure {
        invalid(parameter, "NULL", "a valid pointer", status: HARMONIC_ERROR_NULL_POINTER)
    }

    static func bufferTooSmall(_ parameter: String, capacity: Int, needed: Int) -> ABIFailure {
        invalid(
            parameter, "\(capacity)", "at least \(needed) (doubles this call writes)",
            status: HARMONIC_ERROR_BUFFER_TOO_SMALL)
    }
}

/// Runs one entry point's body: `HARMONIC_OK` when it returns, otherwise the failure's status
/// with its message stored for `harmonic_last_error()`.
func withStatus(_ body: () throws(ABIFailure) -> Void) -> harmonic_status {
    do {
        try body()
        return HARMONIC_OK
    } catch {
        var message = error.message
        message.withUTF8 { harmonic_support_set_last_error($0.baseAddress, $0.count) }
        return error.status
    }
}

/// Converts a library error thrown by `body` into an ``ABIFailure``.
func library<T>(_ body: () throws(HarmonicError) -> T) throws(ABIFailure) -> T {
    do {
        return try body()
    } catch {
        throw ABIFailure(error)
    }
}

/// A NUL-terminated UTF-8 argument as a `String`; `NULL` is an error naming `parameter`.
func string(_ pointer: UnsafePointer<CChar>?, _ parameter: String) throws(ABIFailure) -> String {
    guard let pointer else { throw .null(parameter) }
    return String(cString: pointer)
}

/// Checks that a caller's buffer of `capacity` doubles holds `needed`.
func requireCapacity(_ capacity: Int, _ needed: Int, _ parameter: String) throws(ABIFailure) {
    guard capacity >= needed else { throw .bufferTooSmall(parameter, capacity: capacity, needed: needed) }
}

/// `count × dimension`, or a failure when the product overflows.
func product(_ count: Int, _ dimension: Int, _ parameter: String) throws(ABIFailure) -> Int {
    let (n, overflow) = count.multipliedReportingOverflow(by: dimension)
    guard !overflow else {
        throw .invalid(parameter, "\(count) rows of \(dimension)", "a buffer size that fits in memory")
    }
    return n
}

/// A finite number, or a failure naming `parameter`.
func requireFinite(_ x: Double, _ parameter: String) throws(ABIFailure) {
    guard x.isFinite else { throw .invalid(parameter, "\(x)", "finite") }
}

/// A `size_t` argument, which Swift receives as an `Int`: sizes above `Int.max` arrive
/// negative and are refused rather than read as zero or as a small count.
func requireSize(_ n: Int, _ parameter: String) throws(ABIFailure) {
    guard n >= 0 else { throw .invalid(parameter, "\(UInt(bitPattern: n))", "at most \(Int.max)") }
}

/// Copies `text` and a NUL into a caller's buffer of `capacity` bytes; `*length` (when not NULL)
/// receives the text's length in bytes, also when the buffer is too small — then
/// HARMONIC_ERROR_BUFFER_TOO_SMALL, nothing written (a capacity of 0 asks for the length).
func deliver(
    text: String, what: String, into buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ length: UnsafeMutablePointer<Int>?
) throws(ABIFailure) {
    let bytes = Array(text.utf8)
    length?.pointee = bytes.count
    guard capacity > bytes.count else {
        throw .invalid(
            "capacity", "\(capacity)", "at least \(bytes.count + 1) (\(what) and a NUL)",
            status: HARMONIC_ERROR_BUFFER_TOO_SMALL)
    }
    guard let buffer else { throw .null("buffer") }
    for (i, byte) in bytes.enumerated() { buffer[i] = CChar(bitPattern: byte) }
    buffer[bytes.count] = 0
}
