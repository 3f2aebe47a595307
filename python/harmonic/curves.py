"""Curves: springs, timing functions, keyframes, paths and decays, sampled into numpy arrays."""

from __future__ import annotations

import ctypes
import json
import math
import numbers
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from . import _header, _native
from ._native import OK, check, lib

# Bound once: the attribute lookup on the library is a measurable part of a scalar call.
_curve_value = lib.harmonic_curve_value

ArrayLike = Union[Sequence[float], np.ndarray]
Spec = Union[str, Mapping[str, Any]]


def _number(value: Any, name: str, finite: bool = False) -> float:
    """`value` as a float; a TypeError for anything but a real number (bools included) and,
    with `finite`, a ValueError for NaN and infinities (which JSON text cannot carry)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} = {value!r} is invalid: must be a number")
    x = float(value)
    if finite and not math.isfinite(x):
        raise ValueError(f"{name} = {x} is invalid: must be finite")
    return x


def _pointer(array: np.ndarray) -> int:
    return array.ctypes.data


def _times(times: ArrayLike) -> np.ndarray:
    """`times` as a contiguous float64 array: the caller's own array when it already is one."""
    if isinstance(times, np.ndarray) and times.dtype != np.float64 and not np.issubdtype(times.dtype, np.number):
        raise TypeError(f"times = array of {times.dtype} is invalid: must be numbers")
    array = np.ascontiguousarray(times, dtype=np.float64)
    if array.ndim != 1:
        raise ValueError(f"times = array of shape {array.shape} is invalid: must be one-dimensional")
    return array


