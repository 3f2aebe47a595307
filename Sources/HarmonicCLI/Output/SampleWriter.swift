import Harmonic

/// The output formats of `harmonic sample`.
enum SampleFormat: String, CaseIterable {
    case csv, json
}

/// Writes samples as CSV (streamed, a header line then one row per time) or JSON (one object
/// whose members are the columns, each an array).
///
/// Columns: `time`; `value` for a one-component curve, else `value.0`, `value.1`, …; the same
/// for `velocity` when requested; `angle` for curves with a rotation mode. Numbers are printed
/// in Swift's shortest round-trip form, so parsing a printed number gives back the same
/// `Double`.
struct SampleWriter {
    let columns: [String]
    let format: SampleFormat
    let includeVelocity: Bool
    let includeAngle: Bool
    private var jsonColumns: [[Double]]

    init(dimension: Int, velocity: Bool, angle: Bool, format: SampleFormat) {
        func names(_ base: String) -> [String] {
            dimension == 1 ? [base] : (0..<dimension).map { "\(base).\($0)" }
        }
        var columns = ["time"] + names("value")
        if velocity { columns += names("velocity") }
        if angle { columns.append("angle") }
        self.columns = columns
        self.format = format
        self.includeVelocity = velocity
        self.includeAngle = angle
        self.jsonColumns = format == .json ? Array(repeating: [], count: columns.count) : []
    }

    func begin(_ sink: OutputSink) throws(HarmonicError) {
        if format == .csv { try sink.write(columns.joined(separator: ",") + "\n") }
    }

    mutating func append(time: Double, _ sample: CurveSample, to sink: OutputSink) throws(HarmonicError) {
        var row = [time]
        row += sample.value
        if includeVelocity { row += sample.velocity }
        if includeAngle { row.append(sample.angle ?? 0) }
        switch format {
        case .csv:
            try sink.write(row.map(Self.text).joined(separator: ",") + "\n")
        case .json:
            for (i, x) in row.enumerated() { jsonColumns[i].append(x) }
        }
    }

    func end(_ sink: OutputSink) throws(HarmonicError) {
        guard format == .json else { return }
        var text = "{"
        for (i, name) in columns.enumerated() {
            text += (i == 0 ? "" : ",") + "\n  \"\(name)\": ["
            text += jsonColumns[i].map(Self.text).joined(separator: ", ") + "]"
        }
        try sink.write(text + "\n}\n")
    }

    /// Whole numbers print without a fractional part (`0`, `100`), every other number in
    /// Swift's shortest round-trip form (`0.1`, `1e-05`), which parses back to the same `Double`.
    static func text(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }
}
