import CHarmonic
import Harmonic
import HarmonicSpec

/// The object behind a `harmonic_curve *`.
final class CurveHandle: Handle {
    let curve: EmbeddedCurve

    init(_ curve: EmbeddedCurve) {
        self.curve = curve
        super.init(tag: .curve)
    }

    static func curve(_ pointer: OpaquePointer?) throws(ABIFailure) -> EmbeddedCurve {
        try object(pointer, as: CurveHandle.self, tag: .curve, parameter: "curve").curve
    }
}

/// Makes a curve with `make` and stores its handle in `out`.
private func create(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ make: () throws(ABIFailure) -> EmbeddedCurve
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        guard let out else { throw .null("curve") }
        out.pointee = CurveHandle(try make()).retainedPointer()
    }
}

/// A calculation mode of the C interface.
private func calculationMode(_ mode: harmonic_calculation_mode) throws(ABIFailure) -> CalculationMode {
    switch mode {
    case HARMONIC_CALCULATION_LINEAR: return .linear
    case HARMONIC_CALCULATION_DISCRETE: return .discrete
    case HARMONIC_CALCULATION_PACED: return .paced
    case HARMONIC_CALCULATION_CUBIC: return .cubic
    case HARMONIC_CALCULATION_CUBIC_PACED: return .cubicPaced
    default:
        throw .invalid("mode", "\(mode.rawValue)", "a harmonic_calculation_mode (0 to 4)")
    }
}

// MARK: Creation

@_cdecl("harmonic_curve_create_from_spec")
public func harmonicCurveCreateFromSpec(
    _ json: UnsafePointer<CChar>?, _ curve: UnsafeMutablePointer<OpaquePointer?>?
) -> harmonic_status {
    create(curve) { () throws(ABIFailure) in
        let text = try string(json, "json")
        return try library { () throws(HarmonicError) in try EmbeddedCurve(spec: text) }
    }
}

@_cdecl("harmonic_curve_create_spring")
public func harmonicCurveCreateSpring(
    _ form: harmonic_spring_form, _ p1: Double, _ p2: Double, _ p3: Double, _ from: Double, _ to: Double,
    _ initialVelocity: Double, _ curve: UnsafeMutablePointer<OpaquePointer?>?
) -> harmonic_status {
    create(curve) { () throws(ABIFailure) in
        // Int: from a C enum's UInt32 raw value.
        guard let form = EmbeddedCurve.SpringForm(rawValue: Int(form.rawValue)) else {
            throw .invalid("form", "\(form.rawValue)", "a harmonic_spring_form (0 to 7)")
        }
        return try library { () throws(HarmonicError) in
            try EmbeddedCurve.spring(form: form, p1, p2, p3, from: from, to: to, initialVelocity: initialVelocity)
        }
    }
}

@_cdecl("harmonic_curve_create_cubic_bezier")
public func harmonicCurveCreateCubicBezier(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ curve: UnsafeMutablePointer<OpaquePointer?>?
) -> harmonic_status {
    create(curve) { () throws(ABIFailure) in
        try library { () throws(HarmonicError) in EmbeddedCurve.timingFunction(try CubicBezier(x1, y1, x2, y2)) }
    }
}

@_cdecl("harmonic_curve_create_css_easing")
public func harmonicCurveCreateCSSEasing(
    _ easing: UnsafePointer<CChar>?, _ curve: UnsafeMutablePointer<OpaquePointer?>?
) -> harmonic_status {
    create(curve) { () throws(ABIFailure) in
        let text = try string(easing, "easing")
        return try library { () throws(HarmonicError) in try EmbeddedCurve.cssEasing(text) }
    }
}

@_cdecl("harmonic_curve_create_keyframes")
public func harmonicCurveCreateKeyframes(
    _ values: UnsafePointer<Double>?, _ count: Int, _ dimension: Int, _ keyTimes: UnsafePointer<Double>?,
    _ mode: harmonic_calculation_mode, _ curve: UnsafeMutablePointer<OpaquePointer?>?
) -> harmonic_status {
    create(curve) { () throws(ABIFailure) in
        guard let values else { throw .null("values") }
        try requireSize(count, "count")
        try requireSize(dimension, "dimension")
        guard count >= 1, dimension >= 1 else {
            throw .invalid(
                "count, dimension", "\(count), \(dimension)", "at least one keyframe of at least one component")
        }
        _ = try product(count, dimension, "values")
        let rows = (0..<count).map { k in Array(UnsafeBufferPointer(start: values + k * dimension, count: dimension)) }
        let times = keyTimes.map { Array(UnsafeBufferPointer(start: $0, count: count)) }
        let mode = try calculationMode(mode)
        return try library { () throws(HarmonicError) in
            try EmbeddedCurve.keyframes(values: rows, keyTimes: times, mode: mode)
        }
    }
}

