/*
 * harmonic.h — Harmonic's C interface: curves (springs, timing functions, keyframes, paths,
 * decays) and the animation engine, for C, C++ and anything with a C foreign-function
 * interface. C99; compiles as C++.
 *
 * Conventions
 * -----------
 * - Every symbol starts with `harmonic_` (macros with `HARMONIC_`).
 * - Objects are opaque handles made by a `*_create*` function and released by the matching
 *   `*_destroy` (which accepts NULL). A handle may be used from one thread at a time; distinct
 *   handles may be used from different threads at once.
 * - Buffers belong to the caller. Every buffer comes with its capacity in elements (doubles
 *   unless stated); a capacity smaller than the call needs is HARMONIC_ERROR_BUFFER_TOO_SMALL
 *   and nothing is written.
 * - Every function that can fail returns a harmonic_status. On failure, nothing the function
 *   was asked to produce is written, and harmonic_last_error() describes the failure in one
 *   line naming the parameter, the value and what is allowed (the same messages the
 *   `harmonic` command-line tool prints). No Swift error or trap crosses this interface.
 * - Time is in seconds, velocities in value units per second. Curves made from a spec use
 *   the spec format of the `harmonic` tool (README, "Spec format").
 * - A handle used after its destroy call is undefined behaviour in release builds; debug
 *   builds of the library detect it and return HARMONIC_ERROR_DESTROYED_HANDLE.
 *
 * Linking: `-lHarmonicC` (libHarmonicC.so, or the static libHarmonicCStatic.a with the Swift
 * runtime's static libraries). The ABI version below changes whenever a signature, a struct
 * layout or an enumeration value of this header changes incompatibly.
 */
#ifndef HARMONIC_H
#define HARMONIC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The ABI version this header describes; compare with harmonic_abi_version() at run time. */
#define HARMONIC_ABI_VERSION 3

/* ---------------------------------------------------------------------------------------- */
/* Status and errors                                                                         */
/* ---------------------------------------------------------------------------------------- */

/** What a call did. */
typedef enum harmonic_status {
    /** Success. */
    HARMONIC_OK = 0,
    /** A parameter is out of its range, not finite, or inconsistent with another. */
    HARMONIC_ERROR_INVALID_ARGUMENT = 1,
    /** Spec, scene or path text that does not parse (malformed JSON, an SVG path error). */
    HARMONIC_ERROR_SYNTAX = 2,
    /** A required handle or pointer is NULL. */
    HARMONIC_ERROR_NULL_POINTER = 3,
    /** A caller's buffer is smaller than the call needs; nothing was written. */
    HARMONIC_ERROR_BUFFER_TOO_SMALL = 4,
    /** The operation does not apply to this object (the settling time of a Bézier curve). */
    HARMONIC_ERROR_UNSUPPORTED = 5,
    /** A handle used after it was destroyed (detected in debug builds only). */
    HARMONIC_ERROR_DESTROYED_HANDLE = 6,
    /** Nothing to return (harmonic_engine_next_event with no event waiting). */
    HARMONIC_ERROR_EMPTY = 7
} harmonic_status;

/**
 * The message of the last failed call on this thread (one line, UTF-8), or "" if no call on
 * this thread has failed. Valid until the next failing call on the same thread.
 */
const char *harmonic_last_error(void);

/** A short constant name for a status ("HARMONIC_OK", ...); "unknown status" otherwise. */
const char *harmonic_status_name(harmonic_status status);

/** The library version, semantic versioning ("0.9.0"): the `harmonic --version` string. */
const char *harmonic_version(void);

/** The ABI version of the loaded library (HARMONIC_ABI_VERSION of the header it was built with). */
uint32_t harmonic_abi_version(void);

/* ---------------------------------------------------------------------------------------- */
/* Curves                                                                                    */
/* ---------------------------------------------------------------------------------------- */

/**
 * A curve: a function of time (or of progress, for a bare timing function) with a value of
 * one or more components, its velocity, and for paths with a rotation mode an angle. Made
 * from spec text or from parameters; immutable, so one curve may be evaluated from several
 * threads at once.
 */
typedef struct harmonic_curve harmonic_curve;

