import Harmonic
import HarmonicJSON

/// One item of a shape layer's list (`shapes`, a group's `it`), in the file's order: index 0 is
/// drawn on top. Geometry items add paths; a fill or stroke paints every path before it in its
/// group, those of nested groups included; a trim cuts the paths before it.
///
/// Source: the Lottie format, "Shapes" (lottie.github.io/lottie-spec); Adobe, After Effects
/// User Guide, "Shape attributes, paint operations, and path operations for shape layers".
enum LottieShape: Sendable {
    case group([LottieShape], LottieTransform)
    /// A Bézier shape (`sh`); `closed` from its first value (closedness does not animate).
    case path(LottieProperty, closed: Bool, reversed: Bool)
    /// A rectangle (`rc`): centre `p`, size `s`, corner roundness `r`.
    case rectangle(position: LottieProperty?, size: LottieProperty?, roundness: LottieProperty?, reversed: Bool)
    /// An ellipse (`el`): centre `p`, size `s`.
    case ellipse(position: LottieProperty?, size: LottieProperty?, reversed: Bool)
    /// A star (`sy` 1) or polygon (`sy` 2) (`sr`).
    case polystar(LottiePolystar)
    case fill(LottieFill)
    case stroke(LottieStroke)
    /// A trim (`tm`): start and end in percent, offset in degrees, mode 1 simultaneous (each
    /// path on its own), 2 individually (the paths as one).
    case trim(start: LottieProperty?, end: LottieProperty?, offset: LottieProperty?, individually: Bool)
    /// Everything above a repeater in its group (`rp`), copied.
    case repeated([LottieShape], LottieRepeater)
    /// A path item none of whose properties is animated, built when the file is read.
    case fixed(LottieFixedPath)
    /// Round Corners (`rd`): the sharp corners of the paths before it rounded, radius `r`.
    case roundCorners(LottieProperty?)

    /// Upper bound on nesting, so a hostile file cannot exhaust the stack.
    static let maximumDepth = 64

    static func list(_ json: JSONValue?, path: String, context: LottieReadContext, depth: Int = 0)
        throws(HarmonicError) -> [LottieShape]
    {
        guard let json else { return [] }
        guard case let .array(items) = json else {
            throw .invalidParameter(name: path, value: json.summary, allowed: "a list of shapes")
        }
        guard depth < maximumDepth else {
            throw .invalidParameter(
                name: path, value: "groups nested \(depth) deep", allowed: "at most \(maximumDepth)")
        }
        var out: [LottieShape] = []
        for (i, item) in items.enumerated() {
            // A repeater copies what is above it: the list so far becomes its content.
            if case let .object(m) = item, case .string("rp")? = m["ty"], m["hd"] != .bool(true) {
                context.uses("shape.repeater")
                let repeater = try context.recovering("the repeater is left out", fallback: nil) {
                    () throws(HarmonicError) -> LottieRepeater? in
                    try LottieRepeater(m, path: "\(path)[\(i)]", context: context)
                }
                if let repeater { out = [.repeated(out, repeater)] }
                continue
            }
            let shape = try context.recovering("the item is left out", fallback: nil) {
                () throws(HarmonicError) -> LottieShape? in
                try LottieShape(item, path: "\(path)[\(i)]", context: context, depth: depth)
            }
            if let shape { out.append(shape) }
        }
        return out
    }

