import CHarmonic
import Harmonic
import HarmonicJSON
import HarmonicSpec
import HarmonicEngine
import HarmonicRender

/// The object behind a `harmonic_engine *`: the engine and the events it produced that the
/// caller has not taken yet.
final class EngineHandle: Handle {
    let engine: AnimationEngine
    /// Waiting events, oldest first from `nextEvent`.
    private var events: [AnimationEvent] = []
    private var nextEvent = 0
    /// Numbers the keys of animations added without one.
    private var unnamedAnimations = 0
    /// The storage `harmonic_engine_particles` evaluates into, kept from call to call (a new
    /// table of 100,000 particles costs its 15 MB of first-touch page faults every frame).
    var particles = ParticleTable()

    init(_ engine: AnimationEngine) {
        self.engine = engine
        super.init(tag: .engine)
    }

    static func handle(_ pointer: OpaquePointer?) throws(ABIFailure) -> EngineHandle {
        try object(pointer, as: EngineHandle.self, tag: .engine, parameter: "engine")
    }

    /// Appends events (from `advance`) and any produced by actions since.
    func collect(_ new: [AnimationEvent] = []) {
        if nextEvent > 0, nextEvent == events.count {
            events.removeAll(keepingCapacity: true)
            nextEvent = 0
        }
        events += new
        events += engine.takeEvents()
    }

    var waitingEvents: Int { events.count - nextEvent }

    func takeEvent() -> AnimationEvent? {
        guard nextEvent < events.count else { return nil }
        defer { nextEvent += 1 }
        return events[nextEvent]
    }

    func unnamedKey() -> String {
        unnamedAnimations += 1
        return "animation.\(unnamedAnimations)"
    }

    /// Runs an engine call, turning its errors into failures and collecting its events.
    func perform(_ body: (AnimationEngine) throws(HarmonicError) -> Void) throws(ABIFailure) {
        defer { collect() }
        try library { () throws(HarmonicError) in try body(engine) }
    }
}

/// A layer argument: an index the engine checks.
private func layerID(_ layer: Int64) -> LayerID { LayerID(Int(clamping: layer)) }

@_cdecl("harmonic_engine_create")
public func harmonicEngineCreate(_ time: Double, _ engine: UnsafeMutablePointer<OpaquePointer?>?) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        guard let engine else { throw .null("engine") }
        let made = try library { () throws(HarmonicError) in try AnimationEngine(time: time) }
        // Key paths are declared: a typo is an error naming the closest key, not a new property.
        made.keyPathPolicy = .declared
        engine.pointee = EngineHandle(made).retainedPointer()
    }
}

@_cdecl("harmonic_engine_destroy")
public func harmonicEngineDestroy(_ engine: OpaquePointer?) {
    Handle.destroy(engine)
}

@_cdecl("harmonic_engine_add_layer")
public func harmonicEngineAddLayer(
    _ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ parent: Int64, _ valuesJSON: UnsafePointer<CChar>?,
    _ layer: UnsafeMutablePointer<Int64>?
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let h = try EngineHandle.handle(engine)
        let name = try string(name, "name")
        guard let layer else { throw .null("layer") }
        let values =
            try valuesJSON.map { (json) throws(ABIFailure) in
                try library { () throws(HarmonicError) in try EmbeddedScene.layerValues(json: String(cString: json)) }
            } ?? SceneSpec.Layer(name: "", values: [:])
        guard parent >= -1 else { throw .invalid("parent", "\(parent)", "a layer, or -1 for a root layer") }
        var made = LayerID(0)
        try h.perform { (engine) throws(HarmonicError) in
            made = try engine.makeLayer(
                named: name, kind: values.kind, parent: parent < 0 ? nil : layerID(parent), values: values.values,
                custom: values.custom)
            if let timing = values.timing { try engine.setTiming(timing, of: made) }
            try ScenePlayer.apply(values, to: made, in: engine)
            if let mask = values.mask {
                guard let id = engine.layer(named: mask) else {
                    throw .invalidParameter(name: "values.mask", value: "\"\(mask)\"", allowed: "a layer added before")
                }
                try engine.setMask(id, of: made)
            }
        }
        // Int: an array index, which always fits an Int64.
        layer.pointee = Int64(made.index)
    }
}

@_cdecl("harmonic_engine_find_layer")
public func harmonicEngineFindLayer(
    _ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ layer: UnsafeMutablePointer<Int64>?
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let h = try EngineHandle.handle(engine)
        let name = try string(name, "name")
        guard let layer else { throw .null("layer") }
        guard let id = h.engine.layer(named: name) else {
            throw .invalid("name", "\"\(name)\"", "the name of a layer of this engine")
        }
        // Int: an array index, which always fits an Int64.
        layer.pointee = Int64(id.index)
    }
}

