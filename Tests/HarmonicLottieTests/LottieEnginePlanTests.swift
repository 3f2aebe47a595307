import Foundation
import Harmonic
import Testing

@testable import HarmonicLottie

/// The engine's plan for each paint, worked out without a layer or a pixel: keyframes where the
/// path is affine in its drivers, a motion (with its reason) where it is not, a star drawn once
/// per count, nothing where nothing is painted — and the budget that every motion is charged to.
@Suite("Lottie engine paint plans")
struct LottieEnginePlanTests {
    typealias F = LottieTestFiles

    static var ease: [String: Any] { ["o": ["x": [0.42], "y": [0]], "i": ["x": [0.58], "y": [1]]] }

    /// The plans of a shape layer's paints, in the evaluator's order.
    static func plans(_ shapes: [[String: Any]]) throws -> [LottieEngineShapes.PaintPlan] {
        let animation = try F.load(F.animation(layers: [F.shapeLayer(index: 1, shapes: shapes)]))
        guard case let .shape(items) = animation.layers[0].kind else { return [] }
        let builder = try LottieEngineBuilder(animation)
        let content = LottieEngineShapes(
            builder: builder, items: items, layerPath: "layers[0]",
            clock: .init(scale: 1 / animation.frameRate, offset: 0), remaps: [])
        var paints = 0
        var paths: [LottieEngineShapes.Drivers] = []
        let nodes = LottieEngineShapes.amended(
            content.walk(items, path: "layers[0].shapes", paints: &paints, paths: &paths), paths: paths)
        var out: [LottieEngineShapes.PaintPlan] = []
        func collect(_ nodes: [LottieEngineShapes.Node]) throws {
            for node in nodes {
                switch node {
                case let .group(_, _, children), let .copy(_, _, _, _, _, children): try collect(children)
                case let .paint(shape, path, index, drivers, _):
                    out.append(try content.planPaint(shape, path: path, index: index, drivers: drivers))
                }
            }
        }
        try collect(nodes)
        return out
    }

    /// A rectangle whose size moves: its path at the two keyframes, eased as the size is — the
    /// corners `(±w/2, ±h/2)` at frame 0 and 30.
    @Test func anAffinePathIsKeyframed() throws {
        let rectangle: [String: Any] = [
            "ty": "rc", "p": F.value([0, 0]), "s": F.keyframes([(0, [20, 10], Self.ease), (30, [60, 40], [:])]),
            "r": F.value(0),
        ]
        let plans = try Self.plans([rectangle, F.fill([1, 0, 0])])
        guard case let .keyframes(plan)? = plans.first else {
            Issue.record("a resized rectangle is keyframed: \(plans)")
            return
        }
        #expect(plan.parts.count == 1 && plan.placement == nil && plan.trim == nil)
        let keys = plan.parts[0].keyframes
        #expect(keys.map(\.time) == [0, 1])  // Frames 0 and 30 at 30 frames a second.
        let xs = keys.map { k in
            PathCoordinates.codeIndices(of: k.value.components).compactMap { i -> Double? in
                k.value.components[i] == 1 ? abs(k.value.components[i + 1]) : nil
            }
        }
        #expect(xs == [[10], [30]])
        #expect(keys[0].easing.first?.x1 == 0.42)
    }

    /// A lone shape moving along a curve (spatial tangents) is a rigid motion that no keyframes
    /// of its path carry: the path at rest, placed by a layer that follows the curve.
    @Test func aLoneShapeMovingAlongACurveIsPlaced() throws {
        let curve: [String: Any] = ["to": [10, 20], "ti": [-10, 20]].merging(Self.ease) { $1 }
        let ellipse: [String: Any] = [
            "ty": "el", "p": F.keyframes([(0, [0, 0], curve), (30, [40, 10], [:])]), "s": F.value([20, 20]),
        ]
        guard case let .keyframes(plan)? = try Self.plans([ellipse, F.fill([0, 1, 0])]).first else {
            Issue.record("a moving ellipse is keyframed")
            return
        }
        #expect(plan.placement?.position != nil)
        #expect(plan.parts.count == 1 && plan.parts[0].isStatic)
    }

