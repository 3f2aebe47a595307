import ArgumentParser
import Harmonic

/// `harmonic sample SPEC …`: the curve's values (and velocities) at chosen times, as CSV or JSON.
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
            var writer = SampleWriter(
                dimension: curve.dimension, velocity: velocity, angle: curve.hasAngle, format: format)
            do throws(HarmonicError) {
                try writer.begin(sink)
                for t in times { try writer.append(time: t, curve.sample(at: t), to: sink) }
                try writer.end(sink)
                try sink.close()
            } catch {
                sink.discard()
                throw error
            }
        }
    }
}
