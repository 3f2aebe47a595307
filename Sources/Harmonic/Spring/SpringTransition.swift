/// The state-transition matrix `Φ(t)` of a spring: how the displacement and velocity at time
/// `t` depend on those at time 0,
///
///     ⎡x(t)⎤   ⎡xFromX  xFromV⎤ ⎡x0⎤
///     ⎣v(t)⎦ = ⎣vFromX  vFromV⎦ ⎣v0⎦ ,
///
/// with `x = value − target`. Because the spring equation is linear, every motion of a given
/// spring is this matrix applied to its initial state: it is the exact one-step integrator
/// (`Φ(h)` advances any state by `h`), the shared basis of a batch of springs with the same
/// parameters, and the link between a spring's parameters and its value at time `t`.
///
/// Units: `xFromX` and `vFromV` are dimensionless, `xFromV` is in seconds, `vFromX` in 1/s².
public struct SpringTransition: Hashable, Sendable {
    /// `∂x(t)/∂x0`.
    public var xFromX: Double
    /// `∂x(t)/∂v0` (s).
    public var xFromV: Double
    /// `∂v(t)/∂x0` (1/s²); always `−ω0²·xFromV`.
    public var vFromX: Double
    /// `∂v(t)/∂v0`.
    public var vFromV: Double

    @inlinable
    public init(xFromX: Double, xFromV: Double, vFromX: Double, vFromV: Double) {
        self.xFromX = xFromX
        self.xFromV = xFromV
        self.vFromX = vFromX
        self.vFromV = vFromV
    }

    /// `Φ(0)`: no time has passed.
    public static let identity = SpringTransition(xFromX: 1, xFromV: 0, vFromX: 0, vFromV: 1)

    /// The limit `Φ(∞)` of a damped spring: every motion has come to rest.
    public static let zero = SpringTransition(xFromX: 0, xFromV: 0, vFromX: 0, vFromV: 0)

    /// Applies the matrix to a state given as displacement `x0` and velocity `v0`.
    @inlinable
    public func apply<Value: VectorArithmetic>(
        displacement x0: Value, velocity v0: Value
    ) -> (displacement: Value, velocity: Value) {
        (Value.combine(xFromX, x0, xFromV, v0), Value.combine(vFromX, x0, vFromV, v0))
    }

    /// The state this matrix reaches from a motion that starts at `from` with velocity
    /// `initialVelocity` and rests at `to`: value `to + x`, velocity `v`, where `(x, v)` is the
    /// matrix applied to `(from − to, initialVelocity)`.
    ///
    /// With `Φ(t)`, this is ``Spring/state(at:from:to:initialVelocity:)``; a loop that
    /// evaluates many motions of one spring at one time computes `Φ(t)` once and calls this
    /// per motion. Velocities are in value units per second of spring time.
    @inlinable
    public func state<Value: VectorArithmetic>(
        from: Value, to: Value, initialVelocity: Value = .zero
    ) -> SpringState<Value> {
        let (x, v) = apply(displacement: from - to, velocity: initialVelocity)
        return SpringState(value: to + x, velocity: v)
    }

    /// The value alone of ``state(from:to:initialVelocity:)`` (skips the velocity row).
    @inlinable
    public func value<Value: VectorArithmetic>(from: Value, to: Value, initialVelocity: Value = .zero) -> Value {
        to + Value.combine(xFromX, from - to, xFromV, initialVelocity)
    }

    /// `CASpringAnimation`'s unit curve after this matrix: the motion from 0 to 1 with
    /// `initialVelocity` in progress units per second (positive toward the target),
    /// `1 − xFromX + xFromV·initialVelocity`.
    @inlinable
    public func progress(initialVelocity: Double = 0) -> Double {
        1 - xFromX + xFromV * initialVelocity
    }

    /// The rate of change of ``progress(initialVelocity:)`` per second of spring time,
    /// `−vFromX + vFromV·initialVelocity`.
    @inlinable
    public func progressVelocity(initialVelocity: Double = 0) -> Double {
        -vFromX + vFromV * initialVelocity
    }
}
