import Harmonic
@testable import HarmonicJSON
@testable import HarmonicCommandLine
@testable import HarmonicSpec

/// The spec JSON (`harmonic sample SPEC`): parses to a curve or to a one-line typed error;
/// the curve's default domain is finite; every finite time gives finite values and velocities,
/// point by point and through the grid path the exporters use; a timing curve's `linear()`
/// export parses back as CSS. One exception, stated by the library: a spring network with
/// rigid motions drifts (and accelerates under a load) without bound, so far from its default
/// domain (`|t| ≥ 1e9`) its exact position may exceed the double range.
enum SpecContract {
    static func check(_ text: String) {
        let spec: Spec
        do {
            spec = try Spec.parse(text)
        } catch {
            ContractCheck.requireOneLine(error, context: "spec")
            return
        }
        let curve = spec.curve.sampled
        let domain = curve.defaultDomain
        ContractCheck.require(
            domain.lowerBound.isFinite && domain.upperBound.isFinite, "default domain \(domain) of \(text)")
        let times = ContractCheck.probeTimes(domain)
        var drifts = false
        if case let .springNetwork(network) = spec.curve {
            drifts = network.object.segments.contains { $0.rigidMotions > 0 }
        }
        for t in times {
            let sample = curve.sample(at: t)
            if drifts && abs(t) >= 1e9 { continue }
            ContractCheck.require(sample.value.count == curve.dimension, "value width at t = \(t)")
            ContractCheck.requireFinite(sample.value, "value at t = \(t)")
            ContractCheck.requireFinite(sample.velocity, "velocity at t = \(t)")
            if let angle = sample.angle { ContractCheck.requireFinite([angle], "angle at t = \(t)") }
        }
        checkGridPath(curve, domain: domain)
        if case .timingFunction = spec.curve { checkCSSExport(spec.curve.exportable) }
    }

    /// The block path (a grid kernel for springs and timing functions) gives finite samples
    /// over the default domain.
    private static func checkGridPath(_ curve: any SampledCurve, domain: ClosedRange<Double>) {
        guard let grid = try? SampleGrid(start: domain.lowerBound, end: domain.upperBound, count: 33) else { return }
        var block = SampleBlock(dimension: curve.dimension, capacity: 33)
        curve.sample(TimeGrid.even(grid), 0..<33, velocity: true, into: &block)
        ContractCheck.requireFinite(Array(block.values.prefix(33 * curve.dimension)), "grid values")
        ContractCheck.requireFinite(Array(block.velocities.prefix(33 * curve.dimension)), "grid velocities")
    }

    /// `convert --to css` gives an export within its tolerance that parses back as CSS, or
    /// a one-line error.
    private static func checkCSSExport(_ curve: any ExportableCurve) {
        do {
            let object = try Convert.css(curve, tolerance: 0.01)
            guard case let .object(members) = try JSONValue.parse(object.text) else {
                ContractCheck.require(false, "convert --to css wrote no object: \(object.text)")
                return
            }
            ContractCheck.requireCSSMember(members, of: object.text)
        } catch {
            ContractCheck.requireOneLine(error, context: "convert --to css")
        }
    }
}