class Curve:
    """A curve of the spec format: a value (one or more components) and its velocity as a
    function of time in seconds (of progress in [0, 1] for a bare timing function).

    Make one with :func:`curve` from spec text or a dict, or with :class:`Spring`,
    :class:`CubicBezier`, :class:`CSSEasing`, :class:`Keyframes`, :class:`Path`,
    :class:`Decay`. Sampling returns new numpy arrays: shape ``(n,)`` for one component,
    ``(n, dimension)`` otherwise. Curves are immutable and may be sampled from several threads.
    """

    __slots__ = ("_handle", "dimension", "has_angle")

    def __init__(self, _make):
        handle = ctypes.c_void_p()
        check(_make(ctypes.byref(handle)))
        self._handle = handle
        dimension = ctypes.c_size_t()
        check(lib.harmonic_curve_dimension(handle, ctypes.byref(dimension)))
        angle = ctypes.c_int()
        check(lib.harmonic_curve_has_angle(handle, ctypes.byref(angle)))
        #: Number of value components (1 for scalars, 2 for paths).
        self.dimension: int = dimension.value
        #: Whether :meth:`angles` applies (a path with a rotation mode).
        self.has_angle: bool = bool(angle.value)

    def __del__(self):
        handle = getattr(self, "_handle", None)
        if handle:
            lib.harmonic_curve_destroy(handle)
            self._handle = None

    def __repr__(self) -> str:
        start, end = self.domain
        return f"<harmonic.{type(self).__name__} dimension={self.dimension} domain=[{start:g}, {end:g}]>"

    @property
    def domain(self) -> Tuple[float, float]:
        """The interval ``harmonic sample`` uses when given no times: ``[0, 1]`` for timing
        functions and keyframes, ``[0, settling duration]`` for springs."""
        start, end = ctypes.c_double(), ctypes.c_double()
        check(lib.harmonic_curve_default_domain(self._handle, ctypes.byref(start), ctypes.byref(end)))
        return start.value, end.value

    def _shape(self, n: int) -> tuple:
        return (n,) if self.dimension == 1 else (n, self.dimension)

    def __call__(self, t: float) -> Union[float, np.ndarray]:
        """The value at one time (a float, or an array of the components).

        A float time on a one-component curve takes a short path: ``harmonic_curve_value``, a
        foreign call of two arguments that returns the double itself (about 1.2 µs on the
        machine of ``Benchmarks/README.md``, where a bare ctypes call of ``pow`` takes 1.1 µs
        and the library's own work about 0.1 µs)."""
        if type(t) is float and self.dimension == 1:
            value = _curve_value(self._handle, t)
            if value == value:
                return value
            # NaN: refused (a time that is not finite); the checked path raises the message.
        value, _ = self.evaluate(t)
        return value

    def evaluate(self, t: float) -> Tuple[Any, Any]:
        """The value and the velocity (value units per second) at one time: floats for one
        component, arrays otherwise."""
        t = _number(t, "t")
        if self.dimension == 1:
            value, velocity = ctypes.c_double(), ctypes.c_double()
            check(lib.harmonic_curve_evaluate(self._handle, t, ctypes.byref(value), ctypes.byref(velocity), 1))
            return value.value, velocity.value
        values = np.empty(self.dimension)
        velocities = np.empty(self.dimension)
        as_doubles = ctypes.POINTER(ctypes.c_double)
        check(lib.harmonic_curve_evaluate(
            self._handle, t, values.ctypes.data_as(as_doubles), velocities.ctypes.data_as(as_doubles), self.dimension))
        return values, velocities

    def sample(self, times: ArrayLike, velocity: bool = False, out: Optional[np.ndarray] = None):
        """Values at `times` (any order, any spacing). Times exactly like ``numpy.linspace``'s
        take the library's grid path. With ``velocity=True``, returns ``(values, velocities)``.

        ``out``, as in numpy: a C-contiguous float64 array of the result's shape that receives
        the values (and is returned), so a loop that samples again and again allocates nothing
        (a fresh 8 MB result can cost more in page faults than the sampling itself). On an
        error nothing is written to it.
        """
        t = _times(times)
        n = t.shape[0]
        values = self._output(out, n)
        velocities = np.empty(self._shape(n)) if velocity else None
        check(
            lib.harmonic_curve_sample(
                self._handle, _pointer(t), n, _pointer(values),
                _pointer(velocities) if velocity else None, n * self.dimension,
            )
        )
        return (values, velocities) if velocity else values

    def _output(self, out: Optional[np.ndarray], n: int) -> np.ndarray:
        """A new array for `n` samples, or `out` once it is checked to fit."""
        if out is None:
            return np.empty(self._shape(n))
        if not isinstance(out, np.ndarray) or out.dtype != np.float64 or not out.flags.c_contiguous \
                or not out.flags.writeable or out.shape != self._shape(n):
            described = (f"array of {out.dtype}, shape {out.shape}" if isinstance(out, np.ndarray)
                         else type(out).__name__)
            raise ValueError(f"out = {described} is invalid: must be a writeable C-contiguous float64 "
                             f"array of shape {self._shape(n)}")
        return out

    def sample_grid(self, start: float, end: float, count: int, velocity: bool = False,
                    out: Optional[np.ndarray] = None):
        """Values at `count` evenly spaced times from `start` to `end` inclusive (the times of
        ``numpy.linspace(start, end, count)``), through the curve's grid kernel. ``out`` as for
        :meth:`sample`."""
        start, end = _number(start, "start"), _number(end, "end")
        if isinstance(count, bool) or not isinstance(count, numbers.Integral):
            raise TypeError(f"count = {count!r} is invalid: must be an integer")
        if count < 0:
            raise ValueError(f"count = {count} is invalid: must be ≥ 0")
        values = self._output(out, int(count))
        velocities = np.empty(self._shape(count)) if velocity else None
        check(
            lib.harmonic_curve_sample_grid(
                self._handle, start, end, int(count), _pointer(values),
                _pointer(velocities) if velocity else None, int(count) * self.dimension,
            )
        )
        return (values, velocities) if velocity else values

    def table(self, times: ArrayLike, velocity: bool = False) -> Dict[str, np.ndarray]:
        """The samples at `times` as columns named as ``harmonic sample`` names them:
        ``time``, ``value`` (or ``value.0``, ``value.1``, …), ``velocity`` (likewise, with
        ``velocity=True``) and ``angle`` for a path with a rotation mode. ``pandas.DataFrame``
        takes the result as it is."""
        t = _times(times)
        values, velocities = self.sample(t, velocity=True) if velocity else (self.sample(t), None)
        parts = [t.reshape(-1, 1), values.reshape(t.shape[0], -1)]
        if velocities is not None:
            parts.append(velocities.reshape(t.shape[0], -1))
        if self.has_angle:
            parts.append(self.angles(t).reshape(-1, 1))
        data = np.concatenate(parts, axis=1)
        names = self.columns(velocity)
        return {name: data[:, i].copy() for i, name in enumerate(names)}

    def columns(self, velocity: bool = False) -> List[str]:
        """The column names ``harmonic sample`` writes for this curve (the library's own list:
        ``time``, ``value`` or ``value.0``, ``value.1``, …, ``velocity``… with `velocity`,
        ``angle`` for a path with a rotation mode)."""
        length = ctypes.c_size_t()
        status = lib.harmonic_curve_columns(self._handle, 1 if velocity else 0, None, 0, ctypes.byref(length))
        if status != _native.BUFFER_TOO_SMALL:
            check(status)
        buffer = ctypes.create_string_buffer(length.value + 1)
        check(lib.harmonic_curve_columns(self._handle, 1 if velocity else 0, buffer, len(buffer), None))
        return buffer.value.decode("utf-8").split(",")

    def angles(self, times: ArrayLike) -> np.ndarray:
        """Rotation angles in radians at `times` (paths with a rotation mode)."""
        t = _times(times)
        out = np.empty(t.shape[0])
        check(lib.harmonic_curve_sample_angles(self._handle, _pointer(t), t.shape[0], _pointer(out), t.shape[0]))
        return out

    def settling_time(self, epsilon: float = 0.001) -> float:
        """When the motion is over, in seconds. Springs: the last time the distance to the
        target exceeds `epsilon` of the distance travelled (``epsilon=0``: Core Animation's
        settlingDuration). Decays: the time the motion comes to rest."""
        seconds = ctypes.c_double()
        check(lib.harmonic_curve_settling_time(self._handle, _number(epsilon, "epsilon"), ctypes.byref(seconds)))
        return seconds.value


