/// A CSS step easing function, `steps(n, position)`: the output moves in equal jumps.
///
/// The output at input `x` is computed exactly as CSS Easing Functions Level 1 ("step easing
/// functions") prescribes:
///
/// 1. `step = ⌊x·n⌋`; plus one for `jump-start` and `jump-both`;
/// 2. minus one if the **before flag** is set and `x·n` is an integer (a `jump-start` step does
///    not jump while the animation has not started yet, so a backwards fill shows the value
///    before the jump);
/// 3. if `x ≥ 0` and `step < 0`, `step = 0`; if `x ≤ 1` and `step > jumps`, `step = jumps`;
/// 4. the output is `step/jumps`, with `jumps` as in ``StepPosition``.
///
/// Inputs outside `[0, 1]` are not clamped (the steps continue, as the specification says), and
/// huge inputs saturate at `±Double.greatestFiniteMagnitude`. The slope is 0 everywhere (the
/// derivative of the plateaus; the jumps are not differentiable).
public struct Steps: TimingFunction, Hashable, CustomStringConvertible {
    /// The number of steps `n`, at least 1 (at least 2 for `jump-none`).
    public let count: Int
    /// Where the jumps fall.
    public let position: StepPosition

    /// Creates `steps(count, position)`.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` named `steps` when
    ///   `count < 1`, or when `count < 2` with `jump-none` (which would have no jump at all).
    public init(_ count: Int, position: StepPosition = .end) throws(HarmonicError) {
        if position.canonical == .jumpNone {
            guard count >= 2 else {
                throw .invalidParameter(name: "steps", value: "\(count)", allowed: "an integer ≥ 2 with jump-none")
            }
        } else {
            guard count >= 1 else {
                throw .invalidParameter(name: "steps", value: "\(count)", allowed: "an integer ≥ 1")
            }
        }
        self.count = count
        self.position = position
    }

    init(unchecked count: Int, position: StepPosition) {
        self.count = count
        self.position = position
    }

    /// The number of jumps the output makes between input 0 and 1.
    public var jumps: Int {
        switch position.canonical {
        case .jumpNone: return count - 1
        case .jumpBoth: return count + 1
        default: return count
        }
    }

    public func value(at x: Double) -> Double { value(at: x, beforeFlag: false) }

    public func value(at x: Double, beforeFlag: Bool) -> Double {
        if x.isNaN { return 0 }
        let n = Double(count)
        let scaled = x * n
        var step = scaled.rounded(.down)
        let canonical = position.canonical
        if canonical == .jumpStart || canonical == .jumpBoth { step += 1 }
        if beforeFlag, scaled == scaled.rounded(.down) { step -= 1 }
        let jumps = Double(self.jumps)
        if x >= 0, step < 0 { step = 0 }
        if x <= 1, step > jumps { step = jumps }
        return CubicBezier.saturate(step / jumps)
    }

    /// 0: the plateaus are flat and the jumps have no derivative.
    public func slope(at x: Double) -> Double { 0 }

    /// `steps(n)` for `end`/`jump-end` written as `end`, otherwise `steps(n, position)`.
    public var description: String {
        position == .end ? "steps(\(count))" : "steps(\(count), \(position.rawValue))"
    }
}
