import ArgumentParser
import Harmonic

/// Options that cannot be given together, found by a command's `validate()` before any input
/// is read. Reported like every error of the tool: one line, `harmonic: ` and the library's
/// conflict message, exit status 1, nothing written.
struct OptionConflict: Error, CustomStringConvertible {
    let error: HarmonicError

    init(parameters: [String], reason: String) {
        error = .conflict(parameters: parameters, reason: reason)
    }

    var description: String { error.description }
}
