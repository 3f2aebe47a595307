/// A picture as pixels: rows from the top, each pixel red, green, blue, alpha in 0…255.
public struct RasterImage: Hashable, Sendable {
    /// Pixels per row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// `width·height·4` bytes, row-major from the top-left pixel.
    public let rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The pixel at column `x`, row `y` (from the top-left), or `nil` outside the picture.
    public subscript(x: Int, y: Int) -> SIMD4<UInt8>? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        let o = (y * width + x) * 4
        return SIMD4(rgba[o], rgba[o + 1], rgba[o + 2], rgba[o + 3])
    }
}
