import ArgumentParser
import Harmonic
import HarmonicSpec

/// `harmonic settle SPEC`: when a spring spec comes to rest, in seconds.
struct Settle: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print when a spring settles, a decay comes to rest or a spring network stops, in seconds.",
        discussion: """
            For a spring, by default prints CASpringAnimation's settlingDuration. With --exact, \
            prints the exact last time the progress is at least EPSILON away from 1 (inf if \
            never). For a decay, prints its exact rest time by the spec's threshold (after \
            the bounce spring settles, when it meets a wall). For a spring network, prints the \
            last time any node is EPSILON (in the nodes' units, default 0.001) away from where \
            it comes to rest (inf if it never rests); --exact is implied.

            Examples:

              harmonic settle '{"spring": {"duration": 0.5, "bounce": 0.3}}' --exact
              harmonic settle '{"decay": {"frictionMultiplier": 1, "initialVelocity": 2000}}'
              harmonic settle network.json --epsilon 0.5
            """)

    @Argument(help: "A spec with a spring: a JSON file, '-' for standard input, or JSON text.")
    var spec: String

    @Option(
        name: .customLong("epsilon"), parsing: .unconditional,
        help: "Tolerance in progress units for --exact, or a spring network's units (default 0.001).")
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
        if case let .springNetwork(network) = loaded {
            try HarmonicError.require(epsilon, named: "--epsilon", "> 0") { $0 > 0 }
            let seconds = network.object.settlingTime(epsilon: epsilon)
            let rigid = network.object.segments.last!.rigidMotions
            if rigid > 0 {
                // Not an error — a free network is solved — but the reason it may never rest.
                let motions = "\(rigid) rigid motion\(rigid == 1 ? "" : "s")"
                FileDescriptor.report(
                    "harmonic: note: the network has \(motions) (no anchor or pinned node holds it): it drifts "
                        + "with its momentum and rests only if drag stops it and no load pushes it")
            }
            try OutputSink.printLine(seconds.isFinite ? "\(seconds)" : "inf")
            return
        }
        guard let curve = loaded.spring else {
            throw .invalidParameter(
                name: "SPEC", value: spec, allowed: "a spec with a \"spring\", \"decay\" or \"springNetwork\" curve")
        }
        try HarmonicError.require(epsilon, named: "--epsilon", "> 0") { $0 > 0 }
        let seconds =
            exact
            ? curve.spring.settlingTime(epsilon: epsilon, initialVelocity: curve.initialVelocity)
            : curve.spring.settlingDuration(initialVelocity: curve.initialVelocity)
        try OutputSink.printLine(seconds.isFinite ? "\(seconds)" : "inf")
    }
}
