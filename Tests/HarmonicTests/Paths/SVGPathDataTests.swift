import Testing
@testable import Harmonic

@Suite("SVG path data")
struct SVGPathDataTests {
    typealias P = SIMD2<Double>

    func elements(_ d: String) throws -> [PathElement] { try Path(svgPathData: d).elements }

    @Test func absoluteCommands() throws {
        #expect(
            try elements("M10 20 L30 40 H50 V60 C1 2 3 4 5 6 Q7 8 9 10 Z") == [
                .move(to: [10, 20]), .line(to: [30, 40]), .line(to: [50, 40]), .line(to: [50, 60]),
                .curve(to: [5, 6], control1: [1, 2], control2: [3, 4]), .quadCurve(to: [9, 10], control: [7, 8]),
                .closeSubpath,
            ])
    }

    /// Relative commands are offsets from the current point at the start of each command;
    /// after Z the current point is the subpath's start.
    @Test func relativeCommands() throws {
        #expect(
            try elements("m10 20 l5 5 h10 v-5 c1 1 2 2 3 3 q1 0 2 2 z l1 1") == [
                .move(to: [10, 20]), .line(to: [15, 25]), .line(to: [25, 25]), .line(to: [25, 20]),
                .curve(to: [28, 23], control1: [26, 21], control2: [27, 22]),
                .quadCurve(to: [30, 25], control: [29, 23]), .closeSubpath, .line(to: [11, 21]),
            ])
    }

    /// Extra coordinate pairs repeat the command; after a move-to they are line-tos (relative
    /// after `m`).
    @Test func implicitRepetition() throws {
        #expect(try elements("M0 0 1 1 2 0") == [.move(to: [0, 0]), .line(to: [1, 1]), .line(to: [2, 0])])
        #expect(try elements("m1 1 1 1 2 0") == [.move(to: [1, 1]), .line(to: [2, 2]), .line(to: [4, 2])])
        #expect(
            try elements("M0 0 H1 2 3") == [
                .move(to: [0, 0]), .line(to: [1, 0]), .line(to: [2, 0]), .line(to: [3, 0]),
            ])
        #expect(try elements("M0,0 L1,2,3,4") == [.move(to: [0, 0]), .line(to: [1, 2]), .line(to: [3, 4])])
    }

    /// S reflects the previous cubic's second control point, T the previous quadratic's
    /// control point; without such a predecessor the control point is the current point.
    @Test func smoothShorthands() throws {
        #expect(
            try elements("M0 0 C0 10 10 10 10 0 S20 -10 20 0") == [
                .move(to: [0, 0]), .curve(to: [10, 0], control1: [0, 10], control2: [10, 10]),
                .curve(to: [20, 0], control1: [10, -10], control2: [20, -10]),
            ])
        #expect(
            try elements("M0 0 S5 5 10 0") == [
                .move(to: [0, 0]), .curve(to: [10, 0], control1: [0, 0], control2: [5, 5]),
            ])
        #expect(
            try elements("M0 0 Q5 10 10 0 T20 0 t10 0") == [
                .move(to: [0, 0]), .quadCurve(to: [10, 0], control: [5, 10]),
                .quadCurve(to: [20, 0], control: [15, -10]), .quadCurve(to: [30, 0], control: [25, 10]),
            ])
        #expect(
            try elements("M0 0 L1 1 T2 0") == [
                .move(to: [0, 0]), .line(to: [1, 1]), .quadCurve(to: [2, 0], control: [1, 1]),
            ])
        // A quadratic does not make S reflect, nor a cubic T.
        #expect(try elements("M0 0 Q1 1 2 0 S3 1 4 0")[2] == .curve(to: [4, 0], control1: [2, 0], control2: [3, 1]))
        #expect(try elements("M0 0 s1 1 2 0 s1 1 2 0")[2] == .curve(to: [4, 0], control1: [3, -1], control2: [3, 1]))
    }

    /// Every number form of the grammar: signs, leading/trailing dots, exponents, and numbers
    /// that separate themselves.
    @Test func numberForms() throws {
        #expect(try elements("M-.5.5L+1e2-2E-1") == [.move(to: [-0.5, 0.5]), .line(to: [100, -0.2])])
        #expect(try elements("M1.5.5L2. 3.l3. 4") == [.move(to: [1.5, 0.5]), .line(to: [2, 3]), .line(to: [5, 7])])
        #expect(try elements(" \t\nM 1 , 2\r\n L3,4 ") == [.move(to: [1, 2]), .line(to: [3, 4])])
        #expect(try elements("M0 0zm1 1z") == [.move(to: [0, 0]), .closeSubpath, .move(to: [1, 1]), .closeSubpath])
    }

    /// Errors name the language, the offset and what was expected.
    @Test(arguments: [
        ("", 0, "move-to"),
        ("L1 1", 0, "move-to"),
        ("M0 0 L1", 7, "number"),
        ("M0 0 A1 1 0 2 1 2 2", 12, "arc flag (0 or 1)"),
        ("M0 0 A1 1 0 1", 13, "the path data ended"),
        ("M0 0 A1 1 0 1 0 2", 17, "number"),
        ("M0 0 X1 1", 5, "path command"),
        ("M0 0 L1 1e", 10, "exponent"),
        ("M0 0 L1e999 0", 6, "finite"),
        ("M0 0 Z 1 1", 7, "command letter"),
        ("M0 0 L1 1,", 10, "number after ','"),
        ("M,0 0", 1, "number"),
        ("M0 0 L1 1,,2 2", 10, "number after ','"),
    ])
    func errors(data: String, offset: Int, expected: String) {
        #expect {
            _ = try Path(svgPathData: data)
        } throws: { error in
            guard case let .syntax(language, _, at, what) = error as? HarmonicError else { return false }
            return language == "SVG path data" && at == offset && what.contains(expected)
        }
    }

    @Test func errorMessageIsOneLine() {
        do {
            _ = try Path(svgPathData: "M0 0 L1")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "invalid SVG path data at offset 7 in \"M0 0 L1\": expected a number, but the path data ended")
        }
    }
}

