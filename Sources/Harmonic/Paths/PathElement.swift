/// One element of a ``Path``, in Core Graphics' vocabulary (`CGPathElement`): the commands
/// that build a `CGPath` and that SVG path data spells with letters.
public enum PathElement: Hashable, Sendable {
    /// Starts a new subpath at a point (`CGPath.move(to:)`, SVG `M`). Adds no segment and no
    /// keyframe.
    case move(to: SIMD2<Double>)
    /// A straight segment from the current point (`addLine(to:)`, SVG `L`, `H`, `V`).
    case line(to: SIMD2<Double>)
    /// A quadratic Bézier from the current point (`addQuadCurve(to:control:)`, SVG `Q`, `T`).
    case quadCurve(to: SIMD2<Double>, control: SIMD2<Double>)
    /// A cubic Bézier from the current point (`addCurve(to:control1:control2:)`, SVG `C`,
    /// `S`).
    case curve(to: SIMD2<Double>, control1: SIMD2<Double>, control2: SIMD2<Double>)
    /// A straight segment back to the start of the current subpath, which ends it
    /// (`closeSubpath()`, SVG `Z`). It is a segment, and so a keyframe, even when the current
    /// point is already the start (a segment of length 0), as in Core Graphics.
    case closeSubpath
}
