import Harmonic
@testable import HarmonicRender
import Testing

/// The SVG text of numbers and colours: the string and the byte-buffer forms agree, and
/// colours round to 8 bits as the picture is drawn.
@Suite struct SVGMarkupTests {
    @Test func bytesAndTextAgree() {
        let values: [Double] = [0, -0.0, 1, -3, 0.1, 1e-7, 123_456.789, -2.5e20, .pi, .infinity, -.infinity, .nan]
        for x in values {
            let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberText.maximumLength) { b in
                String(
                    decoding: UnsafeBufferPointer(rebasing: b[..<SVGMarkup.write(x, to: b.baseAddress!)]), as: UTF8.self
                )
            }
            #expect(written == SVGMarkup.number(x), "\(x)")
        }
        // Not finite and negative zero read 0; the rest round-trip.
        #expect(SVGMarkup.number(-0.0) == "0" && SVGMarkup.number(.nan) == "0" && SVGMarkup.number(-.infinity) == "0")
        #expect(Double(SVGMarkup.number(0.1)) == 0.1 && Double(SVGMarkup.number(-2.5e20)) == -2.5e20)
    }

    /// `round(c · 255)` per channel after clamping to [0, 1] (NaN as 0): 0.5 · 255 = 127.5
    /// rounds away from zero to 128 = 0x80; 0.2 · 255 = 51 = 0x33.
    @Test func coloursRoundToEightBits() {
        #expect(SVGMarkup.hex(SIMD4(1, 0.5, 0, 1)) == "#ff8000")
        #expect(SVGMarkup.hex(SIMD4(0.2, 10 / 255.0, 171 / 255.0, 0)) == "#330aab")
        #expect(SVGMarkup.hex(SIMD4(-1, .nan, 2, 1)) == "#0000ff")
    }
}
