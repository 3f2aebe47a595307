import Harmonic

/// How one document is read — strictly, where every problem throws, or leniently, where a
/// problem that leaves something to draw is read past — and the problems read past, each with
/// the JSON path where it is.
///
/// Lenient reading is how files from the web are read (every Lottie player reads them so): a
/// bad keyframe costs its property's animation, a bad property its default, a bad item that
/// item. A reader marks each such place with ``recovering(_:fallback:_:)``, naming what is drawn
/// instead; strict reading turns the same places back into errors, for tools that must not
/// write a damaged file. Hand-written documents (specs, scenes) are read strictly.
///
/// A class, shared by every reader of one document: the warnings of the whole document are
/// collected in the order met.
package final class JSONDiagnostics {
    /// A problem read past: the JSON path, and one line saying what is wrong and what is drawn
    /// instead (`layers[4].parent = 8 is invalid: must be the ind of a layer in the same list;
    /// drawn without a parent`).
    package struct Warning: Sendable, Hashable {
        package var path: String
        package var message: String

        package init(path: String, message: String) {
            self.path = path
            self.message = message
        }
    }

    /// Whether a problem stops reading (`true`) or is read past with a warning.
    package let strict: Bool

    /// The problems read past, in the order met, at most ``maximumReports``.
    package private(set) var warnings: [Warning] = []
    /// Warnings beyond ``maximumReports``, counted but not kept.
    package private(set) var droppedWarnings = 0

    /// The most reports of one kind a document keeps: a file with 100,000 bad keyframes
    /// reports the first thousand and the count, in memory linear in the cap, not the file.
    package static let maximumReports = 1000

    package init(strict: Bool) { self.strict = strict }

    /// Reports a problem read past: `error` says what is wrong where, `consequence` what is done
    /// instead. Strictly read, the error stands.
    package func warn(_ error: HarmonicError, _ consequence: String) throws(HarmonicError) {
        if strict { throw error }
        let path: String
        switch error {
        case let .invalidParameter(name, _, _): path = name
        case .syntax, .conflict: path = ""
        }
        Self.keep(Warning(path: path, message: "\(error); \(consequence)"), in: &warnings, counting: &droppedWarnings)
    }

    /// Reads one part of the document with `read`. A part that cannot be read is, leniently,
    /// replaced by `fallback` and reported with the error's own words and `consequence`;
    /// strictly, the error stands.
    package func recovering<T>(
        _ consequence: String, fallback: @autoclosure () -> T, _ read: () throws(HarmonicError) -> T
    ) throws(HarmonicError) -> T {
        do {
            return try read()
        } catch {
            try warn(error, consequence)
            return fallback()
        }
    }

    /// Appends `report` to `list` while it holds fewer than ``maximumReports``, else counts it.
    package static func keep<Report>(_ report: Report, in list: inout [Report], counting dropped: inout Int) {
        if list.count < maximumReports { list.append(report) } else { dropped += 1 }
    }
}
