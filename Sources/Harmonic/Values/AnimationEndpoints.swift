/// Where an animation starts and ends, from the values it was given: Core Animation's table for
/// `CABasicAnimation`'s `fromValue`, `toValue` and `byValue` (Apple, "CABasicAnimation",
/// "Setting Interpolation Values").
///
/// *Current* is the key path's value underneath the animation at the time it is evaluated (the
/// model value with the earlier animations applied); an animation that reads it follows a
/// moving target.
///
/// | given | case | animates |
/// |---|---|---|
/// | from, to | ``fixed(from:to:)`` | from → to |
/// | from, by | ``fixed(from:to:)`` | from → from + by |
/// | to, by | ``fixed(from:to:)`` | to − by → to |
/// | from | ``toCurrent(from:)`` | from → current |
/// | to | ``fromCurrent(to:)`` | current → to |
/// | by | ``byFromCurrent(by:)`` | current → current + by |
/// | none | ``unspecified`` | previous presentation value → current (the caller captures it) |
///
/// All three together are an error: Apple leaves the case undefined.
///
/// This is the one implementation of the table: the engine adapter resolves its animations and
/// the command-line tool its specs through it (a spec has no layer, so it passes zero as
/// *current*).
public enum AnimationEndpoints<Value: Sendable>: Sendable {
    /// Both ends known when the animation is built.
    case fixed(from: Value, to: Value)
    /// From a given value to the current one.
    case toCurrent(from: Value)
    /// From the current value to a given one.
    case fromCurrent(to: Value)
    /// From the current value to the current value plus an offset.
    case byFromCurrent(by: Value)
    /// None of the three was given.
    case unspecified

    /// Resolves `from`, `to` and `by` by the table above.
    ///
    /// - Parameters:
    ///   - from: `fromValue`, or `nil`.
    ///   - to: `toValue`, or `nil`.
    ///   - by: `byValue`, or `nil`.
    ///   - sum: `a + b` in the value's space (for a whole transform, concatenation).
    ///   - difference: `a − b`; may throw when the value has no inverse (a singular transform).
    ///   - names: How the three parameters are spelled in messages.
    /// - Throws: ``HarmonicError/conflict(parameters:reason:)`` when all three are given, or
    ///   what `difference` throws.
    public init(
        from: Value?, to: Value?, by: Value?,
        sum: (Value, Value) -> Value, difference: (Value, Value) throws(HarmonicError) -> Value,
        names: (from: String, to: String, by: String) = ("fromValue", "toValue", "byValue")
    ) throws(HarmonicError) {
        switch (from, to, by) {
        case let (f?, t?, nil): self = .fixed(from: f, to: t)
        case let (f?, nil, b?): self = .fixed(from: f, to: sum(f, b))
        case let (nil, t?, b?): self = .fixed(from: try difference(t, b), to: t)
        case let (f?, nil, nil): self = .toCurrent(from: f)
        case let (nil, t?, nil): self = .fromCurrent(to: t)
        case let (nil, nil, b?): self = .byFromCurrent(by: b)
        case (nil, nil, nil): self = .unspecified
        case (_?, _?, _?):
            throw .conflict(parameters: [names.from, names.to, names.by], reason: "give at most two of them")
        }
    }

    /// How the ends depend on the current value; `nil` for ``unspecified``.
    public var rule: EndpointRule? {
        switch self {
        case .fixed: return .fixed
        case .toCurrent: return .toCurrent
        case .fromCurrent: return .fromCurrent
        case .byFromCurrent: return .byFromCurrent
        case .unspecified: return nil
        }
    }

    /// The value the rule stores first: `from` for ``fixed(from:to:)`` and
    /// ``toCurrent(from:)``, `nil` otherwise.
    public var storedStart: Value? {
        switch self {
        case let .fixed(f, _), let .toCurrent(f): return f
        case .fromCurrent, .byFromCurrent, .unspecified: return nil
        }
    }

    /// The value the rule stores second: `to` for ``fixed(from:to:)`` and
    /// ``fromCurrent(to:)``, the offset for ``byFromCurrent(by:)``, `nil` otherwise.
    public var storedEnd: Value? {
        switch self {
        case let .fixed(_, t), let .fromCurrent(t), let .byFromCurrent(t): return t
        case .toCurrent, .unspecified: return nil
        }
    }

    /// The start and end given the current value (for ``unspecified``, current → current).
    public func resolved(current: Value, sum: (Value, Value) -> Value) -> (from: Value, to: Value) {
        switch self {
        case let .fixed(f, t): return (f, t)
        case let .toCurrent(f): return (f, current)
        case let .fromCurrent(t): return (current, t)
        case let .byFromCurrent(b): return (current, sum(current, b))
        case .unspecified: return (current, current)
        }
    }
}

extension AnimationEndpoints where Value: VectorArithmetic {
    /// Resolves `from`, `to` and `by` with the value's own `+` and `−`.
    public init(
        from: Value?, to: Value?, by: Value?,
        names: (from: String, to: String, by: String) = ("fromValue", "toValue", "byValue")
    ) throws(HarmonicError) {
        try self.init(
            from: from, to: to, by: by, sum: +, difference: { (a, b) throws(HarmonicError) in a - b }, names: names)
    }

    /// The start and end given the current value.
    public func resolved(current: Value) -> (from: Value, to: Value) {
        resolved(current: current, sum: +)
    }
}

/// How an animation's ends depend on the current value: the shape of ``AnimationEndpoints``
/// without its values, for loops that keep the values in their own storage.
public enum EndpointRule: Sendable, Hashable {
    /// Both ends fixed.
    case fixed
    /// Fixed start → current.
    case toCurrent
    /// Current → fixed end.
    case fromCurrent
    /// Current → current + offset.
    case byFromCurrent

    /// The ends of one component, from the rule's stored numbers (`start`, and `end` holding
    /// the offset for ``byFromCurrent``; unused ones are ignored) and the current value.
    ///
    /// The ends are linear in `current`, so calling this with `start = end = 0` and the
    /// current value's rate of change gives the ends' rates of change.
    @inlinable
    public func ends(start: Double, end: Double, current: Double) -> (from: Double, to: Double) {
        switch self {
        case .fixed: return (start, end)
        case .toCurrent: return (start, current)
        case .fromCurrent: return (current, end)
        case .byFromCurrent: return (current, current + end)
        }
    }
}
