import Harmonic

/// The times a command samples: an explicit list, or an evenly spaced ``SampleGrid`` whose
/// times are computed on demand (so that streaming millions of samples needs no memory for
/// the times) and whose curves can be sampled through the grid kernels.
package enum TimeGrid: RandomAccessCollection, Sendable {
    /// The largest grid a command samples or a scene asks for, to refuse typos like
    /// `--fps 1e12` up front.
    package static let maximumCount = 100_000_000

    case list([Double])
    case even(SampleGrid)
    /// One time, `count` times (`--start` equal to `--end`).
    case constant(Double, count: Int)

    package var startIndex: Int { 0 }
    package var endIndex: Int {
        switch self {
        case let .list(times): return times.count
        case let .even(grid): return grid.count
        case let .constant(_, count): return count
        }
    }

    package subscript(i: Int) -> Double {
        switch self {
        case let .list(times): return times[i]
        case let .even(grid): return grid.time(at: i)
        case let .constant(time, _): return time
        }
    }
}
