import Harmonic
import HarmonicJSON
import HarmonicBLAS

/// The JSON form of a ``/Harmonic/SpringNetwork`` and its motion, shared by the
/// `springNetwork` curve of the spec format and the scenes' `springNetwork` animations.
///
/// ```json
/// { "dimensions": 2,
///   "nodes": [ { "position": [0, 0], "pinned": true },
///              { "position": [40, 0], "mass": 1, "velocity": [0, 300], "drag": 0.1, "force": [0, 0] } ],
///   "edges": [ { "from": 1, "to": 0, "stiffness": 300, "damping": 4, "rest": "initial" },
///              { "from": 1, "anchor": 0, "stiffness": 20, "directed": true } ],
///   "anchors": [ [40, 60] ],
///   "gravity": [0, 980],
///   "method": "modal",
///   "retarget": [ { "time": 0.8, "anchors": [[120, 60]], "gravity": [0, 0],
///                   "forces": [ { "node": 1, "force": [50, 0] } ],
///                   "pinned": [ { "node": 0, "position": [10, 0] } ] } ] }
/// ```
///
/// - `dimensions` (1–3) defaults to the length of the first node's `position`; a number is a
///   1-D position.
/// - A node: `position` (required), `velocity`, `force` (zero when absent), `mass` (1),
///   `drag` (0), `pinned` (false).
/// - An edge: `from` (a node index), and either `to` (a node index) or `anchor` (an index into
///   `anchors`); `stiffness` (required), `damping` (0), `rest` — `"zero"` (default),
///   `"initial"` (the ends' offset at time 0) or an offset (an array, or a number in 1-D) — and
///   `directed` (false: the
///   edge pulls only `from`).
/// - `method` insists on a solver (`modal`, `stateSpace`, `exponential`); by default the
///   first that applies.
/// - `retarget`: times (increasing, seconds) at which the loads change — anchors replaced
///   whole, gravity, a node's force, a pinned node's position; the motion continues from its
///   state at that time (``/HarmonicBLAS/SpringNetworkMotion/retargeted(at:to:)``).
package struct SpringNetworkObject: Sendable {
    /// The motion in force from each retarget on, the first from time 0.
    package let segments: [SpringNetworkMotion]

    package var network: SpringNetwork { segments[0].network }

    /// The segment in force at `time`.
    package func segment(at time: Double) -> SpringNetworkMotion {
        segments.last { $0.origin <= time } ?? segments[0]
    }

    /// Positions and velocities at `times` (any order), `T × N × D` each (velocities empty
    /// unless asked for).
    package func sample(at times: [Double], velocities: Bool = true) -> (positions: [Double], velocities: [Double]) {
        let stride = network.count * network.dimensions
        guard segments.count > 1 else { return segments[0].sample(at: times, velocities: velocities) }
        var x = [Double](repeating: 0, count: times.count * stride)
        var v = [Double](repeating: 0, count: velocities ? times.count * stride : 0)
        var groups: [Int: [Int]] = [:]
        for (k, t) in times.enumerated() {
            let s = segments.lastIndex { $0.origin <= t } ?? 0
            groups[s, default: []].append(k)
        }
        for (s, indices) in groups {
            let (px, pv) = segments[s].sample(at: indices.map { times[$0] }, velocities: velocities)
            for (r, k) in indices.enumerated() {
                x.replaceSubrange((k * stride)..<((k + 1) * stride), with: px[(r * stride)..<((r + 1) * stride)])
                if velocities {
                    v.replaceSubrange((k * stride)..<((k + 1) * stride), with: pv[(r * stride)..<((r + 1) * stride)])
                }
            }
        }
        return (x, v)
    }

    /// When every node has stayed within `epsilon` of rest for good (after the last retarget).
    package func settlingTime(epsilon: Double) -> Double {
        segments.last!.settlingTime(epsilon: epsilon)
    }

    /// The keys of the object.
    static let keys = ["dimensions", "nodes", "edges", "anchors", "gravity", "method", "retarget"]

    /// Reads the object under `name` (for messages: `springNetwork`, `layers[0].…`).
    package static func parse(_ value: JSONValue, name: String) throws(HarmonicError) -> SpringNetworkObject {
        var reader = try JSONObjectReader(value, path: name)
        guard case let .array(nodeValues)? = reader.value("nodes"), !nodeValues.isEmpty else {
            throw .invalidParameter(
                name: reader.name("nodes"), value: reader.contains("nodes") ? "not a non-empty array" : "missing",
                allowed: "an array of node objects (1...\(SpringNetwork.maximumNodes))")
        }
        guard nodeValues.count <= SpringNetwork.maximumNodes else {
            throw .invalidParameter(
                name: reader.name("nodes"), value: "\(nodeValues.count) nodes",
                allowed: "at most \(SpringNetwork.maximumNodes)")
        }
        var dimensions = try reader.number("dimensions").map { (d) throws(HarmonicError) -> Int in
            guard d == 1 || d == 2 || d == 3 else {
                throw HarmonicError.invalidParameter(
                    name: reader.name("dimensions"), value: "\(d)", allowed: "1, 2 or 3")
            }
            // Int: d is 1, 2 or 3.
            return Int(d)
        }
        var nodes: [SpringNetwork.Node] = []
        for (i, item) in nodeValues.enumerated() {
            var node = try JSONObjectReader(item, path: reader.name("nodes[\(i)]"))
            guard let position = try node.vector("position") else {
                throw .invalidParameter(name: node.name("position"), value: "missing", allowed: "a number or an array")
            }
            if dimensions == nil { dimensions = position.count }
            nodes.append(
                SpringNetwork.Node(
                    mass: try node.number("mass") ?? 1, position: position.components,
                    velocity: try node.vector("velocity")?.components ?? [],
                    force: try node.vector("force")?.components ?? [], drag: try node.number("drag") ?? 0,
                    isPinned: try node.bool("pinned") ?? false))
            try node.finish()
        }
        let dims = dimensions ?? 1
        var edges: [SpringNetwork.Edge] = []
        if let edgeValue = reader.value("edges") {
            guard case let .array(items) = edgeValue else {
                throw .invalidParameter(name: reader.name("edges"), value: edgeValue.summary, allowed: "an array")
            }
            for (e, item) in items.enumerated() {
                edges.append(try readEdge(item, name: reader.name("edges[\(e)]")))
            }
        }
        var anchors: [[Double]] = []
        if let value = reader.value("anchors") {
            guard case let .array(items) = value else {
                throw .invalidParameter(name: reader.name("anchors"), value: value.summary, allowed: "an array")
            }
            for (a, item) in items.enumerated() {
                anchors.append(try JSONObjectReader.vector(item, name: reader.name("anchors[\(a)]")).components)
            }
        }
        let gravity = try reader.vector("gravity")?.components ?? []
        let method = try reader.string("method").map { (text) throws(HarmonicError) -> SpringNetworkMotion.Method in
            guard let m = SpringNetworkMotion.Method(rawValue: text) else {
                throw HarmonicError.invalidParameter(
                    name: reader.name("method"), value: text, allowed: "modal, stateSpace or exponential")
            }
            return m
        }
        let retargets = reader.value("retarget")
        try reader.finish(known: keys)
        var segments: [SpringNetworkMotion]
        do {
            let network = try SpringNetwork(
                dimensions: dims, nodes: nodes, edges: edges, anchors: anchors, gravity: gravity)
            segments = [try SpringNetworkMotion(network, method: method)]
        } catch {
            throw error.prefixingParameter(with: name)
        }
        if let retargets {
            guard case let .array(items) = retargets else {
                throw .invalidParameter(name: reader.name("retarget"), value: retargets.summary, allowed: "an array")
            }
            for (r, item) in items.enumerated() {
                let label = reader.name("retarget[\(r)]")
                var change = try JSONObjectReader(item, path: label)
                guard let time = try change.number("time") else {
                    throw .invalidParameter(name: change.name("time"), value: "missing", allowed: "seconds")
                }
                let previous = segments.last!
                guard time.isFinite, time > previous.origin else {
                    throw .invalidParameter(
                        name: change.name("time"), value: "\(time)",
                        allowed: "finite and after the previous change (\(previous.origin))")
                }
                var loads = previous.loads
                if let value = change.value("anchors") {
                    guard case let .array(list) = value else {
                        throw .invalidParameter(name: change.name("anchors"), value: value.summary, allowed: "an array")
                    }
                    loads.anchors = []
                    for (a, anchor) in list.enumerated() {
                        loads.anchors.append(
                            try JSONObjectReader.vector(anchor, name: change.name("anchors[\(a)]")).components)
                    }
                }
                if let g = try change.vector("gravity") { loads.gravity = g.components }
                for (key, member) in [("forces", "force"), ("pinned", "position")] {
                    guard let value = change.value(key) else { continue }
                    guard case let .array(list) = value else {
                        throw .invalidParameter(name: change.name(key), value: value.summary, allowed: "an array")
                    }
                    for (k, entry) in list.enumerated() {
                        var item = try JSONObjectReader(entry, path: change.name("\(key)[\(k)]"))
                        // Int: Int(exactly:) is nil for fractions, NaN and numbers out of range.
                        guard let index = try item.number("node"), let node = Int(exactly: index),
                            nodes.indices.contains(node)
                        else {
                            throw .invalidParameter(
                                name: item.name("node"), value: "\(item.contains("node") ? "out of range" : "missing")",
                                allowed: "a node index in 0..<\(nodes.count)")
                        }
                        guard let vector = try item.vector(member) else {
                            throw .invalidParameter(
                                name: item.name(member), value: "missing", allowed: "\(dims) numbers")
                        }
                        if key == "forces" {
                            loads.forces[node] = vector.components
                        } else {
                            guard nodes[node].isPinned else {
                                throw .invalidParameter(
                                    name: item.name("node"), value: "\(node)", allowed: "a pinned node")
                            }
                            loads.pinnedPositions[node] = vector.components
                        }
                        try item.finish()
                    }
                }
                try change.finish(known: ["time", "anchors", "gravity", "forces", "pinned"])
                do {
                    segments.append(try previous.retargeted(at: time, to: loads))
                } catch {
                    throw error.prefixingParameter(with: label)
                }
            }
        }
        return SpringNetworkObject(segments: segments)
    }

    static func readEdge(_ value: JSONValue, name: String) throws(HarmonicError) -> SpringNetwork.Edge {
        var edge = try JSONObjectReader(value, path: name)
        func index(_ key: String) throws(HarmonicError) -> Int? {
            guard let x = try edge.number(key) else { return nil }
            // Int: Int(exactly:) is nil for fractions, NaN and numbers out of range.
            guard let i = Int(exactly: x) else {
                throw .invalidParameter(name: edge.name(key), value: "\(x)", allowed: "a whole index")
            }
            return i
        }
        guard let from = try index("from") else {
            throw .invalidParameter(name: edge.name("from"), value: "missing", allowed: "a node index")
        }
        let to: SpringNetwork.Endpoint
        switch (try index("to"), try index("anchor")) {
        case let (node?, nil): to = .node(node)
        case let (nil, anchor?): to = .anchor(anchor)
        case (nil, nil):
            throw .invalidParameter(name: edge.name("to"), value: "missing", allowed: "a node index, or give anchor")
        case (_?, _?):
            throw .conflict(parameters: [edge.name("to"), edge.name("anchor")], reason: "an edge ends at one of them")
        }
        guard let stiffness = try edge.number("stiffness") else {
            throw .invalidParameter(name: edge.name("stiffness"), value: "missing", allowed: "a number ≥ 0")
        }
        let rest: SpringNetwork.Rest
        switch edge.value("rest") {
        case nil, .string("zero")?: rest = .zero
        case .string("initial")?: rest = .initial
        case let .number(x)?: rest = .offset([x])
        case let other?:
            guard case .array = other else {
                throw .invalidParameter(
                    name: edge.name("rest"), value: other.summary, allowed: "\"zero\", \"initial\" or an offset array")
            }
            rest = .offset(try JSONObjectReader.numbers(other, name: edge.name("rest")))
        }
        let result = SpringNetwork.Edge(
            from: from, to: to, stiffness: stiffness, damping: try edge.number("damping") ?? 0, rest: rest,
            isDirected: try edge.bool("directed") ?? false)
        try edge.finish()
        return result
    }
}
