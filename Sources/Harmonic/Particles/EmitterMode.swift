/// Which part of the emitter shape particles come from: Core Animation's `emitterMode`
/// (`kCAEmitterLayerPoints`, `…Outline`, `…Surface`, `…Volume`; `volume` by default).
///
/// Apple names the modes without defining them shape by shape; ``EmitterShape`` states what
/// each pair means here.
public enum EmitterMode: String, CaseIterable, Sendable, Hashable {
    /// The shape's corners (a line's ends, a rectangle's or cuboid's corners; a circle's or
    /// sphere's centre, a point itself).
    case points
    /// The shape's edges (a rectangle's perimeter, a cuboid's twelve edges, a circle's
    /// circumference, a sphere's surface).
    case outline
    /// The shape's surface (a rectangle's area, a cuboid's six faces, a disc, a sphere's
    /// surface).
    case surface
    /// The shape's inside (a cuboid's box, a ball; a flat shape's surface).
    case volume
}
