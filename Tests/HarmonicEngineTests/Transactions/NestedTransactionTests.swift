import Harmonic
import Testing
@testable import HarmonicEngine

/// A nested transaction reads what it does not set from the one around it (Apple,
/// `CATransaction`: each transaction has its own `animationDuration`, `animationTimingFunction`
/// and `disableActions`, and an unset one is the enclosing transaction's).
@Suite struct NestedTransactionTests {
    /// Outer sets the duration, inner the timing function: a 2 s linear fade, 0.75 at 0.5 s.
    @Test func innerTransactionInheritsTheOuterDuration() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        try engine.begin(changing: { $0.animationDuration = 2 })
        try engine.begin(changing: { $0.timingFunction = CubicBezier.linear })
        try engine.setValue(0, forKeyPath: "opacity", of: box)
        try engine.commit()
        try engine.commit()
        #expect(close(try engine.scalar("opacity", of: box, at: 0.5), 0.75, 1e-15))
        #expect(close(try engine.scalar("opacity", of: box, at: 1.5), 0.25, 1e-15))
    }

    /// Disabling actions outside is inherited; an inner transaction may turn them back on.
    @Test func disableActionsIsInheritedUntilOverridden() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        try engine.begin(changing: { $0.disableActions = true })
        try engine.begin(changing: { $0.animationDuration = 1 })
        #expect(engine.currentTransaction?.disableActions == true)
        try engine.setValue(0.5, forKeyPath: "opacity", of: box)
        try engine.begin(changing: { $0.disableActions = false })
        #expect(engine.currentTransaction?.animationDuration == 1)
        try engine.commit()
        try engine.commit()
        try engine.commit()
        #expect(try engine.animationKeys(of: box).isEmpty)
        #expect(try engine.scalar("opacity", of: box, at: 0) == 0.5)
    }
}