@_cdecl("harmonic_curve_create_path")
public func harmonicCurveCreatePath(
    _ svgPathData: UnsafePointer<CChar>?, _ mode: harmonic_calculation_mode, _ rotate: Int32,
    _ curve: UnsafeMutablePointer<OpaquePointer?>?
) -> harmonic_status {
    create(curve) { () throws(ABIFailure) in
        let d = try string(svgPathData, "svg_path_data")
        let mode = try calculationMode(mode)
        return try library { () throws(HarmonicError) in
            try EmbeddedCurve.path(svgPathData: d, mode: mode, rotate: rotate != 0)
        }
    }
}

@_cdecl("harmonic_curve_create_decay")
public func harmonicCurveCreateDecay(
    _ form: harmonic_decay_form, _ parameter: Double, _ from: Double, _ velocity: Double,
    _ curve: UnsafeMutablePointer<OpaquePointer?>?
) -> harmonic_status {
    create(curve) { () throws(ABIFailure) in
        // Int: from a C enum's UInt32 raw value.
        guard let form = EmbeddedCurve.DecayForm(rawValue: Int(form.rawValue)) else {
            throw .invalid("form", "\(form.rawValue)", "a harmonic_decay_form (0 to 3)")
        }
        return try library { () throws(HarmonicError) in
            try EmbeddedCurve.decay(form: form, parameter: parameter, from: from, velocity: velocity)
        }
    }
}

@_cdecl("harmonic_curve_destroy")
public func harmonicCurveDestroy(_ curve: OpaquePointer?) {
    Handle.destroy(curve)
}

// MARK: Properties

@_cdecl("harmonic_curve_dimension")
public func harmonicCurveDimension(_ curve: OpaquePointer?, _ dimension: UnsafeMutablePointer<Int>?) -> harmonic_status
{
    withStatus { () throws(ABIFailure) in
        let c = try CurveHandle.curve(curve)
        guard let dimension else { throw .null("dimension") }
        dimension.pointee = c.dimension
    }
}

@_cdecl("harmonic_curve_has_angle")
public func harmonicCurveHasAngle(_ curve: OpaquePointer?, _ hasAngle: UnsafeMutablePointer<Int32>?) -> harmonic_status
{
    withStatus { () throws(ABIFailure) in
        let c = try CurveHandle.curve(curve)
        guard let hasAngle else { throw .null("has_angle") }
        hasAngle.pointee = c.hasAngle ? 1 : 0
    }
}

@_cdecl("harmonic_curve_default_domain")
public func harmonicCurveDefaultDomain(
    _ curve: OpaquePointer?, _ start: UnsafeMutablePointer<Double>?, _ end: UnsafeMutablePointer<Double>?
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let c = try CurveHandle.curve(curve)
        guard let start else { throw .null("start") }
        guard let end else { throw .null("end") }
        let domain = c.defaultDomain
        start.pointee = domain.lowerBound
        end.pointee = domain.upperBound
    }
}

@_cdecl("harmonic_curve_settling_time")
public func harmonicCurveSettlingTime(
    _ curve: OpaquePointer?, _ epsilon: Double, _ seconds: UnsafeMutablePointer<Double>?
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let c = try CurveHandle.curve(curve)
        guard let seconds else { throw .null("seconds") }
        guard let time = try library({ () throws(HarmonicError) in try c.settlingTime(epsilon: epsilon) }) else {
            throw .invalid(
                "curve", "a \(c.kind) curve", "a spring, a decay or a spring network (only they settle)",
                status: HARMONIC_ERROR_UNSUPPORTED)
        }
        seconds.pointee = time
    }
}

@_cdecl("harmonic_curve_columns")
public func harmonicCurveColumns(
    _ curve: OpaquePointer?, _ velocity: Int32, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ length: UnsafeMutablePointer<Int>?
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let c = try CurveHandle.curve(curve)
        let names = SampleColumns.curve(dimension: c.dimension, velocity: velocity != 0, angle: c.hasAngle)
        try deliver(text: names.joined(separator: ","), what: "the column names", into: buffer, capacity, length)
    }
}

// MARK: Evaluation

@_cdecl("harmonic_curve_evaluate")
public func harmonicCurveEvaluate(
    _ curve: OpaquePointer?, _ time: Double, _ value: UnsafeMutablePointer<Double>?,
    _ velocity: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let c = try CurveHandle.curve(curve)
        guard let value else { throw .null("value") }
        try requireSize(capacity, "capacity")
        try requireFinite(time, "time")
        try requireCapacity(capacity, c.dimension, "capacity")
        c.evaluate(at: time, value: value, velocity: velocity)
    }
}

