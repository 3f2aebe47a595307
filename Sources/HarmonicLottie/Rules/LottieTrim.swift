import Harmonic
import HarmonicJSON

/// Trim Paths (`tm`): the part of the paths before it in its group (nested groups' included)
/// from `s` to `e` percent of their length, both moved by `o` degrees (a full turn is the
/// whole length) and wrapped around the path's end; mode `m` 1 cuts each path on its own
/// (simultaneously), 2 the paths taken one after another as one length (individually).
///
/// The engine plays a trim of a stroke as the stroke's `strokeStart` and `strokeEnd` on the
/// uncut path where it can (``LottieEngineShapes/playTrim(_:shift:on:)``); the instants where a
/// moving trim changes the cut path's elements come from its keyframes
/// (``structureInstants(_:)``).
///
/// Source: the Lottie format, "Trim Path" (lottie.github.io/lottie-spec, shapes); Adobe, After
/// Effects User Guide, "Shape attributes, paint operations, and path operations": Trim Paths.
struct LottieTrim: Sendable {
    /// The item's JSON path, which names it among the trims that reach a paint.
    var path: String
    /// The ends in percent and the offset in degrees (`nil`: 0, 100 and 0).
    var start, end, offset: LottieProperty?
    /// Mode 2: the paths cut as one length.
    var individually: Bool

    init(path: String, start: LottieProperty?, end: LottieProperty?, offset: LottieProperty?, individually: Bool) {
        self.path = path
        self.start = start
        self.end = end
        self.offset = offset
        self.individually = individually
    }

    init(_ m: [String: JSONValue], path: String, context: LottieReadContext) throws(HarmonicError) {
        func property(_ key: String) throws(HarmonicError) -> LottieProperty? {
            try LottieProperty.optional(m[key], path: "\(path).\(key)", context: context)
        }
        self.init(
            path: path, start: try property("s"), end: try property("e"), offset: try property("o"),
            individually: m["m"] == .number(2))
    }

    var properties: [LottieProperty?] { [start, end, offset] }

    /// This trim with each property replaced by `map` of it.
    func mapping(_ map: (LottieProperty?) -> LottieProperty?) -> LottieTrim {
        LottieTrim(path: path, start: map(start), end: map(end), offset: map(offset), individually: individually)
    }

    var isAnimated: Bool { properties.contains { $0?.isAnimated == true } }

    /// Whether it keeps every path whole at every time: fixed ends, clamped to [0, 100] %, a
    /// full turn apart (``ranges(start:end:offset:)``).
    var isWhole: Bool {
        guard !isAnimated else { return false }
        func clamped(_ p: LottieProperty?, _ fallback: Double) -> Double {
            min(max(p?.scalar(at: 0) ?? fallback, 0), 100)
        }
        return abs(clamped(end, 100) - clamped(start, 0)) >= 100
    }

    /// The kept ranges of `[0, 1]` for ends `start`, `end` (fractions, clamped to `[0, 1]` and
    /// swapped when start is after end) moved by `offset` turns: one range, two where it wraps
    /// past the end, the whole when it spans a full turn, none when empty.
    static func ranges(start: Double, end: Double, offset: Double) -> [(Double, Double)] {
        var s = min(max(start, 0), 1), e = min(max(end, 0), 1)
        if s > e { swap(&s, &e) }
        guard e > s else { return [] }
        if e - s >= 1 { return [(0, 1)] }
        let shift = offset - offset.rounded(.down)
        s += shift
        e += shift
        if s >= 1 {
            s -= 1
            e -= 1
        }
        return e <= 1 ? [(s, e)] : [(s, 1), (0, e - 1)]
    }

    /// Cuts `paths` (the paths it reaches, in the file's order) at layer time `time`; `measured`
    /// holds each one's measured path (arc length), `nil` for one without segments.
    func cut(_ paths: inout [LottieGeometry], measured: [Path?], at time: Double) {
        let pieces = Self.ranges(
            start: (start?.scalar(at: time) ?? 0) / 100, end: (end?.scalar(at: time) ?? 100) / 100,
            offset: (offset?.scalar(at: time) ?? 0) / 360)
        guard individually else {
            for k in paths.indices { paths[k] = paths[k].trimmed(pieces, on: measured[k]) }
            return
        }
        let lengths = measured.map { $0?.length ?? 0 }
        let total = lengths.reduce(0, +)
        var before = 0.0
        for k in paths.indices {
            let length = lengths[k]
            var ranges: [(Double, Double)] = []
            if length > 0 {
                for (a, b) in pieces {
                    // This path covers [before, before + length] of the whole length.
                    let lower = max((a * total - before) / length, 0), upper = min((b * total - before) / length, 1)
                    if upper > lower { ranges.append((lower, upper)) }
                }
            }
            before += length
            paths[k] = ranges.isEmpty ? LottieGeometry() : paths[k].trimmed(ranges, on: measured[k])
        }
    }

    /// Records this trim on the drivers of the paths it reaches (`mine`, indices into
    /// `paths`): the engine's paints of those paths take it on, also those met before it.
    func drive(_ paths: inout [LottieEngineShapes.Drivers], reaching mine: [Int]) {
        for k in mine {
            paths[k].trims[path] = self
            paths[k].modifiers.append(.trim(self))
        }
    }
}
