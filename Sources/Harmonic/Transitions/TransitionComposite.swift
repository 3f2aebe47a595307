/// What a transition shows at one instant: its progress and how the old and the new
/// renderings of the layer tree are drawn (see ``Transition/composite(atProgress:size:)``).
public struct TransitionComposite: Hashable, Sendable {
    /// The transition's progress, in [``Transition/startProgress``, ``Transition/endProgress``].
    public var progress: Double
    /// The layer tree as it was when the transition was added.
    public var outgoing: TransitionRendering
    /// The layer tree as it is now.
    public var incoming: TransitionRendering
    /// Whether the incoming rendering is drawn over the outgoing one (every type but
    /// ``TransitionType/reveal``, whose old rendering slides off the top of the new one).
    public var incomingIsAbove: Bool

    /// What a layer without a transition shows, as after a finished one: progress 1, only the
    /// incoming (current) rendering, opaque and in place; no outgoing rendering (opacity 0).
    public static let idle = TransitionComposite(
        progress: 1, outgoing: TransitionRendering(opacity: 0), incoming: TransitionRendering(opacity: 1),
        incomingIsAbove: true)

    /// A composite from its parts.
    public init(
        progress: Double, outgoing: TransitionRendering, incoming: TransitionRendering, incomingIsAbove: Bool
    ) {
        self.progress = progress
        self.outgoing = outgoing
        self.incoming = incoming
        self.incomingIsAbove = incomingIsAbove
    }
}
