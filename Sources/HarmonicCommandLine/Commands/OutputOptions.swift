import ArgumentParser

/// The tabular formats of `sample` and `scene`.
enum SampleFormat: String, CaseIterable, ExpressibleByArgument {
    case csv, json
}

/// Where and how a command writes its table: the `--format` and `--output` options shared by
/// `sample` and `scene`.
struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: "Output format.")
    var format: SampleFormat = .csv

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write to this file (atomically: all or nothing) instead of standard output; '-' is standard output.",
            valueName: "file"))
    var output: String?

    @Flag(name: .long, help: "Add velocity columns (value units per second).")
    var velocity = false
}