/**
 * Parses one curve of the spec format, JSON text (UTF-8, NUL-terminated), for example
 * `{"spring": {"duration": 0.5, "bounce": 0.2}, "from": 0, "to": 100}`. Every key of the
 * format is accepted (springs in every vocabulary, timing blocks, keyframe options, trims,
 * decay walls); unknown keys are errors.
 */
harmonic_status harmonic_curve_create_from_spec(const char *json, harmonic_curve **curve);

/** The vocabularies a spring can be given in (the keys of the spec format in brackets). */
typedef enum harmonic_spring_form {
    /** Core Animation: p1 = mass, p2 = stiffness, p3 = damping (CASpringAnimation). */
    HARMONIC_SPRING_PHYSICS = 0,
    /** SwiftUI: p1 = duration (s), p2 = bounce (−1 … 1), p3 = mass (Spring(duration:bounce:)). */
    HARMONIC_SPRING_DURATION_BOUNCE = 1,
    /** SwiftUI: p1 = response (s), p2 = damping ratio, p3 = mass (Spring(response:dampingRatio:)). */
    HARMONIC_SPRING_RESPONSE = 2,
    /** UIKit: p1 = duration (s), p2 = damping ratio; the curve's initial velocity shapes it too. */
    HARMONIC_SPRING_UIKIT = 3,
    /** Android: p1 = stiffness, p2 = damping ratio; mass 1 (SpringForce). */
    HARMONIC_SPRING_ANDROID = 4,
    /** Motion (framer-motion): p1 = duration (s), p2 = bounce. */
    HARMONIC_SPRING_MOTION_DURATION = 5,
    /** Motion: p1 = visual duration (s), p2 = bounce. */
    HARMONIC_SPRING_MOTION_VISUAL_DURATION = 6,
    /** react-spring: p1 = tension, p2 = friction, p3 = mass. */
    HARMONIC_SPRING_REACT_SPRING = 7
} harmonic_spring_form;

/**
 * A spring from `from` to `to` (one component). Parameters a form does not use are ignored.
 * `initial_velocity` is in progress units per second (fractions of `to − from` per second),
 * as in CASpringAnimation and UISpringTimingParameters.
 */
harmonic_status harmonic_curve_create_spring(
    harmonic_spring_form form, double p1, double p2, double p3, double from, double to,
    double initial_velocity, harmonic_curve **curve);

/** The cubic Bézier timing function through (0,0), (x1,y1), (x2,y2), (1,1); x1, x2 in [0, 1]. */
harmonic_status harmonic_curve_create_cubic_bezier(
    double x1, double y1, double x2, double y2, harmonic_curve **curve);

/**
 * A CSS easing function (CSS Easing Functions Level 2): `ease`, `cubic-bezier(…)`,
 * `steps(…)`, `linear(…)`, … as a function of progress.
 */
harmonic_status harmonic_curve_create_css_easing(const char *easing, harmonic_curve **curve);

/** How keyframes are interpolated (CAKeyframeAnimation's calculationMode). */
typedef enum harmonic_calculation_mode {
    HARMONIC_CALCULATION_LINEAR = 0,
    HARMONIC_CALCULATION_DISCRETE = 1,
    HARMONIC_CALCULATION_PACED = 2,
    HARMONIC_CALCULATION_CUBIC = 3,
    HARMONIC_CALCULATION_CUBIC_PACED = 4
} harmonic_calculation_mode;

/**
 * Keyframes over progress [0, 1]: `count` values of `dimension` components each, row after
 * row (`values[k·dimension + c]`), at `key_times` (`count` increasing times from 0 to 1, or
 * NULL for evenly spaced). Timing functions per segment, tension and the other keyframe
 * options are in the spec format.
 */
harmonic_status harmonic_curve_create_keyframes(
    const double *values, size_t count, size_t dimension, const double *key_times,
    harmonic_calculation_mode mode, harmonic_curve **curve);

/**
 * Motion along SVG path data (`M0 0 C50 0 50 100 100 100`) over progress [0, 1]: two
 * components (x, y). `mode` LINEAR or DISCRETE visits the path's vertices evenly in time,
 * PACED and CUBIC_PACED at constant speed; with `rotate` non-zero the curve has an angle
 * (rotationMode auto).
 */
