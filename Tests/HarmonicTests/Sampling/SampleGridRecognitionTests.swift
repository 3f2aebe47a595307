import Testing

@testable import Harmonic

/// `SampleGrid(matching:)` recognises the three spellings of an evenly spaced array, bit for
/// bit, and `SampleGrid(start:end:rate:)` counts a clock's frames through an end time.
@Suite struct SampleGridRecognitionTests {
    static func recognised(_ times: [Double]) -> SampleGrid? {
        times.withUnsafeBufferPointer { SampleGrid(matching: $0) }
    }

    @Test func linspaceArangeAndSteppedArraysAreRecognised() throws {
        // numpy.linspace(-1, 3, 1001): i·step + start, the last exactly the end.
        let n = 1001
        let step = 4.0 / Double(n - 1)
        var linspace = (0..<n).map { Double($0) * step + -1 }
        linspace[n - 1] = 3
        let grid = try #require(Self.recognised(linspace))
        #expect(grid.count == n)
        for i in [0, 1, 500, 999, 1000] { #expect(grid.time(at: i) == linspace[i]) }
        // numpy.arange(n)·h: start 0, the step of the first two times.
        let arange = (0..<257).map { Double($0) * 0.01 }
        let stepped = try #require(Self.recognised(arange))
        #expect(stepped.step == 0.01)
        #expect((0..<257).allSatisfy { stepped.time(at: $0) == arange[$0] })
    }

    @Test func arraysThatAreNoGridAreRefused() {
        #expect(Self.recognised([]) == nil)
        #expect(Self.recognised([0]) == nil)
        #expect(Self.recognised([1, 1]) == nil)
        #expect(Self.recognised([2, 1, 0]) == nil)
        #expect(Self.recognised([0, 0.1, 0.3]) == nil)
        var almost = (0..<100).map { Double($0) * 0.25 }
        almost[57] = almost[57].nextUp
        #expect(Self.recognised(almost) == nil)
    }

    @Test func framesThroughAnEndCountTheLastFrameThatLandsOnIt() throws {
        // 0 … 1 s at 60 fps: 61 frames, the last at exactly 1 (60/60).
        let second = try SampleGrid(start: 0, end: 1, rate: 60)
        #expect(second.count == 61)
        #expect(second.time(at: 60) == 1)
        // 0.29·100 is 28.999999999999996 in binary; the allowance keeps the frame at 0.29.
        #expect((0.29 * 100).rounded(.down) == 28)
        let hundredths = try SampleGrid(start: 0, end: 0.29, rate: 100)
        #expect(hundredths.count == 30)
        #expect(try SampleGrid(start: 2, end: 2, rate: 30).count == 1)
        #expect(try SampleGrid(start: 0, end: 1, rate: 7).count == 8)
    }

    @Test func framesThroughAnEndRefuseBadInput() {
        #expect(throws: HarmonicError.self) { try SampleGrid(start: 1, end: 0, rate: 60) }
        #expect(throws: HarmonicError.self) { try SampleGrid(start: 0, end: 1, rate: 0) }
        #expect(throws: HarmonicError.self) { try SampleGrid(start: 0, end: 1, rate: -.infinity) }
        #expect(throws: HarmonicError.self) { try SampleGrid(start: .nan, end: 1, rate: 60) }
        // More frames than the caller allows, and a span whose frame count overflows.
        #expect {
            try SampleGrid(start: 0, end: 10, rate: 1e12, maximumCount: 1000)
        } throws: { "\($0)".contains("rate") && "\($0)".contains("1000") }
        #expect(throws: HarmonicError.self) { try SampleGrid(start: -1e308, end: 1e308, rate: 1e308) }
    }
}
