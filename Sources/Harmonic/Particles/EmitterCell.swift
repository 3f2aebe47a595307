/// One kind of particle and how it is emitted: Core Animation's `CAEmitterCell`, with its names,
/// defaults and meaning, and one addition (``drag``).
///
/// A particle of the cell is born at the emitter (``EmitterShape``) at the times its birth rate
/// gives (``ParticleBirths``) and lives `lifetime ± lifetimeRange` seconds. Its random
/// attributes are drawn once, at birth, uniformly in `value ± range` (Apple: "the amount by
/// which … can vary"); then it moves in closed form:
///
/// | attribute | at birth | at age τ |
/// |---|---|---|
/// | velocity | `(velocity ± velocityRange)` along a direction of the emission cone | `v₀·e^(−dτ) + a·E₁(τ)` |
/// | position | a point of the emitter shape | `p₀ + v₀·E₁(τ) + a·E₂(τ)` (``ParticleKinematics``) |
/// | scale | `scale ± scaleRange` | `+ scaleSpeed·τ`, never below 0 |
/// | rotation (radians) | 0 | `(spin ± spinRange)·τ` |
/// | colour | each component `color ± range` | `+ speed·τ`, clamped to `[0, 1]` |
///
/// with `a` the acceleration `(xAcceleration, yAcceleration, zAcceleration)` and `d` the drag.
/// The emitter layer's multipliers scale the birth rate, lifetime, velocity, scale and spin
/// (``ParticleEmitter``). A cell emits while its ``emission`` timing is active, and not at all
/// when it is not ``isEnabled`` or its birth rate is 0.
///
/// ``emitterCells`` are sub-cells: every particle of this cell is itself an emitter of them,
/// from wherever it is, for as long as it lives (Core Animation's nested `emitterCells`). Their
/// ``emission`` timing is counted from the parent particle's birth.
///
/// Sources: Apple, `CAEmitterCell` (property descriptions and defaults; "Animatable" for
/// each numeric property in the documentation).
public struct EmitterCell: Sendable, Hashable {
    /// The cell's name: how key paths reach it (`emitterCells.NAME.birthRate`) and how the
    /// particle tables label its particles. Names among the sub-cells of one cell are unique.
    public var name: String = ""
    /// Whether the cell emits (`enabled`).
    public var isEnabled: Bool = true
    /// Particles per second (≥ 0), multiplied by the layer's `birthRate`.
    public var birthRate: Double = 0
    /// Seconds a particle lives (≥ 0), ± `lifetimeRange`, multiplied by the layer's `lifetime`.
    /// A particle whose drawn lifetime is 0 or less is never seen.
    public var lifetime: Double = 0
    /// The spread of the lifetime (seconds).
    public var lifetimeRange: Double = 0
    /// The emission direction's angle in the xy-plane from +x toward +y (radians).
    public var emissionLongitude: Double = 0
    /// The emission direction's elevation out of the xy-plane toward +z (radians).
    public var emissionLatitude: Double = 0
    /// The half-angle of the cone around the emission direction (radians; π and more: the
    /// whole sphere).
    public var emissionRange: Double = 0
    /// The initial speed (points per second) ± `velocityRange`, multiplied by the layer's
    /// `velocity`.
    public var velocity: Double = 0
    /// The spread of the initial speed.
    public var velocityRange: Double = 0
    /// The constant acceleration `(xAcceleration, yAcceleration, zAcceleration)` (points/s²).
    public var acceleration: SIMD3<Double> = .zero
    /// The initial scale ± `scaleRange`, multiplied by the layer's `scale`.
    public var scale: Double = 1
    /// The spread of the initial scale.
    public var scaleRange: Double = 0
    /// How fast the scale changes (per second).
    public var scaleSpeed: Double = 0
    /// The rotation rate (radians per second) ± `spinRange`, multiplied by the layer's `spin`.
    public var spin: Double = 0
    /// The spread of the rotation rate.
    public var spinRange: Double = 0
    /// The initial colour, RGBA in `[0, 1]` (opaque white by default).
    public var color: SIMD4<Double> = SIMD4(1, 1, 1, 1)
    /// The spread of each colour component (`redRange`, `greenRange`, `blueRange`, `alphaRange`).
    public var colorRange: SIMD4<Double> = .zero
    /// How fast each colour component changes, per second (`redSpeed` … `alphaSpeed`).
    public var colorSpeed: SIMD4<Double> = .zero
    /// What a particle shows: an image's file name or data URI, or any name (drawn as a
    /// disc); empty for a plain disc.
    public var contents: String = ""
    /// Linear drag `d` (1/s, ≥ 0): the velocity relaxes toward `a/d` with time constant `1/d`.
    /// Not in Core Animation, whose particles keep their velocity; 0 by default.
    public var drag: Double = 0
    /// When the cell emits, in its emitter's time (a sub-cell's: from its parent particle's
    /// birth): its active interval, `[beginTime, beginTime + activeDuration/|speed|)`. The
    /// default (`duration` +∞) emits from time 0 for ever; a zero duration is taken as +∞, as
    /// for a cell in Core Animation.
    public var emission: MediaTiming = .layer
    /// The cell's own cells, emitted by each of its particles.
    public var emitterCells: [EmitterCell] = []

