import ArgumentParser
import Harmonic

/// `harmonic plot SPEC --output FILE.svg`: a chart of the curve (and its velocity) as SVG.
struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a curve as an SVG chart: value, optional velocity, and the 2-D trajectory of 2-D curves.",
        discussion: """
            Without grid options the curve's default interval is drawn with 1200 samples \
            (and 8 % more for a motion in time). Springs are annotated with their target, \
            Core Animation's settlingDuration and the exact time they settle within 0.1 %.

            Example:

              harmonic plot '{"spring": {}}' --velocity --output spring.svg
            """)

    @Argument(help: "The spec: a JSON file, '-' for standard input, or JSON text.")
    var spec: String

    @OptionGroup var grid: TimeGridOptions

    @Flag(name: .long, help: "Add a velocity panel below the values.")
    var velocity = false

    @Option(name: .long, help: "The SVG file to write (atomically); '-' for standard output.")
    var output: String

    /// The most samples a plot takes: far beyond what a chart can show (it draws at most a few
    /// points per pixel column), and a bound on memory.
    static let maximumSamples = 2_000_000

    func run() throws {
        try runReportingErrors { () throws(HarmonicError) in
            let curve = try Spec.load(spec).curve.sampled
            // A motion in time is drawn a little past its default interval, so the settled tail
            // and the end markers show; a curve of progress ends at its end.
            let domain = curve.defaultDomain
            let margin = curve.plotsPastDefaultDomain ? 0.08 * (domain.upperBound - domain.lowerBound) : 0
            let shown = domain.lowerBound...(domain.upperBound + margin)
            let times = try grid.resolve(defaultDomain: shown, defaultCount: 1200)
            guard times.count <= Self.maximumSamples else {
                throw .invalidParameter(
                    name: "samples", value: "\(times.count)", allowed: "at most \(Self.maximumSamples) for a plot (lower --fps or --count)")
            }
            let samples = CurvePlot.sample(curve, times: times)
            let svg = CurvePlot.chart(curve, samples, velocity: velocity).render()
            let sink = try OutputSink(path: output)
            do throws(HarmonicError) {
                try sink.write(svg)
                try sink.close()
            } catch {
                sink.discard()
                throw error
            }
        }
    }
}
