import Harmonic

/// The instants a moving trim changes the structure of the paths it cuts, from its keyframes:
/// where an end reaches a vertex, so that the kept part gains or loses an element.
extension LottieTrim {
    /// The frames where a trim end of `items` reaches a vertex of a fixed path it cuts, or 0 or
    /// 100 %, or the other end — each an instant the trimmed path may change its elements — and
    /// one frame between each two neighbours, found from the ends' keyframes and easings in closed
    /// form (``/Harmonic/KeyframeTimeline/times(reaching:)``,
    /// ``/Harmonic/KeyframeTimeline/crossings(with:)``). Between two neighbours every end keeps to
    /// one side of every vertex, so the path keeps one structure there, and a motion checked at
    /// these frames sees every structure the path takes: also one taken and given up between two
    /// keyframes — a loader's snake whose head passes a corner its tail passes soon after.
    ///
    /// A vertex of a path is at the fraction of its length where a segment ends: the trim cuts
    /// each path by its own length, or, trimming individually, the paths as one length, so both
    /// sets of fractions are levels. An end at `e` percent with an offset of `o` degrees is at
    /// `e/100 + o/360` turns: it reaches the vertex at fraction `c` where
    /// `e = 100·(c − o/360 + m)` for a whole `m`.
    ///
    /// Empty (checks by sampling only) where something else moves the paths — a moving path, a
    /// rounding, a repeater, a moving offset — whose structure is not read from a trim's ends.
    static func structureInstants(_ items: [LottieShape]) -> [Double] {
        var trims: [(start: LottieProperty?, end: LottieProperty?, offset: Double)] = []
        var shapes: [LottieShape] = []
        func gather(_ items: [LottieShape]) -> Bool {
            for item in items {
                switch item {
                case let .group(children, _):
                    guard gather(children) else { return false }
                case let .trim(trim):
                    guard trim.offset?.isAnimated != true else { return false }
                    trims.append((trim.start, trim.end, trim.offset?.scalar(at: 0) ?? 0))
                case .repeated, .roundCorners:
                    return false
                case .geometry, .fixed:
                    guard !item.geometryProperties.contains(where: \.isAnimated) else { return false }
                    shapes.append(item)
                case .fill, .stroke:
                    break
                }
            }
            return true
        }
        guard gather(items), trims.contains(where: { $0.start?.isAnimated == true || $0.end?.isAnimated == true })
        else { return [] }
        // The vertices' fractions of each path's length and of all the paths' together.
        let evaluator = LottieShapeEvaluator(time: 0)
        let lengths = shapes.compactMap { evaluator.geometry($0)?.path?.arcLength }
        var fractions: Set<Double> = [0, 1]
        let total = lengths.reduce(0) { $0 + $1.length }
        var before = 0.0
        for arc in lengths where arc.length > 0 {
            for s in arc.cumulativeLengths {
                fractions.insert(s / arc.length)
                if total > 0 { fractions.insert((before + s) / total) }
            }
            before += arc.length
        }
        var instants: Set<Double> = []
        for trim in trims {
            let turn = trim.offset / 360
            for end in [trim.start, trim.end].compactMap({ $0 }) where end.isAnimated {
                let range = end.timeline.valueRange(component: 0)
                // The percentages where this end is at a vertex: 100·(c − turn + m) within its range.
                for c in fractions {
                    let base = 100 * (c - turn)
                    let low = ((range.lowerBound - base) / 100).rounded(.down)
                    let high = ((range.upperBound - base) / 100).rounded(.up)
                    guard high - low <= 64 else { continue }
                    // Int: at most 65 whole turns, by the guard above.
                    for m in stride(from: low, through: high, by: 1) {
                        instants.formUnion(end.timeline.times(reaching: base + 100 * m))
                    }
                }
                // Clamped at 0 and 100 %, the end stops there.
                for level in [0.0, 100] { instants.formUnion(end.timeline.times(reaching: level)) }
            }
            if let s = trim.start, let e = trim.end {
                instants.formUnion(s.timeline.crossings(with: e.timeline) ?? [])
            }
        }
        // The ends' keyframes bound the pieces as well: a check strictly inside each piece.
        var bounds = instants
        for trim in trims {
            for end in [trim.start, trim.end].compactMap({ $0 }) {
                bounds.formUnion(end.timeline.keyframes.map(\.time))
            }
        }
        let sorted = bounds.sorted()
        return instants.sorted() + zip(sorted, sorted.dropFirst()).map { ($0 + $1) / 2 }
    }
}
