#!/usr/bin/env python3
"""Reference arc lengths of cubic Bézier curves, computed with mpmath at 40 digits.

Writes Tests/HarmonicTests/References/arc-length.json: for each curve its control points,
its length, and the Bézier parameter t at a set of fractions of the length (the answer of
"where is the point at arc length s"). The Swift tests compare ArcLength's length, exact
inversion and table against these.

Method (independent of Harmonic's): the speed |B'(t)| is integrated with mpmath's
tanh-sinh quadrature, split at the real roots of d|B'|^2/dt in (0, 1) (found with
mpmath.polyroots) so that cusps and speed minima sit at subinterval ends; t(s) is found by
mpmath.findroot (Anderson/Illinois on a bracket), both at 40 significant digits.

Run:  python3 scripts/references/arc_length.py
"""
import json
import os

import mpmath as mp

mp.mp.dps = 40

CURVES = {
    # name: control points (any dimension)
    "s-curve": [[0, 0], [100, 0], [0, 100], [100, 100]],
    "flat-start": [[0, 0], [0, 0], [50, 100], [100, 100]],
    "near-cusp": [[0, 0], [1, 1], ["0.01", 1], [1, 0]],
    "loop": [[0, 0], [3, 3], [-2, 3], [1, 0]],
    "ease-in-out": [[0, 0], ["0.42", 0], ["0.58", 1], [1, 1]],
    "space-3d": [[0, 0, 0], [1, 2, 3], [3, -1, 2], [4, 4, 4]],
    "double-back-1d": [[0], [3], [-2], [1]],
}

FRACTIONS = [0, "0.001", "0.05", "0.1", "0.2", "0.25", "0.3", "0.4", "0.45", "0.5", "0.55",
             "0.6", "0.7", "0.75", "0.8", "0.9", "0.95", "0.999", 1]


def hodograph(points):
    p0, p1, p2, p3 = [[mp.mpf(x) for x in p] for p in points]
    d0 = [b - a for a, b in zip(p0, p1)]
    d1 = [b - a for a, b in zip(p1, p2)]
    d2 = [b - a for a, b in zip(p2, p3)]
    # B'(t) = a t^2 + b t + c
    a = [3 * (x - 2 * y + z) for x, y, z in zip(d0, d1, d2)]
    b = [6 * (y - x) for x, y in zip(d0, d1)]
    c = [3 * x for x in d0]
    return a, b, c


def speed_function(points):
    a, b, c = hodograph(points)

    def speed(t):
        return mp.sqrt(mp.fsum(((ai * t + bi) * t + ci) ** 2 for ai, bi, ci in zip(a, b, c)))

    return speed, (a, b, c)


def split_points(abc):
    a, b, c = abc
    dot = lambda u, v: mp.fsum(x * y for x, y in zip(u, v))
    # q = |a t^2 + b t + c|^2; q' = 4 a.a t^3 + 6 a.b t^2 + 2 (b.b + 2 a.c) t + 2 b.c
    coeffs = [4 * dot(a, a), 6 * dot(a, b), 2 * (dot(b, b) + 2 * dot(a, c)), 2 * dot(b, c)]
    while coeffs and coeffs[0] == 0:
        coeffs = coeffs[1:]
    roots = []
    if len(coeffs) >= 2:
        for r in mp.polyroots(coeffs, maxsteps=200, extraprec=200):
            if abs(mp.im(r)) < mp.mpf(10) ** -30 and 0 < mp.re(r) < 1:
                roots.append(mp.re(r))
    return sorted(roots)


def main():
    out = []
    for name, points in CURVES.items():
        speed, abc = speed_function(points)
        knots = [mp.mpf(0)] + split_points(abc) + [mp.mpf(1)]
        cumulative = [mp.mpf(0)]
        for lo, hi in zip(knots, knots[1:]):
            cumulative.append(cumulative[-1] + mp.quad(speed, [lo, hi]))
        length = cumulative[-1]

        def s_of_t(t):
            total = mp.mpf(0)
            for (lo, hi), base in zip(zip(knots, knots[1:]), cumulative):
                if t <= hi:
                    return base + (mp.quad(speed, [lo, t]) if t > lo else 0)
            return length

        samples = []
        for f in FRACTIONS:
            f = mp.mpf(f)
            s = f * length
            if f == 0:
                t = mp.mpf(0)
            elif f == 1:
                t = mp.mpf(1)
            else:
                # Bracket from the knot intervals, then solve.
                k = max(i for i in range(len(knots) - 1) if cumulative[i] <= s)
                lo, hi = knots[k], knots[k + 1]
                t = mp.findroot(lambda x: s_of_t(x) - s, (lo, hi), solver="anderson")
            samples.append({"fraction": float(f), "length": float(s), "t": float(t)})
        out.append({
            "name": name,
            "points": [[float(mp.mpf(x)) for x in p] for p in points],
            "length": float(length),
            "lengthDigits": mp.nstr(length, 30),
            "splits": [float(k) for k in knots[1:-1]],
            "samples": samples,
        })
        print(f"{name}: length {mp.nstr(length, 25)}, splits {[mp.nstr(k, 12) for k in knots[1:-1]]}")
    here = os.path.dirname(os.path.abspath(__file__))
    target = os.path.join(here, "..", "..", "Tests", "HarmonicTests", "References", "arc-length.json")
    with open(target, "w") as f:
        json.dump({"generator": "scripts/references/arc_length.py", "digits": 40, "curves": out}, f, indent=1)
        f.write("\n")
    print("wrote", os.path.normpath(target))


if __name__ == "__main__":
    main()
