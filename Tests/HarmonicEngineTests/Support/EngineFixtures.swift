import Harmonic
@testable import HarmonicEngine

/// A fresh engine with one layer named "box".
func engineWithBox(_ values: [String: AnimatableVector] = ["position": [0, 0]]) throws -> (AnimationEngine, LayerID) {
    let engine = try AnimationEngine()
    let box = try engine.makeLayer(named: "box", values: values)
    return (engine, box)
}

extension AnimationEngine {
    /// The first component of a key path's presentation value at the current time.
    func scalar(_ keyPath: String, of layer: LayerID) throws -> Double {
        try presentationValue(forKeyPath: keyPath, of: layer)[0]
    }

    /// The same at root time `t`, without advancing; changes waiting for the implicit
    /// transaction are committed first, as the frame at `t` would commit them.
    func scalar(_ keyPath: String, of layer: LayerID, at t: Double) throws -> Double {
        try flush()
        return try presentationValue(forKeyPath: keyPath, of: layer, at: t)[0]
    }
}

func timing(
    begin: Double = 0, duration: Double, speed: Double = 1, offset: Double = 0, repeatCount: Double = 0,
    autoreverses: Bool = false, fill: FillMode = .removed
) throws -> MediaTiming {
    try MediaTiming(
        beginTime: begin, duration: duration, speed: speed, timeOffset: offset, repeatCount: repeatCount,
        autoreverses: autoreverses, fillMode: fill)
}
