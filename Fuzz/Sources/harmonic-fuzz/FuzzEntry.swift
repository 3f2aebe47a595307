import HarmonicFuzzTargets

#if FUZZING
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// The target this process fuzzes, from `HARMONIC_FUZZ_TARGET` (read once).
    private let selectedTarget: FuzzTarget = {
        guard let name = getenv("HARMONIC_FUZZ_TARGET").map({ String(cString: $0) }),
            let target = FuzzTarget(rawValue: name)
        else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            fatalError("set HARMONIC_FUZZ_TARGET to one of: \(names)")
        }
        return target
    }()

    /// libFuzzer's entry point: one input per call; a broken contract traps.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        selectedTarget.check(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : count))
        return 0
    }
#else
    /// `harmonic-fuzz TARGET PATH…`: runs every file (directories: every file in them) through
    /// the target's contract without libFuzzer, for reproducing a saved crash in a debugger.
    @main
    enum Replay {
        static func main() throws {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count >= 2 else {
                let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
                print("usage: harmonic-fuzz \(names) FILE|DIRECTORY…")
                return
            }
            var count = 0
            for path in arguments.dropFirst() {
                for file in try InputFiles.list(path) {
                    let bytes = try InputFiles.contents(file)
                    bytes.withUnsafeBytes { target.check($0) }
                    count += 1
                }
            }
            print("\(target.rawValue): \(count) inputs kept the contract")
        }
    }
#endif
