import CHarmonic
import Harmonic
import HarmonicLottie
import HarmonicRender

/// The object behind a `harmonic_lottie *`: an animation read once and drawn at any frame.
final class LottieHandle: Handle {
    let animation: LottieAnimation

    init(_ animation: LottieAnimation) {
        self.animation = animation
        super.init(tag: .lottie)
    }

    static func handle(_ pointer: OpaquePointer?) throws(ABIFailure) -> LottieHandle {
        try object(pointer, as: LottieHandle.self, tag: .lottie, parameter: "lottie")
    }
}

@_cdecl("harmonic_lottie_create")
public func harmonicLottieCreate(
    _ json: UnsafePointer<CChar>?, _ baseDirectory: UnsafePointer<CChar>?,
    _ lottie: UnsafeMutablePointer<OpaquePointer?>?
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        guard let lottie else { throw .null("lottie") }
        let text = try string(json, "json")
        let directory = baseDirectory.map { String(cString: $0) }
        let animation = try library { () throws(HarmonicError) in
            try LottieAnimation(json: text, baseDirectory: directory)
        }
        lottie.pointee = LottieHandle(animation).retainedPointer()
    }
}

@_cdecl("harmonic_lottie_destroy")
public func harmonicLottieDestroy(_ lottie: OpaquePointer?) {
    Handle.destroy(lottie)
}

@_cdecl("harmonic_lottie_write")
public func harmonicLottieWrite(
    _ lottie: OpaquePointer?, _ what: UnsafePointer<CChar>?, _ frame: Double, _ width: Double, _ height: Double,
    _ buffer: UnsafeMutablePointer<UInt8>?, _ capacity: Int, _ length: UnsafeMutablePointer<Int>?
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let animation = try LottieHandle.handle(lottie).animation
        let what = try string(what, "what")
        guard ["info", "state", "svg", "png"].contains(what) else {
            throw .invalid("what", "\"\(what)\"", "\"info\", \"state\", \"svg\" or \"png\"")
        }
        guard what == "info" || frame.isFinite else { throw .invalid("frame", "\(frame)", "a finite frame") }
        let limit = Double(SVGRasterizer.maximumPixels)
        for (name, value) in [("width", width), ("height", height)] where !(value == 0 || (1...limit).contains(value)) {
            throw .invalid(name, "\(value)", "0 (the composition's) or 1…\(SVGRasterizer.maximumPixels) pixels")
        }
        let w = width == 0 ? animation.width : width, h = height == 0 ? animation.height : height
        let bytes = try library { () throws(HarmonicError) -> [UInt8] in
            switch what {
            case "info": return Array(animation.info.json.utf8)
            case "state": return Array(animation.frame(at: frame).json.utf8)
            case "svg": return Array(animation.frame(at: frame).svg(width: w, height: h).utf8)
            default:
                return try SVGRasterizer.png(
                    svg: animation.frame(at: frame).svg(width: w, height: h), width: w, height: h, scale: 1,
                    parameter: "what", transparent: true)
            }
        }
        length?.pointee = bytes.count
        guard capacity >= bytes.count else {
            throw .invalid(
                "capacity", "\(capacity)", "at least \(bytes.count) (the output's bytes)",
                status: HARMONIC_ERROR_BUFFER_TOO_SMALL)
        }
        guard let buffer else { throw .null("buffer") }
        bytes.withUnsafeBufferPointer { b in
            for (i, byte) in b.enumerated() { buffer[i] = byte }
        }
        if what != "png", capacity > bytes.count { buffer[bytes.count] = 0 }
    }
}
