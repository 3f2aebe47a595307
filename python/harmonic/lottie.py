"""Lottie (Bodymovin JSON) animations: read once, then evaluated and drawn at any frame."""

from __future__ import annotations

import ctypes
import json
import math
import os
from typing import Any, Dict, Optional, Union

from ._native import BUFFER_TOO_SMALL, check, lib


class Lottie:
    """A Lottie animation, as ``harmonic lottie`` reads it.

    ``source`` is a path to a ``.json`` file (images it names are read from beside it) or the
    JSON text itself::

        anim = harmonic.Lottie("loader.json")
        anim.info["duration"]              # seconds
        anim.state(12)["layers"][0]        # world transform, opacity, visibility, shapes
        svg = anim.svg(12)                 # text
        png = anim.png(12, 256, 256)       # bytes, transparent background

    Frames are composition frames (``ip`` … ``op``); :meth:`frame_at_progress` maps a fraction of
    the animation to one. A bad file raises :class:`harmonic.HarmonicError` naming its JSON path.
    """

    def __init__(self, source: Union[str, os.PathLike]):
        text = os.fspath(source)
        base: Optional[bytes] = None
        if not text.lstrip().startswith("{"):
            with open(text, "rb") as f:
                data = f.read()
            base = (os.path.dirname(os.path.abspath(text)) or ".").encode("utf-8")
            text = data.decode("utf-8")
        handle = ctypes.c_void_p()
        check(lib.harmonic_lottie_create(text.encode("utf-8"), base, ctypes.byref(handle)))
        self._handle = handle
        self._info: Optional[Dict[str, Any]] = None

    def __del__(self):
        handle = getattr(self, "_handle", None)
        if handle:
            lib.harmonic_lottie_destroy(handle)
            self._handle = None

    def _write(self, what: str, frame: float = 0.0, width: float = 0.0, height: float = 0.0) -> bytes:
        if not isinstance(frame, (int, float)) or isinstance(frame, bool) or not math.isfinite(frame):
            raise ValueError(f"frame = {frame!r} is invalid: must be a finite number")
        length = ctypes.c_size_t()
        key = what.encode("ascii")
        status = lib.harmonic_lottie_write(self._handle, key, frame, width, height, None, 0, ctypes.byref(length))
        if status != BUFFER_TOO_SMALL:  # the length is known either way
            check(status)
        buffer = ctypes.create_string_buffer(length.value + 1)
        check(lib.harmonic_lottie_write(
            self._handle, key, frame, width, height, buffer, length.value + 1, ctypes.byref(length)))
        return buffer.raw[:length.value]

    @property
    def info(self) -> Dict[str, Any]:
        """Size, frame rate, frames, duration, layer and shape counts, markers, the features used,
        the unsupported ones with their JSON paths, and the problems in the file read past
        (``warnings``: a JSON path and a message each; ``harmonic lottie FILE --info``)."""
        if self._info is None:
            self._info = json.loads(self._write("info"))
        return self._info

    def frame_at_progress(self, progress: float) -> float:
        """The composition frame at ``progress`` (0 at ``ip``, 1 at ``op``)."""
        info = self.info
        return info["inPoint"] + progress * (info["outPoint"] - info["inPoint"])

    def state(self, frame: float) -> Dict[str, Any]:
        """The animation at ``frame``: each layer's world transform ``[a, b, c, d, tx, ty]``,
        opacity, visibility and painted shapes (path data after trims, fills and strokes)."""
        return json.loads(self._write("state", frame))

    def svg(self, frame: float, width: Optional[float] = None, height: Optional[float] = None) -> str:
        """The frame as an SVG document (the composition's size unless given; aspect kept)."""
        return self._write("svg", frame, *self._size(width, height)).decode("utf-8")

    def png(self, frame: float, width: Optional[float] = None, height: Optional[float] = None) -> bytes:
        """The frame as PNG bytes with a transparent background (needs librsvg)."""
        return self._write("png", frame, *self._size(width, height))

    def _size(self, width: Optional[float], height: Optional[float]):
        info = self.info
        if width is None and height is None:
            return 0.0, 0.0
        if width is None:
            width = round(height * info["width"] / info["height"])
        if height is None:
            height = round(width * info["height"] / info["width"])
        return float(width), float(height)
