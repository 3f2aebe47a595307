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
    /// A geometry item: a path, rectangle, ellipse, star or polygon, its kind's rule
    /// (``LottiePathRule``) holding how it is drawn and what moves it.
    /// (Boxed: an existential is five words, and every item of the list would be as large.)
    indirect case geometry(any LottiePathRule)
    case fill(LottieFill)
    case stroke(LottieStroke)
    /// Trim Paths (`tm`), cutting the paths before it.
    indirect case trim(LottieTrim)
    /// Everything above a repeater in its group (`rp`), copied.
    case repeated([LottieShape], LottieRepeater)
    /// A geometry item none of whose properties is animated, built when the file is read.
    case fixed(LottieFixedPath)
    /// Round Corners (`rd`), rounding the sharp vertices of the paths before it.
    case roundCorners(LottieRoundCorners)

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
        // Direction 3 runs a geometry item counter-clockwise.
        let reversed = m["d"] == .number(3)
        if let kind = Self.pathKinds[type] {
            context.uses(kind.feature)
            let rule = try kind.init(m, path: path, context: context, reversed: reversed)
            self = LottieFixedPath(rule).map { .fixed($0) } ?? .geometry(rule)
            return
        }
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
            self = .trim(try LottieTrim(m, path: path, context: context))
        case "rd":
            context.uses("shape.roundedCorners")
            self = .roundCorners(try LottieRoundCorners(m, path: path, context: context))
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