    /// A cell with Core Animation's defaults (no particles until a birth rate and lifetime are
    /// set).
    public init(name: String = "") {
        self.name = name
    }

    /// The emission interval `[begin, end)` of ``emission`` (end +∞ for ever).
    public var emissionInterval: (begin: Double, end: Double) {
        let begin = emission.beginTime
        guard emission.duration > 0, emission.speed != 0 else {
            return (begin, emission.duration == 0 ? .infinity : begin)
        }
        return (begin, begin + emission.activeParentDuration)
    }

    /// Checks every property, and the sub-cells', naming the one at fault by its key path
    /// (`emitterCells.fire.emitterCells.spark.lifetime`).
    ///
    /// - Throws: ``HarmonicError`` for a negative or non-finite birth rate, lifetime or drag; a
    ///   range, speed, angle, velocity, acceleration, scale or colour that is not finite; two
    ///   sub-cells of one name; more than ``maximumDepth`` levels of nesting.
    public func validate() throws(HarmonicError) {
        try validate(path: "emitterCells.\(name)", depth: 1)
    }

    /// Checks the cell at `path`, `depth` levels deep (1 for a layer's own cells).
    func validate(path prefix: String, depth: Int) throws(HarmonicError) {
        func check(_ value: Double, _ key: String, nonNegative: Bool = false) throws(HarmonicError) {
            if nonNegative {
                try HarmonicError.require(value, named: "\(prefix).\(key)", ">= 0") { $0 >= 0 }
            } else {
                try HarmonicError.require(value, named: "\(prefix).\(key)")
            }
        }
        try check(birthRate, "birthRate", nonNegative: true)
        try check(lifetime, "lifetime", nonNegative: true)
        try check(drag, "drag", nonNegative: true)
        let scalars: [(Double, String)] = [
            (lifetimeRange, "lifetimeRange"), (emissionLongitude, "emissionLongitude"),
            (emissionLatitude, "emissionLatitude"), (emissionRange, "emissionRange"), (velocity, "velocity"),
            (velocityRange, "velocityRange"), (scale, "scale"), (scaleRange, "scaleRange"),
            (scaleSpeed, "scaleSpeed"), (spin, "spin"), (spinRange, "spinRange"),
        ]
        for (value, key) in scalars { try check(value, key) }
        for (k, axis) in ["x", "y", "z"].enumerated() { try check(acceleration[k], "\(axis)Acceleration") }
        for (k, channel) in ["red", "green", "blue", "alpha"].enumerated() {
            try check(color[k], "color[\(k)]")
            try check(colorRange[k], "\(channel)Range")
            try check(colorSpeed[k], "\(channel)Speed")
        }
        try Self.validate(emitterCells, under: prefix, depth: depth)
    }

    /// The most levels of cells: a top-level cell and three generations of sub-cells.
    public static let maximumDepth = 4

    /// Checks the sub-cells of a cell at `prefix`, `depth` levels deep (a layer's own cells:
    /// empty prefix, depth 0).
    static func validate(_ cells: [EmitterCell], under prefix: String, depth: Int) throws(HarmonicError) {
        guard cells.isEmpty || depth < maximumDepth else {
            throw .invalidParameter(
                name: "\(prefix).emitterCells", value: "\(depth + 1) levels of cells",
                allowed: "at most \(maximumDepth) (a cell nested in itself never ends)")
        }
        var names: Set<String> = []
        for cell in cells {
            let path = prefix.isEmpty ? "emitterCells.\(cell.name)" : "\(prefix).emitterCells.\(cell.name)"
            guard names.insert(cell.name).inserted else {
                throw .invalidParameter(
                    name: path, value: "a second cell named \"\(cell.name)\"", allowed: "unique names among siblings")
            }
            try cell.validate(path: path, depth: depth + 1)
        }
    }
}
