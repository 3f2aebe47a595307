"""The C interface (harmonic.h) through ctypes: the library, its signatures, and status checks.

Every call goes through `check`, which turns a failing status into the Python exception its
kind calls for, carrying harmonic_last_error()'s one-line message.
"""

from __future__ import annotations

import ctypes
import os
import pathlib
import sys
from ctypes import POINTER, c_char_p, c_double, c_int, c_int64, c_size_t, c_uint32, c_void_p

ABI_VERSION = 3

_NAME = "libHarmonicC.dylib" if sys.platform == "darwin" else "libHarmonicC.so"


def _load() -> ctypes.CDLL:
    explicit = os.environ.get("HARMONIC_LIBRARY")
    path = pathlib.Path(explicit) if explicit else pathlib.Path(__file__).with_name(_NAME)
    if not path.exists():
        raise ImportError(f"harmonic: the native library {path} is missing; reinstall with `pip install ./python`")
    return ctypes.CDLL(str(path))


lib = _load()

# Status codes (harmonic_status), from the header.
from ._header import (  # noqa: E402
    HARMONIC_ERROR_BUFFER_TOO_SMALL as BUFFER_TOO_SMALL,
    HARMONIC_ERROR_DESTROYED_HANDLE as DESTROYED_HANDLE,
    HARMONIC_ERROR_EMPTY as EMPTY,
    HARMONIC_ERROR_INVALID_ARGUMENT as INVALID_ARGUMENT,
    HARMONIC_ERROR_NULL_POINTER as NULL_POINTER,
    HARMONIC_ERROR_SYNTAX as SYNTAX,
    HARMONIC_ERROR_UNSUPPORTED as UNSUPPORTED,
    HARMONIC_OK as OK,
)


class HarmonicError(ValueError):
    """A call the library refused; `status` is the harmonic_status code."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.status = status


class HarmonicTypeError(TypeError):
    """A handle of the wrong kind or a destroyed one: a programming error, not bad data."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.status = status


def check(status: int) -> None:
    if status == OK:
        return
    message = lib.harmonic_last_error().decode("utf-8", "replace")
    if status in (NULL_POINTER, DESTROYED_HANDLE):
        raise HarmonicTypeError(message, status)
    raise HarmonicError(message, status)


class Event(ctypes.Structure):
    _fields_ = [
        ("time", c_double),
        ("kind", c_int),
        ("finished", c_int),
        ("layer", c_int64),
        ("transaction", c_int64),
        ("key", ctypes.c_char * 256),
        ("user_info", ctypes.c_char * 1024),
    ]


class TransitionState(ctypes.Structure):
    _fields_ = [
        ("active", c_int),
        ("incoming_is_above", c_int),
        ("progress", c_double),
        ("outgoing_opacity", c_double),
        ("incoming_opacity", c_double),
        ("outgoing_offset", c_double * 2),
        ("incoming_offset", c_double * 2),
    ]


_double_p = POINTER(c_double)
_handle = c_void_p


def _sig(name: str, restype, *argtypes) -> None:
    function = getattr(lib, name)
    function.restype = restype
    function.argtypes = list(argtypes)


_status = c_int
_sig("harmonic_last_error", c_char_p)
_sig("harmonic_status_name", c_char_p, c_int)
_sig("harmonic_version", c_char_p)
_sig("harmonic_abi_version", c_uint32)

_sig("harmonic_curve_create_from_spec", _status, c_char_p, POINTER(_handle))
_sig("harmonic_curve_create_spring", _status, c_int, c_double, c_double, c_double, c_double, c_double, c_double,
     POINTER(_handle))
