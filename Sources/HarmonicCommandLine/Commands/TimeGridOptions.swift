import ArgumentParser
import Harmonic
import HarmonicSpec

/// The sampling times of `sample`, `plot` and `scene`: an explicit list, or an evenly spaced
/// grid (``SampleGrid``).
struct TimeGridOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Comma-separated sample times in seconds; negative times are allowed (--times -0.5,0).",
            valueName: "T1,T2,…"))
    var times: String?

    @Option(name: .long, parsing: .unconditional, help: "First time of an evenly spaced grid (seconds).")
    var start: Double?

    @Option(name: .long, parsing: .unconditional, help: "Last time of an evenly spaced grid (seconds, inclusive).")
    var end: Double?

    @Option(
        name: .long, parsing: .unconditional, help: "Samples per second of the grid (times start + i/fps up to end).")
    var fps: Double?

    @Option(name: .long, parsing: .unconditional, help: "Number of evenly spaced samples from start to end inclusive.")
    var count: Int?

    /// Refuses combinations of options before anything is read: a list and a grid, or two
    /// spacings of one grid.
    func validate() throws {
        if times != nil, start != nil || end != nil || fps != nil || count != nil {
            throw OptionConflict(
                parameters: ["--times", "--start/--end/--fps/--count"], reason: "give a list or a grid, not both")
        }
        if fps != nil, count != nil {
            throw OptionConflict(parameters: ["--fps", "--count"], reason: "give one way to space the grid")
        }
    }

    /// Resolves the options against the curve's default domain.
    ///
    /// Without options: the default domain at 60 samples per second, or `defaultCount`
    /// evenly spaced samples when given (plots want a fixed resolution).
    ///
    /// The grid is not materialised: a million-sample export keeps no array of times.
    func resolve(defaultDomain: ClosedRange<Double>, defaultCount: Int? = nil) throws(HarmonicError) -> TimeGrid {
        if let times {
            var out: [Double] = []
            for (i, field) in times.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
                let trimmed = field.trimmingWhitespace()
                guard let t = Double(trimmed), t.isFinite else {
                    throw .invalidParameter(
                        name: "--times[\(i)]", value: "\"\(trimmed)\"", allowed: "a finite number of seconds")
                }
                out.append(t)
            }
            return .list(out)
        }
        let lower = try HarmonicError.require(start ?? defaultDomain.lowerBound, named: "--start")
        let upper = try HarmonicError.require(end ?? defaultDomain.upperBound, named: "--end", ">= --start") {
            $0 >= lower
        }
        if let count = count ?? (fps == nil ? defaultCount : nil) {
            guard count >= 1, count <= TimeGrid.maximumCount else {
                throw .invalidParameter(
                    name: "--count", value: "\(count)", allowed: "between 1 and \(TimeGrid.maximumCount)")
            }
            if count == 1 || upper == lower { return .constant(lower, count: count) }
            return .even(try SampleGrid(start: lower, end: upper, count: count))
        }
        let rate = try HarmonicError.require(fps ?? 60, named: "--fps", "> 0") { $0 > 0 }
        do {
            return .even(try SampleGrid(start: lower, end: upper, rate: rate, maximumCount: TimeGrid.maximumCount))
        } catch {
            throw error.renamingParameter(["rate": "--fps"])
        }
    }
}
