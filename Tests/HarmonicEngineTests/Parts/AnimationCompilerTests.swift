import Harmonic
import Testing
@testable import HarmonicEngine

/// The animation compiler on its own: Core Animation's defaults (durations, begin times,
/// from/to/by), validation once, and errors named where the value came from.
@Suite struct AnimationCompilerTests {
    /// A compiler for a fresh layer; `captured` is what the capture of a key path answers.
    static func compiler(
        settings: TransactionSettings = .default, captured: [Double] = [0.25]
    ) -> (AnimationCompiler, () -> Int) {
        var storage = LayerStorage()
        let index = storage.append(name: "box", capacity: 8)
        let layer = storage[index]
        nonisolated(unsafe) var captures = 0
        let compiler = AnimationCompiler(
            layer: layer, settings: settings,
            resolveKeyPath: { (path: String) throws(HarmonicError) in
                try KeyPathResolver.resolve(path, in: layer, storage: &storage)
            },
            capture: { _ in
                captures += 1
                return captured
            })
        return (compiler, { captures })
    }

    @Test func basicAnimationsTakeTheTransactionsDurationAndBeginNow() throws {
        let settings = TransactionSettings(animationDuration: 0.75)
        let (compiler, _) = Self.compiler(settings: settings)
        let program = try compiler.compile(.basic(BasicAnimation(keyPath: "opacity", from: 0, to: 1)), now: 3)
        #expect(program.timing.duration == 0.75)
        #expect(program.timing.beginTime == 3)
        // A timing whose duration is 0 and whose beginTime is 0 means the same defaults.
        let zero = try compiler.compile(
            .basic(BasicAnimation(keyPath: "opacity", from: 0, to: 1, timing: try MediaTiming(duration: 0))), now: 3)
        #expect(zero.timing.duration == 0.75)
        #expect(zero.timing.beginTime == 3)
    }

    @Test func aTopLevelSpringRunsUntilItSettles() throws {
        let (compiler, _) = Self.compiler()
        let spring = try Spring(mass: 1, stiffness: 200, damping: 15)
        let animation = SpringAnimation(keyPath: "opacity", from: 0, to: 1, spring: spring)
        let program = try compiler.compile(.spring(animation), now: 0)
        #expect(program.timing.duration == spring.settlingDuration(initialVelocity: 0))
    }

    @Test func aGroupsChildrenSpanTheGroupAndTheirErrorsNameTheirIndex() throws {
        let (compiler, _) = Self.compiler()
        let group = AnimationGroup(
            animations: [BasicAnimation(keyPath: "opacity", from: 0, to: 1)], timing: try MediaTiming(duration: 2))
        let program = try compiler.compile(.group(group), now: 0)
        guard case let .group(children) = program.node else {
            Issue.record("a group compiles to a group")
            return
        }
        #expect(children.first?.timing.duration == 2)
        let bad = AnimationGroup(animations: [
            BasicAnimation(keyPath: "opacity", from: 0, to: 1),
            BasicAnimation(keyPath: "position", fromValue: [0, 0], toValue: [1]),
        ])
        #expect {
            try compiler.compile(.group(bad), now: 0)
        } throws: { "\($0)".contains("animations[1].toValue") }
    }

    @Test func anAnimationWithoutValuesStartsFromTheCapturedValue() throws {
        let (compiler, captures) = Self.compiler(captured: [0.25])
        let program = try compiler.compile(.basic(BasicAnimation(keyPath: "opacity")), now: 0)
        guard case let .leaf(leaf) = program.node else {
            Issue.record("a basic animation compiles to a leaf")
            return
        }
        #expect(captures() == 1)
        #expect(leaf.endpoints == .toCurrent)
        #expect(leaf.start == [0.25])
        // Given values are never captured.
        _ = try compiler.compile(.basic(BasicAnimation(keyPath: "opacity", to: 1)), now: 0)
        #expect(captures() == 1)
    }

    @Test func valuesAreValidatedOnce() {
        let (compiler, _) = Self.compiler()
        #expect(throws: HarmonicError.self) {
            try compiler.compile(.basic(BasicAnimation(keyPath: "opacity", from: .nan, to: 1)), now: 0)
        }
        #expect(throws: HarmonicError.self) {
            try compiler.compile(.basic(BasicAnimation(keyPath: "opacity", from: 0, to: 1, by: 1)), now: 0)
        }
        #expect(throws: HarmonicError.self) {
            try compiler.compile(
                .spring(SpringAnimation(keyPath: "opacity", to: 1, initialVelocity: .infinity)), now: 0)
        }
    }
}
