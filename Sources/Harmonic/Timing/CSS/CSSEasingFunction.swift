/// A CSS `<easing-function>` value, as written: a keyword, `cubic-bezier()`, `steps()` or
/// `linear()` (CSS Easing Functions Level 1 and 2).
///
/// Parse text with ``init(parsing:)``, write it back with ``cssText``; evaluate it directly
/// (it is a ``TimingFunction``) or take the underlying function with ``timingFunction``. The
/// keywords are kept as keywords so that `ease-in` serialises as `ease-in`, not as its
/// `cubic-bezier()` equivalent.
///
/// | keyword        | equivalent                          |
/// |----------------|-------------------------------------|
/// | `linear`       | `linear(0, 1)` (the identity)       |
/// | `ease`         | `cubic-bezier(0.25, 0.1, 0.25, 1)`  |
/// | `ease-in`      | `cubic-bezier(0.42, 0, 1, 1)`       |
/// | `ease-out`     | `cubic-bezier(0, 0, 0.58, 1)`       |
/// | `ease-in-out`  | `cubic-bezier(0.42, 0, 0.58, 1)`    |
/// | `step-start`   | `steps(1, jump-start)`              |
/// | `step-end`     | `steps(1, jump-end)`                |
public enum CSSEasingFunction: TimingFunction, Hashable, CustomStringConvertible {
    /// The `linear` keyword.
    case linear
    /// The `ease` keyword.
    case ease
    /// The `ease-in` keyword.
    case easeIn
    /// The `ease-out` keyword.
    case easeOut
    /// The `ease-in-out` keyword.
    case easeInOut
    /// The `step-start` keyword.
    case stepStart
    /// The `step-end` keyword.
    case stepEnd
    /// `cubic-bezier(x1, y1, x2, y2)`.
    case cubicBezier(CubicBezier)
    /// `steps(n, position)`.
    case steps(Steps)
    /// `linear(stops…)`.
    case linearFunction(LinearEasing)

    /// The function this value denotes.
    public var timingFunction: any TimingFunction {
        switch self {
        case .linear: return LinearEasing.identity
        case .ease: return CubicBezier.default
        case .easeIn: return CubicBezier.easeIn
        case .easeOut: return CubicBezier.easeOut
        case .easeInOut: return CubicBezier.easeInEaseOut
        case .stepStart: return Self.stepStartFunction
        case .stepEnd: return Self.stepEndFunction
        case let .cubicBezier(c): return c
        case let .steps(s): return s
        case let .linearFunction(l): return l
        }
    }

    private static let stepStartFunction = Steps(unchecked: 1, position: .start)
    private static let stepEndFunction = Steps(unchecked: 1, position: .end)

    public func value(at x: Double) -> Double { timingFunction.value(at: x) }
    public func slope(at x: Double) -> Double { timingFunction.slope(at: x) }
    public func value(at x: Double, beforeFlag: Bool) -> Double {
        timingFunction.value(at: x, beforeFlag: beforeFlag)
    }

    /// The CSS text: keywords as keywords, numbers in shortest round-trip form,
    /// `steps(n)` without the default `end` position, `linear()` with every point's input as
    /// a percentage. Parsing the text gives back an equal value.
    public var cssText: String {
        switch self {
        case .linear: return "linear"
        case .ease: return "ease"
        case .easeIn: return "ease-in"
        case .easeOut: return "ease-out"
        case .easeInOut: return "ease-in-out"
        case .stepStart: return "step-start"
        case .stepEnd: return "step-end"
        case let .cubicBezier(c):
            return "cubic-bezier(" + [c.x1, c.y1, c.x2, c.y2].map(CSSNumber.text).joined(separator: ", ") + ")"
        case let .steps(s): return s.description
        case let .linearFunction(l): return l.description
        }
    }

    public var description: String { cssText }
}
