import Harmonic
import HarmonicEngine

/// A value of a Lottie file as a function of time, for what no keyframes carry exactly — a
/// paint's path where a star turns among other shapes, rounded corners on a moving path, a
/// nested group turning under an outer paint; a radial gradient's radius where its edge point
/// leaves a ray; a highlight that turns: the engine plays it as a
/// ``/HarmonicEngine/MotionAnimation`` whose value at each time is direct evaluation's at the
/// layer frame that time stands for, so every frame is exact.
///
/// Motion time `τ` (seconds from the animation's start) is frame `first + τ·framesPerSecond`
/// (negative for a layer played backwards, ``LottieEngineBuilder/Clock/motion(from:to:)``). A
/// value of another size than the first frame's (a path that changed its elements) is given as
/// zeros, which the engine does not show on a path. The velocity is a central difference over
/// ±``step`` frames (the content has no derivative in closed form through trims and repeats).
struct LottieFrameMotion: ValueMotion {
    let value: @Sendable (Double) -> [Double]?
    let first: Double
    let framesPerSecond: Double
    let duration: Double
    /// The numbers of the value at the first frame (0 where there is none).
    let dimension: Int

    /// Frames either side of a time that the velocity is measured over.
    static let step = 1e-3

    init(
        first: Double, framesPerSecond: Double, duration: Double, value: @escaping @Sendable (Double) -> [Double]?
    ) {
        self.value = value
        self.first = first
        self.framesPerSecond = framesPerSecond
        self.duration = duration
        dimension = value(first)?.count ?? 0
    }

    func evaluate(
        at time: Double, value out: UnsafeMutableBufferPointer<Double>, velocity: UnsafeMutableBufferPointer<Double>?
    ) {
        let frame = first + time * framesPerSecond
        if let velocity { for i in 0..<dimension { velocity[i] = 0 } }
        guard let numbers = value(frame), numbers.count == dimension else {
            for i in 0..<dimension { out[i] = 0 }
            return
        }
        for i in 0..<dimension { out[i] = numbers[i] }
        let h = Self.step
        guard let velocity, let after = value(frame + h), let before = value(frame - h), after.count == dimension,
            before.count == dimension
        else { return }
        for i in 0..<dimension { velocity[i] = (after[i] - before[i]) / (2 * h) * framesPerSecond }
    }

    /// A paint's path (``LottieShapeEvaluator/paints(_:)``'s numbering): its coordinates, or one
    /// subpath's (a simultaneous trim's layer per subpath); `trims` whether the content's trims
    /// cut it, `points` a star's count where the paint is drawn once per count.
    static func path(
        _ items: [LottieShape], paint: Int, trims: Bool, points: Double?, subpath: Int?
    ) -> @Sendable (Double) -> [Double]? {
        { frame in
            guard
                let all = LottieEngineShapes.coordinates(items, paint: paint, time: frame, trims: trims, points: points)
            else { return nil }
            guard let subpath else { return all }
            let parts = LottieEngineShapes.subpaths(all)
            return subpath < parts.count ? parts[subpath] : nil
        }
    }
}
