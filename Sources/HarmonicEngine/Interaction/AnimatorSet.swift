import Harmonic

/// The engine's interactive animators and the progress each applies at the current time.
///
/// ``samples`` is what driven animations read in the frame loop (by animator index); it is
/// refreshed whenever an animator's motion or the clock changes.
struct AnimatorSet {
    private(set) var states: [AnimatorState] = []
    /// Progress and rate of every animator at the engine's current time.
    private(set) var samples: [DriverSample] = []
    /// The animator whose `addAnimations` block is being recorded, if any.
    var recording: Int?

    var count: Int { states.count }
    var indices: Range<Int> { states.indices }

    subscript(i: Int) -> AnimatorState {
        get { states[i] }
        set { states[i] = newValue }
    }

    /// Adds an inactive animator; returns its index.
    mutating func append(_ state: AnimatorState) -> Int {
        states.append(state)
        samples.append(DriverSample(progress: 0, rate: 0))
        return states.count - 1
    }

    /// Recomputes every animator's progress at root time `t`.
    mutating func refreshSamples(at t: Double) {
        for i in states.indices { samples[i] = states[i].sample(at: t) }
    }

    /// Every animator's progress at root time `t` (a new array; for evaluations off the clock).
    func samples(at t: Double) -> [DriverSample] { states.map { $0.sample(at: t) } }

    /// The index of `id`, validated.
    func index(_ id: AnimatorID) throws(HarmonicError) -> Int {
        guard id.index >= 0, id.index < states.count else {
            throw .invalidParameter(name: "animator", value: "\(id.index)", allowed: "an animator of this engine")
        }
        return id.index
    }
}
