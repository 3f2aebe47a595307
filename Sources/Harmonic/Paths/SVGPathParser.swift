/// A parser for SVG path data (the `d` attribute), following the grammar of SVG 2, §9.3.9
/// "The grammar for path data".
///
/// Supported: every command, `M m L l H h V v C c S s Q q T t A a Z z`, implicit repetition of
/// a command's arguments (extra pairs after `M`/`m` are `L`/`l`), numbers in every form the
/// grammar allows (`-.5e-3`, `1.5.5` = `1.5 .5`, `1-2` = `1 -2`), and comma-or-whitespace
/// separators. `S` and `T` reflect the previous segment's control point when it was a cubic
/// (`C`/`S`) or quadratic (`Q`/`T`) respectively, else use the current point.
///
/// Elliptical arcs take `rx ry x-axis-rotation large-arc-flag sweep-flag x y`, the rotation in
/// degrees and each flag a single `0` or `1` that needs no separator after it (`a1 1 0 00 1 1`
/// is `a 1 1 0 0 0 1 1`). They become exact arcs by SVG 1.1 F.6
/// (``EllipticalArc/svg(from:to:radii:rotation:largeArc:sweep:)``): an arc to the current point
/// is dropped, a zero radius draws a line, radii too small are scaled up.
///
/// Where SVG renderers draw a path up to its first error, this parser rejects the whole input
/// with the offset (in UTF-8 bytes) of the first problem, so a typo cannot silently shorten
/// an animation path.
struct SVGPathParser {
    private let bytes: [UInt8]
    private let text: String
    private var index = 0

    /// Parses `text` into path elements.
    ///
    /// - Throws: ``HarmonicError/syntax(language:text:offset:expected:)`` naming the offset and
    ///   what was expected there.
    static func elements(of text: String) throws(HarmonicError) -> [PathElement] {
        var parser = SVGPathParser(bytes: Array(text.utf8), text: text)
        return try parser.parse()
    }

    private init(bytes: [UInt8], text: String) {
        self.bytes = bytes
        self.text = text
    }

    // MARK: Grammar

    private mutating func parse() throws(HarmonicError) -> [PathElement] {
        var elements: [PathElement] = []
        var current = SIMD2<Double>.zero
        var subpathStart = SIMD2<Double>.zero
        // The previous command letter (for implicit repetition and S/T reflection) and the
        // control point S or T would reflect.
        var previous: UInt8? = nil
        var reflectable: SIMD2<Double>? = nil

        skipWhitespace()
        guard index < bytes.count else { throw error("a move-to command (M or m): the path data is empty") }
        guard bytes[index] == UInt8(ascii: "M") || bytes[index] == UInt8(ascii: "m") else {
            throw error("a move-to command (M or m) at the start")
        }

        while true {
            skipWhitespace()
            guard index < bytes.count else { break }
            let byte = bytes[index]
            let command: UInt8
            if Self.isCommand(byte) {
                command = byte
                index += 1
            } else if Self.startsNumber(byte), let p = previous, p != UInt8(ascii: "Z"), p != UInt8(ascii: "z") {
                // Implicit repetition; extra pairs after a move-to are line-tos.
                command = p == UInt8(ascii: "M") ? UInt8(ascii: "L") : p == UInt8(ascii: "m") ? UInt8(ascii: "l") : p
            } else if Self.startsNumber(byte) {
                throw error("a command letter before the number (a number cannot follow Z)")
            } else {
                throw error("a path command (M, L, H, V, C, S, Q, T, A, Z or their lower-case relative forms)")
            }

            let relative = command >= UInt8(ascii: "a")
            let origin = relative ? current : .zero
            var nextReflectable: SIMD2<Double>? = nil
            switch command | 0x20 {  // lower-cased
            case UInt8(ascii: "m"):
                current = origin + (try pair())
                subpathStart = current
                elements.append(.move(to: current))
            case UInt8(ascii: "l"):
                current = origin + (try pair())
                elements.append(.line(to: current))
            case UInt8(ascii: "h"):
                current = SIMD2(origin.x + (try number()), current.y)
                elements.append(.line(to: current))
            case UInt8(ascii: "v"):
                current = SIMD2(current.x, origin.y + (try number()))
                elements.append(.line(to: current))
            case UInt8(ascii: "c"):
                let c1 = origin + (try pair())
                let c2 = origin + (try pair())
                let to = origin + (try pair())
                elements.append(.curve(to: to, control1: c1, control2: c2))
                current = to
                nextReflectable = c2
            case UInt8(ascii: "s"):
                let wasCubic = previous.map { "CcSs".utf8.contains($0) } ?? false
                let c1 = wasCubic ? 2 * current - (reflectable ?? current) : current
                let c2 = origin + (try pair())
                let to = origin + (try pair())
                elements.append(.curve(to: to, control1: c1, control2: c2))
                current = to
                nextReflectable = c2
            case UInt8(ascii: "q"):
                let c = origin + (try pair())
                let to = origin + (try pair())
                elements.append(.quadCurve(to: to, control: c))
                current = to
                nextReflectable = c
            case UInt8(ascii: "t"):
                let wasQuadratic = previous.map { "QqTt".utf8.contains($0) } ?? false
                let c = wasQuadratic ? 2 * current - (reflectable ?? current) : current
                let to = origin + (try pair())
                elements.append(.quadCurve(to: to, control: c))
                current = to
                nextReflectable = c
            case UInt8(ascii: "z"):
                elements.append(.closeSubpath)
                current = subpathStart
            case UInt8(ascii: "a"):
                let radii = SIMD2(try number(), try number())
                let degrees = try number()
                let largeArc = try flag()
                let sweep = try flag()
                let to = origin + (try pair())
                let rotation = degrees.truncatingRemainder(dividingBy: 360) * (Double.pi / 180)
                switch EllipticalArc.svg(
                    from: current, to: to, radii: radii, rotation: rotation, largeArc: largeArc, sweep: sweep)
                {
                case let .arc(arc)?: elements.append(.arc(arc))
                case .bezier?: elements.append(.line(to: to))
                case nil: break  // An arc to the current point is omitted (SVG 1.1 F.6.2).
                }
                current = to
            default:
                index -= 1
                throw error("a path command (M, L, H, V, C, S, Q, T, A, Z or their lower-case relative forms)")
            }
            previous = command
            reflectable = nextReflectable
            try separatorAfterArguments(of: command)
        }
        return elements
    }

