"""The package reads the C header's enumerations and the library's version and column names;
nothing of them is copied by hand."""

import ctypes
import importlib.metadata
import pathlib
import re

import harmonic
from harmonic import _header, _native

HEADER = pathlib.Path(__file__).resolve().parents[2] / "Sources" / "CHarmonic" / "include" / "harmonic.h"


def test_every_enumerator_of_the_header_is_in_the_package():
    text = HEADER.read_text(encoding="utf-8")
    enumerators = dict(re.findall(r"\b(HARMONIC_[A-Z0-9_]+) = (\d+)", text))
    assert len(enumerators) >= 25  # the regex finds the enumerations (29 today)
    for name, value in enumerators.items():
        assert getattr(_header, name) == int(value), name


def test_status_codes_are_the_libraries_own():
    for code in range(8):
        name = _native.lib.harmonic_status_name(code).decode()
        assert getattr(_header, name) == code
    assert _native.SYNTAX == _header.HARMONIC_ERROR_SYNTAX


def test_version_has_one_home():
    assert harmonic.__version__ == importlib.metadata.version("harmonic")
    swift = (HEADER.parents[2] / "Harmonic" / "Support" / "HarmonicVersion.swift").read_text(encoding="utf-8")
    assert f'"{harmonic.__version__}"' in swift


def test_column_names_come_from_the_library():
    path = harmonic.curve({"path": {"d": "M0,0 L10,0", "rotationMode": "auto"}})
    assert path.columns() == ["time", "value.0", "value.1", "angle"]
    assert path.columns(velocity=True) == ["time", "value.0", "value.1", "velocity.0", "velocity.1", "angle"]
    assert harmonic.Spring(stiffness=300).columns(velocity=True) == ["time", "value", "velocity"]
    # Asking with a short buffer writes nothing and reports the length.
    length = ctypes.c_size_t()
    buffer = ctypes.create_string_buffer(b"untouched", 10)
    status = _native.lib.harmonic_curve_columns(path._handle, 0, buffer, 10, ctypes.byref(length))
    assert status == _header.HARMONIC_ERROR_BUFFER_TOO_SMALL
    assert length.value == len("time,value.0,value.1,angle")
    assert buffer.value == b"untouched"
