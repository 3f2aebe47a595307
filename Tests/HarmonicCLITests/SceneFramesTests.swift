import Foundation
import Testing

/// `harmonic scene --frames svg|png --output DIR`: one picture per sample time and an index,
/// all or nothing.
@Suite struct SceneFramesTests {
    let scene = """
        { "layers": [ { "name": "card", "values": { "frame": [10, 10, 50, 30], "backgroundColor": [1, 0, 0, 1] } } ],
          "actions": [ { "time": 0, "add": { "layer": "card", "key": "fade", "animation": {
              "keyPath": "opacity", "from": 1, "to": 0, "timing": { "duration": 1 }, "timingFunction": "linear" } } } ],
          "sample": { "times": [0, 0.5] } }
        """

    @Test func framesAndTheirIndexAreWritten() throws {
        let dir = try temporaryDirectory().appendingPathComponent("frames").path
        let run = try CLIRun.run(["scene", scene, "--frames", "svg", "--output", dir, "--viewport", "0,0,100,50"])
        #expect(run.status == 0, "\(run.stderr)")
        let index = try String(contentsOfFile: dir + "/frames.csv", encoding: .utf8)
        #expect(index == "frame,time,file\n0,0,frame-0000.svg\n1,0.5,frame-0001.svg\n")
        let first = try String(contentsOfFile: dir + "/frame-0000.svg", encoding: .utf8)
        let second = try String(contentsOfFile: dir + "/frame-0001.svg", encoding: .utf8)
        #expect(first.contains("viewBox=\"0 0 100 50\"") && first.contains("fill=\"#ff0000\""))
        #expect(second.contains("opacity=\"0.5\""))
        // Byte-identical runs.
        let again = try temporaryDirectory().appendingPathComponent("again").path
        #expect(
            try CLIRun.run(["scene", scene, "--frames", "svg", "--output", again, "--viewport", "0,0,100,50"]).status
                == 0)
        #expect(try String(contentsOfFile: again + "/frame-0001.svg", encoding: .utf8) == second)
        // PNG at twice the size.
        let png = try temporaryDirectory().appendingPathComponent("png").path
        #expect(try CLIRun.run(["scene", scene, "--frames", "png", "--output", png, "--scale", "2"]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png + "/frame-0000.png"))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
        // The IHDR width: the fitted viewport (0…60 wide) at 2 pixels per point.
        #expect(bytes[16..<20].reduce(0) { $0 << 8 | Int($1) } == 120)
    }

    /// Many frames: each file holds a slot of the interrupt table only while it is written.
    @Test func manyFramesAreWritten() throws {
        let dir = try temporaryDirectory().appendingPathComponent("many").path
        let run = try CLIRun.run([
            "scene", scene, "--frames", "svg", "--output", dir, "--start", "0", "--end", "1", "--count", "40",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).count == 41)
    }

    @Test func badFrameRequestsWriteNothing() throws {
        let parent = try temporaryDirectory()
        let full = parent.appendingPathComponent("full")
        try FileManager.default.createDirectory(at: full, withIntermediateDirectories: false)
        try Data("x".utf8).write(to: full.appendingPathComponent("keep.txt"))
        let cases: [([String], String)] = [
            (["--frames", "svg", "--output", full.path], "--output"),
            (["--frames", "svg"], "--frames"),
            (["--frames", "svg", "--output", parent.path + "/new", "--viewport", "0,0,0,10"], "--viewport"),
            (["--frames", "png", "--output", parent.path + "/new", "--scale", "100"], "--scale"),
            (["--frames", "gif", "--output", parent.path + "/new"], "--frames"),
        ]
        for (arguments, fragment) in cases {
            let run = try CLIRun.run(["scene", scene] + arguments)
            #expect(run.status != 0, "\(arguments)")
            #expect(run.stderr.filter { $0 == "\n" }.count == 1 && run.stderr.contains(fragment), "\(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: full.path) == ["keep.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == ["full"])
    }
}
