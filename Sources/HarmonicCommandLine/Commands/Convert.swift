import ArgumentParser
import Harmonic
import HarmonicJSON
import HarmonicSpec

/// `harmonic convert SPEC --to TARGET`: a spring in another ecosystem's parameters, or any
/// exportable curve as a CSS `linear()` easing.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Translate a spring or a decay into another ecosystem's parameters, or a curve into CSS linear().",
        discussion: """
            Prints one JSON object. physics: {mass, stiffness, damping, initialVelocity}; \
            swiftui: {duration, bounce}; uikit: {duration, dampingRatio, initialVelocity}; \
            android: {stiffness, dampingRatio}; motion: {type, stiffness, damping, mass}; \
            react-spring: {tension, friction, mass}; flutter: {mass, stiffness, damping}. A decay \
            converts between its exponential vocabularies, printed as a "decay" spec: uikit \
            {decelerationRate}, android {frictionMultiplier, absVelocityThreshold}, flutter {drag}, \
            motion {type: inertia, velocity, power, timeConstant, restDelta}. css: {duration, css, stops, maxError, \
            evenlySpacedStops}, with delay and fillMode for a spec with a timing block and from/to \
            for scalar keyframes (vector keyframes and paths are refused). Jumps \
            (steps(), repeats) become coincident linear() stops. Every spring object reads back \
            as a "spring" spec.

            Example:

              harmonic convert '{"spring": {"damping": 12}}' --to swiftui
              harmonic convert '{"decay": {"decelerationRate": "normal", "initialVelocity": 1500}}' --to android
            """)

    @Argument(help: "The spec: a JSON file, '-' for standard input, or JSON text.")
    var spec: String

    @Option(name: .long, help: "The ecosystem or format to convert to.")
    var to: ConversionTarget

    @Option(
        name: .long, parsing: .unconditional,
        help: "For --to css: largest error in progress units, 1e-7 to 0.5 (default 0.001).")
    var tolerance: Double?

    func validate() throws {
        if tolerance != nil, to != .css {
            throw OptionConflict(
                parameters: ["--tolerance", "--to \(to.rawValue)"], reason: "--tolerance applies to --to css only")
        }
    }

    func run() throws { try runReportingErrors(execute) }

    /// Runs the command; the error is what the tool prints as its one-line message.
    func execute() throws(HarmonicError) {
        try OutputSink.printLine(object().text)
    }

    /// The JSON object the command prints.
    func object() throws(HarmonicError) -> JSONObjectText {
        let target = to
        let curve = try Spec.load(spec).curve
        if target == .css {
            return try Self.css(curve.exportable, tolerance: tolerance ?? 0.001)
        } else if case let .decay(decay) = curve {
            return try DecayConversion.object(for: decay, to: target)
        } else {
            guard let spring = curve.spring else {
                throw .invalidParameter(
                    name: "SPEC", value: JSONValue.excerpt(spec),
                    allowed: "a spec with a \"spring\"\(target.convertsDecays ? " or \"decay\"" : "") curve "
                        + "for --to \(to.rawValue) (other curves convert --to css)")
            }
            return try SpringConversion.object(for: spring, to: target)
        }
    }

    static func css(_ curve: any ExportableCurve, tolerance: Double) throws(HarmonicError) -> JSONObjectText {
        try CSSLinearEasing.requireTolerance(tolerance)
        let export = try curve.easingExport(tolerance: tolerance)
        let easing: CSSLinearEasing
        if let stops = export.exactStops {
            easing = CSSLinearEasing(exactly: stops)
        } else {
            easing = try CSSLinearEasing(
                export.progress, over: export.lower, export.upper, tolerance: tolerance,
                startValue: export.startValue, endValue: export.endValue)
        }
        guard easing.approximation.maximumError <= tolerance else {
            throw .invalidParameter(
                name: "SPEC",
                value: "a curve linear() did not follow (measured error \(easing.approximation.maximumError))",
                allowed:
                    "within --tolerance \(tolerance) of its linear() export (jumps that cancel within 1/4096 of the "
                    + "interval are not found)"
            )
        }
        var out = JSONObjectText()
        if let duration = export.duration { out.add("duration", duration) }
        if let delay = export.delay { out.add("delay", delay) }
        if let fillMode = export.fillMode { out.add("fillMode", fillMode) }
        if let from = export.from, let to = export.to {
            out.add("from", from)
            out.add("to", to)
        }
        out.add("css", easing.text)
        out.add("stops", easing.approximation.xs.count)
        out.add("maxError", easing.approximation.maximumError)
        if let even = easing.evenlySpacedStops { out.add("evenlySpacedStops", even) }
        return out
    }
}
