/// A shape layer's paint paths at the frames the builder checks, kept for every paint of the
/// layer at once.
///
/// Checking where a path played as a motion changes structure evaluates the layer's whole
/// content at up to ``LottieEngineBudget/maximumMotionChecks`` frames and at the halvings
/// between them (``LottieEngineBuilder/structureRuns(_:size:structure:)``). Every paint of the
/// layer is checked at the same keyframe times, and paints that one trim or repeater moves
/// change structure at the same instants, so one evaluation serves them all: a layer of `n`
/// paints played as motions costs one pass over its checks, not `n` (a layer of 15 trimmed
/// strokes took 9 s to build before, each paint trimming every other paint's paths again).
///
/// What is kept is bounded by ``maximumNumbers`` path coordinates; past it the store starts
/// again empty, so a large layer costs time, never memory without bound.
///
/// A class: one store shared by the copies of ``LottieEngineShapes`` that build one layer.
final class LottieContentSamples {
    /// One evaluation's options: the frame (by its bits), whether trims cut the paths, a star's
    /// count where the paint is drawn once per count.
    private struct Key: Hashable {
        var frame: UInt64
        var trims: Bool
        var points: UInt64?
    }

    /// Path coordinates kept, summed over every evaluation stored.
    static let maximumNumbers = 4_000_000

    private var stored: [Key: [[Double]?]] = [:]
    private var numbers = 0

    /// Paint `index`'s path at layer time `time` as path coordinates (`nil` where it paints
    /// nothing then): ``LottieEngineShapes/coordinates(_:paint:time:trims:points:rest:)`` of
    /// `items`, every paint's path computed and kept at the first request for a frame. `items`
    /// must be the same content at every call.
    func coordinates(
        _ items: [LottieShape], paint index: Int, time: Double, trims: Bool, points: Double?
    ) -> [Double]? {
        let key = Key(frame: time.bitPattern, trims: trims, points: points?.bitPattern)
        if let all = stored[key] { return index < all.count ? all[index] : nil }
        let evaluator = LottieEngineShapes.evaluator(at: time, trims: trims, points: points)
        let all: [[Double]?] = evaluator.paints(items).map { shape in
            guard let numbers = shape?.geometry.pathCoordinates, !numbers.isEmpty else { return nil }
            return numbers
        }
        let size = all.reduce(0) { $0 + ($1?.count ?? 0) }
        if numbers + size > Self.maximumNumbers {
            stored.removeAll(keepingCapacity: true)
            numbers = 0
        }
        if size <= Self.maximumNumbers {
            stored[key] = all
            numbers += size
        }
        return index < all.count ? all[index] : nil
    }
}
