import Harmonic

/// An animator's life cycle (`UIViewAnimatingState`).
public enum AnimatingState: String, Hashable, Sendable {
    /// Not started, or finished: its changes are not being animated.
    case inactive
    /// Started or paused: its changes are animated (``AnimationEngine/isRunning(_:)`` tells which).
    case active
    /// Stopped without finishing; waits for ``AnimationEngine/finishAnimation(_:at:)``.
    case stopped
}
