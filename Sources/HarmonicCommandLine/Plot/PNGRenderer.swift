#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Harmonic

/// Renders an SVG chart to PNG with librsvg and cairo, the GNOME libraries made for exactly
/// this (Debian's `librsvg2-2`), loaded when a PNG is asked for.
///
/// Loading at run time keeps the tool's build and every other command free of the
/// dependency: only `plot --format png` needs the libraries, and without them it fails with
/// one line that says what to install. The calls are librsvg's and cairo's documented C API:
/// `rsvg_handle_new_from_data`, `rsvg_handle_render_document` onto a cairo image surface of the
/// chart's size times `scale`, and `cairo_surface_write_to_png_stream` into memory (so the
/// file is then written atomically like every other output).
enum PNGRenderer {
    /// The PNG bytes of `svg`, a document `width` × `height` user units, drawn `scale` pixels
    /// per unit on a white background.
    static func render(svg: String, width: Double, height: Double, scale: Double) throws(HarmonicError) -> [UInt8] {
        let api = try Library.shared()
        // Int: the chart's size (at most a few thousand units) times scale in [0.25, 8], checked by plot.
        let pixelsWide = Int32((width * scale).rounded()), pixelsHigh = Int32((height * scale).rounded())
        let bytes = Array(svg.utf8)
        var error: UnsafeMutableRawPointer? = nil
        guard let handle = bytes.withUnsafeBufferPointer({ api.handleNewFromData($0.baseAddress, $0.count, &error) })
        else {
            throw failure("librsvg could not read the chart (\(api.message(of: error)))")
        }
        defer { api.objectUnref(handle) }
        let surface = api.imageSurfaceCreate(0 /* CAIRO_FORMAT_ARGB32 */, pixelsWide, pixelsHigh)
        defer { api.surfaceDestroy(surface) }
        let context = api.create(surface)
        defer { api.destroy(context) }
        // A white page, as the SVG's own background rectangle would give in a browser.
        api.setSourceRGB(context, 1, 1, 1)
        api.paint(context)
        var viewport = [0, 0, Double(pixelsWide), Double(pixelsHigh)]
        var renderError: UnsafeMutableRawPointer? = nil
        guard api.renderDocument(handle, context, &viewport, &renderError) != 0 else {
            throw failure("librsvg could not draw the chart (\(api.message(of: renderError)))")
        }
        api.surfaceFlush(surface)
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
            throw failure("cairo could not encode the PNG (status \(status))")
        }
        return png.bytes
    }

    private static func failure(_ reason: String) -> HarmonicError {
        .invalidParameter(name: "--format", value: "png", allowed: "usable: \(reason)")
    }

    private struct PNGBuffer { var bytes: [UInt8] = [] }

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

        /// The message of a `GError` (its `message` field follows two 32-bit fields).
        func message(of error: Pointer?) -> String {
            guard let error else { return "no details" }
            let text = error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self)
            return text.map { String(cString: $0) } ?? "no details"
        }

        private static let loaded: Result<Library, HarmonicError> = load()

        static func shared() throws(HarmonicError) -> Library { try loaded.get() }

        private static func load() -> Result<Library, HarmonicError> {
            let install = "librsvg and cairo (Debian: apt-get install librsvg2-2)"
            guard let rsvg = dlopen("librsvg-2.so.2", RTLD_NOW), let cairo = dlopen("libcairo.so.2", RTLD_NOW),
                let gobject = dlopen("libgobject-2.0.so.0", RTLD_NOW)
            else {
                return .failure(failure("needs \(install)"))
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
                let stream = symbol(cairo, "cairo_surface_write_to_png_stream", as: WriteToPNGStream.self)
            else {
                return .failure(failure("needs \(install) 2.46 or later (rsvg_handle_render_document)"))
            }
            return .success(
                Library(
                    handleNewFromData: newFromData, renderDocument: render, objectUnref: unref,
                    imageSurfaceCreate: surfaceCreate, surfaceDestroy: surfaceDestroy, surfaceFlush: surfaceFlush,
                    create: create, destroy: destroy, setSourceRGB: rgb, paint: paint, writeToPNGStream: stream))
        }
    }
}
