extension CSSEasingFunction {
    /// Parses a CSS `<easing-function>`.
    ///
    /// Accepted (CSS Easing Functions Level 1 and 2; function names and keywords are
    /// ASCII case-insensitive, whitespace and `/* comments */` may appear between tokens):
    ///
    ///     linear | ease | ease-in | ease-out | ease-in-out | step-start | step-end
    ///     cubic-bezier(<number [0,1]>, <number>, <number [0,1]>, <number>)
    ///     steps(<integer>, <step-position>?)      position: jump-start | jump-end |
    ///                                             jump-none | jump-both | start | end
    ///     linear([<number> && <percentage>{0,2}]#)
    ///
    /// `calc()` and other math functions are not supported.
    ///
    /// - Throws: ``HarmonicError/syntax(language:text:offset:expected:)`` for text that does not
    ///   match the grammar (with the character offset and what was expected there), and
    ///   ``HarmonicError/invalidParameter(name:value:allowed:)`` for well-formed text with an
    ///   invalid value: an `x` outside `[0, 1]` in `cubic-bezier()` (named `cubic-bezier() x1`),
    ///   a step count below 1 or `steps(1, jump-none)` (named `steps`), a non-finite number.
    public init(parsing text: String) throws(HarmonicError) {
        var parser = CSSEasingParser(text)
        self = try parser.parseEasingFunction()
    }
}

/// A recursive-descent parser over the tokens of one `<easing-function>`.
struct CSSEasingParser {
    enum Token: Equatable {
        case identifier(String)
        case function(String)  // name followed directly by "("
        case number(Double, isInteger: Bool, text: String)
        case percentage(Double, text: String)  // the value as a fraction (50% → 0.5)
        case comma
        case closeParenthesis
        case end
    }

    let text: String
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var tokenStart = 0

    init(_ text: String) {
        self.text = text
        self.scalars = Array(text.unicodeScalars)
    }

    private func error(_ expected: String, at offset: Int? = nil) -> HarmonicError {
        .syntax(language: "CSS easing function", text: text, offset: offset ?? tokenStart, expected: expected)
    }

    // MARK: Grammar

    mutating func parseEasingFunction() throws(HarmonicError) -> CSSEasingFunction {
        let token = try next()
        let result: CSSEasingFunction
        switch token {
        case let .identifier(name):
            switch name {
            case "linear": result = .linear
            case "ease": result = .ease
            case "ease-in": result = .easeIn
            case "ease-out": result = .easeOut
            case "ease-in-out": result = .easeInOut
            case "step-start": result = .stepStart
            case "step-end": result = .stepEnd
            default:
                throw error(
                    "an easing keyword (linear, ease, ease-in, ease-out, ease-in-out, step-start, step-end) or function"
                )
            }
        case .function("cubic-bezier"): result = try parseCubicBezier()
        case .function("steps"): result = try parseSteps()
        case .function("linear"): result = try parseLinear()
        default:
            throw error("an easing keyword or one of cubic-bezier(), steps(), linear()")
        }
        guard try next() == .end else { throw error("the end of the text") }
        return result
    }

    private mutating func parseCubicBezier() throws(HarmonicError) -> CSSEasingFunction {
        var values: [Double] = []
        let names = ["x1", "y1", "x2", "y2"]
        for i in 0..<4 {
            if i > 0 { try expect(.comma, "a comma") }
            guard case let .number(value, _, _) = try next() else { throw error("a number (\(names[i]))") }
            values.append(value)
        }
        try expect(.closeParenthesis, "')'")
        do {
            return .cubicBezier(try CubicBezier(values[0], values[1], values[2], values[3]))
        } catch {
            guard case let .invalidParameter(name, value, allowed) = error else { throw error }
            throw .invalidParameter(name: "cubic-bezier() \(name)", value: value, allowed: allowed)
        }
    }

    private mutating func parseSteps() throws(HarmonicError) -> CSSEasingFunction {
        guard case let .number(value, isInteger, numberText) = try next() else { throw error("an integer step count") }
        guard isInteger else { throw error("an integer step count, not \(numberText)") }
        var stepPosition = StepPosition.end
        switch try next() {
        case .closeParenthesis: break
        case .comma:
            guard case let .identifier(name) = try next(), let p = StepPosition(rawValue: name) else {
                throw error("a step position (jump-start, jump-end, jump-none, jump-both, start, end)")
            }
            stepPosition = p
            try expect(.closeParenthesis, "')'")
        default:
            throw error("',' or ')'")
        }
        guard value.isFinite, abs(value) < 1e15 else {
            throw .invalidParameter(name: "steps", value: numberText, allowed: "an integer ≥ 1")
        }
        // Int: value is finite and below 1e15 by the guard above.
        return .steps(try Steps(Int(value), position: stepPosition))
    }