@Suite("Path")
struct PathTests {
    typealias P = SIMD2<Double>

    /// Each line or curve end point is a keyframe, move-to points are not; Z is a segment
    /// (length 0 when already closed).
    @Test func keyframesAndSegments() throws {
        let path = try Path(svgPathData: "M0 0 L10 0 M20 0 C20 10 30 10 30 0 Z")
        #expect(
            path.segments == [
                .line([0, 0], [10, 0]), .cubic([20, 0], [20, 10], [30, 10], [30, 0]), .line([30, 0], [20, 0]),
            ])
        #expect(path.keyframePoints == [[0, 0], [10, 0], [30, 0], [20, 0]])
        let closed = try Path(svgPathData: "M0 0 L1 0 L0 0 Z")
        #expect(closed.segments.count == 3)
        #expect(closed.arcLength.cumulativeLengths == [0, 1, 2, 2])
    }

    /// The length counts segments only, not the jump between subpaths.
    @Test func lengthSkipsJumps() throws {
        let path = try Path(svgPathData: "M0 0 h3 v4 M100 100 l3 4")
        #expect(path.length == 12)
        // At the jump the later subpath wins (intervals are half-open).
        #expect((path.point(atLength: 6.999) - [3, 3.999]).magnitude <= 1e-14)
        #expect(path.point(atLength: 7) == [100, 100])
        #expect(path.point(atLength: 9.5) == [101.5, 102])
        #expect(path.location(atLength: 7) == CurveLocation(segment: 2, parameter: 0))
    }

    @Test func pointOnlyPath() throws {
        let path = try Path(svgPathData: "M5 6")
        #expect(path.segments.isEmpty)
        #expect(path.keyframePoints == [[5, 6]])
        #expect(path.length == 0)
        #expect(path.point(atLength: 3) == [5, 6])
        #expect(path.tangent(at: CurveLocation(segment: 0, parameter: 0)) == .zero)
    }

    @Test func elementValidation() {
        #expect(throws: HarmonicError.self) { try Path(elements: []) }
        #expect(throws: HarmonicError.self) { try Path(elements: [.line(to: [1, 1])]) }
        #expect(
            throws: HarmonicError.invalidParameter(
                name: "elements[1]", value: "L nan,0",
                allowed: "finite coordinates of magnitude at most 1e150"
            )
        ) { try Path(elements: [.move(to: .zero), .line(to: [.nan, 0])]) }
    }

    /// Coordinates near the top of the double range would overflow the speed polynomial
    /// (the length of `M1e300 0 L-1e300 0` came out NaN); they are refused, while the largest
    /// accepted span still has a finite, exact length.
    @Test func hugeCoordinates() throws {
        #expect(throws: HarmonicError.self) { try Path(svgPathData: "M1e300 0 L-1e300 0") }
        #expect(throws: HarmonicError.self) { try Path(svgPathData: "M0 0 C0 1e151 1 1 2 2") }
        let widest = try Path(svgPathData: "M1e150 -1e150 L-1e150 1e150")
        #expect(abs(widest.length / (8e300).squareRoot() - 1) <= 1e-14)
        let curve = try Path(svgPathData: "M-1e150 -1e150 C1e150 -1e150 -1e150 1e150 1e150 1e150")
        #expect(curve.length.isFinite && curve.length > 2e150)
        #expect(curve.point(atLength: curve.length / 2).x.isFinite)
    }

    /// Tangents: the derivative where it is non-zero; at a control point that sits on its end
    /// point, the limit direction of travel (towards the next control point at the start,
    /// from the previous one at the end).
    @Test func tangents() throws {
        let path = try Path(svgPathData: "M0 0 C0 0 10 10 10 0")
        let start = path.tangent(at: CurveLocation(segment: 0, parameter: 0))
        #expect(abs(RotationMode.auto.angle(forTangent: start) - .pi / 4) <= 1e-15)
        let end = path.tangent(at: CurveLocation(segment: 0, parameter: 1))
        #expect(abs(RotationMode.auto.angle(forTangent: end) + .pi / 2) <= 1e-15)
        let flatEnd = try Path(svgPathData: "M0 0 C10 10 10 0 10 0")
        let e = flatEnd.tangent(at: CurveLocation(segment: 0, parameter: 1))
        // Arriving at (10, 0) from (10, 10) direction: straight down (−y).
        #expect(abs(RotationMode.auto.angle(forTangent: e) + .pi / 2) <= 1e-12)
        // The cusp cubic arrives at its cusp moving up (+y) and leaves it moving down.
        let cusp = try Path(svgPathData: "M0 0 C1 1 0 1 1 0")
        let c = cusp.tangent(at: CurveLocation(segment: 0, parameter: 0.5))
        #expect(abs(RotationMode.auto.angle(forTangent: c) + .pi / 2) <= 1e-12)
        let before = cusp.tangent(at: CurveLocation(segment: 0, parameter: 0.5 - 1e-9))
        #expect(abs(RotationMode.auto.angle(forTangent: before) - .pi / 2) <= 1e-6)
    }

    @Test func rotationModes() {
        #expect(RotationMode.auto.angle(forTangent: [1, 0]) == 0)
        #expect(RotationMode.auto.angle(forTangent: [0, 1]) == .pi / 2)
        #expect(RotationMode.auto.angle(forTangent: [-1, -0.0]) == .pi)
        #expect(RotationMode.autoReverse.angle(forTangent: [1, 0]) == .pi)
        #expect(RotationMode.autoReverse.angle(forTangent: [0, 1]) == -.pi / 2)
        #expect(RotationMode.autoReverse.angle(forTangent: [-1, 0]) == 0)
        #expect(abs(RotationMode.autoReverse.angle(forTangent: [1, 1]) + 3 * .pi / 4) <= 1e-15)
        #expect(RotationMode.auto.angle(forTangent: .zero) == 0)
    }

    /// Serialising writes every element as one absolute command with exact coordinates, so
    /// the text parses back to equal elements whatever form the input took.
    @Test(arguments: [
        "M10 20 L30 40 H50 V60 C1 2 3 4 5 6 Q7 8 9 10 Z",
        "m10 20 l5 5 h10 v-5 c1 1 2 2 3 3 q1 0 2 2 z l1 1",
        "M0 0 C0 10 10 10 10 0 S20 -10 20 0 M-.5e-3 1.5.5 2 Q0.1 0.2 0.30000000000000004 1e140 T2 0",
        "M 0.1 0.7 L 123456789012345678 -2.5e-310",
    ])
    func serialisationRoundTrips(data: String) throws {
        let path = try Path(svgPathData: data)
        let text = path.svgPathData
        #expect(try Path(svgPathData: text).elements == path.elements)
    }

    @Test func serialisedForm() throws {
        let path = try Path(svgPathData: "m1 2 h0.5 q1 1 2 0 c0 1 1 1 1e-7 0 z")
        #expect(path.svgPathData == "M 1,2 L 1.5,2 Q 2.5,3 3.5,2 C 3.5,3 4.5,3 3.5000001,2 Z")
    }
}
