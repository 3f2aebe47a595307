#!/usr/bin/env python3
"""Particles: Harmonic's closed-form particle system against numpy evaluating the same closed
forms, and against an Euler-stepped system at 60 fps (what engines and scripts do today), in the
same run, one thread each.

Workload: a rain emitter — one cell of 20,000 particles a second living 5 s (100,000 alive),
speeds 300 ± 60, a cone of ±0.2 rad, gravity 400, scale, spin and colour ranges, born on an
800 × 10 rectangle — evaluated at t = 10 s: every live particle's position, velocity, scale,
rotation and colour.

- numpy: the same closed forms written with numpy arrays — the same counter-based draws (its
  uint64 arithmetic reproduces Harmonic's generator), so its particles are Harmonic's, which
  this script checks (the largest difference is printed).
- Euler: every particle stepped from its birth frame with semi-implicit Euler at 60 fps — one
  frame's step timed, and the drift of its positions from the exact ones at t = 10 s.

    python3 Benchmarks/peers/particles.py            # table of medians and ratios
    python3 Benchmarks/peers/particles.py --quick    # fewer repetitions
    python3 Benchmarks/peers/particles.py --json     # one JSON object

Every ratio is peer time ÷ Harmonic time (> 1: Harmonic is faster).
"""
import argparse
import json
import os
import sys

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from compare import build_harmonic, median_time, python_package, run_harmonic  # noqa: E402

import numpy as np  # noqa: E402

RATE, LIFETIME, T = 20_000.0, 5.0, 10.0
CELL = {
    "name": "rain", "birthRate": RATE, "lifetime": LIFETIME, "velocity": 300, "velocityRange": 60,
    "emissionLongitude": np.pi / 2, "emissionRange": 0.2, "yAcceleration": 400, "scale": 0.5, "scaleRange": 0.2,
    "spinRange": 1, "color": [0.6, 0.7, 1, 1], "redRange": 0.1, "greenRange": 0.1, "alphaSpeed": -0.2,
}
LAYER = {"kind": "emitter", "emitterPosition": [400, 0], "emitterSize": [800, 10], "emitterShape": "rectangle",
         "emitterMode": "surface", "seed": 1, "emitterCells": [CELL]}

M64 = np.uint64(0xFFFFFFFFFFFFFFFF)
GAMMA = np.uint64(0x9E3779B97F4A7C15)


