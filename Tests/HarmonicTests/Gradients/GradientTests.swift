import Foundation
import Harmonic
import HarmonicTestSupport
import Testing

/// A gradient's colour at points, against the rule of each kind worked by hand.
@Suite struct GradientTests {
    let red = SIMD4<Double>(1, 0, 0, 1)
    let green = SIMD4<Double>(0, 1, 0, 1)
    let blue = SIMD4<Double>(0, 0, 1, 0.5)

    func close(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Bool { (a - b).max() <= 1e-15 && (b - a).max() <= 1e-15 }

    @Test func colorsMixBetweenLocationsAndHoldOutside() throws {
        let g = try Gradient(colors: [red, green, blue], locations: [0.2, 0.6, 0.6])
        #expect(g.color(atParameter: -1) == red && g.color(atParameter: 0.2) == red)
        #expect(close(g.color(atParameter: 0.3), SIMD4(0.75, 0.25, 0, 1)))
        // Equal locations: a hard edge, the later colour from there on.
        let justBefore = 0.6 - 1e-12
        #expect(close(g.color(atParameter: justBefore), red + (green - red) * ((justBefore - 0.2) / 0.4)))
        #expect(g.color(atParameter: 0.6) == blue && g.color(atParameter: 5) == blue)
        // Evenly spread without locations.
        #expect(try Gradient(colors: [red, green, blue]).locations == [0, 0.5, 1])
        #expect(try Gradient(colors: [red]).color(atParameter: 0.3) == red)
    }

    /// Axial: `t` is the projection on start→end in points, so on a 200 × 100 layer from
    /// (0, 0) to (1, 1) the isolines are perpendicular to the diagonal in points.
    @Test func axialProjectsOntoTheAxisInPoints() throws {
        let g = try Gradient(colors: [red, green], startPoint: SIMD2(0, 0), endPoint: SIMD2(1, 1))
        let size = SIMD2(200.0, 100)
        // (x·200 + y·100) / (200² + 100²).
        #expect(abs(g.parameter(at: SIMD2(100, 50), size: size) - 0.5) <= 1e-15)
        #expect(abs(g.parameter(at: SIMD2(50, 0), size: size) - 10_000 / 50_000) <= 1e-15)
        #expect(close(g.color(at: SIMD2(50, 0), size: size), SIMD4(0.8, 0.2, 0, 1)))
        let vertical = try Gradient(colors: [red, green])
        #expect(abs(vertical.parameter(at: SIMD2(17, 25), size: size) - 0.25) <= 1e-15)
        #expect(
            try Gradient(colors: [red, green], startPoint: SIMD2(0.5, 0.5), endPoint: SIMD2(0.5, 0.5))
                .color(at: SIMD2(3, 4), size: size) == red)
    }

    /// Radial: ellipses about the start point with the end point on the edge.
    @Test func radialMeasuresEllipticDistance() throws {
        let g = try Gradient(
            colors: [red, green], kind: .radial, startPoint: SIMD2(0.5, 0.5), endPoint: SIMD2(1, 1))
        let size = SIMD2(200.0, 100)
        // Centre (100, 50), radii (100, 50): (150, 50) is half-way, (100, 100) on the edge.
        #expect(abs(g.parameter(at: SIMD2(150, 50), size: size) - 0.5) <= 1e-15)
        #expect(abs(g.parameter(at: SIMD2(100, 100), size: size) - 1) <= 1e-15)
        #expect(abs(g.parameter(at: SIMD2(130, 90), size: size) - (0.09 + 0.64).squareRoot()) <= 1e-15)
        #expect(g.color(at: SIMD2(0, 0), size: size) == green)
    }

    /// Conic: the angle from the direction of the end point, a turn for the whole range,
    /// growing from +x towards +y (clockwise on a y-down screen).
    @Test func aFocalPointRunsTheCirclesFromItToTheEdge() throws {
        var random = Lehmer(state: 53)
        for _ in 0..<300 {
            // Circle t runs from the focal point f (t = 0) to the edge (t = 1): centre f·(1 − t),
            // radius t, in units of the radius per axis. A point built on it reads back t.
            let length = 0.98 * random.next(), turn = 2 * Double.pi * random.next()
            let f = SIMD2(length * cos(turn), length * sin(turn))
            let start = SIMD2(random.uniform(0.2, 0.8), random.uniform(0.2, 0.8))
            let end = start + SIMD2(random.uniform(0.1, 0.5), random.uniform(-0.5, -0.1))
            let g = try Gradient(
                colors: [SIMD4(0, 0, 0, 1), SIMD4(1, 1, 1, 1)], kind: .radial, startPoint: start, endPoint: end,
                focalOffset: f)
            let size = SIMD2(200.0, 120.0)
            let r = SIMD2(abs(end.x - start.x), abs(end.y - start.y)) * size
            let t = random.uniform(0, 1.5), phi = 2 * Double.pi * random.next()
            let q = f * (1 - t) + t * SIMD2(cos(phi), sin(phi))
            let point = start * size + q * r
            #expect(abs(g.parameter(at: point, size: size) - t) <= 1e-12, "f \(f), t \(t), φ \(phi)")
        }
        // The focal point itself is t = 0; without one the distance is the plain elliptic one.
        let focused = try Gradient(
            colors: [SIMD4(0, 0, 0, 1)], kind: .radial, startPoint: SIMD2(0.5, 0.5), endPoint: SIMD2(1, 1),
            focalOffset: SIMD2(0.5, 0))
        #expect(abs(focused.parameter(at: SIMD2(75, 50), size: SIMD2(100, 100))) <= 1e-15)
        #expect(throws: HarmonicError.self) {
            try Gradient(colors: [SIMD4(0, 0, 0, 1)], kind: .radial, focalOffset: SIMD2(0.8, 0.6))
        }
    }

    @Test func conicSweepsOneTurn() throws {
        let g = try Gradient(
            colors: [red, green], kind: .conic, startPoint: SIMD2(0.5, 0.5), endPoint: SIMD2(1, 0.5))
        let size = SIMD2(100.0, 100)
        #expect(g.parameter(at: SIMD2(90, 50), size: size) == 0)
        #expect(abs(g.parameter(at: SIMD2(50, 90), size: size) - 0.25) <= 1e-15)
        #expect(abs(g.parameter(at: SIMD2(10, 50), size: size) - 0.5) <= 1e-15)
        #expect(abs(g.parameter(at: SIMD2(50, 10), size: size) - 0.75) <= 1e-15)
        #expect(close(g.color(at: SIMD2(50, 90), size: size), SIMD4(0.75, 0.25, 0, 1)))
    }

    @Test func badGradientsNameTheParameter() {
        #expect(throws: HarmonicError.self) { try Gradient(colors: []) }
        #expect(throws: HarmonicError.self) { try Gradient(colors: [red, green], locations: [0.5]) }
        #expect(throws: HarmonicError.self) { try Gradient(colors: [red, green], locations: [0.5, 0.25]) }
        #expect(throws: HarmonicError.self) { try Gradient(colors: [SIMD4(.nan, 0, 0, 1)]) }
        do {
            _ = try Gradient(colors: [red, green], locations: [0.5, 0.25])
        } catch {
            #expect("\(error)".contains("locations[1]"))
        }
    }
}