@_cdecl("harmonic_engine_time")
public func harmonicEngineTime(_ engine: OpaquePointer?, _ time: UnsafeMutablePointer<Double>?) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let h = try EngineHandle.handle(engine)
        guard let time else { throw .null("time") }
        time.pointee = h.engine.time
    }
}

@_cdecl("harmonic_engine_begin")
public func harmonicEngineBegin(_ engine: OpaquePointer?, _ settingsJSON: UnsafePointer<CChar>?) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let h = try EngineHandle.handle(engine)
        let change = try settingsJSON.flatMap { (json) throws(ABIFailure) in
            try library { () throws(HarmonicError) in try EmbeddedScene.transaction(json: String(cString: json)) }
        }
        try h.perform { (engine) throws(HarmonicError) in try engine.begin(changing: { change?(&$0) }) }
    }
}

@_cdecl("harmonic_engine_commit")
public func harmonicEngineCommit(_ engine: OpaquePointer?) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        try EngineHandle.handle(engine).perform { (engine) throws(HarmonicError) in try engine.commit() }
    }
}

@_cdecl("harmonic_engine_flush")
public func harmonicEngineFlush(_ engine: OpaquePointer?) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        try EngineHandle.handle(engine).perform { (engine) throws(HarmonicError) in try engine.flush() }
    }
}

@_cdecl("harmonic_engine_set_value")
public func harmonicEngineSetValue(
    _ engine: OpaquePointer?, _ layer: Int64, _ keyPath: UnsafePointer<CChar>?, _ value: UnsafePointer<Double>?,
    _ count: Int
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let h = try EngineHandle.handle(engine)
        let keyPath = try string(keyPath, "key_path")
        guard let value else { throw .null("value") }
        try requireSize(count, "count")
        guard count >= 1 else { throw .invalid("count", "\(count)", "at least 1 component") }
        let vector = AnimatableVector(Array(UnsafeBufferPointer(start: value, count: count)))
        try h.perform { (engine) throws(HarmonicError) in
            try engine.setValue(vector, forKeyPath: keyPath, of: layerID(layer))
        }
    }
}

@_cdecl("harmonic_engine_set_attribute")
public func harmonicEngineSetAttribute(
    _ engine: OpaquePointer?, _ layer: Int64, _ key: UnsafePointer<CChar>?, _ valueJSON: UnsafePointer<CChar>?
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let h = try EngineHandle.handle(engine)
        let key = try string(key, "key")
        let json = try string(valueJSON, "value_json")
        try h.perform { (engine) throws(HarmonicError) in
            let value = try SceneSpec.attribute(JSONValue.parse(json), key: key, name: key)
            try engine.setAttribute(value, forKey: key, of: layerID(layer))
        }
    }
}

@_cdecl("harmonic_engine_add_animation")
public func harmonicEngineAddAnimation(
    _ engine: OpaquePointer?, _ layer: Int64, _ key: UnsafePointer<CChar>?, _ animationJSON: UnsafePointer<CChar>?
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let h = try EngineHandle.handle(engine)
        let json = try string(animationJSON, "animation_json")
        let animation = try library { () throws(HarmonicError) in try EmbeddedScene.animation(json: json) }
        let key = key.map { String(cString: $0) } ?? h.unnamedKey()
        try h.perform { (engine) throws(HarmonicError) in try engine.add(animation, forKey: key, to: layerID(layer)) }
    }
}

@_cdecl("harmonic_engine_remove_animation")
public func harmonicEngineRemoveAnimation(
    _ engine: OpaquePointer?, _ layer: Int64, _ key: UnsafePointer<CChar>?
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let h = try EngineHandle.handle(engine)
        let key = try string(key, "key")
        try h.perform { (engine) throws(HarmonicError) in try engine.removeAnimation(forKey: key, from: layerID(layer))
        }
    }
}

@_cdecl("harmonic_engine_advance")
public func harmonicEngineAdvance(_ engine: OpaquePointer?, _ time: Double) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let h = try EngineHandle.handle(engine)
        try requireFinite(time, "time")
        guard time >= h.engine.time else {
            throw .invalid("time", "\(time)", "at least the engine's current time \(h.engine.time)")
        }
        let events = try library { () throws(HarmonicError) in try h.engine.advance(to: time) }
        h.collect(events)
    }
}

