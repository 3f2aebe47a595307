from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union, overload

import numpy as np
import numpy.typing as npt

ArrayLike = Union[Sequence[float], np.ndarray]
Spec = Union[str, Mapping[str, Any]]

class Curve:
    dimension: int
    has_angle: bool
    def __init__(self, _make: Callable[[Any], int]) -> None: ...
    def __del__(self) -> None: ...
    @property
    def domain(self) -> Tuple[float, float]: ...
    def __call__(self, t: float) -> Union[float, npt.NDArray[np.float64]]: ...
    def evaluate(self, t: float) -> Tuple[Any, Any]: ...
    def sample(
        self, times: ArrayLike, velocity: bool = ..., out: Optional[npt.NDArray[np.float64]] = ...
    ) -> Any: ...
    def sample_grid(
        self,
        start: float,
        end: float,
        count: int,
        velocity: bool = ...,
        out: Optional[npt.NDArray[np.float64]] = ...,
    ) -> Any: ...
    def table(self, times: ArrayLike, velocity: bool = ...) -> Dict[str, npt.NDArray[np.float64]]: ...
    def columns(self, velocity: bool = ...) -> List[str]: ...
    def angles(self, times: ArrayLike) -> npt.NDArray[np.float64]: ...
    def settling_time(self, epsilon: float = ...) -> float: ...

def curve(spec: Spec) -> Curve: ...

class Spring(Curve):
    def __init__(
        self, *, from_: Any = ..., to: Any = ..., initial_velocity: float = ..., motion: bool = ...,
        **parameters: float,
    ) -> None: ...

class CubicBezier(Curve):
    def __init__(self, x1: float, y1: float, x2: float, y2: float) -> None: ...

class CSSEasing(Curve):
    def __init__(self, easing: str) -> None: ...

class Keyframes(Curve):
    def __init__(self, values: ArrayLike, key_times: Optional[ArrayLike] = ..., mode: str = ...) -> None: ...

class Path(Curve):
    def __init__(self, d: str, mode: str = ..., rotate: bool = ...) -> None: ...

class Decay(Curve):
    def __init__(self, *, from_: float = ..., velocity: float, **rate: float) -> None: ...

class SpringNetwork(Curve):
    nodes: int
    dimensions: int
    method: str
    rigid_motions: int
    def __init__(
        self,
        nodes: Sequence[Mapping[str, Any]],
        edges: Sequence[Mapping[str, Any]] = ...,
        *,
        anchors: Optional[Sequence[Any]] = ...,
        gravity: Optional[Any] = ...,
        dimensions: Optional[int] = ...,
        method: Optional[str] = ...,
        retarget: Optional[Sequence[Mapping[str, Any]]] = ...,
    ) -> None: ...
    def __call__(self, t: float) -> npt.NDArray[np.float64]: ...  # type: ignore[override]
