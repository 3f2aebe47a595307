import Harmonic
import Testing
@testable import HarmonicEngine

/// Action resolution on its own: Core Animation's search order, key path before property name,
/// `none` stopping the search, and custom animations filled for the change.
@Suite struct ActionResolverTests {
    static let fade = LayerAction.animation(.basic(BasicAnimation(keyPath: "", timing: try! MediaTiming(duration: 2))))

    static func isFade(_ action: LayerAction?) -> Bool {
        if case let .animation(.basic(a))? = action { return a.timing?.duration == 2 }
        return false
    }

    @Test func theDelegateComesFirstThenActionsThenStyle() {
        var resolver = ActionResolver()
        resolver.style[0] = ["opacity": .none]
        #expect(
            {
                if case .none? = resolver.action(forKeyPath: "opacity", layer: 0, delegate: nil) { true } else { false }
            }())
        resolver.actions[0] = ["opacity": Self.fade]
        #expect(Self.isFade(resolver.action(forKeyPath: "opacity", layer: 0, delegate: nil)))
        let delegate: (LayerID, String) -> LayerAction? = { _, key in key == "opacity" ? LayerAction.none : nil }
        #expect(
            {
                if case .none? = resolver.action(forKeyPath: "opacity", layer: 0, delegate: delegate) {
                    true
                } else {
                    false
                }
            }())
        // Other layers and keys have no action: the default implicit animation.
        #expect(resolver.action(forKeyPath: "opacity", layer: 1, delegate: nil) == nil)
        #expect(resolver.action(forKeyPath: "bounds", layer: 0, delegate: nil) == nil)
    }

    @Test func aKeyPathIsAskedBeforeItsProperty() {
        var resolver = ActionResolver()
        resolver.actions[0] = ["position": Self.fade]
        #expect(Self.isFade(resolver.action(forKeyPath: "position.x", layer: 0, delegate: nil)))
        resolver.style[0] = ["position.x": .none]
        // The actions dictionary is searched for both keys before the style is.
        #expect(Self.isFade(resolver.action(forKeyPath: "position.x", layer: 0, delegate: nil)))
        var asked: [String] = []
        _ = resolver.action(forKeyPath: "position.x", layer: 0) { _, key in
            asked.append(key)
            return nil
        }
        #expect(asked == ["position.x", "position"])
    }

    @Test func customAnimationsAreFilledForTheChange() {
        let filled = ActionResolver.filled(
            .basic(BasicAnimation(keyPath: "ignored")), keyPath: "opacity", from: AnimatableVector([0.3]))
        guard case let .basic(a) = filled else {
            Issue.record("a basic action stays basic")
            return
        }
        #expect(a.keyPath == "opacity")
        #expect(a.fromValue == AnimatableVector([0.3]))
        // Given values are kept.
        let kept = ActionResolver.filled(
            .basic(BasicAnimation(keyPath: "x", to: 1)), keyPath: "opacity", from: AnimatableVector([0.3]))
        if case let .basic(b) = kept { #expect(b.fromValue == nil && b.toValue == AnimatableVector([1])) }
    }
}
