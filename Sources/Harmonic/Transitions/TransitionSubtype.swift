/// The side a transition's motion comes from (Core Animation's `CATransitionSubtype`), in
/// UIKit's screen coordinates: x grows to the right, y grows **down**.
///
/// Content moving in enters from the named side and everything that moves travels away from
/// it: with ``fromLeft`` the incoming rendering starts one width to the left (negative x) and
/// the outgoing one leaves to the right; with ``fromTop`` the incoming rendering starts one
/// height above (negative y). ``TransitionType/fade`` ignores the subtype.
public enum TransitionSubtype: String, CaseIterable, Hashable, Sendable {
    /// From the left edge (the incoming rendering starts at x = −width).
    case fromLeft
    /// From the right edge (the incoming rendering starts at x = +width).
    case fromRight
    /// From the top edge (the incoming rendering starts at y = −height, y-down).
    case fromTop
    /// From the bottom edge (the incoming rendering starts at y = +height, y-down).
    case fromBottom

    /// Where content entering from this side starts, relative to its place, for a layer whose
    /// bounds are `size` (width, height) points: one whole width or height toward the side.
    ///
    /// - Returns: `(−w, 0)`, `(w, 0)`, `(0, −h)` or `(0, h)`.
    public func entryOffset(size: SIMD2<Double>) -> SIMD2<Double> {
        switch self {
        case .fromLeft: return SIMD2(-size.x, 0)
        case .fromRight: return SIMD2(size.x, 0)
        case .fromTop: return SIMD2(0, -size.y)
        case .fromBottom: return SIMD2(0, size.y)
        }
    }
}
