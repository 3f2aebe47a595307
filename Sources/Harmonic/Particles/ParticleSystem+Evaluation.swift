#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Evaluating the particles alive at a time: each cell's births, then its particles four at a
/// time in SIMD lanes, then its sub-cells from the parents just evaluated.
extension ParticleSystem {
    /// Which draw of a particle's key each random attribute takes: pairs of 32-bit numbers
    /// (``ParticleRandom/pair(key:draw:)``), the first and second of each draw.
    ///
    /// | draw | first | second |
    /// |---|---|---|
    /// | 0 | lifetime | speed |
    /// | 1 | cone: angle from the axis | cone: angle around it |
    /// | 2 | shape: u | shape: v |
    /// | 3 | shape: w | scale |
    /// | 4 | spin | red |
    /// | 5 | green | blue |
    /// | 6 | alpha | — |
    enum Draw {
        static let lifetimeAndSpeed: UInt64 = 0
        static let cone: UInt64 = 1
        static let shape: UInt64 = 2
        static let shapeAndScale: UInt64 = 3
        static let spinAndRed: UInt64 = 4
        static let greenAndBlue: UInt64 = 5
        static let alpha: UInt64 = 6
    }

    /// The births of one cell to evaluate: index, time, key, parent's key and, for a sub-cell,
    /// where the parent was.
    struct BirthList {
        var index: [UInt64] = []
        var time: [Double] = []
        var key: [UInt64] = []
        var parent: [UInt64] = []
        var origin: [SIMD3<Double>] = []
    }

    /// What a cell's particles leave for their sub-cells: those that may still have living
    /// descendants.
    struct ParentList {
        var key: [UInt64] = []
        var birth: [Double] = []
        var lifetime: [Double] = []
        var position: [SIMD3<Double>] = []
        var velocity: [SIMD3<Double>] = []
    }

    /// The particles alive at `t` (seconds of the emitter's clock): born at or before `t`
    /// and younger than their lifetime.
    ///
    /// - Throws: ``HarmonicError`` naming `time` when `t` is not finite.
    public func particles(at t: Double) throws(HarmonicError) -> ParticleTable {
        var table = ParticleTable()
        try particles(at: t, into: &table)
        return table
    }

    /// The particles alive at `t`, written into `table` (replacing its rows, reusing its
    /// storage): the same rows as ``particles(at:)``, without allocating when the table
    /// already holds as many.
    ///
    /// - Throws: ``HarmonicError`` naming `time` when `t` is not finite (the table is then
    ///   left as it was).
    public func particles(at t: Double, into table: inout ParticleTable) throws(HarmonicError) {
        try HarmonicError.require(t, named: "time")
        table.reset(cellPaths: cellPaths)
        var parents = [ParentList?](repeating: nil, count: cells.count)
        for c in cells.indices {
            let compiled = cells[c]
            let births: BirthList
            if compiled.parent < 0 {
                births = topLevelBirths(of: compiled, at: t)
            } else if let list = parents[compiled.parent] {
                births = subCellBirths(of: compiled, from: list, at: t)
            } else {
                continue
            }
            var list: ParentList? = compiled.children.isEmpty ? nil : ParentList()
            evaluate(cell: c, births, at: t, into: &table, parents: &list)
            parents[c] = list
            // A parent list is done once its last child is.
            if compiled.parent >= 0, cells[compiled.parent].children.last == c { parents[compiled.parent] = nil }
        }
        table.finish()
    }

    /// How many particles are alive at `t`.
    public func count(at t: Double) throws(HarmonicError) -> Int {
        try particles(at: t).count
    }