    /// Reads one item; `nil` for hidden items, group transforms (read by the group) and
    /// unsupported kinds (reported).
    init?(_ json: JSONValue, path: String, context: LottieReadContext, depth: Int) throws(HarmonicError) {
        guard case let .object(m) = json else {
            throw .invalidParameter(name: path, value: json.summary, allowed: "a shape object")
        }
        guard case let .string(type)? = m["ty"] else {
            throw .invalidParameter(name: "\(path).ty", value: m["ty"]?.summary ?? "missing", allowed: "a shape type")
        }
        if case .bool(true)? = m["hd"] { return nil }
        if let bm = m["bm"], bm != .number(0) { context.unsupported("\(path).bm", "shape.blendMode") }
        func property(_ key: String) throws(HarmonicError) -> LottieProperty? {
            try LottieProperty.optional(m[key], path: "\(path).\(key)", context: context)
        }
        var reversed = false
        if case .number(3)? = m["d"] { reversed = true }
        switch type {
        case "gr":
            context.uses("shape.group")
            var transform = LottieTransform.identity
            if case let .array(items)? = m["it"] {
                for (i, item) in items.enumerated() {
                    if case let .object(t) = item, case .string("tr")? = t["ty"] {
                        transform = try LottieTransform(item, path: "\(path).it[\(i)]", context: context)
                    }
                }
            }
            self = .group(try Self.list(m["it"], path: "\(path).it", context: context, depth: depth + 1), transform)
        case "sh":
            context.uses("shape.path")
            guard let ks = m["ks"] else {
                throw .invalidParameter(name: "\(path).ks", value: "missing", allowed: "the path's shape property")
            }
            var closed = false
            let property = try LottieProperty(ks, path: "\(path).ks", context: context) {
                (value, name) throws(HarmonicError) in
                let bezier = try LottieBezier(value, path: name)
                closed = closed || bezier.closed
                return bezier.flattened
            }
            self = .path(property, closed: closed, reversed: reversed)
            if let fixed = LottieFixedPath(self) { self = .fixed(fixed) }
        case "rc":
            context.uses("shape.rectangle")
            self = .rectangle(
                position: try property("p"), size: try property("s"), roundness: try property("r"), reversed: reversed)
            if let fixed = LottieFixedPath(self) { self = .fixed(fixed) }
        case "el":
            context.uses("shape.ellipse")
            self = .ellipse(position: try property("p"), size: try property("s"), reversed: reversed)
            if let fixed = LottieFixedPath(self) { self = .fixed(fixed) }
        case "sr":
            context.uses("shape.polystar")
            self = .polystar(try LottiePolystar(m, path: path, context: context, reversed: reversed))
            if let fixed = LottieFixedPath(self) { self = .fixed(fixed) }
        case "fl":
            context.uses("shape.fill")
            self = .fill(try LottieFill(m, path: path, context: context))
        case "st":
            context.uses("shape.stroke")
            self = .stroke(try LottieStroke(m, path: path, context: context))
        case "gf":
            context.uses("shape.gradientFill")
            self = .fill(try LottieFill(m, path: path, context: context, gradient: true))
        case "gs":
            context.uses("shape.gradientStroke")
            self = .stroke(try LottieStroke(m, path: path, context: context, gradient: true))
        case "tm":
            context.uses("shape.trim")
            var individually = false
            if case .number(2)? = m["m"] { individually = true }
            self = .trim(
                start: try property("s"), end: try property("e"), offset: try property("o"), individually: individually)
        case "rd":
            context.uses("shape.roundedCorners")
            self = .roundCorners(try property("r"))
        case "tr":
            return nil
        default:
            let names = [
                "mm": "shape.mergePaths", "tw": "shape.twist", "op": "shape.offsetPath",
                "pb": "shape.puckerBloat", "zz": "shape.zigZag",
            ]
            context.unsupported(path, names[type] ?? "shape.\(type)")
            return nil
        }
    }
}

/// A star or polygon: `sy` 1 star, 2 polygon; `pt` points, `p` centre, `r` rotation in
/// degrees, `or`/`ir` outer and inner radius, `os`/`is` outer and inner roundness in percent.
final class LottiePolystar: Sendable {
    let isStar: Bool
    let points, position, rotation, outerRadius, innerRadius, outerRoundness, innerRoundness: LottieProperty?
    let reversed: Bool

