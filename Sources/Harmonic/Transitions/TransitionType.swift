/// How a transition composites the layer tree's old rendering with its new one
/// (Core Animation's `CATransitionType`).
///
/// At progress `p` (0 at the start, 1 at the end; see ``Transition``), with `e` the offset of
/// the side the motion comes from (``TransitionSubtype/entryOffset(size:)``, one bounds width
/// or height):
///
/// | type | outgoing (old) rendering | incoming (new) rendering | on top |
/// |---|---|---|---|
/// | ``fade`` | opacity `1 − p`, in place | opacity `p`, in place | incoming |
/// | ``moveIn`` | opacity 1, in place | opacity 1, offset `(1 − p)·e` | incoming |
/// | ``push`` | opacity 1, offset `−p·e` | opacity 1, offset `(1 − p)·e` | incoming |
/// | ``reveal`` | opacity 1, offset `−p·e` | opacity 1, in place | outgoing |
///
/// Source: Apple, `CATransitionType` ("fade: the layer's content fades as it becomes visible
/// or hidden"; "moveIn: the layer's content slides into place over any existing content";
/// "push: the layer's content pushes any existing content as it slides into place";
/// "reveal: the layer's content is revealed gradually in the direction specified by the
/// transition subtype"). The offsets are Harmonic's reading of those sentences: whatever moves,
/// moves away from the subtype's side, by exactly one bounds length over the transition.
public enum TransitionType: String, CaseIterable, Hashable, Sendable {
    /// Cross-fade: the old rendering fades out as the new one fades in. The subtype is ignored.
    case fade
    /// The new rendering slides in over the old one, which stays in place.
    case moveIn
    /// The new rendering slides in and pushes the old one out ahead of it.
    case push
    /// The old rendering slides out, uncovering the new one in place beneath it.
    case reveal
}
