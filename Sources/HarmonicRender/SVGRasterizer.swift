import HarmonicPlatform
import Harmonic

/// Draws SVG documents into pixels with librsvg and cairo, the GNOME libraries made for
/// exactly this (Debian's `librsvg2-2`), loaded when a picture is asked for.
///
/// Loading at run time keeps every build free of the dependency: only PNG output needs the
/// libraries, and without them it fails with one line that says what to install. The calls
/// are librsvg's and cairo's documented C API: `rsvg_handle_new_from_data`,
/// `rsvg_handle_render_document` onto a cairo ARGB32 image surface of the document's size
/// times `scale`, then `cairo_surface_write_to_png_stream` into memory (so that a file is
/// written atomically like every other output) or the surface's pixels read directly.
public enum SVGRasterizer {
    /// The largest picture drawn, in pixels per side.
    public static let maximumPixels = 16_384

    /// The PNG bytes of `svg`, a document `width` × `height` user units, drawn `scale` pixels
    /// per unit on a white background, or with `transparent` on none (the PNG keeps alpha).
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` naming `parameter` when librsvg or cairo is
    ///   missing or cannot read or draw the document, or the picture would be larger than
    ///   ``maximumPixels`` a side.
    public static func png(
        svg: String, width: Double, height: Double, scale: Double, parameter: String = "--format",
        transparent: Bool = false
    ) throws(HarmonicError) -> [UInt8] {
        try draw(svg: svg, width: width, height: height, scale: scale, parameter: parameter, transparent: transparent) {
            (api, surface) throws(HarmonicError) in
            var png = PNGBuffer()
            let status = withUnsafeMutablePointer(to: &png) { pointer in
                api.writeToPNGStream(
                    surface,
                    { closure, data, length in
                        guard let closure, let data else { return 1 /* CAIRO_STATUS_NO_MEMORY */ }
                        closure.assumingMemoryBound(to: PNGBuffer.self).pointee.bytes
                            // Int: from the C unsigned int length cairo passes.
                            .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                        return 0
                    }, pointer)
            }
            guard status == 0, png.bytes.count > 8 else {
                throw failure("cairo could not encode the PNG (status \(status))", parameter)
            }
            return png.bytes
        }
    }

    /// The pixels of `svg` drawn as ``png(svg:width:height:scale:parameter:transparent:)`` draws
    /// it: rows from the top, each pixel red, green, blue, alpha in 0…255 (un-premultiplied; on
    /// the white page alpha is 255).
    public static func pixels(
        svg: String, width: Double, height: Double, scale: Double, transparent: Bool = false
    ) throws(HarmonicError) -> RasterImage {
        try draw(svg: svg, width: width, height: height, scale: scale, parameter: "svg", transparent: transparent) {
            (api, surface) throws(HarmonicError) in
            // Int: cairo's dimensions and stride are small non-negative C ints.
            let w = Int(api.imageSurfaceGetWidth(surface)), h = Int(api.imageSurfaceGetHeight(surface))
            // Int: as above.
            let stride = Int(api.imageSurfaceGetStride(surface))
            guard let data = api.imageSurfaceGetData(surface) else {
                throw failure("cairo gave no pixels", "svg")
            }
            var rgba = [UInt8](repeating: 0, count: w * h * 4)
            for y in 0..<h {
                for x in 0..<w {
                    // CAIRO_FORMAT_ARGB32: a native-endian 32-bit word per pixel, premultiplied.
                    let word = data.load(fromByteOffset: y * stride + 4 * x, as: UInt32.self)
                    let a = UInt8(truncatingIfNeeded: word >> 24)
                    func channel(_ shift: UInt32) -> UInt8 {
                        let c = UInt32(truncatingIfNeeded: word >> shift) & 0xff
                        guard a > 0 else { return 0 }
                        // Int: c ≤ a (premultiplied), so the quotient is at most 255.
                        return UInt8(Swift.min(255, (c * 255 + UInt32(a) / 2) / UInt32(a)))
                    }
                    let o = (y * w + x) * 4
                    rgba[o] = channel(16)
                    rgba[o + 1] = channel(8)
                    rgba[o + 2] = channel(0)
                    rgba[o + 3] = a
                }
            }
            return RasterImage(width: w, height: h, rgba: rgba)
        }
    }

    /// Draws `svg` onto a white surface (a clear one when `transparent`) and hands the surface
    /// to `body`.
    private static func draw<R>(
        svg: String, width: Double, height: Double, scale: Double, parameter: String, transparent: Bool,
        _ body: (Library, UnsafeMutableRawPointer) throws(HarmonicError) -> R
    ) throws(HarmonicError) -> R {
        let api = try Library.shared(parameter)
        let wide = (width * scale).rounded(), high = (height * scale).rounded()
        guard wide >= 1, high >= 1, wide <= Double(maximumPixels), high <= Double(maximumPixels) else {
            throw .invalidParameter(
                name: "--scale", value: "\(scale) for \(width) × \(height)",
                allowed: "a picture of 1 to \(maximumPixels) pixels a side")
        }
        // Int: 1…maximumPixels by the guard above.
        let pixelsWide = Int32(wide), pixelsHigh = Int32(high)
        let bytes = Array(svg.utf8)
        var error: UnsafeMutableRawPointer? = nil
        guard let handle = bytes.withUnsafeBufferPointer({ api.handleNewFromData($0.baseAddress, $0.count, &error) })
        else {
            throw failure("librsvg could not read the document (\(api.message(of: error)))", parameter)
        }
        defer { api.objectUnref(handle) }
        let surface = api.imageSurfaceCreate(0 /* CAIRO_FORMAT_ARGB32 */, pixelsWide, pixelsHigh)
        defer { api.surfaceDestroy(surface) }
        let context = api.create(surface)
        defer { api.destroy(context) }
        // A white page, as the SVG's own background rectangle would give in a browser; a new
        // image surface is already clear.
        if !transparent {
            api.setSourceRGB(context, 1, 1, 1)
            api.paint(context)
        }
        var viewport = [0, 0, Double(pixelsWide), Double(pixelsHigh)]
        var renderError: UnsafeMutableRawPointer? = nil
        guard api.renderDocument(handle, context, &viewport, &renderError) != 0 else {
            throw failure("librsvg could not draw the document (\(api.message(of: renderError)))", parameter)
        }
        api.surfaceFlush(surface)
        return try body(api, surface)
    }

    private static func failure(_ reason: String, _ parameter: String) -> HarmonicError {
        .invalidParameter(name: parameter, value: "png", allowed: "usable: \(reason)")
    }

    private struct PNGBuffer { var bytes: [UInt8] = [] }

    /// Why the libraries cannot be used.
    private struct Unavailable: Error { var reason: String }

    /// The C functions, resolved once.
    private struct Library: @unchecked Sendable {
        typealias Pointer = UnsafeMutableRawPointer
        typealias NewFromData = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<Pointer?>) -> Pointer?
        /// The viewport is an `RsvgRectangle`: four doubles, x, y, width, height.
        typealias RenderDocument =
            @convention(c) (
                Pointer, Pointer, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Pointer?>
            ) -> Int32
        typealias Release = @convention(c) (Pointer) -> Void
        typealias SurfaceCreate = @convention(c) (Int32, Int32, Int32) -> Pointer
        typealias Create = @convention(c) (Pointer) -> Pointer
        typealias SetSourceRGB = @convention(c) (Pointer, Double, Double, Double) -> Void
        typealias WriteCallback = @convention(c) (Pointer?, UnsafePointer<UInt8>?, UInt32) -> Int32
        typealias WriteToPNGStream = @convention(c) (Pointer, WriteCallback, UnsafeMutableRawPointer?) -> Int32
        typealias SurfaceInt = @convention(c) (Pointer) -> Int32
        typealias SurfaceData = @convention(c) (Pointer) -> UnsafeMutableRawPointer?

        let handleNewFromData: NewFromData
        let renderDocument: RenderDocument
        let objectUnref: Release
        let imageSurfaceCreate: SurfaceCreate
        let surfaceDestroy: Release
        let surfaceFlush: Release
        let create: Create
        let destroy: Release
        let setSourceRGB: SetSourceRGB
        let paint: Release
        let writeToPNGStream: WriteToPNGStream
        let imageSurfaceGetWidth: SurfaceInt
        let imageSurfaceGetHeight: SurfaceInt
        let imageSurfaceGetStride: SurfaceInt
        let imageSurfaceGetData: SurfaceData

        /// The message of a `GError` (its `message` field follows two 32-bit fields).
        func message(of error: Pointer?) -> String {
            guard let error else { return "no details" }
            let text = error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self)
            return text.map { String(cString: $0) } ?? "no details"
        }

        /// The libraries, or why they cannot be used.
        private static let loaded: Result<Library, Unavailable> = load()

        static func shared(_ parameter: String) throws(HarmonicError) -> Library {
            switch loaded {
            case let .success(library): return library
            case let .failure(why): throw failure(why.reason, parameter)
            }
        }

        private static func load() -> Result<Library, Unavailable> {
            let install = "librsvg and cairo (Debian: apt-get install librsvg2-2)"
            guard let rsvg = dlopen("librsvg-2.so.2", RTLD_NOW), let cairo = dlopen("libcairo.so.2", RTLD_NOW),
                let gobject = dlopen("libgobject-2.0.so.0", RTLD_NOW)
            else {
                return .failure(Unavailable(reason: "needs \(install)"))
            }
            func symbol<T>(_ library: UnsafeMutableRawPointer, _ name: String, as: T.Type) -> T? {
                dlsym(library, name).map { unsafeBitCast($0, to: T.self) }
            }
            guard let newFromData = symbol(rsvg, "rsvg_handle_new_from_data", as: NewFromData.self),
                let render = symbol(rsvg, "rsvg_handle_render_document", as: RenderDocument.self),
                let unref = symbol(gobject, "g_object_unref", as: Release.self),
                let surfaceCreate = symbol(cairo, "cairo_image_surface_create", as: SurfaceCreate.self),
                let surfaceDestroy = symbol(cairo, "cairo_surface_destroy", as: Release.self),
                let surfaceFlush = symbol(cairo, "cairo_surface_flush", as: Release.self),
                let create = symbol(cairo, "cairo_create", as: Create.self),
                let destroy = symbol(cairo, "cairo_destroy", as: Release.self),
                let rgb = symbol(cairo, "cairo_set_source_rgb", as: SetSourceRGB.self),
                let paint = symbol(cairo, "cairo_paint", as: Release.self),
                let stream = symbol(cairo, "cairo_surface_write_to_png_stream", as: WriteToPNGStream.self),
                let width = symbol(cairo, "cairo_image_surface_get_width", as: SurfaceInt.self),
                let height = symbol(cairo, "cairo_image_surface_get_height", as: SurfaceInt.self),
                let stride = symbol(cairo, "cairo_image_surface_get_stride", as: SurfaceInt.self),
                let data = symbol(cairo, "cairo_image_surface_get_data", as: SurfaceData.self)
            else {
                return .failure(Unavailable(reason: "needs \(install) 2.46 or later (rsvg_handle_render_document)"))
            }
            return .success(
                Library(
                    handleNewFromData: newFromData, renderDocument: render, objectUnref: unref,
                    imageSurfaceCreate: surfaceCreate, surfaceDestroy: surfaceDestroy, surfaceFlush: surfaceFlush,
                    create: create, destroy: destroy, setSourceRGB: rgb, paint: paint, writeToPNGStream: stream,
                    imageSurfaceGetWidth: width, imageSurfaceGetHeight: height, imageSurfaceGetStride: stride,
                    imageSurfaceGetData: data))
        }
    }
}
