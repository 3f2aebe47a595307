import Harmonic
import Testing

@testable import HarmonicRender

/// The display list both players draw into, written as SVG: groups stay balanced, a backdrop
/// blend takes what is below it in its isolating group, masks read their content as asked,
/// and gradients are written in the element's user space.
@Suite("Display list")
struct DisplayListTests {
    static func square(_ color: SIMD4<Double>) -> DisplayList.PathItem {
        DisplayList.PathItem(data: "M0 0H10V10H0Z", transform: nil, fill: DisplayList.Paint(color))
    }

    static func count(_ text: String, _ piece: String) -> Int { text.ranges(of: piece).count }

    /// What was drawn since the innermost isolating group — here inside an opacity group, with
    /// a plain group still open — becomes the blend's backdrop; the plain group is closed in the
    /// backdrop and opened again bare after it, and every group closes.
    @Test func aBackdropBlendTakesWhatIsBelowInItsIsolatingGroup() {
        var list = DisplayList()
        list.add(Self.square(SIMD4(0, 0, 1, 1)))  // outside the isolating group: stays
        list.begin(.plain([("opacity", "0.5")], isolates: true))
        list.add(Self.square(SIMD4(1, 0, 0, 1)))
        list.begin(.plain([("id", "inner")], isolates: false))
        list.add(Self.square(SIMD4(0, 1, 0, 1)))
        list.beginBackdropBlend(.plusLighter)
        list.add(Self.square(SIMD4(1, 1, 1, 1)))
        list.end(toDepth: 0)
        #expect(list.depth == 0)
        let svg = list.svg(width: 10, height: 10, viewBox: "0 0 10 10")
        let defs = String(svg[svg.range(of: "<defs>")!.lowerBound..<svg.range(of: "</defs>")!.upperBound])
        // The red and green squares moved into the backdrop, the blue one did not.
        #expect(defs.contains("fill=\"#ff0000\"") && defs.contains("fill=\"#00ff00\"") && defs.contains("id=\"inner\""))
        #expect(!defs.contains("fill=\"#0000ff\"") && svg.contains("fill=\"#0000ff\""))
        #expect(defs.contains("<feImage href=\"#below0\""))
        #expect(Self.count(svg, "<g") == Self.count(svg, "</g>"))
        // In the body: the opacity group, a bare group in place of the inner one, the blend.
        let body = String(svg[svg.range(of: "</defs>")!.upperBound...])
        #expect(body.contains("<g opacity=\"0.5\">\n<g>\n<g filter=\"url(#below0blend)\">"))
        #expect(!body.contains("#ff0000") && body.contains("#ffffff"))
    }

    /// An inverted alpha reading: the content through a colour matrix that makes one minus its
    /// alpha the luminance, over a white page; SVG's own luminance needs neither.
    @Test func masksReadTheirContentAsAsked() {
        var content = DisplayList()
        content.add(Self.square(SIMD4(1, 1, 1, 1)))
        var inverted = DisplayList()
        inverted.begin(.masked(.init(.alphaInverted, content)))
        inverted.end()
        let svg = inverted.svg(width: 10, height: 10, viewBox: "0 0 10 10")
        #expect(svg.contains("values=\"0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0\""))
        #expect(svg.contains("<path d=\"\(DisplayList.everywhere)\" fill=\"#ffffff\"/>"))
        var luminance = DisplayList()
        luminance.begin(.masked(.init(.luminance, content)))
        luminance.end()
        let plain = luminance.svg(width: 10, height: 10, viewBox: "0 0 10 10")
        #expect(!plain.contains("feColorMatrix") && !plain.contains(DisplayList.everywhere))
        #expect(plain.contains("<mask id=\"mask0\"") && plain.contains("mask=\"url(#mask0)\""))
    }

    /// A circle's gradient by its centre, radius and focus; an ellipse's as the unit circle
    /// mapped onto it; both in the element's user space.
    @Test func radialGradientsAreWrittenInTheElementsSpace() {
        func svg(_ map: Transform2D) -> String {
            var list = DisplayList()
            let stops: [(Double, SIMD4<Double>)] = [(0, SIMD4(1, 0, 0, 1)), (1, SIMD4(0, 0, 1, 0.5))]
            list.add(
                DisplayList.PathItem(
                    data: "M0 0H10V10H0Z", transform: nil,
                    fill: DisplayList.Paint(.radial(map, focus: SIMD2(0.5, 0), stops: stops), opacity: 0.8)))
            return list.svg(width: 10, height: 10, viewBox: "0 0 10 10")
        }
        let circle = svg(Transform2D(a: 4, b: 0, c: 0, d: 4, tx: 5, ty: 6))
        #expect(circle.contains("cx=\"5\" cy=\"6\" r=\"4\" fx=\"7\" fy=\"6\""))
        #expect(circle.contains("stop-opacity=\"0.5\"") && circle.contains("fill-opacity=\"0.8\""))
        let ellipse = svg(Transform2D(a: 4, b: 0, c: 0, d: 2, tx: 5, ty: 6))
        #expect(
            ellipse.contains("cx=\"0\" cy=\"0\" r=\"1\" fx=\"0.5\" fy=\"0\" gradientTransform=\"matrix(4 0 0 2 5 6)\""))
    }
}
