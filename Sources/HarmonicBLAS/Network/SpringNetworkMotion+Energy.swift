extension SpringNetworkMotion {
    /// The mechanical energy at each time: kinetic `½·Σ m·|v|²`, elastic `½·Σ k·|Δ − r|²` over
    /// the edges (`Δ` the offset between an edge's ends), and the loads' potential
    /// `−Σ (f + m·g)·x`, in mass · units²/s².
    ///
    /// Its value is defined up to a constant (the loads' potential depends on where the origin
    /// is); its changes are what count. With symmetric edges it never increases, and stays
    /// constant without damping — a check on any solver. A directed edge is not conservative
    /// (its reaction is missing), so a network with one can gain energy by this measure.
    public func energy(at times: [Double]) -> [Double] {
        let (x, v) = sample(at: times)
        let nodes = network.count, dims = network.dimensions
        let rests = network.edges.map { network.restOffset(of: $0) }
        return (0..<times.count).map { k in
            let base = k * nodes * dims
            var total = 0.0
            for i in 0..<nodes where !network.nodes[i].isPinned {
                let node = network.nodes[i], force = loads.forces[i]
                for d in 0..<dims {
                    let vi = v[base + i * dims + d], xi = x[base + i * dims + d]
                    let load =
                        (force.isEmpty ? 0 : force[d]) + (loads.gravity.isEmpty ? 0 : node.mass * loads.gravity[d])
                    total += 0.5 * node.mass * vi * vi - load * xi
                }
            }
            for (e, edge) in network.edges.enumerated() {
                for d in 0..<dims {
                    let far: Double
                    switch edge.to {
                    case .node(let j): far = x[base + j * dims + d]
                    case .anchor(let a): far = loads.anchors[a][d]
                    }
                    let stretch = x[base + edge.from * dims + d] - far - rests[e][d]
                    total += 0.5 * edge.stiffness * stretch * stretch
                }
            }
            return total
        }
    }
}
