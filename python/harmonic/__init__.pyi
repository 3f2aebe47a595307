from ._native import HarmonicError as HarmonicError, HarmonicTypeError as HarmonicTypeError
from .curves import (
    CSSEasing as CSSEasing,
    CubicBezier as CubicBezier,
    Curve as Curve,
    Decay as Decay,
    Keyframes as Keyframes,
    Path as Path,
    Spring as Spring,
    SpringNetwork as SpringNetwork,
    curve as curve,
)
from .lottie import Lottie as Lottie
from .scene import PARTICLE_DTYPE as PARTICLE_DTYPE, Event as Event, Scene as Scene, Transition as Transition

__version__: str
