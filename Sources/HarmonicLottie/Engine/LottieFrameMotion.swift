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
/// value of another size than the first frame's is looked for just beside the instant
/// (``sized(_:_:at:)``), else given as the ``fallback`` or zeros, which the engine does not show
/// on a path (the builder finds where a path's structure changes before it plays one). The velocity
/// is a central difference over ±``step`` frames (the content has no derivative in closed form
/// through trims and repeats).
struct LottieFrameMotion: ValueMotion {
    let value: @Sendable (Double) -> [Double]?
    let first: Double
    let framesPerSecond: Double
    let duration: Double
    /// The numbers of the value at the first frame, or just beside it (0 where there is none).
    let dimension: Int
    /// The value given where `value` has none of ``dimension`` numbers (zeros when `nil`): a
    /// path's, of its structure, for a layer shown only while the path has it — the engine
    /// checks a motion's first value.
    var fallback: [Double]?

    /// Frames either side of a time that the velocity is measured over.
    static let step = 1e-3

    /// A motion of `value`, of `dimension` numbers — by default the size at the first frame, or
    /// just beside it where more things part there.
    init(
        first: Double, framesPerSecond: Double, duration: Double, dimension: Int? = nil,
        value: @escaping @Sendable (Double) -> [Double]?
    ) {
        self.value = value
        self.first = first
        self.framesPerSecond = framesPerSecond
        self.duration = duration
        let e = Self.nudge * max(1, abs(first))
        self.dimension = dimension ?? [first, first + e, first - e].compactMap { value($0)?.count }.max() ?? 0
    }

    func evaluate(
        at time: Double, value out: UnsafeMutableBufferPointer<Double>, velocity: UnsafeMutableBufferPointer<Double>?
    ) {
        let frame = first + time * framesPerSecond
        if let velocity { for i in 0..<dimension { velocity[i] = 0 } }
        guard let numbers = Self.sized(dimension, value, at: frame) ?? fallback, numbers.count == dimension else {
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

    /// Frames (relative above 1) a value is also looked for on either side of an instant where
    /// it has another size: where two things the value lists meet (gradient stops at one
    /// offset), one side's value draws the same picture.
    static let nudge = 1e-7

    /// `value` at `frame` with `count` numbers — or just after or before the frame, where an
    /// instant has another size — `nil` where none has.
    static func sized(_ count: Int, _ value: (Double) -> [Double]?, at frame: Double) -> [Double]? {
        let e = nudge * max(1, abs(frame))
        for f in [frame, frame + e, frame - e] {
            if let v = value(f), v.count == count { return v }
        }
        return nil
    }

    /// A paint's path (``LottieShapeEvaluator/paints(_:)``'s numbering): its coordinates, or one
    /// subpath's (a simultaneous trim's layer per subpath); `trims` whether the content's trims
    /// cut it, `points` a star's count where the paint is drawn once per count; with a
    /// `structure` (``LottieEngineShapes/structure(of:)``), only while the path has it (`nil`
    /// otherwise).
    static func path(
        _ items: [LottieShape], paint: Int, trims: Bool, points: Double?, subpath: Int?, structure: [Double]? = nil
    ) -> @Sendable (Double) -> [Double]? {
        { frame in
            guard
                let all = LottieEngineShapes.coordinates(
                    items, paint: paint, time: frame, trims: trims, points: points),
                structure.map({ LottieEngineShapes.structure(of: all) == $0 }) ?? true
            else { return nil }
            guard let subpath else { return all }
            let parts = LottieEngineShapes.subpaths(all)
            return subpath < parts.count ? parts[subpath] : nil
        }
    }
}
