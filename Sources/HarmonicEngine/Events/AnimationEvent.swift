import Harmonic

/// Something that happened to an animation, a transaction or an animator, at an instant of
/// the engine's clock.
///
/// The engine collects events as time advances and as actions happen; ``AnimationEngine/advance(to:)``
/// returns them in time order (ties in the order the animations were added), and
/// ``AnimationEngine/takeEvents()`` drains any produced by actions since.
///
/// Rules (Apple, `CAAnimationDelegate`: `animationDidStart(_:)`, `animationDidStop(_:finished:)`):
/// - ``Kind/didStart`` when the animation's active interval begins (at its begin time; at
///   commit for one that begins "now").
/// - ``Kind/didStop(finished:)`` with `finished` true when the active interval ends (whether
///   or not the animation is then removed), false when it is removed or replaced first. An
///   animation removed before it started reports only didStop(finished: false).
/// - A replaced animation's didStop comes before its replacement's didStart.
/// - ``Kind/transactionCompleted(_:)`` when every animation added in a committed transaction
///   has stopped (at once at commit if it added none).
/// - ``Kind/animatorFinished(_:position:)`` when an interactive animator completes.
public struct AnimationEvent: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        case didStart
        case didStop(finished: Bool)
        case transactionCompleted(Int)
        case animatorFinished(AnimatorID, position: AnimatorPosition)
    }

    /// The engine time (root time, seconds) at which it happened. For starts and ends crossed
    /// during an `advance`, the exact instant of the crossing when the layer's clock can be
    /// inverted; otherwise the time of the frame that noticed it.
    public var time: Double
    /// What happened.
    public var kind: Kind
    /// The animation's layer (nil for transaction and animator events).
    public var layer: LayerID?
    /// The layer's name.
    public var layerName: String?
    /// The animation's key.
    public var key: String?
    /// The animation's ``LayerAnimation/userInfo`` (empty for transaction and animator events).
    public var userInfo: [String: String] = [:]

    /// An event (the engine creates them; this initialiser is for tests and replays).
    public init(time: Double, kind: Kind, layer: LayerID? = nil, layerName: String? = nil, key: String? = nil) {
        self.time = time
        self.kind = kind
        self.layer = layer
        self.layerName = layerName
        self.key = key
    }

    /// The kind as one word plus detail: `didStart`, `didStop finished=true`,
    /// `transactionCompleted 3`, `animatorFinished 1 end`.
    public var kindDescription: String {
        switch kind {
        case .didStart: return "didStart"
        case let .didStop(finished): return "didStop finished=\(finished)"
        case let .transactionCompleted(id): return "transactionCompleted \(id)"
        case let .animatorFinished(id, position): return "animatorFinished \(id.index) \(position.rawValue)"
        }
    }

    public var description: String {
        "\(time) \(kindDescription)" + (layerName.map { " \($0)" } ?? "") + (key.map { " \($0)" } ?? "")
    }
}