@_cdecl("harmonic_curve_value")
public func harmonicCurveValue(_ curve: OpaquePointer?, _ time: Double) -> Double {
    var value = Double.nan
    _ = withStatus { () throws(ABIFailure) in
        let c = try CurveHandle.curve(curve)
        try requireFinite(time, "time")
        guard c.dimension == 1 else {
            throw .invalid("curve", "a curve of \(c.dimension) components", "a curve of one component")
        }
        var result = 0.0
        c.evaluate(at: time, value: &result, velocity: nil)
        value = result
    }
    return value
}

@_cdecl("harmonic_curve_sample")
public func harmonicCurveSample(
    _ curve: OpaquePointer?, _ times: UnsafePointer<Double>?, _ count: Int, _ values: UnsafeMutablePointer<Double>?,
    _ velocities: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let c = try CurveHandle.curve(curve)
        try requireSize(count, "count")
        try requireSize(capacity, "capacity")
        guard count > 0 else { return }
        guard let times else { throw .null("times") }
        guard let values else { throw .null("values") }
        try requireCapacity(capacity, product(count, c.dimension, "values"), "capacity")
        let buffer = UnsafeBufferPointer(start: times, count: count)
        // Times that are a grid are finite; others are checked before anything is written.
        if let grid = SampleGrid(matching: buffer) {
            c.sample(on: grid, values: values, velocities: velocities)
            return
        }
        if let i = c.sampleIfFinite(at: buffer, values: values, velocities: velocities, knownUneven: true) {
            throw .invalid("times[\(i)]", "\(buffer[i])", "finite")
        }
    }
}

@_cdecl("harmonic_curve_sample_grid")
public func harmonicCurveSampleGrid(
    _ curve: OpaquePointer?, _ start: Double, _ end: Double, _ count: Int, _ values: UnsafeMutablePointer<Double>?,
    _ velocities: UnsafeMutablePointer<Double>?, _ capacity: Int
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let c = try CurveHandle.curve(curve)
        try requireSize(count, "count")
        try requireSize(capacity, "capacity")
        guard count > 0 else { return }
        guard let values else { throw .null("values") }
        let grid = try library { () throws(HarmonicError) in try SampleGrid(start: start, end: end, count: count) }
        try requireCapacity(capacity, product(count, c.dimension, "values"), "capacity")
        c.sample(on: grid, values: values, velocities: velocities)
    }
}

@_cdecl("harmonic_curve_sample_angles")
public func harmonicCurveSampleAngles(
    _ curve: OpaquePointer?, _ times: UnsafePointer<Double>?, _ count: Int, _ angles: UnsafeMutablePointer<Double>?,
    _ capacity: Int
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let c = try CurveHandle.curve(curve)
        try requireSize(count, "count")
        try requireSize(capacity, "capacity")
        guard count > 0 else { return }
        guard let times else { throw .null("times") }
        guard let angles else { throw .null("angles") }
        try requireCapacity(capacity, count, "capacity")
        guard c.hasAngle else {
            throw .invalid(
                "curve", "a \(c.kind) curve without a rotation mode",
                "a path with a rotation mode (only it has an angle)", status: HARMONIC_ERROR_UNSUPPORTED)
        }
        c.angles(at: UnsafeBufferPointer(start: times, count: count), into: angles)
    }
}

@_cdecl("harmonic_curve_network_shape")
public func harmonicCurveNetworkShape(
    _ curve: OpaquePointer?, _ nodes: UnsafeMutablePointer<Int>?, _ dimensions: UnsafeMutablePointer<Int>?,
    _ method: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ rigidMotions: UnsafeMutablePointer<Int>?
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let c = try CurveHandle.curve(curve)
        guard let nodes else { throw .null("nodes") }
        guard let dimensions else { throw .null("dimensions") }
        guard case let .springNetwork(spec) = c.curve else {
            throw .invalid(
                "curve", "a \(c.kind) curve", "a springNetwork curve", status: HARMONIC_ERROR_UNSUPPORTED)
        }
        nodes.pointee = spec.network.count
        dimensions.pointee = spec.network.dimensions
        if let method {
            let name: StaticString =
                switch spec.object.segments[0].method {
                case .modal: "modal"
                case .stateSpace: "stateSpace"
                case .exponential: "exponential"
                }
            method.pointee = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
        }
        rigidMotions?.pointee = spec.object.segments[0].rigidMotions
    }
}
