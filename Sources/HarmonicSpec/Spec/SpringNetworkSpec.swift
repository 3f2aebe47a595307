import Harmonic
import HarmonicJSON
import HarmonicBLAS

/// The `springNetwork` curve of the spec format: every node of a linear network of springs,
/// solved exactly (``SpringNetworkObject`` for the keys).
///
///     { "springNetwork": { "nodes": [ { "position": 0, "pinned": true }, { "position": 1 } ],
///                          "edges": [ { "from": 1, "to": 0, "stiffness": 100, "damping": 2 } ] } }
///
/// The value has one component per node and dimension — node `i`'s component `d` is
/// `value.(i·D + d)` — and the velocity likewise. Sampled by default from 0 to the time
/// every node stays within 0.001 of rest (10 s when it never rests). `from`, `to`, `by` and
/// `timing` do not apply: the nodes' own positions are the endpoints.
package struct SpringNetworkSpec: SampledCurve {
    package let object: SpringNetworkObject

    package static func parse(_ value: JSONValue, _ top: inout JSONObjectReader) throws(HarmonicError)
        -> SpringNetworkSpec
    {
        let object = try SpringNetworkObject.parse(value, name: "springNetwork")
        for key in ["from", "to", "by", "timing"] where top.contains(key) {
            throw .invalidParameter(
                name: key, value: "given", allowed: "absent: a spring network's nodes carry their own positions")
        }
        return SpringNetworkSpec(object: object)
    }

    package var network: SpringNetwork { object.network }
    package var dimension: Int { network.count * network.dimensions }

    /// The time every node has stayed within 0.001 of rest, after the last retarget.
    package var settlingTime: Double { object.settlingTime(epsilon: 0.001) }

    package var defaultDomain: ClosedRange<Double> {
        let settle = settlingTime
        let end = settle.isFinite && settle > 0 ? settle : (object.segments.last!.origin + 10)
        return 0...end
    }

    package func sample(at time: Double) -> CurveSample {
        let (x, v) = object.sample(at: [time])
        return CurveSample(value: x, velocity: v, angle: nil)
    }

    package func sample(_ times: TimeGrid, _ range: Range<Int>, velocity: Bool, into block: inout SampleBlock) {
        block.reset(count: range.count)
        let ts = range.map { times[$0] }
        let (x, v) = object.sample(at: ts, velocities: velocity)
        let d = dimension
        for (r, t) in ts.enumerated() { block.times[r] = t }
        block.values.replaceSubrange(0..<(ts.count * d), with: x)
        if velocity { block.velocities.replaceSubrange(0..<(ts.count * d), with: v) }
    }
}
