/// An emitter's particles in closed form: which are alive at any time `t`, and their
/// position, velocity, scale, rotation and colour — directly, with no stepping, so any time can
/// be evaluated in any order and scrubbing backwards equals playing forwards, bit for bit.
///
/// How it is exact:
/// - **Births**: a top-level cell's particle `i` is born when the expected count of its
///   piecewise-linear rate `cell.birthRate × layer.birthRate(t)` reaches `i + ½`
///   (``ParticleBirths``). A sub-cell's particles are born the same way from each parent
///   particle, with the rate `cell.birthRate × layer.birthRate` at the parent's birth, over the
///   parent's life intersected with the sub-cell's emission interval (from the parent's
///   birth).
/// - **Attributes**: drawn from a counter-based generator keyed by the seed, the cell's path
///   and ancestry, and the particle's index (``ParticleRandom``); the layer's values
///   (position, size, multipliers) and an animated cell's values are read at the particle's
///   birth from the ``EmitterTimeline``.
/// - **Motion**: ``EmitterCell``'s table — ballistic or with linear drag
///   (``ParticleKinematics``), scale and colour linear in age (colour clamped), rotation
///   `spin·age`.
///
/// A sub-cell's particles start where their parent is at their birth, with their own
/// emission cone in the layer's axes (the parent's velocity is not inherited): Core Animation
/// does not document either, and this choice keeps a sub-cell's look independent of its
/// parent's speed.
///
/// Particles are evaluated four at a time in SIMD lanes — for a cell's most common case
/// (constant rate and emitter, no drag or sub-cells, born at a point or in a line, rectangle or
/// box) by an AVX2 kernel where the processor has one, with the same rows bit for bit; a
/// particle's numbers depend only on its own key and birth time, never on which lane or batch
/// it falls in.
public struct ParticleSystem: Sendable {
    /// The emitter, as given.
    public let emitter: ParticleEmitter
    /// The most particles an emitter may keep alive or emitting at once.
    public static let maximumLiveCount = 10_000_000.0
    /// An upper bound of the particles evaluated at any time: those alive, and those dead but
    /// with sub-cells' particles still alive.
    public let liveBound: Double
    /// The cells depth first.
    let cells: [CompiledCell]

    /// The cells' paths, by flat index (depth first, names joined by `/`).
    public var cellPaths: [String] { cells.map(\.path) }

    /// The cells' `contents`, by flat index.
    public var cellContents: [String] { cells.map(\.cell.contents) }

    /// A cell ready to evaluate.
    struct CompiledCell: Sendable {
        var cell: EmitterCell
        var path: String
        /// The parent's flat index, or −1.
        var parent: Int
        var children: [Int] = []
        /// The cell's random stream: a hash of its path.
        var stream: UInt64
        /// A top-level cell's schedule (nil for a sub-cell, or a cell that never emits).
        var births: ParticleBirths?
        var cone: EmissionCone
        /// The emission interval (a sub-cell's from its parent's birth).
        var window: (begin: Double, end: Double)
        /// The longest a particle may live, with the layer's largest lifetime multiplier.
        var maximumLifetime: Double
        /// How long after its birth a particle or one of its descendants may be alive.
        var reach: Double
        /// Whether the cell emits at all.
        var emits: Bool
        /// The cell's animated values (``EmitterTimeline/cellValues``), or nil.
        var track: [Double]? = nil
        /// The cell with each animatable value at its largest magnitude over the timeline (the
        /// cell itself when not animated).
        var envelope: EmitterCell

        /// The cell as it is at emitter time `t`.
        func cell(at t: Double, _ timeline: EmitterTimeline) -> EmitterCell {
            guard let track else { return cell }
            return cell.withAnimatableValues(timeline.cellValues(track, at: t))
        }
    }

    /// `cell` with each animatable value replaced by its largest magnitude in `track` (knots of
    /// ``EmitterCell/animatableCount`` numbers).
    static func envelope(of cell: EmitterCell, _ track: [Double]) -> EmitterCell {
        let n = EmitterCell.animatableCount
        var largest = [Double](repeating: 0, count: n)
        for (j, x) in track.enumerated() { largest[j % n] = Swift.max(largest[j % n], abs(x)) }
        return cell.withAnimatableValues(largest)
    }

