import Harmonic

/// A picture as the drawing operations that make it, bottom first: what both of Harmonic's
/// players emit — the engine's frame renderer (``FrameRenderer``) for a layer tree and the
/// Lottie player for a frame evaluated directly — and the one place they become SVG
/// (``svg(width:height:viewBox:)``).
///
/// Groups nest: ``Operation/begin(_:)`` opens one and ``Operation/end`` closes the innermost;
/// everything between is drawn into the group, which is then composited with its effect. Masks,
/// clips, gradients and filters live in the operations that use them and are written as
/// definitions, with identifiers of their own, only when the list is written: so a list is a
/// value that can be built in pieces, spliced (a transition's two renderings, a mask's content)
/// and compared.
package struct DisplayList: Sendable {
    package private(set) var operations: [Operation] = []
    /// Where, in ``operations``, each open group begins (innermost last), and whether it isolates
    /// what blends inside it (group opacity, a blend mode, a filter, a mask, a clip): a backdrop
    /// blend's backdrop is what was drawn since the innermost isolating group
    /// (``beginBackdropBlend(_:)``).
    private var open: [(index: Int, isolates: Bool)] = []
    /// About how many bytes the operations take written (a path's data and its attributes,
    /// ``markupLength`` for anything else, a mask's content included), kept as they are added so
    /// that the writer reserves its buffer once instead of regrowing it — copying everything
    /// written so far — as a picture of long paths is written.
    private(set) var estimatedLength = 0
    /// What an element's markup other than path data takes, about, in bytes.
    private static let markupLength = 160

    package init() {}

    package enum Operation: Sendable {
        case begin(Group)
        case end
        case path(PathItem)
        /// An element other than a path (`image`, `text`, `circle`, `rect`): its name, attributes
        /// (written escaped) and text content.
        case element(name: String, attributes: [(String, String)], text: String?)
        /// A note in the picture where something could not be drawn.
        case comment(String)
    }

    /// What a group does to what is drawn into it.
    package enum Group: Sendable {
        /// Attributes only (`id`, `opacity`, `transform`, `style`, `shape-rendering`); `isolates`
        /// when they make the group a compositing group of its own (opacity, a blend mode).
        case plain([(String, String)], isolates: Bool)
        /// Shown through a mask: where the mask's content, read as ``Mask/Reading`` says, covers.
        case masked(Mask)
        /// Clipped to a path's area.
        case clipped(Clip)
        /// Drawn through a filter.
        case filtered(Filter)
        /// Blended with what was drawn below it in the innermost isolating group, by a mode SVG's
        /// rasterisers lack (``BackdropBlend``): the `below` operations are moved into the blend,
        /// drawn only as its filter's backdrop, and the composite of the two stands in for both.
        case backdrop(BackdropBlend, below: [Operation])
    }

    /// The content of a mask, and how its pixels become coverage.
    package struct Mask: Sendable {
        package enum Reading: String, Sendable {
            /// SVG's own: luminance times alpha.
            case luminance
            /// The content's alpha.
            case alpha
            /// One minus the content's alpha.
            case alphaInverted
            /// One minus the content's luminance where it covers, full where it does not.
            case luminanceInverted
        }
        package var reading: Reading
        package var content: DisplayList

        package init(_ reading: Reading, _ content: DisplayList) {
            self.reading = reading
            self.content = content
        }
    }

    /// A clip path: path data in the space `transform` maps to the group's (none: the group's).
    package struct Clip: Sendable {
        package var data: String
        package var transform: String?

        package init(data: String, transform: String? = nil) {
            self.data = data
            self.transform = transform
        }
    }

    /// A filter: its region's attributes and its primitives.
    package struct Filter: Sendable {
        package var region: String
        package var primitives: String

        /// A filter whose region is the filtered element's box grown by half on every side.
        package init(primitives: String, region: String = "x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\"") {
            self.region = region
            self.primitives = primitives
        }
    }

    /// A path filled and stroked, its data in the space `transform` maps to the group's.
    package struct PathItem: Sendable {
        package var data: String
        package var transform: String?
        package var fill: Paint?
        package var evenOdd = false
        package var stroke: Stroke?
        package var filter: Filter?

        package init(data: String, transform: String?, fill: Paint? = nil, evenOdd: Bool = false, stroke: Stroke? = nil)
        {
            self.data = data
            self.transform = transform
            self.fill = fill
            self.evenOdd = evenOdd
            self.stroke = stroke
        }
    }

    /// A colour or a gradient, and the opacity it is drawn at.
    package struct Paint: Sendable {
        package var color: SIMD4<Double>
        package var gradient: Gradient?

        /// A solid colour, its alpha the paint's opacity.
        package init(_ color: SIMD4<Double>) {
            self.color = color
            gradient = nil
        }

        /// A gradient at `opacity`.
        package init(_ gradient: Gradient, opacity: Double) {
            color = SIMD4(0, 0, 0, opacity)
            self.gradient = gradient
        }
    }

    /// A gradient in the user space of the element it paints: linear from `start` to `end`, or
    /// radial — the unit circle centred on the origin mapped by `radial` (`x ↦ (a·x + c·y + tx,
    /// b·x + d·y + ty)`) with its focus at `focus` in the unit circle's coordinates. Colours
    /// between stops are interpolated in sRGB.
    package struct Gradient: Sendable {
        package var start = SIMD2<Double>.zero, end = SIMD2<Double>.zero
        package var radial: Transform2D?
        package var focus = SIMD2<Double>.zero
        /// Offsets in 0…1 and RGBA colours.
        package var stops: [(offset: Double, color: SIMD4<Double>)]

        package static func linear(from start: SIMD2<Double>, to end: SIMD2<Double>, stops: [(Double, SIMD4<Double>)])
            -> Gradient
        {
            Gradient(start: start, end: end, stops: stops.map { (offset: $0.0, color: $0.1) })
        }

        package static func radial(
            _ map: Transform2D, focus: SIMD2<Double> = .zero, stops: [(Double, SIMD4<Double>)]
        ) -> Gradient {
            Gradient(radial: map, focus: focus, stops: stops.map { (offset: $0.0, color: $0.1) })
        }
    }

    /// A stroke: width, and cap, join, miter limit and dashes where they are not SVG's defaults
    /// (`nil`).
    package struct Stroke: Sendable {
        package var paint: Paint
        package var width: Double
        package var cap: String?
        package var join: String?
        package var miterLimit: Double?
        package var dashes: [Double] = []
        package var dashOffset = 0.0

        package init(_ paint: Paint, width: Double) {
            self.paint = paint
            self.width = width
        }
    }

    // MARK: Building

    package mutating func begin(_ group: Group) {
        let isolates: Bool
        switch group {
        case let .plain(_, isolating): isolates = isolating
        case .masked, .clipped, .filtered, .backdrop: isolates = true
        }
        open.append((operations.count + 1, isolates))
        operations.append(.begin(group))
        estimatedLength += Self.markupLength
        switch group {
        case let .masked(mask): estimatedLength += mask.content.estimatedLength
        case let .clipped(clip): estimatedLength += clip.data.utf8.count
        case .plain, .filtered, .backdrop: break
        }
    }

    package mutating func end() {
        guard !open.isEmpty else { return }
        open.removeLast()
        operations.append(.end)
        estimatedLength += "</g>\n".utf8.count
    }

    /// Closes every group opened since there were `depth` open.
    package mutating func end(toDepth depth: Int) {
        while open.count > depth { end() }
    }

    /// How many groups are open.
    package var depth: Int { open.count }

    package mutating func add(_ path: PathItem) {
        estimatedLength += path.data.utf8.count + Self.markupLength
        operations.append(.path(path))
    }

    package mutating func add(element name: String, _ attributes: [(String, String)], text: String? = nil) {
        estimatedLength += Self.markupLength + (text?.utf8.count ?? 0)
        operations.append(.element(name: name, attributes: attributes, text: text))
    }

    package mutating func comment(_ text: String) {
        estimatedLength += Self.markupLength
        operations.append(.comment(text))
    }

    /// `other`'s operations drawn here, in the group open now; a group it leaves open stays so.
    package mutating func append(_ other: DisplayList) {
        let base = operations.count
        operations += other.operations
        open += other.open.map { ($0.index + base, $0.isolates) }
        estimatedLength += other.estimatedLength
    }

    /// Opens a group blended with what is below it by CSS `mix-blend-mode` `mode` (`multiply`,
    /// `hue`…), carrying `attributes` (an `id`).
    ///
    /// What else applies to the blended content — its opacity, a mask — goes in groups opened
    /// inside this one. The compositing spec makes the two the same picture, but librsvg draws
    /// an element that carries both `opacity` and `mix-blend-mode` otherwise: a Hue layer at
    /// 77 % over nothing, which the spec leaves the layer's own colour (a blend with no backdrop
    /// is the source), comes out in other colours (`#ff5704` as `#ff4205`).
    package mutating func beginBlend(_ mode: String, attributes: [(String, String)] = []) {
        begin(.plain(attributes + [("style", "mix-blend-mode:\(mode)")], isolates: true))
    }

    /// Opens a group blended with what was drawn since the innermost isolating group began (the
    /// picture's start when none has): that becomes the blend's backdrop, and the groups
    /// opened since — still open — are closed in it and opened again, bare, after it.
    package mutating func beginBackdropBlend(_ blend: BackdropBlend) {
        let start = open.last(where: \.isolates)?.index ?? 0
        let reopened = open.filter { $0.index > start }
        var below = Array(operations[start...])
        below += Array(repeating: .end, count: reopened.count)
        operations.removeSubrange(start...)
        // The open groups are a stack: those opened since the isolating one are its top.
        open.removeLast(reopened.count)
        for _ in 0..<reopened.count { begin(.plain([], isolates: false)) }
        begin(.backdrop(blend, below: below))
    }
}
