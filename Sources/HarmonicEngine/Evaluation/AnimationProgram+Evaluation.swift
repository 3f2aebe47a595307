import Harmonic

/// Evaluating a compiled animation into a ``LayerPass``.
///
/// Every leaf reads the value underneath it from the pass (the model value with the earlier
/// animations applied), computes its own value, and replaces or combines. With a velocity
/// buffer the same pass carries exact derivatives through the stack by the chain rule:
/// `d(value)/dt = ∂value/∂start·start' + ∂value/∂end·end' + ∂value/∂progress·progress'`,
/// where `start'` and `end'` are the velocity underneath when an endpoint is *current*, and
/// `progress'` is the timing function's slope times the media timing's progress rate times
/// the parent clocks' rates.
extension AnimationProgram {
    /// Applies the animation whose timing state at its parent time is `state`.
    ///
    /// - Parameters:
    ///   - state: `timing.state(atParentTime:)` at the parent time.
    ///   - rate: d(parent time)/d(root time), for velocities.
    ///   - pass: The layer pass to update.
    ///   - slots: The layer's property slots.
    ///   - drivers: Animator progress by animator index.
    func apply(
        state s: MediaTimingState, rate: Double, pass: inout LayerPass, slots: [PropertySlot],
        drivers: [DriverSample]
    ) {
        guard let directed = s.directedProgress else { return }
        switch node {
        case let .leaf(leaf):
            leaf.apply(
                LeafTiming(s, directed: directed), timing: timing, timingFunction: timingFunction, rate: rate,
                pass: &pass, slots: slots, drivers: drivers)
        case let .group(children):
            // A group's children run on its eased iteration time, as a spring does.
            let d = timing.duration
            let (childTime, childRate) = timing.curveTime(
                easedProgress: timingFunction.value(at: directed, beforeFlag: s.beforeFlag),
                easingSlope: pass.velocities == nil ? 0 : timingFunction.slope(at: directed),
                progressRate: s.progressRate, iterationTime: s.iterationTime ?? 0, isActive: s.phase == .active,
                clockRate: rate)
            for child in children {
                let state =
                    d.isFinite
                    ? child.timing.state(atParentTime: childTime, inGroupOfDuration: d)
                    : child.timing.state(atParentTime: childTime)
                child.apply(state: state, rate: childRate, pass: &pass, slots: slots, drivers: drivers)
            }
        }
    }
}
