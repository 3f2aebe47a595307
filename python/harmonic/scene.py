"""The animation engine: layers, transactions, animations, frames and events."""

from __future__ import annotations

import contextlib
import ctypes
import json
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Union

import numpy as np

from ._native import Event as _CEvent, TransitionState as _CTransitionState, HarmonicError, check, lib, EMPTY
from ._native import BUFFER_TOO_SMALL
from . import _header
from .curves import ArrayLike, _number, _times

LayerRef = Union[str, int]

_KINDS = {
    _header.HARMONIC_EVENT_DID_START: "didStart", _header.HARMONIC_EVENT_DID_STOP: "didStop",
    _header.HARMONIC_EVENT_TRANSACTION_COMPLETED: "transactionCompleted",
    _header.HARMONIC_EVENT_ANIMATOR_FINISHED: "animatorFinished",
}


@dataclass(frozen=True)
class Event:
    """Something that happened at an instant of the engine's clock (CAAnimationDelegate's
    start and stop, a transaction's completion)."""

    time: float
    #: ``"didStart"``, ``"didStop"``, ``"transactionCompleted"`` or ``"animatorFinished"``.
    kind: str
    #: For ``didStop``: whether the animation ran to its end.
    finished: bool
    #: The animation's layer name, or ``None``.
    layer: Optional[str]
    #: The animation's key ("" when the event has none).
    key: str
    #: For ``transactionCompleted``: the transaction's number.
    transaction: int
    #: The animation's ``userInfo`` (the animation object's tags), empty when it has none.
    user_info: Dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Transition:
    """How a layer's transition (CATransition) composites the layer tree's old (outgoing) and
    new (incoming) renderings at one instant. Offsets are ``(x, y)`` in points, y down."""

    #: Whether a transition is in effect; if not, the rest is as after a finished one
    #: (progress 1, outgoing opacity 0, incoming opacity 1, offsets 0).
    active: bool
    progress: float
    outgoing_opacity: float
    incoming_opacity: float
    outgoing_offset: tuple
    incoming_offset: tuple
    #: Whether the incoming rendering is drawn over the outgoing one (all types but reveal).
    incoming_is_above: bool


def _json(value: Any, name: str) -> bytes:
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, Mapping):
        return json.dumps(value, allow_nan=False).encode("utf-8")
    raise TypeError(f"{name} = {value!r} is invalid: must be JSON text or a dict")


#: The attribute keys: set at once, never animated (``Scene.set`` takes a name, text or a list).
_ATTRIBUTES = frozenset(
    ["fillRule", "lineCap", "lineJoin", "lineDashPattern", "type", "string", "alignmentMode", "scrollMode", "contents"])


#: The layout of :meth:`Scene.particles`'s rows: the C interface's ``harmonic_particle``.
PARTICLE_DTYPE = np.dtype([
    ("id", "<u8"), ("parent", "<u8"), ("index", "<u8"), ("cell", "<i4"), ("_reserved", "<i4"),
    ("birth_time", "<f8"), ("age", "<f8"), ("lifetime", "<f8"), ("position", "<f8", (3,)),
    ("velocity", "<f8", (3,)), ("scale", "<f8"), ("rotation", "<f8"), ("color", "<f8", (4,)),
])


