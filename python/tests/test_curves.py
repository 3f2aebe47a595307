"""The package against the command-line tool on the same specs, and against closed forms."""

import math

import numpy as np
import pytest

import harmonic
from conftest import spec_text

SPECS = [
    {"spring": {"duration": 0.5, "bounce": 0.2}, "from": 0, "to": 100},
    {"spring": {"stiffness": 170, "damping": 26, "type": "spring"}, "from": -3, "to": 7},
    {"spring": {"response": 0.4, "dampingRatio": 0.6}, "from": [0, 10], "to": [1, -10]},
    {"spring": {"stiffness": 100, "damping": 10}, "timing": {"duration": 1, "repeatCount": 2, "autoreverses": True}},
    {"cubicBezier": [0.42, 0, 0.58, 1]},
    {"css": "steps(4, jump-both)"},
    {"css": "linear(0, 0.25 75%, 1)"},
    {"keyframes": {"values": [[0, 0], [10, 5], [3, 9]], "calculationMode": "cubic"}},
    {"path": {"d": "M0 0 C 50 0 50 100 100 100 A 40 40 0 0 1 180 100", "calculationMode": "paced"}},
    {"decay": {"decelerationRate": 0.998, "initialVelocity": 1500}},
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: next(iter(s)))
def test_grid_matches_the_tool(cli, spec):
    """`sample_grid`, and `sample` of numpy.linspace's times, give the tool's numbers."""
    curve = harmonic.curve(spec)
    reference = cli("sample", spec_text(spec), "--start", "0", "--end", "1.5", "--count", "301", "--velocity")
    values, velocities = curve.sample_grid(0, 1.5, 301, velocity=True)
    linspace = curve.sample(np.linspace(0, 1.5, 301), velocity=True)
    assert np.array_equal(values, linspace[0]) and np.array_equal(velocities, linspace[1])
    value_columns = sorted(k for k in reference if k.startswith("value"))
    expected = np.column_stack([reference[k] for k in value_columns])
    expected_v = np.column_stack([reference[k.replace("value", "velocity")] for k in value_columns])
    got, got_v = values.reshape(301, -1), velocities.reshape(301, -1)
    # Springs without timing take the spring's grid recurrence here and per-time closed forms
    # in the tool: equal to rounding. Everything else runs the same code: equal exactly.
    scale = max(1.0, float(np.max(np.abs(expected))))
    tolerance = 1e-11 * scale if "spring" in spec else 0.0
    assert np.max(np.abs(got - expected)) <= tolerance
    scale_v = max(1.0, float(np.max(np.abs(expected_v))))
    assert np.max(np.abs(got_v - expected_v)) <= (1e-10 * scale_v if "spring" in spec else 0.0)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: next(iter(s)))
def test_arbitrary_times_match_the_tool(cli, spec):
    times = np.array([0.9, 0.0, 0.013, 1.25, 0.5, 0.31, 2.0])
    reference = cli("sample", spec_text(spec), "--times", ",".join(repr(float(t)) for t in times))
    values = harmonic.curve(spec).sample(times).reshape(len(times), -1)
    expected = np.column_stack([reference[k] for k in sorted(k for k in reference if k.startswith("value"))])
    scale = max(1.0, float(np.max(np.abs(expected))))
    assert np.max(np.abs(values - expected)) <= 1e-12 * scale


def test_spring_keywords_are_the_spec_vocabularies():
    t = np.linspace(0, 2, 101)
    for keywords, spec in [
        (dict(stiffness=300, damping=20), {"stiffness": 300, "damping": 20}),
        (dict(duration=0.6, bounce=0.3), {"duration": 0.6, "bounce": 0.3}),
        (dict(response=0.5, damping_ratio=0.7), {"response": 0.5, "dampingRatio": 0.7}),
        (dict(stiffness=1500, damping_ratio=0.5), {"stiffness": 1500, "dampingRatio": 0.5}),
        (dict(tension=170, friction=26), {"tension": 170, "friction": 26}),
        (dict(visual_duration=0.4, bounce=0.25), {"visualDuration": 0.4, "bounce": 0.25}),
    ]:
        a = harmonic.Spring(**keywords, from_=2, to=9).sample(t)
        b = harmonic.curve({"spring": spec, "from": 2, "to": 9}).sample(t)
        assert np.array_equal(a, b)


