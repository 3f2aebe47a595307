#!/usr/bin/env python3
"""Reference values for Harmonic's elliptical arcs.

Writes Tests/HarmonicTests/References/elliptical-arc.csv: for arcs
P(theta) = C + cos(theta) U + sin(theta) V with principal axes

    U = rx (cos phi, sin phi),   V = ry (-sin phi, cos phi),
    theta = start + t sweep,  t in [0, 1],

the arc length and the points at fractions of it, to 30 significant digits.

The length is Legendre's incomplete elliptic integral of the second kind:
|P'(theta)| = sqrt(rx^2 sin^2 + ry^2 cos^2) = ry sqrt(1 - m sin^2) with m = 1 - rx^2/ry^2,
so s(theta) = ry E(theta | m) (mpmath.ellipe(phi, m), which accepts any real m, also m < 0),
and the arc's length is |s(start + sweep) - s(start)|. As a check, every length is also
computed by mpmath.quad (tanh-sinh, split at the speed's extrema) and must agree to 25 digits. The point at a fraction f
of the length solves s(theta) - s(start) = f (s(end) - s(start)) by mpmath.findroot.

Every input is the binary64 number Harmonic receives, taken exactly.

Run:  python3 scripts/references/elliptical_arc_reference.py
"""
import os

import mpmath as mp

mp.mp.dps = 40
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "HarmonicTests", "References")

# name, rx, ry, rotation (radians), start angle, sweep, centre x, centre y
CASES = [
    ("circle-quarter", 5.0, 5.0, 0.2, 1.0, 1.5707963267948966, 1.5, -2.0),
    ("circle-three-turns", 2.0, 2.0, 0.0, -0.5, -18.84955592153876, 0.0, 0.0),
    ("ellipse-2-1", 2.0, 1.0, 0.0, 0.0, 1.5707963267948966, 0.0, 0.0),
    ("ellipse-1-3-rotated", 1.0, 3.0, 0.7, 0.3, 4.0, 10.0, 20.0),
    ("ellipse-10-1-negative", 10.0, 1.0, -1.1, 2.0, -3.0, -4.0, 7.0),
    ("ellipse-flat-1000", 1.0, 0.001, 0.3, 0.1, 5.0, 0.25, 0.5),
    ("ellipse-flat-1e6", 1.0, 1e-6, 0.0, -0.2, 3.5, 0.0, 0.0),
    ("ellipse-large", 300.0, 70.0, 1.0, -2.0, -4.0, 640.0, 480.0),
    ("ellipse-full-turn", 3.0, 2.0, 0.5, 0.0, 6.283185307179586, 1.0, 1.0),
    ("ellipse-tiny-sweep", 4.0, 1.5, 0.0, 0.9, 1e-7, 0.0, 0.0),
]
FRACTIONS = [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0]


def exact(x):
    return mp.mpf(float(x))


def main():
    rows = ["case,rx,ry,rotation,start,sweep,cx,cy,length,fraction,x,y"]
    for name, rx, ry, phi, start, sweep, cx, cy in CASES:
        a, b, p = exact(rx), exact(ry), exact(phi)
        t0, d = exact(start), exact(sweep)
        c = (exact(cx), exact(cy))
        m = 1 - (a / b) ** 2

        def s(theta):
            return b * mp.ellipe(theta, m)

        def speed(theta):
            return mp.sqrt((a * mp.sin(theta)) ** 2 + (b * mp.cos(theta)) ** 2)

        s0, s1 = s(t0), s(t0 + d)
        length = abs(s1 - s0)
        # The speed has its extrema at multiples of pi/2: split the check's quadrature there.
        lo, hi = min(t0, t0 + d), max(t0, t0 + d)
        k = mp.floor(lo / (mp.pi / 2)) + 1
        nodes = [lo]
        while k * mp.pi / 2 < hi:
            nodes.append(k * mp.pi / 2)
            k += 1
        nodes.append(hi)
        check = mp.quad(speed, nodes)
        assert abs(check - length) <= mp.mpf(10) ** -25 * max(length, 1), (name, check, length)
        u = (a * mp.cos(p), a * mp.sin(p))
        v = (-b * mp.sin(p), b * mp.cos(p))
        for f in FRACTIONS:
            target = s0 + mp.mpf(f) * (s1 - s0)
            if f == 0:
                theta = t0
            elif f == 1:
                theta = t0 + d
            else:
                theta = mp.findroot(lambda x: s(x) - target, t0 + mp.mpf(f) * d)
            x = c[0] + mp.cos(theta) * u[0] + mp.sin(theta) * v[0]
            y = c[1] + mp.cos(theta) * u[1] + mp.sin(theta) * v[1]
            rows.append(
                ",".join(
                    [name]
                    + [repr(float(z)) for z in (rx, ry, phi, start, sweep, cx, cy)]
                    + [mp.nstr(length, 30), repr(f), mp.nstr(x, 30), mp.nstr(y, 30)]
                )
            )
    with open(os.path.join(OUT, "elliptical-arc.csv"), "w") as out:
        out.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