def curve(spec: Spec) -> Curve:
    """A curve from the spec format: JSON text or a dict, exactly as ``harmonic sample`` takes
    it, e.g. ``curve({"spring": {"duration": 0.5, "bounce": 0.2}, "from": 0, "to": 100})``."""
    if isinstance(spec, Mapping):
        try:
            text = json.dumps(spec, allow_nan=False)
        except ValueError:
            raise ValueError("spec = a dict with NaN or an infinity is invalid: must hold finite numbers") from None
    elif isinstance(spec, str):
        text = spec
    else:
        raise TypeError(f"spec = {spec!r} is invalid: must be JSON text or a dict")
    data = text.encode("utf-8")
    return Curve(lambda out: lib.harmonic_curve_create_from_spec(data, out))


_SPRING_KEYS = {
    "mass": "mass", "stiffness": "stiffness", "damping": "damping", "duration": "duration", "bounce": "bounce",
    "response": "response", "damping_ratio": "dampingRatio", "tension": "tension", "friction": "friction",
    "visual_duration": "visualDuration",
}


class Spring(Curve):
    """A spring from `from_` to `to`, in any vocabulary of the spec format, told apart by the
    keywords given (mixing two is an error naming both):

    ========================  ==============================================
    Core Animation            ``mass``, ``stiffness``, ``damping``
    SwiftUI                   ``duration``, ``bounce`` (, ``mass``)
    SwiftUI response          ``response``, ``damping_ratio`` (, ``mass``)
    UIKit                     ``duration``, ``damping_ratio``
    Android                   ``stiffness``, ``damping_ratio``
    Motion (framer-motion)    ``motion=True`` with its keys, or ``visual_duration``
    react-spring              ``tension``, ``friction`` (, ``mass``)
    ========================  ==============================================

    `initial_velocity` is in progress units per second (fractions of ``to - from``), as in
    CASpringAnimation. `from_` and `to` may be numbers or sequences (vector springs).
    """

    def __init__(self, *, from_: Any = 0.0, to: Any = 1.0, initial_velocity: float = 0.0, motion: bool = False,
                 **parameters: float):
        spring: dict = {}
        for key, value in parameters.items():
            if key not in _SPRING_KEYS:
                raise TypeError(f"Spring() got an unexpected keyword {key!r}; known: {', '.join(_SPRING_KEYS)}")
            spring[_SPRING_KEYS[key]] = _number(value, f"spring.{_SPRING_KEYS[key]}", finite=True)
        if motion:
            spring["type"] = "spring"
        if initial_velocity:
            spring["initialVelocity"] = _number(initial_velocity, "spring.initialVelocity", finite=True)
        spec = {"spring": spring, "from": _vector(from_, "from"), "to": _vector(to, "to")}
        data = json.dumps(spec).encode("utf-8")
        super().__init__(lambda out: lib.harmonic_curve_create_from_spec(data, out))


def _vector(value: Any, name: str):
    if isinstance(value, (list, tuple, np.ndarray)):
        return [_number(x, f"{name}[{i}]", finite=True) for i, x in enumerate(value)]
    return _number(value, name, finite=True)


class CubicBezier(Curve):
    """The cubic Bézier timing function through (0, 0), (x1, y1), (x2, y2), (1, 1), a function
    of progress (CSS ``cubic-bezier()``, CAMediaTimingFunction)."""

    def __init__(self, x1: float, y1: float, x2: float, y2: float):
        p = [_number(v, n) for v, n in ((x1, "x1"), (y1, "y1"), (x2, "x2"), (y2, "y2"))]
        super().__init__(lambda out: lib.harmonic_curve_create_cubic_bezier(*p, out))


