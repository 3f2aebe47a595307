import ArgumentParser
import Foundation
import Harmonic

/// The sampling times of `harmonic sample`: an explicit list, or an evenly spaced grid.
struct TimeGridOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Comma-separated sample times in seconds (use --times=-0.5,0 for negative times).",
            valueName: "T1,T2,…"))
    var times: String?

    @Option(name: .long, help: "First time of an evenly spaced grid (seconds).")
    var start: Double?

    @Option(name: .long, help: "Last time of an evenly spaced grid (seconds, inclusive).")
    var end: Double?

    @Option(name: .long, help: "Samples per second of the grid (times start + i/fps up to end).")
    var fps: Double?

    @Option(name: .long, help: "Number of evenly spaced samples from start to end inclusive.")
    var count: Int?

    /// The largest grid the tool will write, to refuse typos like `--fps 1e12` up front.
    static let maximumCount = 100_000_000

    /// Resolves the options against the curve's default domain.
    ///
    /// Without options: the default domain at 60 samples per second, or `defaultCount`
    /// evenly spaced samples when given (plots want a fixed resolution).
    ///
    /// The grid is not materialised: a million-sample export keeps no array of times.
    func resolve(defaultDomain: ClosedRange<Double>, defaultCount: Int? = nil) throws(HarmonicError) -> TimeGrid {
        if let times {
            if start != nil || end != nil || fps != nil || count != nil {
                throw .conflict(parameters: ["--times", "--start/--end/--fps/--count"], reason: "give a list or a grid, not both")
            }
            var out: [Double] = []
            for (i, field) in times.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
                let trimmed = field.trimmingCharacters(in: .whitespaces)
                guard let t = Double(trimmed), t.isFinite else {
                    throw .invalidParameter(name: "--times[\(i)]", value: "\"\(trimmed)\"", allowed: "a finite number of seconds")
                }
                out.append(t)
            }
            return .list(out)
        }
        let lower = try HarmonicError.require(start ?? defaultDomain.lowerBound, named: "--start")
        let upper = try HarmonicError.require(end ?? defaultDomain.upperBound, named: "--end", ">= --start") { $0 >= lower }
        if fps != nil, count != nil {
            throw .conflict(parameters: ["--fps", "--count"], reason: "give one way to space the grid")
        }
        if let count = count ?? (fps == nil ? defaultCount : nil) {
            guard count >= 1, count <= Self.maximumCount else {
                throw .invalidParameter(name: "--count", value: "\(count)", allowed: "between 1 and \(Self.maximumCount)")
            }
            if count == 1 { return .list([lower]) }
            return .even(lower: lower, upper: upper, count: count, rate: nil)
        }
        let rate = try HarmonicError.require(fps ?? 60, named: "--fps", "> 0") { $0 > 0 }
        let intervals = ((upper - lower) * rate * (1 + 1e-12)).rounded(.down)
        guard intervals < Double(Self.maximumCount) else {
            throw .invalidParameter(name: "--fps", value: "\(rate)", allowed: "small enough for at most \(Self.maximumCount) samples")
        }
        return .even(lower: lower, upper: upper, count: Int(intervals) + 1, rate: rate)
    }
}

/// The times a command samples: an explicit list, or an evenly spaced grid computed on demand
/// (so that streaming millions of samples needs no memory for the times).
enum TimeGrid: RandomAccessCollection {
    case list([Double])
    /// `count` times from `lower`: `lower + i/rate` for a frame rate, otherwise evenly spaced
    /// with the last exactly `upper`.
    case even(lower: Double, upper: Double, count: Int, rate: Double?)

    var startIndex: Int { 0 }
    var endIndex: Int {
        switch self {
        case let .list(times): return times.count
        case let .even(_, _, count, _): return count
        }
    }

    subscript(i: Int) -> Double {
        switch self {
        case let .list(times): return times[i]
        case let .even(lower, upper, count, rate):
            if let rate { return lower + Double(i) / rate }
            return i == count - 1 ? upper : lower + Double(i) * ((upper - lower) / Double(count - 1))
        }
    }
}
