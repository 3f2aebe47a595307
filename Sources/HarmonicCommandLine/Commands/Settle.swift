import ArgumentParser
import Harmonic
import HarmonicSpec

/// `harmonic settle SPEC`: when a spring spec comes to rest, in seconds.
struct Settle: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print when a spring settles or a decay comes to rest, in seconds.",
        discussion: """
            For a spring, by default prints CASpringAnimation's settlingDuration. With --exact, \
            prints the exact last time the progress is at least EPSILON away from 1 (inf if \
            never). For a decay, prints its exact rest time by the spec's threshold (after \
            the bounce spring settles, when it meets a wall).

            Examples:

              harmonic settle '{"spring": {"duration": 0.5, "bounce": 0.3}}' --exact
              harmonic settle '{"decay": {"frictionMultiplier": 1, "initialVelocity": 2000}}'
            """)

    @Argument(help: "A spec with a spring: a JSON file, '-' for standard input, or JSON text.")
    var spec: String

    @Option(
        name: .customLong("epsilon"), parsing: .unconditional,
        help: "Tolerance in progress units for --exact (default 0.001).")
    var epsilonOption: Double?

    var epsilon: Double { epsilonOption ?? 0.001 }
    var epsilonGiven: Bool { epsilonOption != nil }

    @Flag(name: .long, help: "Print the exact settling time instead of Core Animation's estimate.")
    var exact = false

    func run() throws { try runReportingErrors(execute) }

    /// Runs the command; the error is what the tool prints as its one-line message.
    func execute() throws(HarmonicError) {
        let loaded = try Spec.load(spec).curve
        if case let .decay(decay) = loaded {
            if exact || epsilonGiven {
                throw .conflict(
                    parameters: exact ? ["--exact"] : ["--epsilon"],
                    reason: "a decay rests by its own threshold (restSpeed or restDelta in the spec)")
            }
            try OutputSink.printLine("\(decay.motion.restTime)")
            return
        }
        guard let curve = loaded.spring else {
            throw .invalidParameter(
                name: "SPEC", value: spec, allowed: "a spec with a \"spring\" or \"decay\" curve")
        }
        try HarmonicError.require(epsilon, named: "--epsilon", "> 0") { $0 > 0 }
        let seconds =
            exact
            ? curve.spring.settlingTime(epsilon: epsilon, initialVelocity: curve.initialVelocity)
            : curve.spring.settlingDuration(initialVelocity: curve.initialVelocity)
        try OutputSink.printLine(seconds.isFinite ? "\(seconds)" : "inf")
    }
}
