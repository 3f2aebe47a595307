#!/usr/bin/env python3
"""Reference values for Harmonic's decay curves.

Writes four tables to Tests/HarmonicTests/References/:

decay-exponential.csv   value and velocity of exponential decays in each vocabulary at
                        times over the whole motion, 50 significant digits (mpmath).
decay-rest.csv          rest times by a speed threshold and by a distance threshold.
decay-crossing.csv      the time, value and velocity at which a decay meets a wall.
decay-spline.csv        Android's fling spline: the 101-entry SPLINE_POSITION table and the
                        duration, distance, offset and velocity of flings, computed by the
                        public AOSP algorithm (android.widget.OverScroller) in the precision
                        AOSP uses: single precision for the table and the constants (each
                        operation rounded to binary32 with struct), double for the rest.

Every parameter is taken as the binary64 number Harmonic receives (for example the
deceleration rate 0.998 is 0.99799999999999999822...), and the closed forms are then
evaluated exactly:

    UIKit    k = -1000 ln r            Android  k = 4.2 f (4.2 as a double)
    Flutter  k = -ln d                 Motion   k = 1000/tau, amplitude = power*v
    offset(t) = (v0/k)(1 - e^(-k t)),  velocity(t) = v0 e^(-k t)

Run:  python3 scripts/references/decay_reference.py
"""
import math
import os
import struct

import mpmath as mp

mp.mp.dps = 50
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "HarmonicTests", "References")


def exact(x):
    """The binary64 number x, exactly."""
    return mp.mpf(float(x))


def decay_constant(form, parameter):
    p = exact(parameter)
    if form == "uikit":
        return -1000 * mp.log(p)
    if form == "android":
        return exact(4.2) * p
    if form == "flutter":
        return -mp.log(p)
    if form == "motion":
        return 1000 / p
    raise ValueError(form)


def rest_offset(form, parameter, v0, power):
    """v0/k, or for Motion the amplitude power*v0 (rounded to binary64, as Motion and Harmonic compute it)."""
    if form == "motion":
        return exact(float(power) * float(v0))
    return exact(v0) / decay_constant(form, parameter)


def initial_velocity(form, parameter, v0, power):
    if form == "motion":
        return rest_offset(form, parameter, v0, power) * decay_constant(form, parameter)
    return exact(v0)


CASES = [
    # form, parameter, x0, v0 (Motion: the gesture velocity; power 0.8)
    ("uikit", 0.998, 0, 1000),
    ("uikit", 0.998, 250, 3500),
    ("uikit", 0.99, -10, -2400),
    ("uikit", 0.5, 0, 80),
    ("android", 1, 0, 5000),
    ("android", 0.35, 100, 1200),
    ("android", 4, -3, -900),
    ("flutter", 0.135, 0, 1500),
    ("flutter", 0.001, 40, 700),
    ("flutter", 0.9, 0, -60),
    ("motion", 325, 0, 800),
    ("motion", 700, 10, 2000),
    ("motion", 100, -50, -1500),
]

FRACTIONS = ["0", "1e-9", "1e-6", "0.001", "0.01", "0.05", "0.1", "0.2", "0.3", "0.5", "0.7", "0.9",
             "1", "1.5", "3"]


def write_exponential():
    rows = ["form,parameter,x0,v0,t,value,velocity"]
    for form, parameter, x0, v0 in CASES:
        k = decay_constant(form, parameter)
        a = rest_offset(form, parameter, v0, 0.8)
        v = initial_velocity(form, parameter, v0, 0.8)
        # Out to the time the speed has fallen by e^-36 (about 1e-16 of v0).
        horizon = 36 / k
        for f in FRACTIONS:
            t = float(mp.mpf(f) * horizon)
            e = mp.exp(-k * exact(t))
            value = exact(x0) + a * (1 - e)
            velocity = v * e
            rows.append(f"{form},{parameter!r},{x0},{v0},{t!r},{mp.nstr(value, 30)},{mp.nstr(velocity, 30)}")
    return rows