_sig("harmonic_curve_create_cubic_bezier", _status, c_double, c_double, c_double, c_double, POINTER(_handle))
_sig("harmonic_curve_create_css_easing", _status, c_char_p, POINTER(_handle))
_sig("harmonic_curve_create_keyframes", _status, c_void_p, c_size_t, c_size_t, c_void_p, c_int, POINTER(_handle))
_sig("harmonic_curve_create_path", _status, c_char_p, c_int, c_int, POINTER(_handle))
_sig("harmonic_curve_create_decay", _status, c_int, c_double, c_double, c_double, POINTER(_handle))
_sig("harmonic_curve_destroy", None, _handle)
_sig("harmonic_curve_dimension", _status, _handle, POINTER(c_size_t))
_sig("harmonic_curve_has_angle", _status, _handle, POINTER(c_int))
_sig("harmonic_curve_default_domain", _status, _handle, _double_p, _double_p)
_sig("harmonic_curve_columns", _status, _handle, c_int, c_char_p, c_size_t, POINTER(c_size_t))
_sig("harmonic_curve_evaluate", _status, _handle, c_double, _double_p, _double_p, c_size_t)
_sig("harmonic_curve_value", c_double, _handle, c_double)
_sig("harmonic_curve_sample", _status, _handle, c_void_p, c_size_t, c_void_p, c_void_p, c_size_t)
_sig("harmonic_curve_sample_grid", _status, _handle, c_double, c_double, c_size_t, c_void_p, c_void_p, c_size_t)
_sig("harmonic_curve_sample_angles", _status, _handle, c_void_p, c_size_t, c_void_p, c_size_t)
_sig("harmonic_curve_settling_time", _status, _handle, c_double, _double_p)
_sig("harmonic_curve_network_shape", _status, _handle, POINTER(c_size_t), POINTER(c_size_t), POINTER(c_char_p),
     POINTER(c_size_t))

_sig("harmonic_engine_create", _status, c_double, POINTER(_handle))
_sig("harmonic_engine_destroy", None, _handle)
_sig("harmonic_engine_add_layer", _status, _handle, c_char_p, c_int64, c_char_p, POINTER(c_int64))
_sig("harmonic_engine_find_layer", _status, _handle, c_char_p, POINTER(c_int64))
_sig("harmonic_engine_time", _status, _handle, _double_p)
_sig("harmonic_engine_begin", _status, _handle, c_char_p)
_sig("harmonic_engine_commit", _status, _handle)
_sig("harmonic_engine_flush", _status, _handle)
_sig("harmonic_engine_set_value", _status, _handle, c_int64, c_char_p, c_void_p, c_size_t)
_sig("harmonic_engine_set_attribute", _status, _handle, c_int64, c_char_p, c_char_p)
_sig("harmonic_engine_add_animation", _status, _handle, c_int64, c_char_p, c_char_p)
_sig("harmonic_engine_remove_animation", _status, _handle, c_int64, c_char_p)
_sig("harmonic_engine_advance", _status, _handle, c_double)
for _reader in ("model_value", "presentation_value", "presentation_velocity"):
    _sig(f"harmonic_engine_{_reader}", _status, _handle, c_int64, c_char_p, c_void_p, c_size_t, POINTER(c_size_t))
_sig("harmonic_engine_event_count", _status, _handle, POINTER(c_size_t))
_sig("harmonic_engine_next_event", _status, _handle, POINTER(Event))
_sig("harmonic_engine_transition", _status, _handle, c_int64, POINTER(TransitionState))
_sig("harmonic_engine_convert_time", _status, _handle, c_double, c_int64, c_int64, _double_p)
_sig("harmonic_engine_particles", _status, _handle, c_int64, c_double, c_void_p, c_size_t, POINTER(c_size_t))
_sig("harmonic_engine_particle_cells", _status, _handle, c_int64, c_char_p, c_size_t, POINTER(c_size_t))
_sig("harmonic_engine_render", _status, _handle, c_char_p, _double_p, c_double, c_void_p, c_size_t, POINTER(c_size_t))

_sig("harmonic_lottie_create", _status, c_char_p, c_char_p, POINTER(_handle))
_sig("harmonic_lottie_destroy", None, _handle)
_sig("harmonic_lottie_write", _status, _handle, c_char_p, c_double, c_double, c_double, c_void_p, c_size_t,
     POINTER(c_size_t))

if lib.harmonic_abi_version() != ABI_VERSION:
    raise ImportError(
        f"harmonic: native library ABI {lib.harmonic_abi_version()}, package expects {ABI_VERSION}; reinstall"
    )
