import Harmonic
import HarmonicEngine

// The engine-frame workloads, shared by the ordo-one suite and `instruction-counts`.

/// The curves of ``EngineWorkload`` without the engine: per animation one media-timing state
/// and one curve evaluation through Harmonic's kernels (`SpringTransition.state` on the
/// spring's transition matrix, `CubicBezier.value(at:)`, `KeyframeTrack.value(at:)`, a linear
/// interpolation), written to one array.
public struct KernelWorkload {
    var springs: [(timing: MediaTiming, spring: Spring, to: SIMD2<Double>)] = []
    var fades: [MediaTiming] = []
    var tracks: [KeyframeTrack<Double>] = []
    let trackTiming: MediaTiming
    let liftTiming: MediaTiming
    let ease = CubicBezier.easeInEaseOut

    public init(animatedProperties: Int) {
        let forever = Double.infinity
        trackTiming = try! MediaTiming(duration: 2, repeatCount: forever)
        liftTiming = try! MediaTiming(duration: 1, repeatCount: forever)
        for i in 0..<(animatedProperties / 4) {
            let u = (Double(i) * 0.6180339887498949).truncatingRemainder(dividingBy: 1)
            springs.append(
                (
                    try! MediaTiming(duration: 1.5, repeatCount: forever),
                    try! Spring(mass: 1, stiffness: 80 + 200 * u, damping: 8 + 20 * u), SIMD2(100 + u, 50)
                ))
            fades.append(try! MediaTiming(duration: 0.5 + u, repeatCount: forever, autoreverses: true))
            tracks.append(
                try! KeyframeTrack(values: [0, 12, 4, 9 + u, 0], calculationMode: i % 2 == 0 ? .linear : .cubic))
        }
    }

    public var outputCount: Int { springs.count * 5 }

    public func evaluate(at t: Double, into out: inout [Double]) {
        out.withUnsafeMutableBufferPointer { o in
            for i in springs.indices {
                let (timing, spring, to) = springs[i]
                if let tau = timing.state(atParentTime: t).iterationTime {
                    let s = spring.transition(over: tau).state(from: SIMD2<Double>(0, 0), to: to)
                    o[5 * i] = s.value.x
                    o[5 * i + 1] = s.value.y
                }
                if let p = fades[i].state(atParentTime: t).directedProgress { o[5 * i + 2] = ease.value(at: p) }
                if let p = trackTiming.state(atParentTime: t).directedProgress { o[5 * i + 3] = tracks[i].value(at: p) }
                if let p = liftTiming.state(atParentTime: t).directedProgress { o[5 * i + 4] = 10 * p }
            }
        }
    }
}

public enum EngineWorkload {
    /// A scene with `animatedProperties` running animations (see `engineFrameBenchmarks`).
    public static func scene(animatedProperties: Int) throws -> AnimationEngine {
        let engine = try AnimationEngine()
        let forever = Double.infinity
        for i in 0..<(animatedProperties / 4) {
            let u = (Double(i) * 0.6180339887498949).truncatingRemainder(dividingBy: 1)
            let layer = try engine.makeLayer(named: "layer\(i)", values: ["position": [0, 0], "opacity": [1]])
            let spring = try Spring(mass: 1, stiffness: 80 + 200 * u, damping: 8 + 20 * u)
            try engine.add(
                SpringAnimation(
                    keyPath: "position", fromValue: [0, 0], toValue: [100 + u, 50], spring: spring,
                    timing: try MediaTiming(duration: 1.5, repeatCount: forever)),
                forKey: "move", to: layer)
            try engine.add(
                BasicAnimation(
                    keyPath: "opacity", from: 0, to: 1,
                    timing: try MediaTiming(duration: 0.5 + u, repeatCount: forever, autoreverses: true),
                    timingFunction: CubicBezier.easeInEaseOut),
                forKey: "fade", to: layer)
            try engine.add(
                KeyframeAnimation(
                    keyPath: "cornerRadius", values: [0, 12, 4, 9 + u, 0],
                    calculationMode: i % 2 == 0 ? .linear : .cubic,
                    timing: try MediaTiming(duration: 2, repeatCount: forever)),
                forKey: "round", to: layer)
            try engine.add(
                BasicAnimation(
                    keyPath: "zPosition", by: 10, timing: try MediaTiming(duration: 1, repeatCount: forever),
                    isAdditive: true),
                forKey: "lift", to: layer)
        }
        return engine
    }
}
