import Harmonic
import HarmonicRender

/// A minimal SVG 1.1 writer: elements with attributes, text escaped, coordinates rounded to
/// hundredths of a pixel (finer than any display, and keeps files small).
struct SVGDocument {
    let width: Double
    let height: Double
    private var body: [String] = []

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Coordinates and lengths as printed: two decimals, no trailing zeros.
    static func number(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        return NumberText.fixed(x, places: 2)
    }

    /// Text content or an attribute value with XML's special characters escaped (the frame
    /// renderer's rule, ``/HarmonicRender/SVGMarkup``).
    static func escaped(_ text: String) -> String { SVGMarkup.escaped(text) }

    private static func attributes(_ pairs: KeyValuePairs<String, String>) -> String {
        pairs.map { " \($0.key)=\"\(escaped($0.value))\"" }.joined()
    }

    mutating func raw(_ markup: String) { body.append(markup) }

    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, _ style: KeyValuePairs<String, String> = [:]
    ) {
        body.append(
            "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" "
                + "height=\"\(Self.number(height))\"\(Self.attributes(style))/>"
        )
    }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ style: KeyValuePairs<String, String>) {
        body.append(
            "<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" "
                + "y2=\"\(Self.number(y2))\"\(Self.attributes(style))/>"
        )
    }

    mutating func polyline(_ points: [(Double, Double)], _ style: KeyValuePairs<String, String>) {
        guard !points.isEmpty else { return }
        let list = points.map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " ")
        body.append("<polyline points=\"\(list)\" fill=\"none\"\(Self.attributes(style))/>")
    }

    mutating func circle(_ cx: Double, _ cy: Double, r: Double, _ style: KeyValuePairs<String, String>) {
        body.append(
            "<circle cx=\"\(Self.number(cx))\" cy=\"\(Self.number(cy))\" "
                + "r=\"\(Self.number(r))\"\(Self.attributes(style))/>"
        )
    }

    /// - Parameter halo: Paint a white outline under the glyphs, so a label stays legible
    ///   where it crosses lines.
    mutating func text(
        _ content: String, x: Double, y: Double, _ style: KeyValuePairs<String, String> = [:], halo: Bool = false
    ) {
        let outline =
            halo
            ? " stroke=\"#ffffff\" stroke-width=\"4\" stroke-linejoin=\"round\" paint-order=\"stroke\"" : ""
        body.append(
            "<text x=\"\(Self.number(x))\" "
                + "y=\"\(Self.number(y))\"\(Self.attributes(style))\(outline)>\(Self.escaped(content))</text>"
        )
    }

    mutating func beginGroup(_ style: KeyValuePairs<String, String>) { body.append("<g\(Self.attributes(style))>") }
    mutating func endGroup() { body.append("</g>") }

    /// The complete document, with an XML declaration and a `viewBox` so it scales cleanly.
    var text: String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))\" "
            + "height=\"\(Self.number(height))\" "
        out += "viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\">\n"
        out += body.joined(separator: "\n")
        out += "\n</svg>\n"
        return out
    }
}