harmonic_status harmonic_curve_create_path(
    const char *svg_path_data, harmonic_calculation_mode mode, int rotate, harmonic_curve **curve);

/** The vocabularies of an exponential decay's rate. */
typedef enum harmonic_decay_form {
    /** UIKit: parameter = deceleration rate per millisecond, in (0, 1) (0.998 normal). */
    HARMONIC_DECAY_UIKIT = 0,
    /** Android/Compose: parameter = friction multiplier (> 0; 1 by default). */
    HARMONIC_DECAY_ANDROID = 1,
    /** Flutter: parameter = drag, in (0, 1) (the velocity kept per second). */
    HARMONIC_DECAY_FLUTTER = 2,
    /** Motion inertia: parameter = time constant in seconds (> 0; 0.7 by default). */
    HARMONIC_DECAY_TIME_CONSTANT = 3
} harmonic_decay_form;

/**
 * A decay (a fling coasting to rest) from `from` with `velocity`, value units per second. It
 * comes to rest by its vocabulary's default rule, as in the spec format: UIKit when the speed
 * falls below 1 unit/s, Compose below 0.1, Flutter below 0.001, Motion within 0.5 units of
 * its end. Walls, bounces and the other rest rules are in the spec format.
 */
harmonic_status harmonic_curve_create_decay(
    harmonic_decay_form form, double parameter, double from, double velocity, harmonic_curve **curve);

/** Releases a curve; NULL is ignored. */
void harmonic_curve_destroy(harmonic_curve *curve);

/** The number of value components (1 for scalars, 2 for paths, n for vector keyframes). */
harmonic_status harmonic_curve_dimension(const harmonic_curve *curve, size_t *dimension);

/** Whether the curve has an angle (a path with a rotation mode): 1 or 0 in `*has_angle`. */
harmonic_status harmonic_curve_has_angle(const harmonic_curve *curve, int *has_angle);

/**
 * The names of the columns `harmonic sample` writes for this curve, comma-separated, in
 * `buffer` (`capacity` bytes, NUL-terminated): `time`; `value`, or `value.0,value.1,…` for
 * more than one component; the same for `velocity` when `velocity` is non-zero; `angle` for a
 * path with a rotation mode. `*length` (ignored when NULL) receives the length of the text
 * without its NUL, also when `capacity` is too small (HARMONIC_ERROR_BUFFER_TOO_SMALL, and
 * nothing is written).
 */
harmonic_status harmonic_curve_columns(
    const harmonic_curve *curve, int velocity, char *buffer, size_t capacity, size_t *length);

/**
 * The interval the `harmonic` tool samples when given no times: [0, 1] for timing functions
 * and keyframes, [0, settling duration] for springs, the active interval with a timing block.
 */
harmonic_status harmonic_curve_default_domain(const harmonic_curve *curve, double *start, double *end);

/**
 * The value (and, if `velocity` is not NULL, the velocity) at `time`: `dimension` doubles each
 * (`capacity` is the size of each buffer, in doubles).
 */
harmonic_status harmonic_curve_evaluate(
    const harmonic_curve *curve, double time, double *value, double *velocity, size_t capacity);

/**
 * The value of a one-component curve at `time`, returned directly: the same number
 * harmonic_curve_evaluate writes, through the cheapest call a foreign-function interface can
 * make (two arguments, one double back, nothing to allocate). Returns NaN when the call is
 * refused — a NULL or destroyed handle, a curve of more than one component, a time that is not
 * finite — with the reason in harmonic_last_error(); a curve evaluated at a finite time is
 * never NaN, so NaN always means refused.
 */
double harmonic_curve_value(const harmonic_curve *curve, double time);

/**
 * Values (and velocities, if not NULL) at `count` arbitrary times, row after row:
 * `values[i·dimension + c]`; each buffer holds `capacity` doubles (≥ count·dimension).
 * Times that are exactly an evenly spaced grid from times[0] to times[count − 1] (as
 * numpy.linspace and harmonic_curve_sample_grid make them) take the grid path.
 */
harmonic_status harmonic_curve_sample(
    const harmonic_curve *curve, const double *times, size_t count, double *values, double *velocities,
    size_t capacity);

