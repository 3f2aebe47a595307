extension SpringNetwork {
    /// What a network's motion can be retargeted to mid-motion: everything that enters the
    /// equations as a constant load rather than as a matrix.
    public struct Loads: Sendable, Hashable {
        /// The fixed points (see ``SpringNetwork/anchors``).
        public var anchors: [[Double]]
        /// The acceleration on every free node; zero when empty.
        public var gravity: [Double]
        /// Each node's constant force; an empty entry is zero.
        public var forces: [[Double]]
        /// Each node's position while pinned (ignored for free nodes).
        public var pinnedPositions: [[Double]]
    }

    /// The loads the network was built with.
    public var loads: Loads {
        Loads(
            anchors: anchors, gravity: gravity, forces: nodes.map(\.force),
            pinnedPositions: nodes.map(\.position))
    }

    /// The equations of the free nodes, `M·ẍ + C·ẋ + K·x = b` for each component.
    ///
    /// Pinned nodes are eliminated: an edge to one is an edge to an anchor at its position.
    /// Matrices are `n × n`, row-major, over ``freeNodes`` in order.
    public struct LinearSystem: Sendable {
        /// The network's node index of each free node.
        public let freeNodes: [Int]
        /// The diagonal of `M`.
        public let masses: [Double]
        /// `K`.
        public let stiffness: [Double]
        /// `C` (edge dampers and node drag).
        public let damping: [Double]
        /// Whether `K` and `C` are symmetric (no directed edge between free nodes acts alone).
        public let isSymmetric: Bool
        /// The components.
        public let dimensions: Int
        /// One term of `b` an edge contributes: `k·(target + r)` on `row` (`target` a node's
        /// pinned position, an anchor, or nothing for a free node, whose `−k·r` is on the
        /// other row).
        struct LoadTerm: Sendable {
            var row: Int
            var stiffness: Double
            var offset: [Double]
            var target: Endpoint?
        }
        let terms: [LoadTerm]
        let network: SpringNetwork

        /// One symmetric coupling of a symmetric system: `value·(x_i − x_j)²/2` of energy, or
        /// `value·x_i²/2` for a coupling to the ground (`j` nil).
        package struct Coupling: Sendable {
            package var i: Int
            package var j: Int?
            package var value: Double
        }
        /// `K` as a sum of couplings (`xᵀ·K·x = Σ value·(x_i − x_j)²`), when every edge acting
        /// on two free nodes is symmetric: the form in which a mode's stiffness `φᵀ·K·φ` is a
        /// sum of non-negative terms, accurate to a few ulps even for the slowest modes.
        package let stiffnessCouplings: [Coupling]
        /// `C` as a sum of couplings (edge dampers and node drag), likewise.
        package let dampingCouplings: [Coupling]

        /// `b`, component-major: `b[d·n + i]` for component `d` of free node `i`.
        ///
        /// - Throws: ``HarmonicError`` naming `anchors`, `gravity`, `forces[i]` or
        ///   `pinnedPositions[i]` when a replacement has the wrong shape or is not finite.
        public func load(_ loads: Loads) throws(HarmonicError) -> [Double] {
            let n = freeNodes.count, dims = dimensions
            func check(_ v: [Double], _ name: String) throws(HarmonicError) {
                guard v.isEmpty || v.count == dims else {
                    throw .invalidParameter(name: name, value: "\(v.count) numbers", allowed: "\(dims) numbers")
                }
                for x in v { try HarmonicError.require(x, named: name) }
            }
            guard loads.anchors.count == network.anchors.count else {
                throw .invalidParameter(
                    name: "anchors", value: "\(loads.anchors.count) anchors",
                    allowed: "\(network.anchors.count), as the network has")
            }
            for (a, anchor) in loads.anchors.enumerated() {
                guard anchor.count == dims else {
                    throw .invalidParameter(name: "anchors[\(a)]", value: "\(anchor.count) numbers", allowed: "\(dims)")
                }
                try check(anchor, "anchors[\(a)]")
            }
            try check(loads.gravity, "gravity")
            guard loads.forces.count == network.count, loads.pinnedPositions.count == network.count else {
                throw .invalidParameter(
                    name: "forces", value: "\(loads.forces.count) forces", allowed: "one a node (\(network.count))")
            }
            for i in 0..<network.count {
                try check(loads.forces[i], "forces[\(i)]")
                try check(loads.pinnedPositions[i], "pinnedPositions[\(i)]")
            }
            var b = [Double](repeating: 0, count: dims * n)
            for (row, node) in freeNodes.enumerated() {
                let force = loads.forces[node]
                for d in 0..<dims {
                    b[d * n + row] =
                        (force.isEmpty ? 0 : force[d])
                        + (loads.gravity.isEmpty ? 0 : masses[row] * loads.gravity[d])
                }
            }
            for term in terms {
                for d in 0..<dims {
                    var target = 0.0
                    switch term.target {
                    case .node(let j)?: target = loads.pinnedPositions[j][d]
                    case .anchor(let a)?: target = loads.anchors[a][d]
                    case nil: break
                    }
                    b[d * n + term.row] += term.stiffness * (target + term.offset[d])
                }
            }
            return b
        }
    }

    /// The network's matrices and load terms.
    public var linearSystem: LinearSystem {
        let free = nodes.indices.filter { !nodes[$0].isPinned }
        let n = free.count
        var row = [Int](repeating: -1, count: nodes.count)
        for (r, node) in free.enumerated() { row[node] = r }
        var k = [Double](repeating: 0, count: n * n), c = k
        var terms: [LinearSystem.LoadTerm] = []
        var stiffnessCouplings: [LinearSystem.Coupling] = [], dampingCouplings: [LinearSystem.Coupling] = []
        for (r, node) in free.enumerated() {
            c[r * n + r] += nodes[node].drag
            if nodes[node].drag > 0 { dampingCouplings.append(.init(i: r, j: nil, value: nodes[node].drag)) }
        }
        for edge in edges {
            let offset = restOffset(of: edge)
            let i = row[edge.from]
            var j = -1
            var target: Endpoint? = edge.to
            if case .node(let other) = edge.to, row[other] >= 0 {
                j = row[other]
                target = nil
            }
            // As couplings: to the ground when one end is fixed; between i and j when both move
            // and the edge is symmetric (a directed edge makes the system unsymmetric anyway).
            if i >= 0 || j >= 0 {
                let (a, b) = i >= 0 ? (i, j >= 0 ? j : nil) : (j, nil as Int?)
                if i >= 0 || !edge.isDirected {
                    stiffnessCouplings.append(.init(i: a, j: b, value: edge.stiffness))
                    dampingCouplings.append(.init(i: a, j: b, value: edge.damping))
                }
            }
            if i >= 0 {
                // −k·(x_i − x_j − r) on i: K_ii += k, K_ij −= k, b_i += k·r (+ k·target when j is fixed).
                k[i * n + i] += edge.stiffness
                c[i * n + i] += edge.damping
                if j >= 0 {
                    k[i * n + j] -= edge.stiffness
                    c[i * n + j] -= edge.damping
                }
                terms.append(.init(row: i, stiffness: edge.stiffness, offset: offset, target: target))
            }
            if j >= 0 && !edge.isDirected {
                // The reaction on j: −k·(x_j − x_i + r); a pinned i is j's anchor.
                k[j * n + j] += edge.stiffness
                c[j * n + j] += edge.damping
                let negated = offset.map { -$0 }
                if i >= 0 {
                    k[j * n + i] -= edge.stiffness
                    c[j * n + i] -= edge.damping
                    terms.append(.init(row: j, stiffness: edge.stiffness, offset: negated, target: nil))
                } else {
                    terms.append(.init(row: j, stiffness: edge.stiffness, offset: negated, target: .node(edge.from)))
                }
            }
        }
        var symmetric = true
        for a in 0..<n {
            for b in (a + 1)..<n where k[a * n + b] != k[b * n + a] || c[a * n + b] != c[b * n + a] {
                symmetric = false
            }
        }
        return LinearSystem(
            freeNodes: free, masses: free.map { nodes[$0].mass }, stiffness: k, damping: c, isSymmetric: symmetric,
            dimensions: dimensions, terms: terms, network: self, stiffnessCouplings: stiffnessCouplings,
            dampingCouplings: dampingCouplings)
    }
}
