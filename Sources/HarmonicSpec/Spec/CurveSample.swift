import Harmonic

/// One sample of a curve as the command-line tool writes it.
package struct CurveSample {
    /// The value's components (one for a scalar).
    package var value: [Double]
    /// The velocity's components, in value units per second of the sampled axis.
    package var velocity: [Double]
    /// The rotation angle in radians, for paths with a rotation mode; `nil` otherwise.
    package var angle: Double?
}