/**
 * Values (and velocities, if not NULL) at `count` evenly spaced times from `start` to `end`
 * inclusive (time i = start + i·(end − start)/(count − 1), the last exactly `end`; `count` 1
 * samples `start`), through the curve's grid kernel where it has one (springs: a
 * transition-matrix recurrence, no transcendental call per sample).
 */
harmonic_status harmonic_curve_sample_grid(
    const harmonic_curve *curve, double start, double end, size_t count, double *values, double *velocities,
    size_t capacity);

/**
 * Angles in radians at `count` times (paths with a rotation mode; see harmonic_curve_has_angle).
 * `capacity` ≥ count.
 */
harmonic_status harmonic_curve_sample_angles(
    const harmonic_curve *curve, const double *times, size_t count, double *angles, size_t capacity);

/**
 * When the motion is over, in seconds. Springs: with `epsilon` > 0, the last time the
 * displacement from the target exceeds `epsilon` of the distance travelled (the settle
 * command's rule); with `epsilon` = 0, CASpringAnimation's settlingDuration. Decays: the
 * time the decay comes to rest (`epsilon` ignored). Spring networks: the last time a node is
 * `epsilon` away from its rest, in the nodes' units (0 means 0.001; +inf if it never rests).
 * Other curves: HARMONIC_ERROR_UNSUPPORTED.
 */
harmonic_status harmonic_curve_settling_time(const harmonic_curve *curve, double epsilon, double *seconds);

/**
 * The shape of a spring network curve (a spec with `springNetwork`): its `nodes` and each
 * node's `dimensions` (1–3). The curve's dimension is their product, node `i`'s component `d`
 * being value component `i·dimensions + d`, so a sample buffer of `count` times is
 * `count × nodes × dimensions`, row-major. `method` (optional) receives the solver chosen —
 * "modal", "stateSpace" or "exponential" — a static string; `rigid_motions` (optional) how many
 * independent ways the free nodes can move together without stretching a spring (0 when
 * anchors or pinned nodes hold the network; such a network drifts and rests only under drag).
 * Other curves: HARMONIC_ERROR_UNSUPPORTED.
 */
harmonic_status harmonic_curve_network_shape(
    const harmonic_curve *curve, size_t *nodes, size_t *dimensions, const char **method, size_t *rigid_motions);

/* ---------------------------------------------------------------------------------------- */
/* Engine                                                                                    */
/* ---------------------------------------------------------------------------------------- */

/**
 * Harmonic's animation engine: a tree of layers with animatable properties, implicit and
 * explicit animations in Core Animation's model (transactions, basic, spring, keyframe,
 * decay and group animations, media timing), ticked by the caller's frame clock. The
 * animation and transaction objects are those of the `harmonic scene` format.
 *
 * Key paths are declared, as in scenes: a key path that names neither a standard layer
 * property (nor `frame`, derived from position and bounds) nor a custom property the layer
 * declared when it was added is an error naming the closest known key.
 */
typedef struct harmonic_engine harmonic_engine;

/** A layer of an engine: its creation index (0 for the first layer). */
typedef int64_t harmonic_layer;

/** Makes an engine whose clock starts at `time` seconds. */
harmonic_status harmonic_engine_create(double time, harmonic_engine **engine);

/** Releases an engine and its layers; NULL is ignored. */
void harmonic_engine_destroy(harmonic_engine *engine);

/**
 * Adds a layer named `name` (unique) under `parent` (a layer, or −1 for a root layer) with
 * initial model values `values_json`, a JSON object of property name → number, array of
 * numbers or SVG path data (`{"position": [0, 0], "opacity": 1}`), or NULL for none. Its
 * member `custom`, an object of the same form, declares the layer's custom properties with
 * their initial values (`{"opacity": 1, "custom": {"progress": 0}}`); `frame` (x, y, width,
 * height) sets the position and the bounds' size. As a scene's layer it may also give `kind`,
 * `timing` (`speed`, `beginTime`, `timeOffset`), `viewBacked`, `actions`, `style`, `mask` (the
 * name of a layer added before, without a superlayer), and
 * attributes (`"lineCap": "round"`, `"string": "Hello"`).
 */
