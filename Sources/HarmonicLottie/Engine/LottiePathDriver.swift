import Harmonic

/// One property that drives a paint's path, or one component of it: a property whose keyframes
/// ease each component on its own (After Effects' per-dimension easing of a size) moves the path
/// by one easing per component, so each component drives it apart, the others held.
///
/// The path is affine in its drivers together, so it is its value with every driver held at one
/// frame plus the change each set of drivers moving in step makes alone
/// (``LottieShape/replacing(_:)``): the content a set sees has its own drivers moving and every
/// other one held.
struct LottiePathDriver {
    let property: LottieProperty
    /// The component that moves, `nil` for all of them.
    let component: Int?
    /// What moves the path: the property's timeline, or the component's alone with its easing.
    let timeline: KeyframeTimeline

    /// The drivers of a path: each property whole, or one per component where its keyframes ease
    /// the components apart; `nil` for such a property moving on a curve (spatial tangents move
    /// every component by one progress).
    static func drivers(_ properties: [LottieProperty]) -> [LottiePathDriver]? {
        var drivers: [LottiePathDriver] = []
        for p in properties {
            guard p.timeline.keyframes.contains(where: { Set($0.easing).count > 1 }) else {
                drivers.append(LottiePathDriver(property: p, component: nil, timeline: p.timeline))
                continue
            }
            guard !p.timeline.isSpatial else { return nil }
            for c in 0..<p.dimension {
                let keys = p.timeline.keyframes.map { k in
                    KeyframeTimeline.Keyframe(
                        time: k.time, value: [k.value[c]], holds: k.holds,
                        easing: k.easing.isEmpty ? [] : [k.easing[min(c, k.easing.count - 1)]])
                }
                guard let timeline = try? KeyframeTimeline(keys) else { return nil }
                if !timeline.isStatic {
                    drivers.append(LottiePathDriver(property: p, component: c, timeline: timeline))
                }
            }
        }
        return drivers
    }

    /// What each driven property becomes in the content a set of drivers sees: held at `frame`
    /// except for the components the set moves (a property the set moves whole is left as it is).
    /// `moving` empty: every driver held.
    static func replacements(moving: [LottiePathDriver], of all: [LottiePathDriver], heldAt frame: Double)
        -> [String: LottieProperty]
    {
        var out: [String: LottieProperty] = [:]
        for d in all where out[d.property.path] == nil {
            let mine = moving.filter { $0.property.path == d.property.path }
            if mine.contains(where: { $0.component == nil }) { continue }
            out[d.property.path] = LottieProperty(
                holding: d.property, at: frame, except: Set(mine.compactMap(\.component)))
        }
        return out
    }
}
