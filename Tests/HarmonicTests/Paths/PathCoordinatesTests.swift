import Foundation
import HarmonicTestSupport
import Testing
@testable import Harmonic

@Suite struct PathCoordinatesTests {
    @Test func coordinatesAreTheAbsoluteSVGArguments() throws {
        let path = try Path(svgPathData: "M1 2 L3 4 Q5 6 7 8 C9 10 11 12 13 14 A5 3 30 1 0 20 14 Z")
        let c = PathCoordinates(path)
        #expect(c.structure == "M L Q C A Z" && c.structure == path.structure)
        #expect(Array(c.numbers[0..<20]) == [1, 1, 2, 2, 3, 4, 3, 5, 6, 7, 8, 4, 9, 10, 11, 12, 13, 14, 5, 5])
        // The arc: radii (5, 3) after F.6 (large enough here), 30° in radians, flags, end point.
        let arc = Array(c.numbers[19..<27])
        #expect(abs(arc[0] - 5) < 1e-13 && abs(arc[1] - 3) < 1e-13 && abs(arc[2] - .pi / 6) < 1e-14)
        #expect(arc[3] == 1 && arc[4] == 0 && arc[5] == 20 && arc[6] == 14 && c.numbers.last == 6)
        // Decoding draws the same path: every point within rounding of the arc's rebuild.
        let back = try c.path()
        #expect(back.structure == path.structure)
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            let d = back.point(atLength: t * back.length) - path.point(atLength: t * path.length)
            #expect((d * d).sum().squareRoot() < 1e-12, "at \(t)")
        }
    }

    @Test func numbersAreCheckedWhenDecoded() {
        #expect(throws: HarmonicError.self) { try PathCoordinates(numbers: [7, 0, 0]) }
        #expect(throws: HarmonicError.self) { try PathCoordinates(numbers: [1, 0]) }
        #expect(throws: HarmonicError.self) { try PathCoordinates(numbers: [1, 0, .nan]) }
        #expect(throws: HarmonicError.self) { try PathCoordinates(numbers: [2, 0, 0]).path() }
        #expect((try? PathCoordinates(numbers: [1, 0, 0, 2, 1, 1, 6]))?.structure == "M L Z")
    }

    @Test func interpolationRefusesDifferentStructuresNamingBoth() throws {
        let a = PathCoordinates(try Path(svgPathData: "M0 0 L1 1"))
        let b = PathCoordinates(try Path(svgPathData: "M0 0 Q1 1 2 2"))
        #expect(
            throws: HarmonicError.invalidParameter(
                name: "path", value: "\"M L\" to \"M Q\"", allowed: "two paths with the same elements in the same order"
            )
        ) { try a.interpolated(to: b, fraction: 0.5) }
    }

    @Test func pathKeyframesMorphSegmentBySegment() throws {
        // A segment that slides right, then up; key times put the first keyframe at 1/4.
        let paths = try ["M0 0 L10 0", "M10 0 L20 0", "M10 10 L20 10"].map { try Path(svgPathData: $0) }
        let track = try PathKeyframeTrack(paths: paths, keyTimes: [0, 0.25, 1])
        let early = try track.value(at: 0.125)
        #expect(early.elements == [.move(to: SIMD2(5, 0)), .line(to: SIMD2(15, 0))])
        let late = try track.value(at: 0.625)
        #expect(late.elements == [.move(to: SIMD2(10, 5)), .line(to: SIMD2(20, 5))])
        // Rates: 10 per unit of segment fraction, 4 segment fractions per unit progress.
        var out = [Double](repeating: 0, count: 6)
        var rate = out
        out.withUnsafeMutableBufferPointer { o in
            rate.withUnsafeMutableBufferPointer { r in
                track.apply(at: 0.125, rate: 1, into: o.baseAddress!, rateInto: r.baseAddress!)
            }
        }
        #expect(rate == [0, 40, 0, 0, 40, 0])
        let discrete = try PathKeyframeTrack(paths: paths, calculationMode: .discrete)
        #expect(try discrete.value(at: 0.5) == paths[1])
        #expect(throws: HarmonicError.self) {
            try PathKeyframeTrack(paths: paths + [try Path(svgPathData: "M0 0 L1 1 Z")])
        }
        #expect(throws: HarmonicError.self) { try PathKeyframeTrack(paths: paths, calculationMode: .cubic) }
    }
}
