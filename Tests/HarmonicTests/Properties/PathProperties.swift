@testable import Harmonic
import HarmonicTestSupport
import Testing

/// Properties of paths and their arc length over random paths of lines, quadratics and cubics.
@Suite("path properties")
struct PathProperties {
    static func randomElements(_ random: inout Lehmer) -> [PathElement] {
        // Coordinates mostly of drawing size, sometimes tiny or near the accepted bound.
        func coordinate() -> Double {
            switch random.integer(0...9) {
            case 0: return random.uniform(-1, 1) * 1e-300
            case 1: return random.uniform(-1, 1) * 1e149
            default: return random.uniform(-1_000, 1_000)
            }
        }
        func point() -> SIMD2<Double> { [coordinate(), coordinate()] }
        var elements: [PathElement] = [.move(to: point())]
        for _ in 0..<random.integer(1...6) {
            switch random.integer(0...9) {
            case 0: elements.append(.move(to: point()))
            case 1: elements.append(.closeSubpath)
            case 2, 3: elements.append(.line(to: point()))
            case 4, 5: elements.append(.quadCurve(to: point(), control: point()))
            default: elements.append(.curve(to: point(), control1: point(), control2: point()))
            }
        }
        return elements
    }

    /// SVG path data written by ``Path/svgPathData`` parses back to the same elements.
    @Test func svgPathDataRoundTrips() throws {
        try PropertyCases.check(seed: 0x5EED_0201) { (random: inout Lehmer, index: Int) throws in
            let path = try Path(elements: Self.randomElements(&random))
            let text = path.svgPathData
            #expect(try Path(svgPathData: text).elements == path.elements, "case \(index): \(text)")
        }
    }

    /// Arc-length inversion: the location found for a length lies at that length along the
    /// path (exact method: to 1e-9 of the length), and the table method's point is finite.
    @Test func lengthInversionLandsAtTheLength() throws {
        try PropertyCases.check(seed: 0x5EED_0202) { (random: inout Lehmer, index: Int) throws in
            let path = try Path(elements: Self.randomElements(&random))
            let length = path.length
            #expect(length.isFinite && length >= 0, "case \(index): \(path.svgPathData)")
            guard length > 0 else { return }
            let s = random.uniform(0, length)
            let location = path.location(atLength: s)
            let arc = path.arcLength
            let before = location.segment == 0 ? 0 : arc.cumulativeLengths[location.segment]
            let reached =
                before
                + arc.quadratures[location.segment].length(
                    to: location.parameter, speed: arc.segments[location.segment], rule: ArcLength<SpeedPolynomial>.rule
                )
            #expect(abs(reached - s) <= 1e-9 * length, "case \(index): \(path.svgPathData) at \(s)")
            let p = path.point(atLength: s, method: .table)
            #expect(p.x.isFinite && p.y.isFinite, "case \(index): \(path.svgPathData) at \(s)")
        }
    }
}
