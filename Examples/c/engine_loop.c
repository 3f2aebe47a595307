/*
 * A frame loop on Harmonic's C interface: one layer slides on a spring and fades with a
 * Bézier-timed transaction, ticked at 60 frames per second; the loop prints the presentation
 * values every tenth frame and every event as it arrives. Then the curve API samples the same
 * spring on a grid, and a bad spec shows how errors come back.
 *
 * Build (from the repository root, after `swift build --product HarmonicC`):
 *     cc -std=c99 -Wall -Wextra -Werror -I Sources/CHarmonic/include Examples/c/engine_loop.c \
 *        -L .build/debug -lHarmonicC -Wl,-rpath,.build/debug -o engine_loop
 */
#include <harmonic.h>

#include <stdio.h>
#include <stdlib.h>

/* Stops the example with the library's message when a call fails. */
static void check(harmonic_status status, const char *what) {
    if (status != HARMONIC_OK) {
        fprintf(stderr, "%s: %s: %s\n", what, harmonic_status_name(status), harmonic_last_error());
        exit(1);
    }
}

static const char *event_name(harmonic_event_kind kind) {
    switch (kind) {
    case HARMONIC_EVENT_DID_START: return "didStart";
    case HARMONIC_EVENT_DID_STOP: return "didStop";
    case HARMONIC_EVENT_TRANSACTION_COMPLETED: return "transactionCompleted";
    case HARMONIC_EVENT_ANIMATOR_FINISHED: return "animatorFinished";
    }
    return "?";
}

static void print_events(harmonic_engine *engine) {
    harmonic_event event;
    while (harmonic_engine_next_event(engine, &event) == HARMONIC_OK) {
        printf("event t=%.4f %s key=%s finished=%d\n", event.time, event_name(event.kind), event.key, event.finished);
    }
}

int main(void) {
    if (harmonic_abi_version() != HARMONIC_ABI_VERSION) {
        fprintf(stderr, "library ABI %u, header ABI %d\n", (unsigned)harmonic_abi_version(), HARMONIC_ABI_VERSION);
        return 1;
    }
    printf("Harmonic %s\n", harmonic_version());

    /* The engine: one layer, a spring on position.x, an implicit fade in a transaction. */
    harmonic_engine *engine = NULL;
    check(harmonic_engine_create(0, &engine), "engine");
    harmonic_layer box;
    check(harmonic_engine_add_layer(engine, "box", -1, "{\"position\": [300, 0], \"opacity\": 1}", &box), "layer");
    check(harmonic_engine_add_animation(engine, box, "slide",
                                        "{\"keyPath\": \"position.x\", \"from\": 0, \"to\": 300,"
                                        " \"spring\": {\"duration\": 0.6, \"bounce\": 0.2}}"),
          "slide");
    check(harmonic_engine_begin(engine, "{\"duration\": 0.5, \"timingFunction\": \"easeOut\"}"), "begin");
    const double transparent = 0;
    check(harmonic_engine_set_value(engine, box, "opacity", &transparent, 1), "opacity");
    check(harmonic_engine_commit(engine), "commit");

    for (int frame = 0; frame <= 60; frame++) {
        check(harmonic_engine_advance(engine, frame / 60.0), "advance");
        print_events(engine);
        if (frame % 10 == 0) {
            double x, opacity;
            size_t n;
            check(harmonic_engine_presentation_value(engine, box, "position.x", &x, 1, &n), "position.x");
            check(harmonic_engine_presentation_value(engine, box, "opacity", &opacity, 1, &n), "opacity");
            printf("frame %2d  x=%8.3f  opacity=%.4f\n", frame, x, opacity);
        }
    }
    harmonic_engine_destroy(engine);

    /* The same spring as a curve, on an evenly spaced grid, and when it settles. */
    harmonic_curve *spring = NULL;
    check(harmonic_curve_create_spring(HARMONIC_SPRING_DURATION_BOUNCE, 0.6, 0.2, 1, 0, 300, 0, &spring), "spring");
    double values[7], velocities[7];
    check(harmonic_curve_sample_grid(spring, 0, 0.6, 7, values, velocities, 7), "grid");
    for (int i = 0; i < 7; i++) printf("t=%.1f  value=%8.3f  velocity=%9.3f\n", i * 0.1, values[i], velocities[i]);
    double settle;
    check(harmonic_curve_settling_time(spring, 0.001, &settle), "settle");
    printf("settles (0.1%%) at %.4f s\n", settle);

    /* Errors: a status and a one-line message; nothing is written. */
    harmonic_curve *bad = NULL;
    harmonic_status status = harmonic_curve_create_from_spec("{\"spring\": {\"stiffness\": -1}}", &bad);
    printf("bad spec: %s: %s\n", harmonic_status_name(status), harmonic_last_error());
    status = harmonic_curve_sample_grid(spring, 0, 1, 100, values, NULL, 7);
    printf("small buffer: %s: %s\n", harmonic_status_name(status), harmonic_last_error());
    harmonic_curve_destroy(spring);
    return bad == NULL && status == HARMONIC_ERROR_BUFFER_TOO_SMALL ? 0 : 1;
}
