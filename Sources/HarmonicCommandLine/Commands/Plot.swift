import ArgumentParser
import Harmonic
import HarmonicSpec
import HarmonicRender

/// `harmonic plot SPEC --output FILE.svg|FILE.png`: a chart of the curve (and its velocity) as
/// SVG, or as PNG rendered from the same SVG by librsvg (`SVGRasterizer`).
struct Plot: ParsableCommand {
    /// The image formats `plot` writes.
    enum PlotFormat: String, CaseIterable, ExpressibleByArgument {
        case svg, png
    }

    static let configuration = CommandConfiguration(
        abstract:
            "Draw a curve as an SVG or PNG chart: value, optional velocity, and the 2-D trajectory of 2-D curves.",
        discussion: """
            Without grid options the curve's default interval is drawn with 1200 samples \
            (and 8 % more for a motion in time). Springs are annotated with their target, \
            Core Animation's settlingDuration and the exact time they settle within 0.1 %. \
            PNG output is the SVG drawn by librsvg (Debian: librsvg2-2) at --scale pixels per \
            unit.

            Example:

              harmonic plot '{"spring": {}}' --velocity --output spring.svg
              harmonic plot '{"spring": {}}' --output spring.png --scale 3
            """)

    @Argument(help: "The spec: a JSON file, '-' for standard input, or JSON text.")
    var spec: String

    @OptionGroup var grid: TimeGridOptions

    @Flag(name: .long, help: "Add a velocity panel below the values.")
    var velocity = false

    @Option(name: .long, help: "The file to write (atomically); '-' for standard output.")
    var output: String

    @Option(name: .long, help: "svg or png (default: png for an --output ending in .png, else svg).")
    var format: PlotFormat?

    @Option(name: .long, parsing: .unconditional, help: "For png: pixels per SVG unit, 0.25 to 8 (default 2).")
    var scale: Double?

    /// `--format`, or the output file's extension (`.png`), or SVG.
    var resolvedFormat: PlotFormat { format ?? (output.lowercased().hasSuffix(".png") ? .png : .svg) }

    func validate() throws {
        if scale != nil, resolvedFormat != .png {
            throw OptionConflict(parameters: ["--scale", "--format svg"], reason: "--scale applies to PNG output")
        }
    }

    func run() throws { try runReportingErrors(execute) }

    /// Runs the command; the error is what the tool prints as its one-line message.
    func execute() throws(HarmonicError) {
        // Drawn before the output is opened: a failure leaves no file behind.
        let image = try image()
        let sink = try OutputSink(path: output)
        do throws(HarmonicError) {
            if let png = image.png {
                try png.withUnsafeBufferPointer { (bytes) throws(HarmonicError) in try sink.write(bytes: bytes) }
            } else {
                try sink.write(image.svg)
            }
            try sink.close()
        } catch {
            sink.discard()
            throw error
        }
    }

    /// The chart as SVG text, and as PNG bytes when the format is PNG: everything the command
    /// computes, without writing it.
    func image() throws(HarmonicError) -> (svg: String, png: [UInt8]?) {
        let specCurve = try Spec.load(spec).curve
        let curve = specCurve.exportable
        // A motion in time is drawn a little past its default interval, so the settled tail
        // and the end markers show; a curve of progress ends at its end.
        let domain = curve.defaultDomain
        let margin = curve.plotsPastDefaultDomain ? 0.08 * (domain.upperBound - domain.lowerBound) : 0
        let shown = domain.lowerBound...(domain.upperBound + margin)
        let times = try grid.resolve(defaultDomain: shown, defaultCount: 1200)
        try WorkBudget.require(
            Double(times.count) * WorkBudget.evaluationWeight(of: specCurve), within: WorkBudget.plotSamples,
            asked: "\(times.count) times",
            lower: "at most 2000000, or 200000 of keyframes and paths: lower --fps or --count")
        let format = resolvedFormat
        let pixelsPerUnit = try HarmonicError.require(scale ?? 2, named: "--scale", "in [0.25, 8]") {
            (0.25...8).contains($0)
        }
        let samples = CurvePlot.sample(curve, times: times)
        let chart = CurvePlot.chart(curve, samples, velocity: velocity)
        let svg = chart.render()
        let png =
            format == .png
            ? try SVGRasterizer.png(svg: svg, width: chart.width, height: chart.height, scale: pixelsPerUnit) : nil
        return (svg, png)
    }
}