    /// A group turning under a paint outside it bends the paint's path: no keyframes carry it.
    @Test func aTurningGroupUnderAPaintIsAMotion() throws {
        let turning: [String: Any] = [
            "ty": "gr",
            "it": [
                F.rectangle(20, 10),
                [
                    "ty": "tr", "p": F.value([0, 0]), "a": F.value([0, 0]),
                    "r": F.keyframes([(0, [0], [:]), (30, [90], [:])]),
                ],
            ],
        ]
        let plans = try Self.plans([turning, F.rectangle(10, 10, at: [30, 0]), F.fill([0, 0, 1])])
        guard case let .motion(reason, trim)? = plans.first else {
            Issue.record("a turning group under a paint is a motion: \(plans)")
            return
        }
        #expect(reason == .groupRotationUnderPaint && trim == nil)
        #expect(reason.disposition == .playedAsMotion && reason.feature == "engine.groupRotationUnderPaint")
    }

    /// A lone star whose number of points moves is drawn once per count.
    @Test func aStarWhosePointsMoveIsCounted() throws {
        let star = LottieEnginePathTests.polystar(
            star: true, points: F.keyframes([(0, [3], [:]), (30, [6], [:])]),
            position: F.keyframes([(0, [0, 0], [:]), (30, [20, 0], [:])]))
        guard case let .counted(points)? = try Self.plans([star, F.fill([1, 1, 0])]).first else {
            Issue.record("a star whose points move is counted")
            return
        }
        #expect(points.isAnimated)
    }

    /// A fixed trim that keeps nothing of a fixed path: the paint paints nothing.
    @Test func anEmptyTrimPaintsNothing() throws {
        let trim: [String: Any] = ["ty": "tm", "m": 1, "s": F.value(50), "e": F.value(50), "o": F.value(0)]
        let plans = try Self.plans([F.rectangle(20, 20), trim, F.fill([1, 0, 0])])
        guard case .nothing? = plans.first else {
            Issue.record("an empty trim paints nothing: \(plans)")
            return
        }
    }

    /// A stroke trimmed by a moving trim: keyframes of the uncut path, the trim played as the
    /// stroke's ends; a fill so trimmed is a motion of the cut path.
    @Test func aMovingTrimIsTheStrokesEndsOrAMotionOfAFill() throws {
        let trim: [String: Any] = [
            "ty": "tm", "m": 1, "s": F.value(0), "e": F.keyframes([(0, [10], [:]), (30, [90], [:])]), "o": F.value(0),
        ]
        let plans = try Self.plans([F.rectangle(20, 20), trim, F.stroke([0, 0, 0], width: 2), F.fill([1, 0, 0])])
        guard plans.count == 2, case let .keyframes(stroke) = plans[0], case let .motion(reason, _) = plans[1] else {
            Issue.record("the stroke is keyframed and the fill a motion: \(plans)")
            return
        }
        #expect(stroke.trim != nil)
        #expect(reason == .animatedTrim)
    }

    /// The scene's account: charges within the limits are taken, one past either is refused and
    /// charges nothing.
    @Test func theBudgetRefusesPastItsLimits() {
        let budget = LottieEngineBudget()
        #expect(budget.charge(work: LottieEngineBudget.maximumWork - 1, motions: 1))
        #expect(!budget.charge(work: 2, motions: 0))
        #expect(budget.work == LottieEngineBudget.maximumWork - 1 && budget.motions == 1)
        #expect(budget.charge(work: 0, motions: LottieEngineBudget.maximumMotions - 1))
        #expect(!budget.charge(work: 0, motions: 1))
        #expect(budget.motions == LottieEngineBudget.maximumMotions)
    }

