/// Where a progress falls among keyframes whose values are not numbers (whole transforms,
/// paths): which segment, how far along it, and how fast that changes.
///
/// The timing is that of a scalar ``KeyframeTrack`` of the keyframe *indices*
/// `0, 1, …, n − 1` with the same key times, calculation mode and per-segment timing functions:
/// its value `i + u` names segment `i` at local fraction `u`, and its velocity is `du/dp`. So the
/// key-time rules, the timing functions and the discrete mode are the number tracks' own.
/// Only ``CalculationMode/linear`` and ``CalculationMode/discrete`` apply: the paced and cubic
/// modes need a distance between values or a spline through them.
public struct KeyframeSegments: Sendable {
    /// Keyframe indices against progress.
    public let indexTrack: KeyframeTrack<Double>
    /// The number of keyframes.
    public var count: Int { indexTrack.values.count }

    /// Builds the timing of `count` keyframes.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` for no keyframes or a
    ///   mode other than linear and discrete (naming `what` the keyframes are).
    public init(
        count: Int, keyTimes: [Double]?, calculationMode: CalculationMode, timingFunctions: [any TimingFunction],
        timingFunction: (any TimingFunction)?, of what: String
    ) throws(HarmonicError) {
        guard calculationMode == .linear || calculationMode == .discrete else {
            throw .invalidParameter(
                name: "calculationMode", value: calculationMode.rawValue,
                allowed: "linear or discrete for keyframes of \(what)")
        }
        guard count > 0 else {
            throw .invalidParameter(name: "values", value: "[]", allowed: "at least one keyframe")
        }
        indexTrack = try KeyframeTrack(
            values: (0..<count).map(Double.init), keyTimes: keyTimes, calculationMode: calculationMode,
            timingFunctions: timingFunctions, timingFunction: timingFunction)
    }

    /// A place among the keyframes.
    public struct Location: Hashable, Sendable {
        /// The segment's first keyframe (`0 … count − 2`; 0 for a single keyframe).
        public var segment: Int
        /// The fraction of the way to keyframe `segment + 1`; outside `[0, 1]` before the first
        /// or after the last keyframe, which extrapolates the end segments as number tracks do.
        public var fraction: Double
        /// `d(fraction)/dp` (0 while a discrete keyframe holds).
        public var rate: Double
        /// The keyframe shown as it is: on a keyframe exactly, or held in discrete mode.
        public var keyframe: Int?
    }

    /// The location at progress `p`.
    public func location(at p: Double) -> Location {
        guard count > 1 else { return Location(segment: 0, fraction: 0, rate: 0, keyframe: 0) }
        let (position, rate) = indexTrack.sample(at: p)
        // The index is clamped as a Double before it becomes an Int, so that no position (an
        // extrapolation far outside the keys, or NaN, which goes to 0) can trap the conversion.
        func index(_ x: Double, last: Int) -> Int {
            // Int: x is clamped to [0, last] first (NaN fails `x > 0` and gives 0).
            x > 0 ? Int(Swift.min(x, Double(last))) : 0
        }
        if indexTrack.calculationMode == .discrete {
            let held = index(position.rounded(), last: count - 1)
            return Location(segment: Swift.min(held, count - 2), fraction: 0, rate: 0, keyframe: held)
        }
        let i = index(position.rounded(.down), last: count - 2)
        let u = position - Double(i)
        return Location(segment: i, fraction: u, rate: rate, keyframe: u == 0 ? i : u == 1 ? i + 1 : nil)
    }
}
