import Harmonic
import HarmonicJSON
import HarmonicSpec
import HarmonicEngine

/// Writes what `harmonic scene` records: presentation values per sample time and key path,
/// and the event log.
///
/// **CSV values** — a header line, then one row per sample time and recorded key path:
/// `time,layer,keyPath,` then `value` (when every recorded key path has one number) or
/// `value.0,value.1,…` up to the largest key path (shorter ones leave trailing cells empty),
/// then the same for `velocity` with `--velocity`.
///
/// **CSV events** (`--events FILE`) — `time,event,layer,key,detail`, one row per event in time
/// order: `didStart`; `didStop` with detail `finished=true` or `finished=false`;
/// `transactionCompleted` with detail `transaction=N`; `animatorFinished` with the animator's
/// name in `key` and detail `position=start|end|current`; the answers of query actions:
/// `hitTest` (the layer asked, detail `layer=NAME` or `layer=` for no hit) and `convertPoint`
/// (the target layer, detail `x=…,y=…` or `unmapped`).
///
/// **JSON** — one object `{"samples": {column: [..]}, "events": [{..}]}` with the same columns
/// (missing cells are `null`) and the events as objects with the same fields.
///
/// Numbers are printed in Swift's shortest round-trip form; text cells containing a comma,
/// quote or line break are quoted (RFC 4180).
struct SceneWriter {
    let width: Int
    let velocity: Bool

    var columns: [String] {
        ["time", "layer", "keyPath"] + SampleColumns.components("value", count: width)
            + (velocity ? SampleColumns.components("velocity", count: width) : [])
    }

    /// One CSV row, formatted into `buffer`: the time, the record's layer and key-path cells
    /// (``cell(_:)``, quoted once by the caller), then the value and velocity components, with
    /// empty cells past a shorter key path's width. `buffer` has room for ``rowCapacity(cells:)``
    /// more bytes.
    func appendCSVRow(
        time: Double, cells: (layer: String, keyPath: String), value: [Double], rate: [Double], to buffer: TextBuffer
    ) {
        buffer.append(number: time)
        buffer.append(byte: UInt8(ascii: ","))
        buffer.append(text: cells.layer)
        buffer.append(byte: UInt8(ascii: ","))
        buffer.append(text: cells.keyPath)
        for i in 0..<width {
            buffer.append(byte: UInt8(ascii: ","))
            if i < value.count { buffer.append(number: value[i]) }
        }
        if velocity {
            for i in 0..<width {
                buffer.append(byte: UInt8(ascii: ","))
                if i < rate.count { buffer.append(number: rate[i]) }
            }
        }
        buffer.append(byte: UInt8(ascii: "\n"))
    }

    /// The most bytes ``appendCSVRow(time:cells:value:rate:to:)`` writes for a record whose text
    /// cells are `cells`.
    func rowCapacity(cells: (layer: String, keyPath: String)) -> Int {
        let numbers = 1 + width * (velocity ? 2 : 1)
        return numbers * (NumberText.maximumLength + 1) + cells.layer.utf8.count + cells.keyPath.utf8.count + 3
    }

    /// The fields of a log entry: event, layer, key, detail.
    static func fields(_ entry: SceneLogEntry, animatorName: (AnimatorID) -> String) -> (String, String, String, String)
    {
        let e: AnimationEvent
        switch entry {
        case let .answer(_, event, layer, detail): return (event, layer, "", detail)
        case let .engine(event): e = event
        }
        // An animation's userInfo follows its detail as compact JSON, keys sorted.
        let tags = e.userInfo.isEmpty ? "" : "userInfo=" + JSONText.object(e.userInfo)
        switch e.kind {
        case .didStart: return ("didStart", e.layerName ?? "", e.key ?? "", tags)
        case let .didStop(finished):
            return (
                "didStop", e.layerName ?? "", e.key ?? "", "finished=\(finished)" + (tags.isEmpty ? "" : " " + tags)
            )
        case let .transactionCompleted(id): return ("transactionCompleted", "", "", "transaction=\(id)")
        case let .animatorFinished(id, position):
            return ("animatorFinished", "", animatorName(id), "position=\(position.rawValue)")
        }
    }

    static func eventsCSV(_ events: [SceneLogEntry], animatorName: (AnimatorID) -> String) -> String {
        var text = "time,event,layer,key,detail\n"
        for e in events {
            let (kind, layer, key, detail) = fields(e, animatorName: animatorName)
            text +=
                [SampleWriter.text(e.time), kind, cell(layer), cell(key), cell(detail)].joined(separator: ",") + "\n"
        }
        return text
    }

    static func eventsJSON(_ events: [SceneLogEntry], animatorName: (AnimatorID) -> String) -> String {
        let items = events.map { e -> String in
            let (kind, layer, key, detail) = fields(e, animatorName: animatorName)
            var o = JSONObjectText()
            o.add("time", e.time)
            o.add("event", kind)
            o.add("layer", layer)
            o.add("key", key)
            o.add("detail", detail)
            return o.text
        }
        return "[" + items.map { "\n    " + $0 }.joined(separator: ",") + (items.isEmpty ? "]" : "\n  ]")
    }

    /// A CSV text cell, quoted when needed.
    static func cell(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return s }
        return "\"" + s.replacing("\"", with: "\"\"") + "\""
    }
}
