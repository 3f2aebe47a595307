/// The emitter's parameters over time: piecewise linear between knots, held before the first
/// and after the last — a constant emitter is one knot.
///
/// Keyframes with linear pacing are exactly such a timeline; any other animation is sampled
/// onto one (the engine samples an animated emitter every ``engineStep`` seconds). The birth
/// schedule integrates the piecewise-linear birth rate exactly (``ParticleBirths``); every
/// other value is read at each particle's birth.
///
/// Cells' own values may move too (`emitterCells.NAME.KEY` in Core Animation): ``cellValues``
/// holds, for a cell's path, the cell's values at each knot; a top-level cell's birth rate is then its
/// rate times the layer's `birthRate` at each knot, linear between them, and a particle takes
/// its cell's other values at its birth (``EmitterCell/animatableValues``).
public struct EmitterTimeline: Sendable, Hashable {
    /// The knots' times (seconds, increasing).
    public let times: [Double]
    /// The parameters at each knot.
    public let values: [EmitterParameters]
    /// Animated cells' values at the knots, by cell path (``ParticleSystem/cellPaths``): for
    /// each knot, ``EmitterCell/animatableCount`` numbers in the order of
    /// ``EmitterCell/animatableValues``, one knot after another.
    public let cellValues: [String: [Double]]

    /// A constant emitter.
    public init(_ parameters: EmitterParameters = EmitterParameters()) {
        times = [0]
        values = [parameters]
        cellValues = [:]
    }

    /// The emitter through `(times[k], values[k])`, and the animated cells through
    /// `(times[k], cells[path][k])` (only the cells' animatable values are read).
    ///
    /// - Throws: ``HarmonicError`` naming `times` (empty, or another count than `values`),
    ///   `times[k]` (not finite or not increasing) or the value at fault
    ///   (`values[k].birthRate` below 0, any value not finite; `cells[PATH]` of another
    ///   count than `times`, `cells[PATH][k].KEY` as ``EmitterCell/validate()`` checks it).
    public init(times: [Double], values: [EmitterParameters], cells: [String: [EmitterCell]] = [:])
        throws(HarmonicError)
    {
        guard !times.isEmpty, times.count == values.count else {
            throw .invalidParameter(
                name: "times", value: "\(times.count) knots",
                allowed: "at least one, as many as values (\(values.count))")
        }
        for (k, t) in times.enumerated() {
            try HarmonicError.require(t, named: "times[\(k)]", k == 0 ? "" : "> times[\(k - 1)]") {
                k == 0 || $0 > times[k - 1]
            }
        }
        for (k, value) in values.enumerated() {
            for (name, x) in zip(EmitterParameters.componentNames, value.components) {
                try HarmonicError.require(x, named: "values[\(k)].\(name)")
            }
            try HarmonicError.require(value.birthRate, named: "values[\(k)].birthRate", ">= 0") { $0 >= 0 }
        }
        var cellValues: [String: [Double]] = [:]
        for (path, knots) in cells.sorted(by: { $0.key < $1.key }) {
            guard knots.count == times.count else {
                throw .invalidParameter(
                    name: "cells[\(path)]", value: "\(knots.count) knots", allowed: "as many as times (\(times.count))")
            }
            var flat: [Double] = []
            flat.reserveCapacity(knots.count * EmitterCell.animatableCount)
            for (k, cell) in knots.enumerated() {
                var own = cell
                own.emitterCells = []
                try own.validate(path: "cells[\(path)][\(k)]", depth: 1)
                flat += cell.animatableValues
            }
            cellValues[path] = flat
        }
        self.times = times
        self.values = values
        self.cellValues = cellValues
    }

    /// The step at which the engine samples an emitter whose values are animated (seconds):
    /// 1/240 s, four samples per 60 Hz frame.
    public static let engineStep = 1.0 / 240

    /// Whether the timeline is one knot.
    public var isConstant: Bool { times.count == 1 }

    /// The parameters at `t`: linear between knots, held outside them.
    public func parameters(at t: Double) -> EmitterParameters {
        let (k, f) = knot(at: t)
        guard f > 0 else { return values[k] }
        let a = values[k], b = values[k + 1]
        func mix(_ x: Double, _ y: Double) -> Double { x + f * (y - x) }
        return EmitterParameters(
            position: a.position + f * (b.position - a.position), size: a.size + f * (b.size - a.size),
            birthRate: mix(a.birthRate, b.birthRate), lifetime: mix(a.lifetime, b.lifetime),
            velocity: mix(a.velocity, b.velocity), scale: mix(a.scale, b.scale), spin: mix(a.spin, b.spin))
    }

    /// The cell at `path` as it is at `t`: `cell` with its animatable values from
    /// ``cellValues`` (linear between knots, held outside them); `cell` itself when the cell is
    /// not animated.
    public func cell(_ cell: EmitterCell, path: String, at t: Double) -> EmitterCell {
        guard let flat = cellValues[path] else { return cell }
        return cell.withAnimatableValues(cellValues(flat, at: t))
    }

    /// The animatable numbers of a cell's flat knots at `t`.
    func cellValues(_ flat: [Double], at t: Double) -> [Double] {
        let n = EmitterCell.animatableCount
        let (k, f) = knot(at: t)
        guard f > 0 else { return Array(flat[k * n..<(k + 1) * n]) }
        return (0..<n).map { j in
            let x = flat[k * n + j], y = flat[(k + 1) * n + j]
            return x + f * (y - x)
        }
    }

    /// The knot at or before `t` and the fraction of the way to the next (0 before the first
    /// knot and from the last on).
    func knot(at t: Double) -> (index: Int, fraction: Double) {
        guard times.count > 1, t > times[0] else { return (0, 0) }
        let k = times.lastIndex(notAbove: t, from: 0, through: times.count - 1)
        guard k + 1 < times.count else { return (times.count - 1, 0) }
        return (k, (t - times[k]) / (times[k + 1] - times[k]))
    }

    /// The largest of `value` over the timeline (at a knot: the timeline is piecewise linear).
    func maximum(_ value: (EmitterParameters) -> Double) -> Double {
        values.map(value).max() ?? 0
    }
}
