import Harmonic

/// SVG text being written: UTF-8 bytes appended in place, made a `String` once at the end.
///
/// Appending one `String` to another checks the seam between them (grapheme breaking, a few
/// hundred instructions each time); a picture is written in many small pieces, so the writer
/// (``DisplayList/svg(width:height:viewBox:declaration:)``) appends bytes instead, and numbers
/// and colours straight into them.
struct SVGText {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    var count: Int { bytes.count }
    var isEmpty: Bool { bytes.isEmpty }

    /// The text as a `String` (the bytes are UTF-8 by construction: every piece came from one).
    var string: String { String(decoding: bytes, as: UTF8.self) }

    static func += (text: inout SVGText, piece: String) {
        var piece = piece
        piece.withUTF8 { text.bytes.append(contentsOf: $0) }
    }

    static func += (text: inout SVGText, other: SVGText) { text.bytes += other.bytes }

    /// `other` put in at byte offset `index` (`0...count`), what follows moved up.
    mutating func insert(_ other: SVGText, at index: Int) { bytes.insert(contentsOf: other.bytes, at: index) }

    /// A number as ``SVGMarkup/number(_:)`` writes it.
    mutating func append(number x: Double) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberText.maximumLength) { buffer in
            guard let start = buffer.baseAddress else { return }
            let n = SVGMarkup.write(x, to: start)
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: n))
        }
    }

    /// A colour as ``SVGMarkup/hex(_:)`` writes it, `#rrggbb`.
    mutating func append(color c: SIMD4<Double>) { self += SVGMarkup.hex(c) }
}