def write_rest():
    rows = ["form,parameter,v0,kind,threshold,restTime"]
    for form, parameter, _, v0 in CASES:
        k = decay_constant(form, parameter)
        v = initial_velocity(form, parameter, v0, 0.8)
        a = rest_offset(form, parameter, v0, 0.8)
        for threshold in (0.001, 0.1, 62.5):
            t = mp.log(abs(v) / exact(threshold)) / k if abs(v) > threshold else mp.mpf(0)
            rows.append(f"{form},{parameter!r},{v0},speed,{threshold!r},{mp.nstr(t, 30)}")
        for threshold in (0.5, 0.01):
            t = mp.log(abs(a) / exact(threshold)) / k if abs(a) > threshold else mp.mpf(0)
            rows.append(f"{form},{parameter!r},{v0},distance,{threshold!r},{mp.nstr(t, 30)}")
    return rows


def write_crossing():
    rows = ["form,parameter,x0,v0,wall,time,velocity"]
    for form, parameter, x0, v0 in CASES:
        k = decay_constant(form, parameter)
        a = rest_offset(form, parameter, v0, 0.8)
        v = initial_velocity(form, parameter, v0, 0.8)
        for fraction in ("0.1", "0.5", "0.9", "0.999"):
            wall = float(exact(x0) + mp.mpf(fraction) * a)
            # x0 + a(1 - e^(-k t)) = wall  =>  t = -ln(1 - (wall - x0)/a)/k
            t = -mp.log(1 - (exact(wall) - exact(x0)) / a) / k
            rows.append(f"{form},{parameter!r},{x0},{v0},{wall!r},{mp.nstr(t, 30)},{mp.nstr(v * mp.exp(-k * t), 30)}")
    return rows


# --- Android's fling spline, as AOSP computes it -------------------------------------------

def f32(x):
    """x rounded to binary32 (round to nearest even)."""
    return struct.unpack("f", struct.pack("f", x))[0]


def spline_positions():
    inflexion, start_tension, end_tension = f32(0.35), f32(0.5), f32(1.0)
    p1 = f32(start_tension * inflexion)
    p2 = f32(1.0 - f32(end_tension * f32(1.0 - inflexion)))
    table = [1.0] * 101
    x_min = 0.0
    for i in range(100):
        alpha = f32(i / 100)
        x_max = 1.0
        while True:
            x = f32(x_min + f32(f32(x_max - x_min) / 2))
            coef = f32(f32(3 * x) * f32(1 - x))
            tx = f32(f32(coef * f32(f32(f32(1 - x) * p1) + f32(x * p2))) + f32(f32(x * x) * x))
            if abs(f32(tx - alpha)) < 1e-5:
                break
            if tx > alpha:
                x_max = x
            else:
                x_min = x
        table[i] = f32(f32(coef * f32(f32(f32(1 - x) * start_tension) + x)) + f32(f32(x * x) * x))
    return table


def fling(density, velocity, friction=0.015):
    """(duration s, signed distance) of a fling: constants in binary32, the rest in binary64."""
    ppi = f32(f32(density) * 160)
    coefficient = f32(f32(f32(f32(9.80665) * f32(39.37)) * ppi) * f32(0.84))
    deceleration = f32(f32(friction) * coefficient)
    rate = f32(math.log(0.78) / math.log(0.9))
    l = math.log(f32(0.35) * abs(velocity) / deceleration)
    duration = math.exp(l / (rate - 1))
    distance = deceleration * math.exp(rate / (rate - 1) * l)
    return duration, math.copysign(distance, velocity)


def write_spline():
    table = spline_positions()
    rows = ["kind,density,v0,fraction,duration,distance,offset,velocity"]
    for k, p in enumerate(table):
        rows.append(f"table,0,0,{k},0,0,{p!r},0")
    for density in (1.0, 2.625, 3.5):
        for v0 in (50.0, 1000.0, 8000.0, -4000.0):
            duration, distance = fling(density, v0)
            for fraction in (0.0, 0.005, 0.123, 0.5, 0.77, 0.999):
                u = fraction
                i = min(int(100 * u), 99)
                slope = (table[i + 1] - table[i]) * 100
                position = table[i] + (u - i / 100) * slope
                rows.append(
                    f"fling,{density!r},{v0!r},{fraction!r},{duration!r},{distance!r},"
                    f"{distance * position!r},{distance / duration * slope!r}")
    return rows


def main():
    for name, rows in (("decay-exponential", write_exponential()), ("decay-rest", write_rest()),
                       ("decay-crossing", write_crossing()), ("decay-spline", write_spline())):
        with open(os.path.join(OUT, name + ".csv"), "w") as f:
            f.write("\n".join(rows) + "\n")
        print(f"{name}.csv: {len(rows) - 1} rows")


if __name__ == "__main__":
    main()
