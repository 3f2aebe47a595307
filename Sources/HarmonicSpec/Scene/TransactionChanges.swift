import Harmonic
import HarmonicEngine

/// The settings a scene's transaction (`begin`, or `set` with `transaction`) gives itself. Only
/// what is given changes; the rest is read from the enclosing transaction, as `CATransaction`
/// does for its `animationDuration`, `animationTimingFunction` and `disableActions`.
package struct TransactionChanges {
    package var animationDuration: Double?
    package var timingFunction: (any TimingFunction)?
    package var disableActions: Bool?
    package var spring: Spring?
    package var delay: Double?

    /// Applies the given settings to `settings` (the enclosing transaction's).
    package func apply(to settings: inout TransactionSettings) {
        if let animationDuration { settings.animationDuration = animationDuration }
        if let timingFunction { settings.timingFunction = timingFunction }
        if let disableActions { settings.disableActions = disableActions }
        if let spring { settings.spring = spring }
        if let delay { settings.delay = delay }
    }
}
