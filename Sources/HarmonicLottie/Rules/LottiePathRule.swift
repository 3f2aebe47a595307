import Harmonic
import HarmonicJSON

/// One kind of geometry item — a Bézier path (`sh`), rectangle (`rc`), ellipse (`el`), star or
/// polygon (`sr`) — and everything both players need to know about it, in that kind's own file:
/// how it is read, its path at a frame (direct evaluation), and what moves its path (the engine:
/// the properties it is affine in, where that stops holding, how a rounding acts on it).
///
/// A new kind is one conforming type and one row of ``LottieShape/pathKinds``; nothing else in
/// the players names it.
protocol LottiePathRule: Sendable {
    /// The item's `ty` in the file.
    static var type: String { get }
    /// The feature name the reading counts it under (`shape.rectangle`).
    static var feature: String { get }

    /// Reads the item `m` at JSON path `path`; `reversed` from its direction `d` (3 is
    /// counter-clockwise).
    init(_ m: [String: JSONValue], path: String, context: LottieReadContext, reversed: Bool) throws(HarmonicError)

    /// Every property that shapes the path, in the file's order (`nil` for one the file leaves
    /// out).
    var properties: [LottieProperty?] { get }

    /// Whether the path runs the other way round (direction `d` 3).
    var reversed: Bool { get }

    /// This item with each property replaced by `map` of it.
    func mapping(_ map: (LottieProperty?) -> LottieProperty?) -> Self

    /// The path at layer time `time` (in frames), in its own direction (``reversed`` applied
    /// by ``geometry(at:options:)``).
    func outline(at time: Double, options: LottiePathOptions) -> LottieGeometry

    /// What moves the path, as the engine reads it: the properties the path is affine in,
    /// where it stops being so (folds, clamps), what moves it otherwise, and how a rounding
    /// met after it acts on it.
    var drivers: LottieEngineShapes.Drivers { get }
}

/// How a path is built where the engine needs the same structure at every time.
struct LottiePathOptions {
    /// Whether a rectangle that is rounded at some time draws its eight vertices at every
    /// time, its corner arcs of no length where the radius is 0 (the same outline as four
    /// corners), and a moving Round Corners radius likewise rounds by 0 where it reaches 0: the
    /// engine animates one path whose vertices keep their count.
    var keepsRoundedVertices = false
    /// A number of points every star and polygon takes instead of its own (the engine draws a
    /// star whose count moves once per count).
    var polystarPoints: Double? = nil
}

extension LottiePathRule {
    /// The path at layer time `time`, reversed when the item says so.
    func geometry(at time: Double, options: LottiePathOptions = LottiePathOptions()) -> LottieGeometry {
        let g = outline(at: time, options: options)
        return reversed ? g.reversed : g
    }

    /// Whether some property that shapes the path is animated.
    var isAnimated: Bool { properties.contains { $0?.isAnimated == true } }
}

extension LottieShape {
    /// Every geometry kind, by its `ty`.
    static let pathKinds: [String: any LottiePathRule.Type] = Dictionary(
        uniqueKeysWithValues: [LottieBezierPath.self, LottieRectangle.self, LottieEllipse.self, LottiePolystar.self]
            .map { ($0.type, $0) })
}

/// Bézier circle constant: a quarter circle as one cubic with controls at `κ·r`,
/// `κ = 4(√2 − 1)/3`, whose radius error is at most 2.7e-4 of `r`.
let lottieCircleKappa = 4 * (2.0.squareRoot() - 1) / 3
