import Harmonic
import HarmonicSpec

extension SpringNetworkSpec: PlotDescribing {
    var plotTitle: String {
        let n = network.count, d = network.dimensions
        return "Spring network · \(n) node\(n == 1 ? "" : "s") in \(d)-D · \(object.segments[0].method.rawValue) solver"
    }

    var plotSubtitle: String {
        var parts = ["\(network.edges.count) edges"]
        let pinned = network.nodes.filter(\.isPinned).count
        if pinned > 0 { parts.append("\(pinned) pinned") }
        if !network.anchors.isEmpty { parts.append("\(network.anchors.count) anchors") }
        if object.segments.count > 1 { parts.append("\(object.segments.count - 1) retargets") }
        let rigid = object.segments[0].rigidMotions
        if rigid > 0 { parts.append("free: \(rigid) rigid motion\(rigid == 1 ? "" : "s")") }
        return parts.joined(separator: " · ")
    }

    var plotReferences: [ReferenceLine] {
        var lines: [ReferenceLine] = []
        for segment in object.segments.dropFirst() {
            lines.append(
                ReferenceLine(
                    orientation: .vertical, value: segment.origin,
                    label: "retarget \(CurvePlot.short(segment.origin)) s", color: "#D55E00", labelRow: 1))
        }
        let settle = settlingTime
        if settle.isFinite && settle > 0 {
            lines.append(
                ReferenceLine(
                    orientation: .vertical, value: settle,
                    label: "every node within 0.001 at \(CurvePlot.short(settle)) s",
                    color: "#009E73", labelRow: 0))
        }
        return lines
    }

    var plotTimeLabel: String { "time (s)" }
    var plotsPastDefaultDomain: Bool { true }

    /// `node i` for 1-D networks, `node i.x` (`.y`, `.z`) otherwise.
    func plotComponentName(_ component: Int) -> String? {
        let d = network.dimensions
        let node = component / d
        return d == 1 ? "node \(node)" : "node \(node).\(["x", "y", "z"][component % d])"
    }

    /// One colour a node; its y (and z) components dashed.
    func plotComponentStyle(_ component: Int) -> (color: Int, dashed: Bool)? {
        (component / network.dimensions, component % network.dimensions != 0)
    }

    /// Each node's path in the plane, for 2-D networks.
    var plotTrajectoryPairs: [(Int, Int)]? {
        network.dimensions == 2 ? (0..<network.count).map { (2 * $0, 2 * $0 + 1) } : []
    }
}