/// Copies a vector into a caller's buffer by the rules of `harmonic_engine_model_value`.
private func deliver(
    _ vector: AnimatableVector, into buffer: UnsafeMutablePointer<Double>?, capacity: Int,
    count: UnsafeMutablePointer<Int>?, parameter: String
) throws(ABIFailure) {
    guard let count else { throw .null("count") }
    try requireSize(capacity, "capacity")
    count.pointee = vector.count
    try requireCapacity(capacity, vector.count, "capacity")
    guard let buffer else { throw .null(parameter) }
    for c in 0..<vector.count { buffer[c] = vector[c] }
}

/// The three value readers: model, presentation, presentation velocity.
private func read(
    _ engine: OpaquePointer?, _ layer: Int64, _ keyPath: UnsafePointer<CChar>?, _ buffer: UnsafeMutablePointer<Double>?,
    _ capacity: Int, _ count: UnsafeMutablePointer<Int>?, parameter: String,
    _ reader: (AnimationEngine, String, LayerID) throws(HarmonicError) -> AnimatableVector
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let h = try EngineHandle.handle(engine)
        let keyPath = try string(keyPath, "key_path")
        let vector = try library { () throws(HarmonicError) in try reader(h.engine, keyPath, layerID(layer)) }
        try deliver(vector, into: buffer, capacity: capacity, count: count, parameter: parameter)
    }
}

@_cdecl("harmonic_engine_model_value")
public func harmonicEngineModelValue(
    _ engine: OpaquePointer?, _ layer: Int64, _ keyPath: UnsafePointer<CChar>?, _ value: UnsafeMutablePointer<Double>?,
    _ capacity: Int, _ count: UnsafeMutablePointer<Int>?
) -> harmonic_status {
    read(engine, layer, keyPath, value, capacity, count, parameter: "value") { (e, k, l) throws(HarmonicError) in
        try e.modelValue(forKeyPath: k, of: l)
    }
}

@_cdecl("harmonic_engine_presentation_value")
public func harmonicEnginePresentationValue(
    _ engine: OpaquePointer?, _ layer: Int64, _ keyPath: UnsafePointer<CChar>?, _ value: UnsafeMutablePointer<Double>?,
    _ capacity: Int, _ count: UnsafeMutablePointer<Int>?
) -> harmonic_status {
    read(engine, layer, keyPath, value, capacity, count, parameter: "value") { (e, k, l) throws(HarmonicError) in
        try e.presentationValue(forKeyPath: k, of: l)
    }
}

@_cdecl("harmonic_engine_presentation_velocity")
public func harmonicEnginePresentationVelocity(
    _ engine: OpaquePointer?, _ layer: Int64, _ keyPath: UnsafePointer<CChar>?,
    _ velocity: UnsafeMutablePointer<Double>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?
) -> harmonic_status {
    read(engine, layer, keyPath, velocity, capacity, count, parameter: "velocity") { (e, k, l) throws(HarmonicError) in
        try e.presentationVelocity(forKeyPath: k, of: l)
    }
}

@_cdecl("harmonic_engine_transition")
public func harmonicEngineTransition(
    _ engine: OpaquePointer?, _ layer: Int64, _ state: UnsafeMutablePointer<harmonic_transition_state>?
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let h = try EngineHandle.handle(engine)
        guard let state else { throw .null("state") }
        let composite = try library { () throws(HarmonicError) in try h.engine.transition(of: layerID(layer)) }
        let c = composite ?? .idle
        var out = harmonic_transition_state()
        out.active = composite == nil ? 0 : 1
        out.incoming_is_above = c.incomingIsAbove ? 1 : 0
        out.progress = c.progress
        out.outgoing_opacity = c.outgoing.opacity
        out.incoming_opacity = c.incoming.opacity
        out.outgoing_offset = (c.outgoing.offset.x, c.outgoing.offset.y)
        out.incoming_offset = (c.incoming.offset.x, c.incoming.offset.y)
        state.pointee = out
    }
}

@_cdecl("harmonic_engine_convert_time")
public func harmonicEngineConvertTime(
    _ engine: OpaquePointer?, _ time: Double, _ from: Int64, _ to: Int64, _ converted: UnsafeMutablePointer<Double>?
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let h = try EngineHandle.handle(engine)
        guard let converted else { throw .null("converted") }
        guard from >= -1 else { throw .invalid("from", "\(from)", "a layer, or -1 for the root time") }
        guard to >= -1 else { throw .invalid("to", "\(to)", "a layer, or -1 for the root time") }
        let t = try library { () throws(HarmonicError) in
            try h.engine.convert(
                time: HarmonicError.require(time, named: "time"), from: from < 0 ? nil : layerID(from),
                to: to < 0 ? nil : layerID(to))
        }
        converted.pointee = t ?? .nan
    }
}

