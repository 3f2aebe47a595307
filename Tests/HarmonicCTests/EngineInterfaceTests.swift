import CHarmonic
import HarmonicC
import Testing

@Suite struct EngineInterfaceTests {
    /// A transaction of 0.5 s with linear timing takes opacity 1 → 0: at t the value is
    /// 1 − t/0.5 and the velocity −2 per second; the events are the animation's start and
    /// stop and the transaction's completion.
    @Test func transactionAnimatesImplicitlyAndReportsEvents() throws {
        var engine: OpaquePointer?
        try #require(harmonicEngineCreate(0, &engine) == HARMONIC_OK)
        defer { harmonicEngineDestroy(engine) }
        var box: Int64 = -2
        #expect(harmonicEngineAddLayer(engine, "box", -1, #"{"opacity": 1, "position": [0, 0]}"#, &box) == HARMONIC_OK)
        #expect(box == 0)
        var found: Int64 = -2
        #expect(harmonicEngineFindLayer(engine, "box", &found) == HARMONIC_OK && found == 0)
        #expect(harmonicEngineBegin(engine, #"{"duration": 0.5, "timingFunction": "linear"}"#) == HARMONIC_OK)
        var zero = 0.0
        #expect(harmonicEngineSetValue(engine, box, "opacity", &zero, 1) == HARMONIC_OK)
        #expect(harmonicEngineCommit(engine) == HARMONIC_OK)

        var value = 0.0, count = 0
        for t in [0.1, 0.25, 0.4] {
            #expect(harmonicEngineAdvance(engine, t) == HARMONIC_OK)
            #expect(harmonicEnginePresentationValue(engine, box, "opacity", &value, 1, &count) == HARMONIC_OK)
            #expect(count == 1 && abs(value - (1 - t / 0.5)) <= 1e-14)
            #expect(harmonicEnginePresentationVelocity(engine, box, "opacity", &value, 1, &count) == HARMONIC_OK)
            #expect(abs(value + 2) <= 1e-12)
        }
        #expect(harmonicEngineModelValue(engine, box, "opacity", &value, 1, &count) == HARMONIC_OK && value == 0)
        #expect(harmonicEngineAdvance(engine, 1) == HARMONIC_OK)

        var events: [(harmonic_event_kind, Double, String, Int32)] = []
        var event = harmonic_event()
        var waiting = 0
        #expect(harmonicEngineEventCount(engine, &waiting) == HARMONIC_OK && waiting == 3)
        while harmonicEngineNextEvent(engine, &event) == HARMONIC_OK {
            let key = withUnsafeBytes(of: event.key) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            events.append((event.kind, event.time, key, event.finished))
        }
        #expect(lastError() == "engine = no waiting event is invalid: must be an engine with events waiting")
        #expect(
            events.map(\.0) == [
                HARMONIC_EVENT_DID_START, HARMONIC_EVENT_DID_STOP, HARMONIC_EVENT_TRANSACTION_COMPLETED,
            ])
        #expect(events.map(\.1) == [0, 0.5, 0.5])
        #expect(events[0].2 == "opacity" && events[1].3 == 1)
    }

    /// Key paths are declared: a typo is an error naming the closest key; `custom` in the
    /// values declares a property; `frame` sets position and bounds.
    @Test func keyPathsAreDeclared() throws {
        var engine: OpaquePointer?
        try #require(harmonicEngineCreate(0, &engine) == HARMONIC_OK)
        defer { harmonicEngineDestroy(engine) }
        var box: Int64 = 0
        let values = #"{"frame": [10, 20, 100, 40], "custom": {"progress": 0.5}}"#
        #expect(harmonicEngineAddLayer(engine, "box", -1, values, &box) == HARMONIC_OK)
        var one = 1.0, count = 0
        #expect(harmonicEngineSetValue(engine, box, "opacty", &one, 1) == HARMONIC_ERROR_INVALID_ARGUMENT)
        #expect(lastError().contains("\"opacty\"") && lastError().contains("the closest is opacity"))
        #expect(harmonicEngineSetValue(engine, box, "progress", &one, 1) == HARMONIC_OK)
        var position = [0.0, 0.0]
        #expect(harmonicEngineModelValue(engine, box, "position", &position, 2, &count) == HARMONIC_OK)
        #expect(position == [60, 40])
        var bad: Int64 = 0
        #expect(harmonicEngineAddLayer(engine, "bad", -1, #"{"opcity": 1}"#, &bad) == HARMONIC_ERROR_INVALID_ARGUMENT)
        #expect(lastError().contains("the closest is opacity"))
    }

    /// A frame through the C interface: the length first, then the bytes; the same SVG the
    /// renderer writes, NUL-terminated when there is room.
    @Test func framesAsSVGAndPNG() throws {
        var engine: OpaquePointer?
        try #require(harmonicEngineCreate(0, &engine) == HARMONIC_OK)
        defer { harmonicEngineDestroy(engine) }
        var card: Int64 = 0
        let values = #"{"frame": [10, 10, 50, 30], "backgroundColor": [1, 0, 0, 1]}"#
        #expect(harmonicEngineAddLayer(engine, "card", -1, values, &card) == HARMONIC_OK)
        var length = 0
        var viewport = [0.0, 0, 100, 50]
        #expect(harmonicEngineRender(engine, "svg", &viewport, 1, nil, 0, &length) == HARMONIC_ERROR_BUFFER_TOO_SMALL)
        var bytes = [UInt8](repeating: 0xff, count: length + 1)
        #expect(harmonicEngineRender(engine, "svg", &viewport, 1, &bytes, bytes.count, &length) == HARMONIC_OK)
        #expect(bytes[length] == 0)
        let svg = String(decoding: bytes.prefix(length), as: UTF8.self)
        #expect(svg.contains("viewBox=\"0 0 100 50\"") && svg.contains("#ff0000"))
        #expect(harmonicEngineRender(engine, "png", nil, 2, nil, 0, &length) == HARMONIC_ERROR_BUFFER_TOO_SMALL)
        var png = [UInt8](repeating: 0, count: length)
        #expect(harmonicEngineRender(engine, "png", nil, 2, &png, png.count, &length) == HARMONIC_OK)
        #expect(png.prefix(4) == [0x89, 0x50, 0x4e, 0x47])
        #expect(harmonicEngineRender(engine, "gif", nil, 1, nil, 0, &length) == HARMONIC_ERROR_INVALID_ARGUMENT)
        viewport[2] = 0
        #expect(harmonicEngineRender(engine, "svg", &viewport, 1, nil, 0, &length) == HARMONIC_ERROR_INVALID_ARGUMENT)
        #expect(lastError().contains("viewport"))
    }

    /// An animation's userInfo comes back with its events as a JSON object.
    @Test func eventsCarryUserInfo() throws {
        var engine: OpaquePointer?
        try #require(harmonicEngineCreate(0, &engine) == HARMONIC_OK)
        defer { harmonicEngineDestroy(engine) }
        var box: Int64 = 0
        #expect(harmonicEngineAddLayer(engine, "box", -1, #"{"opacity": 1}"#, &box) == HARMONIC_OK)
        let animation = #"{"keyPath": "opacity", "to": 0, "timing": {"duration": 0.5}, "userInfo": {"name": "fade"}}"#
        #expect(harmonicEngineAddAnimation(engine, box, "a", animation) == HARMONIC_OK)
        #expect(harmonicEngineAdvance(engine, 1) == HARMONIC_OK)
        var event = harmonic_event()
        var tags: [String] = []
        while harmonicEngineNextEvent(engine, &event) == HARMONIC_OK {
            tags.append(
                withUnsafeBytes(of: event.user_info) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) })
        }
        #expect(tags == [#"{"name":"fade"}"#, #"{"name":"fade"}"#])
    }

    @Test func valuesReportTheirSizeAndBadCallsChangeNothing() throws {
        var engine: OpaquePointer?
        try #require(harmonicEngineCreate(0, &engine) == HARMONIC_OK)
        defer { harmonicEngineDestroy(engine) }
        var box: Int64 = 0
        #expect(harmonicEngineAddLayer(engine, "box", -1, #"{"position": [3, 4]}"#, &box) == HARMONIC_OK)
        var count = 0
        #expect(harmonicEngineModelValue(engine, box, "position", nil, 0, &count) == HARMONIC_ERROR_BUFFER_TOO_SMALL)
        #expect(count == 2)
        var point = [0.0, 0.0]
        #expect(harmonicEngineModelValue(engine, box, "position", &point, 2, &count) == HARMONIC_OK && point == [3, 4])
        #expect(harmonicEngineAddLayer(engine, "box", -1, nil, &box) == HARMONIC_ERROR_INVALID_ARGUMENT)
        #expect(harmonicEngineAddLayer(engine, "child", 7, nil, &box) == HARMONIC_ERROR_INVALID_ARGUMENT)
        #expect(
            harmonicEngineAddAnimation(engine, 0, "k", #"{"keyPath": "position", "to": [1]}"#)
                == HARMONIC_ERROR_INVALID_ARGUMENT)
        #expect(harmonicEngineAddAnimation(engine, 0, "k", "{") == HARMONIC_ERROR_SYNTAX)
        #expect(harmonicEngineCommit(engine) == HARMONIC_ERROR_INVALID_ARGUMENT)
        #expect(harmonicEngineAdvance(engine, -1) == HARMONIC_ERROR_INVALID_ARGUMENT)
        #expect(harmonicEngineAdvance(engine, .nan) == HARMONIC_ERROR_INVALID_ARGUMENT)
        var waiting = -1
        #expect(harmonicEngineEventCount(engine, &waiting) == HARMONIC_OK && waiting == 0)
    }

    /// A reveal from the bottom, half-way: the old rendering half a height down, the new one
    /// in place under it; before and after, the idle state.
    @Test func transitionStateOfARevealHalfWay() throws {
        var engine: OpaquePointer?
        try #require(harmonicEngineCreate(0, &engine) == HARMONIC_OK)
        defer { harmonicEngineDestroy(engine) }
        var card: Int64 = 0
        #expect(harmonicEngineAddLayer(engine, "card", -1, #"{"bounds": [0, 0, 200, 100]}"#, &card) == HARMONIC_OK)
        var state = harmonic_transition_state()
        #expect(harmonicEngineTransition(engine, card, &state) == HARMONIC_OK)
        #expect(state.active == 0 && state.progress == 1 && state.outgoing_opacity == 0 && state.incoming_opacity == 1)
        let reveal = #"{"transition": {"type": "reveal", "subtype": "fromBottom"}, "timing": {"duration": 2}}"#
        #expect(harmonicEngineAddAnimation(engine, card, "transition", reveal) == HARMONIC_OK)
        #expect(harmonicEngineAdvance(engine, 1) == HARMONIC_OK)
        #expect(harmonicEngineTransition(engine, card, &state) == HARMONIC_OK)
        #expect(state.active == 1 && state.progress == 0.5 && state.incoming_is_above == 0)
        #expect(state.outgoing_offset.0 == 0 && state.outgoing_offset.1 == -50)
        #expect(state.incoming_offset.0 == 0 && state.incoming_offset.1 == 0)
        #expect(harmonicEngineTransition(engine, card, nil) == HARMONIC_ERROR_NULL_POINTER)
        #expect(harmonicEngineTransition(engine, 99, &state) != HARMONIC_OK)
        #expect(harmonicEngineAdvance(engine, 3) == HARMONIC_OK)
        #expect(harmonicEngineTransition(engine, card, &state) == HARMONIC_OK && state.active == 0)
    }

    /// Keys longer than the event's 255 bytes are cut at a character boundary.
    @Test func longKeysAreTruncatedToWholeCharacters() throws {
        var engine: OpaquePointer?
        try #require(harmonicEngineCreate(0, &engine) == HARMONIC_OK)
        defer { harmonicEngineDestroy(engine) }
        var box: Int64 = 0
        #expect(harmonicEngineAddLayer(engine, "box", -1, #"{"opacity": 1}"#, &box) == HARMONIC_OK)
        let key = "a" + String(repeating: "é", count: 200)  // 401 bytes
        #expect(harmonicEngineAddAnimation(engine, box, key, #"{"keyPath": "opacity", "to": 0}"#) == HARMONIC_OK)
        #expect(harmonicEngineFlush(engine) == HARMONIC_OK)
        var event = harmonic_event()
        #expect(harmonicEngineNextEvent(engine, &event) == HARMONIC_OK)
        let text = withUnsafeBytes(of: event.key) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        #expect(text == "a" + String(repeating: "é", count: 127))
    }
}

