/// The inputs Harmonic parses from users, one fuzz target each.
///
/// Every target feeds arbitrary bytes to one parser and checks the contract the library and
/// the tool promise for it: a value or a typed ``Harmonic/HarmonicError`` whose message is one
/// line, never a trap; finite results at finite times; and, where the language has a writer,
/// parse → write → parse gives back an equal value. A broken promise traps with a message
/// (``ContractCheck/require(_:_:)``), which libFuzzer reports as a crash and saves the input.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The spec JSON of `sample`, `plot`, `settle` and `convert` (`SpecContract`).
    case spec
    /// CSS `<easing-function>` text (`CSSEasingContract`).
    case css
    /// SVG path data, the `d` attribute (`SVGPathContract`).
    case svgPath = "svg-path"
    /// The scene JSON of `scene` (`SceneContract`).
    case scene
    /// Command lines: subcommand, options and their values (`OptionsContract`).
    case options
    /// `plot`'s SVG and PNG charts of spec JSON (`PlotContract`).
    case plot
    /// `convert` of spec JSON to every target (`ConvertContract`).
    case convert
    /// Whole command lines, run (`CommandContract`).
    case command
    /// Lottie animations, read, evaluated and written (`LottieContract`).
    case lottie

    /// Runs the target's contract on one input.
    public func check(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .spec: SpecContract.check(ContractCheck.text(bytes))
        case .css: CSSEasingContract.check(ContractCheck.text(bytes))
        case .svgPath: SVGPathContract.check(ContractCheck.text(bytes))
        case .scene: SceneContract.check(ContractCheck.text(bytes))
        case .options: OptionsContract.check(ContractCheck.text(bytes))
        case .plot: PlotContract.check(ContractCheck.text(bytes))
        case .convert: ConvertContract.check(ContractCheck.text(bytes))
        case .command: CommandContract.check(ContractCheck.text(bytes))
        case .lottie: LottieContract.check(ContractCheck.text(bytes))
        }
    }
}
