/// An axis-aligned rectangle: an origin and a size, as `CGRect`.
///
/// A negative width or height extends the rectangle to the left of or below its origin, as in
/// Core Graphics; ``minX``, ``maxX``, ``minY`` and ``maxY`` read the edges either way, and
/// ``standardized`` gives the same rectangle with a non-negative size.
public struct Rect: Hashable, Sendable {
    /// The corner the size is measured from.
    public var origin: SIMD2<Double>
    /// Width and height; either may be negative.
    public var size: SIMD2<Double>

    /// The rectangle at `origin` with `size`.
    public init(origin: SIMD2<Double>, size: SIMD2<Double>) {
        self.origin = origin
        self.size = size
    }

    /// The rectangle at `(x, y)` with `width` and `height`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: SIMD2(x, y), size: SIMD2(width, height))
    }

    /// The smallest x.
    public var minX: Double { Swift.min(origin.x, origin.x + size.x) }
    /// The largest x.
    public var maxX: Double { Swift.max(origin.x, origin.x + size.x) }
    /// The smallest y.
    public var minY: Double { Swift.min(origin.y, origin.y + size.y) }
    /// The largest y.
    public var maxY: Double { Swift.max(origin.y, origin.y + size.y) }
    /// The centre's x.
    public var midX: Double { origin.x + size.x / 2 }
    /// The centre's y.
    public var midY: Double { origin.y + size.y / 2 }
    /// `|width|`.
    public var width: Double { abs(size.x) }
    /// `|height|`.
    public var height: Double { abs(size.y) }

    /// The same rectangle with its origin at the smallest corner and a non-negative size.
    public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }
}
