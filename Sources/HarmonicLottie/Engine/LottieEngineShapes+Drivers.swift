import Harmonic
import HarmonicEngine

/// What a paint's path is driven by, and the opacity it takes on from around it, gathered by
/// the walk over a shape layer's content (``LottieEngineShapes/walk(_:path:paints:paths:)``).
extension LottieEngineShapes {
    /// What moves a path: properties it is affine in (by JSON path), and whether something
    /// moves it nonlinearly (and what).
    struct Drivers {
        var affine: [String: LottieProperty] = [:]
        var nonlinear: LottieEngineReason?
        /// The trims that cut the path, by JSON path.
        var trims: [String: LottieTrim] = [:]
        /// Rounded rectangles whose corner radius `min(r, w/2, h/2)` may clamp: the path is
        /// affine in the drivers only while the same one of the three is smallest, so it is cut
        /// where two of them cross (``kinkTimes(_:driver:)``).
        var clampedRectangles: [(size: LottieProperty?, radius: LottieProperty)] = []
        /// Sizes that fall below 0: a rectangle or ellipse is drawn `|w|` by `|h|`, so the path
        /// is affine in the size only on each side of 0, and is cut where a component crosses it
        /// (``foldTimes(_:driver:)``).
        var folds: [LottieProperty] = []
        /// Fixed paths rounded by a moving radius: affine in it between the levels `d/2` of
        /// their sides, so cut where it reaches one (``levelTimes(_:driver:)``).
        var roundingLevels: [(radius: LottieProperty, levels: [Double])] = []
        /// A lone shape's own position (a rectangle's, an ellipse's, a star's) and a star's
        /// rotation, kept apart from the path: while the shape is the only path of its paint and
        /// lies in the paint's group, they may move it as a layer around the paint (a rigid
        /// motion) where they cannot drive the path itself (``flattened()`` puts them back).
        var placement: Placement?
        /// How a rounding in the path's own group acts on it, where it can still move the path
        /// exactly (``LottieRoundCorners``); `nil` once a transform lies between, or for a path
        /// that says nothing.
        var corners: Corners?
        /// The modifiers that have cut or rounded this path, in the file's order. A modifier
        /// reaches every paint of the paths above it, also one met before it (a stroke above a
        /// trim) or in a nested group (a trim after the group): the paints met earlier take on
        /// those that come after them when the walk ends (``amended(_:paths:)``).
        var modifiers: [LateModifier] = []

        enum LateModifier {
            case trim(LottieTrim)
            case rounding(LottieProperty)
        }

        /// How a path's vertices take a rounding, as its kind declares it.
        enum Corners {
            /// Smooth vertices, no sharp one to round while `size` stays above 0 in every
            /// component (an ellipse's).
            case smooth(whileAboveZero: LottieProperty?)
            /// Sharp corners between sides of `size` (a rectangle's width and height): rounding
            /// cuts each by `min(r, w/2)` along the width and `min(r, h/2)` along the height.
            case sharp(sides: LottieProperty?)
            /// A path that never changes: rounding cuts each sharp vertex by `min(r, d/2)` along
            /// each side, `d` fixed (``LottieGeometry/cornerSides``).
            case fixed(LottieGeometry)
        }

        /// These drivers as seen from the group around the path's own: flattened, and no longer
        /// a bare outline for a modifier there (a transform lies between).
        func leavingGroup() -> Drivers {
            var d = flattened()
            d.corners = nil
            return d
        }

        struct Placement {
            var position: LottieProperty?
            var rotation: LottieProperty?
            /// A star's number of points: a moving one changes the path's vertices, so the paint
            /// is drawn once per count, each shown while the count is its own.
            var points: LottieProperty?
        }

        /// These drivers with the placement's properties driving the path itself: the position
        /// affinely (a spatial one bends it), a star's rotation nonlinearly.
        func flattened() -> Drivers {
            guard let p = placement else { return self }
            var d = self
            d.placement = nil
            d.add(p.position)
            if p.position?.timeline.isSpatial == true { d.bend(p.position, .spatialShape) }
            d.bend(p.rotation, .animatedPolystar)
            d.bend(p.points, .animatedPolystar)
            return d
        }

        mutating func add(_ p: LottieProperty?) {
            if let p, p.isAnimated { affine[p.path] = p }
        }

        mutating func bend(_ p: LottieProperty?, _ reason: LottieEngineReason) {
            if let p, p.isAnimated, nonlinear == nil { nonlinear = reason }
        }

        mutating func merge(_ other: Drivers) {
            affine.merge(other.affine) { a, _ in a }
            trims.merge(other.trims) { a, _ in a }
            clampedRectangles += other.clampedRectangles
            folds += other.folds
            roundingLevels += other.roundingLevels
            if nonlinear == nil { nonlinear = other.nonlinear }
        }
    }

    /// The opacity a paint takes on from the groups and repeater copies around it: `factor` (the
    /// fixed ones multiplied) times each moving one that fades several paints each on its own —
    /// one layer's opacity would fade them together, so each paint has a layer of its own per
    /// moving fade around it (``fadeHolder(_:in:)``), whose opacities multiply.
    struct Fade {
        var factor = 1.0
        /// Each moving fade's opacity in engine time, with a second one added to it when it is
        /// a sum of two moving properties.
        var moving: [(timeline: KeyframeTimeline, added: KeyframeTimeline?)] = []

        /// This fade times `timeline` (plus `added`).
        func taking(_ timeline: KeyframeTimeline, added: KeyframeTimeline? = nil) -> Fade {
            var fade = self
            fade.moving.append((timeline, added))
            return fade
        }
    }
}
