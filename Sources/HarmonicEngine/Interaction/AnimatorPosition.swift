import Harmonic

/// Where an animator ends (`UIViewAnimatingPosition`).
public enum AnimatorPosition: String, Hashable, Sendable {
    /// The values it animated from.
    case start
    /// The values it animated to.
    case end
    /// Where the values were when it was finished.
    case current
}
