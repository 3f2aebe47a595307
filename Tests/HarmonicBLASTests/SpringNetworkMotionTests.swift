import Foundation
import Harmonic
import HarmonicBLAS
import HarmonicTestSupport
import Testing

/// The three network solvers against closed forms, against each other, and against an
/// extended-precision Runge–Kutta integration written from the edges' forces.
@Suite struct SpringNetworkMotionTests {
    typealias Node = SpringNetwork.Node
    typealias Edge = SpringNetwork.Edge

    /// A chain of `count` unit masses in 1-D, node 0 tied to anchor 0, each to the next.
    /// `spread` makes link `i` stiffer by `spread·i` (a directed chain of identical links is
    /// defective: every link has the same modes).
    static func chain(
        _ count: Int, stiffness: Double, damping: Double, drag: Double = 0, directed: Bool = false, spread: Double = 0
    ) throws -> SpringNetwork {
        let nodes = (0..<count).map { Node(position: [Double($0 + 1)], velocity: [0.5], drag: drag) }
        var edges = [Edge(from: 0, to: .anchor(0), stiffness: stiffness, damping: damping)]
        for i in 1..<count {
            edges.append(
                Edge(
                    from: i, to: .node(i - 1), stiffness: stiffness + spread * Double(i), damping: damping,
                    isDirected: directed))
        }
        return try SpringNetwork(dimensions: 1, nodes: nodes, edges: edges, anchors: [[0]])
    }

