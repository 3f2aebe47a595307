import HarmonicEngine

/// A still engine for a picture: the layers `build` makes, their values set without actions.
func stage(_ build: (AnimationEngine) throws -> Void) throws -> AnimationEngine {
    let engine = try AnimationEngine()
    try engine.begin(TransactionSettings(disableActions: true))
    try build(engine)
    try engine.commit()
    return engine
}
