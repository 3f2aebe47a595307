import Testing
@testable import Harmonic

/// Paths as offsets: differences and sums of coordinates, codes kept, checked on random paths
/// of moves, lines and curves, and on a path affine in two values, which is its value at rest
/// plus one offset per value.
@Suite struct PathOffsetsTests {
    /// A random path of `count` elements after a move: lines, quadratic and cubic curves, closes.
    static func randomPath(_ codes: [Int], using g: inout SplitMix64) -> [Double] {
        var numbers: [Double] = [1, .random(in: -100...100, using: &g), .random(in: -100...100, using: &g)]
        for code in codes {
            let arguments = [2: 2, 3: 4, 4: 6, 6: 0][code] ?? 0
            numbers.append(Double(code))
            for _ in 0..<arguments { numbers.append(.random(in: -100...100, using: &g)) }
        }
        return numbers
    }

    @Test func offsetsTakeOnePathToAnotherAndBack() throws {
        var g = SplitMix64(seed: 36)
        for _ in 0..<200 {
            let codes = (0..<Int.random(in: 1...8, using: &g)).map { _ in [2, 3, 4, 6].randomElement(using: &g)! }
            let a = try PathCoordinates(numbers: Self.randomPath(codes, using: &g))
            let b = try PathCoordinates(numbers: Self.randomPath(codes, using: &g))
            let delta = try a.offsets(to: b)
            #expect(delta.structure == a.structure)
            let back = try a.offset(by: delta)
            #expect(back.structure == b.structure)
            for (x, y) in zip(back.numbers, b.numbers) { #expect(abs(x - y) <= 1e-13 * max(1, abs(y))) }
            // Every argument is the difference; every code is kept, not subtracted.
            var i = 0
            while i < a.numbers.count {
                #expect(delta.numbers[i] == a.numbers[i])
                let n = [1: 2, 2: 2, 3: 4, 4: 6, 6: 0][Int(a.numbers[i])] ?? 0
                for k in (i + 1)..<(i + 1 + n) { #expect(delta.numbers[k] == b.numbers[k] - a.numbers[k]) }
                i += 1 + n
            }
        }
    }

    @Test func aPathAffineInTwoValuesIsItsRestPlusAnOffsetEach() throws {
        // A rounded-cornerless rectangle at (x, 0) of width w: affine in (x, w) together.
        func rectangle(x: Double, w: Double) throws -> PathCoordinates {
            try PathCoordinates(
                numbers: [1, x, 0, 2, x + w, 0, 4, x + w, 3, x + w - 1, 5, x + w / 2, 5, 2, x, 5, 6])
        }
        let rest = try rectangle(x: 0, w: 10)
        var g = SplitMix64(seed: 7)
        for _ in 0..<100 {
            let x = Double.random(in: -50...50, using: &g), w = Double.random(in: 0...80, using: &g)
            let moved = try rest.offsets(to: rectangle(x: x, w: 10))
            let widened = try rest.offsets(to: rectangle(x: 0, w: w))
            let sum = try rest.offset(by: moved).offset(by: widened)
            let exact = try rectangle(x: x, w: w)
            // Two offsets added to `rest` minus the rest counted twice: `rest + Δx + Δw`.
            for (s, e) in zip(sum.numbers, exact.numbers) { #expect(abs(s - e) <= 1e-12) }
        }
    }

    @Test func differentStructuresAndArcsAreRefused() throws {
        let line = try PathCoordinates(numbers: [1, 0, 0, 2, 1, 1])
        let curve = try PathCoordinates(numbers: [1, 0, 0, 4, 1, 1, 2, 2, 3, 3])
        let arc = PathCoordinates(try Path(svgPathData: "M0 0 A5 5 0 0 1 10 0"))
        #expect {
            try line.offsets(to: curve)
        } throws: { error in
            guard case let .invalidParameter(_, value, _) = error as? HarmonicError else { return false }
            return value.contains("\"M L\"") && value.contains("\"M C\"")
        }
        #expect {
            try arc.offset(by: arc)
        } throws: { error in
            guard case let .invalidParameter(_, value, _) = error as? HarmonicError else { return false }
            return value.contains("arcs")
        }
    }
}
