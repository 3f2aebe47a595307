"""Harmonic for Python: Core Animation's animation math (springs, timing functions,
keyframes, paths, decays, and the animation engine) on numpy arrays, through Harmonic's C
library.

    >>> import numpy as np, harmonic
    >>> spring = harmonic.Spring(duration=0.5, bounce=0.2, from_=0, to=100)
    >>> values = spring.sample(np.linspace(0, 1, 61))

Curves come from the spec format of the ``harmonic`` command-line tool (:func:`curve`) or
from parameters (:class:`Spring`, :class:`CubicBezier`, :class:`CSSEasing`,
:class:`Keyframes`, :class:`Path`, :class:`Decay`, :class:`SpringNetwork`); :class:`Scene`
drives the engine, and :class:`Lottie` reads and draws Lottie animations. Bad
input raises ``ValueError`` (:class:`HarmonicError`) or ``TypeError`` with the library's
one-line message.
"""

from ._native import HarmonicError, HarmonicTypeError, lib as _lib
from .curves import CSSEasing, CubicBezier, Curve, Decay, Keyframes, Path, Spring, SpringNetwork, curve
from .lottie import Lottie
from .scene import PARTICLE_DTYPE, Event, Scene, Transition

__version__: str = _lib.harmonic_version().decode()

__all__ = [
    "Curve", "curve", "Spring", "CubicBezier", "CSSEasing", "Keyframes", "Path", "Decay", "SpringNetwork", "Scene",
    "Event", "Transition", "PARTICLE_DTYPE", "Lottie",
    "HarmonicError", "HarmonicTypeError", "__version__",
]
