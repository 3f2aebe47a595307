import ArgumentParser
import Harmonic
import HarmonicEngine
import HarmonicLottie
import HarmonicRender
import HarmonicSpec

/// `harmonic lottie FILE`: reads a Lottie animation and prints what it holds, or draws it (or
/// its evaluated state) at one frame or a range of frames.
struct Lottie: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read a Lottie (Bodymovin JSON) animation: its info, or frames as SVG, PNG or JSON state.",
        discussion: """
            FILE is a Lottie JSON file, '-' for standard input, or the JSON text itself. Images \
            the file names are read from beside it. Progress P is frame ip + P·(op − ip); progress 1 \
            (frame op) is the animation's last picture, as players show it when playback ends.

            Real files are read leniently: what cannot be read is left out or given its default, \
            the rest is drawn, and each problem is a warning on standard error (and in --info) \
            with its JSON path. --strict refuses a file with any problem instead.

            Example (the repository's example animation at frame 12):

              harmonic lottie Examples/lottie/loader.json --frame 12 --output frame.svg

            More:

              harmonic lottie Examples/lottie/loader.json --info
              harmonic lottie loader.json --progress 0.5 --format png --width 256 --output half.png
              harmonic lottie loader.json --frames 0:60:2 --format json --output frames/
            """)

    @Argument(help: "The animation: a JSON file, '-' for standard input, or JSON text.")
    var file: String

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Print the animation's info as JSON: size, frame rate, frames, duration, layer and shape counts, "
                + "features used, and unsupported features with their JSON paths."))
    var info = false

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Refuse a file with any problem (a missing image, a parent that names no layer, an unreadable keyframe…) "
                + "instead of drawing the rest with warnings."))
    var strict = false

    @Option(name: .long, help: "Draw this composition frame.")
    var frame: Double?

    @Option(name: .long, help: "Draw the frame at this fraction of the animation, ip + P·(op − ip).")
    var progress: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Draw frames A, A + STEP, … up to and including B (STEP 1 by default) into the directory --output names "
                + "(new or empty): frame-0000.svg (or .png, .json) and frames.csv. Frame op is the last picture; "
                + "frames past it are drawn empty, with a warning.",
            valueName: "A:B[:STEP]"))
    var frames: String?

    enum Format: String, CaseIterable, ExpressibleByArgument {
        case svg, png, json
    }

    @Option(name: .long, help: "svg, png, or json (each layer's world transform, opacity, visibility and shapes).")
    var format: Format = .svg

    enum Player: String, CaseIterable, ExpressibleByArgument {
        case direct, engine
    }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "direct: evaluate the file frame by frame (everything Harmonic draws); engine: turn it into engine "
                + "layers and keyframe animations and draw what the engine shows (svg or png; what it leaves out is "
                + "listed on standard error)."))
    var player: Player = .direct

    @Option(name: .long, help: "Picture width in pixels (default: the composition's); the aspect ratio is kept.")
    var width: Double?

    @Option(name: .long, help: "Picture height in pixels (default: the composition's).")
    var height: Double?

    @Option(
        name: .shortAndLong,
        help: "Write to this file (atomically; '-' or none for standard output), or with --frames this directory.")
    var output: String?

    func validate() throws {
        let picks = [frame != nil, progress != nil, frames != nil].filter { $0 }.count
        if info, picks > 0 {
            throw OptionConflict(
                parameters: ["--info", "--frame, --progress or --frames"], reason: "--info draws nothing")
        }
        if !info, picks != 1 {
            throw OptionConflict(
                parameters: ["--info", "--frame", "--progress", "--frames"], reason: "give exactly one of them")
        }
        if player == .engine, format == .json {
            throw OptionConflict(
                parameters: ["--player engine", "--format json"], reason: "the JSON state is direct evaluation's")
        }
        if frames != nil, output == nil || output == "-" {
            throw OptionConflict(
                parameters: ["--frames", "--output"], reason: "--frames writes into the directory --output names")
        }
    }

    func run() throws { try runReportingErrors(execute) }

    /// Upper bound on the pixels a side of a picture.
    static let maximumPixels = Double(SVGRasterizer.maximumPixels)

    func execute() throws(HarmonicError) {
        let text = try Spec.text(ofArgument: file, name: "FILE")
        let isText = file == "-" || file.drop(while: \.isWhitespace).first == "{"
        let directory: String? =
            isText ? nil : file.contains("/") ? String(file[..<file.lastIndex(of: "/")!]) : "."
        let animation = try LottieAnimation(json: text, baseDirectory: directory, strict: strict)
        if !info { Self.report(animation) }
        if info {
            try write(Array(animation.info.json.utf8))
            return
        }
        let size = try pictureSize(animation)
        if let frames {
            try writeFrames(animation, range: try Self.frameRange(frames), size: size)
            return
        }
        let f: Double
        if let frame {
            f = try HarmonicError.require(frame, named: "--frame")
        } else {
            let p = try HarmonicError.require(progress ?? 0, named: "--progress")
            f = animation.frame(atProgress: p)
        }
        if player == .engine {
            let scene = try engineScene(animation)
            try scene.seek(toFrame: f)
            try write(try enginePicture(scene, size: size))
            return
        }
        try write(try picture(animation.frame(at: f), size: size))
    }

    /// The problems read past, on standard error: the first twenty, then their count.
    static func report(_ animation: LottieAnimation) {
        for warning in animation.warnings.prefix(20) {
            FileDescriptor.report("harmonic: warning: \(warning.message)")
        }
        let more = animation.warnings.count - 20 + animation.warningsNotListed
        if more > 0 {
            FileDescriptor.report("harmonic: warning: … and \(more) more (all of them in --info)")
        }
    }

    /// The animation played by the engine, with what it leaves out on standard error.
    func engineScene(_ animation: LottieAnimation) throws(HarmonicError) -> LottieEngineScene {
        let scene = try animation.engineScene()
        for item in scene.notPlayed.prefix(20) {
            FileDescriptor.report("harmonic: the engine leaves out \(item.feature) at \(item.path)")
        }
        if scene.notPlayed.count > 20 {
            FileDescriptor.report("harmonic: … and \(scene.notPlayed.count - 20) more left out")
        }
        return scene
    }

    func enginePicture(_ scene: LottieEngineScene, size: (Double, Double)) throws(HarmonicError) -> [UInt8] {
        let svg = try scene.svg(width: size.0, height: size.1)
        guard format == .png else { return Array(svg.utf8) }
        return try SVGRasterizer.png(svg: svg, width: size.0, height: size.1, scale: 1, transparent: true)
    }

    /// `--width`/`--height`: one given, the other follows the composition's aspect ratio.
    func pictureSize(_ animation: LottieAnimation) throws(HarmonicError) -> (Double, Double) {
        for (name, value) in [("--width", width), ("--height", height)] {
            if let value, !(value >= 1 && value <= Self.maximumPixels) {
                throw .invalidParameter(
                    name: name, value: "\(value)", allowed: "a size from 1 to \(Int(Self.maximumPixels)) pixels")
            }
        }
        switch (width, height) {
        case let (w?, h?): return (w, h)
        case let (w?, nil): return (w, (w * animation.height / animation.width).rounded())
        case let (nil, h?): return ((h * animation.width / animation.height).rounded(), h)
        case (nil, nil): return (animation.width, animation.height)
        }
    }

    func picture(_ frame: LottieFrame, size: (Double, Double)) throws(HarmonicError) -> [UInt8] {
        switch format {
        case .json:
            return Array(frame.json.utf8)
        case .svg:
            return Array(frame.svg(width: size.0, height: size.1).utf8)
        case .png:
            return try SVGRasterizer.png(
                svg: frame.svg(width: size.0, height: size.1), width: size.0, height: size.1, scale: 1,
                transparent: true)
        }
    }

    func write(_ bytes: [UInt8]) throws(HarmonicError) {
        let sink = try OutputSink(path: output)
        do throws(HarmonicError) {
            try bytes.withUnsafeBufferPointer { (b) throws(HarmonicError) in try sink.write(bytes: b) }
            try sink.close()
        } catch {
            sink.discard()
            throw error
        }
    }

    /// `A:B[:STEP]` as the frames it names.
    static func frameRange(_ text: String) throws(HarmonicError) -> [Double] {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0.trimmingWhitespace()) }
        let step = parts.count == 3 ? parts[2] : 1
        guard parts.count == 2 || parts.count == 3, let a = parts[0], let b = parts[1], let step,
            a.isFinite, b.isFinite, step.isFinite, step > 0, b >= a
        else {
            throw .invalidParameter(
                name: "--frames", value: "\"\(text)\"",
                allowed: "A:B or A:B:STEP, finite frames with A ≤ B and STEP > 0")
        }
        let count = ((b - a) / step + 1e-9).rounded(.down) + 1
        try WorkBudget.require(count, within: WorkBudget.frames, asked: "\(count) frames", lower: "raise STEP")
        // Int: at most WorkBudget.frames by the check above.
        return (0..<Int(count)).map { a + Double($0) * step }
    }

    func writeFrames(_ animation: LottieAnimation, range: [Double], size: (Double, Double)) throws(HarmonicError) {
        if let last = range.last, last > animation.outPoint {
            let past = range.filter { $0 > animation.outPoint }.count
            FileDescriptor.report(
                "harmonic: warning: --frames: \(past) of the \(range.count) frames are past the last picture "
                    + "(frame \(SampleWriter.text(animation.outPoint)), op) and show nothing that ends there")
        }
        let out = try FrameDirectory(path: output ?? "", option: "--output")
        let scene = player == .engine ? try engineScene(animation) : nil
        do throws(HarmonicError) {
            var index = "index,frame,file\n"
            let digits = Swift.max(4, String(range.count - 1).count)
            for (k, f) in range.enumerated() {
                let number = String(k)
                let name =
                    "frame-" + String(repeating: "0", count: Swift.max(0, digits - number.count)) + number + "."
                    + format.rawValue
                if let scene {
                    try scene.seek(toFrame: f)
                    try out.write(try enginePicture(scene, size: size), named: name)
                } else {
                    try out.write(try picture(animation.frame(at: f), size: size), named: name)
                }
                index += "\(k),\(SampleWriter.text(f)),\(name)\n"
            }
            try out.write(Array(index.utf8), named: "frames.csv")
            try out.commit()
        } catch {
            out.discard()
            throw error
        }
    }
}
