/// The particles alive at one time, column by column: one contiguous run of numbers per
/// attribute (``Column``), so a renderer, a C caller or a numpy view reads each attribute at
/// once.
///
/// Row `i` is one particle. Rows come in the evaluation order — the cells depth first (a cell,
/// then its sub-cells), and within a cell by parent, then birth order; ``drawingOrder(_:)``
/// sorts them for drawing.
public struct ParticleTable: Sendable, Equatable {
    /// The attributes stored as numbers, in their order in ``values``.
    public enum Column: Int, CaseIterable, Sendable {
        /// Birth time, age and lifetime (seconds).
        case birthTime, age, lifetime
        /// Position (points).
        case x, y, z
        /// Velocity (points per second).
        case vx, vy, vz
        /// Scale (≥ 0) and rotation (radians).
        case scale, rotation
        /// Colour, RGBA in `[0, 1]`.
        case red, green, blue, alpha

        /// The column's name (as in the CSV table and the numpy fields).
        public var name: String { "\(self)" }
    }

    /// The cells' paths, by flat cell index: a top-level cell's name, a sub-cell's
    /// `parent/child` (names joined by `/`).
    public private(set) var cellPaths: [String]
    /// The number of particles.
    public internal(set) var count = 0
    /// Each particle's cell (an index into ``cellPaths``).
    public var cell: ArraySlice<Int32> { cellStorage.prefix(count) }
    /// Each particle's index in its emitter's birth order: among its cell's particles for a
    /// top-level cell, among those its parent particle emitted for a sub-cell.
    public var index: ArraySlice<UInt64> { indexStorage.prefix(count) }
    /// A 64-bit identifier of each particle, the same at every time it is alive (its random
    /// key: a hash of the seed, its cell, its ancestry and its index).
    public var id: ArraySlice<UInt64> { idStorage.prefix(count) }
    /// The identifier of the particle that emitted it (0 for a top-level cell's particles).
    public var parent: ArraySlice<UInt64> { parentStorage.prefix(count) }
    /// The storage of those columns, `capacity` rows each.
    var cellStorage: [Int32] = [], indexStorage: [UInt64] = [], idStorage: [UInt64] = []
    var parentStorage: [UInt64] = []
    /// The numbers, column-major: column `c` is `values[c·stride ..< c·stride + count]` (the
    /// rows past `count` in each column are spare room, kept so that evaluating into the same
    /// table again allocates nothing).
    public internal(set) var values: [Double] = []

    /// The distance in ``values`` between the starts of two columns (≥ ``count``).
    public var stride: Int { capacity }

    /// An empty table of the given cells.
    public init(cellPaths: [String] = []) {
        self.cellPaths = cellPaths
    }

    /// Empties the table for another evaluation of the given cells, keeping its storage (so a
    /// renderer that evaluates every frame into one table allocates once, not per frame).
    mutating func reset(cellPaths: [String]) {
        self.cellPaths = cellPaths
        count = 0
    }

    /// One column's numbers, a row per particle.
    public func column(_ c: Column) -> ArraySlice<Double> {
        values[c.rawValue * capacity..<c.rawValue * capacity + count]
    }

    /// One particle's value of `c`.
    public subscript(_ c: Column, row row: Int) -> Double {
        values[c.rawValue * capacity + row]
    }

    /// How many particles of each cell (by flat cell index).
    public var countsByCell: [Int] {
        var counts = [Int](repeating: 0, count: cellPaths.count)
        // Int: cell indices are flat cell indices, below cellPaths.count.
        for c in cell { counts[Int(c)] += 1 }
        return counts
    }

    /// The rows in the order `mode` draws them, first (bottom) to last (top): see
    /// ``ParticleRenderMode``. Sorting is stable, so ties keep the evaluation order.
    public func drawingOrder(_ mode: ParticleRenderMode) -> [Int] {
        let rows = Array(0..<count)
        let column: Column
        switch mode {
        case .unordered, .additive: return rows
        case .oldestFirst, .oldestLast: column = .birthTime
        case .backToFront: column = .z
        }
        let keys = Array(self.column(column))
        let ascending = mode != .oldestLast
        return rows.sorted { a, b in
            let ka = keys[a], kb = keys[b]
            if ka != kb { return ascending == (ka < kb) }
            return a < b
        }
    }

    // MARK: Filling, for the evaluator

    /// The rows each column has room for: the column stride of ``values`` (≥ ``count``).
    var capacity = 0

    /// Makes room for `extra` more rows beyond `count` (the columns keep stride `capacity`;
    /// the new room is uninitialised until written).
    mutating func reserve(extra: Int) {
        guard count + extra > capacity else { return }
        let newCapacity = Swift.max(count + extra, 2 * capacity)
        let columns = Column.allCases.count
        let old = values, oldCapacity = capacity, rows = count
        values = [Double](unsafeUninitializedCapacity: columns * newCapacity) { buffer, initialised in
            // Doubles need no initialisation to be written; the rows past `count` are written
            // before they are read.
            for c in 0..<columns {
                for row in 0..<rows { buffer[c * newCapacity + row] = old[c * oldCapacity + row] }
            }
            initialised = columns * newCapacity
        }
        let more = newCapacity - cellStorage.count
        cellStorage.append(contentsOf: repeatElement(0, count: more))
        indexStorage.append(contentsOf: repeatElement(0, count: more))
        idStorage.append(contentsOf: repeatElement(0, count: more))
        parentStorage.append(contentsOf: repeatElement(0, count: more))
        capacity = newCapacity
    }

    /// Gives the evaluator the columns to write: the numbers (stride ``capacity``) and the
    /// cell, index, id and parent columns.
    mutating func withColumns(
        _ body: (
            UnsafeMutableBufferPointer<Double>, UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<UInt64>,
            UnsafeMutableBufferPointer<UInt64>, UnsafeMutableBufferPointer<UInt64>
        ) -> Void
    ) {
        values.withUnsafeMutableBufferPointer { v in
            cellStorage.withUnsafeMutableBufferPointer { c in
                indexStorage.withUnsafeMutableBufferPointer { i in
                    idStorage.withUnsafeMutableBufferPointer { k in
                        parentStorage.withUnsafeMutableBufferPointer { p in body(v, c, i, k, p) }
                    }
                }
            }
        }
    }

    public static func == (a: ParticleTable, b: ParticleTable) -> Bool {
        a.cellPaths == b.cellPaths && a.count == b.count && a.cell == b.cell && a.index == b.index && a.id == b.id
            && a.parent == b.parent && Column.allCases.allSatisfy { a.column($0) == b.column($0) }
    }
}
