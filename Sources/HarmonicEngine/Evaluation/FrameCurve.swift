/// What a leaf's curve needs from the frame: a timing-driven interpolation, a spring, or an
/// animator's progress.
enum FrameCurve {
    case basic
    /// Borrowed: the spring's constants are read in place, not copied per frame.
    case spring(UnsafePointer<SpringCurve>)
    case driven(DriverSample)
}
