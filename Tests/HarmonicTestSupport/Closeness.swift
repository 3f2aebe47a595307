import Harmonic

/// Distances between a computed `Double` and a reference, as accuracy statements are made:
/// in units in the last place, or relative to a scale.

/// How many ulps of `reference` separate `value` from it (0 when equal; infinite when one is
/// NaN or they differ in sign of infinity).
public func ulpDistance(_ value: Double, _ reference: Double) -> Double {
    if value == reference { return 0 }
    guard value.isFinite, reference.isFinite else { return .infinity }
    return abs(value - reference) / Swift.max(reference.ulp, Double.leastNonzeroMagnitude)
}

/// `|value − reference| / max(|reference|, scale)`: the relative error, with `scale` as the
/// floor below which errors are judged absolutely (the range of a motion, say).
public func relativeError(_ value: Double, _ reference: Double, scale: Double = 0) -> Double {
    if value == reference { return 0 }
    return abs(value - reference) / Swift.max(abs(reference), scale, Double.leastNormalMagnitude)
}

/// Whether `value` is within `relative` of `reference` (relative to `max(|reference|, scale)`)
/// or within `absolute` of it.
public func isClose(
    _ value: Double, _ reference: Double, relative: Double = 0, absolute: Double = 0, scale: Double = 0
) -> Bool {
    if value == reference { return true }
    guard value.isFinite, reference.isFinite else { return false }
    return abs(value - reference) <= absolute || relativeError(value, reference, scale: scale) <= relative
}

/// The largest difference between corresponding entries of two transforms.
public func maxDifference(_ a: Transform3D, _ b: Transform3D) -> Double {
    (0..<16).map { abs(a.storage[$0] - b.storage[$0]) }.max() ?? 0
}