    /// A top-level cell's candidates: the particles born in `(t − reach, t]`, with a margin of
    /// one index each side for rounding (each is then tested exactly by its birth time).
    func topLevelBirths(of compiled: CompiledCell, at t: Double) -> BirthList {
        var list = BirthList()
        guard let births = compiled.births else { return list }
        let high = births.bornCount(at: t) + 1
        let low = Swift.max(0, births.bornCount(at: t - compiled.reach) - 1)
        guard high > low else { return list }
        // Int: the count is bounded by the live bound (≤ 10 million) plus the margins.
        let n = Int(high - low)
        list.index.reserveCapacity(n)
        list.time.reserveCapacity(n)
        list.key.reserveCapacity(n)
        // Int: a UInt32 widens to UInt64 exactly.
        let seed = UInt64(emitter.seed)
        var i = low
        while i < high {
            let born = births.birthTime(of: i)
            if born <= t, t - born < compiled.reach {
                // Int: i is a whole number in [0, 2⁵³), exact as a UInt64.
                let index = UInt64(i)
                list.index.append(index)
                list.time.append(born)
                list.key.append(ParticleRandom.key(seed: seed, stream: compiled.stream, index: index))
            }
            i += 1
        }
        list.parent = [UInt64](repeating: 0, count: list.index.count)
        return list
    }

    /// A sub-cell's candidates: from each parent, the particles it emitted in
    /// `(t − reach, t]`, starting where the parent was at their birth.
    func subCellBirths(of compiled: CompiledCell, from parents: ParentList, at t: Double) -> BirthList {
        var list = BirthList()
        let parentCell = cells[compiled.parent].cell
        let kinematics = ParticleKinematics(drag: parentCell.drag)
        // Int: a UInt32 widens to UInt64 exactly.
        let seed = UInt64(emitter.seed)
        for k in parents.key.indices {
            let born = parents.birth[k], life = parents.lifetime[k]
            let begin = born + compiled.window.begin
            let end = Swift.min(born + life, born + compiled.window.end)
            let rate = compiled.cell.birthRate * emitter.timeline.parameters(at: born).birthRate
            guard end > begin, rate > 0 else { continue }
            let high = ((Swift.min(t, end) - begin) * rate + 0.5).rounded(.down) + 1
            let low = Swift.max(0, ((t - compiled.reach - begin) * rate + 0.5).rounded(.down) - 1)
            guard high > low else { continue }
            let stream = compiled.stream ^ (parents.key[k] &* 0xD6E8_FEB8_6659_FD93)
            var j = low
            while j < high {
                let s = begin + (j + 0.5) / rate
                if s <= t, s < end, t - s < compiled.reach {
                    // Int: j is a whole number in [0, 2⁵³), exact as a UInt64.
                    let index = UInt64(j)
                    let f = kinematics.factors(at: s - born)
                    let origin =
                        parents.position[k] + parents.velocity[k] * f.e1 + parentCell.acceleration * f.e2
                    list.index.append(index)
                    list.time.append(s)
                    list.key.append(ParticleRandom.key(seed: seed, stream: stream, index: index))
                    list.parent.append(parents.key[k])
                    list.origin.append(origin)
                }
                j += 1
            }
        }
        return list
    }

