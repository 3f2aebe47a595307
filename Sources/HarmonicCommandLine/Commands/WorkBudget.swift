import Harmonic
import HarmonicSpec

/// What one command may ask of the machine: with these limits, any command on any input of
/// at most 1 MB answers or refuses within about 6 s on a 2-core x86-64 machine, by design —
/// each limit is a count fixed before the work starts, from the input's size and the options,
/// never a timer. The rates behind them were measured with the release build (`harmonic` on
/// a 2-core VM, medians of three runs):
///
/// - CSV costs about 58 ns a cell (100 million rows of time and value in 11.6 s, numbers near
///   1e308, the longest to print); JSON, written a column at a time, evaluates the curve once
///   per column, so its cost grows with the columns times the components evaluated.
/// - Keyframes and paths cost up to about 20 times a closed form to evaluate: a paced path of
///   20,000 cubic segments (2.2 MB), about 1 µs a sample against 50 ns for a spring.
/// - A scene costs about 9 µs a row (a frame of one recorded key path, with a paced path and
///   a cumulative rotation running) and about 33 ns per running animation per frame.
///
/// A request past a limit is refused before anything is computed or written, with a
/// one-line message that says which option to lower.
enum WorkBudget {
    /// Work units of `sample`: rows × columns, times the components each column's pass
    /// evaluates for JSON, times ``evaluationWeight(of:)``: 10⁸, about 6 s of CSV.
    static let sampleWork = 100_000_000.0

    /// Samples `plot` takes, divided by ``evaluationWeight(of:)``: 2 million of a closed form.
    static let plotSamples = 2_000_000.0

    /// Rows of a scene table (sample times × recorded key paths): 500,000, about 4.5 s.
    static let sceneRows = 500_000.0

    /// Animation evaluations of a scene (sample times × actions): 5·10⁷, about 1.7 s.
    static let sceneEvaluations = 50_000_000.0

    /// Frames one `scene --frames` run draws.
    static let frames = 10_000.0

    /// How much more than a closed form one evaluation of `curve` may cost: 10 for keyframes
    /// and paths (a binary search over the segments, and arc-length inversion when paced), 1
    /// for springs, decays, rubber bands and timing functions. A spring network's sample is a
    /// product of its `n × n` modes with the modal coordinates: each of its `n·D` columns costs
    /// about `n` multiply–adds, an eighth of a closed form apiece.
    static func evaluationWeight(of curve: SpecCurve) -> Double {
        switch curve {
        case .springNetwork(let spec):
            max(1, networkSecondsPerTime(spec.object) / (Double(spec.dimension) * 58e-9))
        case .keyframes, .path: 10
        case .spring, .timingFunction, .decay, .rubberBand: 1
        }
    }

    /// About how long one time of a spring network takes, in seconds, from the solver's
    /// operation count at a conservative 2·10⁹ operations a second: the modal coordinates
    /// (`n` closed forms, ~40 ns each) and the product with the modes (`2·n²·D`); twice the
    /// modes for the state-space solver; for the matrix exponential, one exponential of the
    /// `(2n + D)`-square generator a time, as for uneven times: measured 118 ms at 250 nodes
    /// (release build, one thread), `0.94 ns·(2n + D)³`, taken as `1.5 ns·(2n + D)³`.
    static func networkSecondsPerTime(_ object: SpringNetworkObject) -> Double {
        let n = Double(object.network.count), d = Double(object.network.dimensions)
        switch object.segments[0].method {
        case .modal: return n * 40e-9 + 2 * n * n * d / 2e9
        case .stateSpace: return 2 * n * 40e-9 + 4 * n * n * d / 2e9
        case .exponential: return 1.5e-9 * (2 * n + d) * (2 * n + d) * (2 * n + d)
        }
    }

    /// How many plain animation evaluations one scene action costs a frame: a spring
    /// network's solve (``networkSecondsPerTime(_:)`` at ~33 ns an evaluation); 1 otherwise.
    static func evaluationWeight(of action: SceneAction) -> Double {
        guard case let .addNetwork(_, _, animations) = action.kind,
            case let .motion(first)? = animations.first,
            let node = first.motion as? SpringNetworkNodeMotion
        else { return 1 }
        return max(1, networkSecondsPerTime(node.frames.object) / 33e-9)
    }

    /// Throws unless `amount` is within `limit`, naming what was asked for and what to lower.
    static func require(
        _ amount: Double, within limit: Double, asked: @autoclosure () -> String, lower: String
    ) throws(HarmonicError) {
        guard amount <= limit else {
            throw .invalidParameter(
                name: "samples", value: asked(),
                allowed: "a request within the command's work budget (\(lower); every command answers within "
                    + "seconds by design)")
        }
    }
}
