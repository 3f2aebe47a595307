import HarmonicPlatform

/// A one-line progress display on standard error for long exports, shown only when standard
/// error is a terminal (so logs and pipes never receive carriage-return noise).
///
/// It redraws at most once per percent and per tenth of a second, then erases itself when the
/// work is done, leaving the terminal as it was.
final class ProgressMeter {
    private let total: Int
    private let label: String
    private var lastPercent = -1
    /// Seconds on the monotonic clock at the last redraw.
    private var lastDraw = -Double.infinity
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
        // Int: 0 ≤ done ≤ total and total ≥ 1, so the percentage is in [0, 100].
        let percent = Int(Double(done) / Double(total) * 100)
        guard percent != lastPercent else { return }
        let now = Self.monotonicSeconds()
        guard now - lastDraw >= 0.1 || percent == 100 else { return }
        lastPercent = percent
        lastDraw = now
        drawn = true
        try? FileDescriptor.writeAll(
            "\rharmonic: \(label) \(percent)% (\(done) of \(total))\u{1B}[K", to: FileDescriptor.standardError)
    }

    /// Erases the line.
    func finish() {
        if drawn { try? FileDescriptor.writeAll("\r\u{1B}[K", to: FileDescriptor.standardError) }
        drawn = false
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }
}