    /// `other` with each property replaced by `map` of it.
    init(_ other: LottiePolystar, mapping map: (LottieProperty?) -> LottieProperty?) {
        isStar = other.isStar
        points = map(other.points)
        position = map(other.position)
        rotation = map(other.rotation)
        outerRadius = map(other.outerRadius)
        innerRadius = map(other.innerRadius)
        outerRoundness = map(other.outerRoundness)
        innerRoundness = map(other.innerRoundness)
        reversed = other.reversed
    }

    init(_ m: [String: JSONValue], path: String, context: LottieReadContext, reversed: Bool) throws(HarmonicError) {
        func property(_ key: String) throws(HarmonicError) -> LottieProperty? {
            try LottieProperty.optional(m[key], path: "\(path).\(key)", context: context)
        }
        isStar = !(m["sy"] == .number(2))
        points = try property("pt")
        position = try property("p")
        rotation = try property("r")
        outerRadius = try property("or")
        innerRadius = try property("ir")
        outerRoundness = try property("os")
        innerRoundness = try property("is")
        self.reversed = reversed
    }
}

/// A solid fill: colour `c` (red, green, blue in 0…1), opacity `o` in percent, rule `r`
/// (1 non-zero, 2 even-odd).
final class LottieFill: Sendable {
    let color: LottieProperty?
    let opacity: LottieProperty?
    let evenOdd: Bool
    /// A gradient fill's gradient (`gf`), in place of the colour.
    let gradient: LottieGradient?

    init(_ m: [String: JSONValue], path: String, context: LottieReadContext, gradient: Bool = false)
        throws(HarmonicError)
    {
        self.gradient = gradient ? try LottieGradient(m, path: path, context: context) : nil
        color = try LottieProperty.optional(m["c"], path: "\(path).c", context: context)
        opacity = try LottieProperty.optional(m["o"], path: "\(path).o", context: context)
        evenOdd = m["r"] == .number(2)
    }
}

/// A solid stroke: colour, opacity, width `w`, cap `lc` (1 butt, 2 round, 3 square), join `lj`
/// (1 miter, 2 round, 3 bevel), miter limit `ml`, dashes `d` (`n` "d" dash, "g" gap, "o" offset).
final class LottieStroke: Sendable {
    let color, opacity, width: LottieProperty?
    let cap: String
    let join: String
    let miterLimit: Double
    let dashes: [(kind: String, length: LottieProperty)]
    /// A gradient stroke's gradient (`gs`), in place of the colour.
    let gradient: LottieGradient?

    init(_ m: [String: JSONValue], path: String, context: LottieReadContext, gradient: Bool = false)
        throws(HarmonicError)
    {
        self.gradient = gradient ? try LottieGradient(m, path: path, context: context) : nil
        func property(_ key: String) throws(HarmonicError) -> LottieProperty? {
            try LottieProperty.optional(m[key], path: "\(path).\(key)", context: context)
        }
        color = try property("c")
        opacity = try property("o")
        width = try property("w")
        cap = ["1": "butt", "2": "round", "3": "square"][Self.code(m["lc"])] ?? "round"
        join = ["1": "miter", "2": "round", "3": "bevel"][Self.code(m["lj"])] ?? "round"
        if case let .number(ml)? = m["ml"], ml.isFinite, ml >= 1 { miterLimit = ml } else { miterLimit = 4 }
        var dashes: [(kind: String, length: LottieProperty)] = []
        if case let .array(items)? = m["d"] {
            for (i, item) in items.enumerated() {
                guard case let .object(d) = item, case let .string(kind)? = d["n"], let v = d["v"] else {
                    throw .invalidParameter(name: "\(path).d[\(i)]", value: item.summary, allowed: "a dash {n, v}")
                }
                dashes.append((kind, try LottieProperty(v, path: "\(path).d[\(i)].v", context: context)))
            }
            if !dashes.isEmpty { context.uses("shape.strokeDashes") }
        }
        self.dashes = dashes
    }

    private static func code(_ v: JSONValue?) -> String {
        if case let .number(n)? = v { return "\(Int(exactly: n) ?? 0)" }
        return ""
    }
}
