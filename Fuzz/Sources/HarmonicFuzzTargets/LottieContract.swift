import Harmonic
import HarmonicLottie

/// Lottie JSON: reads or throws a one-line error; a file that reads evaluates at its first,
/// middle and last frames (and before and after) into a state whose SVG and JSON can be
/// written, without trapping; the info lists every unsupported feature with a JSON path; and
/// turned into engine layers it plays through the same frames, or throws a one-line error,
/// listing what it leaves out with JSON paths.
enum LottieContract {
    static func check(_ text: String) {
        let animation: LottieAnimation
        do {
            animation = try LottieAnimation(json: text)
        } catch {
            ContractCheck.requireOneLine(error, context: "lottie")
            return
        }
        let info = animation.info
        ContractCheck.require(info.frames > 0 && info.duration > 0, "frames \(info.frames), duration \(info.duration)")
        ContractCheck.require(info.unsupported.allSatisfy { !$0.path.isEmpty }, "an unsupported feature without a path")
        for p in [-0.5, 0, 0.5, 1, 1.5] {
            let frame = animation.frame(at: animation.frame(atProgress: p))
            ContractCheck.require(frame.layers.count <= LottieAnimation.maximumLayers, "\(frame.layers.count) layers")
            let svg = frame.svg(width: 64, height: 64)
            ContractCheck.require(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>\n"), "an unfinished SVG")
            ContractCheck.require(frame.json.hasPrefix("{"), "state JSON \(frame.json.prefix(40))")
        }
        do {
            let scene = try animation.engineScene()
            ContractCheck.require(scene.notPlayed.allSatisfy { !$0.path.isEmpty }, "a left-out feature without a path")
            for p in [0.0, 0.5, 1] {
                let frame = animation.frame(atProgress: p)
                guard scene.time(ofFrame: frame) >= scene.engine.time else { continue }
                try scene.seek(toFrame: frame)
                let svg = try scene.svg(width: 64, height: 64)
                ContractCheck.require(svg.hasSuffix("</svg>\n"), "an unfinished engine SVG")
            }
        } catch {
            ContractCheck.requireOneLine(error, context: "lottie engine")
        }
    }
}
