import Harmonic
import HarmonicTestSupport

/// An independent reference for spring networks: the equations of motion written from the
/// edges' forces (not from the library's matrices) and integrated with the classical
/// fourth-order Runge–Kutta method in extended precision with a small step, so its truncation
/// error (`~T·ω⁵·h⁴/120`) and rounding sit far below the tolerances checked.
enum NetworkReference {
    typealias R = HighPrecision

    /// Positions (`N × D`, row-major) at each of `times` (increasing, ≥ 0).
    static func positions(_ network: SpringNetwork, at times: [Double], step: Double) -> [[Double]] {
        let n = network.count, dims = network.dimensions
        var x = [R](repeating: 0, count: n * dims), v = x
        for i in 0..<n {
            for d in 0..<dims {
                x[i * dims + d] = R(network.nodes[i].position[d])
                v[i * dims + d] = R(network.nodes[i].velocity.isEmpty ? 0 : network.nodes[i].velocity[d])
            }
        }
        let rests = network.edges.map { network.restOffset(of: $0).map { R($0) } }
        func acceleration(_ x: [R], _ v: [R]) -> [R] {
            var f = [R](repeating: 0, count: n * dims)
            for i in 0..<n where !network.nodes[i].isPinned {
                let node = network.nodes[i]
                for d in 0..<dims {
                    var total = node.force.isEmpty ? R(0) : R(node.force[d])
                    if !network.gravity.isEmpty { total += R(node.mass) * R(network.gravity[d]) }
                    total -= R(node.drag) * v[i * dims + d]
                    f[i * dims + d] = total
                }
            }
            for (e, edge) in network.edges.enumerated() {
                for d in 0..<dims {
                    let (far, farVelocity): (R, R)
                    switch edge.to {
                    case .node(let j): (far, farVelocity) = (x[j * dims + d], v[j * dims + d])
                    case .anchor(let a): (far, farVelocity) = (R(network.anchors[a][d]), 0)
                    }
                    let i = edge.from
                    let force =
                        R(0) - R(edge.stiffness) * (x[i * dims + d] - far - rests[e][d]) - R(edge.damping)
                        * (v[i * dims + d] - farVelocity)
                    if !network.nodes[i].isPinned { f[i * dims + d] += force }
                    if case .node(let j) = edge.to, !edge.isDirected, !network.nodes[j].isPinned {
                        f[j * dims + d] -= force
                    }
                }
            }
            for i in 0..<n {
                for d in 0..<dims { f[i * dims + d] = f[i * dims + d] / R(network.nodes[i].mass) }
            }
            return f
        }
        func axpy(_ a: [R], _ s: R, _ b: [R]) -> [R] { zip(a, b).map { $0 + s * $1 } }
        var t = 0.0
        var out: [[Double]] = []
        for target in times {
            while t < target {
                let h = min(step, target - t)
                let hh = R(h), half = R(h / 2)
                let k1x = v, k1v = acceleration(x, v)
                let x2 = axpy(x, half, k1x), v2 = axpy(v, half, k1v)
                let k2x = v2, k2v = acceleration(x2, v2)
                let x3 = axpy(x, half, k2x), v3 = axpy(v, half, k2v)
                let k3x = v3, k3v = acceleration(x3, v3)
                let x4 = axpy(x, hh, k3x), v4 = axpy(v, hh, k3v)
                let k4x = v4, k4v = acceleration(x4, v4)
                for i in x.indices {
                    x[i] += hh / R(6) * (k1x[i] + R(2) * k2x[i] + R(2) * k3x[i] + k4x[i])
                    v[i] += hh / R(6) * (k1v[i] + R(2) * k2v[i] + R(2) * k3v[i] + k4v[i])
                }
                t += h
            }
            out.append(x.map { Double($0) })
        }
        return out
    }
}
