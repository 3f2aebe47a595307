import Foundation
import Harmonic
import HarmonicTestSupport
import Testing

/// The particle system against closed forms (ballistic and dragged motion, colour clamps,
/// lifetimes, shapes), the distributions of its ranges (Kolmogorov–Smirnov at the 1 % level,
/// fixed seeds), exact emission counts, scrubbing and reproducibility.
@Suite struct ParticleSystemTests {
    /// Ballistic particles: births at (i + ½)/r, positions p₀ + v·τ + a·τ²/2, velocities
    /// v + a·τ, at an emitter placed at (40, 60, 5).
    @Test func ballisticParticlesFollowTheirClosedForm() throws {
        let c = cell(rate: 10, lifetime: 2) {
            $0.velocity = 100
            $0.emissionLongitude = 0.6
            $0.acceleration = SIMD3(0, 98, -3)
        }
        let emitter = ParticleEmitter(
            cells: [c], timeline: EmitterTimeline(EmitterParameters(position: SIMD3(40, 60, 5))))
        let system = try ParticleSystem(emitter)
        let t = 3.234
        let table = try system.particles(at: t)
        // Alive: born in (t − 2, t], i.e. (i + ½)/10 in (1.234, 3.234]: i = 12…31.
        #expect(table.count == 20)
        #expect(Array(table.index) == (12...31).map(UInt64.init))
        for row in 0..<table.count {
            let born = (Double(table.index[row]) + 0.5) / 10
            let tau = t - born
            #expect(isClose(table[.birthTime, row: row], born, relative: 1e-15))
            #expect(isClose(table[.age, row: row], tau, relative: 1e-13))
            #expect(isClose(table[.x, row: row], 40 + 100 * cos(0.6) * tau, relative: 1e-13))
            #expect(isClose(table[.y, row: row], 60 + 100 * sin(0.6) * tau + 49 * tau * tau, relative: 1e-13))
            #expect(isClose(table[.z, row: row], 5 - 1.5 * tau * tau, relative: 1e-13, scale: 5))
            #expect(isClose(table[.vy, row: row], 100 * sin(0.6) + 98 * tau, relative: 1e-13))
            #expect(table[.scale, row: row] == 1 && table[.rotation, row: row] == 0)
        }
    }

    /// With drag k the lanes' closed form matches the scalar one to a few ulps, and both the
    /// exact solution of dv/dt = a − k·v computed independently here.
    @Test(arguments: [0.02, 0.5, 4.0])
    func draggedParticlesFollowTheirClosedForm(drag k: Double) throws {
        let c = cell(rate: 50, lifetime: 3) {
            $0.velocity = 300
            $0.emissionLongitude = -.pi / 2
            $0.acceleration = SIMD3(0, 900, 0)
            $0.drag = k
        }
        let table = try ParticleSystem(ParticleEmitter(cells: [c])).particles(at: 2.9)
        #expect(table.count == 145)
        for row in 0..<table.count {
            let tau = table[.age, row: row]
            // v(τ) = a/k + (v₀ − a/k)·e^(−kτ), y(τ) = (a/k)·τ + (v₀ − a/k)·(1 − e^(−kτ))/k.
            let terminal = 900 / k, v0 = -300.0
            let y = terminal * tau + (v0 - terminal) * (-expm1(-k * tau)) / k
            let vy = terminal + (v0 - terminal) * exp(-k * tau)
            #expect(isClose(table[.y, row: row], y, relative: 1e-11, scale: 300 * tau), "τ \(tau)")
            #expect(isClose(table[.vy, row: row], vy, relative: 1e-12, scale: 300))
            let scalar = ParticleKinematics(drag: k).state(at: tau, position: 0, velocity: v0, acceleration: 900)
            // Relative to the motion's terms (|v₀|·τ and a·τ²/2), which cancel in the sum.
            #expect(isClose(table[.y, row: row], scalar.position, relative: 4e-15, scale: 300 * tau + 450 * tau * tau))
        }
    }

