import Harmonic

/// The properties of a transaction (`CATransaction`): what implicit animations made inside it
/// look like.
///
/// A nested transaction starts with a copy of the enclosing transaction's settings (the
/// completion block excepted), so setting the duration on an outer transaction applies to
/// inner ones that do not change it.
public struct TransactionSettings: Sendable {
    /// Duration of implicit animations and of explicit ones whose duration is 0, in seconds;
    /// finite and ≥ 0. Core Animation's default is 0.25.
    public var animationDuration: Double
    /// Timing function of implicit basic animations. Core Animation's default timing function
    /// for implicit animations is `default` (0.25, 0.1, 0.25, 1).
    public var timingFunction: any TimingFunction
    /// Suppress implicit animations: model changes take effect at commit without animating.
    public var disableActions: Bool
    /// When set, implicit animations are springs (``SpringAnimation``) instead of basic
    /// animations: they start from the current presentation value *and velocity* and last until
    /// the motion settles (within 0.001 of its range), so setting a value again mid-flight
    /// retargets the spring without a kink. Not a `CATransaction` property; it is what SwiftUI's
    /// and UIKit's spring-based implicit animations do.
    public var spring: Spring?
    /// Seconds from the commit to the start of the implicit animations, ≥ 0 (UIKit's
    /// `UIView.animate(withDuration:delay:…)`; not a `CATransaction` property). While they wait
    /// they fill backwards, showing their start value, as UIKit's delayed animations do.
    public var delay: Double = 0

    /// Settings with Core Animation's defaults unless given.
    public init(
        animationDuration: Double = MediaTiming.defaultDuration,
        timingFunction: any TimingFunction = CubicBezier.default,
        disableActions: Bool = false, spring: Spring? = nil, delay: Double = 0
    ) {
        self.animationDuration = animationDuration
        self.timingFunction = timingFunction
        self.disableActions = disableActions
        self.spring = spring
        self.delay = delay
    }

    /// Core Animation's defaults.
    public static let `default` = TransactionSettings()
}
