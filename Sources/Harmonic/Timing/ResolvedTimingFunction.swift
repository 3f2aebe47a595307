/// A timing function resolved once, when a track or animation is built, for evaluation in a
/// per-frame loop.
///
/// Calling a function stored as `any TimingFunction` costs a copy of the 40-byte existential
/// (with a retain and release of its payload) and a dynamic call the optimiser cannot see
/// through — more than the function itself for the common cases. Resolving keeps those cases
/// concrete: the identity (no function, or a Bézier with both control points on the diagonal,
/// such as `CubicBezier.linear`) is `y = x` with slope 1, a ``CubicBezier`` (also one wrapped in
/// a ``CSSEasingFunction``) is called directly and inlined, and any other function is kept and
/// called as it is.
///
/// Values and slopes equal those of the function resolved from: a diagonal Bézier is the line
/// `y = x` everywhere, inside `[0, 1]` and on its extrapolated ends (both end gradients are 1),
/// which ``CubicBezier/value(at:)`` itself returns.
///
/// This is the one place a timing function is classified for fast evaluation: keyframe
/// tracks, the engine's per-frame loop and the command-line tool all resolve through it.
@usableFromInline
package enum ResolvedTimingFunction: Sendable {
    /// `y = x`.
    case identity
    /// A cubic Bézier that is not the identity.
    case cubicBezier(CubicBezier)
    /// Any other timing function (steps, `linear()`, a spring), called through the protocol.
    case general(Box)

    /// Holds a general function behind one reference, so that every case is a single
    /// reference (or none) and copying the enum is a retain, not a value-witness call.
    @usableFromInline
    package final class Box: Sendable {
        @usableFromInline let function: any TimingFunction
        @usableFromInline init(_ function: any TimingFunction) { self.function = function }
    }

    /// Resolves `function`; `nil` is the identity.
    @usableFromInline
    package init(_ function: (any TimingFunction)?) {
        switch function {
        case nil:
            self = .identity
        case let bezier as CubicBezier:
            self = bezier.x1 == bezier.y1 && bezier.x2 == bezier.y2 ? .identity : .cubicBezier(bezier)
        case let css as CSSEasingFunction:
            if case let .cubicBezier(bezier) = css {
                self.init(bezier)
            } else {
                self = .general(Box(css.timingFunction))
            }
        case let other?:
            self = .general(Box(other))
        }
    }

    /// Whether this is the identity (the caller can skip the call and use a slope of 1).
    @inlinable
    package var isIdentity: Bool {
        if case .identity = self { return true }
        return false
    }

    /// The output at input `x`, as ``TimingFunction/value(at:)`` of the function resolved from.
    @inlinable
    package func value(at x: Double) -> Double {
        switch self {
        case .identity: return x
        case let .cubicBezier(bezier): return bezier.value(at: x)
        case let .general(box): return box.function.value(at: x)
        }
    }

    /// `dy/dx` at `x`, as ``TimingFunction/slope(at:)`` of the function resolved from.
    @inlinable @inline(__always)
    package func slope(at x: Double) -> Double {
        switch self {
        case .identity: return x.isNaN ? 0 : 1
        case let .cubicBezier(bezier): return bezier.slope(at: x)
        case let .general(box): return box.function.slope(at: x)
        }
    }

    /// The output at `x` with the CSS before flag, as
    /// ``TimingFunction/value(at:beforeFlag:)`` of the function resolved from (only step
    /// functions read the flag, so the identity and Béziers ignore it).
    @inlinable @inline(__always)
    package func value(at x: Double, beforeFlag: Bool) -> Double {
        switch self {
        case .identity: return x
        case let .cubicBezier(bezier): return bezier.value(at: x)
        case let .general(box): return box.function.value(at: x, beforeFlag: beforeFlag)
        }
    }

    /// The function resolved from, `nil` for the identity.
    package var function: (any TimingFunction)? {
        switch self {
        case .identity: return nil
        case let .cubicBezier(bezier): return bezier
        case let .general(box): return box.function
        }
    }
}
