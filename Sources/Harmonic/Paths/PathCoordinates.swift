/// A path as a flat list of numbers: for each element a command code followed by the
/// arguments of the absolute SVG command that draws it. This is the form in which a path is a
/// value an animation engine can store, interpolate and differentiate like any other.
///
/// | element | code | arguments |
/// |---|---|---|
/// | move | 1 | `x y` |
/// | line | 2 | `x y` |
/// | quadratic curve | 3 | `cx cy x y` |
/// | cubic curve | 4 | `c1x c1y c2x c2y x y` |
/// | elliptical arc | 5 | `rx ry rotation largeArc sweep x y` (SVG's `A`; rotation in radians, flags 0 or 1) |
/// | close | 6 | — |
///
/// Interpolating two coordinate lists of the same ``structure`` is path morphing
/// (``interpolated(to:fraction:)``): what `CABasicAnimation` does to a `CAShapeLayer`'s `path`,
/// and what SMIL does to SVG path data. Every number moves on a straight line except an arc's
/// rotation, which turns the shorter way (an ellipse repeats every π), and its flags, which are
/// those of the nearer path. Decoding (``path()``) rebuilds each arc from the current point
/// by SVG 1.1 F.6, so a morphed arc always joins its neighbours.
public struct PathCoordinates: Hashable, Sendable {
    /// The numbers: codes and arguments, element by element.
    public let numbers: [Double]

    /// One element's command.
    enum Command: Int {
        case move = 1, line, quadCurve, curve, arc, close

        /// Arguments after the code.
        var argumentCount: Int {
            switch self {
            case .move, .line: return 2
            case .quadCurve: return 4
            case .curve: return 6
            case .arc: return 7
            case .close: return 0
            }
        }

        /// The SVG letter, as ``Path/structure`` spells it.
        var letter: String {
            switch self {
            case .move: return "M"
            case .line: return "L"
            case .quadCurve: return "Q"
            case .curve: return "C"
            case .arc: return "A"
            case .close: return "Z"
            }
        }
    }

    /// The coordinates of `path`.
    public init(_ path: Path) {
        var numbers: [Double] = []
        for element in path.elements {
            switch element {
            case let .move(p):
                numbers += [1, p.x, p.y]
            case let .line(p):
                numbers += [2, p.x, p.y]
            case let .quadCurve(p, c):
                numbers += [3, c.x, c.y, p.x, p.y]
            case let .curve(p, c1, c2):
                numbers += [4, c1.x, c1.y, c2.x, c2.y, p.x, p.y]
            case let .arc(a):
                let r = a.radii
                numbers += [5, r.x, r.y, a.rotation, a.isLargeArc ? 1 : 0, a.sweep > 0 ? 1 : 0, a.end.x, a.end.y]
            case .closeSubpath:
                numbers += [6]
            }
        }
        self.numbers = numbers
    }

    /// Coordinates from numbers, checked: known codes, complete arguments, finite numbers.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` naming the first
    ///   number that is wrong.
    public init(numbers: [Double]) throws(HarmonicError) {
        var i = 0
        while i < numbers.count {
            guard let command = Self.command(numbers[i]) else {
                throw .invalidParameter(
                    name: "coordinates[\(i)]", value: "\(numbers[i])", allowed: "a command code 1…6 (M L Q C A Z)")
            }
            guard i + command.argumentCount < numbers.count else {
                throw .invalidParameter(
                    name: "coordinates", value: "\(numbers.count - i - 1) numbers after \(command.letter)",
                    allowed: "\(command.argumentCount) arguments")
            }
            for k in (i + 1)..<(i + 1 + command.argumentCount) {
                try HarmonicError.require(numbers[k], named: "coordinates[\(k)]")
            }
            i += 1 + command.argumentCount
        }
        self.numbers = numbers
    }

    /// Where each element's code lies in path coordinates, as far as the codes are known (an
    /// unknown code ends the list).
    public static func codeIndices(of numbers: [Double]) -> [Int] {
        var out: [Int] = [], i = 0
        while i < numbers.count, let command = command(numbers[i]) {
            out.append(i)
            i += 1 + command.argumentCount
        }
        return out
    }

    static func command(_ code: Double) -> Command? {
        // Int: Int(exactly:) gives nil, not a trap, for NaN, infinities and fractions.
        guard let n = Int(exactly: code) else { return nil }
        return Command(rawValue: n)
    }

    /// The element letters (`"M L A Z"`), as ``Path/structure``: coordinates interpolate when
    /// these agree.
    public var structure: String {
        var letters: [String] = []
        var i = 0
        while i < numbers.count, let command = Self.command(numbers[i]) {
            letters.append(command.letter)
            i += 1 + command.argumentCount
        }
        return letters.joined(separator: " ")
    }

