import CHarmonic
import Foundation
import HarmonicC
import Testing

/// Bad input through the C interface: a status and a one-line message, never a crash, and
/// nothing written.
@Suite struct BadInputTests {
    @Test func nullHandlesAndPointers() {
        var value = 7.0
        #expect(harmonicCurveEvaluate(nil, 0, &value, nil, 1) == HARMONIC_ERROR_NULL_POINTER)
        #expect(lastError() == "curve = NULL is invalid: must be a valid pointer")
        #expect(value == 7)
        #expect(harmonicCurveCreateFromSpec(nil, nil) == HARMONIC_ERROR_NULL_POINTER)
        #expect(harmonicEngineAdvance(nil, 1) == HARMONIC_ERROR_NULL_POINTER)
        harmonicCurveDestroy(nil)
        harmonicEngineDestroy(nil)
    }

    /// `harmonic_curve_value` answers a refusal with NaN and the message, as the status calls do.
    @Test func directValuesRefuseWithNaN() throws {
        #expect(harmonicCurveValue(nil, 0).isNaN)
        #expect(lastError() == "curve = NULL is invalid: must be a valid pointer")
        try withCurve({ harmonicCurveCreateFromSpec(#"{"spring": {}, "from": 0, "to": 1}"#, $0) }) { curve in
            for bad in [Double.nan, .infinity, -.infinity] {
                #expect(harmonicCurveValue(curve, bad).isNaN)
                #expect(lastError() == "time = \(bad) is invalid: must be finite")
            }
            #expect(harmonicCurveValue(curve, 1e300).isFinite)
        }
        try withCurve({ harmonicCurveCreateFromSpec(#"{"keyframes": {"values": [[0, 0], [1, 2]]}}"#, $0) }) { curve in
            #expect(harmonicCurveValue(curve, 0.5).isNaN)
            #expect(lastError() == "curve = a curve of 2 components is invalid: must be a curve of one component")
        }
    }

    @Test func malformedJSONAndInvalidParameters() {
        var curve: OpaquePointer?
        #expect(harmonicCurveCreateFromSpec("{\"spring\": ", &curve) == HARMONIC_ERROR_SYNTAX)
        #expect(lastError().hasPrefix("invalid JSON spec"))
        #expect(curve == nil)
        #expect(harmonicCurveCreateFromSpec(#"{"spring": {"stifness": 1}}"#, &curve) == HARMONIC_ERROR_INVALID_ARGUMENT)
        #expect(lastError().hasPrefix("spring.stifness = 1"))
        #expect(
            harmonicCurveCreateSpring(HARMONIC_SPRING_PHYSICS, 1, .nan, 10, 0, 1, 0, &curve)
                == HARMONIC_ERROR_INVALID_ARGUMENT)
        #expect(lastError().hasPrefix("stiffness = nan is invalid"))
        #expect(
            harmonicCurveCreateSpring(harmonic_spring_form(rawValue: 99), 1, 1, 1, 0, 1, 0, &curve)
                == HARMONIC_ERROR_INVALID_ARGUMENT)
        #expect(lastError() == "form = 99 is invalid: must be a harmonic_spring_form (0 to 7)")
        #expect(harmonicCurveCreateCSSEasing("linear(0.5)", &curve) == HARMONIC_ERROR_INVALID_ARGUMENT)
        #expect(curve == nil)
        #expect(!lastError().contains("\n"))
    }

    @Test func tooSmallBuffersAreNotWritten() throws {
        try withCurve({ harmonicCurveCreateFromSpec(#"{"keyframes": {"values": [[0, 0], [1, 2]]}}"#, $0) }) { curve in
            var buffer = [Double](repeating: -1, count: 5)
            let times = [0.0, 0.5, 1.0]
            #expect(harmonicCurveSample(curve, times, 3, &buffer, nil, 5) == HARMONIC_ERROR_BUFFER_TOO_SMALL)
            #expect(lastError() == "capacity = 5 is invalid: must be at least 6 (doubles this call writes)")
            #expect(buffer.allSatisfy { $0 == -1 })
            #expect(harmonicCurveEvaluate(curve, 0.5, &buffer, nil, 1) == HARMONIC_ERROR_BUFFER_TOO_SMALL)
            #expect(harmonicCurveSampleGrid(curve, 0, 1, 3, &buffer, nil, 5) == HARMONIC_ERROR_BUFFER_TOO_SMALL)
            #expect(buffer.allSatisfy { $0 == -1 })
            // Non-finite times are refused before anything is written.
            var big = [Double](repeating: -1, count: 6)
            #expect(harmonicCurveSample(curve, [0, .infinity, 1], 3, &big, nil, 6) == HARMONIC_ERROR_INVALID_ARGUMENT)
            #expect(lastError() == "times[1] = inf is invalid: must be finite")
            #expect(big.allSatisfy { $0 == -1 })
        }
    }

    #if DEBUG
        @Test func destroyedAndMismatchedHandlesAreDetectedInDebugBuilds() {
            var curve: OpaquePointer?
            #expect(harmonicCurveCreateCubicBezier(0.4, 0, 0.2, 1, &curve) == HARMONIC_OK)
            harmonicCurveDestroy(curve)
            var value = 0.0
            #expect(harmonicCurveEvaluate(curve, 0.5, &value, nil, 1) == HARMONIC_ERROR_DESTROYED_HANDLE)
            harmonicCurveDestroy(curve)  // a second destroy is ignored

            var engine: OpaquePointer?
            #expect(harmonicEngineCreate(0, &engine) == HARMONIC_OK)
            defer { harmonicEngineDestroy(engine) }
            #expect(harmonicCurveEvaluate(engine, 0.5, &value, nil, 1) == HARMONIC_ERROR_INVALID_ARGUMENT)
            #expect(lastError() == "curve = a handle of another kind is invalid: must be a curve handle")
        }
    #endif

    /// Each thread has its own last message.
    @Test func theLastErrorIsPerThread() {
        var curve: OpaquePointer?
        #expect(harmonicCurveCreateFromSpec("{", &curve) == HARMONIC_ERROR_SYNTAX)
        let mine = lastError()
        let done = DispatchSemaphore(value: 0)
        let other = Thread {
            var bezier: OpaquePointer?
            _ = harmonicCurveCreateCubicBezier(2, 0, 0, 1, &bezier)
            done.signal()
        }
        other.start()
        done.wait()
        #expect(lastError() == mine)
    }
}

/// A `size_t` above `Int.max` (a negative number cast to `size_t` in C) is refused, not read
/// as an empty request.
@Suite struct HugeSizeTests {
    @Test func sizesAboveIntMaxAreRefused() throws {
        try withCurve({ harmonicCurveCreateCubicBezier(0.4, 0, 0.2, 1, $0) }) { curve in
            var out = [7.0]
            let times = [0.5]
            #expect(harmonicCurveSample(curve, times, -1, &out, nil, 1) == HARMONIC_ERROR_INVALID_ARGUMENT)
            #expect(lastError() == "count = \(UInt.max) is invalid: must be at most \(Int.max)")
            #expect(harmonicCurveSampleGrid(curve, 0, 1, 1, &out, nil, -3) == HARMONIC_ERROR_INVALID_ARGUMENT)
            #expect(out == [7])
        }
    }
}
