import Harmonic

/// Every layer's animations in one flat, contiguous form for the per-frame loop.
///
/// The program tree (``AnimationProgram``) is the reference form; at 10,000 animations its
/// many small heap objects cost more in cache misses and reference counting than the
/// arithmetic. The plan keeps, per animation, one plain entry in a single array — timing,
/// target, flags, and indices into shared arrays of numbers, springs and timing functions —
/// and walks layers and entries in memory order. Animations the plan does not flatten
/// (groups, whole transforms, transform pieces, animator-driven ones) keep their tree and are
/// evaluated through it, in their place in the layer's order. Both paths compute the same
/// numbers with the same expressions.
///
/// The plan is rebuilt when any layer's set of animations changes.
struct FramePlan {
    /// The layers that have animations, in layer order.
    var layers: [PlanLayer] = []
    var entries: [PlanEntry] = []
    /// Endpoint values and value velocities of the entries.
    var numbers: [Double] = []
    var springs: [SpringCurve] = []
    /// Distinct cubic Béziers used as timing functions (called without an existential).
    var beziers: [CubicBezier] = []
    /// Other timing functions.
    var functions: [any TimingFunction] = []
    /// Programs evaluated through the tree.
    var trees: [AnimationProgram] = []
}

/// A layer's part of the plan.
struct PlanLayer {
    var layer: Int
    /// The layer's block in the value buffers.
    var base: Int
    var count: Int
    var entries: Range<Int>
}

/// One animation in the plan.
struct PlanEntry {
    var timing: MediaTiming
    var easing: Easing
    var curve: Curve
    var rule: EndpointRule
    var isAdditive: Bool
    var isCumulative: Bool
    var isRemovedOnCompletion: Bool
    var didStart: Bool
    var didFinish: Bool
    /// Offset of the key path's numbers in the layer's block, and their count.
    var offset: Int32
    var dimension: Int32
    /// Index of the start values in `numbers` (end values follow at `+dimension`, a value
    /// velocity at `+2·dimension`).
    var numbersIndex: Int32
    var hasValueVelocity: Bool
    /// The animation's index in its layer's list.
    var record: Int32

    enum Easing {
        case identity
        case bezier(Int32)
        case function(Int32)
    }

    enum Curve {
        case basic
        case spring(Int32)
        case tree(Int32)
    }
}

extension FramePlan {
    /// Builds the plan for `layers` (their animations and value blocks).
    init(layers stores: [LayerStore]) {
        var bezierIndex: [CubicBezier: Int32] = [:]
        for s in stores where !s.animations.isEmpty {
            let first = entries.count
            for (j, a) in s.animations.enumerated() {
                let program = a.program
                var easing = PlanEntry.Easing.identity
                if let f = program.timingFunction {
                    if let bezier = f as? CubicBezier {
                        if let k = bezierIndex[bezier] {
                            easing = .bezier(k)
                        } else {
                            bezierIndex[bezier] = Int32(beziers.count)
                            easing = .bezier(Int32(beziers.count))
                            beziers.append(bezier)
                        }
                    } else {
                        easing = .function(Int32(functions.count))
                        functions.append(f)
                    }
                }
                var entry = PlanEntry(
                    timing: program.timing, easing: easing, curve: .tree(Int32(trees.count)), rule: .fixed,
                    isAdditive: false, isCumulative: false, isRemovedOnCompletion: a.isRemovedOnCompletion,
                    didStart: a.didStart, didFinish: a.didFinish, offset: 0, dimension: 0, numbersIndex: 0,
                    hasValueVelocity: false, record: Int32(j))
                if case let .leaf(leaf) = program.node, leaf.target.mode == .linear, let curve = flatCurve(leaf) {
                    let d = leaf.target.dimension
                    entry.curve = curve
                    entry.rule = leaf.endpoints
                    entry.isAdditive = leaf.target.isAdditive
                    entry.isCumulative = leaf.isCumulative
                    entry.offset = Int32(leaf.target.offset)
                    entry.dimension = Int32(d)
                    entry.numbersIndex = Int32(numbers.count)
                    numbers.append(contentsOf: leaf.start.count == d ? leaf.start : [Double](repeating: 0, count: d))
                    numbers.append(contentsOf: leaf.end.count == d ? leaf.end : [Double](repeating: 0, count: d))
                    if let v = leaf.valueVelocity, v.count == d {
                        numbers.append(contentsOf: v)
                        entry.hasValueVelocity = true
                    }
                } else {
                    trees.append(program)
                }
                entries.append(entry)
            }
            layers.append(PlanLayer(layer: s.index, base: s.base, count: s.count, entries: first..<entries.count))
        }
    }

    /// The plan's form of a leaf's curve, or `nil` to keep the tree.
    private mutating func flatCurve(_ leaf: LeafProgram) -> PlanEntry.Curve? {
        switch leaf.curve {
        case .basic:
            return .basic
        case let .spring(sc):
            springs.append(sc)
            return .spring(Int32(springs.count - 1))
        case .driven:
            return nil
        }
    }
}
