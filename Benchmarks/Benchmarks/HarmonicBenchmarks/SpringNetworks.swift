import Benchmark
import Foundation
import Harmonic
import HarmonicBLAS

/// Spring networks: a chain of `n` unit masses between two walls (Rayleigh damping, the modal
/// solver) sampled at 1,000 times, with the modes multiplied by Harmonic's loop and by
/// OpenBLAS — the crossover `SpringNetworkMotion.Product.automatic` uses — and the one-time
/// decomposition; a directed follow-through chain (complex modes) beside it.
func springNetworkBenchmarks() {
    let config = Workloads.batchConfiguration
    let times = (0..<1000).map { Double($0) * 0.01 }
    for n in [4, 8, 12, 16, 32, 100, 1000] {
        let motion = try! SpringNetworkMotion(chain(n, directed: false))
        for (name, product) in [("loops", SpringNetworkMotion.Product.loops), ("OpenBLAS", .matrixProduct)] {
            Benchmark("Spring network: \(n)-node chain, 1,000 times, \(name)", configuration: config) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(motion.sample(at: times, velocities: false, product: product).positions)
                }
            }
        }
    }
    for n in [100, 1000] {
        Benchmark("Spring network: \(n)-node chain, modes (DSYEVR)", configuration: config) { benchmark in
            let network = chain(n, directed: false)
            for _ in benchmark.scaledIterations {
                blackHole(try! SpringNetworkMotion(network))
            }
        }
    }
    let follow = try! SpringNetworkMotion(chain(100, directed: true))
    Benchmark("Spring network: 100-node follow-through (\(follow.method.rawValue)), 1,000 times", configuration: config)
    {
        benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(follow.sample(at: times, velocities: false).positions)
        }
    }
}

/// `n` unit masses from 1 to `n` between walls at 0 and `n + 1`, springs of 400 N/m with
/// dampers of 0.02·k beside them; or, `directed`, each node pulled toward the one before
/// (stiffness rising along the chain so that no two links share their modes, dampers of 0.08·k:
/// ζ ≈ 0.8, so no link amplifies the wave it passes on).
private func chain(_ n: Int, directed: Bool) -> SpringNetwork {
    let nodes = (0..<n).map { SpringNetwork.Node(position: [Double($0 + 1) + 0.3 * sin(Double($0))]) }
    var edges = [SpringNetwork.Edge(from: 0, to: .anchor(0), stiffness: 400, damping: 8, rest: .offset([1]))]
    if !directed {
        edges.append(.init(from: n - 1, to: .anchor(1), stiffness: 400, damping: 8, rest: .offset([-1])))
    }
    for i in 1..<n {
        let k = directed ? 400 * (1 + 0.01 * Double(i)) : 400
        edges.append(
            .init(
                from: i, to: .node(i - 1), stiffness: k, damping: (directed ? 0.08 : 0.02) * k, rest: .offset([1]),
                isDirected: directed))
    }
    return try! SpringNetwork(dimensions: 1, nodes: nodes, edges: edges, anchors: [[0], [Double(n + 1)]])
}