class CSSEasing(Curve):
    """A CSS easing function (CSS Easing Functions Level 2): ``"ease-in-out"``,
    ``"steps(4, jump-end)"``, ``"linear(0, 0.25 75%, 1)"``, ``"cubic-bezier(…)"``."""

    def __init__(self, easing: str):
        if not isinstance(easing, str):
            raise TypeError(f"easing = {easing!r} is invalid: must be a string")
        data = easing.encode("utf-8")
        super().__init__(lambda out: lib.harmonic_curve_create_css_easing(data, out))


_MODES = {
    "linear": _header.HARMONIC_CALCULATION_LINEAR, "discrete": _header.HARMONIC_CALCULATION_DISCRETE,
    "paced": _header.HARMONIC_CALCULATION_PACED, "cubic": _header.HARMONIC_CALCULATION_CUBIC,
    "cubicPaced": _header.HARMONIC_CALCULATION_CUBIC_PACED,
}


def _mode(mode: str) -> int:
    if mode not in _MODES:
        raise ValueError(f"mode = {mode!r} is invalid: must be one of {', '.join(_MODES)}")
    return _MODES[mode]


class Keyframes(Curve):
    """Keyframes over progress [0, 1] (CAKeyframeAnimation): `values` of shape ``(n,)`` or
    ``(n, dimension)`` at `key_times` (``None``: evenly spaced), interpolated by `mode`
    (``linear``, ``discrete``, ``paced``, ``cubic``, ``cubicPaced``). Per-segment timing
    functions, tension and the other options are in the spec format (:func:`curve`)."""

    def __init__(self, values: ArrayLike, key_times: Optional[ArrayLike] = None, mode: str = "linear"):
        v = np.ascontiguousarray(values, dtype=np.float64)
        if v.ndim == 1:
            v = v.reshape(-1, 1)
        if v.ndim != 2:
            raise ValueError(f"values = array of shape {v.shape} is invalid: must be (n,) or (n, dimension)")
        times = None if key_times is None else np.ascontiguousarray(key_times, dtype=np.float64)
        if times is not None and times.shape != (v.shape[0],):
            raise ValueError(f"key_times = {times.shape[0] if times.ndim == 1 else times.shape} times is invalid: "
                             f"must be one per keyframe ({v.shape[0]})")
        code = _mode(mode)
        super().__init__(lambda out: lib.harmonic_curve_create_keyframes(
            _pointer(v), v.shape[0], v.shape[1], None if times is None else _pointer(times), code, out))


class Path(Curve):
    """Motion along SVG path data over progress [0, 1] (CAKeyframeAnimation's `path`): two
    components, x and y. ``mode="paced"`` moves at constant speed; ``rotate=True`` adds the
    tangent angle (:meth:`Curve.angles`)."""

    def __init__(self, d: str, mode: str = "linear", rotate: bool = False):
        if not isinstance(d, str):
            raise TypeError(f"d = {d!r} is invalid: must be SVG path data (a string)")
        data, code = d.encode("utf-8"), _mode(mode)
        super().__init__(lambda out: lib.harmonic_curve_create_path(data, code, 1 if rotate else 0, out))


_DECAYS = {
    "deceleration_rate": _header.HARMONIC_DECAY_UIKIT, "friction_multiplier": _header.HARMONIC_DECAY_ANDROID,
    "drag": _header.HARMONIC_DECAY_FLUTTER, "time_constant": _header.HARMONIC_DECAY_TIME_CONSTANT,
}


class Decay(Curve):
    """A fling coasting to rest from `from_` with `velocity` (value units per second). Give
    exactly one rate: ``deceleration_rate`` (UIKit, per millisecond), ``friction_multiplier``
    (Android/Compose), ``drag`` (Flutter) or ``time_constant`` (Motion, seconds). Walls and
    other rest rules are in the spec format (:func:`curve`)."""

    def __init__(self, *, from_: float = 0.0, velocity: float, **rate: float):
        if len(rate) != 1 or next(iter(rate)) not in _DECAYS:
            raise TypeError(f"Decay() takes exactly one of {', '.join(_DECAYS)}; got {', '.join(rate) or 'none'}")
        (name, value), = rate.items()
        form, parameter = _DECAYS[name], _number(value, name)
        start, v0 = _number(from_, "from_"), _number(velocity, "velocity")
        super().__init__(lambda out: lib.harmonic_curve_create_decay(form, parameter, start, v0, out))


