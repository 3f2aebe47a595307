import Harmonic
import HarmonicEngine
import HarmonicRender

/// A Lottie composition turned into engine layers and keyframe animations, as lottie-ios's
/// Core Animation rendering engine turns a file into `CALayer`s and `CAKeyframeAnimation`s:
/// the engine then plays it — its clock, its presentation values, its renderer — alongside
/// anything else in the scene.
///
/// Each animated Lottie property becomes a ``/HarmonicEngine/KeyframeAnimation`` through a
/// ``/Harmonic/KeyframeTimeline`` (keyframes at their own times, per-segment and
/// per-component easing, holds, arc-length motion along spatial tangents) on the engine key
/// path that means the same thing, its times moved from the frames of the layer's composition
/// to the engine's seconds by the start time and stretch of every enclosing precomposition layer
/// (`seconds = (t·sr + st)/fr` for each, outwards; a layer's own `st` and `sr` move only what a
/// precomposition layer shows, `LottieLayer`); a precomposition whose stretch is negative plays
/// its layers' timelines backwards
/// (``/Harmonic/KeyframeTimeline/reversed()``, each value jump a nanosecond after its instant so
/// that the jump's frame shows what Lottie shows there, and auto-orient facing the file's
/// direction of travel). A time-remapped precomposition's content sits in a layer whose
/// clock is the remap (``/HarmonicEngine/AnimationEngine/setTimeMap(_:of:)``); masks and mattes
/// inside it, which lie outside the layer tree, hang from layers with the same time maps.
///
/// What becomes what:
///
/// - A layer's or a group's transform: an outer layer at `position` turned by
///   `transform.rotation.z`, a layer scaled by `transform.scale.x/y` (under a layer whose
///   `transform` is the skew's matrix when the skew is not 0 — a moving skew three layers, turned
///   about its axis and back around the value function `skewX`), and an inner layer at
///   `position = −anchor` in whose space the content lies. Auto-orient is the position
///   animation's `rotationMode = .auto`. A 3-D layer's rotations, still or moving, are a
///   layer per axis in place of the outer layer's `transform.rotation.z`
///   (`transform.rotation.x`, `.y`, `.z`, nested so that points meet the orientation's z, y, x,
///   then the rotation's z, y, x), composed in space and projected as
///   ``LottieAnimation/frame(at:)`` projects the plane; auto-orient there is a pair of layers
///   beside the z rotation, one following the position's path with `rotationMode = .auto`
///   inside one moved back along it, which together only turn.
/// - Opacity: `opacity` (a layer's; a group's when it holds one paint, else taken on by each
///   paint — folded in when static, a layer of its own around each paint when it moves — and a
///   repeater's start and end opacities likewise).
/// - `ip`, `op`, `hd`: `hidden`, by held keyframes.
/// - Parents: copies of the parents' transforms around the layer (Lottie parents pass on no
///   opacity).
/// - A precomposition: a layer clipping to `w × h` (`masksToBounds`), its time remap the time
///   map of the layer holding its content.
/// - A solid: a layer with `bounds` `w × h` and `backgroundColor`; an image: a layer of the
///   image's size whose `contents` is the image.
/// - A fill or a stroke: a shape layer each, with `path`, `fillColor` or `strokeColor`,
///   `lineWidth`, caps, joins, miter limit, dashes (moving lengths an animated
///   `lineDashPattern` value, each length eased by its own keyframes) and `opacity`. An animated trim is the
///   stroke's `strokeStart` and `strokeEnd` on the uncut path (the smaller end first, both cut
///   where they cross), the offset an additive animation on both, one copy of the stroke per
///   whole turn the trimmed part wraps past the end, and a layer per path when a simultaneous
///   trim cuts each path on its own.
/// - Masks: the engine's mask (`CALayer.mask`) of the layer's content, a tree of layers whose
///   alpha is the coverage the masks leave — an added area painted over what came before, an
///   intersected or subtracted one a mask on what came before, an inverted area filled even–odd
///   with a region larger than any composition, a grown area its path filled and stroked `2x`
///   wide with round joins; lighten, darken and difference masks and shrinking expansions (an
///   expansion whose sign changes cut where it crosses 0) by the
///   masks' luminance instead (`maskMode`), painted with blend modes as direct evaluation paints
///   its SVG mask.
/// - A gradient fill or stroke: a gradient layer (`CAGradientLayer`, linear or radial) over the
///   path, masked by its fill or stroke, as lottie-ios draws one; moving ends of a linear
///   gradient its `startPoint`/`endPoint` (a radial one's edge when it moves along a ray from a
///   fixed centre), moving stops its `colors`/`locations`, a highlight its `focalOffset` (an
///   engine extension; `h` clamped to ±99 % as the players clamp it).
/// - A repeater's copies: a transform pair each (`anchor + k·position`, `k·rotation`,
///   `scale^k`, the step's parts multiplied out), faded from the start opacity to the end one; a
///   moving offset `o` slides them, `anchor + (k + o)·position` and `(k + o)·rotation`
///   animated by it; a moving count shows copy `k` (held `hidden`) while the count reaches
///   `k + 1`, at the frames it crosses there, its fade held between (moving start and end
///   opacities weighted by shares that step with the count); a moving anchor is the
///   outer layer's base position animation and the inner layer's, the step added to it.
/// - A blend mode: the layer's `compositingFilter` (`multiplyBlendMode`…).
/// - A text layer: its documents' glyphs and paints as shape layers, each document in a layer
///   of its own shown (held `hidden`) from its frame up to the next document's.
/// - A track matte: the layer inside a layer of the composition's space whose mask is the
///   matte source, built the same way (a source is drawn only as its user's matte), read by the
///   matte's kind (`maskMode` `alpha`, `luminance`, `alphaInverted`, `luminanceInverted`).
///
/// A paint's path is animated exactly when one property drives it, or several that one easing
/// moves (keyed in step — the same times, holds and easing — or keyed apart with linear
/// keyframes, each cut at the others' frames), and the path's coordinates are affine in that
/// property (a path's vertices, a rectangle's or an ellipse's position or size, a rounded
/// rectangle's corner radius, a star's position, radii or roundness, a nested group's offsets):
/// its keyframes at the property's times, eased the same way, are then the path itself. A
/// rounded rectangle's path is affine only while the same one of `r`, `w/2`, `h/2` bounds its
/// corners, so it is also cut where two of them cross (``/Harmonic/KeyframeTimeline/splitting(at:)``
/// keeps the motion), its eight vertices kept where the radius reaches 0 (corners of no
/// length). A shape alone in its paint whose position cannot drive the path with the rest
/// (keyed apart with its own easing, or moving on a curve) or a star that turns moves as a
/// layer around the paint instead — at the position, turned by the rotation — the path the
/// shape at rest (not for gradients, which would move with it); a lone star whose number of
/// points moves is drawn once per count, each shown (held `hidden`) while the count is its own.
/// A round-corners modifier plays
/// on a fixed path (a moving radius cut where it reaches half a side), on a moving rectangle
/// (cut where the radius and the half sides cross) and on an ellipse (nothing sharp to round).
///
/// What the engine cannot play exactly — auto-orient on a layer played backwards whose motion
/// pauses, radial gradients whose edge leaves a ray from a fixed centre, highlights whose angle
/// turns, stops that
/// move apart from their opacity stops, repeaters whose scale moves or whose offset moves with a
/// scaled or moving step, paths driven by several properties no one easing moves or by a
/// nonlinear one (a star's points or rotation when it shares its paint, a star's radius
/// moving with its roundness, a rectangle's or an ellipse's size falling below 0, rounded
/// corners on a path whose own vertices move), trim ends that overshoot past the path's ends (crossing ends play,
/// overshooting or not: `LottieTrimEnds`) — is listed in ``notPlayed`` with its JSON path and
/// left out (the rest of its layer still plays); ``LottieAnimation/frame(at:)`` draws all of it
/// directly.
///
/// Engine time `t` seconds shows composition frame `t·fr` (``time(ofFrame:)``).
public struct LottieEngineScene {
    /// The engine holding the composition's layers, at time 0.
    public let engine: AnimationEngine
    /// The layer that holds the composition (`w × h`, clipping).
    public let root: LayerID
    /// The composition's frame rate.
    public let frameRate: Double
    /// The composition's last frame (`op`), where ``seek(toFrame:)`` shows the last picture.
    public let outPoint: Double
    /// What the engine leaves out, each with the JSON path where it appears: the file's
    /// unsupported features and what only direct evaluation draws.
    public let notPlayed: [LottieAnimation.UnsupportedFeature]