def test_critically_damped_spring_closed_form():
    # mass 1, stiffness 100, damping 20: x(t) = 1 − (1 + 10t)·e^(−10t) from 0 to 1 at rest.
    spring = harmonic.Spring(mass=1, stiffness=100, damping=20)
    t = np.linspace(0, 1.5, 1001)
    expected = 1 - (1 + 10 * t) * np.exp(-10 * t)
    assert np.max(np.abs(spring.sample(t) - expected)) <= 1e-14
    assert abs(spring(0.3) - (1 - 4 * math.exp(-3))) <= 1e-15
    # The scalar call's short path returns what the checked call does, bit for bit.
    for t in (0.0, 0.3, 1.7, 1e300):
        assert spring(t) == spring.evaluate(t)[0]
    settle = spring.settling_time(0.001)
    assert abs((1 + 10 * settle) * math.exp(-10 * settle) - 0.001) <= 1e-9


def test_parameter_curves():
    assert np.array_equal(harmonic.CubicBezier(0, 0, 1, 1).sample([0, 0.25, 1]), [0, 0.25, 1])
    assert harmonic.CSSEasing("steps(4, end)")(0.3) == 0.25
    kf = harmonic.Keyframes([[0, 0], [10, 20], [40, 20]], key_times=[0, 0.25, 1])
    assert kf.dimension == 2 and np.allclose(kf(0.5), [20, 20], atol=1e-12, rtol=0)
    path = harmonic.Path("M0 0 L30 40", mode="paced", rotate=True)
    assert np.allclose(path(0.2), [6, 8], atol=1e-12, rtol=0)
    assert path.angles([0.5])[0] == pytest.approx(math.atan2(40, 30), abs=1e-15)
    decay = harmonic.Decay(from_=5, velocity=1000, drag=0.1)
    x, v = decay.evaluate(0.5)
    assert v == pytest.approx(1000 * 0.1 ** 0.5, rel=1e-13)
    assert x == pytest.approx(5 + 1000 * (0.1 ** 0.5 - 1) / math.log(0.1), rel=1e-13)
    assert decay.settling_time() == pytest.approx(6, abs=1e-9)


def test_sample_into_out():
    spring = harmonic.Spring(mass=1, stiffness=100, damping=20)
    t = np.array([0.9, 0.1, 0.5, 1.7, 0.0])
    out = np.full(5, np.nan)
    assert spring.sample(t, out=out) is out
    assert np.array_equal(out, spring.sample(t))
    values, velocities = spring.sample(t, velocity=True, out=out)
    assert values is out and np.array_equal(velocities, spring.sample(t, velocity=True)[1])
    path = harmonic.Path("M0 0 L30 40")
    two = np.empty((3, 2))
    assert np.array_equal(path.sample([0, 0.5, 1], out=two), path.sample([0, 0.5, 1]))
    # Wrong shape, dtype, layout or type: a one-line error naming out; a refused time writes nothing.
    for bad in (np.empty(4), np.empty(5, dtype=np.float32), np.empty(10)[::2], [0.0] * 5, np.empty((5, 1))):
        with pytest.raises(ValueError, match="out = "):
            spring.sample(t, out=bad)
    grid = np.empty(11)
    assert spring.sample_grid(0, 1, 11, out=grid) is grid
    assert np.array_equal(grid, spring.sample_grid(0, 1, 11))
    with pytest.raises(ValueError, match="out = "):
        spring.sample_grid(0, 1, 12, out=grid)
    kept = np.full(5, 7.0)
    with pytest.raises(harmonic.HarmonicError, match=r"times\[3\]"):
        spring.sample([0.2, 0.4, 0.6, float("nan"), 0.8], out=kept)
    assert np.all(kept == 7.0)


def test_inputs_are_not_copied_and_views_work():
    t = np.linspace(0, 1, 1000)
    spring = harmonic.Spring(duration=0.5)
    assert np.array_equal(spring.sample(t[::2]), spring.sample(np.ascontiguousarray(t[::2])))
    assert np.array_equal(spring.sample(t.astype(np.float32)), spring.sample(t.astype(np.float32).astype(float)))
    assert spring.sample([]).shape == (0,)
    assert harmonic.curve({"keyframes": {"values": [[0, 1], [2, 3]]}}).sample([0.5]).shape == (1, 2)


@pytest.mark.parametrize("spec", [SPECS[0], SPECS[7], {"path": {"d": "M0 0 Q 50 80 100 0", "rotationMode": "auto"}}],
                         ids=["spring", "keyframes", "rotating path"])
def test_table_has_the_tool_columns(cli, spec):
    times = np.linspace(0, 1, 11)
    reference = cli("sample", spec_text(spec), "--start", "0", "--end", "1", "--count", "11", "--velocity")
    table = harmonic.curve(spec).table(times, velocity=True)
    assert list(table) == list(reference)
    for name in table:
        scale = max(1.0, float(np.max(np.abs(reference[name]))))
        assert np.max(np.abs(table[name] - reference[name])) <= 1e-11 * scale, name
