/// A spring stepped by a numerical integrator at a fixed substep, driven by frames of any
/// length: the "fix your timestep" loop of game engines, for springs.
///
/// Each ``advance(by:)`` adds the frame's duration to the elapsed time and takes as many whole
/// substeps `h` as now fit; the remainder (less than `h`) is carried to the next frame. The
/// integrated trajectory therefore depends only on `h` and on the elapsed time, never on how
/// that time was cut into frames: 60, 120 and 144 Hz displays see the same motion (the tests
/// check this bit for bit at common times). Elapsed time is summed with a compensated
/// (two-sum) accumulator, and the substep count is `⌊T/h + 1e-9⌋` (the slack grows to a few
/// ulps of `T/h` past 10⁷ substeps), so rounding in the frame sums cannot add or drop a
/// substep at a boundary.
///
/// What is shown between substeps is the ``Presentation``: the last substep, a blend of the
/// last two (smooth, one substep behind), or the last substep carried forward exactly over the
/// remainder with the spring's transition matrix (no lag).
///
/// The substep is validated once, at construction, against the integrator's stability limit
/// (refused or subdivided by a ``StepPolicy``), so stepping never diverges. Setting
/// ``target`` retargets: the motion continues from the current integrated state.
public struct SpringSimulation<Value: VectorArithmetic, Integrator: SpringIntegrator>: Sendable {
    /// What ``presented`` shows between substeps.
    public enum Presentation: String, Hashable, Sendable, CaseIterable {
        /// The state at the last whole substep: lags the clock by the remainder (0 to `h`).
        case latestSubstep
        /// Linear blend of the last two substep states by `remainder/h`: continuous from frame
        /// to frame, and always exactly one substep behind the clock.
        case interpolated
        /// The last substep state advanced over the remainder by the exact transition matrix
        /// `Φ(remainder)` (one `exp`, `sin`, `cos` per frame): at the clock's time, no lag.
        case exactRemainder
    }

    /// The spring.
    public let spring: Spring
    /// The integration method.
    public let integrator: Integrator
    /// The fixed substep actually used, in seconds: the requested one, or an equal division of
    /// it when ``StepPolicy/subdivide`` had to shorten it.
    public let substep: Double
    /// What ``presented`` shows.
    public let presentation: Presentation
    /// The most substeps one ``advance(by:)`` takes; time beyond that is dropped and added to
    /// ``droppedTime`` (a frame after a long pause must not stall the caller).
    public let maximumSubstepsPerAdvance: Int

    /// The rest position. Setting it retargets: the next substeps move from the current
    /// integrated ``state`` toward the new target, with value and velocity continuous. The
    /// change takes effect at the last whole substep (``integratedTime``), at most one
    /// substep before the clock.
    public var target: Value

    /// The integrated state at ``integratedTime``.
    public private(set) var state: SpringState<Value>
    /// The integrated state one substep before ``state`` (equal to it before the first step).
    public private(set) var previousState: SpringState<Value>
    /// How many substeps have been taken.
    public private(set) var substepCount: Int = 0
    /// Total time dropped because a frame needed more than ``maximumSubstepsPerAdvance``.
    public private(set) var droppedTime: Double = 0

    /// Elapsed clock time, as an unevaluated sum `elapsedHigh + elapsedLow` (two-sum).
    private var elapsedHigh = 0.0
    private var elapsedLow = 0.0

