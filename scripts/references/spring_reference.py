#!/usr/bin/env python3
"""Reference values for Harmonic's spring tests, computed with mpmath at 50 significant digits.

Writes two tables into Tests/HarmonicTests/References/:

  spring-unit-curve.csv  m,k,c,v0,t,progress,velocity
      CASpringAnimation's unit curve: displacement x = progress - 1 starts at x0 = -1 with
      velocity v0 (progress units per second). Grid: damping ratio zeta in
      {0, 1e-6, 0.1, 0.5, 1-1e-9, 1, 1+1e-9, 2, 10, 1e4}, natural frequency w0 in
      {0.1, 1, 10, 100, 1000} rad/s, four initial velocities of both signs, and times from 0
      to 1e6 s. The spring is m = 1, k = w0*w0, c = 2*zeta*w0 evaluated in IEEE double (as the
      Swift test does); the exact decimal values of those doubles are used here.

  spring-settling.csv  m,k,c,x0,v0,epsilon,settle
      The exact settling time: the last t with |x(t)| >= epsilon, found independently of
      Harmonic's closed-form extremum analysis: the displacement is sampled densely (400
      samples per oscillation period or per slow time constant) up to a bound past which the
      envelope is below epsilon, the last sample at or above epsilon is located, and the
      crossing is refined by bisection to 1e-30 s.

The solution is evaluated from the textbook forms (the damped harmonic oscillator's closed forms), which are
ill-conditioned near critical damping in double precision but exact enough at 50 digits.
"""
import csv
import os
import sys

from mpmath import mp, mpf, exp, cos, sin, sqrt, log

mp.dps = 50
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "Tests", "HarmonicTests", "References")


def solution(m, k, c, x0, v0, t):
    """Displacement and velocity at time t (mpf inputs) of m x'' + c x' + k x = 0."""
    if t <= 0:
        return x0, v0
    lam = c / (2 * m)
    disc = c * c - 4 * k * m
    if disc < 0:
        wd = sqrt(-disc) / (2 * m)
        a, b = x0, (v0 + lam * x0) / wd
        e = exp(-lam * t)
        co, si = cos(wd * t), sin(wd * t)
        x = e * (a * co + b * si)
        v = e * ((-lam * a + wd * b) * co + (-lam * b - wd * a) * si)
        return x, v
    if disc == 0:
        e = exp(-lam * t)
        b = v0 + lam * x0
        return e * (x0 + b * t), e * (b - lam * (x0 + b * t))
    root = sqrt(disc)
    r1 = (-c + root) / (2 * m)
    r2 = (-c - root) / (2 * m)
    c2 = (v0 - r1 * x0) / (r2 - r1)
    c1 = x0 - c2
    e1, e2 = exp(r1 * t), exp(r2 * t)
    return c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2


def unit_curve_rows():
    zetas = [0.0, 1e-6, 0.1, 0.5, 1 - 1e-9, 1.0, 1 + 1e-9, 2.0, 10.0, 1e4]
    omegas = [0.1, 1.0, 10.0, 100.0, 1000.0]
    scaled_times = [1e-3, 0.01, 0.1, 0.5, 1, 2, 3.7, 10, 31.4, 100]
    absolute_times = [0.0, 1e3, 1e4, 1e5, 1e6]
    for zeta in zetas:
        for w0 in omegas:
            m = 1.0
            k = w0 * w0
            c = 2 * zeta * w0
            for v0 in [0.0, 0.5 * w0, -1.5 * w0, 10.0]:
                times = sorted(set([s / w0 for s in scaled_times] + absolute_times))
                for t in times:
                    x, v = solution(mpf(m), mpf(k), mpf(c), mpf(-1), mpf(v0), mpf(t))
                    yield [repr(m), repr(k), repr(c), repr(v0), repr(t),
                           mp.nstr(1 + x, 25, min_fixed=-mp.inf, max_fixed=mp.inf),
                           mp.nstr(v, 25)]


def settle(m, k, c, x0, v0, eps):
    mm, kk, cc, xx, vv = map(mpf, (m, k, c, x0, v0))
    e = mpf(eps)
    w0 = sqrt(kk / mm)
    lam = cc / (2 * mm)
    disc = cc * cc - 4 * kk * mm
    amp = abs(xx) + abs(vv) / w0 + abs(xx) * lam / w0 + 1
    if disc < 0:
        wd = sqrt(-disc) / (2 * mm)
        amp = abs(xx) + abs((vv + lam * xx) / wd)
        rate = lam
        step = 2 * mp.pi / wd / 400
    else:
        root = sqrt(disc)
        rate = -(-cc + root) / (2 * mm)  # slow decay rate
        amp = abs(xx) + abs(vv) / rate + abs(xx)
        step = min(1 / rate, 1 / lam) / 400
    bound = log(amp / e) / rate + 10 / rate if amp > e else 10 / rate
    n = int(bound / step) + 2
    last = None
    for i in range(n, -1, -1):
        t = i * step
        x, _ = solution(mm, kk, cc, xx, vv, t)
        if abs(x) >= e:
            last = t
            break
    if last is None:
        return mpf(0)
    lo, hi = last, last + step
    for _ in range(200):
        mid = (lo + hi) / 2
        x, _ = solution(mm, kk, cc, xx, vv, mid)
        if abs(x) >= e:
            lo = mid
        else:
            hi = mid
        if hi - lo < mpf("1e-30"):
            break
    return lo


def settling_rows():
    mp.dps = 30
    cases = [
        (1.0, 100.0, 10.0, -1.0, 0.0), (1.0, 100.0, 5.0, -1.0, 0.0), (1.0, 100.0, 15.0, -1.0, 0.0),
        (1.0, 100.0, 20.0, -1.0, 0.0), (1.0, 100.0, 60.0, -1.0, 0.0), (1.0, 100.0, 20.0, -1.0, 40.0),
        (1.0, 100.0, 60.0, -1.0, -30.0), (1.0, 100.0, 2.0, -1.0, 25.0), (2.0, 300.0, 7.0, 3.0, -10.0),
        (1.0, 1.0, 0.3, -1.0, 0.0), (1.0, 10000.0, 30.0, -1.0, 50.0), (1.0, 100.0, 25.0, 0.0, 10.0),
        (1.0, 100.0, 1.0, -1.0, -5.0), (1.0, 100.0, 200.0, -1.0, 0.0),
    ]
    for (m, k, c, x0, v0) in cases:
        for eps in [1e-3, 1e-2, 1e-6]:
            yield [repr(m), repr(k), repr(c), repr(x0), repr(v0), repr(eps),
                   mp.nstr(settle(m, k, c, x0, v0, eps), 22)]


def write(name, header, rows):
    path = os.path.join(OUT, name)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        count = 0
        for row in rows:
            w.writerow(row)
            count += 1
    print(f"wrote {count} rows to {os.path.relpath(path)}", file=sys.stderr)


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    write("spring-unit-curve.csv", ["m", "k", "c", "v0", "t", "progress", "velocity"], unit_curve_rows())
    write("spring-settling.csv", ["m", "k", "c", "x0", "v0", "epsilon", "settle"], settling_rows())
