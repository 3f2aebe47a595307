internal import CHarmonicKernels
import Dispatch

import HarmonicPlatform

/// Evaluating the particles alive at a time: each cell's births, then its particles four at a
/// time in SIMD lanes, then its sub-cells from the parents just evaluated.
extension ParticleSystem {
    /// The largest birth index evaluated, 2⁵².
    static let maximumIndex = 0x1p52

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
        /// A top-level cell's candidates instead: `count` consecutive indices from `low` of its
        /// schedule, their birth times and keys computed as they are evaluated.
        var range: (low: Double, count: Int, schedule: ParticleBirths, stream: UInt64)?

        /// How many candidates.
        var count: Int { range?.count ?? time.count }
    }

    /// What a cell's particles leave for their sub-cells: those that may still have living
    /// descendants.
    struct ParentList {
        var key: [UInt64] = []
        var birth: [Double] = []
        var lifetime: [Double] = []
        var position: [SIMD3<Double>] = []
        var velocity: [SIMD3<Double>] = []
        /// The acceleration each parent was born with (its cell's, which may be animated).
        var acceleration: [SIMD3<Double>] = []
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
    /// already holds as many. With `threads` above 1 a cell of more than 16,384 candidates is
    /// split among that many threads; the rows are the same, bit for bit.
    ///
    /// - Throws: ``HarmonicError`` naming `time` when `t` is not finite (the table is then
    ///   left as it was).
    public func particles(at t: Double, into table: inout ParticleTable, threads: Int = 1) throws(HarmonicError) {
        try HarmonicError.require(t, named: "time")
        // Birth indices are doubles, exact below 2⁵²; beyond, neighbouring particles would share
        // an index. No animation runs that long (10⁴ particles a second for 14,000 years).
        for compiled in cells {
            guard let births = compiled.births, births.bornCount(at: t) > Self.maximumIndex else { continue }
            throw .invalidParameter(
                name: "time", value: HarmonicError.text(t),
                allowed: "before the 2⁵²-th birth of cell \(compiled.path) (its indices are exact below 2⁵²)")
        }
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
            evaluate(cell: c, births, at: t, into: &table, parents: &list, threads: threads)
            parents[c] = list
            // A parent list is done once its last child is.
            if compiled.parent >= 0, cells[compiled.parent].children.last == c { parents[compiled.parent] = nil }
        }
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
        // Int: clamped to the live bound (≤ 10 million) plus the margins; times are checked to
        // keep birth indices below 2⁵² (``particles(at:into:)``), where they are exact.
        let n = Int(Swift.min(high - low, ParticleSystem.maximumLiveCount + 2))
        list.range = (low, n, births, compiled.stream)
        return list
    }

    /// A sub-cell's candidates: from each parent, the particles it emitted in
    /// `(t − reach, t]`, starting where the parent was at their birth.
    func subCellBirths(of compiled: CompiledCell, from parents: ParentList, at t: Double) -> BirthList {
        var list = BirthList()
        let parentCell = cells[compiled.parent].cell
        let kinematics = ParticleKinematics(drag: parentCell.drag)
        let timeline = emitter.timeline
        // Int: a UInt32 widens to UInt64 exactly.
        let seed = UInt64(emitter.seed)
        for k in parents.key.indices {
            let born = parents.birth[k], life = parents.lifetime[k]
            let begin = born + compiled.window.begin
            let end = Swift.min(born + life, born + compiled.window.end)
            // The sub-cell's rate as its values are at the parent's birth.
            let rate =
                Swift.max(0, compiled.cell(at: born, timeline).birthRate) * timeline.parameters(at: born).birthRate
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
                        parents.position[k] + parents.velocity[k] * f.e1 + parents.acceleration[k] * f.e2
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
        parents: inout ParentList?, threads: Int
    ) {
        let n = births.count
        guard n > 0 else { return }
        let compiled = cells[c]
        // Int: a UInt32 widens to UInt64 exactly.
        let seed = UInt64(emitter.seed)
        let cell = compiled.cell
        let timeline = emitter.timeline
        let constant = timeline.isConstant ? timeline.values[0] : nil
        let first = timeline.values[0]
        let shape = emitter.shape, mode = emitter.mode
        let isSubCell = compiled.parent >= 0
        let wantsParents = parents != nil
        let reach = compiled.reach
        let kinematics = ParticleKinematics(drag: cell.drag)
        // The cell's values in every lane (an animated cell's are read per lane group below).
        let uniform = ParticleCellLanes(cell, cone: compiled.cone)
        let isAnimated = compiled.track != nil
        let vectorInput = vectorKernelInput(cell: c, births, at: t, parameters: constant, lanes: uniform)
        // Int: the flat cell index is below the number of cells (at most 4 levels of a JSON or Swift list).
        let cellNumber = Int32(c)
        let constantRate = births.range?.schedule.constantRate
        table.reserve(extra: n)
        let stride = table.capacity
        let start = table.count
        var written = 0
        table.withColumns { v, cellColumn, indexColumn, idColumn, parentColumn in
            births.time.withUnsafeBufferPointer { times in
                births.key.withUnsafeBufferPointer { keysIn in
                    // Candidates `lanes` (a multiple of 4 from its start) written from row
                    // `firstRow` on; returns how many rows.
                    func kernel(_ lanes: Range<Int>, _ firstRow: Int, _ parents: inout ParentList?) -> Int {
                        if var input = vectorInput {
                            return harmonic_particle_lanes_avx2(
                                &input, lanes.lowerBound, lanes.upperBound, v.baseAddress, stride, firstRow,
                                cellColumn.baseAddress, indexColumn.baseAddress, idColumn.baseAddress,
                                parentColumn.baseAddress)
                        }
                        var row = firstRow
                        var lane = lanes.lowerBound
                        while lane < lanes.upperBound {
                            // Whole vectors built at once: writing lanes one by one into a vector
                            // kept in memory stalls on store forwarding.
                            let j0 = lane, j1 = Swift.min(lane + 1, n - 1), j2 = Swift.min(lane + 2, n - 1)
                            let j3 = Swift.min(lane + 3, n - 1)
                            let keys: SIMD4<UInt64>, born: Lanes, indices: SIMD4<UInt64>
                            if let range = births.range {
                                // Int: indices are whole numbers below 2⁵², exact as UInt64.
                                indices = SIMD4(
                                    UInt64(range.low + Double(j0)), UInt64(range.low + Double(j1)),
                                    UInt64(range.low + Double(j2)), UInt64(range.low + Double(j3)))
                                if let rate = constantRate {
                                    // birthTime(of:)'s constant-rate branch, four at once.
                                    let offsets = Lanes(Double(j0), Double(j1), Double(j2), Double(j3))
                                    let birthTimes = range.schedule.begin + (range.low + offsets + 0.5) / rate
                                    born = LaneOperations.select(
                                        birthTimes .< range.schedule.end, birthTimes, Lanes(repeating: .infinity))
                                } else {
                                    born = Lanes(
                                        range.schedule.birthTime(of: range.low + Double(j0)),
                                        range.schedule.birthTime(of: range.low + Double(j1)),
                                        range.schedule.birthTime(of: range.low + Double(j2)),
                                        range.schedule.birthTime(of: range.low + Double(j3)))
                                }
                                keys = SIMD4(
                                    ParticleRandom.key(seed: seed, stream: range.stream, index: indices[0]),
                                    ParticleRandom.key(seed: seed, stream: range.stream, index: indices[1]),
                                    ParticleRandom.key(seed: seed, stream: range.stream, index: indices[2]),
                                    ParticleRandom.key(seed: seed, stream: range.stream, index: indices[3]))
                            } else {
                                keys = SIMD4(keysIn[j0], keysIn[j1], keysIn[j2], keysIn[j3])
                                born = Lanes(times[j0], times[j1], times[j2], times[j3])
                                indices = SIMD4(
                                    births.index[j0], births.index[j1], births.index[j2], births.index[j3])
                            }
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
                            let p = isAnimated ? ParticleCellLanes(compiled, born: born, timeline) : uniform
                            let age = t - born
                            let (lifetimeDraw, speedDraw) = ParticleRandom.pair(keys: keys, draw: Draw.lifetimeAndSpeed)
                            let lifetime = Self.around(p.lifetime, p.lifetimeRange, lifetimeDraw) * lifetimeScale
                            // Int: lane and n are array counts, within Int64.
                            let valid = SIMD4<Int64>(0, 1, 2, 3) &+ Int64(lane) .< Int64(n)
                            let alive = valid .& (age .>= 0) .& (age .< lifetime)
                            let needed =
                                wantsParents
                                ? valid .& (lifetime .> 0) .& (age .>= 0) .& (age .< reach) .| alive : alive
                            guard LaneOperations.any(needed) else {
                                lane += 4
                                continue
                            }
                            // Initial velocity: speed along a direction of the cone.
                            let speed = Self.around(p.velocity, p.velocityRange, speedDraw) * velocityScale
                            var dx = p.axis.x, dy = p.axis.y, dz = p.axis.z
                            if p.hasCone {
                                let (angleDraw, aroundDraw) = ParticleRandom.pair(keys: keys, draw: Draw.cone)
                                let oneMinusCos = angleDraw * p.coneScale
                                let cosTheta = 1 - oneMinusCos
                                let sinTheta = (oneMinusCos * (2 - oneMinusCos)).squareRoot()
                                let turn = 2 * .pi * aroundDraw
                                let (s, co, _) = LaneSineCosine.sinCos(hi: turn, lo: Lanes())
                                let sc = sinTheta * co, ss = sinTheta * s
                                dx = cosTheta * p.axis.x + sc * p.first.x + ss * p.second.x
                                dy = cosTheta * p.axis.y + sc * p.first.y + ss * p.second.y
                                dz = cosTheta * p.axis.z + sc * p.first.z + ss * p.second.z
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
                                        mode: mode, centre: SIMD3(cx[k], cy[k], cz[k]), size: size, u[k], w[k],
                                        shapeW[k])
                                }
                                let p0 = point(0), p1 = point(1), p2 = point(2), p3 = point(3)
                                x0 = Lanes(p0.x, p1.x, p2.x, p3.x)
                                y0 = Lanes(p0.y, p1.y, p2.y, p3.y)
                                z0 = Lanes(p0.z, p1.z, p2.z, p3.z)
                            }
                            let tau = LaneOperations.raise(age, to: 0)
                            let f = kinematics.factors(at: tau)
                            let startScale = Self.around(p.scale, p.scaleRange, scaleDraw)
                            let scale = LaneOperations.raise((startScale + p.scaleSpeed * tau) * scaleScale, to: 0)
                            let (spinDraw, redDraw) = ParticleRandom.pair(keys: keys, draw: Draw.spinAndRed)
                            let (greenDraw, blueDraw) = ParticleRandom.pair(keys: keys, draw: Draw.greenAndBlue)
                            let alphaDraw = ParticleRandom.pair(keys: keys, draw: Draw.alpha).0
                            let rotation = Self.around(p.spin, p.spinRange, spinDraw) * spinScale * tau
                            let red = Self.colour(p.red, redDraw, tau)
                            let green = Self.colour(p.green, greenDraw, tau)
                            let blue = Self.colour(p.blue, blueDraw, tau)
                            let alpha = Self.colour(p.alpha, alphaDraw, tau)
                            let motion: (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes) = (
                                x0 + vx0 * f.e1 + p.ax * f.e2, y0 + vy0 * f.e1 + p.ay * f.e2,
                                z0 + vz0 * f.e1 + p.az * f.e2,
                                vx0 * f.decay + p.ax * f.e1, vy0 * f.decay + p.ay * f.e1, vz0 * f.decay + p.az * f.e1
                            )
                            let parentKeys: SIMD4<UInt64> =
                                births.range == nil
                                ? SIMD4(births.parent[j0], births.parent[j1], births.parent[j2], births.parent[j3])
                                : .zero
                            if wantsParents {
                                for k in 0..<4 where valid[k] && lifetime[k] > 0 && age[k] >= 0 && age[k] < reach {
                                    parents?.key.append(keys[k])
                                    parents?.birth.append(born[k])
                                    parents?.lifetime.append(lifetime[k])
                                    parents?.position.append(SIMD3(x0[k], y0[k], z0[k]))
                                    parents?.velocity.append(SIMD3(vx0[k], vy0[k], vz0[k]))
                                    parents?.acceleration.append(SIMD3(p.ax[k], p.ay[k], p.az[k]))
                                }
                            }
                            // Every column in ParticleTable.Column's order, through `put`.
                            func columns(_ put: (Int, Lanes) -> Void) {
                                put(0, born)
                                put(1, age)
                                put(2, lifetime)
                                put(3, motion.0)
                                put(4, motion.1)
                                put(5, motion.2)
                                put(6, motion.3)
                                put(7, motion.4)
                                put(8, motion.5)
                                put(9, scale)
                                put(10, rotation)
                                put(11, red)
                                put(12, green)
                                put(13, blue)
                                put(14, alpha)
                            }
                            if LaneOperations.all(alive) {
                                // Four rows at once: one vector store per column (most chunks).
                                let base = UnsafeMutableRawPointer(v.baseAddress!)
                                columns { column, lanes in
                                    base.storeBytes(
                                        of: lanes, toByteOffset: (column * stride + row) * 8, as: SIMD4<Double>.self)
                                }
                                for k in 0..<4 { cellColumn[row + k] = cellNumber }
                                UnsafeMutableRawPointer(indexColumn.baseAddress! + row).storeBytes(
                                    of: indices, as: SIMD4<UInt64>.self)
                                UnsafeMutableRawPointer(idColumn.baseAddress! + row).storeBytes(
                                    of: keys, as: SIMD4<UInt64>.self)
                                UnsafeMutableRawPointer(parentColumn.baseAddress! + row).storeBytes(
                                    of: parentKeys, as: SIMD4<UInt64>.self)
                                row += 4
                            } else {
                                for k in 0..<4 where alive[k] {
                                    columns { column, lanes in v[column * stride + row] = lanes[k] }
                                    cellColumn[row] = cellNumber
                                    indexColumn[row] = indices[k]
                                    idColumn[row] = keys[k]
                                    parentColumn[row] = parentKeys[k]
                                    row += 1
                                }
                            }
                            lane += 4
                        }
                        return row - firstRow
                    }
                    // Large cells are split among threads in runs of whole lanes; each writes
                    // the rows of its run from the run's first candidate on, and the runs are
                    // then closed up in order — the same rows as one thread writes.
                    let chunks = (n + 3) / 4
                    let parts = Swift.max(1, Swift.min(threads, chunks / Self.lanesPerThread))
                    guard parts > 1 else {
                        written = kernel(0..<n, start, &parents)
                        return
                    }
                    var results = [(rows: Int, parents: ParentList?)](repeating: (0, nil), count: parts)
                    let runs = (0..<parts).map {
                        (chunks * $0 / parts * 4)..<Swift.min(chunks * ($0 + 1) / parts * 4, n)
                    }
                    results.withUnsafeMutableBufferPointer { out in
                        withoutActuallyEscaping(kernel) { kernel in
                            let shared = UncheckedBox((kernel, out))
                            DispatchQueue.concurrentPerform(iterations: parts) { part in
                                var list: ParentList? = wantsParents ? ParentList() : nil
                                let lanes = runs[part]
                                let rows = shared.value.0(lanes, start + lanes.lowerBound, &list)
                                shared.value.1[part] = (rows, list)
                            }
                        }
                    }
                    var row = start + results[0].rows
                    for part in 1..<parts {
                        let from = start + runs[part].lowerBound, rows = results[part].rows
                        Self.move(rows: from..<from + rows, to: row, stride: stride, in: v)
                        Self.move(rows: from..<from + rows, to: row, stride: 0, in: cellColumn)
                        Self.move(rows: from..<from + rows, to: row, stride: 0, in: indexColumn)
                        Self.move(rows: from..<from + rows, to: row, stride: 0, in: idColumn)
                        Self.move(rows: from..<from + rows, to: row, stride: 0, in: parentColumn)
                        row += rows
                    }
                    written = row - start
                    for result in results {
                        guard let list = result.parents else { continue }
                        parents?.key += list.key
                        parents?.birth += list.birth
                        parents?.lifetime += list.lifetime
                        parents?.position += list.position
                        parents?.velocity += list.velocity
                        parents?.acceleration += list.acceleration
                    }
                }
            }
        }
        table.count += written
    }

    /// The fewest lanes of four a thread takes (below it, one thread is faster).
    static let lanesPerThread = 4096

    /// Moves rows `rows` of every column to start at row `destination` (columns `stride`
    /// apart; 0 for one column), earlier in the buffer, so the regions may overlap.
    static func move<T>(rows: Range<Int>, to destination: Int, stride: Int, in buffer: UnsafeMutableBufferPointer<T>) {
        guard !rows.isEmpty, destination != rows.lowerBound, let base = buffer.baseAddress else { return }
        let columns = stride == 0 ? 1 : ParticleTable.Column.allCases.count
        for c in 0..<columns {
            UnsafeMutableRawPointer(base + c * stride + destination).copyMemory(
                from: base + c * stride + rows.lowerBound, byteCount: rows.count * MemoryLayout<T>.stride)
        }
    }

    typealias Lanes = SIMD4<Double>

    /// `value ± range` for four particles, from their uniform numbers `u`.
    @inline(__always)
    static func around(_ value: Lanes, _ range: Lanes, _ u: Lanes) -> Lanes {
        value + range * (2 * u - 1)
    }

    /// A colour component at age `tau`: `color ± range + speed·τ`, clamped to `[0, 1]`.
    @inline(__always)
    static func colour(_ channel: ParticleCellLanes.Channel, _ u: Lanes, _ tau: Lanes) -> Lanes {
        LaneOperations.clamp(around(channel.value, channel.range, u) + channel.speed * tau, 0, 1)
    }
}