    /// Checks the emitter and prepares its cells.
    ///
    /// - Throws: ``HarmonicError`` naming the key at fault: a cell's property
    ///   (``EmitterCell/validate()``), nesting deeper than ``EmitterCell/maximumDepth``, or a
    ///   cell's `birthRate` that would keep more than ``maximumLiveCount`` particles alive or
    ///   emitting (birth rate × lifetime, multiplied down the tree of cells).
    public init(_ emitter: ParticleEmitter) throws(HarmonicError) {
        self.emitter = emitter
        try EmitterCell.validate(emitter.cells, under: "", depth: 0)
        let timeline = emitter.timeline
        let maxLifetimeMultiplier = Swift.max(0, timeline.maximum { $0.lifetime })
        let maxBirthMultiplier = timeline.maximum { $0.birthRate }
        var cells: [CompiledCell] = []
        func add(_ cell: EmitterCell, parent: Int, path: String) throws(HarmonicError) {
            let window = cell.emissionInterval
            let track = timeline.cellValues[path]
            // The cell's largest magnitudes over the timeline: what the bounds below take.
            let envelope = track.map { Self.envelope(of: cell, $0) } ?? cell
            let emits = cell.isEnabled && envelope.birthRate > 0 && window.end > window.begin
            var births: ParticleBirths?
            if parent < 0, emits {
                let n = EmitterCell.animatableCount
                let rates = timeline.values.indices.map { k in
                    timeline.values[k].birthRate * Swift.max(0, track.map { $0[k * n] } ?? cell.birthRate)
                }
                births = try ParticleBirths(times: timeline.times, rates: rates, begin: window.begin, end: window.end)
            }
            let cone = try EmissionCone(
                longitude: cell.emissionLongitude, latitude: cell.emissionLatitude, range: cell.emissionRange)
            let me = cells.count
            cells.append(
                CompiledCell(
                    cell: cell, path: path, parent: parent, stream: Self.stream(of: path), births: births, cone: cone,
                    window: window,
                    maximumLifetime: Swift.max(0, envelope.lifetime + abs(envelope.lifetimeRange))
                        * maxLifetimeMultiplier,
                    reach: 0, emits: emits, track: track, envelope: envelope))
            if parent >= 0 { cells[parent].children.append(me) }
            for child in cell.emitterCells { try add(child, parent: me, path: path + "/" + child.name) }
        }
        for cell in emitter.cells { try add(cell, parent: -1, path: cell.name) }
        // Reach, children before parents (the flat order is depth first, so backwards works).
        for c in cells.indices.reversed() {
            let childReach = cells[c].children.map { cells[$0].reach }.max() ?? 0
            cells[c].reach = cells[c].maximumLifetime + childReach
        }
        // Births per second at most (a sub-cell's: its parents' flux times what each emits).
        var flux = [Double](repeating: 0, count: cells.count)
        var bound = 0.0
        for (c, compiled) in cells.enumerated() {
            let rate = compiled.emits ? compiled.envelope.birthRate * maxBirthMultiplier : 0
            if compiled.parent < 0 {
                flux[c] = rate
            } else {
                let p = compiled.parent
                let perParent = rate * cells[p].maximumLifetime + 1
                flux[c] = rate > 0 ? flux[p] * perParent : 0
            }
            let evaluated = flux[c] * compiled.reach + (flux[c] > 0 ? 1 : 0)
            bound += evaluated
            guard bound.isFinite, bound <= Self.maximumLiveCount else {
                throw .invalidParameter(
                    name: EmitterCell.keyPath(ofCellPath: compiled.path) + ".birthRate",
                    value:
                        "\(compiled.envelope.birthRate) (about \(bound.rounded()) particles alive or emitting at once)",
                    allowed: "rates × lifetimes within 10000000 live particles")
            }
        }
        liveBound = bound
        self.cells = cells
        try Self.requireFiniteMotion(cells, timeline)
    }

    /// The largest magnitude a particle's position, scale or rotation may reach: beyond it the
    /// closed forms would overflow or lose every digit.
    static let maximumMagnitude = 1e300

    /// Refuses cells whose particles could leave the double range: the emitter's extent plus
    /// every ancestor's travel `|v|·L + |a|·L²/2`, the scale `(|s| + |Δs| + |ṡ|·L)·m`, the
    /// rotation `(|ω| + |Δω|)·m·L`, each below ``maximumMagnitude``.
    static func requireFiniteMotion(_ cells: [CompiledCell], _ timeline: EmitterTimeline) throws(HarmonicError) {
        func largest(_ value: (EmitterParameters) -> Double) -> Double { timeline.maximum { abs(value($0)) } }
        let extent =
            largest { $0.position.x } + largest { $0.position.y } + largest { $0.position.z } + largest { $0.size.x }
            + largest { $0.size.y } + largest { $0.size.z }
        var reach = [Double](repeating: 0, count: cells.count)
        for (c, compiled) in cells.enumerated() {
            let cell = compiled.envelope, life = compiled.maximumLifetime
            let start = compiled.parent < 0 ? extent : reach[compiled.parent]
            let a = cell.acceleration
            let speed = (abs(cell.velocity) + abs(cell.velocityRange)) * largest { $0.velocity }
            let pull = Swift.max(abs(a.x), abs(a.y), abs(a.z))
            let axis = abs(a.x) == pull ? 0 : abs(a.y) == pull ? 1 : 2
            let travel = start + speed * life
            let checks: [(magnitude: Double, key: String, value: Double)] = [
                (travel, "velocity", cell.velocity),
                (travel + pull * life * life / 2, ["x", "y", "z"][axis] + "Acceleration", a[axis]),
                (
                    (abs(cell.scale) + abs(cell.scaleRange) + abs(cell.scaleSpeed) * life) * largest { $0.scale },
                    "scale", cell.scale
                ),
                ((abs(cell.spin) + abs(cell.spinRange)) * largest { $0.spin } * life, "spin", cell.spin),
            ]
            for check in checks where !(check.magnitude <= maximumMagnitude) {
                throw .invalidParameter(
                    name: EmitterCell.keyPath(ofCellPath: compiled.path) + ".\(check.key)",
                    value: HarmonicError.text(check.value),
                    allowed: "values whose particles stay within 1e300 (position, scale, rotation)")
            }
            reach[c] = start + speed * life + pull * life * life / 2
        }
    }

    /// A cell path's stream: FNV-1a over its bytes (names are unique among siblings, so paths
    /// are unique), so a cell's particles do not change when other cells are added.
    static func stream(of path: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            // Int: a byte widens to UInt64 exactly.
            h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return h
    }
}
