import Foundation
import Harmonic
import HarmonicTestSupport
import Testing

/// `CAShapeLayer`'s strokeStart/strokeEnd: exact sub-paths by arc length.
@Suite("Path trimming")
struct PathTrimmingTests {
    @Test func aLineTrimsToItsMiddle() throws {
        let path = try Path(svgPathData: "M0,0 L100,0")
        let middle = try path.trimmed(from: 0.25, to: 0.75)
        #expect(middle.elements == [.move(to: [25, 0]), .line(to: [75, 0])])
        #expect(middle.length == 50)
    }

    @Test func aTrimmedCubicIsTheSameCurveWithTheTrimmedLength() throws {
        let path = try Path(svgPathData: "M0,0 C100,0 0,100 100,100 C150,100 200,50 200,0")
        let (start, end) = (0.2, 0.7)
        let part = try path.trimmed(from: start, to: end)
        #expect(relativeError(part.length, (end - start) * path.length) <= 1e-13)
        for k in 0...50 {
            let f = Double(k) / 50
            let here = part.point(atLength: f * part.length)
            let there = path.point(atLength: (start + f * (end - start)) * path.length)
            #expect(((here - there) * (here - there)).sum().squareRoot() <= 1e-12 * path.length, "f = \(f)")
        }
        // The cut points are the original path's points at those lengths.
        let cut = part.keyframePoints.first! - path.point(atLength: start * path.length)
        #expect((cut * cut).sum().squareRoot() <= 1e-13 * path.length)
    }

    @Test func aRangeAcrossSubpathsKeepsTheMove() throws {
        let path = try Path(svgPathData: "M0,0 L10,0 M0,10 L10,10")
        let part = try path.trimmed(from: 0.25, to: 0.75)
        #expect(
            part.elements == [.move(to: [5, 0]), .line(to: [10, 0]), .move(to: [0, 10]), .line(to: [5, 10])])
        // Length 20 (moves take none): from 5 to 15.
        #expect(part.length == 10)
    }

    @Test func fullEmptyAndClampedRanges() throws {
        let path = try Path(svgPathData: "M0,0 Q50,100 100,0 Z")
        #expect(try path.trimmed(from: 0, to: 1).length == path.length)
        #expect(try path.trimmed(from: -1, to: 2).length == path.length)
        let empty = try path.trimmed(from: 0.6, to: 0.6)
        #expect(empty.segments.isEmpty && empty.elements.count == 1)
        // A closed subpath's closing line is kept as a line.
        let tail = try path.trimmed(from: 0.9, to: 1)
        #expect(tail.keyframePoints.last == [0, 0])
    }

    @Test func splittingACubicReproducesItsPoints() {
        let cubic = BezierSegment<SIMD2<Double>>.cubic([0, 0], [30, 90], [70, -40], [100, 10])
        let part = cubic.part(from: 0.3, to: 0.8)
        for k in 0...10 {
            let u = Double(k) / 10
            let a = part.point(at: u), b = cubic.point(at: 0.3 + 0.5 * u)
            #expect(((a - b) * (a - b)).sum().squareRoot() <= 1e-13 * 100)
        }
        #expect(cubic.part(from: 0, to: 1).point(at: 0.37) == cubic.point(at: 0.37))
    }
}

/// Trimming through arcs cuts the ellipse itself: the part is an arc of the same ellipse,
/// with the trimmed length and the original points.
@Suite("Path trimming through arcs")
struct ArcTrimmingTests {
    @Test func aTrimmedEllipseIsAnArcOfTheSameEllipse() throws {
        var builder = PathBuilder()
        builder.move(to: [0, 0])
        builder.addLine(to: [40, 0])
        builder.addArc(EllipticalArc(center: [40, 30], radii: [30, 30], startAngle: -Double.pi / 2, sweep: Double.pi))
        builder.addEllipse(in: Rect(x: 100, y: 0, width: 60, height: 20))
        let path = try builder.build()
        for (start, end) in [(0.1, 0.9), (0.3, 0.45), (0.05, 0.5), (0.6, 1.0)] {
            let part = try path.trimmed(from: start, to: end)
            #expect(relativeError(part.length, (end - start) * path.length) <= 1e-13)
            for k in 0...40 {
                let f = Double(k) / 40
                let here = part.point(atLength: f * part.length)
                let there = path.point(atLength: (start + f * (end - start)) * path.length)
                #expect(((here - there) * (here - there)).sum().squareRoot() <= 1e-11 * path.length, "f = \(f)")
            }
            for case let .arc(arc) in part.segments { #expect(arc.radii.x == 30 || arc.radii == [30, 10]) }
        }
    }
}

/// The cut locations alone, for a renderer that draws the trimmed range without a new path.
@Suite("Trim locations")
struct TrimLocationTests {
    @Test func locationsAreThePointsAtTheFractionsOfTheLength() throws {
        let path = try Path(svgPathData: "M0,0 L10,0 A5,5 0 0 1 20,0 L30,0")
        let (a, b) = try #require(path.trimLocations(from: 0.25, to: 0.75))
        #expect(abs(path.arcLength.length(to: a) - 0.25 * path.length) <= 1e-13 * path.length)
        #expect(abs(path.arcLength.length(to: b) - 0.75 * path.length) <= 1e-13 * path.length)
        #expect(a.segment == 0 && b.segment == 2)
        #expect(path.trimLocations(from: 0.5, to: 0.5) == nil)
        #expect(path.trimLocations(from: 0.9, to: 0.1) == nil)
        #expect(path.trimLocations(from: .nan, to: 2).map { ($0.start.segment, $0.end.parameter) } ?? (-1, 0) == (0, 1))
    }
}
