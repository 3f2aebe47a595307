#if !FUZZING
    import Foundation

    /// The replay driver's inputs: a file, or every regular file in a directory, sorted.
    enum InputFiles {
        static func list(_ path: String) throws -> [String] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
            }
            guard isDirectory.boolValue else { return [path] }
            return try FileManager.default.contentsOfDirectory(atPath: path).sorted()
                .map { path + "/" + $0 }
                .filter { !$0.hasSuffix("/.gitkeep") }
        }

        static func contents(_ file: String) throws -> [UInt8] {
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        }
    }
#endif
