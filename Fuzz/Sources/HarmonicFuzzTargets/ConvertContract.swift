import Harmonic
@testable import HarmonicJSON
@testable import HarmonicCommandLine
@testable import HarmonicSpec

/// `harmonic convert SPEC --to TARGET`, for every target: inline spec JSON converts to a JSON
/// object whose numbers are all finite, or is refused with a one-line error. What the tool
/// promises to read back does: a spring target's object as a `"spring"` spec, a decay's
/// conversion (a `"decay"` spec) as a spec, and `css`'s `linear()` as CSS.
enum ConvertContract {
    static func check(_ text: String) {
        guard text.drop(while: \.isWhitespace).first == "{" else {
            SpecContract.check(text)
            return
        }
        for target in ConversionTarget.allCases {
            guard let convert = ContractCheck.parse(["convert", text, "--to", target.rawValue], as: Convert.self) else {
                continue
            }
            do throws(HarmonicError) {
                let object = try convert.object()
                check(object.text, target: target, spec: text)
            } catch {
                ContractCheck.requireOneLine(error, context: "convert --to \(target.rawValue) \(text)")
            }
        }
    }

    private static func check(_ output: String, target: ConversionTarget, spec: String) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(output)
        } catch {
            ContractCheck.require(false, "convert --to \(target.rawValue) wrote JSON that does not parse: \(output)")
            return
        }
        ContractCheck.requireFiniteNumbers(value, "convert --to \(target.rawValue) of \(spec)")
        guard case let .object(members) = value else {
            ContractCheck.require(false, "convert --to \(target.rawValue) wrote no object: \(output)")
            return
        }
        if target == .css {
            ContractCheck.requireCSSMember(members, of: output)
            return
        }
        let readBack = members["decay"] != nil ? output : #"{"spring": \#(output)}"#
        do {
            _ = try Spec.parse(readBack)
        } catch {
            ContractCheck.require(
                false, "convert --to \(target.rawValue) wrote \(output), which reads back as: \(error)")
        }
    }
}
