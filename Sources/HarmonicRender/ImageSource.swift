import HarmonicPlatform

/// A `contents` identifier as an image a picture can carry: a `data:` URI as it is, or the
/// path of a PNG, JPEG or SVG file read and embedded as a base64 `data:` URI (so that a frame
/// is one self-contained file). Anything else is no image.
package enum ImageSource {
    /// The largest file embedded, in bytes.
    static let maximumFileSize = 16 << 20

    /// The `href` of an image for `identifier`, or `nil` when it names none.
    package static func href(for identifier: String) -> String? {
        if identifier.hasPrefix("data:") { return identifier }
        let lower = identifier.lowercased()
        let type: String
        if lower.hasSuffix(".png") {
            type = "image/png"
        } else if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") {
            type = "image/jpeg"
        } else if lower.hasSuffix(".svg") {
            type = "image/svg+xml"
        } else {
            return nil
        }
        guard let bytes = read(identifier) else { return nil }
        return "data:" + type + ";base64," + base64(bytes)
    }

    /// The bytes of a regular file of at most ``maximumFileSize`` bytes.
    static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n == 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > maximumFileSize { return nil }
        }
        return ferror(file) == 0 ? bytes : nil
    }

    /// RFC 4648 base64 with padding.
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            // Int: bytes widen to UInt32 without loss.
            let b0 = UInt32(bytes[i])
            // Int: as above.
            let b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0
            // Int: as above.
            let b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
            let triple = b0 << 16 | b1 << 8 | b2
            // Int: six-bit groups, 0…63.
            out.append(alphabet[Int(triple >> 18 & 63)])
            // Int: as above.
            out.append(alphabet[Int(triple >> 12 & 63)])
            // Int: as above.
            out.append(i + 1 < bytes.count ? alphabet[Int(triple >> 6 & 63)] : UInt8(ascii: "="))
            // Int: as above.
            out.append(i + 2 < bytes.count ? alphabet[Int(triple & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
