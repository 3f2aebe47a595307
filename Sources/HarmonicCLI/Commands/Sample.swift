import ArgumentParser
import Harmonic

/// `harmonic sample SPEC …`: the curve's values (and velocities) at chosen times, as CSV or JSON.
///
/// Output streams: neither the times nor the samples are held in memory, so a hundred-million
/// row export needs no more memory than a ten-row one. With a terminal on standard error, long
/// exports show a progress line there.
struct Sample: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a curve's values at chosen times as CSV or JSON.")

    @Argument(help: "The spec: a JSON file, '-' for standard input, or JSON text.")
    var spec: String

    @OptionGroup var grid: TimeGridOptions

    @Flag(name: .long, help: "Add velocity columns (value units per second).")
    var velocity = false

    @Option(name: .long, help: "Output format: csv or json.")
    var format: String = "csv"

    @Option(name: .long, help: "Write to this file (atomically) instead of standard output.")
    var output: String?

    func run() throws {
        try runReportingErrors { () throws(HarmonicError) in
            guard let format = SampleFormat(rawValue: format) else {
                throw .invalidParameter(name: "--format", value: format, allowed: "csv or json")
            }
            let curve = try Spec.load(spec).curve
            let times = try grid.resolve(defaultDomain: curve.defaultDomain)
            let sink = try OutputSink(path: output)
            let writer = SampleWriter(
                dimension: curve.dimension, velocity: velocity, angle: curve.hasAngle, format: format)
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
}
