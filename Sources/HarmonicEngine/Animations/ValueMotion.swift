/// A motion the caller computes: a value of fixed size as a function of time, with its
/// velocity — what a ``MotionAnimation`` plays on a key path.
///
/// The engine asks for the state at the animation's curve time (seconds since the motion's
/// start, after media timing and the timing function, as for a spring), possibly from
/// several threads at once: conformers are `Sendable` and must answer the same time with the
/// same numbers. Several animations may share one motion (the nodes of one spring network,
/// each driving its own layer), so a conformer that solves something costly can keep the
/// last time's answer.
public protocol ValueMotion: Sendable {
    /// The number of components (the animated key path's).
    var dimension: Int { get }
    /// Seconds from the start until the motion is at rest: an animation's duration when its
    /// timing gives none. `+∞` for a motion that never rests.
    var duration: Double { get }
    /// Writes the value and, when asked, the velocity (units per second) at `time` seconds
    /// since the start (`time ≥ 0`), ``dimension`` numbers each.
    func evaluate(
        at time: Double, value: UnsafeMutableBufferPointer<Double>, velocity: UnsafeMutableBufferPointer<Double>?)
}
