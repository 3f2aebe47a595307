import Testing
@testable import Harmonic

/// Core Animation's fromValue/toValue/byValue table (Apple, "CABasicAnimation", "Setting
/// Interpolation Values"), with 7 as the current value.
@Suite("From/to/by resolution")
struct AnimationEndpointsTests {
    func ends(_ from: Double?, _ to: Double?, _ by: Double?) throws -> (from: Double, to: Double) {
        try AnimationEndpoints(from: from, to: to, by: by).resolved(current: 7)
    }

    @Test func everyRowOfTheTable() throws {
        #expect(try ends(1, 5, nil) == (1, 5))
        #expect(try ends(1, nil, 3) == (1, 4))
        #expect(try ends(nil, 5, 3) == (2, 5))
        #expect(try ends(1, nil, nil) == (1, 7))
        #expect(try ends(nil, 5, nil) == (7, 5))
        #expect(try ends(nil, nil, 3) == (7, 10))
        #expect(try ends(nil, nil, nil) == (7, 7))
    }

    @Test func allThreeAreAConflictNamingThem() {
        #expect(throws: HarmonicError.conflict(parameters: ["from", "to", "by"], reason: "give at most two of them")) {
            try AnimationEndpoints<Double>(from: 1, to: 2, by: 3, names: ("from", "to", "by"))
        }
    }

    /// The per-component rule agrees with the table, and its rate form is the table's
    /// derivative with respect to the current value.
    @Test(arguments: [(1.0, 5.0, nil), (1, nil, nil), (nil, 5, nil), (nil, nil, 3)] as [(Double?, Double?, Double?)])
    func ruleMatchesTable(from: Double?, to: Double?, by: Double?) throws {
        let endpoints = try AnimationEndpoints(from: from, to: to, by: by)
        let rule = try #require(endpoints.rule)
        let start = endpoints.storedStart ?? 0, end = endpoints.storedEnd ?? 0
        for current in [-3.0, 0, 7, 1e6] {
            let viaRule = rule.ends(start: start, end: end, current: current)
            let viaTable = endpoints.resolved(current: current)
            #expect(viaRule == viaTable)
            let h = 0.5
            let next = rule.ends(start: start, end: end, current: current + h)
            let rate = rule.ends(start: 0, end: 0, current: 1)
            #expect((next.from - viaRule.from) / h == rate.from)
            #expect((next.to - viaRule.to) / h == rate.to)
        }
    }

    /// A value type with its own sum (transform concatenation in the engine) and a difference
    /// that can fail (a singular transform has no inverse).
    @Test func customSumAndFailingDifference() throws {
        let sum: (Double, Double) -> Double = { $0 * $1 }
        let quotient: (Double, Double) throws(HarmonicError) -> Double = { (a, b) throws(HarmonicError) in
            guard b != 0 else { throw .invalidParameter(name: "byValue", value: "0", allowed: "invertible") }
            return a / b
        }
        let e = try AnimationEndpoints(from: nil, to: 8, by: 2, sum: sum, difference: quotient)
        #expect(e.resolved(current: 1, sum: sum) == (4, 8))
        #expect(throws: HarmonicError.self) {
            try AnimationEndpoints(from: nil, to: 8, by: 0, sum: sum, difference: quotient)
        }
    }
}
