import Harmonic
import HarmonicBLAS
import Testing

@Suite("SpringBasis (OpenBLAS)")
struct SpringBasisTests {
    /// 19 channels with different starts, targets and velocities, including a channel at
    /// rest and very different scales.
    static let from: [Double] = (0..<19).map { (i: Int) -> Double in Double(i * i) - 40 }
    static let to: [Double] = (0..<19).map { (i: Int) -> Double in
        i == 3 ? Double(i * i) - 40 : 1000 * Double(i % 5)
    }
    static let velocity: [Double] = (0..<19).map { (i: Int) -> Double in
        i == 3 ? 0 : Double(i % 7) * 30 - 90
    }

    static let springs: [Spring] = [
        .default,
        try! Spring(mass: 1, stiffness: 400, damping: 0),
        try! Spring(mass: 2, stiffness: 50, damping: 20),  // critical
        try! Spring(mass: 1, stiffness: 30, damping: 60),  // overdamped
    ]

    static func check(_ basis: SpringBasis, times: [Double], layout: SpringBasis.Layout, method: SpringBasis.Method) {
        let c = Self.from.count, n = times.count
        var values = [Double](repeating: .nan, count: n * c)
        var velocities = [Double](repeating: .nan, count: n * c)
        Self.from.withUnsafeBufferPointer { f in
            Self.to.withUnsafeBufferPointer { t in
                Self.velocity.withUnsafeBufferPointer { v in
                    values.withUnsafeMutableBufferPointer { out in
                        velocities.withUnsafeMutableBufferPointer { dv in
                            let written = basis.evaluate(
                                from: f, to: t, initialVelocity: v, values: out, velocities: dv, layout: layout,
                                method: method)
                            #expect(written == c)
                        }
                    }
                }
            }
        }
        for j in 0..<c {
            var worst = 0.0, worstVelocity = 0.0
            var lo = min(from[j], to[j]), hi = max(from[j], to[j])
            var vlo = min(velocity[j], 0.0), vhi = max(velocity[j], 0.0)
            for (i, t) in times.enumerated() {
                let s = basis.spring.state(at: t, from: from[j], to: to[j], initialVelocity: velocity[j])
                let index = layout == .timeMajor ? i * c + j : j * n + i
                let d = abs(values[index] - s.value), dv = abs(velocities[index] - s.velocity)
                worst = d.isNaN ? .infinity : max(worst, d)
                worstVelocity = dv.isNaN ? .infinity : max(worstVelocity, dv)
                lo = min(lo, s.value)
                hi = max(hi, s.value)
                vlo = min(vlo, s.velocity)
                vhi = max(vhi, s.velocity)
            }
            // A channel at rest must be exactly at rest; others within 1e-12 of their range.
            #expect(worst <= 1e-12 * (hi - lo) + 2 * abs(to[j]).ulp, "\(basis.spring) \(layout) \(method) channel \(j)")
            #expect(worstVelocity <= 1e-12 * (vhi - vlo), "velocity \(basis.spring) \(layout) \(method) channel \(j)")
        }
    }

    @Test(arguments: [SpringBasis.Method.matrixProduct, .loops, .automatic])
    func gridBasisMatchesSingleValues(method: SpringBasis.Method) throws {
        let grid = try SampleGrid(start: -0.05, step: 1.0 / 240, count: 601)
        for spring in Self.springs {
            let basis = SpringBasis(spring: spring, grid: grid)
            #expect(basis.count == grid.count)
            for layout in [SpringBasis.Layout.timeMajor, .channelMajor] {
                Self.check(basis, times: grid.times, layout: layout, method: method)
            }
        }
    }

    @Test(arguments: [SpringBasis.Method.matrixProduct, .loops])
    func timesBasisMatchesSingleValues(method: SpringBasis.Method) throws {
        let times = (0..<997).map { 3 * (Double($0) * 0.6180339887498949).truncatingRemainder(dividingBy: 1) - 0.2 }
        for spring in Self.springs {
            let basis = SpringBasis(spring: spring, times: times)
            for layout in [SpringBasis.Layout.timeMajor, .channelMajor] {
                Self.check(basis, times: times, layout: layout, method: method)
            }
        }
    }

    @Test func mismatchedInputsWriteNothing() throws {
        let basis = SpringBasis(spring: .default, grid: try SampleGrid(start: 0, step: 0.1, count: 10))
        var out = [Double](repeating: 7, count: 5)
        let written = [0.0, 1].withUnsafeBufferPointer { f in
            [1.0, 2].withUnsafeBufferPointer { t in
                [0.0].withUnsafeBufferPointer { v in
                    out.withUnsafeMutableBufferPointer {
                        basis.evaluate(from: f, to: t, initialVelocity: v, values: $0)
                    }
                }
            }
        }
        #expect(written == 0)
        #expect(out.allSatisfy { $0 == 7 })
        var values: [Double] = []
        basis.evaluate(from: [0, 1], to: [1, 2], initialVelocity: [0, 0], values: &values)
        #expect(values.count == 20)
        #expect(values[0] == 0 && values[1] == 1)
    }

    @Test func threadCountIsControllable() {
        BLASThreads.setCount(2)
        #expect(BLASThreads.count == 2)
        BLASThreads.setCount(0)
        #expect(BLASThreads.count == 1)
    }
}
