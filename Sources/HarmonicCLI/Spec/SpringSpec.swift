import Harmonic

/// The `spring` curve of the spec format.
///
/// Accepted parameterisations (exactly one):
///
/// - physics: `{"mass": 1, "stiffness": 100, "damping": 10}` (each optional, Core Animation's
///   defaults);
/// - SwiftUI perceptual: `{"duration": 0.5, "bounce": 0.3}` (`bounce` optional, `mass` allowed);
/// - SwiftUI response: `{"response": 0.5, "dampingRatio": 0.8}` (`mass` allowed).
///
/// `initialVelocity` (progress units per second, as in `CASpringAnimation`) is allowed with
/// every form. The curve is Core Animation's unit spring scaled onto the spec's
/// `from`/`to`/`by` endpoints.
struct SpringSpec: SampledCurve {
    let spring: Spring
    let initialVelocity: Double
    let endpoints: Endpoints

    static func parse(_ value: JSONValue, _ top: inout SpecReader) throws(HarmonicError) -> any SampledCurve {
        var reader = try SpecReader(value, path: "spring")
        let spring = try readSpring(&reader)
        let velocity = try reader.number("initialVelocity") ?? 0
        try HarmonicError.require(velocity, named: reader.name("initialVelocity"))
        try reader.finish()
        return SpringSpec(spring: spring, initialVelocity: velocity, endpoints: try Endpoints.read(&top))
    }

    /// Reads one of the spring parameterisations from `reader`.
    static func readSpring(_ reader: inout SpecReader) throws(HarmonicError) -> Spring {
        let forms: [(name: String, keys: Set<String>)] = [
            ("physics", ["stiffness", "damping"]),
            ("duration/bounce", ["duration", "bounce"]),
            ("response/dampingRatio", ["response", "dampingRatio"]),
        ]
        let used = forms.filter { !$0.keys.isDisjoint(with: reader.keys) }
        if used.count > 1 {
            throw .conflict(
                parameters: used.flatMap { $0.keys.intersection(reader.keys).sorted() }.map(reader.name),
                reason: "use one spring parameterisation (\(used.map(\.name).joined(separator: " or ")))")
        }
        let mass = try reader.number("mass") ?? 1
        do {
            switch used.first?.name {
            case "duration/bounce":
                guard let duration = try reader.number("duration") else {
                    throw HarmonicError.invalidParameter(name: reader.name("duration"), value: "missing", allowed: "given with bounce")
                }
                return try Spring(duration: duration, bounce: reader.number("bounce") ?? 0, mass: mass)
            case "response/dampingRatio":
                guard let response = try reader.number("response"), let ratio = try reader.number("dampingRatio") else {
                    throw HarmonicError.invalidParameter(
                        name: reader.name("response/dampingRatio"), value: "incomplete", allowed: "both response and dampingRatio")
                }
                return try Spring(response: response, dampingRatio: ratio, mass: mass)
            default:
                return try Spring(
                    mass: mass, stiffness: reader.number("stiffness") ?? 100, damping: reader.number("damping") ?? 10)
            }
        } catch let error as HarmonicError {
            throw error.prefixingParameter(with: reader.path)
        } catch {
            throw .invalidParameter(name: reader.path, value: "\(error)", allowed: "a valid spring")
        }
    }

    var dimension: Int { endpoints.dimension }

    /// `[0, settlingDuration]`, or five periods for an undamped spring.
    var defaultDomain: ClosedRange<Double> {
        let settle = spring.settlingDuration(initialVelocity: initialVelocity)
        return 0...(settle.isFinite ? settle : 5 * spring.duration)
    }

    func sample(at time: Double) -> CurveSample {
        let p = spring.progress(at: time, initialVelocity: initialVelocity)
        let rate = spring.progressVelocity(at: time, initialVelocity: initialVelocity)
        return CurveSample(
            value: endpoints.value(atProgress: p), velocity: endpoints.velocity(forProgressRate: rate), angle: nil)
    }
}

extension HarmonicError {
    /// The same error with a parameter name qualified by `path` (`stiffness` →
    /// `spring.stiffness`), so CLI messages point into the spec.
    func prefixingParameter(with path: String) -> HarmonicError {
        guard case let .invalidParameter(name, value, allowed) = self, !path.isEmpty, !name.hasPrefix(path + ".")
        else { return self }
        return .invalidParameter(name: "\(path).\(name)", value: value, allowed: allowed)
    }
}
