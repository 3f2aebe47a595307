import Dispatch
import Harmonic
import HarmonicSpec

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
        columns = SampleColumns.curve(dimension: dimension, velocity: velocity, angle: angle)
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
    /// (``SampledCurve/sample(_:_:velocity:into:)``), and blocks are sampled and formatted on
    /// every core (``BlockPipeline``); the output is byte for byte the same as one thread's.
    func write(
        _ curve: any SampledCurve, at times: TimeGrid, to sink: OutputSink, progress: ProgressMeter?
    ) throws(HarmonicError) {
        let n = times.count
        // Each number takes at most maximumLength bytes plus a separator; a JSON block may
        // also open or close its column.
        let rowBytes = columns.count * (NumberText.maximumLength + 2) + 1
        let framing = columns.map(\.utf8.count).max()! + 16
        let lanes = (0..<BlockPipeline.laneCount).map { _ in
            ExportLane(
                samples: SampleBlock(dimension: dimension, capacity: Self.blockRows),
                textCapacity: rowBytes * Self.blockRows + framing)
        }
        let blocksPerColumn = (n + Self.blockRows - 1) / Self.blockRows
        @Sendable func rows(ofBlock b: Int) -> Range<Int> {
            b * Self.blockRows..<Swift.min((b + 1) * Self.blockRows, n)
        }
        switch format {
        case .csv:
            try sink.write(columns.joined(separator: ",") + "\n")
            try BlockPipeline.run(
                blocks: blocksPerColumn, lanes: lanes,
                format: { [self] b, lane in
                    curve.sample(times, rows(ofBlock: b), velocity: includeVelocity, into: &lane.samples)
                    let samples = lane.samples
                    for r in 0..<samples.count { formatRow(r, of: samples, into: lane.text) }
                },
                deliver: { (b, lane) throws(HarmonicError) in
                    try sink.write(bytes: lane.text.bytes)
                    progress?.update(rows(ofBlock: b).upperBound)
                })
        case .json:
            // Column-major: every column is a pass over the blocks (the curve is a pure
            // function of time, so every pass sees the same samples). A column with no rows
            // still has one (empty) block, which opens and closes it.
            let perColumn = Swift.max(blocksPerColumn, 1)
            try sink.write("{")
            try BlockPipeline.run(
                blocks: columns.count * perColumn, lanes: lanes,
                format: { [self] k, lane in
                    let (c, b) = k.quotientAndRemainder(dividingBy: perColumn)
                    let range = rows(ofBlock: b)
                    let text = lane.text
                    if b == 0 { text.append(text: (c == 0 ? "" : ",") + "\n  \"\(columns[c])\": [") }
                    if c > 0 { curve.sample(times, range, velocity: includeVelocity, into: &lane.samples) }
                    let samples = lane.samples
                    for (r, i) in range.enumerated() {
                        if i > 0 {
                            text.append(byte: UInt8(ascii: ","))
                            text.append(byte: UInt8(ascii: " "))
                        }
                        text.append(number: c == 0 ? times[i] : column(c, row: r, of: samples))
                    }
                    if b == perColumn - 1 { text.append(byte: UInt8(ascii: "]")) }
                },
                deliver: { (k, lane) throws(HarmonicError) in
                    try sink.write(bytes: lane.text.bytes)
                    let (c, b) = k.quotientAndRemainder(dividingBy: perColumn)
                    progress?.update(c * n + rows(ofBlock: b).upperBound)
                })
            try sink.write("\n}\n")
        }
        progress?.finish()
    }

    /// Rows per block: enough (a millisecond or two of formatting) that handing blocks between
    /// threads costs little, few enough that the lanes finish close together.
    static let blockRows = 16_384

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
