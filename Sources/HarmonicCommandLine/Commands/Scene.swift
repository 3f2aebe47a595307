import ArgumentParser
import Harmonic
import HarmonicSpec
import HarmonicEngine
import HarmonicRender

/// `harmonic scene SCENE`: plays a scripted scene on the engine adapter and writes the
/// presentation values it shows frame by frame, and its event log.
struct Scene: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a scene (layers, timed actions) and write presentation values and events.",
        discussion: """
            SCENE is a JSON file, '-' for standard input, or the JSON text itself: layers with \
            initial values, timed actions (add/remove animations, set values inside \
            transactions, retarget springs, pause layers, drive interactive animators), an \
            optional sampling grid and the key paths to record. See the README for the format.

            Example (one layer, no actions: its opacity at 60 samples per second for a second):

              harmonic scene '{"layers": [{"name": "a", "values": {"opacity": 1}}]}'
            """)

    @Argument(help: "The scene: a JSON file, '-' for standard input, or JSON text.")
    var scene: String

    @OptionGroup var grid: TimeGridOptions

    /// `--format json` includes the events.
    @OptionGroup var table: OutputOptions

    @Option(name: .long, help: "Write the event log as CSV to this file (atomically).")
    var events: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write every emitter layer's live particles at each sample time to this CSV file (atomically): "
                + "time, layer, cell, id, index, parent, birthTime, age, lifetime, x, y, z, vx, vy, vz, scale, "
                + "rotation, red, green, blue, alpha."))
    var particles: String?

    /// `--check`'s help: what a check does.
    static let checkHelp = ArgumentHelp(
        "Check the scene without writing samples: parse it, build its layers and perform every action in "
            + "order (so a cycle in the tree or an unknown key path is found), then print one line.")

    @Flag(name: .long, help: checkHelp)
    var check = false

    /// The picture formats of `--frames`.
    enum FrameFormat: String, CaseIterable, ExpressibleByArgument {
        case svg, png
    }

    @Option(
        name: .customLong("frames"),
        help: ArgumentHelp(
            "Draw the layer tree at each sample time into the directory --output names (new or empty): "
                + "frame-0000.svg (or .png) and so on, and frames.csv with each frame's time. No table is written."))
    var frameFormat: FrameFormat?

    @Option(
        name: .customLong("frame-at"),
        help: ArgumentHelp(
            "Draw the layer tree at this one time (seconds) as SVG, to standard output or --output, instead "
                + "of the table (the actions up to it performed, as for a sample at that time).",
            valueName: "time"))
    var frameAt: Double?

    @Option(name: .long, help: "PNG frames: pixels per point, in [0.25, 8] (default 1).")
    var scale: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Frames: the part of the root space drawn, 'x,y,width,height' in points (default: every layer's "
                + "bounds and the origin, at the first sample time)."))
    var viewport: String?

    func validate() throws {
        if frameFormat != nil, table.output == nil || table.output == "-" {
            throw OptionConflict(
                parameters: ["--frames", "--output"], reason: "--frames writes into the directory --output names")
        }
        if frameFormat != nil, table.format == .json || table.velocity {
            throw OptionConflict(
                parameters: ["--frames", "--format json or --velocity"], reason: "--frames writes no table")
        }
        if scale != nil, frameFormat != .png {
            throw OptionConflict(parameters: ["--scale", "--frames"], reason: "--scale applies to PNG frames")
        }
        if viewport != nil, frameFormat == nil, frameAt == nil {
            throw OptionConflict(parameters: ["--viewport", "--frames"], reason: "--viewport applies to frames")
        }
        if frameAt != nil,
            frameFormat != nil || check || particles != nil || events != nil || table.velocity
                || table.format == .json
        {
            throw OptionConflict(
                parameters: ["--frame-at", "--frames, --check, --particles, --events, --velocity or --format json"],
                reason: "--frame-at writes one picture")
        }
        if check, particles != nil {
            throw OptionConflict(parameters: ["--check", "--particles"], reason: "--check writes nothing")
        }
        if table.format == .json, events != nil {
            throw OptionConflict(
                parameters: ["--format json", "--events"], reason: "JSON output already contains the events")
        }
    }

    func run() throws { try runReportingErrors(execute) }

    /// Runs the command; the error is what the tool prints as its one-line message.
    func execute() throws(HarmonicError) {
        let format = table.format, output = table.output, velocity = table.velocity
        let spec = try SceneSpec.parse(Spec.text(ofArgument: scene, name: "SCENE"))
        if let frameAt {
            try writeFrame(spec, at: frameAt)
            return
        }
        let times = try resolveTimes(spec)
        let frames = Double(times.count)
        try WorkBudget.require(
            frames * Double(spec.record.count), within: WorkBudget.sceneRows,
            asked: "\(times.count) times × \(spec.record.count) recorded key paths",
            lower: "lower --count or --fps, or record fewer key paths")
        let evaluations = spec.actions.reduce(0) { $0 + WorkBudget.evaluationWeight(of: $1) }
        try WorkBudget.require(
            frames * evaluations, within: WorkBudget.sceneEvaluations,
            asked: "\(times.count) times × \(spec.actions.count) actions "
                + "(\(NumberText.text(evaluations)) evaluations a frame)",
            lower: "lower --count or --fps")
        guard !times.isEmpty else {
            throw .invalidParameter(name: "sample", value: "no times", allowed: "at least one time")
        }
        for i in times.indices.dropFirst() where times[i] < times[i - 1] {
            throw .invalidParameter(
                name: "sample times", value: "\(times[i]) after \(times[i - 1])",
                allowed: "non-decreasing (the clock only moves forward)")
        }
        let start = Swift.min(times[0], spec.actions.first?.time ?? times[0], 0)
        let player = try ScenePlayer(spec, startTime: start)
        if check {
            // Every action, even those after the last sample time, which a run would skip.
            let end = Swift.max(times[times.count - 1], spec.actions.last?.time ?? times[0])
            try player.sample(at: end, velocity: false) { (_, _, _) throws(HarmonicError) in }
            try OutputSink.printLine(
                "scene ok: \(spec.layers.count) layer\(spec.layers.count == 1 ? "" : "s"), "
                    + "\(spec.actions.count) action\(spec.actions.count == 1 ? "" : "s"), "
                    + "\(player.records.count) recorded key path\(player.records.count == 1 ? "" : "s"), "
                    + "\(times.count) sample time\(times.count == 1 ? "" : "s")")
            return
        }
        let emitters = spec.layers.filter { $0.kind == .emitter }.compactMap { layer in
            player.engine.layer(named: layer.name).map { (name: layer.name, layer: $0) }
        }
        let particleLog = try particles.map { (path) throws(HarmonicError) in
            try ParticleLog(path: path, emitters: emitters)
        }
        if let frameFormat {
            do throws(HarmonicError) {
                try writeFrames(
                    frameFormat, player: player, times: times, directory: output ?? "", particles: particleLog)
                try particleLog?.commit()
            } catch {
                particleLog?.discard()
                throw error
            }
            return
        }
        let writer = SceneWriter(width: player.records.map(\.dimension).max() ?? 1, velocity: velocity)
        // Every destination is checked before anything is written.
        let sink: OutputSink
        do throws(HarmonicError) { sink = try OutputSink(path: output) } catch {
            particleLog?.discard()
            throw error
        }
        let eventFile: AtomicFile?
        do throws(HarmonicError) {
            eventFile = try events.map { (path) throws(HarmonicError) in
                try AtomicFile(path: path, option: "--events")
            }
            if let eventFile, sink.isSameFile(as: eventFile) {
                eventFile.discard()
                throw .conflict(
                    parameters: ["--output", "--events"], reason: "both name the file \(eventFile.destination)")
            }
            if let particleLog,
                sink.isSameFile(as: particleLog.file)
                    || eventFile.map({ $0.isSameFile(as: particleLog.file) }) == true
            {
                eventFile?.discard()
                throw .conflict(
                    parameters: ["--particles", "--output or --events"],
                    reason: "both name the file \(particleLog.file.destination)")
            }
        } catch {
            sink.discard()
            particleLog?.discard()
            throw error
        }
        do throws(HarmonicError) {
            switch format {
            case .csv:
                try sink.write(writer.columns.joined(separator: ",") + "\n")
                // Rows are formatted into one buffer, handed to the sink when it holds 64 KiB.
                let cells = player.records.map {
                    (layer: SceneWriter.cell($0.name), keyPath: SceneWriter.cell($0.keyPath))
                }
                let longestRow = cells.map(writer.rowCapacity(cells:)).max() ?? 0
                let flushBytes = 1 << 16
                let buffer = TextBuffer(capacity: flushBytes + longestRow)
                for t in times {
                    try player.sample(at: t, velocity: velocity) { (k, value, rate) throws(HarmonicError) in
                        writer.appendCSVRow(time: t, cells: cells[k], value: value, rate: rate, to: buffer)
                        if buffer.count >= flushBytes {
                            try sink.write(bytes: buffer.bytes)
                            buffer.removeAll()
                        }
                    }
                    try particleLog?.record(time: t, engine: player.engine)
                }
                try sink.write(bytes: buffer.bytes)
            case .json:
                var columns = [[String]](repeating: [], count: writer.columns.count)
                for t in times {
                    try player.sample(at: t, velocity: velocity) { (k, value, rate) throws(HarmonicError) in
                        let r = player.records[k]
                        var cells = [
                            SampleWriter.text(t), JSONObjectText.quoted(r.name), JSONObjectText.quoted(r.keyPath),
                        ]
                        for i in 0..<writer.width {
                            cells.append(i < value.count ? SampleWriter.text(value[i]) : "null")
                        }
                        if velocity {
                            for i in 0..<writer.width {
                                cells.append(i < rate.count ? SampleWriter.text(rate[i]) : "null")
                            }
                        }
                        for (c, cell) in cells.enumerated() { columns[c].append(cell) }
                    }
                    try particleLog?.record(time: t, engine: player.engine)
                }
                try sink.write("{\n  \"samples\": {")
                for (c, name) in writer.columns.enumerated() {
                    try sink.write(
                        (c == 0 ? "" : ",") + "\n    \"\(name)\": [" + columns[c].joined(separator: ", ") + "]")
                }
                try sink.write("\n  },\n  \"events\": ")
                try sink.write(SceneWriter.eventsJSON(player.events, animatorName: player.animatorName) + "\n}\n")
            }
            if let eventFile {
                try eventFile.write(SceneWriter.eventsCSV(player.events, animatorName: player.animatorName))
            }
            try sink.close()
            try eventFile?.commit()
            try particleLog?.commit()
        } catch {
            sink.discard()
            eventFile?.discard()
            particleLog?.discard()
            throw error
        }
    }

    /// Draws the tree at every sample time into a new directory: `frame-NNNN.svg|png` and
    /// `frames.csv` (frame, time, file), all or nothing.
    /// `--frame-at`: the picture of the layer tree at time `t` (SVG) to the output.
    func writeFrame(_ spec: SceneSpec, at t: Double) throws(HarmonicError) {
        try HarmonicError.require(t, named: "--frame-at")
        let evaluations = spec.actions.reduce(0) { $0 + WorkBudget.evaluationWeight(of: $1) }
        try WorkBudget.require(
            evaluations, within: WorkBudget.sceneEvaluations, asked: "\(spec.actions.count) actions",
            lower: "use fewer actions")
        let player = try ScenePlayer(spec, startTime: Swift.min(t, spec.actions.first?.time ?? t, 0))
        try player.sample(at: t, velocity: false) { (_, _, _) throws(HarmonicError) in }
        let frame = try FrameRenderer(viewport: try viewportBox()).render(player.engine)
        let sink = try OutputSink(path: table.output)
        do throws(HarmonicError) {
            try sink.write(frame.svg)
            try sink.close()
        } catch {
            sink.discard()
            throw error
        }
    }

    /// `--viewport` as a rectangle (nil when not given).
    func viewportBox() throws(HarmonicError) -> LayerGeometry.Rect? {
        guard let viewport else { return nil }
        let parts = viewport.split(separator: ",").map { Double($0.trimmingWhitespace()) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
            [x, y, w, h].allSatisfy(\.isFinite), w > 0, h > 0
        else {
            throw .invalidParameter(
                name: "--viewport", value: "\"\(viewport)\"",
                allowed: "x,y,width,height: four finite numbers, sizes > 0")
        }
        return LayerGeometry.Rect(x: x, y: y, width: w, height: h)
    }

    func writeFrames(
        _ format: FrameFormat, player: ScenePlayer, times: TimeGrid, directory: String, particles: ParticleLog?
    ) throws(HarmonicError) {
        try WorkBudget.require(
            Double(times.count), within: WorkBudget.frames, asked: "\(times.count) frames",
            lower: "lower --count or --fps")
        let pixelsPerPoint = try HarmonicError.require(scale ?? 1, named: "--scale", "in [0.25, 8]") {
            (0.25...8).contains($0)
        }
        var box = try viewportBox()
        let out = try FrameDirectory(path: directory, option: "--output")
        do throws(HarmonicError) {
            var index = "frame,time,file\n"
            let digits = Swift.max(4, String(times.count - 1).count)
            for (k, t) in times.enumerated() {
                try player.sample(at: t, velocity: false) { (_, _, _) throws(HarmonicError) in }
                try particles?.record(time: t, engine: player.engine)
                let frame = try FrameRenderer(viewport: box).render(player.engine)
                // One viewport for every frame, so that they line up: the first frame's fit.
                box = frame.viewport
                let number = String(k)
                let name = "frame-" + String(repeating: "0", count: Swift.max(0, digits - number.count)) + number
                let file = name + "." + format.rawValue
                switch format {
                case .svg:
                    try out.write(Array(frame.svg.utf8), named: file)
                case .png:
                    let png = try SVGRasterizer.png(
                        svg: frame.svg, width: frame.width, height: frame.height, scale: pixelsPerPoint,
                        parameter: "--frames")
                    try out.write(png, named: file)
                }
                index += "\(k),\(SampleWriter.text(t)),\(file)\n"
            }
            try out.write(Array(index.utf8), named: "frames.csv")
            try out.commit()
        } catch {
            out.discard()
            throw error
        }
    }

    /// The sample times: the command-line grid when given, else the scene's `sample` block,
    /// else 0 to one second after the last action at 60 per second.
    func resolveTimes(_ spec: SceneSpec) throws(HarmonicError) -> TimeGrid {
        let lastAction = spec.actions.last?.time ?? 0
        let domain = Swift.min(0, lastAction)...Swift.max(0, lastAction + 1)
        let commandLine =
            grid.times != nil || grid.start != nil || grid.end != nil || grid.fps != nil || grid.count != nil
        if commandLine { return try grid.resolve(defaultDomain: domain) }
        let s = spec.sample
        var options = TimeGridOptions()
        options.times = s.times.map { $0.map { "\($0)" }.joined(separator: ",") }
        options.start = s.start
        options.end = s.end
        options.fps = s.fps
        options.count = s.count
        do {
            return try options.resolve(defaultDomain: domain)
        } catch {
            // Name the scene's keys rather than the command-line options.
            guard case let .invalidParameter(name, value, allowed) = error else { throw error }
            throw .invalidParameter(name: name.replacing("--", with: "sample."), value: value, allowed: allowed)
        }
    }
}
