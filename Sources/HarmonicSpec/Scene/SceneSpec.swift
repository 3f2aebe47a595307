import Harmonic
import HarmonicJSON
import HarmonicEngine

/// A scripted scene for `harmonic scene`: layers, timed actions, what to sample and record.
///
/// ```json
/// { "layers": [ { "name": "box", "values": { "position": [0, 0], "opacity": 1 } },
///               { "name": "badge", "parent": "box", "timing": { "speed": 2 } } ],
///   "actions": [ { "time": 0, "add": { "layer": "box", "key": "slide",
///                  "animation": { "keyPath": "position.x", "to": 300, "spring": {} } } } ],
///   "sample": { "start": 0, "end": 2, "fps": 60 },
///   "record": [ { "layer": "box", "keyPath": "position.x" } ] }
/// ```
///
/// - `layers`: created in order (a parent must come before its sublayers); `values` are
///   initial model values by property name (never animated; `frame` sets position and bounds);
///   `custom` declares the layer's custom properties with their initial values — a key path
///   naming neither a standard property nor a declared one is an error naming the closest
///   known key; `timing` sets the layer's `speed`, `timeOffset` and `beginTime`; `kind` is
///   `layer` (the default), `gradient`, `replicator`, `text`, `scroll` or `emitter` (whose
///   `emitterCells` are its particle cells, ``EmitterCellSpec``); `mask` names the
///   layer's mask (a root layer, taken out of the tree); `viewBacked`, `actions` and `style`
///   give UIKit's view-backed rule and the layer's action dictionaries.
/// - `actions`: see ``SceneAction``; times must not decrease.
/// - `sample` (optional; command-line grid options override it): `times`, or `start`/`end`
///   with `fps` or `count`, as the command-line options. Default: 0 to one second after the
///   last action, at 60 samples per second.
/// - `record` (optional): the key paths written; default every property given in `values`.
///   Besides the layers' properties, derived key paths: `frame` (x, y, width, height in the
///   superlayer's space), `worldTransform` (16 numbers, row-major, to the root space) and, on an
///   emitter layer, `particleCount` (the live particles) and `particleCount.PATH` (those of one
///   cell: its name, a sub-cell's `parent/child`); they have no velocity columns.
package struct SceneSpec {
    package struct Layer {
        package var name: String
        package var parent: String?
        package var values: [String: AnimatableVector]
        /// Custom properties the layer declares, with their initial values.
        package var custom: [String: AnimatableVector] = [:]
        /// Attributes given among the values (``/HarmonicEngine/LayerAttribute``).
        package var attributes: [String: LayerAttribute] = [:]
        /// Its class (`kind`, default `layer`).
        package var kind: LayerKind = .layer
        package var timing: MediaTiming?
        /// UIKit's view-backed layer: no implicit animation outside an animation block.
        package var viewBacked = false
        /// The name of the layer's mask (`mask`): a layer of the scene without a superlayer.
        package var mask: String?
        /// An emitter layer's cells (`emitterCells`, ``EmitterCellSpec``).
        package var emitterCells: [EmitterCell]?
        /// The layer's actions dictionary and its style's actions.
        package var actions: [String: LayerAction]?
        package var style: [String: LayerAction]?

        package init(
            name: String, parent: String? = nil, values: [String: AnimatableVector],
            custom: [String: AnimatableVector] = [:], attributes: [String: LayerAttribute] = [:],
            kind: LayerKind = .layer, timing: MediaTiming? = nil
        ) {
            self.name = name
            self.parent = parent
            self.values = values
            self.custom = custom
            self.attributes = attributes
            self.kind = kind
            self.timing = timing
        }
    }

    package struct Sample {
        package var times: [Double]?
        package var start: Double?
        package var end: Double?
        package var fps: Double?
        package var count: Int?
    }

    package var layers: [Layer]
    package var actions: [SceneAction]
    package var sample: Sample
    package var record: [(layer: String, keyPath: String)]

    package static func parse(_ text: String) throws(HarmonicError) -> SceneSpec {
        var top = try JSONObjectReader(JSONValue.parse(text), path: "")
        guard case let .array(layerItems)? = top.value("layers") else {
            throw .invalidParameter(name: "layers", value: "missing", allowed: "an array of layer objects")
        }
        var layers: [Layer] = []
        for (i, item) in layerItems.enumerated() {
            var r = try JSONObjectReader(item, path: "layers[\(i)]")
            guard let name = try r.string("name") else {
                throw .invalidParameter(name: r.name("name"), value: "missing", allowed: "a unique layer name")
            }
            let given =
                try r.value("values").map { (v) throws(HarmonicError) in
                    try layerValuesAndAttributes(v, name: r.name("values"))
                } ?? (values: [:], attributes: [:])
            let kind = try Self.kind(r.string("kind"), name: r.name("kind"))
            let timing = try r.value("timing").map { (t) throws(HarmonicError) in
                try layerTiming(t, name: r.name("timing"))
            }
            let custom =
                try r.value("custom").map { (v) throws(HarmonicError) in
                    try layerValues(v, name: r.name("custom"))
                } ?? [:]
            var layer = Layer(
                name: name, parent: try r.string("parent"), values: given.values, custom: custom,
                attributes: given.attributes, kind: kind, timing: timing)
            try readBehaviour(&layer, &r)
            layers.append(layer)
            try r.finish()
        }
        var actions: [SceneAction] = []
        if let a = top.value("actions") {
            guard case let .array(items) = a else {
                throw .invalidParameter(name: "actions", value: a.summary, allowed: "an array of actions")
            }
            for (i, item) in items.enumerated() {
                let action = try SceneAction.parse(item, name: "actions[\(i)]")
                if let last = actions.last, action.time < last.time {
                    throw .invalidParameter(
                        name: "actions[\(i)].time", value: "\(action.time)",
                        allowed: "≥ the previous action's time \(last.time) (actions run in order)")
                }
                actions.append(action)
            }
        }
        var sample = Sample()
        if let s = top.value("sample") {
            var r = try JSONObjectReader(s, path: "sample")
            var count: Int?
            if let c = try r.number("count") {
                guard c == c.rounded(), c >= 1, c <= Double(TimeGrid.maximumCount) else {
                    throw .invalidParameter(
                        name: "sample.count", value: "\(c)",
                        allowed: "a whole number from 1 to \(TimeGrid.maximumCount)")
                }
                // Int: a whole number in [1, maximumCount] by the guard above (NaN fails it).
                count = Int(c)
            }
            sample = Sample(
                times: try r.numbers("times"), start: try r.number("start"), end: try r.number("end"),
                fps: try r.number("fps"), count: count)
            try r.finish()
        }
        var record: [(String, String)] = []
        if let rec = top.value("record") {
            guard case let .array(items) = rec else {
                throw .invalidParameter(name: "record", value: rec.summary, allowed: "an array of {layer, keyPath}")
            }
            for (i, item) in items.enumerated() {
                var r = try JSONObjectReader(item, path: "record[\(i)]")
                guard let layer = try r.string("layer"), let keyPath = try r.string("keyPath") else {
                    throw .invalidParameter(
                        name: "record[\(i)]", value: item.summary, allowed: "{\"layer\": …, \"keyPath\": …}")
                }
                try r.finish()
                record.append((layer, keyPath))
            }
        } else {
            for layer in layers {
                for key in layer.values.keys.sorted() where key != StandardLayerProperty.frame {
                    record.append((layer.name, key))
                }
            }
        }
        try top.finish(known: ["layers", "actions", "sample", "record"])
        return SceneSpec(layers: layers, actions: actions, sample: sample, record: record)
    }

    /// A layer's values, attributes, declared custom properties and kind from one object (the
    /// C interface's and the Python package's form): its members are values and attributes,
    /// except `custom`, an object of the custom properties, and `kind`.
    package static func layerDescription(_ value: JSONValue, name: String) throws(HarmonicError) -> Layer {
        guard case var .object(members) = value else {
            throw .invalidParameter(name: name, value: value.summary, allowed: "an object of property values")
        }
        let custom = try members.removeValue(forKey: "custom").map { (v) throws(HarmonicError) in
            try layerValues(v, name: name + ".custom")
        }
        var kind = LayerKind.layer
        if let k = members.removeValue(forKey: "kind") {
            guard case let .string(text) = k else {
                throw .invalidParameter(name: name + ".kind", value: k.summary, allowed: "a layer kind's name")
            }
            kind = try Self.kind(text, name: name + ".kind")
        }
        let behaviourKeys = ["viewBacked", "actions", "style", "mask", "emitterCells"]
        var behaviour = try JSONObjectReader(.object(members.filter { behaviourKeys.contains($0.key) }), path: name)
        members = members.filter { !behaviourKeys.contains($0.key) }
        let timing = try members.removeValue(forKey: "timing").map { (t) throws(HarmonicError) in
            try layerTiming(t, name: name + ".timing")
        }
        let given = try layerValuesAndAttributes(.object(members), name: name)
        var layer = Layer(
            name: "", values: given.values, custom: custom ?? [:], attributes: given.attributes, kind: kind,
            timing: timing)
        try readBehaviour(&layer, &behaviour)
        return layer
    }

    /// A layer's `viewBacked` flag and its `actions` and `style` dictionaries.
    static func readBehaviour(_ layer: inout Layer, _ r: inout JSONObjectReader) throws(HarmonicError) {
        layer.viewBacked = try r.bool("viewBacked") ?? false
        layer.mask = try r.string("mask")
        if let a = r.value("actions") { layer.actions = try SceneAction.actions(a, name: r.name("actions")) }
        if let s = r.value("style") { layer.style = try SceneAction.actions(s, name: r.name("style")) }
        if let c = r.value("emitterCells") {
            guard layer.kind == .emitter else {
                throw .invalidParameter(
                    name: r.name("emitterCells"), value: "given to a layer of kind \(layer.kind.rawValue)",
                    allowed: "only on an emitter layer (kind emitter)")
            }
            layer.emitterCells = try EmitterCellSpec.cells(c, name: r.name("emitterCells"))
        }
    }

    /// A layer's `timing`: `speed`, `timeOffset` and `beginTime` of its clock.
    static func layerTiming(_ value: JSONValue, name: String) throws(HarmonicError) -> MediaTiming {
        var tr = try JSONObjectReader(value, path: name)
        let timing = try MediaTiming.layer(
            beginTime: tr.number("beginTime") ?? 0, speed: tr.number("speed") ?? 1,
            timeOffset: tr.number("timeOffset") ?? 0)
        try tr.finish()
        return timing
    }

    /// A layer kind by name (`nil`: `layer`).
    static func kind(_ text: String?, name: String) throws(HarmonicError) -> LayerKind {
        guard let text else { return .layer }
        guard let kind = LayerKind(rawValue: text) else {
            throw .invalidParameter(
                name: name, value: "\"\(text)\"",
                allowed: "one of " + LayerKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return kind
    }

    /// A layer's `values` split into numbers and attributes (``/HarmonicEngine/LayerAttribute``:
    /// a name as a string, dash lengths as an array, text as a string).
    package static func layerValuesAndAttributes(_ value: JSONValue, name: String) throws(HarmonicError)
        -> (values: [String: AnimatableVector], attributes: [String: LayerAttribute])
    {
        guard case var .object(members) = value else {
            throw .invalidParameter(name: name, value: value.summary, allowed: "an object of property values")
        }
        var attributes: [String: LayerAttribute] = [:]
        for key in LayerAttribute.known.keys {
            guard let v = members.removeValue(forKey: key) else { continue }
            attributes[key] = try attribute(v, key: key, name: name + ".\(key)")
        }
        return (try layerValues(.object(members), name: name), attributes)
    }

    /// An attribute's value from JSON: a string (a name or text) or an array of numbers.
    package static func attribute(_ value: JSONValue, key: String, name: String) throws(HarmonicError)
        -> LayerAttribute
    {
        let given: LayerAttribute
        if case let .string(text) = value {
            given = .name(text)
        } else {
            given = .numbers(try JSONObjectReader.vector(value, name: name).components)
        }
        do {
            return try LayerAttribute.validated(given, forKey: key)
        } catch {
            let prefix = name.split(separator: ".").dropLast().joined(separator: ".")
            throw prefix.isEmpty ? error : error.prefixingParameter(with: prefix)
        }
    }

    /// A layer's `values`: an object of property name → number, array of numbers, or SVG path
    /// data for a path property.
    package static func layerValues(
        _ value: JSONValue, name: String
    ) throws(HarmonicError) -> [String: AnimatableVector] {
        guard case let .object(members) = value else {
            throw .invalidParameter(name: name, value: value.summary, allowed: "an object of property values")
        }
        var values: [String: AnimatableVector] = [:]
        for (key, value) in members {
            values[key] = try JSONObjectReader.vector(value, name: name + ".\(key)", allowsPath: true)
        }
        return values
    }
}