    /// Creates a simulation at time 0.
    ///
    /// - Parameters:
    ///   - spring: The spring.
    ///   - integrator: The method (for example ``RungeKutta4`` (`RungeKutta4()`)).
    ///   - substep: The fixed step in seconds, finite and > 0 (POP and Rebound use 1 ms;
    ///     SwiftUI's leapfrog 1/300 s).
    ///   - policy: What to do if `substep` is not below the integrator's stability limit:
    ///     ``StepPolicy/refuse`` (default) throws, ``StepPolicy/subdivide`` divides it into
    ///     equal stable parts (see ``SpringIntegrator/substepCount(for:duration:policy:)``).
    ///   - initial: The value and velocity at time 0.
    ///   - target: The rest position.
    ///   - presentation: What ``presented`` shows (default ``Presentation/interpolated``).
    ///   - maximumSubstepsPerAdvance: > 0 (default 100,000).
    /// - Throws: ``HarmonicError`` naming `step` (refused), `substep`, `initial`, `target` or
    ///   `maximumSubstepsPerAdvance`.
    public init(
        spring: Spring, integrator: Integrator, substep: Double, policy: StepPolicy = .refuse,
        initial: SpringState<Value>, target: Value, presentation: Presentation = .interpolated,
        maximumSubstepsPerAdvance: Int = 100_000
    ) throws(HarmonicError) {
        try HarmonicError.require(substep, named: "substep", "> 0 seconds") { $0 > 0 }
        let parts = try integrator.substepCount(for: spring, duration: substep, policy: policy)
        try SpringMotion<Value>.requireFinite(initial.value, named: "initial.value")
        try SpringMotion<Value>.requireFinite(initial.velocity, named: "initial.velocity")
        try SpringMotion<Value>.requireFinite(target, named: "target")
        guard maximumSubstepsPerAdvance > 0 else {
            throw .invalidParameter(
                name: "maximumSubstepsPerAdvance", value: "\(maximumSubstepsPerAdvance)", allowed: "> 0")
        }
        self.spring = spring
        self.integrator = integrator
        self.substep = substep / Double(parts)
        self.presentation = presentation
        self.maximumSubstepsPerAdvance = maximumSubstepsPerAdvance
        self.target = target
        self.state = initial
        self.previousState = initial
    }

    /// The clock time, in seconds: the sum of all frame durations (less ``droppedTime``).
    public var time: Double { elapsedHigh + elapsedLow }

    /// The time of ``state``: `substepCount · substep`.
    public var integratedTime: Double { Double(substepCount) * substep }

    /// Clock time not yet integrated, in `[0, substep)` (up to rounding).
    public var remainder: Double {
        let wholeSteps = DoubleDouble.product(Double(substepCount), substep)
        return Swift.max(0, (elapsedHigh - wholeSteps.hi) + (elapsedLow - wholeSteps.lo))
    }

    /// The state to show at ``time``, according to ``presentation``.
    public var presented: SpringState<Value> {
        switch presentation {
        case .latestSubstep:
            return state
        case .interpolated:
            let alpha = Swift.min(1, remainder / substep)
            return SpringState(
                value: Value.combine(1 - alpha, previousState.value, alpha, state.value),
                velocity: Value.combine(1 - alpha, previousState.velocity, alpha, state.velocity))
        case .exactRemainder:
            return ExactStep().uncheckedStep(state, toward: target, spring: spring, by: remainder)
        }
    }

    /// Advances the clock by one frame and integrates every whole substep that now fits.
    ///
    /// - Parameter frameDuration: Seconds, finite and ≥ 0.
    /// - Returns: The number of substeps taken (0 when the frame is shorter than what remains
    ///   of the current substep).
    /// - Throws: ``HarmonicError`` naming `frameDuration` when negative or not finite; the
    ///   simulation is then unchanged.
    /// - Complexity: O(substeps taken), at most ``maximumSubstepsPerAdvance``.
    @discardableResult
    public mutating func advance(by frameDuration: Double) throws(HarmonicError) -> Int {
        try HarmonicError.require(frameDuration, named: "frameDuration", ">= 0 seconds") { $0 >= 0 }
        let sum = DoubleDouble.sum(elapsedHigh, frameDuration)
        let total = DoubleDouble.sum(sum.hi, sum.lo + elapsedLow)
        elapsedHigh = total.hi
        elapsedLow = total.lo
        // Substeps due by now. The slack (1e-9 of a substep, or 4 ulps of T/h once that is
        // larger) counts a boundary that the frame sums or the division reach only up to
        // rounding; the remainder is then clamped at 0.
        let ratio = (elapsedHigh + elapsedLow) / substep
        let due = (ratio + Swift.max(1e-9, 4 * ratio.ulp)).rounded(.down)
        var pending = due - Double(substepCount)
        if pending > Double(maximumSubstepsPerAdvance) {
            let excess = (pending - Double(maximumSubstepsPerAdvance)) * substep
            droppedTime += excess
            let trimmed = DoubleDouble.sum(elapsedHigh, -excess)
            elapsedHigh = trimmed.hi
            elapsedLow += trimmed.lo
            pending = Double(maximumSubstepsPerAdvance)
        }
        // Int: 0 < pending ≤ maximumSubstepsPerAdvance (clamped above; NaN fails `> 0`).
        let count = pending > 0 ? Int(pending) : 0
        for _ in 0..<count {
            previousState = state
            state = integrator.uncheckedStep(state, toward: target, spring: spring, by: substep)
            substepCount += 1
        }
        return count
    }
}