    /// Colour: the start ± range, plus speed × age, clamped to [0, 1]; scale: (s + speed·age) ×
    /// the layer's multiplier, never below 0; rotation spin × multiplier × age.
    @Test func colourScaleAndSpinMoveAndClamp() throws {
        let c = cell(rate: 4, lifetime: 5) {
            $0.color = SIMD4(0.5, 0.5, 0.2, 1)
            $0.colorSpeed = SIMD4(0.4, -0.3, 0.1, -0.25)
            $0.scale = 2
            $0.scaleSpeed = -0.5
            $0.spin = 1.5
        }
        let emitter = ParticleEmitter(
            cells: [c], timeline: EmitterTimeline(EmitterParameters(scale: 3, spin: 2)))
        let table = try ParticleSystem(emitter).particles(at: 4.99)
        #expect(table.count == 20)
        for row in 0..<table.count {
            let tau = table[.age, row: row]
            func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }
            #expect(isClose(table[.red, row: row], clamp(0.5 + 0.4 * tau), absolute: 1e-15))
            #expect(isClose(table[.green, row: row], clamp(0.5 - 0.3 * tau), absolute: 1e-15))
            #expect(isClose(table[.blue, row: row], clamp(0.2 + 0.1 * tau), absolute: 1e-15))
            #expect(isClose(table[.alpha, row: row], clamp(1 - 0.25 * tau), absolute: 1e-15))
            #expect(isClose(table[.scale, row: row], max(0, (2 - 0.5 * tau) * 3), absolute: 1e-14))
            #expect(isClose(table[.rotation, row: row], 3 * tau, relative: 1e-15))
        }
        // The old ones have reached the clamps.
        #expect(table.column(.red).max() == 1 && table.column(.green).min() == 0)
    }

    /// Lifetimes `lifetime ± range`: all particles born within the shortest lifetime are alive,
    /// and their lifetimes are uniform on [5, 15) (KS); a particle dies exactly at its lifetime.
    @Test func lifetimesAreUniformInTheirRange() throws {
        let c = cell(rate: 2000, lifetime: 10) { $0.lifetimeRange = 5 }
        let system = try ParticleSystem(ParticleEmitter(cells: [c], seed: 7))
        let table = try system.particles(at: 4.9)
        #expect(table.count == 9800)
        let u = table.column(.lifetime).map { ($0 - 5) / 10 }
        #expect(kolmogorovSmirnov(u) < kolmogorovSmirnovCritical(u.count))
        // Later, a particle is alive exactly while its age is below its lifetime.
        let late = try system.particles(at: 12)
        for row in 0..<late.count { #expect(late[.age, row: row] < late[.lifetime, row: row]) }
        let first = table[.lifetime, row: 0], born = table[.birthTime, row: 0]
        let justAlive = try system.particles(at: born + first.nextDown)
        let justDead = try system.particles(at: born + first)
        #expect(justAlive.id.contains(table.id[0]) && !justDead.id.contains(table.id[0]))
    }

    /// Each range is uniform in value ± range: speed, scale and every colour component, tested
    /// with KS over 6,000 particles.
    @Test func rangesAreUniform() throws {
        let c = cell(rate: 3000, lifetime: 10) {
            $0.velocity = 50
            $0.velocityRange = 20
            $0.scale = 1
            $0.scaleRange = 0.4
            $0.color = SIMD4(0.5, 0.5, 0.5, 0.5)
            $0.colorRange = SIMD4(0.1, 0.2, 0.3, 0.4)
            $0.spin = 0
            $0.spinRange = 2
        }
        let table = try ParticleSystem(ParticleEmitter(cells: [c], seed: 99)).particles(at: 2)
        let n = table.count
        #expect(n == 6000)
        let critical = kolmogorovSmirnovCritical(n)
        let speed = (0..<n).map {
            let v = SIMD3(table[.vx, row: $0], table[.vy, row: $0], table[.vz, row: $0])
            return ((v * v).sum().squareRoot() - 30) / 40
        }
        #expect(kolmogorovSmirnov(speed) < critical)
        #expect(kolmogorovSmirnov(table.column(.scale).map { ($0 - 0.6) / 0.8 }) < critical)
        let spins = (0..<n).map { (table[.rotation, row: $0] / table[.age, row: $0] + 2) / 4 }
        #expect(kolmogorovSmirnov(spins) < critical)
        for (column, range) in [(ParticleTable.Column.red, 0.1), (.green, 0.2), (.blue, 0.3), (.alpha, 0.4)] {
            #expect(kolmogorovSmirnov(table.column(column).map { ($0 - 0.5 + range) / (2 * range) }) < critical)
        }
    }

    /// The lanes' directions are the cone's: the same draws through ``EmissionCone`` give the
    /// same unit vector to a few ulps.
    @Test func directionsAreTheConesDirections() throws {
        let c = cell(rate: 100, lifetime: 1) {
            $0.velocity = 1
            $0.emissionLongitude = 2.1
            $0.emissionLatitude = 0.3
            $0.emissionRange = 0.9
        }
        let table = try ParticleSystem(ParticleEmitter(cells: [c], seed: 5)).particles(at: 0.95)
        let cone = try EmissionCone(longitude: 2.1, latitude: 0.3, range: 0.9)
        for row in 0..<table.count {
            let key = table.id[row]
            let (u, v) = ParticleRandom.pair(key: key, draw: 1)
            let d = cone.direction(u, v)
            #expect(isClose(table[.vx, row: row], d.x, absolute: 1e-15))
            #expect(isClose(table[.vy, row: row], d.y, absolute: 1e-15))
            #expect(isClose(table[.vz, row: row], d.z, absolute: 1e-15))
        }
    }

    /// Birth places on every shape and mode: inside, on or at the shape as its definition says,
    /// and uniform where a simple statistic shows it (a disc's r², a ball's r³, a sphere's z).
    @Test(arguments: EmitterShape.allCases)
    func birthPlacesLieOnTheirShape(shape: EmitterShape) throws {
        let centre = SIMD3(100.0, -50, 7), size = SIMD3(40.0, 30, 20)
        for mode in EmitterMode.allCases {
            let c = cell(rate: 2000, lifetime: 5)
            let emitter = ParticleEmitter(
                cells: [c], shape: shape, mode: mode,
                timeline: EmitterTimeline(EmitterParameters(position: centre, size: size)))
            let table = try ParticleSystem(emitter).particles(at: 1)
            #expect(table.count == 2000)
            var radial: [Double] = []
            for row in 0..<table.count {
                let p = SIMD3(table[.x, row: row], table[.y, row: row], table[.z, row: row]) - centre
                let q = SIMD3(abs(p.x), abs(p.y), abs(p.z))
                let e = 1e-12
                let label = "\(shape) \(mode) \(p)"
                switch (shape, mode) {
                case (.point, _), (.circle, .points), (.sphere, .points):
                    #expect((q * q).sum() < e, "\(label)")
                case (.line, .points):
                    #expect(abs(q.x - 20) < e && q.y < e && q.z < e, "\(label)")
                case (.line, _):
                    #expect(q.x <= 20 && q.y < e && q.z < e, "\(label)")
                case (.rectangle, .points):
                    #expect(abs(q.x - 20) < e && abs(q.y - 15) < e && q.z < e, "\(label)")
                case (.rectangle, .outline):
                    #expect(q.x <= 20 + e && q.y <= 15 + e && q.z < e, "\(label)")
                    #expect(abs(q.x - 20) < e || abs(q.y - 15) < e, "\(label)")
                case (.rectangle, _):
                    #expect(q.x <= 20 && q.y <= 15 && q.z < e, "\(label)")
                case (.cuboid, .points):
                    #expect(abs(q.x - 20) < e && abs(q.y - 15) < e && abs(q.z - 10) < e, "\(label)")
                case (.cuboid, .outline):
                    let onFaces = [abs(q.x - 20) < e, abs(q.y - 15) < e, abs(q.z - 10) < e].filter { $0 }.count
                    #expect(onFaces >= 2 && q.x <= 20 + e && q.y <= 15 + e && q.z <= 10 + e, "\(label)")
                case (.cuboid, .surface):
                    #expect(abs(q.x - 20) < e || abs(q.y - 15) < e || abs(q.z - 10) < e, "\(label)")
                case (.cuboid, .volume):
                    #expect(q.x <= 20 && q.y <= 15 && q.z <= 10, "\(label)")
                case (.circle, .outline):
                    #expect(abs((p * p).sum().squareRoot() - 40) < 1e-12 && q.z < e, "\(label)")
                case (.circle, _):
                    radial.append((p * p).sum() / 1600)
                    #expect(q.z < e, "\(label)")
                case (.sphere, .volume):
                    radial.append(pow((p * p).sum().squareRoot() / 40, 3))
                case (.sphere, _):
                    #expect(abs((p * p).sum().squareRoot() - 40) < 1e-12, "\(label)")
                    radial.append((p.z / 40 + 1) / 2)
                }
            }
            if !radial.isEmpty {
                #expect(kolmogorovSmirnov(radial) < kolmogorovSmirnovCritical(radial.count), "\(shape) \(mode)")
            }
        }
    }

    /// Emission counts are exact: ⌊r·(t − begin) + ½⌋ for a constant rate, ⌊N(t) + ½⌋ for a rate
    /// animated by the layer's `birthRate` (0 → 2 over a second, cell rate 100: N = 100·t²).
    @Test func emissionCountsAreExact() throws {
        var c = cell(rate: 37, lifetime: 1000)
        c.emission = try MediaTiming(beginTime: 0.25, duration: 3)
        let constant = try ParticleSystem(ParticleEmitter(cells: [c]))
        for t in [0.0, 0.26, 0.5, 1.1, 2.0, 3.2, 3.5, 10] {
            let expected = max(0, (37 * (min(t, 3.25) - 0.25) + 0.5).rounded(.down))
            #expect(Double(try constant.count(at: t)) == expected, "t \(t)")
        }
        let animated = try ParticleSystem(
            ParticleEmitter(
                cells: [cell(rate: 100, lifetime: 1000)],
                timeline: EmitterTimeline(
                    times: [0, 1], values: [EmitterParameters(birthRate: 0), EmitterParameters(birthRate: 2)])))
        for t in [0.05, 0.3, 0.6, 0.99, 1.7] {
            let n = t <= 1 ? 100 * t * t : 100 + 200 * (t - 1)
            #expect(Double(try animated.count(at: t)) == (n + 0.5).rounded(.down), "t \(t)")
        }
    }

    /// A moving emitter: each particle starts where the emitter was at its birth.
    @Test func particlesStartWhereTheEmitterWasAtTheirBirth() throws {
        let timeline = try EmitterTimeline(
            times: [0, 2],
            values: [EmitterParameters(position: SIMD3(0, 0, 0)), EmitterParameters(position: SIMD3(200, 100, 0))])
        let table = try ParticleSystem(ParticleEmitter(cells: [cell(rate: 10, lifetime: 5)], timeline: timeline))
            .particles(at: 3)
        for row in 0..<table.count {
            let born = table[.birthTime, row: row]
            let expected = min(born, 2) / 2 * SIMD2(200, 100)
            #expect(isClose(table[.x, row: row], expected.x, absolute: 1e-12))
            #expect(isClose(table[.y, row: row], expected.y, absolute: 1e-12))
        }
    }

    /// Sub-cells: each parent particle emits for its life from where it is; a motionless
    /// sub-particle stays at its parent's position at its birth (the parent's closed form), and
    /// outlives its parent.
    @Test func subCellsEmitFromTheirParents() throws {
        let spark = cell("spark", rate: 8, lifetime: 1.5)
        let rocket = cell("rocket", rate: 1, lifetime: 1) {
            $0.velocity = 200
            $0.emissionLongitude = -.pi / 2
            $0.acceleration = SIMD3(0, 100, 0)
            $0.emitterCells = [spark]
        }
        let system = try ParticleSystem(ParticleEmitter(cells: [rocket]))
        #expect(system.cellPaths == ["rocket", "rocket/spark"])
        let t = 2.1
        let table = try system.particles(at: t)
        var rocketsById: [UInt64: Double] = [:]
        for row in 0..<table.count where table.cell[row] == 0 {
            rocketsById[table.id[row]] = table[.birthTime, row: row]
        }
        // Rockets born at 0.5, 1.5, 2.5: alive those younger than 1 s.
        #expect(rocketsById.count == 1)
        var sparks = 0
        for row in 0..<table.count where table.cell[row] == 1 {
            sparks += 1
            // The spark's parent was born at k + ½ for some k (each lives one second, so exactly
            // one was alive at the spark's birth); its position then is the rocket's closed form.
            let sparkBorn = table[.birthTime, row: row]
            let rocketBirths: [Double] = [0.5, 1.5]
            let candidates = rocketBirths.filter { (born: Double) -> Bool in sparkBorn >= born && sparkBorn < born + 1 }
            #expect(candidates.count == 1)
            let tau = sparkBorn - candidates[0]
            #expect(isClose(table[.y, row: row], -200 * tau + 50 * tau * tau, absolute: 1e-11), "spark at \(sparkBorn)")
            #expect(abs(table[.x, row: row]) < 1e-11)
            #expect(table.parent[row] != 0)
        }
        // Each rocket emits 8 sparks; those born in (t − 1.5, t] are alive: from the rocket of
        // 0.5 those after 0.6, from the rocket of 1.5 those until 2.1.
        var expected = 0
        for born in [0.5, 1.5] {
            for j in 0..<8 {
                let s = born + (Double(j) + 0.5) / 8
                if s <= t && t - s < 1.5 { expected += 1 }
            }
        }
        #expect(sparks == expected)
    }

    /// Scrubbing equals playing: 10,000 frames evaluated forwards and then backwards give the
    /// same tables, bit for bit (with sub-cells, drag, ranges and an animated emitter).
    @Test func scrubbingBackwardsEqualsPlayingForwards() throws {
        // Small enough for a debug build (a few dozen particles a frame), with every path.
        let spark = cell("spark", rate: 3, lifetime: 0.4) {
            $0.velocity = 30
            $0.emissionRange = .pi
        }
        let c = cell("c", rate: 6, lifetime: 1.2) {
            $0.lifetimeRange = 0.3
            $0.velocity = 150
            $0.velocityRange = 50
            $0.emissionRange = 0.5
            $0.drag = 0.7
            $0.colorRange = SIMD4(0.2, 0.2, 0.2, 0)
            $0.emitterCells = [spark]
        }
        let timeline = try EmitterTimeline(
            times: [0, 5, 10],
            values: [
                EmitterParameters(position: .zero, birthRate: 1),
                EmitterParameters(position: SIMD3(50, 0, 0), birthRate: 3),
                EmitterParameters(position: .zero, birthRate: 0.5),
            ])
        let system = try ParticleSystem(ParticleEmitter(cells: [c], shape: .circle, seed: 3, timeline: timeline))
        let frames = 10_000
        func digest(_ table: ParticleTable) -> Int {
            var h = Hasher()
            h.combine(table.id)
            for column in ParticleTable.Column.allCases {
                for v in table.column(column) { h.combine(v.bitPattern) }
            }
            return h.finalize()
        }
        var forwards: [Int] = []
        for f in 0..<frames { forwards.append(digest(try system.particles(at: Double(f) / 1000))) }
        for f in (0..<frames).reversed() {
            #expect(digest(try system.particles(at: Double(f) / 1000)) == forwards[f], "frame \(f)")
        }
    }

    /// The same particles on any number of threads, in any order.
    @Test func threadsDoNotChangeTheParticles() throws {
        let c = cell(rate: 500, lifetime: 2) {
            $0.velocityRange = 40
            $0.emissionRange = .pi
        }
        let system = try ParticleSystem(ParticleEmitter(cells: [c], seed: 12))
        let times = (0..<64).map { Double($0) * 0.07 }
        let serial = try times.map { try system.particles(at: $0) }
        let results = ConcurrentResults<ParticleTable>(count: times.count)
        DispatchQueue.concurrentPerform(iterations: times.count) { k in
            results.set(k, try? system.particles(at: times[times.count - 1 - k]))
        }
        for k in times.indices { #expect(results.value(times.count - 1 - k) == serial[k]) }
        // One evaluation split among threads (a cell of 40,000 candidates, with a sub-cell
        // emitted from the runs' parents): the same table as on one thread.
        let big = try ParticleSystem(
            ParticleEmitter(
                cells: [
                    cell("big", rate: 20_000, lifetime: 2) {
                        $0.lifetimeRange = 1
                        $0.velocityRange = 40
                        $0.emissionRange = .pi
                        $0.emitterCells = [cell("spark", rate: 0.5, lifetime: 0.5) { $0.velocity = 20 }]
                    }
                ], shape: .sphere, seed: 4))
        let one = try big.particles(at: 2.5)
        var table = ParticleTable()
        for threads in [2, 3] {
            try big.particles(at: 2.5, into: &table, threads: threads)
            #expect(table == one, "\(threads) threads")
        }
        #expect(one.countsByCell[1] > 0)
    }

    /// Drawing orders: oldest first by birth time, oldest last reversed, back to front by z.
    @Test func drawingOrders() throws {
        let c = cell(rate: 20, lifetime: 3) {
            $0.velocity = 10
            $0.emissionLatitude = 0.5
            $0.emissionRange = 1
        }
        let table = try ParticleSystem(ParticleEmitter(cells: [c, cell("d", rate: 7, lifetime: 2)])).particles(at: 2)
        let oldest = table.drawingOrder(.oldestFirst).map { table[.birthTime, row: $0] }
        #expect(oldest == oldest.sorted())
        let newest = table.drawingOrder(.oldestLast).map { table[.birthTime, row: $0] }
        #expect(newest == oldest.sorted(by: >))
        let depth = table.drawingOrder(.backToFront).map { table[.z, row: $0] }
        #expect(depth == depth.sorted())
        #expect(table.drawingOrder(.unordered) == Array(0..<table.count))
        #expect(table.countsByCell == [40, 14])
    }

    /// Bad input names the key: negative rates and lifetimes, NaN ranges, nesting too deep,
    /// sibling names repeated, and rates that would keep more than 10 million particles alive.
    @Test func badEmittersNameTheKey() throws {
        func message(_ cells: [EmitterCell]) -> String {
            do {
                _ = try ParticleSystem(ParticleEmitter(cells: cells))
                return ""
            } catch { return error.description }
        }
        #expect(message([cell("fire", rate: -1, lifetime: 1)]).hasPrefix("emitterCells.fire.birthRate = -1"))
        #expect(message([cell("fire", rate: 1, lifetime: -2)]).hasPrefix("emitterCells.fire.lifetime = -2"))
        #expect(
            message([cell("fire", rate: 1, lifetime: 1) { $0.velocityRange = .nan }]).hasPrefix(
                "emitterCells.fire.velocityRange = nan"))
        let nested = cell("a", rate: 1, lifetime: 1) {
            $0.emitterCells = [cell("b", rate: 1, lifetime: 1) { $0.redSpeedNaN() }]
        }
        #expect(message([nested]).hasPrefix("emitterCells.a.emitterCells.b.redSpeed = nan"))
        var deep = cell("x", rate: 1, lifetime: 1)
        for _ in 0..<4 { deep = cell("x", rate: 1, lifetime: 1) { [deep] in $0.emitterCells = [deep] } }
        #expect(message([deep]).contains("levels of cells"))
        #expect(message([cell("x", rate: 1, lifetime: 1), cell("x", rate: 1, lifetime: 1)]).contains("second cell"))
        let flood = message([cell("rain", rate: 1e6, lifetime: 20)])
        #expect(flood.hasPrefix("emitterCells.rain.birthRate = 1000000.0"), "\(flood)")
        #expect(flood.contains("10000000"))
        let subFlood = message([
            cell("a", rate: 1000, lifetime: 10) { $0.emitterCells = [cell("b", rate: 1000, lifetime: 1)] }
        ])
        #expect(subFlood.hasPrefix("emitterCells.a.emitterCells.b.birthRate"), "\(subFlood)")
        #expect(throws: HarmonicError.self) {
            try ParticleSystem(ParticleEmitter(cells: [cell(rate: 1, lifetime: 1)])).particles(at: .nan)
        }
        // Motion that would leave the double range, and times past exact birth indices.
        #expect(
            message([cell("fast", rate: 1, lifetime: 100) { $0.velocity = 1e299 }]).hasPrefix(
                "emitterCells.fast.velocity = 1e+299"))
        #expect(
            message([cell("heavy", rate: 1e-160, lifetime: 1e160) { $0.acceleration.y = -1 }]).hasPrefix(
                "emitterCells.heavy.yAcceleration = -1"))
        let steady = try ParticleSystem(ParticleEmitter(cells: [cell(rate: 1e4, lifetime: 1)]))
        #expect(throws: HarmonicError.self) { try steady.particles(at: 1e300) }
        #expect(try steady.particles(at: 1e9).count == 10_000)
    }
}

extension EmitterCell {
    /// A red speed that is not a number (for the error test).
    fileprivate mutating func redSpeedNaN() { colorSpeed.x = .nan }
}

/// Results written from several threads, one slot each.
final class ConcurrentResults<Value>: @unchecked Sendable {
    private var values: [Value?]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ k: Int, _ value: Value?) {
        lock.lock()
        values[k] = value
        lock.unlock()
    }
    func value(_ k: Int) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return values[k]
    }
}
