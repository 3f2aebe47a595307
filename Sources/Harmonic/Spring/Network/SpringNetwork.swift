/// A linear network of masses joined by springs and dampers: `M·ẍ + C·ẋ + K·x = f`.
///
/// Every node is a point mass with 1, 2 or 3 components (``dimensions``). An ``Edge`` joins a
/// node to another node or to a fixed ``anchors`` point with a spring of stiffness `k` and a
/// damper `c` acting on each component alike:
///
///     force on `from` = −k·(x_from − x_to − r) − c·(v_from − v_to)
///
/// where `r` is the edge's rest offset (``Rest``) — the springs are *zero-length* springs
/// displaced by `r`, which is what keeps the network linear (a spring with a rest *length*
/// pulls along its direction, and that direction moves). A symmetric edge pushes `to` with
/// the opposite force; a directed one (``Edge/isDirected``) pulls only `from` — the
/// follow-through of a list whose item `i` chases item `i − 1` without dragging it back — and
/// makes `K` and `C` unsymmetric. A node's ``Node/drag`` damps it against the ground, its
/// ``Node/force`` and the network's ``gravity`` (an acceleration) are constant loads, and a
/// pinned node (``Node/isPinned``) stays where it is and acts on its neighbours as an anchor.
///
/// Because the springs act on each component alike, the components never mix: a network in
/// `D` dimensions is `D` problems with the same `M`, `C` and `K` (``LinearSystem``), which is
/// why one decomposition serves every component and sampling is one matrix product.
/// The exact motion is `SpringNetworkMotion` in HarmonicBLAS (modes through LAPACK).
///
/// Units are any consistent set: masses in kg, stiffness in N/m, damping in N·s/m, positions
/// in points, times in seconds.
public struct SpringNetwork: Sendable, Hashable {
    /// The most nodes a network holds (the solvers are `O(n³)` once, then `O(n²)` a sample).
    public static let maximumNodes = 2_000

    /// The largest magnitude of any number of a network (masses, stiffnesses, positions, …),
    /// and the reciprocal of the smallest mass: sums and ratios of a few thousand of them then
    /// stay finite (as for ``Spring``'s parameters).
    public static let largestMagnitude = 1e150

    /// A point mass.
    public struct Node: Sendable, Hashable {
        /// `m` (> 0).
        public var mass: Double
        /// The position at time 0, one number a component.
        public var position: [Double]
        /// The velocity at time 0 (units per second); zero when empty.
        public var velocity: [Double]
        /// A constant force on the node (mass · units/s²); zero when empty.
        public var force: [Double]
        /// Damping against the ground, `−drag·v` (≥ 0) — air resistance, or the mass term
        /// `α·M` of Rayleigh damping `C = α·M + β·K`.
        public var drag: Double
        /// Whether the node stays at ``position`` (it then acts as an anchor for its edges).
        public var isPinned: Bool

        public init(
            mass: Double = 1, position: [Double], velocity: [Double] = [], force: [Double] = [],
            drag: Double = 0, isPinned: Bool = false
        ) {
            self.mass = mass
            self.position = position
            self.velocity = velocity
            self.force = force
            self.drag = drag
            self.isPinned = isPinned
        }
    }

    /// What an edge's far end is.
    public enum Endpoint: Sendable, Hashable {
        /// A node, by index into ``SpringNetwork/nodes``.
        case node(Int)
        /// A fixed point, by index into ``SpringNetwork/anchors``.
        case anchor(Int)
    }

    /// Where an edge's spring is at rest: the offset `r` with `x_from − x_to = r` at rest.
    public enum Rest: Sendable, Hashable {
        /// `r = 0`: the spring pulls its ends together.
        case zero
        /// `r` = the ends' offset at time 0: the network rests in its initial shape (a jelly).
        case initial
        /// A given offset, one number a component.
        case offset([Double])
    }

    /// A spring and a damper between a node and a node or an anchor.
    public struct Edge: Sendable, Hashable {
        /// The node the edge acts on.
        public var from: Int
        /// The other end.
        public var to: Endpoint
        /// `k` (≥ 0).
        public var stiffness: Double
        /// `c` (≥ 0), on the relative velocity.
        public var damping: Double
        /// The spring's rest offset.
        public var rest: Rest
        /// When true the edge pulls only `from` (a directed coupling); otherwise both ends.
        public var isDirected: Bool

        public init(
            from: Int, to: Endpoint, stiffness: Double, damping: Double = 0, rest: Rest = .zero,
            isDirected: Bool = false
        ) {
            self.from = from
            self.to = to
            self.stiffness = stiffness
            self.damping = damping
            self.rest = rest
            self.isDirected = isDirected
        }
    }

    /// The components of every position (1, 2 or 3).
    public let dimensions: Int
    /// The masses.
    public let nodes: [Node]
    /// The springs and dampers.
    public let edges: [Edge]
    /// Fixed points edges may end at, one array of ``dimensions`` numbers each.
    public let anchors: [[Double]]
    /// An acceleration applied to every free node (`m·g` a node); zero when empty.
    public let gravity: [Double]

