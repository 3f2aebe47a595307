#!/usr/bin/env python3
"""Reference outputs of cubic Bézier timing functions, to 50 significant digits.

For each curve (x1, y1, x2, y2) and each input progress x (a double), solves
x(t) = 3(1-t)^2 t x1 + 3(1-t) t^2 x2 + t^3 = x exactly in 60-digit arithmetic (mpmath), with
the control points taken as the exact binary values of the doubles, and writes y(t).

Inputs per curve: uniform ones, ones clustered geometrically towards 0, towards 1 and towards
the input where x'(t) is smallest (a vertical inflection), and the images of a uniform grid of
the parameter. The file feeds Tests/HarmonicTests/Timing/CubicBezierInverseTests.swift.

Usage: python3 scripts/references/cubic_bezier_reference.py
Writes Tests/HarmonicTests/References/cubic_bezier_inverse.txt
"""
import math
import os
import random

import mpmath as mp

mp.mp.dps = 60

THIRD = 1.0 / 3.0
CURVES = [
    # Core Animation / CSS named curves
    (0.25, 0.1, 0.25, 1.0),
    (0.42, 0.0, 1.0, 1.0),
    (0.0, 0.0, 0.58, 1.0),
    (0.42, 0.0, 0.58, 1.0),
    # flat ends, vertical inflections, the named cases
    (1.0, 0.0, 0.0, 1.0),
    (0.0, 1.0, 0.0, 1.0),
    (0.0, 1.0, 1.0, 0.0),
    (0.0, 0.5, 1.0, 0.5),
    (1.0, 0.0, 1.0, 1.0),
    (0.0, 0.0, 0.0, 1.0),
    (1.0, 1.0, 1.0, 0.0),
    (0.99, 0.0, 0.01, 1.0),
    (0.25, 0.0, 0.0, 1.0),
    (1.0, -1.5, 0.75, 2.5),
    # 3x1 - 3x2 + 1 = 0: the cubic term vanishes (Cardano-only solvers break)
    (0.0, 0.3, THIRD, 1.0),
    (2.0 * THIRD, 0.0, 1.0, 1.0),
    (0.3, -0.5, 0.3 + THIRD, 1.5),
    # overshooting curves
    (0.68, -0.55, 0.265, 1.55),
    (0.34, 1.56, 0.64, 1.0),
    (0.5, -4.0, 0.5, 5.0),
    (0.1, 5.0, 0.9, -5.0),
]

# Ill-conditioned near x = 1 (x2 = 1 with a steep y2): once off by 2.3e-12 at x = 1 - 1e-9.
# Listed last (after the random curves) so that adding it left the other curves' inputs as
# they were.
ILL_CONDITIONED = [
    (0.17, 0.67, 1.0, -1.73),
]

# Large outputs: errors are judged relative to max(1, |y1|, |y2|).
LARGE = [
    (0.3, 1e300, 0.7, -1e300),
    (0.0, 1e6, 1.0, -1e6),
]


def x_of(c, t):
    x1, x2 = mp.mpf(c[0]), mp.mpf(c[2])
    s = 1 - t
    return 3 * s * s * t * x1 + 3 * s * t * t * x2 + t ** 3


def dx_of(c, t):
    x1, x2 = mp.mpf(c[0]), mp.mpf(c[2])
    s = 1 - t
    return 3 * (s * s * x1 + 2 * t * s * (x2 - x1) + t * t * (1 - x2))


def y_of(c, t):
    y1, y2 = mp.mpf(c[1]), mp.mpf(c[3])
    s = 1 - t
    return 3 * s * s * t * y1 + 3 * s * t * t * y2 + t ** 3


def solve(c, x):
    """The t in [0, 1] with x(t) = x: Newton inside a bisection bracket, to 1e-55."""
    x = mp.mpf(x)
    lo, hi = mp.mpf(0), mp.mpf(1)
    t = x
    tol = mp.mpf(10) ** -55
    for _ in range(2000):
        f = x_of(c, t) - x
        if f == 0:
            return t
        if f < 0:
            lo = t
        else:
            hi = t
        if hi - lo < tol:
            break
        d = dx_of(c, t)
        nxt = t - f / d if d != 0 else (lo + hi) / 2
        if not (lo < nxt < hi):
            nxt = (lo + hi) / 2
        if abs(nxt - t) < tol:
            t = nxt
            break
        t = nxt
    return t


def flattest_input(c):
    """The input where x'(t) is smallest inside (0, 1), if x'' vanishes there."""
    x1, x2 = c[0], c[2]
    a = 1 - 3 * x2 + 3 * x1
    b = 3 * x2 - 6 * x1
    if a == 0:
        return None
    tm = -b / (3 * a)
    if 0 < tm < 1:
        return float(x_of(c, mp.mpf(tm)))
    return None


def inputs(c, rng):
    xs = [rng.random() for _ in range(600)]
    xs += [10 ** rng.uniform(-300, -1) for _ in range(200)]
    xs += [1 - 10 ** rng.uniform(-16, -1) for _ in range(200)]
    centre = flattest_input(c)
    if centre is not None:
        for _ in range(300):
            xs.append(centre + rng.choice([-1, 1]) * 10 ** rng.uniform(-16, -1))
        v = centre
        for _ in range(20):
            xs += [v]
            v = math.nextafter(v, 2)
        v = centre
        for _ in range(20):
            v = math.nextafter(v, -1)
            xs += [v]
    xs += [float(x_of(c, mp.mpf(j) / 200)) for j in range(1, 200)]
    xs += [5e-324, math.nextafter(1.0, 0), 0.5, math.nextafter(0.5, 0), math.nextafter(0.5, 1)]
    return sorted({x for x in xs if 0 < x < 1})


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    path = os.path.join(root, "Tests", "HarmonicTests", "References", "cubic_bezier_inverse.txt")
    rng = random.Random(20240611)
    curves = CURVES + [
        (rng.random(), rng.uniform(-2, 3), rng.random(), rng.uniform(-2, 3)) for _ in range(6)
    ] + LARGE + ILL_CONDITIONED
    with open(path, "w") as out:
        out.write("# Cubic Bezier inverse reference (scripts/references/cubic_bezier_reference.py).\n")
        out.write("# 'curve x1 y1 x2 y2' (hex doubles) then 'x y' lines: x a hex double, y to 25 digits.\n")
        for c in curves:
            out.write("curve " + " ".join(float(v).hex() for v in c) + "\n")
            for x in inputs(c, rng):
                t = solve(c, x)
                out.write(f"{x.hex()} {mp.nstr(y_of(c, t), 25, strip_zeros=False)}\n")
    print("wrote", path)


if __name__ == "__main__":
    main()
