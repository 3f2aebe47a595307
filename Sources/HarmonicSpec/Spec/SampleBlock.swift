import Harmonic

/// Consecutive samples of a curve, column by column: what the exporters format and what a
/// curve fills a block at a time through its fastest path (a grid kernel where it has one).
///
/// Row `r`'s value components are `values[r·dimension ..< (r + 1)·dimension]`, and so for
/// velocities; `angles` holds one number per row for curves with a rotation mode.
package struct SampleBlock {
    package let dimension: Int
    package private(set) var count = 0
    package var times: [Double]
    package var values: [Double]
    package var velocities: [Double]
    package var angles: [Double]

    /// The most rows a block holds.
    package let capacity: Int

    package init(dimension: Int, capacity: Int = 4096) {
        self.dimension = dimension
        self.capacity = capacity
        times = [Double](repeating: 0, count: capacity)
        values = [Double](repeating: 0, count: capacity * dimension)
        velocities = [Double](repeating: 0, count: capacity * dimension)
        angles = [Double](repeating: 0, count: capacity)
    }

    /// Starts a block of `count` rows (≤ ``capacity``); the curve then fills every column.
    package mutating func reset(count: Int) {
        precondition(count <= capacity, "a block holds at most \(capacity) rows")
        self.count = count
    }

    /// Writes row `r` from one sample.
    package mutating func set(row r: Int, time: Double, _ sample: CurveSample) {
        times[r] = time
        for c in 0..<dimension {
            values[r * dimension + c] = sample.value[c]
            velocities[r * dimension + c] = sample.velocity[c]
        }
        angles[r] = sample.angle ?? 0
    }
}