    private mutating func parseLinear() throws(HarmonicError) -> CSSEasingFunction {
        var stops: [LinearEasing.Stop] = []
        while true {
            // One stop: a number and up to two percentages, the percentages together,
            // before or after the number.
            var output: Double?
            var inputs: [Double] = []
            var percentagesClosed = false
            var sawAnything = false
            loop: while true {
                let start = position
                let token = try next()
                switch token {
                case let .number(value, _, _):
                    guard output == nil else { throw error("a percentage, ',' or ')'") }
                    output = value
                    if !inputs.isEmpty { percentagesClosed = true }
                case let .percentage(value, _):
                    guard !percentagesClosed, inputs.count < 2 else {
                        throw error(inputs.count >= 2 ? "',' or ')' (at most two percentages per stop)" : "',' or ')'")
                    }
                    inputs.append(value)
                case .comma, .closeParenthesis:
                    guard sawAnything, let output else {
                        throw error("a number (the stop's output)")
                    }
                    stops.append(LinearEasing.Stop(output, at: inputs.first, to: inputs.count > 1 ? inputs[1] : nil))
                    if token == .closeParenthesis {
                        return .linearFunction(try LinearEasing(stops: stops))
                    }
                    break loop
                default:
                    position = start
                    tokenStart = start
                    throw error("a number, a percentage, ',' or ')'")
                }
                sawAnything = true
            }
        }
    }

    private mutating func expect(_ token: Token, _ description: String) throws(HarmonicError) {
        guard try next() == token else { throw error(description) }
    }

    // MARK: Tokens

    private mutating func skipWhitespaceAndComments() throws(HarmonicError) {
        while position < scalars.count {
            let c = scalars[position]
            if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" {
                position += 1
            } else if c == "/", position + 1 < scalars.count, scalars[position + 1] == "*" {
                let open = position
                position += 2
                while position + 1 < scalars.count, !(scalars[position] == "*" && scalars[position + 1] == "/") {
                    position += 1
                }
                guard position + 1 < scalars.count else { throw error("'*/' closing the comment", at: open) }
                position += 2
            } else {
                return
            }
        }
    }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }
    private static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" || c.value >= 0x80
    }

    private mutating func next() throws(HarmonicError) -> Token {
        try skipWhitespaceAndComments()
        tokenStart = position
        guard position < scalars.count else { return .end }
        let c = scalars[position]
        if c == "," { position += 1; return .comma }
        if c == ")" { position += 1; return .closeParenthesis }
        if Self.isDigit(c) || c == "." || ((c == "+" || c == "-") && startsNumber(at: position + 1)) {
            return try number()
        }
        if Self.isNameStart(c)
            || (c == "-" && position + 1 < scalars.count
                && (Self.isNameStart(scalars[position + 1]) || scalars[position + 1] == "-"))
        {
            var name = ""
            while position < scalars.count {
                let d = scalars[position]
                guard Self.isNameStart(d) || Self.isDigit(d) || d == "-" else { break }
                name.unicodeScalars.append(d)
                position += 1
            }
            let lowered = String(name.lowercased())
            if position < scalars.count, scalars[position] == "(" {
                position += 1
                return .function(lowered)
            }
            return .identifier(lowered)
        }
        throw error("a keyword, function, number, ',' or ')'")
    }

    private func startsNumber(at i: Int) -> Bool {
        guard i < scalars.count else { return false }
        if Self.isDigit(scalars[i]) { return true }
        return scalars[i] == "." && i + 1 < scalars.count && Self.isDigit(scalars[i + 1])
    }

    /// A CSS number token: `[+-]? (digits | digits.digits | .digits) ([eE][+-]?digits)?`,
    /// followed by `%` for a percentage.
    private mutating func number() throws(HarmonicError) -> Token {
        let start = position
        var isInteger = true
        if scalars[position] == "+" || scalars[position] == "-" { position += 1 }
        var digits = 0
        while position < scalars.count, Self.isDigit(scalars[position]) { position += 1; digits += 1 }
        if position + 1 < scalars.count, scalars[position] == ".", Self.isDigit(scalars[position + 1]) {
            isInteger = false
            position += 1
            while position < scalars.count, Self.isDigit(scalars[position]) { position += 1; digits += 1 }
        }
        guard digits > 0 else { throw error("a number", at: start) }
        if position < scalars.count, scalars[position] == "e" || scalars[position] == "E" {
            var j = position + 1
            if j < scalars.count, scalars[j] == "+" || scalars[j] == "-" { j += 1 }
            if j < scalars.count, Self.isDigit(scalars[j]) {
                isInteger = false
                position = j
                while position < scalars.count, Self.isDigit(scalars[position]) { position += 1 }
            }
        }
        var literal = ""
        literal.unicodeScalars.append(contentsOf: scalars[start..<position])
        guard let value = Double(literal) else { throw error("a number", at: start) }
        guard value.isFinite else {
            throw .invalidParameter(name: "number at offset \(start)", value: literal, allowed: "finite")
        }
        if position < scalars.count, scalars[position] == "%" {
            position += 1
            guard let fraction = CSSNumber.fraction(percentageLiteral: literal) else {
                throw error("a number", at: start)
            }
            return .percentage(fraction, text: literal + "%")
        }
        if position < scalars.count, Self.isNameStart(scalars[position]) {
            throw error("a unitless number or a percentage", at: position)
        }
        return .number(value, isInteger: isInteger, text: literal)
    }
}
