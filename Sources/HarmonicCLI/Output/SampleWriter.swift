import Dispatch
import Harmonic

/// Writes samples as CSV (a header line then one row per time) or JSON (one object whose
/// members are the columns, each an array), streaming in both formats: memory use does not
/// grow with the number of samples.
///
/// Columns: `time`; `value` for a one-component curve, else `value.0`, `value.1`, …; the same
/// for `velocity` when requested; `angle` for curves with a rotation mode. Numbers are printed
/// in Swift's shortest round-trip form, so parsing a printed number gives back the same
/// `Double`.
///
/// JSON is column-major, so it is streamed by evaluating the curve once per column (the curve
/// is a pure function of time, so every pass sees the same samples); CSV evaluates once per
/// row.
struct SampleWriter {
    let columns: [String]
    let format: SampleFormat
    let dimension: Int
    let includeVelocity: Bool
    let includeAngle: Bool

    init(dimension: Int, velocity: Bool, angle: Bool, format: SampleFormat) {
        func names(_ base: String) -> [String] {
            dimension == 1 ? [base] : (0..<dimension).map { "\(base).\($0)" }
        }
        var columns = ["time"] + names("value")
        if velocity { columns += names("velocity") }
        if angle { columns.append("angle") }
        self.columns = columns
        self.format = format
        self.dimension = dimension
        self.includeVelocity = velocity
        self.includeAngle = angle
    }

    /// The amount of work `write` reports to a progress meter: rows for CSV, rows × columns
    /// for JSON.
    func work(rows: Int) -> Int { format == .csv ? rows : rows * columns.count }

    /// Writes every sample of `curve` at `times` to `sink`, reporting to `progress`.
    ///
    /// Samples are taken a block at a time through the curve's fastest path
    /// (``SampledCurve/sample(_:_:velocity:into:)``); formatting, which costs more than the
    /// curves, is split between two threads per block (the halves are written in order, so
    /// the output is byte for byte the same as one thread's).
    func write(
        _ curve: any SampledCurve, at times: TimeGrid, to sink: OutputSink, progress: ProgressMeter?
    ) throws(HarmonicError) {
        // Blocks large enough (about a millisecond of formatting per half) that the second
        // thread pays for its start.
        var block = SampleBlock(dimension: dimension, capacity: 32_768)
        let n = times.count
        // Each number takes at most maximumLength bytes plus a separator.
        let rowBytes = columns.count * (NumberText.maximumLength + 2) + 1
        let halves = [TextBuffer(capacity: rowBytes * block.capacity), TextBuffer(capacity: rowBytes * block.capacity)]
        switch format {
        case .csv:
            try sink.write(columns.joined(separator: ",") + "\n")
            var start = 0
            while start < n {
                let range = start..<Swift.min(start + block.capacity, n)
                curve.sample(times, range, velocity: includeVelocity, into: &block)
                let filled = block
                Self.splitInTwo(filled.count, halves) { part, buffer in
                    for r in part { formatRow(r, of: filled, into: buffer) }
                }
                for h in 0..<2 { try sink.write(bytes: halves[h].bytes) }
                start = range.upperBound
                progress?.update(start)
            }
        case .json:
            try sink.write("{")
            for (c, name) in columns.enumerated() {
                try sink.write((c == 0 ? "" : ",") + "\n  \"\(name)\": [")
                var start = 0
                while start < n {
                    let range = start..<Swift.min(start + block.capacity, n)
                    if c > 0 { curve.sample(times, range, velocity: includeVelocity, into: &block) }
                    let filled = block
                    Self.splitInTwo(range.count, halves) { part, buffer in
                        for r in part {
                            if range.lowerBound + r > 0 {
                                buffer.append(byte: UInt8(ascii: ","))
                                buffer.append(byte: UInt8(ascii: " "))
                            }
                            buffer.append(number: c == 0 ? times[range.lowerBound + r] : column(c, row: r, of: filled))
                        }
                    }
                    for h in 0..<2 { try sink.write(bytes: halves[h].bytes) }
                    start = range.upperBound
                    progress?.update(c * n + start)
                }
                try sink.write("]")
            }
            try sink.write("\n}\n")
        }
        progress?.finish()
    }

    /// One CSV row of a block.
    private func formatRow(_ r: Int, of block: SampleBlock, into buffer: TextBuffer) {
        let d = dimension
        buffer.append(number: block.times[r])
        for c in 0..<d {
            buffer.append(byte: UInt8(ascii: ","))
            buffer.append(number: block.values[r * d + c])
        }
        if includeVelocity {
            for c in 0..<d {
                buffer.append(byte: UInt8(ascii: ","))
                buffer.append(number: block.velocities[r * d + c])
            }
        }
        if includeAngle {
            buffer.append(byte: UInt8(ascii: ","))
            buffer.append(number: block.angles[r])
        }
        buffer.append(byte: UInt8(ascii: "\n"))
    }

    /// Runs `body` on the two halves of `0 ..< count`, each with its own buffer (emptied first),
    /// on two threads when there is enough work to pay for the second.
    private static func splitInTwo(
        _ count: Int, _ buffers: [TextBuffer], _ body: @Sendable (Range<Int>, TextBuffer) -> Void
    ) {
        let middle = count / 2
        buffers[0].removeAll()
        buffers[1].removeAll()
        guard count >= 256 else {
            body(0..<count, buffers[0])
            return
        }
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            body(k == 0 ? 0..<middle : middle..<count, buffers[k])
        }
    }

    /// Column `c` (≥ 1) of row `r` of a block, in the order of ``columns``.
    private func column(_ c: Int, row r: Int, of block: SampleBlock) -> Double {
        var index = c - 1
        if index < dimension { return block.values[r * dimension + index] }
        index -= dimension
        if includeVelocity {
            if index < dimension { return block.velocities[r * dimension + index] }
            index -= dimension
        }
        return block.angles[r]
    }

    /// A number as the tool prints it (``NumberText``).
    static func text(_ x: Double) -> String { NumberText.text(x) }
}
