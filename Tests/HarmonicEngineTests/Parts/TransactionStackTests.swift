import Harmonic
import Testing
@testable import HarmonicEngine

/// Begin/commit nesting, pending operations, and completion bookkeeping.
@Suite struct TransactionStackTests {
    @Test func onlyTheOutermostCloseHandsBackOperations() throws {
        var stack = TransactionStack()
        let outer = try stack.begin(.default, completion: nil)
        let inner = try stack.begin(TransactionSettings(animationDuration: 1), completion: nil)
        #expect(stack.depth == 2 && stack.openIDs == [outer, inner])
        #expect(stack.current?.animationDuration == 1)
        stack.pending.append(
            .add(
                layer: 0, key: "k", animation: .basic(BasicAnimation(keyPath: "opacity")),
                settings: .default, transactions: stack.openIDs))
        let nested = try stack.close()
        #expect(nested == nil)
        let outermost = try stack.close()
        let closed = try #require(outermost)
        #expect(closed.operations.count == 1)
        #expect(closed.ids == [inner, outer])
        #expect(stack.pending.isEmpty && stack.depth == 0)
        expectError { () throws(HarmonicError) in _ = try stack.close() }
    }

    @Test func theImplicitTransactionSitsUnderExplicitOnesUntilFlushed() throws {
        var stack = TransactionStack()
        #expect(stack.flush() == nil)  // nothing open
        stack.openImplicitIfNeeded()
        stack.openImplicitIfNeeded()  // once
        #expect(stack.hasImplicit && stack.depth == 0 && stack.current == nil && stack.openIDs.isEmpty)
        stack.pending.append(
            .add(
                layer: 0, key: "k", animation: .basic(BasicAnimation(keyPath: "opacity")),
                settings: .default, transactions: stack.openIDs))
        let explicit = try stack.begin(TransactionSettings(animationDuration: 1), completion: nil)
        #expect(stack.depth == 1 && stack.openIDs == [explicit] && stack.current?.animationDuration == 1)
        #expect(stack.flush() == nil)  // waits for the explicit one
        let closed = try #require(try stack.close())  // ... which now commits everything
        #expect(closed.operations.count == 1 && closed.ids == [explicit])
        #expect(!stack.hasImplicit && stack.pending.isEmpty)
        // Without a flush request an explicit close leaves the implicit transaction open.
        stack.openImplicitIfNeeded()
        _ = try stack.begin(.default, completion: nil)
        let nested = try stack.close()
        #expect(nested == nil && stack.hasImplicit)
        expectError { () throws(HarmonicError) in _ = try stack.close() }  // the implicit one is not closed by commit
        #expect(stack.flush() != nil && !stack.hasImplicit)
    }

    @Test func completesOnceWhenCommittedAndNothingIsLeft() throws {
        var stack = TransactionStack()
        var ran = 0
        let id = try stack.begin(.default, completion: { ran += 1 })
        stack.retain([id])
        _ = try stack.close()
        stack.markCommitted([id])
        let early = stack.takeCompleted(id)
        #expect(!early)  // an animation still runs
        stack.release([id])
        let completed = stack.takeCompleted(id)
        let again = stack.takeCompleted(id)
        #expect(completed)
        #expect(!again)  // once
        for block in stack.takeDueCompletions() { block() }
        #expect(ran == 1)
        #expect(stack.dueCompletions.isEmpty)
    }

    @Test func settingsAreValidated() throws {
        var stack = TransactionStack()
        expectError { () throws(HarmonicError) in
            _ = try stack.begin(TransactionSettings(animationDuration: -1), completion: nil)
        }
        expectError { () throws(HarmonicError) in try stack.updateCurrent { $0.animationDuration = 2 } }
        _ = try stack.begin(.default, completion: nil)
        expectError { () throws(HarmonicError) in try stack.updateCurrent { $0.animationDuration = .nan } }
        try stack.updateCurrent { $0.animationDuration = 2 }
        #expect(stack.effectiveSettings.animationDuration == 2)
    }
}

/// Records an issue unless `body` throws (for bodies that mutate local state, which
/// `#expect(throws:)`'s escaping closure cannot).
func expectError(
    _ body: () throws(HarmonicError) -> Void, sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        try body()
        Issue.record("expected a HarmonicError", sourceLocation: sourceLocation)
    } catch {}
}
