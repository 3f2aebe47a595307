/// Blend modes that SVG's rasterisers have no `mix-blend-mode` for, drawn instead by a filter
/// that reads what is below (an `feImage` of it) and puts the whole composite in its place:
///
/// - `plus-lighter` (After Effects' Add, Core Animation's `plusL`): the premultiplied sum,
///   clamped — `S + D` (Compositing and Blending Level 2);
/// - `hard-mix` (After Effects' and Photoshop's Hard Mix): per channel
///   `B(Cb, Cs) = 1` where `Cb + Cs ≥ 1`, else 0, of the unpremultiplied colours, composited as
///   every separable blend mode is — `S·(1 − αb) + D·(1 − αs) + αs·αb·B` with alpha
///   `αs + αb − αs·αb` (Compositing and Blending Level 1, "Blending"; `S`, `D` the premultiplied
///   source and backdrop).
///
/// In the filter `B` is found from the opaque colours (each made opaque by a colour matrix,
/// which works on unpremultiplied values): their mean put through a two-step table (at least
/// ½ gives 1), then kept where both the source and the backdrop are (`in` twice).
///
/// Source: W3C, Compositing and Blending Level 1 and Level 2; W3C, Filter Effects Module
/// Level 1 (`feComposite`, `feColorMatrix`, `feComponentTransfer`); Adobe, After Effects User
/// Guide, "Blending modes".
package enum BackdropBlend: String, CaseIterable, Sendable {
    case plusLighter = "plus-lighter"
    case hardMix = "hard-mix"

    /// The filter's primitives after the backdrop, an `feImage` whose result is named
    /// `below`: the source graphic composited with it.
    package var primitives: String {
        switch self {
        case .plusLighter:
            return "<feComposite in=\"SourceGraphic\" in2=\"below\" operator=\"arithmetic\" k2=\"1\" k3=\"1\"/>"
        case .hardMix:
            let opaque =
                "type=\"matrix\" values=\"1 0 0 0 0 0 1 0 0 0 0 0 1 0 0 0 0 0 0 1\""
            return "<feComposite in=\"SourceGraphic\" in2=\"below\" operator=\"out\" result=\"sourceOnly\"/>"
                + "<feComposite in=\"below\" in2=\"SourceGraphic\" operator=\"out\" result=\"belowOnly\"/>"
                + "<feColorMatrix in=\"SourceGraphic\" \(opaque) result=\"sourceColor\"/>"
                + "<feColorMatrix in=\"below\" \(opaque) result=\"belowColor\"/>"
                + "<feComposite in=\"sourceColor\" in2=\"belowColor\" operator=\"arithmetic\" k2=\"0.5\" k3=\"0.5\"/>"
                + "<feComponentTransfer><feFuncR type=\"discrete\" tableValues=\"0 1\"/>"
                + "<feFuncG type=\"discrete\" tableValues=\"0 1\"/><feFuncB type=\"discrete\" tableValues=\"0 1\"/>"
                + "</feComponentTransfer>"
                + "<feComposite in2=\"SourceGraphic\" operator=\"in\"/>"
                + "<feComposite in2=\"below\" operator=\"in\" result=\"both\"/>"
                + "<feComposite in=\"sourceOnly\" in2=\"belowOnly\" operator=\"arithmetic\" k2=\"1\" k3=\"1\"/>"
                + "<feComposite in2=\"both\" operator=\"arithmetic\" k2=\"1\" k3=\"1\"/>"
        }
    }

    /// A filter `id` over a region far larger than any picture, in sRGB (as CSS blends), drawing
    /// the source blended with the group `backdrop` names.
    package func filter(id: String, backdrop: String) -> String {
        "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" x=\"-1000000\" y=\"-1000000\" width=\"2000000\" "
            + "height=\"2000000\" color-interpolation-filters=\"sRGB\">"
            + "<feImage href=\"#\(backdrop)\" result=\"below\"/>" + primitives + "</filter>"
    }
}