    static func largestDifference(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).map { abs($0 - $1) }.max() ?? 0
    }

    /// One node on one spring is the library's spring, value and velocity.
    @Test(arguments: [2.0, 20.0, 40.0, 90.0])
    func oneNodeIsTheSpringClosedForm(damping: Double) throws {
        let network = try SpringNetwork(
            dimensions: 2, nodes: [Node(mass: 2, position: [3, -1], velocity: [1, 4])],
            edges: [Edge(from: 0, to: .anchor(0), stiffness: 200, damping: damping)], anchors: [[1, 1]])
        let motion = try SpringNetworkMotion(network)
        #expect(motion.method == .modal)
        let spring = try Spring(mass: 2, stiffness: 200, damping: damping)
        let times = stride(from: 0.0, through: 2, by: 0.05).map { $0 }
        let (x, v) = motion.sample(at: times)
        for (k, t) in times.enumerated() {
            for d in 0..<2 {
                let from = [3.0, -1][d], to = 1.0, v0 = [1.0, 4][d]
                let value = spring.value(at: t, from: from, to: to, initialVelocity: v0)
                let velocity = spring.velocity(at: t, from: from, to: to, initialVelocity: v0)
                #expect(abs(x[k * 2 + d] - value) <= 1e-13 * 4, "t \(t) d \(d)")
                #expect(abs(v[k * 2 + d] - velocity) <= 1e-12 * 40, "t \(t) d \(d)")
            }
        }
    }

    /// The modal, state-space and exponential solvers agree on a symmetric damped chain, and
    /// all three match the reference integration.
    @Test func threeSolversAgreeWithTheReference() throws {
        let network = try Self.chain(5, stiffness: 80, damping: 1.5, drag: 0.3)
        let times = [0, 0.1, 0.37, 1, 2.5, 4]
        let reference = NetworkReference.positions(network, at: times, step: 2e-4).flatMap { $0 }
        for method in SpringNetworkMotion.Method.allCases {
            let motion = try SpringNetworkMotion(network, method: method)
            let error = Self.largestDifference(motion.positions(at: times), reference)
            #expect(error <= 1e-11, "\(method): \(error)")
        }
    }

    /// A directed follow-through chain (each node pulled toward the one before, not back):
    /// unsymmetric, solved in state space, against the reference.
    @Test func followThroughIsSolvedInStateSpace() throws {
        let network = try Self.chain(6, stiffness: 120, damping: 6, directed: true, spread: 25)
        let motion = try SpringNetworkMotion(network)
        #expect(motion.method == .stateSpace)
        #expect((motion.conditionNumber ?? .infinity) <= 1e6)
        let times = [0.05, 0.5, 1.5, 3]
        let reference = NetworkReference.positions(network, at: times, step: 2e-4).flatMap { $0 }
        #expect(Self.largestDifference(motion.positions(at: times), reference) <= 1e-10)
        // The exponential agrees too.
        let exponential = try SpringNetworkMotion(network, method: .exponential)
        #expect(Self.largestDifference(exponential.positions(at: times), reference) <= 1e-10)
    }

    /// A directed chain of identical links, critically damped: every link has the same
    /// eigenvalue, the state matrix is defective (a Jordan block), so the eigenvector basis is
    /// singular and the matrix exponential is chosen.
    @Test func aDefectiveNetworkFallsToTheExponential() throws {
        let network = try Self.chain(4, stiffness: 100, damping: 20, directed: true)
        let motion = try SpringNetworkMotion(network)
        #expect(motion.method == .exponential)
        let times = stride(from: 0.0, through: 3, by: 0.25).map { $0 }
        let reference = NetworkReference.positions(network, at: times, step: 2e-4).flatMap { $0 }
        #expect(Self.largestDifference(motion.positions(at: times), reference) <= 1e-10)
        // Arbitrary (uneven) times take one exponential each and agree with the grid path.
        let uneven = [3.0, 0.25, 1.75]
        let grid = motion.positions(at: times)
        let single = motion.positions(at: uneven)
        for (k, t) in uneven.enumerated() {
            let g = times.firstIndex(of: t)!
            for i in 0..<4 { #expect(abs(single[k * 4 + i] - grid[g * 4 + i]) <= 1e-12) }
        }
    }

    /// A free network (no anchor) under gravity: its centre of mass falls as `g·t²/2` exactly,
    /// while the springs ring — rigid modes in the modal solver (damping proportional to
    /// stiffness), the exponential otherwise.
    @Test(arguments: [0.3, 0.5])
    func aFreeNetworkFallsAsOne(secondDamping: Double) throws {
        let nodes = [
            Node(mass: 1, position: [0, 0]), Node(mass: 2, position: [1, 0], velocity: [0, 1]),
            Node(mass: 3, position: [0, 2]),
        ]
        let edges = [
            Edge(from: 0, to: .node(1), stiffness: 50, damping: 0.5, rest: .initial),
            Edge(from: 1, to: .node(2), stiffness: 30, damping: secondDamping, rest: .initial),
        ]
        let network = try SpringNetwork(dimensions: 2, nodes: nodes, edges: edges, gravity: [0, -9.81])
        let motion = try SpringNetworkMotion(network)
        #expect(motion.method == (secondDamping == 0.3 ? .modal : .exponential))
        #expect(motion.rigidMotions == 1)
        #expect(motion.restPositions == nil)
        #expect(motion.settlingTime() == .infinity)
        for t in [0.5, 1.0, 3.0] {
            let x = motion.positions(at: [t])
            var centre = [0.0, 0.0]
            for i in 0..<3 {
                for d in 0..<2 { centre[d] += nodes[i].mass * x[i * 2 + d] / 6 }
            }
            // x_c(0) = (2, 6)/6, v_c = (0, 2)/6.
            #expect(abs(centre[0] - 2.0 / 6) <= 1e-12)
            #expect(abs(centre[1] - (1 + t * 2 / 6 - 9.81 * t * t / 2)) <= 1e-11)
        }
        let reference = NetworkReference.positions(network, at: [0.7, 2], step: 2e-4).flatMap { $0 }
        #expect(Self.largestDifference(motion.positions(at: [0.7, 2]), reference) <= 1e-10)
    }

    /// Pinned nodes hold still and act as anchors; rest offsets shape the rest.
    @Test func pinnedNodesAndRestOffsets() throws {
        let nodes = [
            Node(position: [0, 0], isPinned: true), Node(position: [0.3, -0.2]), Node(position: [2, 1]),
            Node(position: [3, 0], isPinned: true),
        ]
        let edges = [
            Edge(from: 1, to: .node(0), stiffness: 40, damping: 2, rest: .offset([1, 0])),
            Edge(from: 1, to: .node(2), stiffness: 40, damping: 2, rest: .offset([-1, 0])),
            Edge(from: 2, to: .node(3), stiffness: 40, damping: 2, rest: .offset([-1, 0])),
        ]
        let network = try SpringNetwork(dimensions: 2, nodes: nodes, edges: edges, gravity: [0, -1])
        let motion = try SpringNetworkMotion(network)
        #expect(motion.rigidMotions == 0)
        let x = motion.positions(at: [0, 1, 60])
        #expect(x[0] == 0 && x[1] == 0 && x[6] == 3 && x[7] == 0)
        // At rest: evenly spaced along x, sagging under gravity by m·g·(K⁻¹) — K = 40·[[2, −1], [−1, 2]].
        let rest = motion.restPositions!
        #expect(abs(rest[2] - 1) <= 1e-12 && abs(rest[4] - 2) <= 1e-12)
        #expect(abs(rest[3] - -1.0 / 40) <= 1e-12 && abs(rest[5] - -1.0 / 40) <= 1e-12)
        #expect(abs(x[16 + 2] - 1) <= 1e-9)
        let reference = NetworkReference.positions(network, at: [1], step: 2e-4).flatMap { $0 }
        #expect(Self.largestDifference(Array(x[8..<16]), reference) <= 1e-11)
    }

    /// Retargeting mid-motion keeps every free node's position and velocity, and equals a
    /// fresh network started from that state with the new anchor.
    @Test func retargetingIsContinuous() throws {
        for directed in [false, true] {
            let network = try Self.chain(4, stiffness: 60, damping: directed ? 3 : 1, directed: directed)
            let motion = try SpringNetworkMotion(network)
            var loads = motion.loads
            loads.anchors[0] = [5]
            let moved = try motion.retargeted(at: 0.8, to: loads)
            let before = motion.sample(at: [0.8]), after = moved.sample(at: [0.8])
            #expect(Self.largestDifference(before.positions, after.positions) <= 1e-13)
            #expect(Self.largestDifference(before.velocities, after.velocities) <= 1e-12)
            let restarted = try SpringNetwork(
                dimensions: 1,
                nodes: (0..<4).map { Node(position: [before.positions[$0]], velocity: [before.velocities[$0]]) },
                edges: network.edges, anchors: [[5]])
            let fresh = try SpringNetworkMotion(restarted)
            #expect(Self.largestDifference(moved.positions(at: [1.3, 2.8]), fresh.positions(at: [0.5, 2])) <= 1e-11)
            // The identical directed links take the exponential, whose rest is the state far out.
            #expect(abs(moved.restPositions![0] - 5) <= (directed ? 1e-11 : 1e-12))
        }
    }

    /// Energy: constant without damping, never increasing with it.
    @Test func energyIsConservedOrDissipated() throws {
        let times = stride(from: 0.0, through: 5, by: 0.1).map { $0 }
        let undamped = try SpringNetworkMotion(try Self.chain(8, stiffness: 30, damping: 0))
        let e0 = undamped.energy(at: times)
        for e in e0 { #expect(abs(e - e0[0]) <= 1e-11 * abs(e0[0])) }
        let damped = try SpringNetworkMotion(try Self.chain(8, stiffness: 30, damping: 0.8, drag: 0.5))
        let e1 = damped.energy(at: times)
        for k in 1..<e1.count { #expect(e1[k] <= e1[k - 1] + 1e-12 * abs(e1[0])) }
        #expect(e1.last! < 0.5 * e1[0])
    }

    /// Settling: for one node it is the spring's settling time; for a chain every node is
    /// inside ε after it and some node is at ε exactly there.
    @Test func settlingTimes() throws {
        let one = try SpringNetwork(
            dimensions: 1, nodes: [Node(position: [1])],
            edges: [Edge(from: 0, to: .anchor(0), stiffness: 100, damping: 4)], anchors: [[0]])
        let spring = try Spring(mass: 1, stiffness: 100, damping: 4)
        let expected = spring.settlingTime(epsilon: 1e-3, displacement: 1, velocity: 0)
        let settled = try SpringNetworkMotion(one).settlingTime(epsilon: 1e-3)
        #expect(abs(settled - expected) <= 1e-9 * expected, "\(settled) vs \(expected)")
        for directed in [false, true] {
            let network = try Self.chain(6, stiffness: 80, damping: 2.5, directed: directed, spread: directed ? 10 : 0)
            let motion = try SpringNetworkMotion(network)
            #expect(motion.method == (directed ? .stateSpace : .modal))
            let t = motion.settlingTime(epsilon: 1e-3)
            let rest = motion.restPositions!
            let x = motion.positions(at: [t])
            let outside = zip(x, rest).map { abs($0 - $1) }.max()!
            #expect(abs(outside - 1e-3) <= 1e-9, "directed \(directed)")
            let later = motion.positions(at: stride(from: t + 1e-4, to: t + 5, by: 0.003).map { $0 })
            for (k, value) in later.enumerated() {
                #expect(
                    abs(value - rest[k % 6]) <= 1e-3,
                    "directed \(directed) settle \(t) at \(t + 1e-4 + Double(k / 6) * 0.003)")
            }
        }
        let defective = try SpringNetworkMotion(try Self.chain(3, stiffness: 100, damping: 20, directed: true))
        #expect(defective.method == .exponential)
        let t = defective.settlingTime(epsilon: 1e-4)
        let x = defective.positions(at: [t, t + 0.01])
        #expect(abs(x.prefix(3).map(abs).max()! - 1e-4) <= 1e-9)
        #expect(x.suffix(3).map(abs).max()! < 1e-4)
    }

    /// Loops and OpenBLAS give the same samples.
    @Test func samplingPathsAgree() throws {
        for count in [3, 40] {
            let motion = try SpringNetworkMotion(try Self.chain(count, stiffness: 50, damping: 0.5))
            let times = stride(from: 0.0, to: 2, by: 0.01).map { $0 }
            let reference = NetworkReference.positions(
                try Self.chain(count, stiffness: 50, damping: 0.5), at: [1.99], step: 5e-4)[0]
            let x = motion.positions(at: times)
            #expect(Self.largestDifference(Array(x.suffix(count)), reference) <= 1e-10)
        }
    }

    /// A loop of one-way pulls flutters: `K = k·(I − P)` for the cyclic permutation `P` has
    /// the eigenvalues `k·(1 − e^(2πij/3))`, and `s² = −λ` then has a root with a positive real
    /// part. Such a network is refused, anchored (state space) or free (exponential) alike.
    @Test func flutterIsRefused() throws {
        for anchored in [false, true] {
            var edges = (0..<3).map { Edge(from: $0, to: .node(($0 + 1) % 3), stiffness: 100, isDirected: true) }
            if anchored { edges += (0..<3).map { Edge(from: $0, to: .anchor(0), stiffness: 1) } }
            let network = try SpringNetwork(
                dimensions: 1, nodes: (0..<3).map { Node(position: [Double($0)]) }, edges: edges, anchors: [[0]])
            // The growth rate: Re(√(−λ)) for λ = 100·(1 − e^(2πi/3)) (+1 when anchored).
            let lambdaRe = 100 * 1.5 + (anchored ? 1 : 0), lambdaIm = 100 * 3.0.squareRoot() / 2
            let modulus = (lambdaRe * lambdaRe + lambdaIm * lambdaIm).squareRoot()
            let growth = ((modulus - lambdaRe) / 2).squareRoot()
            do {
                _ = try SpringNetworkMotion(network)
                Issue.record("a fluttering network was accepted (anchored: \(anchored))")
            } catch {
                #expect(error.description.hasPrefix("edges = a network that grows as e^("))
                let text = error.description.dropFirst("edges = a network that grows as e^(".count).prefix { $0 != "·" }
                #expect(abs(Double(String(text))! - growth) <= 1e-9 * growth, "\(error)")
            }
        }
    }

    /// A long one-way chain of equal links is nearly defective, so its computed eigenvalues
    /// scatter by ε^(1/m) — some into the right half-plane; the motion decides instead. Well
    /// damped (ζ = 0.8) each link passes a wave on with a gain a little above 1 at its peak
    /// (the relative damper's zero: the platoon's "string instability"), so the far end moves
    /// thousands of times more than the near one, but everything decays: accepted. Lightly
    /// damped (ζ = 0.1, a gain near 5 a link) the wave grows by far more than 1e6 within the
    /// horizon: refused.
    @Test func longOneWayChainsAreJudgedByTheirMotion() throws {
        func chain(damping ratio: Double) throws -> SpringNetwork {
            let n = 100
            var edges = [Edge(from: 0, to: .anchor(0), stiffness: 400, damping: 2 * ratio * 20)]
            for i in 1..<n {
                edges.append(Edge(from: i, to: .node(i - 1), stiffness: 400, damping: 2 * ratio * 20, isDirected: true))
            }
            return try SpringNetwork(
                dimensions: 1, nodes: (0..<n).map { Node(position: [Double($0) * 0.01 + 0.5]) }, edges: edges,
                anchors: [[0]])
        }
        let calm = try SpringNetworkMotion(try chain(damping: 0.8))
        let late = calm.positions(at: [400])
        #expect(late.allSatisfy { abs($0) < 1e-6 }, "\(calm.method) \(late.map(abs).max()!)")
        #expect(throws: HarmonicError.self) { try SpringNetworkMotion(try chain(damping: 0.1)) }
    }

    /// Bad input is a one-line error naming the key.
    @Test func badNetworksNameTheKey() {
        func message(_ build: () throws -> SpringNetwork) -> String {
            do {
                _ = try build()
                return ""
            } catch { return "\(error)" }
        }
        #expect(message { try SpringNetwork(dimensions: 4, nodes: [], edges: []) }.hasPrefix("dimensions = 4"))
        #expect(message { try SpringNetwork(dimensions: 1, nodes: [], edges: []) }.hasPrefix("nodes = 0 nodes"))
        #expect(
            message { try SpringNetwork(dimensions: 1, nodes: [Node(mass: -1, position: [0])], edges: []) }
                .hasPrefix("nodes[0].mass = -1"))
        #expect(
            message { try SpringNetwork(dimensions: 1, nodes: [Node(mass: .nan, position: [0])], edges: []) }
                .hasPrefix("nodes[0].mass = nan"))
        #expect(
            message {
                try SpringNetwork(
                    dimensions: 1, nodes: [Node(position: [0])], edges: [Edge(from: 0, to: .node(3), stiffness: 1)])
            }.hasPrefix("edges[0].to = 3 is invalid: must be a node index in 0..<1"))
        #expect(
            message {
                try SpringNetwork(
                    dimensions: 1, nodes: [Node(position: [0])], edges: [Edge(from: 0, to: .anchor(0), stiffness: -2)],
                    anchors: [[0]])
            }.hasPrefix("edges[0].stiffness = -2"))
        #expect(
            message { try SpringNetwork(dimensions: 2, nodes: [Node(position: [0])], edges: []) }
                .hasPrefix("nodes[0].position = 1 numbers"))
        #expect(
            message {
                try SpringNetwork(
                    dimensions: 1, nodes: [Node(position: [0])], edges: [Edge(from: 0, to: .node(0), stiffness: 1)])
            }.contains("a node other than"))
    }
}
