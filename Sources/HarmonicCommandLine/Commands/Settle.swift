import ArgumentParser
import Harmonic

/// `harmonic settle SPEC`: when a spring spec comes to rest, in seconds.
struct Settle: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print when a spring settles, in seconds.",
        discussion: """
            By default prints CASpringAnimation's settlingDuration. With --exact, prints the \
            exact last time the progress is at least EPSILON away from 1 (inf if never).

            Example:

              harmonic settle '{"spring": {"duration": 0.5, "bounce": 0.3}}' --exact
            """)

    @Argument(help: "A spec with a spring: a JSON file, '-' for standard input, or JSON text.")
    var spec: String

    @Option(name: .long, parsing: .unconditional, help: "Tolerance in progress units for --exact (default 0.001).")
    var epsilon: Double = 0.001

    @Flag(name: .long, help: "Print the exact settling time instead of Core Animation's estimate.")
    var exact = false

    func run() throws {
        try runReportingErrors { () throws(HarmonicError) in
            guard let curve = try Spec.load(spec).curve.spring else {
                throw .invalidParameter(name: "SPEC", value: spec, allowed: "a spec with a \"spring\" curve")
            }
            try HarmonicError.require(epsilon, named: "--epsilon", "> 0") { $0 > 0 }
            let seconds = exact
                ? curve.spring.settlingTime(epsilon: epsilon, initialVelocity: curve.initialVelocity)
                : curve.spring.settlingDuration(initialVelocity: curve.initialVelocity)
            try OutputSink.printLine(seconds.isFinite ? "\(seconds)" : "inf")
        }
    }
}
