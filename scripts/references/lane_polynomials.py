#!/usr/bin/env python3
"""Near-minimax polynomial coefficients for the SIMD elementary functions of the batch kernels
(Sources/Harmonic/Numerics/LaneExponential.swift, LaneSineCosine.swift).

Chebyshev fits (mpmath.chebyfit) at 60 digits of the reduced functions over their reduction
intervals; prints Swift hex-float literals and the fit's relative error, which must stay far
below 2^-53 for the lane functions to be accurate to about an ulp.

    python3 scripts/references/lane_polynomials.py
"""
import mpmath

mpmath.mp.dps = 60


def fit(name, f, lo, hi, degree):
    coefficients, error = mpmath.chebyfit(f, [lo, hi], degree + 1, error=True)
    coefficients = coefficients[::-1]  # constant term first
    scale = max(abs(f(mpmath.mpf(lo))), abs(f(mpmath.mpf(hi))), abs(f((mpmath.mpf(lo) + hi) / 2)))
    print(f"// {name}: degree {degree} on [{mpmath.nstr(lo, 6)}, {mpmath.nstr(hi, 6)}], "
          f"relative fit error {mpmath.nstr(error / scale, 3)}")
    for i, c in enumerate(coefficients):
        print(f"    c{i} = {float(c).hex()}")


half_ln2 = mpmath.log(2) / 2
quarter_pi_squared = (mpmath.pi / 4) ** 2


def expm1_over_x(x):
    return mpmath.expm1(x) / x if x != 0 else mpmath.mpf(1)


def sin_tail(u):  # (sin r - r) / r^3 with u = r^2
    if u == 0:
        return mpmath.mpf(-1) / 6
    r = mpmath.sqrt(u)
    return (mpmath.sin(r) - r) / (r * u)


def cos_tail(u):  # (cos r - 1 + r^2/2) / r^4 with u = r^2
    if u == 0:
        return mpmath.mpf(1) / 24
    r = mpmath.sqrt(u)
    return (mpmath.cos(r) - 1 + u / 2) / (u * u)


for d in (9, 10, 11):
    fit("(e^r - 1)/r", expm1_over_x, -half_ln2, half_ln2, d)
for d in (4, 5, 6):
    fit("(sin r - r)/r^3 in u = r^2", sin_tail, 0, quarter_pi_squared * 1.0001, d)
for d in (4, 5, 6):
    fit("(cos r - 1 + r^2/2)/r^4 in u = r^2", cos_tail, 0, quarter_pi_squared * 1.0001, d)