harmonic_status harmonic_engine_add_layer(
    harmonic_engine *engine, const char *name, harmonic_layer parent, const char *values_json,
    harmonic_layer *layer);

/** The layer named `name`; HARMONIC_ERROR_INVALID_ARGUMENT when there is none. */
harmonic_status harmonic_engine_find_layer(const harmonic_engine *engine, const char *name, harmonic_layer *layer);

/** The engine's clock (seconds). */
harmonic_status harmonic_engine_time(const harmonic_engine *engine, double *time);

/**
 * Opens a transaction (CATransaction.begin). `settings_json` is NULL or a scene `begin`
 * object: `{"duration": 0.5, "timingFunction": "easeOut", "disableActions": false,
 * "spring": {…}}`; what it does not set is inherited from the enclosing transaction.
 */
harmonic_status harmonic_engine_begin(harmonic_engine *engine, const char *settings_json);

/**
 * Closes the innermost transaction (CATransaction.commit). Changes made outside any
 * transaction before the outermost begin wait with it for the implicit transaction's commit.
 */
harmonic_status harmonic_engine_commit(harmonic_engine *engine);

/**
 * Commits the implicit transaction now (CATransaction.flush): the changes made outside any
 * transaction since the last frame, which harmonic_engine_advance would otherwise commit
 * before moving the clock. While transactions are open it waits for the last to close.
 */
harmonic_status harmonic_engine_flush(harmonic_engine *engine);

/**
 * Sets the model value of `key_path` (`opacity`, `position.x`, `transform.rotation.z`,
 * `frame`, a declared custom property, …), `count` components. Inside a transaction the change animates implicitly by its settings at
 * the outermost commit; outside one it joins the implicit transaction, committed by the next
 * harmonic_engine_advance or harmonic_engine_flush (two sets of one key path there make one
 * animation).
 */
harmonic_status harmonic_engine_set_value(
    harmonic_engine *engine, harmonic_layer layer, const char *key_path, const double *value, size_t count);

/**
 * Adds an animation, a scene `add.animation` object (`{"keyPath": "position.x", "to": 300,
 * "spring": {}}`), under `key`; an animation under the same key is replaced. A NULL `key`
 * gets one of its own, `animation.1`, `animation.2`, … in the order of such calls. It is
 * committed with its transaction (outside one: the next harmonic_engine_advance or
 * harmonic_engine_flush); invalid animations are refused here, not at the commit.
 */
/**
 * Sets an attribute of `layer` at once (never animated): `key` is `fillRule`, `lineCap`,
 * `lineJoin`, `lineDashPattern`, `type`, `string`, `alignmentMode`, `scrollMode` or `contents`,
 * `value_json` a JSON string (a name or text) or array of numbers (`"round"`, `[4, 2]`).
 */
harmonic_status harmonic_engine_set_attribute(
    harmonic_engine *engine, harmonic_layer layer, const char *key, const char *value_json);

harmonic_status harmonic_engine_add_animation(
    harmonic_engine *engine, harmonic_layer layer, const char *key, const char *animation_json);

/** Removes the animation under `key`. */
harmonic_status harmonic_engine_remove_animation(harmonic_engine *engine, harmonic_layer layer, const char *key);

/**
 * Commits the implicit transaction at the current time, then advances the clock to `time`
 * (≥ the current time) and evaluates the frame.
 */
harmonic_status harmonic_engine_advance(harmonic_engine *engine, double time);

/**
 * The model value of `key_path`: `*count` receives the number of components; they are
 * written to `value` when `capacity` is large enough (a NULL `value` with capacity 0 asks
 * only for the count, returning HARMONIC_ERROR_BUFFER_TOO_SMALL if it is not 0).
 */
harmonic_status harmonic_engine_model_value(
    const harmonic_engine *engine, harmonic_layer layer, const char *key_path, double *value, size_t capacity,
    size_t *count);

/** The presentation value at the engine's current time; buffer rules as harmonic_engine_model_value. */
harmonic_status harmonic_engine_presentation_value(
    const harmonic_engine *engine, harmonic_layer layer, const char *key_path, double *value, size_t capacity,
    size_t *count);

