import Harmonic

/// Every layer's attached animations, in the order they apply, and whether each has started
/// and finished (`CALayer`'s `add(_:forKey:)` list, with `CAAnimationDelegate`'s bookkeeping).
///
/// Start and finish flags live in one flat buffer (``progress``), one slot per attached
/// animation: the registry's records and the frame plan's entries both hold the slot, so
/// the per-frame loop reads and updates the flags in place and there is one copy of them.
struct AnimationRegistry {
    /// Whether an attached animation has reported its start and its finish.
    struct Progress {
        var didStart = false
        var didFinish = false
    }

    /// Per layer, the attached animations in application order.
    private(set) var lists: [[AttachedAnimation]] = []
    let progress = FlatBuffer<Progress>(capacity: 64)
    private var freeSlots: [Int] = []
    /// Layers whose removed animations are kept (emitter layers: their particles were born
    /// under values those animations gave, and stay where they were born).
    var keepsHistory: Set<Int> = []
    /// Per layer in ``keepsHistory``, the animations removed, each with the layer's local time
    /// of its removal (+∞ when it was removed on completion: its own timing says when it
    /// stopped applying). At most ``historyLimit`` per layer, the oldest dropped first.
    private(set) var retired: [Int: [(animation: AttachedAnimation, until: Double)]] = [:]
    /// The most removed animations kept per layer.
    static let historyLimit = 256

    /// Adds an empty list for a new layer.
    mutating func addLayer() { lists.append([]) }

    /// Layer `i`'s animations.
    subscript(i: Int) -> [AttachedAnimation] { lists[i] }

    func hasAnimations(_ i: Int) -> Bool { !lists[i].isEmpty }

    /// The position of the animation under `key` on layer `i`.
    func index(ofKey key: String, layer i: Int) -> Int? { lists[i].firstIndex { $0.key == key } }

    /// The flags of animation `j` of layer `i`.
    func flags(layer i: Int, at j: Int) -> Progress { progress[lists[i][j].progressSlot] }

    /// Sets the flags of animation `j` of layer `i`.
    func setFlags(_ flags: Progress, layer i: Int, at j: Int) { progress[lists[i][j].progressSlot] = flags }

    /// Appends an animation to layer `i`'s list with fresh flags; returns its position.
    @discardableResult
    mutating func append(_ record: AttachedAnimation, flags: Progress = Progress(), layer i: Int) -> Int {
        var record = record
        if let slot = freeSlots.popLast() {
            progress[slot] = flags
            record.progressSlot = slot
        } else {
            progress.append(flags)
            record.progressSlot = progress.count - 1
        }
        lists[i].append(record)
        return lists[i].count - 1
    }

    /// Removes animation `j` of layer `i` and frees its flags; `until` is the layer's local
    /// time of the removal (kept for layers in ``keepsHistory``; +∞ for a removal on
    /// completion).
    @discardableResult
    mutating func remove(layer i: Int, at j: Int, until: Double = .infinity) -> AttachedAnimation {
        let record = lists[i].remove(at: j)
        freeSlots.append(record.progressSlot)
        if keepsHistory.contains(i) {
            retired[i, default: []].append((record, until))
            if retired[i]!.count > Self.historyLimit { retired[i]!.removeFirst() }
        }
        return record
    }

    /// Removes the animations of layer `i` for which `shouldRemove` is true; returns how many.
    @discardableResult
    mutating func removeAll(layer i: Int, where shouldRemove: (AttachedAnimation, Progress) -> Bool) -> Int {
        var removed = 0
        var j = 0
        while j < lists[i].count {
            if shouldRemove(lists[i][j], progress[lists[i][j].progressSlot]) {
                remove(layer: i, at: j)
                removed += 1
            } else {
                j += 1
            }
        }
        return removed
    }

    /// Replaces the program of animation `j` of layer `i` (an animator takes it over).
    mutating func setProgram(_ program: AnimationProgram, layer i: Int, at j: Int) {
        lists[i][j].program = program
    }
}
