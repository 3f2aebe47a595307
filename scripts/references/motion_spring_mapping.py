#!/usr/bin/env python3
"""Reference table for Motion's (framer-motion's) duration/bounce spring mapping.

For each (duration, bounce) this solves, with mpmath at 50 digits, the envelope equation that
Motion's `findSpring` approximates:

    zeta < 1:  (zeta / sqrt(1 - zeta^2)) * exp(-zeta * w * T) = 0.001
    zeta = 1:  (1 + w * T) * exp(-w * T) = 0.001

with zeta = clamp(1 - bounce, 0.05, 1) and T = clamp(duration, 0.01, 10) seconds, by a
root finder (not the closed form Harmonic uses), and writes the stiffness w^2 and damping
2*zeta*w for mass 1. It also records the stiffness that Motion's own 11 Newton steps from
5/T reach in double precision, so the guide can quote how far Motion is from the exact root.

Usage: python3 scripts/references/motion_spring_mapping.py > \
       Tests/HarmonicTests/References/motion-spring-mapping.csv
"""
import math
import mpmath as mp

mp.mp.dps = 50

CASES = [(d, b) for d in (0.05, 0.3, 0.5, 0.8, 1.0, 2.5, 10.0)
         for b in (-0.5, 0.0, 0.1, 0.25, 0.3, 0.5, 0.8, 0.95, 1.0)]
CASES += [(0.001, 0.3), (20.0, 0.3)]  # clamped durations


def exact(duration, bounce):
    zeta = mp.mpf(min(max(1 - bounce, 0.05), 1))
    T = mp.mpf(min(max(duration, 0.01), 10))
    if zeta < 1:
        f = lambda w: (zeta / mp.sqrt(1 - zeta**2)) * mp.exp(-zeta * w * T) - mp.mpf("0.001")
    else:
        f = lambda w: (1 + w * T) * mp.exp(-w * T) - mp.mpf("0.001")
    lo, hi = mp.mpf(1e-6) / T, mp.mpf(1000) / T  # f(lo) > 0 > f(hi)
    for _ in range(220):  # plain bisection: 2^-220 of the bracket, far below 1e-50
        mid = (lo + hi) / 2
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    w = (lo + hi) / 2
    return w * w, 2 * zeta * w


def motion_newton(duration, bounce):
    """Motion's own iteration, in doubles (velocity 0)."""
    zeta = min(max(1 - bounce, 0.05), 1)
    T = min(max(duration, 0.01), 10)
    if zeta < 1:
        def env(w):
            return 0.001 - (w * zeta / (w * math.sqrt(1 - zeta * zeta))) * math.exp(-w * zeta * T)

        def der(w):
            delta = w * zeta * T
            e = zeta * zeta * w * w * T
            g = w * w * math.sqrt(1 - zeta * zeta)
            factor = -1 if -env(w) + 0.001 > 0 else 1
            return factor * ((0 - e) * math.exp(-delta)) / g
    else:
        def env(w):
            return -0.001 + math.exp(-w * T) * (w * T + 1)

        def der(w):
            return math.exp(-w * T) * (-w) * T * T
    w = 5 / T
    for _ in range(1, 12):
        w = w - env(w) / der(w)
    return w * w


print("duration,bounce,stiffness,damping,motionNewtonStiffness")
for d, b in CASES:
    k, c = exact(d, b)
    print(f"{d!r},{b!r},{mp.nstr(k, 20)},{mp.nstr(c, 20)},{motion_newton(d, b)!r}")
