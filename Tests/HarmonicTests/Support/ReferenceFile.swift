import Foundation

/// Reads a committed reference table from `Tests/HarmonicTests/References`.
enum ReferenceFile {
    /// The non-comment lines of `name`, split on whitespace.
    static func rows(_ name: String, extension ext: String = "txt") throws -> [[Substring]] {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "References") else {
            throw CocoaError(.fileNoSuchFile)
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ") }
    }
}