    /// The path these coordinates draw. An arc is rebuilt from the current point by SVG 1.1
    /// F.6 (radii too small are scaled up; zero radii draw a line; ends that meet draw
    /// nothing, kept as a point so the elements stay in step).
    ///
    /// - Throws: What ``Path/init(elements:)`` throws (a path must start with a move; points
    ///   within ``Path/maximumCoordinateMagnitude``).
    public func path() throws(HarmonicError) -> Path {
        var elements: [PathElement] = []
        var current = SIMD2<Double>.zero
        var subpathStart = SIMD2<Double>.zero
        var i = 0
        while i < numbers.count, let command = Self.command(numbers[i]) {
            let a = i + 1
            func point(_ k: Int) -> SIMD2<Double> { SIMD2(numbers[a + k], numbers[a + k + 1]) }
            switch command {
            case .move:
                current = point(0)
                subpathStart = current
                elements.append(.move(to: current))
            case .line:
                current = point(0)
                elements.append(.line(to: current))
            case .quadCurve:
                current = point(2)
                elements.append(.quadCurve(to: current, control: point(0)))
            case .curve:
                current = point(4)
                elements.append(.curve(to: current, control1: point(0), control2: point(2)))
            case .arc:
                let end = point(5)
                let segment =
                    EllipticalArc.svg(
                        from: current, to: end, radii: point(0), rotation: numbers[a + 2],
                        largeArc: numbers[a + 3] >= 0.5, sweep: numbers[a + 4] >= 0.5)
                    ?? .arc(
                        EllipticalArc(
                            center: current, firstAxis: .zero, secondAxis: .zero, startAngle: 0, sweep: 0,
                            start: current, end: current))
                elements.append(segment.element)
                current = segment.end
            case .close:
                elements.append(.closeSubpath)
                current = subpathStart
            }
            i = a + command.argumentCount
        }
        return try Path(elements: elements)
    }

    /// The coordinates a fraction `f` of the way to `target` (see the type's rules; `f`
    /// outside `[0, 1]` extrapolates).
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` naming both
    ///   structures when they differ.
    public func interpolated(to target: PathCoordinates, fraction f: Double) throws(HarmonicError) -> PathCoordinates {
        guard numbers.count == target.numbers.count, structure == target.structure else {
            throw .invalidParameter(
                name: "path", value: "\"\(structure)\" to \"\(target.structure)\"",
                allowed: "two paths with the same elements in the same order")
        }
        var out = [Double](repeating: 0, count: numbers.count)
        numbers.withUnsafeBufferPointer { a in
            target.numbers.withUnsafeBufferPointer { b in
                out.withUnsafeMutableBufferPointer { o in
                    guard let a = a.baseAddress, let b = b.baseAddress, let o = o.baseAddress else { return }
                    Self.interpolate(a, b, count: numbers.count, fraction: f, rate: 0, into: o, rateInto: nil)
                }
            }
        }
        return PathCoordinates(unchecked: out)
    }

    init(unchecked numbers: [Double]) { self.numbers = numbers }

    /// Interpolates `count` numbers of two coordinate lists of the same structure into `out`
    /// (which may alias either), and their rates for a fraction changing at `rate` into
    /// `rateOut`: `(b − a)·rate` for points and radii, the shorter turn times `rate` for an
    /// arc's rotation, 0 for codes and flags.
    ///
    /// The codes are read from `a`; the caller has checked that `b` has the same.
    package static func interpolate(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, count: Int, fraction f: Double, rate: Double,
        into out: UnsafeMutablePointer<Double>, rateInto rateOut: UnsafeMutablePointer<Double>?
    ) {
        var i = 0
        while i < count {
            let code = a[i]
            let command = Self.command(code) ?? .close
            rateOut?[i] = 0
            out[i] = code
            let first = i + 1
            let end = Swift.min(first + command.argumentCount, count)
            for k in first..<end {
                let (x, y) = (a[k], b[k])
                var value = x + (y - x) * f
                var slope = (y - x) * rate
                if command == .arc {
                    switch k - first {
                    case 2:
                        // An ellipse's rotation repeats every π: turn the shorter way.
                        var turn = y - x
                        turn -= Double.pi * (turn / Double.pi).rounded()
                        value = x + turn * f
                        slope = turn * rate
                    case 3, 4:
                        value = f < 0.5 ? x : y
                        slope = 0
                    default: break
                    }
                }
                out[k] = value
                rateOut?[k] = slope
            }
            i = end
        }
    }
}
