import Foundation

/// A one-line progress display on standard error for long exports, shown only when standard
/// error is a terminal (so logs and pipes never receive carriage-return noise).
///
/// It redraws at most once per percent and per tenth of a second, then erases itself when the
/// work is done, leaving the terminal as it was.
final class ProgressMeter {
    private let total: Int
    private let label: String
    private var lastPercent = -1
    private var lastDraw = Date.distantPast
    private var drawn = false

    /// A meter for `total` units of work, or `nil` when standard error is not a terminal or
    /// the work is too small to be worth showing.
    ///
    /// - Parameter minimum: Below this many units no meter is shown (default 200 000,
    ///   about a quarter of a second of CSV output).
    static func forTerminal(total: Int, label: String, minimum: Int = 200_000) -> ProgressMeter? {
        guard total >= minimum, isatty(STDERR_FILENO) == 1 else { return nil }
        return ProgressMeter(total: total, label: label)
    }

    init(total: Int, label: String) {
        self.total = Swift.max(total, 1)
        self.label = label
    }

    func update(_ done: Int) {
        let percent = Int(Double(done) / Double(total) * 100)
        guard percent != lastPercent else { return }
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.1 || percent == 100 else { return }
        lastPercent = percent
        lastDraw = now
        drawn = true
        FileHandle.standardError.write(Data("\rharmonic: \(label) \(percent)% (\(done) of \(total))\u{1B}[K".utf8))
    }

    /// Erases the line.
    func finish() {
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        drawn = false
    }
}
