import Harmonic
import HarmonicEngine
import Testing

@Suite struct LayerActionTests {
    /// A layer at opacity 1 and position (0, 0); `change` sets opacity 0 inside a 1 s linear
    /// transaction; the opacity shown half-way tells which action ran.
    private func opacityHalfway(_ configure: (AnimationEngine, LayerID) throws -> Void) throws -> Double {
        let (engine, box) = try engineWithBox(["opacity": [1], "position": [0, 0]])
        try configure(engine, box)
        try engine.begin(TransactionSettings(animationDuration: 1, timingFunction: CubicBezier.linear))
        try engine.setValue(0, forKeyPath: "opacity", of: box)
        try engine.commit()
        try engine.advance(to: 0.5)
        return try engine.presentationValue(forKeyPath: "opacity", of: box)[0]
    }

    /// A 2 s linear fade: half-way through the 1 s transaction it shows 0.75.
    static let slowFade = LayerAction.animation(
        .basic(BasicAnimation(keyPath: "", timing: try! MediaTiming(duration: 2), timingFunction: CubicBezier.linear)))

    @Test func searchOrderDelegateThenActionsThenStyleThenDefault() throws {
        // The default implicit animation: the transaction's 1 s, linear.
        #expect(try opacityHalfway { _, _ in } == 0.5)
        // The layer's dictionary.
        #expect(try opacityHalfway { e, l in try e.setActions(["opacity": Self.slowFade], of: l) } == 0.75)
        // The style after the dictionary, only when the dictionary says nothing.
        #expect(try opacityHalfway { e, l in try e.setStyleActions(["opacity": Self.slowFade], of: l) } == 0.75)
        #expect(
            try opacityHalfway { e, l in
                try e.setActions(["opacity": .none], of: l)
                try e.setStyleActions(["opacity": Self.slowFade], of: l)
            } == 0)
        // The delegate first: its none wins over the dictionary's animation; its nil passes on.
        #expect(
            try opacityHalfway { e, l in
                try e.setActions(["opacity": Self.slowFade], of: l)
                e.actionDelegate = { _, key in key == "opacity" ? LayerAction.none : nil }
            } == 0)
        #expect(
            try opacityHalfway { e, l in
                try e.setActions(["opacity": Self.slowFade], of: l)
                e.actionDelegate = { _, _ in nil }
            } == 0.75)
    }

    /// A change of `position.x` asks for `position.x`, then for `position`.
    @Test func propertyNameAnswersForItsKeyPaths() throws {
        let (engine, box) = try engineWithBox(["position": [0, 0]])
        try engine.setActions(["position": .none], of: box)
        try engine.begin(TransactionSettings(animationDuration: 1, timingFunction: CubicBezier.linear))
        try engine.setValue(100, forKeyPath: "position.x", of: box)
        try engine.commit()
        try engine.advance(to: 0.5)
        #expect(try engine.presentationValue(forKeyPath: "position.x", of: box)[0] == 100)
    }

    /// A custom animation without timing lasts the transaction's duration.
    @Test func customActionWithoutTimingTakesTheTransactionsDuration() throws {
        let linear = LayerAction.animation(.basic(BasicAnimation(keyPath: "", timingFunction: CubicBezier.linear)))
        #expect(
            try opacityHalfway { e, l in try e.setActions(["opacity": linear], of: l) } == 0.5)
    }

    /// UIKit: a view's layer does not animate outside an animation block, and does inside one.
    @Test func viewBackedLayersAnimateOnlyInsideABlock() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        try engine.setViewBacked(true, of: box)
        try engine.setValue(0, forKeyPath: "opacity", of: box)
        try engine.advance(to: 0.1)
        #expect(try engine.presentationValue(forKeyPath: "opacity", of: box)[0] == 0)
        #expect(try opacityHalfway { e, l in try e.setViewBacked(true, of: l) } == 0.5)
        // An ordinary layer animates outside a block (the implicit transaction's 0.25 s).
        let (plain, layer) = try engineWithBox(["opacity": [1]])
        try plain.setValue(0, forKeyPath: "opacity", of: layer)
        try plain.advance(to: 0.1)
        #expect(try plain.presentationValue(forKeyPath: "opacity", of: layer)[0] > 0)
    }
}

@Suite struct OrderActionTests {
    /// `onOrderIn` runs when a removed layer joins the tree again, `onOrderOut` when it leaves:
    /// here a 1 s linear fade in (opacity 0 → 1) and a 1 s linear fade out (1 → 0).
    @Test func orderActionsRunWhenALayerJoinsOrLeaves() throws {
        let engine = try AnimationEngine()
        let stage = try engine.makeLayer(named: "stage")
        let card = try engine.makeLayer(named: "card", parent: stage, values: ["opacity": [1]])
        let fade = { (from: Double, to: Double) in
            LayerAction.animation(
                .basic(
                    BasicAnimation(
                        keyPath: "opacity", from: from, to: to, timing: try! MediaTiming(duration: 1),
                        timingFunction: CubicBezier.linear)))
        }
        try engine.setActions(["onOrderIn": fade(0, 1), "onOrderOut": fade(1, 0)], of: card)
        // Reordering inside the tree is not joining it: no action.
        try engine.addSublayer(card, to: stage, at: 0)
        #expect(try engine.animationKeys(of: card).isEmpty)
        try engine.removeFromSuperlayer(card)
        try engine.advance(to: 0.25)
        #expect(try engine.presentationValue(forKeyPath: "opacity", of: card)[0] == 0.75)
        try engine.addSublayer(card, to: stage)
        try engine.advance(to: 0.5)
        #expect(try engine.presentationValue(forKeyPath: "opacity", of: card)[0] == 0.25)
        #expect(try engine.animationKeys(of: card).sorted() == ["onOrderIn", "onOrderOut"])
    }
}