def _spec_text(spec: Mapping[str, Any]) -> bytes:
    try:
        return json.dumps(spec, allow_nan=False).encode("utf-8")
    except ValueError:
        raise ValueError("a network with NaN or an infinity is invalid: must hold finite numbers") from None
    except TypeError as error:
        raise TypeError(f"a network must hold numbers, lists and dicts: {error}") from None


def _plain(value: Any) -> Any:
    """numpy arrays and scalars as JSON-ready lists and floats, recursively."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


class SpringNetwork(Curve):
    """A linear network of masses, springs and dampers, solved exactly (the spec format's
    ``springNetwork``): node and edge dicts use the spec's keys.

    >>> net = SpringNetwork(
    ...     nodes=[{"position": [0, 0], "pinned": True}, {"position": [0, 40]}, {"position": [0, 80]}],
    ...     edges=[{"from": 1, "to": 0, "stiffness": 300, "damping": 4},
    ...            {"from": 2, "to": 1, "stiffness": 300, "damping": 4}],
    ...     gravity=[0, 980])
    >>> net.sample(np.linspace(0, 2, 121)).shape
    (121, 3, 2)

    A node: ``position`` (required), ``velocity``, ``force``, ``mass`` (1), ``drag`` (0),
    ``pinned`` (False). An edge: ``from`` and ``to`` (node indices) or ``anchor`` (an index into
    `anchors`), ``stiffness``, ``damping`` (0), ``rest`` (``"zero"``, ``"initial"`` or an offset)
    and ``directed`` (False). `method` insists on a solver (``"modal"``, ``"stateSpace"``,
    ``"exponential"``); `retarget` lists load changes in time (see the spec format).

    Samples have shape ``(T, nodes, dimensions)``; :meth:`settling_time` takes ε in the nodes'
    units. :attr:`method` is the solver the library chose.
    """

    __slots__ = ("nodes", "dimensions", "method", "rigid_motions")

    def __init__(self, nodes: Sequence[Mapping[str, Any]], edges: Sequence[Mapping[str, Any]] = (), *,
                 anchors: Optional[Sequence[Any]] = None, gravity: Optional[Any] = None,
                 dimensions: Optional[int] = None, method: Optional[str] = None,
                 retarget: Optional[Sequence[Mapping[str, Any]]] = None):
        network: Dict[str, Any] = {"nodes": _plain(list(nodes)), "edges": _plain(list(edges))}
        for key, value in (("anchors", anchors), ("gravity", gravity), ("dimensions", dimensions),
                           ("method", method), ("retarget", retarget)):
            if value is not None:
                network[key] = _plain(value)
        data = _spec_text({"springNetwork": network})
        super().__init__(lambda out: lib.harmonic_curve_create_from_spec(data, out))
        count, dims, name, rigid = ctypes.c_size_t(), ctypes.c_size_t(), ctypes.c_char_p(), ctypes.c_size_t()
        check(lib.harmonic_curve_network_shape(self._handle, ctypes.byref(count), ctypes.byref(dims),
                                               ctypes.byref(name), ctypes.byref(rigid)))
        #: The number of nodes.
        self.nodes: int = count.value
        #: Each node's components (1, 2 or 3).
        self.dimensions: int = dims.value
        #: The solver in use: ``"modal"``, ``"stateSpace"`` or ``"exponential"``.
        self.method: str = name.value.decode()
        #: Independent ways the free nodes move together without stretching a spring (0 when
        #: anchors or pins hold the network; a free network drifts, and rests only under drag).
        self.rigid_motions: int = rigid.value

    def __repr__(self) -> str:
        return f"<harmonic.SpringNetwork nodes={self.nodes} dimensions={self.dimensions} method={self.method}>"

    def _shape(self, n: int) -> tuple:
        return (n, self.nodes, self.dimensions)

    def evaluate(self, t: float) -> Tuple[Any, Any]:
        """Positions and velocities at one time, each ``(nodes, dimensions)``."""
        values, velocities = super().evaluate(t)
        return (np.reshape(values, (self.nodes, self.dimensions)),
                np.reshape(velocities, (self.nodes, self.dimensions)))

    def __call__(self, t: float) -> np.ndarray:
        """Positions at one time, ``(nodes, dimensions)``."""
        return self.evaluate(t)[0]


__all__ = ["Curve", "curve", "Spring", "CubicBezier", "CSSEasing", "Keyframes", "Path", "Decay", "SpringNetwork"]
