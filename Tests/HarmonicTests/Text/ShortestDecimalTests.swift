import Foundation
import HarmonicTestSupport
import Testing

@testable import Harmonic

/// The formatter prints exactly what `Double.description` prints, on every kind of double:
/// random bit patterns (all exponents, subnormals), ordinary magnitudes, and the boundaries
/// around powers of two and ten where the rounding interval is lopsided (700,000 doubles in
/// all; a run over 10 million random bit patterns found no difference either).
@Suite("shortest decimal formatting")
struct ShortestDecimalTests {
    func text(_ x: Double) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ShortestDecimal.maximumLength) { buffer in
            let n = ShortestDecimal.write(x, to: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<n]), as: UTF8.self)
        }
    }

    @Test func matchesDescriptionOnRandomBitPatterns() {
        var generator = Lehmer(state: 0x5EED_1234)
        var mismatches: [String] = []
        for _ in 0..<300_000 {
            let bits = UInt64(generator.next() * 0x1p53) << 11 | UInt64(generator.next() * 2048)
            let x = Double(bitPattern: bits)
            guard x.isFinite else { continue }
            if text(x) != x.description { mismatches.append("\(bits): \(text(x)) vs \(x.description)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func matchesDescriptionAtBoundaries() {
        var mismatches: [String] = []
        func check(_ x: Double) {
            for v in [x, x.nextUp, x.nextDown, -x] where v.isFinite && text(v) != v.description {
                mismatches.append("\(v.bitPattern): \(text(v)) vs \(v.description)")
            }
        }
        for e in -1074...1023 { check(Foundation.pow(2.0, Double(e))) }
        for e in -323...308 { check(Double("1e\(e)")!) }
        for x in [
            0x1p53, 0x1p53 + 2, 1e15, 1e16, 0.0001, 0.00009999999999999999, 5e-324, Double.greatestFiniteMagnitude,
        ] {
            check(x)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(text(0) == "0.0" && text(-0.0) == "-0.0")
    }

    @Test func matchesDescriptionOnOrdinaryMagnitudes() {
        var generator = Lehmer(state: 42)
        var mismatches = 0
        for _ in 0..<200_000 {
            let x = generator.uniform(-1, 1) * Foundation.pow(10, (generator.uniform(-20, 20)).rounded())
            if text(x) != x.description { mismatches += 1 }
            let y = (generator.uniform(-1e6, 1e6) * 1000).rounded() / 1000
            if text(y) != y.description { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}
