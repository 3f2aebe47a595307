/// A CSS `linear()` easing function: a piecewise-linear curve through a list of points
/// (CSS Easing Functions Level 2, "linear easing functions").
///
/// It is built from *stops*, each an output with zero, one or two input positions, by the
/// specification's "create a linear easing function" rules:
///
/// - a stop with one input becomes a point there; with two inputs, two points with the same
///   output (a flat segment);
/// - an input is never allowed below an earlier one: it is raised to the largest input so far
///   (so `linear(0, 1 50%, 0.5 20%, 1)` places the third point at 50 %);
/// - a first stop without input is at 0, a last stop without input at `max(1, largest input)`;
/// - runs of stops without input are spread evenly between their neighbours.
///
/// Evaluation ("apply a linear easing function"): take the last point whose input is ≤ `x`
/// (the first point if none), step back one if it is the last point, and interpolate linearly
/// to the next point; if the two inputs are equal the output is the later point's. Inputs
/// before the first point and after the last continue along the first and last segments
/// (extrapolation). Outputs are not clamped; huge inputs saturate at
/// `±Double.greatestFiniteMagnitude`.
///
/// At least two stops are required, as the parsing rule that browsers implement says ("if
/// there are less than two items in stopList, then return failure"): Chromium, WebKit and
/// Gecko reject `linear(0.5)`, so Harmonic does too, and a list it accepts works in every
/// browser that supports `linear()`. (A 2024 CSS Working Group resolution, w3c/csswg-drafts
/// issue 10580, would allow one stop; no shipping browser does yet.) A constant is written
/// with two equal stops, `linear(0.5, 0.5)`.
///
/// Inputs here are fractions of the input range (CSS `50%` is `0.5`).
///
/// - Complexity: O(log n) per evaluation (binary search over the points).
public struct LinearEasing: TimingFunction, Hashable, CustomStringConvertible {
    /// One stop as written: an output and up to two input positions (fractions).
    public struct Stop: Hashable, Sendable {
        /// The output progress at this stop; any finite value.
        public var output: Double
        /// The first input position, or `nil` to place the stop automatically.
        public var input: Double?
        /// A second input position: the output is held from `input` to `secondInput`.
        /// Only allowed with `input`.
        public var secondInput: Double?

        public init(_ output: Double, at input: Double? = nil, to secondInput: Double? = nil) {
            self.output = output
            self.input = input
            self.secondInput = secondInput
        }
    }

    /// One point of the resolved curve.
    public struct Point: Hashable, Sendable {
        /// The input progress (fraction).
        public var input: Double
        /// The output progress.
        public var output: Double

        public init(input: Double, output: Double) {
            self.input = input
            self.output = output
        }
    }

    /// The resolved points, inputs non-decreasing.
    public let points: [Point]

    /// Builds the function from CSS stops.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` for fewer than two
    ///   stops, a non-finite output or input (named `linear()[i]`), or a second input without
    ///   a first.
    public init(stops: [Stop]) throws(HarmonicError) {
        guard stops.count >= 2 else {
            throw .invalidParameter(
                name: "linear()", value: stops.isEmpty ? "no stops" : "1 stop",
                allowed: "at least two stops, as browsers require (write a constant as two equal stops)")
        }
        var points: [Point] = []
        var inputs: [Double?] = []
        var largest = -Double.infinity
        for (i, stop) in stops.enumerated() {
            let name = "linear()[\(i)]"
            try HarmonicError.require(stop.output, named: "\(name) output")
            if let first = stop.input {
                try HarmonicError.require(first, named: "\(name) input")
                let input = Swift.max(first, largest)
                largest = input
                points.append(Point(input: input, output: stop.output))
                inputs.append(input)
                if let second = stop.secondInput {
                    try HarmonicError.require(second, named: "\(name) second input")
                    let extra = Swift.max(second, largest)
                    largest = extra
                    points.append(Point(input: extra, output: stop.output))
                    inputs.append(extra)
                }
            } else {
                if stop.secondInput != nil {
                    throw .invalidParameter(
                        name: "\(name) second input", value: "given alone", allowed: "given only after a first input")
                }
                points.append(Point(input: 0, output: stop.output))
                if i == 0 {
                    largest = 0
                    inputs.append(0)
                } else if i == stops.count - 1 {
                    let input = Swift.max(1, largest)
                    inputs.append(input)
                } else {
                    inputs.append(nil)
                }
            }
        }
        // Spread runs without inputs evenly between the nearest points that have one.
        var k = 0
        while k < inputs.count {
            guard inputs[k] == nil else { k += 1; continue }
            var end = k
            while end < inputs.count, inputs[end] == nil { end += 1 }
            // k ≥ 1 (the first stop always has an input) and end < count (so does the last).
            let a = inputs[k - 1]!, b = inputs[end]!
            let gaps = Double(end - k + 1)
            for j in k..<end { inputs[j] = a + (b - a) * Double(j - k + 1) / gaps }
            k = end
        }
        for j in points.indices { points[j].input = inputs[j]! }
        self.points = points
    }

    /// Builds the function from outputs spaced evenly over `[0, 1]`: `linear(o0, o1, …)`.
    public init(outputs: [Double]) throws(HarmonicError) {
        try self.init(stops: outputs.map { Stop($0) })
    }

    /// CSS `linear` (the keyword), `linear(0, 1)`: the identity.
    public static let identity = LinearEasing(unchecked: [Point(input: 0, output: 0), Point(input: 1, output: 1)])

    init(unchecked points: [Point]) { self.points = points }

    /// The index of the segment's first point for input `x` (the specification's `pointA`).
    private func segmentStart(for x: Double) -> Int {
        // Last point with input ≤ x (0 when none), stepped back from the last point.
        var lower = 0, upper = points.count  // invariant: answer in [lower, upper)
        if !(points[0].input <= x) { return 0 }
        while upper - lower > 1 {
            let mid = (lower + upper) / 2
            if points[mid].input <= x { lower = mid } else { upper = mid }
        }
        return Swift.min(lower, points.count - 2)
    }

    public func value(at x: Double) -> Double {
        if points.count == 1 { return points[0].output }
        if x.isNaN { return 0 }
        let i = segmentStart(for: x)
        let a = points[i], b = points[i + 1]
        if a.input == b.input { return b.output }
        let fraction = (x - a.input) / (b.input - a.input)
        return CubicBezier.saturate(a.output + fraction * (b.output - a.output))
    }

    /// The slope of the segment used at `x` (the one starting at `x` at a breakpoint); 0 on
    /// flat or zero-length segments and for a single stop.
    public func slope(at x: Double) -> Double {
        if points.count == 1 || x.isNaN { return 0 }
        let i = segmentStart(for: x)
        let a = points[i], b = points[i + 1]
        if a.input == b.input { return 0 }
        return CubicBezier.saturate((b.output - a.output) / (b.input - a.input))
    }

    /// `linear(o0 p0%, o1 p1%, …)`: every point with its input as a percentage.
    public var description: String {
        "linear("
            + points.map { "\(CSSNumber.text($0.output)) \(CSSNumber.percentage($0.input))" }.joined(separator: ", ")
            + ")"
    }
}