@_cdecl("harmonic_engine_render")
public func harmonicEngineRender(
    _ engine: OpaquePointer?, _ format: UnsafePointer<CChar>?, _ viewport: UnsafePointer<Double>?, _ scale: Double,
    _ buffer: UnsafeMutablePointer<UInt8>?, _ capacity: Int, _ length: UnsafeMutablePointer<Int>?
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let h = try EngineHandle.handle(engine)
        let format = try string(format, "format")
        guard format == "svg" || format == "png" else {
            throw .invalid("format", "\"\(format)\"", "\"svg\" or \"png\"")
        }
        var box: LayerGeometry.Rect?
        if let viewport {
            let v = Array(UnsafeBufferPointer(start: viewport, count: 4))
            guard v.allSatisfy(\.isFinite), v[2] > 0, v[3] > 0 else {
                throw .invalid("viewport", "\(v)", "x, y, width, height: finite, sizes > 0")
            }
            box = LayerGeometry.Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
        if format == "png", !(0.25...8).contains(scale) {
            throw .invalid("scale", "\(scale)", "in [0.25, 8]")
        }
        let bytes = try library { () throws(HarmonicError) -> [UInt8] in
            let frame = try FrameRenderer(viewport: box).render(h.engine)
            guard format == "png" else { return Array(frame.svg.utf8) }
            return try SVGRasterizer.png(
                svg: frame.svg, width: frame.width, height: frame.height, scale: scale, parameter: "format")
        }
        length?.pointee = bytes.count
        guard capacity >= bytes.count else {
            throw .invalid(
                "capacity", "\(capacity)", "at least \(bytes.count) (the picture's bytes)",
                status: HARMONIC_ERROR_BUFFER_TOO_SMALL)
        }
        guard let buffer else { throw .null("buffer") }
        bytes.withUnsafeBufferPointer { b in
            for (i, byte) in b.enumerated() { buffer[i] = byte }
        }
        if format == "svg", capacity > bytes.count { buffer[bytes.count] = 0 }
    }
}

@_cdecl("harmonic_engine_event_count")
public func harmonicEngineEventCount(_ engine: OpaquePointer?, _ count: UnsafeMutablePointer<Int>?) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let h = try EngineHandle.handle(engine)
        guard let count else { throw .null("count") }
        h.collect()
        count.pointee = h.waitingEvents
    }
}

@_cdecl("harmonic_engine_next_event")
public func harmonicEngineNextEvent(
    _ engine: OpaquePointer?, _ event: UnsafeMutablePointer<harmonic_event>?
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let h = try EngineHandle.handle(engine)
        guard let event else { throw .null("event") }
        h.collect()
        guard let next = h.takeEvent() else {
            throw .invalid("engine", "no waiting event", "an engine with events waiting", status: HARMONIC_ERROR_EMPTY)
        }
        event.pointee = harmonic_event(next)
    }
}

extension harmonic_event {
    /// The C form of an engine event; the key is truncated at a character boundary to fit.
    init(_ e: AnimationEvent) {
        self.init()
        time = e.time
        // Int: an array index, which always fits an Int64.
        layer = e.layer.map { Int64($0.index) } ?? -1
        transaction = 0
        finished = 0
        switch e.kind {
        case .didStart: kind = HARMONIC_EVENT_DID_START
        case let .didStop(done):
            kind = HARMONIC_EVENT_DID_STOP
            finished = done ? 1 : 0
        case let .transactionCompleted(id):
            kind = HARMONIC_EVENT_TRANSACTION_COMPLETED
            // Int: a transaction number (an Int), which always fits an Int64.
            transaction = Int64(id)
        case .animatorFinished:
            kind = HARMONIC_EVENT_ANIMATOR_FINISHED
        }
        var bytes = Array((e.key ?? "").utf8)
        let capacity = MemoryLayout.size(ofValue: key) - 1
        if bytes.count > capacity {
            var cut = capacity
            while cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
            bytes.removeSubrange(cut...)
        }
        let tags = e.userInfo.isEmpty ? [] : Array(JSONText.object(e.userInfo).utf8)
        withUnsafeMutableBytes(of: &user_info) { raw in
            // Whole or nothing: a cut JSON object would not parse.
            let fits = tags.count < raw.count
            if fits { raw.copyBytes(from: tags) }
            raw[fits ? tags.count : 0] = 0
        }
        withUnsafeMutableBytes(of: &key) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
    }
}