/** The presentation velocity at the current time (value units per second); as above. */
harmonic_status harmonic_engine_presentation_velocity(
    const harmonic_engine *engine, harmonic_layer layer, const char *key_path, double *velocity,
    size_t capacity, size_t *count);

/**
 * How a layer's transition (CATransition: an animation object `{"transition": {"type":
 * "push", "subtype": "fromRight"}}`, added under any key) composites the layer tree's old and
 * new renderings now. Offsets are in points, x right and y down.
 */
typedef struct harmonic_transition_state {
    /** 1 while a transition is in effect on the layer; 0 otherwise, and then every field below
        is as after a finished one: progress 1, outgoing opacity 0, incoming opacity 1, offsets 0. */
    int active;
    /** 1 when the incoming rendering is drawn over the outgoing one (all types but reveal). */
    int incoming_is_above;
    /** The effect's progress, between the transition's startProgress and endProgress. */
    double progress;
    double outgoing_opacity;
    double incoming_opacity;
    /** x, y */
    double outgoing_offset[2];
    /** x, y */
    double incoming_offset[2];
} harmonic_transition_state;

/** The transition state of `layer` at the engine's current time (the last transition added). */
harmonic_status harmonic_engine_transition(
    const harmonic_engine *engine, harmonic_layer layer, harmonic_transition_state *state);

/**
 * One particle of an emitter layer (kind "emitter", cells given as `emitterCells` in
 * harmonic_engine_add_layer's JSON, Core Animation's CAEmitterCell names): its state in
 * closed form at the time asked, in the layer's coordinates.
 */
typedef struct harmonic_particle {
    /** A 64-bit identifier, the same at every time the particle is alive. */
    uint64_t id;
    /** The identifier of the particle that emitted it; 0 for a top-level cell's particle. */
    uint64_t parent;
    /** Its index in its emitter's birth order. */
    uint64_t index;
    /** Its cell: an index into harmonic_engine_particle_cells's list. */
    int32_t cell;
    int32_t reserved;
    /** Birth time (the emitter's clock: seconds since its cells were set), age and lifetime (s). */
    double birth_time, age, lifetime;
    /** Position (points) and velocity (points per second): x, y, z. */
    double position[3], velocity[3];
    /** Scale (≥ 0) and rotation (radians). */
    double scale, rotation;
    /** Colour, RGBA in [0, 1]. */
    double color[4];
} harmonic_particle;

/**
 * The particles of emitter layer `layer` alive at root time `time` (any time, in any order:
 * the same time gives the same particles), in evaluation order. `*count` receives how many;
 * they are written to `particles` when `capacity` (in particles) is enough, otherwise
 * HARMONIC_ERROR_BUFFER_TOO_SMALL and nothing is written (a NULL `particles` with capacity 0
 * asks for the count).
 */
harmonic_status harmonic_engine_particles(
    const harmonic_engine *engine, harmonic_layer layer, double time, harmonic_particle *particles, size_t capacity,
    size_t *count);

/**
 * The paths of an emitter layer's cells, by their index in harmonic_particle.cell, as a JSON
 * array of strings (a sub-cell's path is "parent/child"), NUL-terminated, in `buffer`;
 * `*length` as for harmonic_curve_columns.
 */
harmonic_status harmonic_engine_particle_cells(
    const harmonic_engine *engine, harmonic_layer layer, char *buffer, size_t capacity, size_t *length);

/**
 * Converts `time` from the local time of layer `from` to that of layer `to` (−1 for either:
 * the root time), through every clock on the way (`CALayer.convertTime(_:from:)`).
 * `*converted` receives the time, or NaN when a clock on the way is stopped (speed 0) so no
 * time corresponds.
 */
harmonic_status harmonic_engine_convert_time(
    const harmonic_engine *engine, double time, harmonic_layer from, harmonic_layer to, double *converted);

/**
 * A picture of what the engine's layer tree shows at its current time (`harmonic scene
 * --frames`): `format` "svg" (an SVG document, UTF-8) or "png" (drawn by librsvg at `scale`
 * pixels per point, 0.25…8; Debian's librsvg2-2 must be installed). `viewport` is x, y, width,
 * height in points of the root space, or NULL to fit every layer's bounds and the origin.
 * The bytes go to `buffer` (`capacity` bytes); an SVG is followed by a NUL when there is room.
 * `*length` (ignored when NULL) receives the number of bytes, also when `capacity` is too small
 * (HARMONIC_ERROR_BUFFER_TOO_SMALL, and nothing is written: call with capacity 0 to ask).
 */
