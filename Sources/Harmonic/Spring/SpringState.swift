/// A value and its velocity: the state of a spring (or of anything moving) at one instant.
public struct SpringState<Value: VectorArithmetic>: Sendable {
    /// The position, in value units.
    public var value: Value
    /// The rate of change, in value units per second.
    public var velocity: Value

    @inlinable
    public init(value: Value, velocity: Value = .zero) {
        self.value = value
        self.velocity = velocity
    }
}

extension SpringState: Equatable where Value: Equatable {}
extension SpringState: Hashable where Value: Hashable {}
