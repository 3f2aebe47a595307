import Foundation
import Testing

/// `harmonic lottie`: info, one frame in three formats, frame directories, and refusals that
/// write nothing.
@Suite("lottie command")
struct LottieCommandTests {
    static let loader = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/lottie/loader.json").path

    /// A red 20 × 20 square moving from x = 10 to x = 90 over frames 0…40, linearly.
    static let square = #"""
        {"fr": 20, "ip": 0, "op": 40, "w": 100, "h": 50, "layers": [
         {"ty": 4, "ind": 1, "nm": "square", "ip": 0, "op": 40, "st": 0, "sr": 1,
          "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [10, 25], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}},
                                     {"t": 40, "s": [90, 25]}]}},
          "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
                     {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
        """#

    @Test func infoOfTheExample() throws {
        let run = try CLIRun.run(["lottie", Self.loader, "--info"])
        #expect(run.status == 0, "\(run.stderr)")
        let info = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(info["width"] as? Double == 240 && info["frameRate"] as? Double == 60)
        #expect(info["duration"] as? Double == 2 && info["layers"] as? Int == 6)
        #expect((info["unsupported"] as? [Any])?.isEmpty == true)
    }

    @Test func frameAndProgressGiveTheSameState() throws {
        let byFrame = try CLIRun.run(["lottie", Self.square, "--frame", "10", "--format", "json"])
        let byProgress = try CLIRun.run(["lottie", Self.square, "--progress", "0.25", "--format", "json"])
        #expect(byFrame.status == 0 && byFrame.stdout == byProgress.stdout)
        let state = try #require(try JSONSerialization.jsonObject(with: Data(byFrame.stdout.utf8)) as? [String: Any])
        let layer = try #require((state["layers"] as? [[String: Any]])?.first)
        #expect(layer["transform"] as? [Double] == [1, 0, 0, 1, 30, 25])
        let svg = try CLIRun.run(["lottie", Self.square, "--frame", "10", "--width", "200"])
        #expect(svg.stdout.hasPrefix("<svg") && svg.stdout.contains("width=\"200\" height=\"100\""))
        #expect(svg.stdout.contains("matrix(2 0 0 2 0 0)") && svg.stdout.contains("fill=\"#ff0000\""))
    }

    @Test func pngAndFrameDirectories() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("a.png").path
        let one = try CLIRun.run([
            "lottie", Self.square, "--frame", "0", "--format", "png", "--height", "25", "-o", png,
        ])
        #expect(one.status == 0, "\(one.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(bytes[16..<24] == Data([0, 0, 0, 50, 0, 0, 0, 25]))  // 50 × 25
        let frames = dir.appendingPathComponent("frames").path
        let many = try CLIRun.run(["lottie", Self.square, "--frames", "0:40:10", "--format", "json", "-o", frames])
        #expect(many.status == 0, "\(many.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        #expect(
            names == [
                "frame-0000.json", "frame-0001.json", "frame-0002.json", "frame-0003.json",
                "frame-0004.json", "frames.csv",
            ])
        let index = try String(contentsOfFile: frames + "/frames.csv", encoding: .utf8)
        #expect(index.contains("2,20,frame-0002.json"))
    }

    @Test(arguments: [
        (["--info", "--frame", "1"], "--info"),
        (["--frame", "1", "--progress", "0.5"], "exactly one"),
        ([] as [String], "exactly one"),
        (["--frames", "0:10"], "--output"),
        (["--frames", "10:0", "-o", "OUT"], "--frames"),
        (["--frames", "0:1e9:1", "-o", "OUT"], "frames"),
        (["--frame", "nan"], "--frame"),
        (["--frame", "1", "--width", "0"], "--width"),
        (["--frame", "1", "--format", "gif"], "--format"),
    ])
    func refusalsWriteNothing(arguments: [String], mention: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out").path
        let run = try CLIRun.run(["lottie", Self.square] + arguments.map { $0 == "OUT" ? out : $0 })
        #expect(run.status != 0)
        #expect(run.stderr.contains(mention), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count <= 2, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func badFilesNameTheirJSONPathAndWriteNothing() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frame.svg").path
        let broken = Self.square.replacingOccurrences(of: #""t": 40"#, with: #""t": -4"#)
        // --strict refuses the damaged keyframe and writes nothing.
        let run = try CLIRun.run(["lottie", broken, "--strict", "--frame", "1", "-o", out])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("harmonic: ") && run.stderr.contains("layers[0].ks.p.k[1].t"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // Read leniently, the rest draws and the keyframe's problem is a warning on standard error
        // and in --info, at the same path.
        let lenient = try CLIRun.run(["lottie", broken, "--frame", "1", "-o", out])
        #expect(lenient.status == 0)
        #expect(
            lenient.stderr.hasPrefix("harmonic: warning: layers[0].ks.p.k[1].t")
                && lenient.stderr.hasSuffix("the keyframe is left out\n"), "\(lenient.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
        let info = try CLIRun.run(["lottie", broken, "--info"])
        #expect(info.status == 0 && info.stderr.isEmpty)
        #expect(info.stdout.contains(#""warnings":[{"message":"layers[0].ks.p.k[1].t"#), "\(info.stdout)")
        let missing = try CLIRun.run(["lottie", dir.appendingPathComponent("none.json").path, "--info"])
        #expect(missing.status == 1 && missing.stderr.contains("FILE"))
        let notJSON = try CLIRun.run(["lottie", "{", "--info"])
        #expect(notJSON.status == 1 && notJSON.stderr.contains("Lottie JSON"))
    }
}
