import Harmonic
@testable import HarmonicCommandLine
@testable import HarmonicSpec

/// The scene JSON (`harmonic scene SCENE`): parses or throws a one-line error; a scene that
/// parses plays (or fails with a one-line error naming an action) and shows finite values and
/// velocities at every sample time.
enum SceneContract {
    /// Sample times played per input: a scene may ask for millions; an evenly spread subset,
    /// in order, exercises the same actions.
    static let maximumSamples = 48

    static func check(_ text: String) {
        do {
            let spec = try SceneSpec.parse(text)
            var command = try Scene.parse(["scene"])
            command.scene = text
            let all = try command.resolveTimes(spec)
            guard !all.isEmpty, zip(all, all.dropFirst()).allSatisfy({ $0 <= $1 }) else { return }
            let stride = Swift.max(1, all.count / maximumSamples)
            var times = Swift.stride(from: 0, to: all.count, by: stride).map { all[$0] }
            if times.last != all.last { times.append(all[all.count - 1]) }
            let start = Swift.min(times[0], spec.actions.first?.time ?? times[0], 0)
            let player = try ScenePlayer(spec, startTime: start)
            for t in times {
                try player.sample(at: t, velocity: true) { (k, value, rate) throws(HarmonicError) in
                    let record = player.records[k]
                    ContractCheck.requireFinite(value, "\(record.name).\(record.keyPath) at t = \(t)")
                    ContractCheck.requireFinite(rate, "velocity of \(record.name).\(record.keyPath) at t = \(t)")
                }
            }
            _ = SceneWriter.eventsCSV(player.events, animatorName: player.animatorName)
        } catch let error as HarmonicError {
            ContractCheck.requireOneLine(error, context: "scene")
        } catch {
            ContractCheck.require(false, "untyped error \(error)")
        }
    }
}