    /// The engine's walk numbers the paints as direct evaluation lists them, the one thing the
    /// two walks must agree on: nested groups in the file's order, each repeater's copies in
    /// ``LottieRepeater/paintOrder(count:)`` — here one stacking below inside one stacking above
    /// whose count moves. Each paint node's number finds in ``LottieShapeEvaluator/paints(_:)``
    /// a paint of its kind and colour, with the opacity of the copies it lies in (each copy's
    /// own: start and end opacities apart), and the walk counts as many paints as are listed.
    @Test func theEngineNumbersPaintsAsDirectEvaluationLists() throws {
        func repeater(_ count: Any, below: Bool, start: Double, end: Double) -> [String: Any] {
            [
                "ty": "rp", "c": (count as? [String: Any]) ?? F.value(count), "o": F.value(0), "m": below ? 2 : 1,
                "tr": [
                    "ty": "tr", "a": F.value([0, 0]), "p": F.value([12, 3]), "s": F.value([100, 100]),
                    "r": F.value(10), "so": F.value(start), "eo": F.value(end),
                ],
            ]
        }
        let still: [String: Any] = [
            "ty": "tr", "p": F.value([0, 0]), "a": F.value([0, 0]), "s": F.value([100, 100]), "r": F.value(0),
            "o": F.value(100),
        ]
        let dot: [String: Any] = ["ty": "el", "p": F.value([0, 0]), "s": F.value([6, 6])]
        let shapes: [[String: Any]] = [
            ["ty": "gr", "it": [F.rectangle(10, 10), F.fill([1, 0, 0]), F.stroke([0, 0, 1], width: 2), still]],
            [
                "ty": "gr",
                "it": [
                    ["ty": "gr", "it": [dot, F.fill([0, 1, 0]), still]], F.stroke([1, 1, 0], width: 1),
                    repeater(3, below: true, start: 10, end: 50), still,
                ],
            ],
            F.fill([0, 1, 1]),
            repeater(F.keyframes([(0, [2], [:]), (20, [4], [:])]), below: false, start: 30, end: 90),
            F.stroke([1, 0, 1], width: 3),
        ]
        let animation = try F.load(F.animation(layers: [F.shapeLayer(index: 1, shapes: shapes)]))
        guard case let .shape(items) = animation.layers[0].kind else {
            Issue.record("not a shape layer")
            return
        }
        let content = LottieEngineShapes(
            builder: try LottieEngineBuilder(animation), items: items, layerPath: "layers[0]",
            clock: .init(scale: 1 / animation.frameRate, offset: 0), remaps: [])
        var count = 0
        var paths: [LottieEngineShapes.Drivers] = []
        let nodes = content.walk(items, path: "layers[0].shapes", paints: &count, paths: &paths)
        var evaluator = LottieShapeEvaluator(time: 20)
        evaluator.makesMostCopies = true
        let listed = evaluator.paints(items)
        // 2 + 3 + 3 + 1 paints in each of the 4 copies of the outer repeater, then its stroke.
        #expect(count == listed.count && count == 4 * (2 + 2 * 3 + 1) + 1, "\(count) \(listed.count)")
        #expect(LottieEngineShapes.listedPaints(items) == count)
        var checked = 0
        func check(_ nodes: [LottieEngineShapes.Node], opacity: Double) {
            for node in nodes {
                switch node {
                case let .group(_, _, children): check(children, opacity: opacity)
                case let .copy(repeater, _, _, fraction, _, children):
                    let start = repeater.startOpacity?.scalar(at: 0) ?? 100
                    let end = repeater.endOpacity?.scalar(at: 0) ?? 100
                    check(children, opacity: opacity * (start + (end - start) * fraction) / 100)
                case let .paint(shape, path, index, _, _):
                    guard index < listed.count, let paint = listed[index] else {
                        Issue.record("paint \(index) at \(path) is not listed")
                        continue
                    }
                    let (kind, color): (String, LottieProperty?) =
                        switch shape {
                        case let .fill(fill): ("fill", fill.color)
                        case let .stroke(stroke): ("stroke", stroke.color)
                        default: ("", nil)
                        }
                    #expect(paint.paint == kind && paint.rgb == LottieShapeEvaluator.rgb(color, 20), "\(index) \(path)")
                    #expect(abs(paint.opacity - opacity) < 1e-12, "\(index) \(path): \(paint.opacity) \(opacity)")
                    checked += 1
                }
            }
        }
        check(nodes, opacity: 1)
        #expect(checked == count)
    }

    /// Every reason has one disposition and a distinct reported name.
    @Test func reasonsAreNamedOnce() {
        let names = LottieEngineReason.allCases.map(\.feature)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0.hasPrefix("engine.") })
        #expect(LottieEngineReason.gradient.disposition == .leftOut)
        #expect(LottieEngineReason.pathStructureChanges.disposition == .playedAsMotion)
    }
}
