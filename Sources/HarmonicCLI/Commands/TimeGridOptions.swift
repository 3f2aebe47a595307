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
    /// Without options: the default domain at 60 samples per second (at least 2 samples).
    func resolve(defaultDomain: ClosedRange<Double>) throws(HarmonicError) -> [Double] {
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
            return out
        }
        let lower = try HarmonicError.require(start ?? defaultDomain.lowerBound, named: "--start")
        let upper = try HarmonicError.require(end ?? defaultDomain.upperBound, named: "--end", ">= --start") { $0 >= lower }
        if fps != nil, count != nil {
            throw .conflict(parameters: ["--fps", "--count"], reason: "give one way to space the grid")
        }
        if let count {
            guard count >= 1, count <= Self.maximumCount else {
                throw .invalidParameter(name: "--count", value: "\(count)", allowed: "between 1 and \(Self.maximumCount)")
            }
            if count == 1 { return [lower] }
            let step = (upper - lower) / Double(count - 1)
            return (0..<count).map { $0 == count - 1 ? upper : lower + Double($0) * step }
        }
        let rate = try HarmonicError.require(fps ?? 60, named: "--fps", "> 0") { $0 > 0 }
        let intervals = ((upper - lower) * rate * (1 + 1e-12)).rounded(.down)
        guard intervals < Double(Self.maximumCount) else {
            throw .invalidParameter(name: "--fps", value: "\(rate)", allowed: "small enough for at most \(Self.maximumCount) samples")
        }
        let n = Int(intervals)
        return (0...n).map { lower + Double($0) / rate }
    }
}
