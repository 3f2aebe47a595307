import Harmonic

/// A key path driven by a ``ValueMotion`` the caller supplies — a node of a spring network,
/// a simulation, any function of time — with Core Animation's media timing around it.
///
/// The motion's time is the iteration time, as a spring's: `τ = timingFunction(directed
/// progress)·duration`, so repeats restart it, `autoreverses` plays it back and `speed`
/// scales it; without a ``timing`` the animation begins when committed and lasts the motion's
/// ``ValueMotion/duration``. The value replaces the one underneath, or with ``isAdditive``
/// the motion's change since its start is added to it. Like every Core Animation animation
/// it does not change the model value.
///
/// Motions drive plain numbers and vectors (`position`, `bounds.size`, `opacity`, custom
/// names) of the motion's dimension; paths: a motion on `path` gives path coordinates
/// (``/Harmonic/PathCoordinates``) of the path's elements at every time — a value with other
/// elements is not shown, the value underneath stays — and replaces the path (no
/// ``isAdditive``); transform pieces (`transform.rotation.z`, `transform.scale.x`,
/// `transform.translation`, …), set in the decomposition underneath as a basic animation's
/// are — with ``isAdditive`` the change since the start is combined with the piece: the
/// difference added to angles and offsets, the ratio multiplying a scale factor (which must
/// not start at 0); and the whole `transform`: 16 numbers in ``/Harmonic/Transform3D``'s
/// storage order that replace the matrix (no ``isAdditive``).
public struct MotionAnimation: Sendable, LayerAnimationConvertible {
    /// The animated key path.
    public var keyPath: String
    /// What gives the values.
    public var motion: any ValueMotion
    /// The media timing; `nil` to begin when committed and last the motion's duration.
    public var timing: MediaTiming?
    /// Maps directed progress to motion time (as a fraction of `duration`); `nil` is linear.
    public var timingFunction: (any TimingFunction)?
    /// Add the motion's change since its start to the value underneath.
    public var isAdditive: Bool
    /// See ``PropertyAnimationOptions/isRemovedOnCompletion``.
    public var isRemovedOnCompletion: Bool
    /// See ``PropertyAnimationOptions/userInfo``.
    public var userInfo: [String: String] = [:]

    /// Creates a motion animation; the key path is checked when it is added to a layer.
    public init(
        keyPath: String, motion: any ValueMotion, timing: MediaTiming? = nil,
        timingFunction: (any TimingFunction)? = nil, isAdditive: Bool = false, isRemovedOnCompletion: Bool = true
    ) {
        self.keyPath = keyPath
        self.motion = motion
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    public var layerAnimation: LayerAnimation { .motion(self) }
}
