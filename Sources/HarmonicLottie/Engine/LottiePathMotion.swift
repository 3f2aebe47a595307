import Harmonic
import HarmonicEngine

/// A paint's path as a function of time, for the paths no keyframes carry exactly — a star
/// turning among other shapes, rounded corners on a moving path, a nested group turning or
/// scaling under an outer paint, a radius moving with its roundness: the engine plays it as a
/// ``/HarmonicEngine/MotionAnimation`` whose value at each time is direct evaluation's path at
/// the layer frame that time stands for (``LottieShapeEvaluator``), so every frame is exact.
///
/// Motion time `τ` (seconds from the animation's start) is frame `first + τ·framesPerSecond`
/// (negative for a layer played backwards). The path must keep its elements at every frame
/// (the engine shows no value of another structure); the builder checks that at every
/// keyframe and between them before it plays one. The velocity is a central difference over
/// ±``step`` frames (the content has no derivative in closed form through trims and repeats).
struct LottiePathMotion: ValueMotion {
    let items: [LottieShape]
    /// The paint whose path this is (``LottieShapeEvaluator/paints(_:)``'s numbering).
    let paint: Int
    /// Whether the content's trims cut the path (a stroke's animated trim is its
    /// `strokeStart`/`strokeEnd` instead).
    let trims: Bool
    /// A star's number of points where the paint is drawn once per count.
    let points: Double?
    /// The subpath this motion gives (a simultaneous trim's layer per subpath), `nil` for all.
    let subpath: Int?
    let first: Double
    let framesPerSecond: Double
    let duration: Double
    /// The numbers of the path at the first frame (0 where the paint draws nothing).
    private(set) var dimension = 0

    init(
        items: [LottieShape], paint: Int, trims: Bool, points: Double?, subpath: Int?, first: Double,
        framesPerSecond: Double, duration: Double
    ) {
        self.items = items
        self.paint = paint
        self.trims = trims
        self.points = points
        self.subpath = subpath
        self.first = first
        self.framesPerSecond = framesPerSecond
        self.duration = duration
        dimension = numbers(atFrame: first)?.count ?? 0
    }

    /// Frames either side of a time that the velocity is measured over.
    static let step = 1e-3

    /// The path coordinates at a layer frame.
    func numbers(atFrame frame: Double) -> [Double]? {
        guard
            let all = LottieEngineShapes.coordinates(
                items, paint: paint, time: frame, trims: trims, points: points)
        else { return nil }
        guard let subpath else { return all }
        let parts = LottieEngineShapes.subpaths(all)
        return subpath < parts.count ? parts[subpath] : nil
    }

    func evaluate(
        at time: Double, value: UnsafeMutableBufferPointer<Double>, velocity: UnsafeMutableBufferPointer<Double>?
    ) {
        let frame = first + time * framesPerSecond
        guard let numbers = numbers(atFrame: frame), numbers.count == dimension else {
            // Another structure: no code the engine accepts, so the value is not shown.
            for i in 0..<dimension { value[i] = 0 }
            if let velocity { for i in 0..<dimension { velocity[i] = 0 } }
            return
        }
        for i in 0..<dimension { value[i] = numbers[i] }
        guard let velocity else { return }
        let h = Self.step
        guard let after = self.numbers(atFrame: frame + h), let before = self.numbers(atFrame: frame - h),
            after.count == dimension, before.count == dimension
        else {
            for i in 0..<dimension { velocity[i] = 0 }
            return
        }
        for i in 0..<dimension { velocity[i] = (after[i] - before[i]) / (2 * h) * framesPerSecond }
        for i in PathCoordinates.codeIndices(of: numbers) { velocity[i] = 0 }
    }
}
