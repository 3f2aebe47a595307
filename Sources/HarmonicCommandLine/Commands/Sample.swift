import ArgumentParser
import Harmonic
import HarmonicSpec

/// `harmonic sample SPEC …`: the curve's values (and velocities) at chosen times, as CSV or JSON.
///
/// Output streams: neither the times nor the samples are held in memory, so a fifty-million
/// row export needs no more memory than a ten-row one. How many rows a command may ask for is
/// ``WorkBudget/sampleWork``. With a terminal on standard error, long
/// exports show a progress line there.
struct Sample: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a curve's values at chosen times as CSV or JSON.",
        discussion: """
            Example: the default spring at five evenly spaced times, with velocities:

              harmonic sample '{"spring": {}}' --start 0 --end 1 --count 5 --velocity
            """)

    @Argument(help: "The spec: a JSON file, '-' for standard input, or JSON text.")
    var spec: String

    @OptionGroup var grid: TimeGridOptions

    @OptionGroup var table: OutputOptions

    func run() throws { try runReportingErrors(execute) }

    /// Runs the command; the error is what the tool prints as its one-line message.
    func execute() throws(HarmonicError) {
        let specCurve = try Spec.load(spec).curve
        let curve = specCurve.sampled
        let times = try grid.resolve(defaultDomain: curve.defaultDomain)
        let writer = SampleWriter(
            dimension: curve.dimension, velocity: table.velocity, angle: curve.hasAngle, format: table.format)
        let columns = Double(writer.columns.count)
        let evaluatedPerPass = table.format == .json ? Double(curve.dimension * (table.velocity ? 2 : 1)) : 1
        try WorkBudget.require(
            Double(times.count) * columns * evaluatedPerPass * WorkBudget.evaluationWeight(of: specCurve),
            within: WorkBudget.sampleWork,
            asked: "\(times.count) times × \(writer.columns.count) \(table.format.rawValue) columns",
            lower: "lower --count or --fps, or sample fewer columns")
        let sink = try OutputSink(path: table.output)
        let progress = ProgressMeter.forTerminal(total: writer.work(rows: times.count), label: "sampling")
        do throws(HarmonicError) {
            try writer.write(curve, at: times, to: sink, progress: progress)
            try sink.close()
        } catch {
            progress?.finish()
            sink.discard()
            throw error
        }
    }
}