/// Emitter layers through the C interface: the count query, a buffer too small, the rows
/// against the closed form, and the cells' paths.
@Suite struct ParticleInterfaceTests {
    @Test func particlesFillTheCallersBuffer() throws {
        var engine: OpaquePointer?
        try #require(harmonicEngineCreate(0, &engine) == HARMONIC_OK)
        defer { harmonicEngineDestroy(engine) }
        var layer: Int64 = -1
        let json =
            #"{"kind": "emitter", "emitterPosition": [10, 20], "emitterCells": [{"name": "dot", "#
            + #""birthRate": 10, "lifetime": 5, "velocity": 30, "emitterCells": [{"name": "spark"}]}]}"#
        try #require(harmonicEngineAddLayer(engine, "e", -1, json, &layer) == HARMONIC_OK)
        var count = 0
        #expect(harmonicEngineParticles(engine, layer, 1, nil, 0, &count) == HARMONIC_ERROR_BUFFER_TOO_SMALL)
        #expect(count == 10)
        var rows = [harmonic_particle](repeating: harmonic_particle(), count: 10)
        #expect(harmonicEngineParticles(engine, layer, 1, &rows, 9, &count) == HARMONIC_ERROR_BUFFER_TOO_SMALL)
        #expect(harmonicEngineParticles(engine, layer, 1, &rows, 10, &count) == HARMONIC_OK)
        for p in rows {
            let age = 1 - (Double(p.index) + 0.5) / 10
            #expect(abs(p.age - age) <= 1e-15 && abs(p.position.0 - (10 + 30 * age)) <= 1e-12 && p.position.1 == 20)
            #expect(p.cell == 0 && p.parent == 0 && p.color.3 == 1)
        }
        var length = 0
        var text = [CChar](repeating: 0, count: 64)
        #expect(harmonicEngineParticleCells(engine, layer, &text, 64, &length) == HARMONIC_OK)
        #expect(String(cString: text) == #"["dot", "dot/spark"]"#)
        var plain: Int64 = -1
        try #require(harmonicEngineAddLayer(engine, "p", -1, nil, &plain) == HARMONIC_OK)
        #expect(harmonicEngineParticles(engine, plain, 1, nil, 0, &count) == HARMONIC_ERROR_INVALID_ARGUMENT)
    }
}
