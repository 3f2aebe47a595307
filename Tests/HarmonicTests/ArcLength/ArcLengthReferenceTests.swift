import Foundation
import Testing
@testable import Harmonic

/// Arc length of cubic Béziers in one, two and three dimensions against mpmath at 40 digits
/// (scripts/references/arc_length.py): an S-curve, a curve starting with zero speed, a
/// near-cusp, a loop, the ease-in-out timing curve, a space curve and a scalar cubic that
/// doubles back twice.
@Suite("Arc length — mpmath references")
struct ArcLengthReferenceTests {
    static let curves: [ArcLengthReference.Curve] = (try? ArcLengthReference.load().curves) ?? []

    @Test func referencesAreLoaded() {
        #expect(Self.curves.count == 7)
    }

    @Test(arguments: curves.map(\.name))
    func curve(named name: String) throws {
        let reference = try #require(Self.curves.first { $0.name == name })
        let points = reference.points.map { AnimatableVector($0) }
        let segment = BezierSegment<AnimatableVector>.cubic(points[0], points[1], points[2], points[3])
        let arc = ArcLength(segments: [segment.speed])

        // Length: relative error (target 1e-12).
        #expect(abs(arc.length - reference.length) <= 1e-13 * reference.length)

        // Split points: the cusps and speed extrema mpmath found.
        #expect(segment.speed.splitParameters.count == reference.splits.count)
        for (mine, theirs) in zip(segment.speed.splitParameters, reference.splits) {
            #expect(abs(mine - theirs) <= 1e-9)
        }

        // Position at each reference length (target 1e-9 of the length).
        for sample in reference.samples {
            let expected = segment.point(at: sample.t)
            for method in ArcLengthMethod.allCases {
                let location = arc.location(atLength: sample.length, method: method)
                let error = (segment.point(at: location.parameter) - expected).magnitude / reference.length
                let tolerance = method == .exact ? 1e-12 : 2e-7
                #expect(error <= tolerance, "\(method) at fraction \(sample.fraction)")
            }
            let s = arc.length(to: CurveLocation(segment: 0, parameter: sample.t))
            #expect(abs(s - sample.length) <= 1e-13 * reference.length)
        }

        #expect(maximumTableRipple(arc) <= 1e-5)
    }
}
