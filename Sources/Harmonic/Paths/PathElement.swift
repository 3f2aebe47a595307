/// One element of a ``Path``, in Core Graphics' vocabulary (`CGPathElement`) plus exact
/// elliptical arcs: the commands that build a `CGPath` and that SVG path data spells with
/// letters.
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
    /// An elliptical arc from the current point, kept exact (SVG `A`; ``PathBuilder``'s
    /// `addArc` family). Core Graphics stores arcs as cubic Béziers; Harmonic keeps the ellipse
    /// so that lengths and paced motion along it are exact. The arc must start at the current
    /// point (a ``PathBuilder`` draws the joining line first, as `CGPath.addArc` does).
    case arc(EllipticalArc<SIMD2<Double>>)
}
