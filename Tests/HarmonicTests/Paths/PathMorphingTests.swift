import Foundation
import Harmonic
import HarmonicTestSupport
import Testing

/// Path morphing (`CABasicAnimation` of a shape layer's `path`): element by element, arcs by
/// SVG's endpoint form, and an error naming both structures when they differ.
@Suite("Path morphing")
struct PathMorphingTests {
    typealias P = SIMD2<Double>

    @Test func pointsMoveOnStraightLines() throws {
        let a = try Path(svgPathData: "M0,0 L10,0 Q20,10 30,0 C40,0 40,10 50,10 Z")
        let b = try Path(svgPathData: "M0,10 L20,0 Q20,30 30,20 C60,0 40,50 50,30 Z")
        #expect(try a.morphed(to: b, fraction: 0).elements == a.elements)
        #expect(try a.morphed(to: b, fraction: 1).elements == b.elements)
        let half = try a.morphed(to: b, fraction: 0.5)
        #expect(
            half.elements == [
                .move(to: P(0, 5)), .line(to: P(15, 0)), .quadCurve(to: P(30, 10), control: P(20, 20)),
                .curve(to: P(50, 20), control1: P(50, 0), control2: P(40, 30)), .closeSubpath,
            ])
        #expect(half.structure == "M L Q C Z")
    }

    /// A semicircle of radius 10 morphs into one of radius 20: half-way it is the semicircle of
    /// radius 15, 15π long.
    @Test func arcsMorphByTheirEndpointForm() throws {
        let a = try Path(svgPathData: "M0,0 A10,10 0 0 1 20,0")
        let b = try Path(svgPathData: "M0,0 A20,20 0 0 1 40,0")
        let half = try a.morphed(to: b, fraction: 0.5)
        let arc = try #require(half.segments[0].arc)
        #expect(arc.end == P(30, 0))
        #expect(abs(arc.radii.x - 15) <= 1e-14 && abs(arc.radii.y - 15) <= 1e-14)
        #expect(relativeError(half.length, 15 * Double.pi) <= 1e-15)
        // The ends are the two paths' arcs.
        #expect(relativeError(try a.morphed(to: b, fraction: 1).length, 20 * Double.pi) <= 1e-15)
    }

    @Test func differentStructuresAreAnErrorNamingBoth() throws {
        let a = try Path(svgPathData: "M0,0 L10,0 L10,10")
        let b = try Path(svgPathData: "M0,0 C5,5 5,5 10,0 L10,10")
        do {
            _ = try a.morphed(to: b, fraction: 0.5)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("\"M L L\" to \"M C L\""))
        }
    }
}
