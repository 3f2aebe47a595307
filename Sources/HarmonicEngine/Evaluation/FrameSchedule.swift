import Harmonic

/// The ``FramePlan`` and which layers' parts of it are out of date.
///
/// Changing a layer's animations (or moving its value block) marks the layer; before a
/// frame, the marked layers' parts are rebuilt, or the whole plan when replaced parts have
/// piled up (``FramePlan/needsCompaction``).
struct FrameSchedule {
    private(set) var plan = FramePlan()
    private var dirty: [Int] = []
    private var needsRebuild = true
    /// Where a large plan is cut into ``FrameEvaluator/chunkCount`` chunks (recomputed with the
    /// plan), and the chunks' result slots (kept across frames).
    private(set) var chunkBounds: [Int] = []
    let chunkResults = FrameEvaluator.Results(chunks: FrameEvaluator.chunkCount)

    /// Marks layer `i`'s part of the plan for rebuilding.
    mutating func invalidate(_ i: Int) { dirty.append(i) }

    /// Brings the plan up to date with the layers and their animations.
    mutating func update(storage: LayerStorage, registry: AnimationRegistry) {
        if !needsRebuild {
            for i in dirty { plan.update(storage[i], registry[i]) }
            needsRebuild = plan.needsCompaction
        }
        let changed = needsRebuild || !dirty.isEmpty
        if needsRebuild { plan = FramePlan(storage: storage, registry: registry) }
        needsRebuild = false
        dirty.removeAll(keepingCapacity: true)
        if changed { chunkBounds = plan.balancedBounds(chunks: FrameEvaluator.chunkCount) }
    }
}
