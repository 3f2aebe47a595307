import Foundation
import Testing

/// The short pass of fuzzing that `make test` runs: every committed seed of every fuzz target
/// (`Fuzz/Corpus/<target>`) through that target's contract, in the debug build the other tests
/// use. The contracts are the fuzz targets' own files (`Contracts` links to
/// `Fuzz/Sources/HarmonicFuzzTargets`), so this checks exactly what libFuzzer checks; what it
/// does not do is mutate the seeds, which `make check` (`scripts/fuzz.sh --quick`, with
/// AddressSanitizer) and `make fuzz` do. A broken contract traps with its message, as under
/// libFuzzer; `swift run --package-path Fuzz harmonic-fuzz TARGET Fuzz/Corpus/TARGET` then
/// replays the target's seeds one by one in a debugger.
@Suite struct FuzzCorpusReplayTests {
    static var corpus: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")
    }

    /// The seeds of one target, sorted by name.
    static func seeds(of target: FuzzTarget) throws -> [URL] {
        let folder = corpus.appendingPathComponent(target.rawValue)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent != ".gitkeep" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everySeedKeepsItsTargetsContract(target: FuzzTarget) throws {
        let seeds = try Self.seeds(of: target)
        #expect(seeds.count >= 10, "Fuzz/Corpus/\(target.rawValue) has \(seeds.count) seeds")
        for seed in seeds {
            let bytes = try Data(contentsOf: seed)
            bytes.withUnsafeBytes { target.check($0) }
        }
    }
}
