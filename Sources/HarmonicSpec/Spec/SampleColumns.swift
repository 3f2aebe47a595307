/// The names of the columns samples are written and read under, in one place: `harmonic
/// sample`'s CSV header and JSON members, `harmonic scene`'s value columns, and the C
/// library's `harmonic_curve_columns` (which the Python package's `Curve.table` reads).
///
/// A quantity of one component is one column named for it (`value`); a vector's components
/// are `name.0`, `name.1`, … in order.
package enum SampleColumns {
    /// `base` for one component, else `base.0` … `base.(count − 1)`.
    package static func components(_ base: String, count: Int) -> [String] {
        count == 1 ? [base] : (0..<max(count, 0)).map { "\(base).\($0)" }
    }

    /// A curve's columns: `time`, the value's components, the velocity's with `velocity`, and
    /// `angle` for a path with a rotation mode.
    package static func curve(dimension: Int, velocity: Bool, angle: Bool) -> [String] {
        var columns = ["time"] + components("value", count: dimension)
        if velocity { columns += components("velocity", count: dimension) }
        if angle { columns.append("angle") }
        return columns
    }
}