    /// Evaluates a cell's candidates at `t` in lanes of four, appending the living ones to
    /// `table` and, when the cell has sub-cells, every candidate that may have living
    /// descendants to `parents`.
    func evaluate(
        cell c: Int, _ births: BirthList, at t: Double, into table: inout ParticleTable,
        parents: inout ParentList?
    ) {
        let n = births.time.count
        guard n > 0 else { return }
        let compiled = cells[c]
        let cell = compiled.cell
        let timeline = emitter.timeline
        let constant = timeline.isConstant ? timeline.values[0] : nil
        let first = timeline.values[0]
        let shape = emitter.shape, mode = emitter.mode
        let isSubCell = compiled.parent >= 0
        let wantsParents = parents != nil
        let reach = compiled.reach
        let kinematics = ParticleKinematics(drag: cell.drag)
        let cone = compiled.cone
        let coneScale = 2 * sin(cone.range / 2) * sin(cone.range / 2)
        let a = cell.acceleration
        // Int: the flat cell index is below the number of cells (at most 4 levels of a JSON or Swift list).
        let cellNumber = Int32(c)
        table.reserve(extra: n)
        let stride = table.capacity
        var row = table.count
        let start = row
        table.withColumns { v, cellColumn, indexColumn, idColumn, parentColumn in
            births.time.withUnsafeBufferPointer { times in
                births.key.withUnsafeBufferPointer { keysIn in
                    var lane = 0
                    while lane < n {
                        // Whole vectors built at once: writing lanes one by one into a vector
                        // kept in memory stalls on store forwarding.
                        let j0 = lane, j1 = Swift.min(lane + 1, n - 1), j2 = Swift.min(lane + 2, n - 1)
                        let j3 = Swift.min(lane + 3, n - 1)
                        let keys = SIMD4(keysIn[j0], keysIn[j1], keysIn[j2], keysIn[j3])
                        let born = Lanes(times[j0], times[j1], times[j2], times[j3])
                        // The layer's values at each birth.
                        var lifetimeScale = Lanes(repeating: first.lifetime)
                        var velocityScale = Lanes(repeating: first.velocity)
                        var scaleScale = Lanes(repeating: first.scale)
                        var spinScale = Lanes(repeating: first.spin)
                        var cx = Lanes(repeating: first.position.x), cy = Lanes(repeating: first.position.y)
                        var cz = Lanes(repeating: first.position.z)
                        if constant == nil {
                            for k in 0..<4 {
                                let p = timeline.parameters(at: born[k])
                                lifetimeScale[k] = p.lifetime
                                velocityScale[k] = p.velocity
                                scaleScale[k] = p.scale
                                spinScale[k] = p.spin
                                cx[k] = p.position.x
                                cy[k] = p.position.y
                                cz[k] = p.position.z
                            }
                        }
                        let age = t - born
                        let (lifetimeDraw, speedDraw) = ParticleRandom.pair(keys: keys, draw: Draw.lifetimeAndSpeed)
                        let lifetime = Self.around(cell.lifetime, cell.lifetimeRange, lifetimeDraw) * lifetimeScale
                        // Int: lane and n are array counts, within Int64.
                        let valid = SIMD4<Int64>(0, 1, 2, 3) &+ Int64(lane) .< Int64(n)
                        let alive = valid .& (age .>= 0) .& (age .< lifetime)
                        let needed =
                            wantsParents ? valid .& (lifetime .> 0) .& (age .< reach) .| alive : alive
                        guard LaneOperations.any(needed) else {
                            lane += 4
                            continue
                        }
                        // Initial velocity: speed along a direction of the cone.
                        let speed = Self.around(cell.velocity, cell.velocityRange, speedDraw) * velocityScale
                        var dx = Lanes(repeating: cone.axis.x), dy = Lanes(repeating: cone.axis.y)
                        var dz = Lanes(repeating: cone.axis.z)
                        if cone.range > 0 {
                            let (angleDraw, aroundDraw) = ParticleRandom.pair(keys: keys, draw: Draw.cone)
                            let oneMinusCos = angleDraw * coneScale
                            let cosTheta = 1 - oneMinusCos
                            let sinTheta = (oneMinusCos * (2 - oneMinusCos)).squareRoot()
                            let turn = 2 * .pi * aroundDraw
                            let (s, co, _) = LaneSineCosine.sinCos(hi: turn, lo: Lanes())
                            let p = sinTheta * co, q = sinTheta * s
                            dx = cosTheta * cone.axis.x + p * cone.first.x + q * cone.second.x
                            dy = cosTheta * cone.axis.y + p * cone.first.y + q * cone.second.y
                            dz = cosTheta * cone.axis.z + p * cone.first.z + q * cone.second.z
                        }
                        let vx0 = speed * dx, vy0 = speed * dy, vz0 = speed * dz
                        // Initial position: the parent's place, or a point of the emitter's shape.
                        var x0 = cx, y0 = cy, z0 = cz
                        let (shapeW, scaleDraw) = ParticleRandom.pair(keys: keys, draw: Draw.shapeAndScale)
                        if isSubCell {
                            let o0 = births.origin[j0], o1 = births.origin[j1], o2 = births.origin[j2]
                            let o3 = births.origin[j3]
                            x0 = Lanes(o0.x, o1.x, o2.x, o3.x)
                            y0 = Lanes(o0.y, o1.y, o2.y, o3.y)
                            z0 = Lanes(o0.z, o1.z, o2.z, o3.z)
                        } else if shape != .point {
                            let (u, w) = ParticleRandom.pair(keys: keys, draw: Draw.shape)
                            func point(_ k: Int) -> SIMD3<Double> {
                                let size = constant?.size ?? timeline.parameters(at: born[k]).size
                                return shape.point(
                                    mode: mode, centre: SIMD3(cx[k], cy[k], cz[k]), size: size, u[k], w[k], shapeW[k])
                            }
                            let p0 = point(0), p1 = point(1), p2 = point(2), p3 = point(3)
                            x0 = Lanes(p0.x, p1.x, p2.x, p3.x)
                            y0 = Lanes(p0.y, p1.y, p2.y, p3.y)
                            z0 = Lanes(p0.z, p1.z, p2.z, p3.z)
                        }
                        let tau = LaneOperations.raise(age, to: 0)
                        let f = kinematics.factors(at: tau)
                        let startScale = Self.around(cell.scale, cell.scaleRange, scaleDraw)
                        let scale = LaneOperations.raise((startScale + cell.scaleSpeed * tau) * scaleScale, to: 0)
                        let (spinDraw, redDraw) = ParticleRandom.pair(keys: keys, draw: Draw.spinAndRed)
                        let (greenDraw, blueDraw) = ParticleRandom.pair(keys: keys, draw: Draw.greenAndBlue)
                        let alphaDraw = ParticleRandom.pair(keys: keys, draw: Draw.alpha).0
                        let rotation = Self.around(cell.spin, cell.spinRange, spinDraw) * spinScale * tau
                        let red = Self.colour(cell, 0, redDraw, tau)
                        let green = Self.colour(cell, 1, greenDraw, tau)
                        let blue = Self.colour(cell, 2, blueDraw, tau)
                        let alpha = Self.colour(cell, 3, alphaDraw, tau)
                        let columns: (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes) = (
                            x0 + vx0 * f.e1 + a.x * f.e2, y0 + vy0 * f.e1 + a.y * f.e2, z0 + vz0 * f.e1 + a.z * f.e2,
                            vx0 * f.decay + a.x * f.e1, vy0 * f.decay + a.y * f.e1, vz0 * f.decay + a.z * f.e1
                        )
                        for k in 0..<4 where valid[k] {
                            if wantsParents, lifetime[k] > 0, age[k] < reach {
                                parents?.key.append(keys[k])
                                parents?.birth.append(born[k])
                                parents?.lifetime.append(lifetime[k])
                                parents?.position.append(SIMD3(x0[k], y0[k], z0[k]))
                                parents?.velocity.append(SIMD3(vx0[k], vy0[k], vz0[k]))
                            }
                            guard alive[k] else { continue }
                            // The columns in ParticleTable.Column's order.
                            v[row] = born[k]
                            v[stride + row] = age[k]
                            v[2 * stride + row] = lifetime[k]
                            v[3 * stride + row] = columns.0[k]
                            v[4 * stride + row] = columns.1[k]
                            v[5 * stride + row] = columns.2[k]
                            v[6 * stride + row] = columns.3[k]
                            v[7 * stride + row] = columns.4[k]
                            v[8 * stride + row] = columns.5[k]
                            v[9 * stride + row] = scale[k]
                            v[10 * stride + row] = rotation[k]
                            v[11 * stride + row] = red[k]
                            v[12 * stride + row] = green[k]
                            v[13 * stride + row] = blue[k]
                            v[14 * stride + row] = alpha[k]
                            let j = lane + k
                            cellColumn[row] = cellNumber
                            indexColumn[row] = births.index[j]
                            idColumn[row] = keys[k]
                            parentColumn[row] = births.parent[j]
                            row += 1
                        }
                        lane += 4
                    }
                }
            }
        }
        table.count += row - start
    }

    typealias Lanes = SIMD4<Double>

    /// `value ± range` for four particles, from their uniform numbers `u`.
    @inline(__always)
    static func around(_ value: Double, _ range: Double, _ u: Lanes) -> Lanes {
        value + range * (2 * u - 1)
    }

    /// Colour component `k` at age `tau`: `color ± range + speed·τ`, clamped to `[0, 1]`.
    @inline(__always)
    static func colour(_ cell: EmitterCell, _ k: Int, _ u: Lanes, _ tau: Lanes) -> Lanes {
        LaneOperations.clamp(around(cell.color[k], cell.colorRange[k], u) + cell.colorSpeed[k] * tau, 0, 1)
    }
}
