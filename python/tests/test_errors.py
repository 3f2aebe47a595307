"""Bad input raises ValueError or TypeError with the library's one-line message."""

import numpy as np
import pytest

import harmonic


def test_library_messages():
    with pytest.raises(ValueError, match=r"^spring\.stiffness = -1(\.0)? is invalid: must be finite and > 0$"):
        harmonic.curve({"spring": {"stiffness": -1}})
    with pytest.raises(ValueError, match=r"^invalid JSON spec"):
        harmonic.curve('{"spring": ')
    with pytest.raises(ValueError, match=r"^spring\.stifness = 1"):
        harmonic.curve({"spring": {"stifness": 1}})
    with pytest.raises(ValueError, match=r"at least two stops"):
        harmonic.CSSEasing("linear(0.5)")
    with pytest.raises(ValueError, match=r"^times\[1\] = nan is invalid: must be finite$"):
        harmonic.Spring(duration=0.5).sample([0, float("nan")])
    with pytest.raises(ValueError, match=r"a spring, a decay or a spring network"):
        harmonic.CubicBezier(0.4, 0, 0.2, 1).settling_time()
    # A scalar call with a time that is not finite raises the same message on its short path.
    for bad in (float("nan"), float("inf")):
        with pytest.raises(ValueError, match=r"^time = (nan|inf) is invalid: must be finite$"):
            harmonic.Spring(duration=0.5)(bad)


def test_python_side_checks():
    with pytest.raises(ValueError, match=r"^spring\.stiffness = nan is invalid: must be finite$"):
        harmonic.Spring(stiffness=float("nan"))
    with pytest.raises(TypeError, match=r"^spring\.stiffness = '100' is invalid: must be a number$"):
        harmonic.Spring(stiffness="100")
    with pytest.raises(TypeError, match=r"unexpected keyword 'stifness'"):
        harmonic.Spring(stifness=100)
    with pytest.raises(TypeError):
        harmonic.curve(42)
    with pytest.raises(ValueError, match=r"one-dimensional"):
        harmonic.Spring().sample(np.zeros((2, 2)))
    with pytest.raises(ValueError, match=r"^mode = 'smooth' is invalid"):
        harmonic.Keyframes([0, 1], mode="smooth")


def test_engine_errors_change_nothing():
    scene = harmonic.Scene()
    scene.add_layer("box", opacity=1)
    with pytest.raises(ValueError, match=r"^name = \"nobody\" is invalid"):
        scene.presentation("nobody", "opacity")
    with pytest.raises(ValueError):
        scene.add_animation("box", {"keyPath": "opacity", "to": [1, 2]})
    with pytest.raises(ValueError):
        scene.commit()
    with pytest.raises(ValueError, match=r"^time = -1(\.0)? is invalid"):
        scene.advance(-1)
    assert scene.events() == [] and scene.model("box", "opacity").tolist() == [1]
