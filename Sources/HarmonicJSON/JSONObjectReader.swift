import Harmonic

/// Reads one JSON object, field by field, and rejects keys nobody asked for.
///
/// Every accessor takes the key and produces errors that name the full path of the value
/// (`spring.stiffness`), so a user can find the problem in their file. Call
/// ``finish(known:diagnostics:)`` after reading all fields: it reports the first key that was
/// not read, which is how misspelt parameters (`"stifness"`) are caught instead of silently
/// ignored — an error, or read leniently a warning.
package struct JSONObjectReader {
    package let path: String
    private let members: [String: JSONValue]
    private var consumed: Set<String> = []
    /// Every key a parser asked for, present or not, in the order asked: the keys this object
    /// understands, listed when an unknown key is found.
    private var asked: [String] = []

    package init(_ value: JSONValue, path: String) throws(HarmonicError) {
        guard case let .object(members) = value else {
            throw .invalidParameter(name: path, value: value.summary, allowed: "a JSON object")
        }
        self.path = path
        self.members = members
    }

    /// The keys present in the object.
    package var keys: Set<String> { Set(members.keys) }

    package func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    package func contains(_ key: String) -> Bool { members[key] != nil }

    /// The raw value for `key`, marking it read.
    package mutating func value(_ key: String) -> JSONValue? {
        if !asked.contains(key) { asked.append(key) }
        guard let value = members[key] else { return nil }
        consumed.insert(key)
        return value
    }

    package mutating func number(_ key: String) throws(HarmonicError) -> Double? {
        guard let value = value(key) else { return nil }
        return try Self.number(value, name: name(key))
    }

    package mutating func string(_ key: String) throws(HarmonicError) -> String? {
        guard let value = value(key) else { return nil }
        guard case let .string(s) = value else {
            throw .invalidParameter(name: name(key), value: value.summary, allowed: "a string")
        }
        return s
    }

    package mutating func bool(_ key: String) throws(HarmonicError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case let .bool(b) = value else {
            throw .invalidParameter(name: name(key), value: value.summary, allowed: "true or false")
        }
        return b
    }

    package mutating func numbers(_ key: String) throws(HarmonicError) -> [Double]? {
        guard let value = value(key) else { return nil }
        return try Self.numbers(value, name: name(key))
    }

    /// A value that is a number or an array of numbers (`"from": 0` or `"from": [0, 0]`), or with
    /// `allowsPath` SVG path data for a path property (`"to": "M0 0 L10 0"`), as its
    /// ``/Harmonic/PathCoordinates``.
    package mutating func vector(_ key: String, allowsPath: Bool = false) throws(HarmonicError) -> AnimatableVector? {
        guard let value = value(key) else { return nil }
        return try Self.vector(value, name: name(key), allowsPath: allowsPath)
    }

    /// Reports the keys that were never read: strictly (no `diagnostics`, or strict ones) the
    /// first of them throws; leniently each is a warning and reading goes on.
    ///
    /// - Parameter known: The keys this object accepts, listed in the message so that a
    ///   misspelt key (`"stifness"`) comes with the spelling that would have worked. When
    ///   `nil`, the keys the parser asked for are listed.
    package func finish(known: [String]? = nil, diagnostics: JSONDiagnostics? = nil) throws(HarmonicError) {
        for unknown in members.keys.sorted() where !consumed.contains(unknown) {
            let list = known ?? asked
            let hint = list.isEmpty ? "" : "; known keys: " + list.joined(separator: ", ")
            let error = HarmonicError.invalidParameter(
                name: name(unknown), value: members[unknown]?.summary ?? "",
                allowed: "absent (unknown key\(hint))")
            guard let diagnostics else { throw error }
            try diagnostics.warn(error, "the key is ignored")
        }
    }

    package static func number(_ value: JSONValue, name: String) throws(HarmonicError) -> Double {
        guard case let .number(n) = value else {
            throw .invalidParameter(name: name, value: value.summary, allowed: "a number")
        }
        return n
    }

    package static func numbers(_ value: JSONValue, name: String) throws(HarmonicError) -> [Double] {
        guard case let .array(items) = value else {
            throw .invalidParameter(name: name, value: value.summary, allowed: "an array of numbers")
        }
        var out: [Double] = []
        for (i, item) in items.enumerated() { out.append(try number(item, name: "\(name)[\(i)]")) }
        return out
    }

    package static func vector(_ value: JSONValue, name: String, allowsPath: Bool = false) throws(HarmonicError)
        -> AnimatableVector
    {
        switch value {
        case let .number(n): return AnimatableVector([n])
        case let .string(d) where allowsPath:
            return AnimatableVector(PathCoordinates(try pathData(d, name: name)).numbers)
        case .array:
            let components = try numbers(value, name: name)
            guard !components.isEmpty else {
                throw .invalidParameter(name: name, value: "[]", allowed: "a number or a non-empty array of numbers")
            }
            return AnimatableVector(components)
        default:
            throw .invalidParameter(
                name: name, value: value.summary,
                allowed: "a number or an array of numbers" + (allowsPath ? ", or SVG path data for a path" : ""))
        }
    }

    /// SVG path data, with a syntax error's message naming where in the spec it was.
    package static func pathData(_ d: String, name: String) throws(HarmonicError) -> Path {
        do {
            return try Path(svgPathData: d)
        } catch {
            if case let .syntax(language, text, offset, expected) = error {
                throw .syntax(language: "\(language) (\(name))", text: text, offset: offset, expected: expected)
            }
            throw error.prefixingParameter(with: name)
        }
    }
}
