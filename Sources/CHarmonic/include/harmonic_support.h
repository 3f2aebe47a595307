/*
 * Internal to the Harmonic C library (not part of its interface): the thread-local storage
 * behind harmonic_last_error(), written by the Swift implementation of harmonic.h.
 */
#ifndef HARMONIC_SUPPORT_H
#define HARMONIC_SUPPORT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Stores `message` (`length` bytes of UTF-8, not necessarily NUL-terminated) as this thread's
 * last error, truncated at a character boundary to the 1,023 bytes the buffer holds.
 */
__attribute__((visibility("hidden"))) void harmonic_support_set_last_error(const char *message, size_t length);

#ifdef __cplusplus
}
#endif

#endif