class Scene:
    """Harmonic's animation engine (Core Animation's model): a tree of layers with animatable
    properties, explicit and implicit animations, ticked by :meth:`advance`.

    Layers are named by strings (or their creation index). Animations and transaction
    settings are the objects of the ``harmonic scene`` format, as dicts or JSON text::

        scene = harmonic.Scene()
        scene.add_layer("box", position=[0, 0], opacity=1)
        scene.add_animation("box", {"keyPath": "position.x", "to": 300, "spring": {"bounce": 0.2}})
        with scene.transaction(duration=0.5, timingFunction="easeOut"):
            scene.set("box", "opacity", 0)
        xs = scene.record("box", "position.x", np.linspace(0, 1, 61))
    """

    def __init__(self, time: float = 0.0):
        handle = ctypes.c_void_p()
        check(lib.harmonic_engine_create(_number(time, "time"), ctypes.byref(handle)))
        self._handle = handle
        # The last particle count of each emitter layer: the next call's buffer is sized from it,
        # so a frame evaluates its particles once (a count query would evaluate them twice).
        self._particle_counts = {}
        self._names: List[str] = []

    def __del__(self):
        handle = getattr(self, "_handle", None)
        if handle:
            lib.harmonic_engine_destroy(handle)
            self._handle = None

    @property
    def time(self) -> float:
        """The engine's clock in seconds."""
        t = ctypes.c_double()
        check(lib.harmonic_engine_time(self._handle, ctypes.byref(t)))
        return t.value

    def _layer(self, layer: LayerRef) -> int:
        if isinstance(layer, str):
            index = ctypes.c_int64()
            check(lib.harmonic_engine_find_layer(self._handle, layer.encode("utf-8"), ctypes.byref(index)))
            return index.value
        if isinstance(layer, bool) or not isinstance(layer, int):
            raise TypeError(f"layer = {layer!r} is invalid: must be a layer name or index")
        return layer

    def add_layer(self, name: str, parent: Optional[LayerRef] = None, **values: Any) -> int:
        """Adds a layer with initial model values (numbers, sequences, or SVG path data for
        a path property; ``frame`` sets position and bounds); returns its index.

        Custom properties are declared with ``custom={"progress": 0}``: a key path that names
        neither a standard property nor a declared one raises :class:`HarmonicError` naming the
        closest known key."""
        if not isinstance(name, str):
            raise TypeError(f"name = {name!r} is invalid: must be a string")
        encoded = {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in values.items()}
        index = ctypes.c_int64()
        check(lib.harmonic_engine_add_layer(
            self._handle, name.encode("utf-8"), -1 if parent is None else self._layer(parent),
            _json(encoded, "values") if values else None, ctypes.byref(index)))
        self._names.append(name)
        return index.value

    def begin(self, **settings: Any) -> None:
        """Opens a transaction: ``duration``, ``timingFunction``, ``disableActions``, ``spring``
        (the scene format's ``begin`` keys); what is not given is inherited."""
        check(lib.harmonic_engine_begin(self._handle, _json(settings, "settings") if settings else None))

    def commit(self) -> None:
        """Closes the innermost transaction."""
        check(lib.harmonic_engine_commit(self._handle))

    def flush(self) -> None:
        """Commits the changes made outside transactions now (``CATransaction.flush``); the next
        :meth:`advance` would commit them before moving the clock."""
        check(lib.harmonic_engine_flush(self._handle))

    @contextlib.contextmanager
    def transaction(self, **settings: Any) -> Iterator["Scene"]:
        """``with scene.transaction(duration=0.5): ...`` — begin, then commit on leaving."""
        self.begin(**settings)
        try:
            yield self
        finally:
            self.commit()

    def set(self, layer: LayerRef, key_path: str, value: Union[float, ArrayLike]) -> None:
        """Sets a model value. It animates implicitly by the transaction's settings; outside a
        transaction it waits with the other changes of this turn for the next :meth:`advance`
        or :meth:`flush`."""
        if isinstance(value, str) or key_path in _ATTRIBUTES:
            # An attribute (``lineCap``, ``string``, ``lineDashPattern``, …): set at once.
            encoded = value.tolist() if isinstance(value, np.ndarray) else value
            check(lib.harmonic_engine_set_attribute(
                self._handle, self._layer(layer), key_path.encode("utf-8"), _json(encoded, "value")))
            return
        v = np.atleast_1d(np.ascontiguousarray(value, dtype=np.float64))
        check(lib.harmonic_engine_set_value(
            self._handle, self._layer(layer), key_path.encode("utf-8"), v.ctypes.data, v.shape[0]))

    def add_animation(self, layer: LayerRef, animation: Union[str, Mapping[str, Any]], key: Optional[str] = None):
        """Adds an animation (a scene ``add.animation`` object) under `key`, replacing one
        with the same key."""
        check(lib.harmonic_engine_add_animation(
            self._handle, self._layer(layer), None if key is None else key.encode("utf-8"),
            _json(animation, "animation")))

    def remove_animation(self, layer: LayerRef, key: str) -> None:
        check(lib.harmonic_engine_remove_animation(self._handle, self._layer(layer), key.encode("utf-8")))

    def advance(self, time: float) -> List[Event]:
        """Moves the clock to `time` and returns the events that happened (and any waiting)."""
        check(lib.harmonic_engine_advance(self._handle, _number(time, "time")))
        return self.events()

    def transition(self, layer: LayerRef) -> Transition:
        """The layer's transition at the current time: add one with
        ``add_animation(layer, {"transition": {"type": "push", "subtype": "fromRight"}})``."""
        state = _CTransitionState()
        check(lib.harmonic_engine_transition(self._handle, self._layer(layer), ctypes.byref(state)))
        return Transition(
            active=bool(state.active), progress=state.progress, outgoing_opacity=state.outgoing_opacity,
            incoming_opacity=state.incoming_opacity, outgoing_offset=tuple(state.outgoing_offset),
            incoming_offset=tuple(state.incoming_offset), incoming_is_above=bool(state.incoming_is_above),
        )

    def convert_time(self, time: float, from_: Optional[LayerRef] = None, to: Optional[LayerRef] = None) -> float:
        """`time` in layer `from_`'s local time (``None``: the root time) as layer `to`'s local
        time (``CALayer.convertTime(_:from:)``); ``nan`` when a stopped clock is on the way."""
        out = ctypes.c_double()
        check(lib.harmonic_engine_convert_time(
            self._handle, float(time), -1 if from_ is None else self._layer(from_), -1 if to is None else self._layer(to),
            ctypes.byref(out)))
        return out.value

    def particles(self, layer: LayerRef, time: Optional[float] = None) -> np.ndarray:
        """The particles of an emitter layer alive at root time `time` (the current time by
        default) as a numpy structured array, one row per particle (:data:`PARTICLE_DTYPE`):
        ``id`` (the same at every time), ``parent``, ``index``, ``cell`` (an index into
        :meth:`particle_cells`), ``birth_time``, ``age``, ``lifetime``, ``position`` and
        ``velocity`` (3 each), ``scale``, ``rotation`` and ``color`` (RGBA). Any time, in any
        order: the state is a closed form, so the same time gives the same particles.

        An emitter layer is added with ``kind="emitter"`` and ``emitterCells=[{...}]`` (Core
        Animation's CAEmitterCell names)."""
        index = self._layer(layer)
        t = self.time if time is None else _number(time, "time")
        count = ctypes.c_size_t()
        guess = self._particle_counts.get(index)
        capacity = 0 if guess is None else guess + guess // 4 + 64
        out = np.empty(capacity, dtype=PARTICLE_DTYPE)
        status = lib.harmonic_engine_particles(
            self._handle, index, t, out.ctypes.data if capacity else None, capacity, ctypes.byref(count))
        if status == BUFFER_TOO_SMALL:
            out = np.empty(count.value, dtype=PARTICLE_DTYPE)
            if count.value:
                check(lib.harmonic_engine_particles(
                    self._handle, index, t, out.ctypes.data, count.value, ctypes.byref(count)))
        else:
            check(status)
        self._particle_counts[index] = count.value
        # A copy when the buffer was much larger, so the array holds no more than it shows.
        return out[:count.value] if count.value * 2 >= len(out) else out[:count.value].copy()

    def particle_cells(self, layer: LayerRef) -> List[str]:
        """The paths of an emitter layer's cells, by the ``cell`` numbers of :meth:`particles`
        (a sub-cell's path is ``"parent/child"``)."""
        index = self._layer(layer)
        length = ctypes.c_size_t()
        status = lib.harmonic_engine_particle_cells(self._handle, index, None, 0, ctypes.byref(length))
        if status != BUFFER_TOO_SMALL:
            check(status)
        buffer = ctypes.create_string_buffer(length.value + 1)
        check(lib.harmonic_engine_particle_cells(self._handle, index, buffer, length.value + 1, ctypes.byref(length)))
        return list(json.loads(buffer.value.decode("utf-8")))

    def frame(self, format: str = "svg", viewport: Optional[Sequence[float]] = None,
              scale: float = 1.0) -> Union[str, bytes]:
        """A picture of what the layer tree shows now (``harmonic scene --frames``): the SVG
        document as text, or with ``format="png"`` the PNG bytes drawn by librsvg at `scale`
        pixels per point. `viewport` is ``(x, y, width, height)`` in points of the root space;
        by default the picture fits every layer's bounds and the origin."""
        if format not in ("svg", "png"):
            raise ValueError(f"format = {format!r} is invalid: must be 'svg' or 'png'")
        box = None
        if viewport is not None:
            v = np.ascontiguousarray(viewport, dtype=np.float64)
            if v.shape != (4,):
                raise ValueError(f"viewport = {viewport!r} is invalid: must be (x, y, width, height)")
            box = v.ctypes.data_as(ctypes.POINTER(ctypes.c_double))
        length = ctypes.c_size_t()
        status = lib.harmonic_engine_render(
            self._handle, format.encode("ascii"), box, scale, None, 0, ctypes.byref(length))
        if status != BUFFER_TOO_SMALL:  # the length is known either way
            check(status)
        buffer = ctypes.create_string_buffer(length.value + 1)
        check(lib.harmonic_engine_render(
            self._handle, format.encode("ascii"), box, scale, buffer, length.value + 1, ctypes.byref(length)))
        data = buffer.raw[:length.value]
        return data.decode("utf-8") if format == "svg" else data

    def events(self) -> List[Event]:
        """Takes every waiting event, oldest first."""
        out = []
        event = _CEvent()
        while True:
            status = lib.harmonic_engine_next_event(self._handle, ctypes.byref(event))
            if status == EMPTY:
                return out
            check(status)
            name = self._names[event.layer] if 0 <= event.layer < len(self._names) else None
            tags = event.user_info.decode("utf-8", "replace")
            out.append(Event(event.time, _KINDS.get(event.kind, str(event.kind)), bool(event.finished), name,
                             event.key.decode("utf-8", "replace"), event.transaction,
                             json.loads(tags) if tags else {}))

    def _read(self, function, layer: LayerRef, key_path: str) -> np.ndarray:
        index, path = self._layer(layer), key_path.encode("utf-8")
        count = ctypes.c_size_t()
        buffer = np.empty(4)
        status = function(self._handle, index, path, buffer.ctypes.data, 4, ctypes.byref(count))
        if status == BUFFER_TOO_SMALL and count.value > 4:
            buffer = np.empty(count.value)
            status = function(self._handle, index, path, buffer.ctypes.data, count.value, ctypes.byref(count))
        check(status)
        return buffer[: count.value].copy()

    def model(self, layer: LayerRef, key_path: str) -> np.ndarray:
        """The model value of `key_path`."""
        return self._read(lib.harmonic_engine_model_value, layer, key_path)

    def presentation(self, layer: LayerRef, key_path: str) -> np.ndarray:
        """The presentation value at the current time."""
        return self._read(lib.harmonic_engine_presentation_value, layer, key_path)

    def velocity(self, layer: LayerRef, key_path: str) -> np.ndarray:
        """The presentation velocity (units per second) at the current time."""
        return self._read(lib.harmonic_engine_presentation_velocity, layer, key_path)

    def record(self, layer: LayerRef, key_path: str, times: ArrayLike) -> np.ndarray:
        """Advances through `times` (non-decreasing) and returns the presentation value at
        each: shape ``(n,)`` for one component, ``(n, components)`` otherwise. Events that
        happen on the way stay waiting (:meth:`events`)."""
        t = _times(times)
        rows = []
        for time in t:
            check(lib.harmonic_engine_advance(self._handle, float(time)))
            rows.append(self.presentation(layer, key_path))
        values = np.array(rows)
        return values[:, 0] if values.ndim == 2 and values.shape[1] == 1 else values


__all__ = ["Scene", "Event", "Transition", "HarmonicError"]
