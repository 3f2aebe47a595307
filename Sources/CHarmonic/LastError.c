// The thread-local message behind harmonic_last_error() and the status names: the parts of
// harmonic.h that need C's thread-local storage or are plain constants.
#include "harmonic.h"
#include "harmonic_support.h"

#include <string.h>

enum { message_capacity = 1024 };

// One buffer per thread, so a failure on one thread never overwrites another's message.
static _Thread_local char last_error[message_capacity];

const char *harmonic_last_error(void) { return last_error; }

void harmonic_support_set_last_error(const char *message, size_t length) {
    if (length >= message_capacity) {
        length = message_capacity - 1;
        // Back up to the start of a UTF-8 character (continuation bytes are 10xxxxxx), so the
        // truncated message is still valid UTF-8.
        while (length > 0 && ((unsigned char)message[length] & 0xC0) == 0x80) length--;
    }
    memcpy(last_error, message, length);
    last_error[length] = '\0';
}

const char *harmonic_status_name(harmonic_status status) {
    switch (status) {
    case HARMONIC_OK: return "HARMONIC_OK";
    case HARMONIC_ERROR_INVALID_ARGUMENT: return "HARMONIC_ERROR_INVALID_ARGUMENT";
    case HARMONIC_ERROR_SYNTAX: return "HARMONIC_ERROR_SYNTAX";
    case HARMONIC_ERROR_NULL_POINTER: return "HARMONIC_ERROR_NULL_POINTER";
    case HARMONIC_ERROR_BUFFER_TOO_SMALL: return "HARMONIC_ERROR_BUFFER_TOO_SMALL";
    case HARMONIC_ERROR_UNSUPPORTED: return "HARMONIC_ERROR_UNSUPPORTED";
    case HARMONIC_ERROR_DESTROYED_HANDLE: return "HARMONIC_ERROR_DESTROYED_HANDLE";
    case HARMONIC_ERROR_EMPTY: return "HARMONIC_ERROR_EMPTY";
    }
    return "unknown status";
}