def finalise(z):
    """SplitMix64's output function on uint64 arrays (wrapping arithmetic)."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def fnv1a(text):
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return np.uint64(h)


def keys(seed, stream, index):
    z = np.uint64(seed) * GAMMA
    z = (z ^ (stream * np.uint64(0xD1B54A32D192ED03))) + np.uint64(0x2545F4914F6CDD1D)
    z = (z ^ (index * np.uint64(0xBF58476D1CE4E5B9))) * np.uint64(0x94D049BB133111EB)
    return finalise(z)


def pair(key, draw):
    """Two uniforms in [0, 1) from one draw: the high and low 32 bits."""
    z = finalise(key + np.uint64(draw + 1) * GAMMA)
    return (z >> np.uint64(32)) * 2.0**-32, (z & np.uint64(0xFFFFFFFF)) * 2.0**-32


def numpy_particles(t):
    """The particles alive at `t`, by the closed forms Harmonic uses (constant rate from 0)."""
    with np.errstate(over="ignore"):
        high = np.floor(RATE * t + 0.5) + 1
        low = max(0.0, np.floor(RATE * (t - LIFETIME) + 0.5) - 1)
        index = np.arange(low, high)
        born = (index + 0.5) / RATE
        index, born = index[born <= t], born[born <= t]
        key = keys(1, fnv1a("rain"), index.astype(np.uint64))
        u_life, u_speed = pair(key, 0)
        lifetime = CELL["lifetime"] * np.ones_like(born)
        age = t - born
        alive = age < lifetime
        key, born, age, u_speed = key[alive], born[alive], age[alive], u_speed[alive]
        speed = CELL["velocity"] + CELL["velocityRange"] * (2 * u_speed - 1)
        # The cone: cos θ uniform on [cos r, 1], the angle around the axis uniform.
        r = CELL["emissionRange"]
        lon = CELL["emissionLongitude"]
        axis = np.array([np.cos(lon), np.sin(lon), 0.0])
        helper = np.array([1.0, 0, 0]) if abs(axis[0]) < 0.9 else np.array([0.0, 1, 0])
        w = np.cross(axis, helper)
        first = w / np.linalg.norm(w)
        second = np.cross(axis, first)
        u_angle, u_around = pair(key, 1)
        one_minus_cos = u_angle * (2 * np.sin(r / 2) ** 2)
        cos_t = 1 - one_minus_cos
        sin_t = np.sqrt(one_minus_cos * (2 - one_minus_cos))
        phi = 2 * np.pi * u_around
        direction = (cos_t[:, None] * axis + (sin_t * np.cos(phi))[:, None] * first
                     + (sin_t * np.sin(phi))[:, None] * second)
        v0 = speed[:, None] * direction
        u, v = pair(key, 2)
        p0 = np.stack([400 + (2 * u - 1) * 400, 0 + (2 * v - 1) * 5, np.zeros_like(u)], axis=1)
        _, u_scale = pair(key, 3)
        u_spin, u_red = pair(key, 4)
        u_green, _ = pair(key, 5)
        a = np.array([0.0, 400, 0])
        position = p0 + v0 * age[:, None] + 0.5 * a * (age * age)[:, None]
        velocity = v0 + a * age[:, None]
        scale = np.maximum(0, CELL["scale"] + CELL["scaleRange"] * (2 * u_scale - 1))
        rotation = CELL["spinRange"] * (2 * u_spin - 1) * age
        color = np.stack([
            np.clip(0.6 + 0.1 * (2 * u_red - 1), 0, 1), np.clip(0.7 + 0.1 * (2 * u_green - 1), 0, 1),
            np.ones_like(age), np.clip(1 - 0.2 * age, 0, 1)], axis=1)
        return key, born, position, velocity, scale, rotation, color


def euler_drift(exact):
    """Steps each live particle from its birth frame (births rounded up to 60 fps frames, as a
    frame loop emits them) with semi-implicit Euler to t = 10 s, and returns the largest
    distance from the exact positions, and one step's arrays."""
    key, born, position, velocity, *_ = exact
    h = 1 / 60
    frames = np.round((T - np.ceil(born / h) * h) / h).astype(int)
    age = T - born
    p0 = position - velocity * age[:, None] + 0.5 * np.array([0, 400, 0]) * (age * age)[:, None]
    v0 = velocity - np.array([0, 400, 0]) * age[:, None]
    x, v = p0.copy(), v0.copy()
    for step in range(frames.max()):
        moving = frames > step
        v[moving, 1] += h * 400
        x[moving] += h * v[moving]
    return float(np.abs(x - position).max())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    repeats = 5 if args.quick else 21
    harmonic = python_package()
    binary = build_harmonic()
    swift = run_harmonic(binary, ["--workloads", "particles", "--repeats", str(repeats)])["particles"]
    scene = harmonic.Scene()
    scene.add_layer("rain", **LAYER)
    ours = scene.particles("rain", T)
    theirs = numpy_particles(T)
    assert len(ours) == len(theirs[0]), (len(ours), len(theirs[0]))
    assert np.array_equal(ours["id"], theirs[0])
    difference = max(float(np.abs(ours["position"] - theirs[2]).max()), float(np.abs(ours["color"] - theirs[6]).max()))
    result = {
        "particles": len(ours),
        "harmonic_swift_s": swift,
        "harmonic_python_s": median_time(lambda: scene.particles("rain", T), repeats),
        "numpy_closed_form_s": median_time(lambda: numpy_particles(T), repeats),
        "largest_difference_vs_numpy": difference,
    }
    x, v = theirs[2].copy(), theirs[3].copy()

    def euler_step():
        v[:, 1] += 400 / 60
        x[:] += v / 60
    result["numpy_euler_step_s"] = median_time(euler_step, repeats)
    result["euler_60fps_drift_at_10s"] = euler_drift(theirs)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    s = result["harmonic_swift_s"]
    print(f"Particles: {result['particles']:,} alive at t = {T:g} s, one thread (medians of {repeats})")
    print(f"  Harmonic (Swift, closed form):   {s * 1e3:8.2f} ms")
    print(f"  Harmonic (Python Scene.particles): {result['harmonic_python_s'] * 1e3:6.2f} ms")
    print(f"  numpy, same closed forms:        {result['numpy_closed_form_s'] * 1e3:8.2f} ms  "
          f"({result['numpy_closed_form_s'] / s:5.1f}×)  largest difference {difference:.1e}")
    print(f"  numpy Euler, one 60 fps step:    {result['numpy_euler_step_s'] * 1e3:8.2f} ms  "
          f"({result['numpy_euler_step_s'] / s:5.2f}×)  drift after 10 s {result['euler_60fps_drift_at_10s']:.1f} pt")


if __name__ == "__main__":
    main()
