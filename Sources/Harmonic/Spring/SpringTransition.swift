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
}
