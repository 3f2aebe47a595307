import Harmonic
@testable import HarmonicCommandLine
@testable import HarmonicSpec

/// `harmonic plot SPEC`: inline spec JSON is drawn exactly as the tool draws it (its default
/// grid, value and velocity panels) or refused with a one-line error. The SVG carries no
/// non-finite number; one input in ``pngShare`` is also rendered to PNG by librsvg (a render
/// costs about 0.2 s, the SVG path 100 times less), which must give a PNG.
enum PlotContract {
    /// One input in this many is rendered to PNG as well, chosen by a hash of its bytes so a
    /// saved input replays the same way.
    static let pngShare = 32

    static func check(_ text: String) {
        guard text.drop(while: \.isWhitespace).first == "{" else {
            // Anything else names a file (or standard input), which a fuzz target never reads.
            SpecContract.check(text)
            return
        }
        let png = ContractCheck.hash(text) % UInt64(pngShare) == 0
        let arguments = ["plot", text, "--velocity", "--output", png ? "fuzz.png" : "fuzz.svg"]
        guard let plot = ContractCheck.parse(arguments, as: Plot.self) else { return }
        do throws(HarmonicError) {
            let image = try plot.image()
            ContractCheck.requireFiniteNumbers(image.svg, "SVG of \(text)")
            ContractCheck.require(image.svg.hasPrefix("<svg") || image.svg.hasPrefix("<?xml"), "SVG header")
            if png {
                let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                ContractCheck.require(image.png.map { Array($0.prefix(8)) == signature } ?? false, "PNG signature")
            }
        } catch {
            ContractCheck.requireOneLine(error, context: "plot \(text)")
        }
    }
}