    /// The engine time, in seconds, at which composition frame `frame` shows.
    public func time(ofFrame frame: Double) -> Double { frame / frameRate }

    /// Whether the engine plays everything the file draws.
    public var isComplete: Bool { notPlayed.isEmpty }
}

extension LottieAnimation {
    /// The composition as engine layers and keyframe animations, in a new engine at time 0
    /// (``LottieEngineScene``).
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` when the engine refuses a layer or animation the
    ///   file asks for (which a file that reads does not do).
    public func engineScene() throws(HarmonicError) -> LottieEngineScene {
        let builder = try LottieEngineBuilder(self)
        let root = try builder.build()
        return LottieEngineScene(
            engine: builder.engine, root: root, frameRate: frameRate, outPoint: outPoint,
            notPlayed: unsupported + builder.notPlayed)
    }
}

extension LottieEngineScene {
    /// The picture the engine shows at its current time, drawn by the engine's frame renderer
    /// (``/HarmonicRender/FrameRenderer``) over the composition's `w × h`, scaled to fit
    /// `width × height` with its aspect ratio kept (the composition's size by default).
    public func svg(width: Double? = nil, height: Double? = nil) throws(HarmonicError) -> String {
        let box = try engine.geometry(of: root, source: .model).bounds
        var renderer = FrameRenderer(viewport: LayerGeometry.Rect(x: 0, y: 0, width: box.size.x, height: box.size.y))
        renderer.pictureSize = SIMD2(width ?? box.size.x, height ?? box.size.y)
        return try renderer.render(engine).svg
    }

    /// Moves the engine to composition frame `frame` (engine time only moves forward).
    ///
    /// Frame `op` shows the animation's last picture, as ``LottieAnimation/frame(at:)`` does: the
    /// layers' `hidden` steps at their out points, so the engine stops a hair before `op`
    /// (`LottieEngineBuilder.Clock.jumpDelay` relative to the time), where every layer that
    /// lasts to the end still shows and a moving value is within that hair of its value at `op`.
    ///
    /// - Throws: ``/Harmonic/HarmonicError/invalidParameter(name:value:allowed:)`` for a frame
    ///   before the engine's current time or not finite.
    public func seek(toFrame frame: Double) throws(HarmonicError) {
        var t = time(ofFrame: frame)
        if frame == outPoint {
            t = Swift.max(engine.time, t - LottieEngineBuilder.Clock.jumpDelay * Swift.max(1, abs(t)))
        }
        guard t.isFinite, t >= engine.time else {
            throw .invalidParameter(
                name: "frame", value: "\(frame)",
                allowed: "a finite frame not before the engine's current one (\(engine.time * frameRate))")
        }
        try engine.advance(to: t)
    }
}
