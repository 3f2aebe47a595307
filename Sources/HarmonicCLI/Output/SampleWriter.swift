import Harmonic

/// The output formats of `harmonic sample`.
enum SampleFormat: String, CaseIterable {
    case csv, json
}

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
    func write(
        _ curve: any SampledCurve, at times: TimeGrid, to sink: OutputSink, progress: ProgressMeter?
    ) throws(HarmonicError) {
        switch format {
        case .csv:
            try sink.write(columns.joined(separator: ",") + "\n")
            var row = ""
            for (i, t) in times.enumerated() {
                row.removeAll(keepingCapacity: true)
                let sample = curve.sample(at: t)
                row += Self.text(t)
                for x in sample.value { row += ","; row += Self.text(x) }
                if includeVelocity { for x in sample.velocity { row += ","; row += Self.text(x) } }
                if includeAngle { row += ","; row += Self.text(sample.angle ?? 0) }
                row += "\n"
                try sink.write(row)
                progress?.update(i + 1)
            }
        case .json:
            try sink.write("{")
            for (c, name) in columns.enumerated() {
                try sink.write((c == 0 ? "" : ",") + "\n  \"\(name)\": [")
                for (i, t) in times.enumerated() {
                    let x = c == 0 ? t : column(c, of: curve.sample(at: t))
                    try sink.write((i == 0 ? "" : ", ") + Self.text(x))
                    progress?.update(c * times.count + i + 1)
                }
                try sink.write("]")
            }
            try sink.write("\n}\n")
        }
        progress?.finish()
    }

    /// Column `c` (≥ 1) of a sample, in the order of ``columns``.
    private func column(_ c: Int, of sample: CurveSample) -> Double {
        var index = c - 1
        if index < dimension { return sample.value[index] }
        index -= dimension
        if includeVelocity {
            if index < dimension { return sample.velocity[index] }
            index -= dimension
        }
        return sample.angle ?? 0
    }

    /// Whole numbers print without a fractional part (`0`, `100`), every other number in
    /// Swift's shortest round-trip form (`0.1`, `1e-05`), which parses back to the same `Double`.
    static func text(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }
}