    /// After a command's arguments: whitespace, and a comma only if more numbers follow.
    private mutating func separatorAfterArguments(of command: UInt8) throws(HarmonicError) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return }
        if command | 0x20 == UInt8(ascii: "z") { throw error("a command letter (no numbers follow Z)") }
        index += 1
        skipWhitespace()
        guard index < bytes.count, Self.startsNumber(bytes[index]) else { throw error("a number after ','") }
    }

    /// Two coordinates, `x` and `y`.
    private mutating func pair() throws(HarmonicError) -> SIMD2<Double> {
        let x = try number()
        let y = try number()
        return SIMD2(x, y)
    }

    /// An arc flag: a single `0` or `1`, preceded by optional whitespace and an optional comma,
    /// and needing no separator after it (SVG 2 §9.3.9, `flag`).
    private mutating func flag() throws(HarmonicError) -> Bool {
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            throw error(index < bytes.count ? "an arc flag (0 or 1)" : "an arc flag (0 or 1), but the path data ended")
        }
        index += 1
        return bytes[index - 1] == UInt8(ascii: "1")
    }

    /// One number, preceded by optional whitespace and, when it is not the first argument, an
    /// optional comma.
    private mutating func number() throws(HarmonicError) -> Double {
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: ","), index > 0, !Self.isCommand(lastNonSpace()) {
            index += 1
            skipWhitespace()
        }
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerDigits = skipDigits()
        var fractionDigits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionDigits = skipDigits()
        }
        guard integerDigits + fractionDigits > 0 else {
            index = start
            throw error(index < bytes.count ? "a number" : "a number, but the path data ended")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            var probe = index + 1
            if probe < bytes.count, bytes[probe] == UInt8(ascii: "+") || bytes[probe] == UInt8(ascii: "-") {
                probe += 1
            }
            guard probe < bytes.count, Self.isDigit(bytes[probe]) else {
                index = probe
                throw error("exponent digits")
            }
            index = probe
            _ = skipDigits()
        }
        let literal = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(literal), value.isFinite else {
            index = start
            throw error("a finite number (\(literal) is out of range)")
        }
        return value
    }

    // MARK: Lexical helpers

    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    private mutating func skipDigits() -> Int {
        let start = index
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        return index - start
    }

    private func lastNonSpace() -> UInt8 {
        var i = index - 1
        while i > 0, Self.isWhitespace(bytes[i]) { i -= 1 }
        return bytes[i]
    }

    private static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
    }
    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    private static func startsNumber(_ b: UInt8) -> Bool {
        isDigit(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
    }
    private static func isCommand(_ b: UInt8) -> Bool { "MmLlHhVvCcSsQqTtAaZz".utf8.contains(b) }

    private func error(_ expected: String) -> HarmonicError {
        let excerpt = text.count > 60 ? String(text.prefix(57)) + "..." : text
        return .syntax(language: "SVG path data", text: excerpt, offset: index, expected: expected)
    }
}

extension Path {
    /// Builds a path from SVG path data, e.g. `"M0,0 C0,100 100,100 100,0"`.
    ///
    /// Accepts every command, `M L H V C S Q T A Z`, in absolute (upper-case) and relative
    /// (lower-case) form, as in SVG 2 §9.3. Elliptical arcs are kept exact (``PathElement/arc(_:)``)
    /// after SVG 1.1 F.6's corrections: an arc to the current point is dropped, a zero radius
    /// draws a line, radii too small to reach are scaled up.
    ///
    /// - Throws: ``HarmonicError/syntax(language:text:offset:expected:)`` with the UTF-8 offset
    ///   of the first error and what was expected there (`expected a number`, `expected a
    ///   move-to command (M or m) at the start`, …).
    public init(svgPathData: String) throws(HarmonicError) {
        try self.init(elements: SVGPathParser.elements(of: svgPathData))
    }
}
