import HarmonicPlatform

/// The directions a cell emits in: uniformly over a cone around the emission angle, as
/// Core Animation's `emissionRange` says ("cells are uniformly distributed across this cone").
///
/// The axis points along `emissionLongitude` (the azimuth in the xy-plane, from +x toward +y)
/// raised by `emissionLatitude` out of the plane toward +z:
///
///     axis = (cos lat · cos lon, cos lat · sin lon, sin lat)
///
/// Apple calls the latitude a colatitude (an angle from the z-axis), but its default of 0 emits
/// in the xy-plane, as the axis above does; the formula is the one that matches that behaviour.
/// `emissionRange` is the cone's half-angle, clamped to π (the whole sphere); "uniform" is
/// uniform in solid angle: the cosine of the angle from the axis is uniform on
/// `[cos range, 1]` and the angle around the axis uniform on `[0, 2π)` (Archimedes' hat-box
/// theorem), so no direction of the cap is favoured.
public struct EmissionCone: Sendable, Hashable {
    /// The cone's axis, a unit vector.
    public let axis: SIMD3<Double>
    /// The half-angle (radians, 0…π).
    public let range: Double
    /// Two unit vectors completing `axis` to an orthonormal frame.
    let first: SIMD3<Double>, second: SIMD3<Double>

    /// The cone of `longitude`, `latitude` and half-angle `range` (radians; a range is taken by
    /// its magnitude and clamped to π).
    ///
    /// - Throws: ``HarmonicError`` naming `emissionLongitude`, `emissionLatitude` or
    ///   `emissionRange` when it is not finite.
    public init(longitude: Double, latitude: Double, range: Double) throws(HarmonicError) {
        try HarmonicError.require(longitude, named: "emissionLongitude")
        try HarmonicError.require(latitude, named: "emissionLatitude")
        try HarmonicError.require(range, named: "emissionRange")
        let axis = SIMD3(cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
        self.axis = axis
        self.range = Swift.min(abs(range), .pi)
        // Any vector not parallel to the axis gives the frame; the coordinate axis the axis
        // leans least toward is the best conditioned.
        let helper: SIMD3<Double> = abs(axis.x) < 0.9 ? SIMD3(1, 0, 0) : SIMD3(0, 1, 0)
        let w = cross(axis, helper)
        let u = w / length(w)
        first = u
        second = cross(axis, u)
    }

    /// The direction for two uniform numbers `u`, `v` in `[0, 1)`: `u` picks the angle from the
    /// axis (its cosine uniform on `[cos range, 1]`), `v` the angle around it.
    public func direction(_ u: Double, _ v: Double) -> SIMD3<Double> {
        guard range > 0 else { return axis }
        // cos θ = 1 − u·(1 − cos range), with 1 − cos r = 2·sin²(r/2) to keep small cones exact.
        let half = sin(range / 2)
        let oneMinusCos = u * 2 * half * half
        let cosTheta = 1 - oneMinusCos
        let sinTheta = (oneMinusCos * (2 - oneMinusCos)).squareRoot()
        let phi = 2 * Double.pi * v
        return cosTheta * axis + sinTheta * (cos(phi) * first + sin(phi) * second)
    }
}
