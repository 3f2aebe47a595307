import Harmonic
import HarmonicRender
import HarmonicJSON

/// An image asset (`{"id", "w", "h", "u", "p", "e"}`): a data URI (`e` 1, or `p` starting with
/// `data:`) or a file `u + p` beside the animation, read when the animation is read and kept as
/// a data URI so that every frame drawn from it is self-contained.
struct LottieImage: Sendable {
    var width: Double
    var height: Double
    /// `data:image/…;base64,…`.
    var dataURI: String

    init(_ a: [String: JSONValue], path: String, context: LottieReadContext) throws(HarmonicError) {
        context.uses("asset.image")
        func number(_ key: String) -> Double {
            if case let .number(n)? = a[key], n.isFinite, n >= 0 { return n }
            return 0
        }
        width = number("w")
        height = number("h")
        guard case let .string(p)? = a["p"] else {
            throw .invalidParameter(
                name: "\(path).p", value: a["p"]?.summary ?? "missing", allowed: "an image name or data URI")
        }
        if p.hasPrefix("data:") {
            dataURI = p
            return
        }
        var folder = ""
        if case let .string(u)? = a["u"] { folder = u }
        guard let base = context.baseDirectory else {
            throw .invalidParameter(
                name: "\(path).p", value: p, allowed: "an embedded image (the animation was given as text)")
        }
        let file = base + "/" + folder + p
        // The frame renderer's embedding: PNG, JPEG or SVG files up to its size limit.
        guard let uri = ImageSource.href(for: file) else {
            throw .invalidParameter(
                name: "\(path).p", value: file, allowed: "a readable PNG, JPEG or SVG file beside the animation")
        }
        dataURI = uri
    }
}
