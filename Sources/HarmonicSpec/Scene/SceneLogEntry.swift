import HarmonicEngine

/// One line of a scene's event log, in time order: an engine event, or the answer to a query
/// action (`hitTest`, `convertPoint`) at the time the action ran.
package enum SceneLogEntry {
    case engine(AnimationEvent)
    case answer(time: Double, event: String, layer: String, detail: String)

    package var time: Double {
        switch self {
        case let .engine(event): return event.time
        case let .answer(time, _, _, _): return time
        }
    }
}
