import Harmonic

/// CSS `<easing-function>` text: parses or throws a one-line error; the value is finite at
/// every finite input progress; `cssText` parses back to an equal value.
enum CSSEasingContract {
    static func check(_ text: String) {
        let easing: CSSEasingFunction
        do {
            easing = try CSSEasingFunction(parsing: text)
        } catch {
            ContractCheck.requireOneLine(error, context: "css")
            return
        }
        for x in ContractCheck.probeTimes(0...1) {
            for beforeFlag in [false, true] {
                let y = easing.value(at: x, beforeFlag: beforeFlag)
                ContractCheck.require(y.isFinite, "\(easing.cssText) at \(x) = \(y)")
            }
        }
        let written = easing.cssText
        do {
            let reparsed = try CSSEasingFunction(parsing: written)
            ContractCheck.require(reparsed == easing, "\(text) → \(written) → \(reparsed.cssText)")
        } catch {
            ContractCheck.require(false, "\(text) → \(written), which does not parse: \(error)")
        }
    }
}
