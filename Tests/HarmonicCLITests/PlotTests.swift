import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@testable import HarmonicCommandLine

/// `harmonic plot` end to end, and the chart's building blocks.
@Suite("harmonic plot")
struct PlotTests {
    /// Element names and text of a well-formed SVG (parsing fails the test otherwise).
    final class SVGSummary: NSObject, XMLParserDelegate {
        var elements: [String: Int] = [:]
        var texts: [String] = []
        /// Each text with its anchor point and font size (12 when inherited).
        var placedTexts: [(text: String, x: Double, y: Double, size: Double)] = []
        private var place: (x: Double, y: Double, size: Double) = (0, 0, 12)
        var polylines: [[(Double, Double)]] = []
        var viewBox = ""
        private var text = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements[name, default: 0] += 1
            if name == "svg" { viewBox = attributes["viewBox"] ?? "" }
            if name == "text" {
                place = (
                    Double(attributes["x"] ?? "") ?? 0, Double(attributes["y"] ?? "") ?? 0,
                    Double(attributes["font-size"] ?? "") ?? 12
                )
            }
            if name == "polyline", let points = attributes["points"] {
                polylines.append(
                    points.split(separator: " ").map { pair in
                        let xy = pair.split(separator: ",").map { Double(String($0)) ?? .nan }
                        return (xy[0], xy[1])
                    })
            }
            text = ""
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" {
                texts.append(text)
                placedTexts.append((text, place.x, place.y, place.size))
            }
        }
    }

    static func summary(_ url: URL) throws -> SVGSummary {
        let parser = try #require(XMLParser(contentsOf: url))
        let summary = SVGSummary()
        parser.delegate = summary
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
        return summary
    }

    @Test("A spring plot: well-formed SVG with axes, legend, target and settling annotations")
    func springPlot() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("spring.svg")
        let run = try CLIRun.run(["plot", #"{"spring": {"stiffness": 100, "damping": 10}}"#, "--output", file.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty && run.stderr.isEmpty)
        let svg = try Self.summary(file)
        #expect(svg.viewBox == "0 0 900 540")
        #expect(svg.polylines.count == 1)
        #expect(svg.texts.contains("value") && svg.texts.contains("time (s)"))
        #expect(svg.texts.contains("target 1"))
        #expect(svg.texts.contains { $0.hasPrefix("settlingDuration 1.473") })
        #expect(svg.texts.contains("Spring · underdamped, ζ = 0.5"))
        // Every vertex lies inside the drawing, and the line spans most of the width.
        let points = svg.polylines[0]
        #expect(points.count > 20)
        #expect(points.allSatisfy { $0.0 >= 0 && $0.0 <= 900 && $0.1 >= 0 && $0.1 <= 540 })
        #expect(points.last!.0 - points.first!.0 > 700)
        // No temporary file is left beside the output.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["spring.svg"])
    }

    /// A curve of progress is drawn over its own interval, [0, 1]: past 1 `steps(4)` would
    /// show its end value as a fifth level. Its title gives the numbers as written.
    @Test("A timing function is drawn on [0, 1], titled with its numbers as written")
    func timingFunctionPlot() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let steps = dir.appendingPathComponent("steps.svg")
        #expect(try CLIRun.run(["plot", #"{"css": "steps(4)"}"#, "--output", steps.path]).status == 0)
        let points = try #require(try Self.summary(steps).polylines.first)
        // The levels the line holds over more than two pixels: 0, ¼, ½ and ¾, not 1.
        var levels = Set<Double>()
        var start = 0
        for i in 1...points.count {
            if i == points.count || points[i].1 != points[start].1 {
                if points[i - 1].0 - points[start].0 > 2 { levels.insert(points[start].1) }
                start = i
            }
        }
        #expect(levels.count == 4, "levels at y = \(levels.sorted())")

        let bezier = dir.appendingPathComponent("bezier.svg")
        #expect(try CLIRun.run(["plot", #"{"cubicBezier": [0.42, 0, 0.58, 1]}"#, "--output", bezier.path]).status == 0)
        #expect(try Self.summary(bezier).texts.contains("Timing function · cubic-bezier(0.42, 0, 0.58, 1)"))
    }

    /// A curve that ends on its target leaves room above it: the line does not run along
    /// the frame (the panel's top is at y = 98 in a one-panel chart), so the target's label,
    /// drawn above its line, stays inside the panel.
    @Test("Headroom above a curve that ends on its target")
    func headroom() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("overdamped.svg")
        let run = try CLIRun.run(["plot", #"{"spring": {"stiffness": 100, "damping": 40}}"#, "--output", file.path])
        #expect(run.status == 0, "\(run.stderr)")
        let points = try #require(try Self.summary(file).polylines.first)
        let top = points.map(\.1).min() ?? 0
        #expect(top >= 98 + 10, "the curve reaches y = \(top)")
    }

    /// A linear keyframe track's velocity is constant on each segment and jumps at the key
    /// times: the velocity panel draws one line per segment, without vertical connectors.
    @Test("Velocity jumps are gaps, not vertical lines")
    func velocityJumps() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("kf.svg")
        let run = try CLIRun.run([
            "plot", #"{"keyframes": {"values": [0, 1, 0, 1]}}"#, "--velocity", "--output", file.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try Self.summary(file).polylines
        // The value panel's line, then the velocity panel's three segments.
        #expect(lines.count == 4)
        for segment in lines.dropFirst() {
            let ys = Set(segment.map(\.1))
            #expect(ys.count == 1, "a velocity segment is flat: \(ys)")
        }
        // A smooth velocity stays one line.
        let spring = dir.appendingPathComponent("spring.svg")
        #expect(try CLIRun.run(["plot", #"{"spring": {}}"#, "--velocity", "--output", spring.path]).status == 0)
        #expect(try Self.summary(spring).polylines.count == 2)
    }

    @Test("--velocity adds a panel; a 2-D curve adds its trajectory with start and end markers")
    func panels() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("two.svg")
        let spec = #"{"spring": {"duration": 0.6, "bounce": 0.2}, "from": [0, 0], "to": [300, 120]}"#
        let run = try CLIRun.run(["plot", spec, "--velocity", "--output", file.path])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try Self.summary(file)
        #expect(svg.polylines.count == 5)  // value.0, value.1, velocity.0, velocity.1, trajectory
        // Start and end, 21 time ticks, and the legend's three markers.
        #expect(svg.elements["circle", default: 0] == 2 + 21 + 3)
        for label in [
            "value.0", "value.1", "velocity.0", "velocity.1", "trajectory", "start", "end", "every 5 % of the duration",
        ] {
            #expect(svg.texts.contains(label), "\(label)")
        }
        // Overwriting an existing file works and keeps it whole.
        let again = try CLIRun.run(["plot", spec, "--output", file.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.summary(file).polylines.count == 3)
    }

    @Test("A keyframe plot: title, key time lines, keyframe squares on the trajectory, progress axis")
    func keyframePlot() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("keys.svg")
        let spec =
            #"{"keyframes": {"values": [[0, 0], [240, 0], [270, 60], [220, 100], [0, 160]], "keyTimes": [0, 0.1, "#
            + #"0.5, 0.6, 1], "calculationMode": "cubic"}}"#
        let run = try CLIRun.run(["plot", spec, "--output", file.path])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try Self.summary(file)
        #expect(svg.texts.contains("Keyframes · cubic · 5 values"))
        #expect(
            svg.texts.contains("progress") && svg.texts.contains("every 5 % of the progress")
                && svg.texts.contains("keyframes"))
        for label in ["0.1", "0.5", "0.6"] { #expect(svg.texts.contains(label), "\(label)") }
        // Five keyframe squares plus the legend's one (the legend card is a rect too).
        #expect(svg.elements["rect", default: 0] >= 6)
        let path = try CLIRun.run([
            "plot", #"{"path": {"d": "M0,0 C60,-90 160,-90 200,0", "rotationMode": "auto"}}"#, "--output", file.path,
        ])
        #expect(path.status == 0, "\(path.stderr)")
        #expect(try Self.summary(file).texts.contains("Path · linear · rotation auto"))
    }

    @Test("Time ticks: the samples nearest to every 5 % of the curve's interval, inside the plotted span")
    func timeTicks() {
        let times = (0...1080).map { Double($0) / 1000 }
        #expect(CurvePlot.timeTicks(times, from: 0, to: 1, count: 20) == (0...20).map { $0 * 50 })
        // A plot starting half-way shows the ticks from 50 % on, indexed in its own samples.
        #expect(CurvePlot.timeTicks(Array(times[500...]), from: 0, to: 1, count: 20) == (10...20).map { $0 * 50 - 500 })
        // Coarse samples: nearest ones, never twice the same.
        #expect(CurvePlot.timeTicks([0, 0.5, 1], from: 0, to: 1, count: 20) == [0, 1, 2])
    }

    @Test(
        "Errors leave no file: bad spec, bad grid, unwritable output",
        arguments: [
            (#"{"spring": {"damping": -1}}"#, ["--count", "10"], "spring.damping = -1.0 is invalid"),
            (#"{"spring": {}, "extra": true}"#, [], "extra = true is invalid: must be absent (unknown key"),
            (#"{"spring": "#, [], "invalid JSON spec"),
            (#"{"spring": {}}"#, ["--start", "1", "--end", "0"], "--end = 0.0 is invalid"),
            (#"{"spring": {}}"#, ["--count", "3000000"], "samples = 3000000 times is invalid"),
        ])
    func errors(spec: String, options: [String], message: String) throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("out.svg")
        let run = try CLIRun.run(["plot", spec, "--output", file.path] + options)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("harmonic: ") && run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("An output in a missing directory is refused with one line")
    func unwritable() throws {
        let run = try CLIRun.run(["plot", #"{"spring": {}}"#, "--output", "/nonexistent-dir/x.svg"])
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "harmonic: --output = /nonexistent-dir/x.svg is invalid: must be a path in an existing, writable "
                + "directory\n"
        )
    }

    @Test("Nice ticks: steps of 1, 2, 2.5 or 5 times a power of ten covering the data")
    func niceScale() {
        let scale = NiceScale(0, 1.16, target: 5)
        #expect(scale.step == 0.25 && scale.lower == 0 && scale.upper == 1.25)
        #expect(scale.ticks == [0, 0.25, 0.5, 0.75, 1, 1.25])
        #expect(scale.label(0.5) == "0.50")
        let big = NiceScale(-480, 1330, target: 5)
        #expect(big.step == 500 && big.lower == -500 && big.upper == 1500)
        #expect(big.label(-500) == "\u{2212}500")
        let tight = NiceScale(0, 1.47, target: 8, tight: true)
        #expect(tight.lower == 0 && tight.upper == 1.47 && tight.ticks.last == 1.4)
        let flat = NiceScale(3, 3)
        #expect(flat.lower < 3 && flat.upper > 3)
    }

    @Test("Polyline simplification keeps every point within the tolerance")
    func simplification() {
        // Fewer than 4096 points: the column-extremes pre-pass does not apply.
        let points = (0...4000).map { i -> (Double, Double) in
            let x = Double(i) * 0.22
            return (x, 200 + 150 * sin(x / 40) * exp(-x / 400))
        }
        let kept = PolylineSimplification.simplify(points, tolerance: 0.2)
        #expect(kept.count < points.count / 5)
        // Distance from each original point to the kept polyline.
        var segment = 0
        for (x, y) in points {
            while segment + 2 < kept.count, kept[segment + 1].0 < x { segment += 1 }
            let (ax, ay) = kept[segment], (bx, by) = kept[segment + 1]
            let u = max(
                0,
                min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) * (bx - ax) + (by - ay) * (by - ay))))
            let distance = hypot(ax + u * (bx - ax) - x, ay + u * (by - ay) - y)
            #expect(distance <= 0.2 + 1e-9)
        }
        // Dense input keeps, per pixel column, its first, lowest, highest and last point.
        let dense = (0..<100_000).map { i -> (Double, Double) in (Double(i) / 100, sin(Double(i)) * 50) }
        let columns = PolylineSimplification.columnExtremes(dense)
        #expect(columns.count <= 4 * 1000)
        for column in 0..<1000 {
            let inColumn = dense[(column * 100)..<(column * 100 + 100)].map(\.1)
            let kept = columns.filter { $0.0.rounded(.down) == Double(column) }.map(\.1)
            #expect(kept.min() == inColumn.min() && kept.max() == inColumn.max())
            #expect(kept.first == inColumn.first && kept.last == inColumn.last)
        }
    }
}

/// PNG output: the SVG chart drawn by librsvg, checked by reading the file's PNG header.
@Suite struct PlotPNGTests {
    static func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("harmonic-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Width and height from the IHDR chunk, or nil if the bytes are not a PNG.
    static func size(_ data: Data) -> (Int, Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            bytes[12..<16] == [0x49, 0x48, 0x44, 0x52]
        else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test func pngFromTheExtensionOrTheFormatAtTheChartsSizeTimesTheScale() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let byName = dir.appendingPathComponent("spring.png").path
        #expect(try CLIRun.run(["plot", #"{"spring": {}}"#, "--output", byName]).status == 0)
        let named = try #require(Self.size(try Data(contentsOf: URL(fileURLWithPath: byName))))
        #expect(named == (1800, 1080))
        let explicit = dir.appendingPathComponent("chart").path
        let run = try CLIRun.run([
            "plot", #"{"spring": {}}"#, "--velocity", "--format", "png", "--scale", "1", "--output", explicit,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let sized = try #require(Self.size(try Data(contentsOf: URL(fileURLWithPath: explicit))))
        #expect(sized == (900, 760))
        // The pixels are drawn, not blank: a chart's PNG compresses to well above a white page.
        #expect(try Data(contentsOf: URL(fileURLWithPath: explicit)).count > 20_000)
    }

    @Test func badScalesAndScalesOnSVGAreRefusedWithNothingWritten() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("x.png").path
        let tiny = try CLIRun.run(["plot", #"{"spring": {}}"#, "--scale", "0.1", "--output", file])
        #expect(tiny.status != 0 && tiny.stderr.contains("--scale = 0.1 is invalid: must be finite and in [0.25, 8]"))
        let svg = try CLIRun.run([
            "plot", #"{"spring": {}}"#, "--scale", "2", "--output", dir.appendingPathComponent("x.svg").path,
        ])
        #expect(svg.status != 0 && svg.stderr.contains("--scale applies to PNG output"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}

/// Axis labelling where the plotted interval does not start at zero.
@Suite struct PlotAxisStartTests {
    @Test func aPlotStartingPartWayLabelsItsFirstTickAtTheStart() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("harmonic-axis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("shifted.svg")
        let run = try CLIRun.run([
            "plot", #"{"spring": {}, "from": 100, "to": 200}"#, "--start", "0.5", "--end", "2", "--output", file.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try PlotTests.summary(file)
        // Ticks every 0.25 s from the start: 0.50 … 2.00 (a 0.2 s step would begin at 0.6,
        // leaving the axis start unlabelled).
        for label in ["0.50", "0.75", "1.00", "1.75", "2.00"] { #expect(svg.texts.contains(label), "\(label)") }
        #expect(!svg.texts.contains("0.6"))
        // The reference labels stay on separate rows, a line of text apart: settled and
        // settlingDuration (1.27 s and 1.47 s, close enough to collide on one row).
        let settled = try #require(svg.placedTexts.first { $0.text.hasPrefix("settled within 0.1 % at") })
        let estimate = try #require(svg.placedTexts.first { $0.text.hasPrefix("settlingDuration") })
        #expect(abs(settled.y - estimate.y) >= max(settled.size, estimate.size))
    }

    @Test func niceScaleAlignsATightAxisToItsStart() {
        let shifted = NiceScale(0.5, 2, target: 8, tight: true)
        #expect(shifted.step == 0.25 && shifted.ticks.first == 0.5 && shifted.ticks.last == 2)
        // An axis from 0 keeps Heckbert's step.
        #expect(NiceScale(0, 1.59, target: 8, tight: true).step == 0.2)
        // A start no nice step divides keeps the nice step (ticks inside the range).
        let odd = NiceScale(0.123, 1.9, target: 8, tight: true)
        #expect(odd.step == 0.25 && odd.ticks.first == 0.25)
    }
}
