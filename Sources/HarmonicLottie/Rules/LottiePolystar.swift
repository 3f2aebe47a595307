import HarmonicPlatform
import Harmonic
import HarmonicJSON

/// A star (`sy` 1) or polygon (`sy` 2) (`sr`): `pt` points, centre `p`, rotation `r` in
/// degrees, outer and inner radius `or`/`ir`, outer and inner roundness `os`/`is` in percent.
///
/// Its vertices lie on circles around the centre from the top (−90° plus the rotation)
/// clockwise, a star's alternating between the outer and the inner circle; roundness gives each
/// vertex tangents along its circle of length `roundness × 2πr / (4n)` for `n` vertices. The
/// count is `⌊pt⌋`, at most ``maximumPoints``.
///
/// For the engine each vertex is `p + r·u` and its tangents `u⊥·roundness·2πr/(4n)` (`u` its
/// fixed direction): affine in the position, in a radius and in a roundness, but not in a
/// radius and its roundness both moving (their product), nor in the rotation or the number of
/// points (a moving count is drawn once per count). A polygon has no inner circle.
///
/// Source: the Lottie format, "PolyStar" (lottie.github.io/lottie-spec, shapes).
struct LottiePolystar: LottiePathRule {
    static let type = "sr"
    static let feature = "shape.polystar"

    /// Upper bound on a star's or polygon's points.
    static let maximumPoints = 10_000.0

    let isStar: Bool
    let points, position, rotation, outerRadius, innerRadius, outerRoundness, innerRoundness: LottieProperty?
    let reversed: Bool

    init(_ m: [String: JSONValue], path: String, context: LottieReadContext, reversed: Bool) throws(HarmonicError) {
        func property(_ key: String) throws(HarmonicError) -> LottieProperty? {
            try LottieProperty.optional(m[key], path: "\(path).\(key)", context: context)
        }
        isStar = !(m["sy"] == .number(2))
        points = try property("pt")
        position = try property("p")
        rotation = try property("r")
        outerRadius = try property("or")
        innerRadius = try property("ir")
        outerRoundness = try property("os")
        innerRoundness = try property("is")
        self.reversed = reversed
    }

    /// `other` with each property replaced by `map` of it.
    private init(_ other: LottiePolystar, mapping map: (LottieProperty?) -> LottieProperty?) {
        isStar = other.isStar
        points = map(other.points)
        position = map(other.position)
        rotation = map(other.rotation)
        outerRadius = map(other.outerRadius)
        innerRadius = map(other.innerRadius)
        outerRoundness = map(other.outerRoundness)
        innerRoundness = map(other.innerRoundness)
        reversed = other.reversed
    }

    var properties: [LottieProperty?] {
        [points, position, rotation, outerRadius, innerRadius, outerRoundness, innerRoundness]
    }

    func mapping(_ map: (LottieProperty?) -> LottieProperty?) -> LottiePolystar { LottiePolystar(self, mapping: map) }

    /// Each circle's radius and roundness: the outer one, and a star's inner one.
    private var circles: [(radius: LottieProperty?, roundness: LottieProperty?)] {
        isStar ? [(outerRadius, outerRoundness), (innerRadius, innerRoundness)] : [(outerRadius, outerRoundness)]
    }

    func outline(at time: Double, options: LottiePathOptions) -> LottieGeometry {
        let given = options.polystarPoints ?? points?.scalar(at: time) ?? 5
        let count = min(max(given.rounded(.down), 0), Self.maximumPoints)
        guard count >= 1 else { return LottieGeometry() }
        let p = position?.point(at: time) ?? .zero
        let outer = outerRadius?.scalar(at: time) ?? 0
        let inner = innerRadius?.scalar(at: time) ?? 0
        let outerRound = (outerRoundness?.scalar(at: time) ?? 0) / 100
        let innerRound = (innerRoundness?.scalar(at: time) ?? 0) / 100
        // Int: at most maximumPoints.
        let vertices = isStar ? 2 * Int(count) : Int(count)
        let step = 2 * Double.pi / Double(vertices)
        var angle = -Double.pi / 2 + (rotation?.scalar(at: time) ?? 0) * .pi / 180
        var v: [SIMD2<Double>] = [], inT: [SIMD2<Double>] = [], outT: [SIMD2<Double>] = []
        v.reserveCapacity(vertices)
        inT.reserveCapacity(vertices)
        outT.reserveCapacity(vertices)
        for i in 0..<vertices {
            let isOuter = !isStar || i % 2 == 0
            let radius = isOuter ? outer : inner
            let roundness = isOuter ? outerRound : innerRound
            let direction = SIMD2(cos(angle), sin(angle))
            v.append(p + radius * direction)
            // The tangent along the circle (clockwise), scaled by the share of its perimeter.
            let along = SIMD2(-direction.y, direction.x) * (roundness * 2 * .pi * radius / Double(4 * vertices))
            outT.append(along)
            inT.append(-along)
            angle += step
        }
        return LottieGeometry(LottieBezier(vertices: v, inTangents: inT, outTangents: outT, closed: true))
    }

    var drivers: LottieEngineShapes.Drivers {
        var d = LottieEngineShapes.Drivers()
        d.placement = .init(position: position, rotation: rotation, points: points)
        for (radius, roundness) in circles {
            if radius?.isAnimated == true, roundness?.isAnimated == true { d.bend(radius, .animatedPolystar) }
            d.add(radius)
            d.add(roundness)
        }
        return d
    }
}