    /// A network, validated.
    ///
    /// - Throws: ``HarmonicError`` naming the first offending key the way the spec format
    ///   spells it (`nodes[3].mass`, `edges[0].to`, `anchors[1]`): a dimension outside 1…3, no
    ///   nodes or more than ``maximumNodes``, a mass outside 1e-150…1e150, a stiffness,
    ///   damping or drag that is negative or above 1e150, a position, velocity, force, offset,
    ///   anchor or gravity of the wrong length or beyond 1e150 in magnitude, an edge to a
    ///   missing node or anchor, or from a node to itself.
    public init(
        dimensions: Int, nodes: [Node], edges: [Edge], anchors: [[Double]] = [], gravity: [Double] = []
    ) throws(HarmonicError) {
        guard (1...3).contains(dimensions) else {
            throw .invalidParameter(name: "dimensions", value: "\(dimensions)", allowed: "1, 2 or 3")
        }
        guard (1...Self.maximumNodes).contains(nodes.count) else {
            throw .invalidParameter(
                name: "nodes", value: "\(nodes.count) nodes", allowed: "1...\(Self.maximumNodes) nodes")
        }
        func vector(_ v: [Double], _ name: String, optional: Bool) throws(HarmonicError) {
            if optional && v.isEmpty { return }
            guard v.count == dimensions else {
                throw .invalidParameter(
                    name: name, value: "\(v.count) numbers", allowed: "\(dimensions) numbers, one a component")
            }
            for (c, x) in v.enumerated() {
                try HarmonicError.require(x, named: "\(name)[\(c)]", "of magnitude ≤ 1e150") {
                    abs($0) <= Self.largestMagnitude
                }
            }
        }
        let range = 1 / Self.largestMagnitude...Self.largestMagnitude
        for (i, node) in nodes.enumerated() {
            try HarmonicError.require(node.mass, named: "nodes[\(i)].mass", "in 1e-150...1e150") { range.contains($0) }
            try HarmonicError.require(node.drag, named: "nodes[\(i)].drag", ">= 0 and ≤ 1e150") {
                $0 >= 0 && $0 <= Self.largestMagnitude
            }
            try vector(node.position, "nodes[\(i)].position", optional: false)
            try vector(node.velocity, "nodes[\(i)].velocity", optional: true)
            try vector(node.force, "nodes[\(i)].force", optional: true)
        }
        for (a, anchor) in anchors.enumerated() { try vector(anchor, "anchors[\(a)]", optional: false) }
        try vector(gravity, "gravity", optional: true)
        for (e, edge) in edges.enumerated() {
            guard nodes.indices.contains(edge.from) else {
                throw .invalidParameter(
                    name: "edges[\(e)].from", value: "\(edge.from)", allowed: "a node index in 0..<\(nodes.count)")
            }
            switch edge.to {
            case .node(let j):
                guard nodes.indices.contains(j) else {
                    throw .invalidParameter(
                        name: "edges[\(e)].to", value: "\(j)", allowed: "a node index in 0..<\(nodes.count)")
                }
                guard j != edge.from else {
                    throw .invalidParameter(
                        name: "edges[\(e)].to", value: "\(j)", allowed: "a node other than edges[\(e)].from")
                }
            case .anchor(let a):
                guard anchors.indices.contains(a) else {
                    throw .invalidParameter(
                        name: "edges[\(e)].anchor", value: "\(a)",
                        allowed: anchors.isEmpty ? "an anchor, but the network has none" : "0..<\(anchors.count)")
                }
            }
            try HarmonicError.require(edge.stiffness, named: "edges[\(e)].stiffness", ">= 0 and ≤ 1e150") {
                $0 >= 0 && $0 <= Self.largestMagnitude
            }
            try HarmonicError.require(edge.damping, named: "edges[\(e)].damping", ">= 0 and ≤ 1e150") {
                $0 >= 0 && $0 <= Self.largestMagnitude
            }
            if case .offset(let r) = edge.rest { try vector(r, "edges[\(e)].rest", optional: false) }
        }
        self.dimensions = dimensions
        self.nodes = nodes
        self.edges = edges
        self.anchors = anchors
        self.gravity = gravity
    }

    /// The number of nodes.
    public var count: Int { nodes.count }

    /// The position of an edge's far end at time 0, or for an anchor always.
    func position(of end: Endpoint) -> [Double] {
        switch end {
        case .node(let j): nodes[j].position
        case .anchor(let a): anchors[a]
        }
    }

    /// An edge's rest offset `r`, one number a component (``Rest/initial`` resolved against the
    /// nodes' positions at time 0).
    public func restOffset(of edge: Edge) -> [Double] {
        switch edge.rest {
        case .zero: return [Double](repeating: 0, count: dimensions)
        case .offset(let r): return r
        case .initial:
            let a = nodes[edge.from].position, b = position(of: edge.to)
            return (0..<dimensions).map { a[$0] - b[$0] }
        }
    }
}