harmonic_status harmonic_engine_render(
    harmonic_engine *engine, const char *format, const double *viewport, double scale, uint8_t *buffer,
    size_t capacity, size_t *length);

/** What an engine event reports (CAAnimationDelegate and CATransaction completion). */
typedef enum harmonic_event_kind {
    HARMONIC_EVENT_DID_START = 0,
    /** `finished` says whether the animation ran to its end (0 when removed or replaced first). */
    HARMONIC_EVENT_DID_STOP = 1,
    /** Every animation a committed transaction added has stopped; `transaction` says which. */
    HARMONIC_EVENT_TRANSACTION_COMPLETED = 2,
    /** An interactive animator finished. */
    HARMONIC_EVENT_ANIMATOR_FINISHED = 3
} harmonic_event_kind;

/** One event, in engine time order. */
typedef struct harmonic_event {
    /** Engine time of the event (seconds). */
    double time;
    harmonic_event_kind kind;
    /** For DID_STOP: 1 if the animation finished, 0 otherwise. */
    int finished;
    /** The animation's layer, or −1 for transaction and animator events. */
    harmonic_layer layer;
    /** For TRANSACTION_COMPLETED: the transaction's number (1 for the first committed). */
    int64_t transaction;
    /**
     * The animation's key (NUL-terminated UTF-8), "" when the event has none; truncated to fit
     * (keys longer than 255 bytes).
     */
    char key[256];
    /**
     * The animation's userInfo as a compact JSON object with its keys sorted
     * (`{"name":"fadeOut"}`), NUL-terminated; "" when it has none, or when it takes more than
     * 1023 bytes.
     */
    char user_info[1024];
} harmonic_event;

/** The number of events waiting (produced by advance, commit, add and remove calls). */
harmonic_status harmonic_engine_event_count(const harmonic_engine *engine, size_t *count);

/** Takes the oldest waiting event; HARMONIC_ERROR_EMPTY when there is none. */
harmonic_status harmonic_engine_next_event(harmonic_engine *engine, harmonic_event *event);

/* ------------------------------------------------------------------------------------------ */
/* Lottie animations (ABI 3)                                                                   */
/* ------------------------------------------------------------------------------------------ */

/** A Lottie (Bodymovin JSON) animation read by harmonic_lottie_create. */
typedef struct harmonic_lottie harmonic_lottie;

/**
 * Reads a Lottie animation from `json` (UTF-8). Images the file names by file are looked for in
 * `base_directory` (NULL: only embedded images). A bad file fails with a message naming its
 * JSON path (harmonic_last_error); features Harmonic does not draw are listed by
 * harmonic_lottie_write's "info".
 */
harmonic_status harmonic_lottie_create(const char *json, const char *base_directory, harmonic_lottie **lottie);

/** Releases an animation; NULL is ignored. */
void harmonic_lottie_destroy(harmonic_lottie *lottie);

/**
 * Writes what `harmonic lottie` writes, into `buffer` (`capacity` bytes; a NUL follows text
 * when there is room): `what` "info" (JSON: size, timing, counts, features, unsupported
 * features with JSON paths), or at composition frame `frame` "state" (JSON: each layer's world
 * transform, opacity, visibility and painted shapes), "svg" or "png" (drawn `width` × `height`
 * pixels, aspect ratio kept, transparent; 0 for the composition's size; PNG needs Debian's
 * librsvg2-2). `*length` (ignored when NULL) receives the byte count, also when `capacity` is
 * too small (HARMONIC_ERROR_BUFFER_TOO_SMALL, nothing written: call with capacity 0 to ask).
 */
harmonic_status harmonic_lottie_write(
    const harmonic_lottie *lottie, const char *what, double frame, double width, double height, uint8_t *buffer,
    size_t capacity, size_t *length);

#ifdef __cplusplus
}
#endif

#endif /* HARMONIC_H */
