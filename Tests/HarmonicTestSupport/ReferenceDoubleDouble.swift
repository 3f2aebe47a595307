/// An unevaluated sum `hi + lo` of two doubles (about 106 bits): the tests' extended-precision
/// reference type where `Float80` does not exist (see ``HighPrecision``).
///
/// Written for the tests, independently of the library's own double-double, so that a
/// reference never shares code with what it checks. Addition and multiplication use the
/// error-free transformations (Knuth's two-sum, fused multiply-add for exact products),
/// division and square root one Newton correction of the `Double` quotient or root; each
/// operation is accurate to a few units of 2⁻¹⁰⁴ relative. Only the operations the references
/// use are provided.
public struct ReferenceDoubleDouble: Comparable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    public var hi: Double
    public var lo: Double

    public init(_ hi: Double, _ lo: Double) {
        let s = hi + lo
        self.hi = s
        self.lo = lo - (s - hi)
    }

    public init(_ value: Double) { (hi, lo) = (value, 0) }
    public init(_ value: Int) { self.init(Double(value)) }
    public init(floatLiteral value: Double) { self.init(value) }
    public init(integerLiteral value: Int) { self.init(Double(value)) }

    public var description: String { "\(hi) + \(lo)" }

    /// `a + b` exactly, as a normalised pair.
    static func twoSum(_ a: Double, _ b: Double) -> ReferenceDoubleDouble {
        let s = a + b
        let bb = s - a
        let e = (a - (s - bb)) + (b - bb)
        var r = ReferenceDoubleDouble(s)
        r.lo = e
        return r
    }

    public static func + (a: Self, b: Self) -> Self {
        let s = twoSum(a.hi, b.hi)
        let t = twoSum(a.lo, b.lo)
        let u = twoSum(s.hi, s.lo + t.hi)
        return ReferenceDoubleDouble(u.hi, u.lo + t.lo)
    }

    public static prefix func - (a: Self) -> Self {
        var r = a
        r.hi = -a.hi
        r.lo = -a.lo
        return r
    }

    public static func - (a: Self, b: Self) -> Self { a + (-b) }

    public static func * (a: Self, b: Self) -> Self {
        let p = a.hi * b.hi
        // The rounding error of hi·hi, exactly, by fused multiply-add: fma(a.hi, b.hi, −p).
        let error = (-p).addingProduct(a.hi, b.hi)
        return ReferenceDoubleDouble(p, error + (a.hi * b.lo + a.lo * b.hi))
    }

    public static func / (a: Self, b: Self) -> Self {
        let q1 = a.hi / b.hi
        let r = a - b * ReferenceDoubleDouble(q1)
        let q2 = r.hi / b.hi
        let r2 = r - b * ReferenceDoubleDouble(q2)
        let q3 = r2.hi / b.hi
        return ReferenceDoubleDouble(q1) + ReferenceDoubleDouble(q2) + ReferenceDoubleDouble(q3)
    }

    public static func += (a: inout Self, b: Self) { a = a + b }
    public static func -= (a: inout Self, b: Self) { a = a - b }
    public static func *= (a: inout Self, b: Self) { a = a * b }
    public static func /= (a: inout Self, b: Self) { a = a / b }

    public static func < (a: Self, b: Self) -> Bool { a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo) }
    public static func == (a: Self, b: Self) -> Bool { a.hi == b.hi && a.lo == b.lo }

    /// The square root, with one Newton correction of `√hi`.
    public func squareRoot() -> Self {
        guard hi > 0 else { return ReferenceDoubleDouble(0) }
        let x = hi.squareRoot()
        let residual = self - ReferenceDoubleDouble(x) * ReferenceDoubleDouble(x)
        return ReferenceDoubleDouble(x) + ReferenceDoubleDouble(residual.hi / (2 * x))
    }

    public var magnitude: Self { hi < 0 || (hi == 0 && lo < 0) ? -self : self }
}

extension Double {
    /// The nearest `Double` to a reference value.
    public init(_ value: ReferenceDoubleDouble) { self = value.hi + value.lo }
}

public func abs(_ value: ReferenceDoubleDouble) -> ReferenceDoubleDouble { value.magnitude }
