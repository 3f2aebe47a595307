#!/usr/bin/env python3
"""Spring networks: Harmonic's exact modal solution against what people use today, measured in
the same run, one thread each (OpenBLAS under numpy, scipy and Harmonic alike).

Workload: a chain of `n` unit masses between two walls, springs of `k` N/m (400, and 10⁴ for a
stiffer chain) with dampers of 0.02·k beside them (Rayleigh damping), every node displaced;
1,000 evenly spaced times over 10 s. The integrators' cost grows with the fastest mode's
frequency times the duration; the exact solution's does not. Peers: scipy's matrix exponential per time (`expm(A·t) @ s0`, the textbook exact
solution), scipy's DOP853 at rtol 1e-13 (the reference the tests use), and a semi-implicit
Euler integrator at 60 fps in numpy (what an animation engine steps; its drift is reported).

    python3 Benchmarks/peers/networks.py            # table of medians and ratios
    python3 Benchmarks/peers/networks.py --quick    # fewer repetitions
    python3 Benchmarks/peers/networks.py --json     # one JSON object

Every ratio is peer time ÷ Harmonic time (> 1: Harmonic is faster).
"""
import argparse
import json
import os
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from compare import median_time, python_package  # noqa: E402  (also re-runs in .venv if needed)

import numpy as np  # noqa: E402
from scipy.integrate import solve_ivp  # noqa: E402
from scipy.linalg import expm  # noqa: E402

BETA = 0.02


def chain(harmonic, n, STIFFNESS):
    """The network, its state matrix A (2n × 2n) and its initial state."""
    rng = np.random.default_rng(n)
    x0 = np.arange(1, n + 1) + 0.3 * rng.uniform(-1, 1, n)
    nodes = [{"position": float(x)} for x in x0]
    edges = [{"from": 0, "anchor": 0, "stiffness": STIFFNESS, "damping": BETA * STIFFNESS, "rest": 1},
             {"from": n - 1, "anchor": 1, "stiffness": STIFFNESS, "damping": BETA * STIFFNESS, "rest": -1}]
    edges += [{"from": i, "to": i - 1, "stiffness": STIFFNESS, "damping": BETA * STIFFNESS, "rest": 1}
              for i in range(1, n)]
    network = harmonic.SpringNetwork(nodes, edges, anchors=[0.0, float(n + 1)])
    K = 2 * STIFFNESS * np.eye(n) - STIFFNESS * (np.eye(n, k=1) + np.eye(n, k=-1))
    A = np.zeros((2 * n, 2 * n))
    A[:n, n:] = np.eye(n)
    A[n:, :n] = -K
    A[n:, n:] = -BETA * K
    # Rest: evenly spaced at 1, 2, …, n; the deviation from it is what A propagates.
    rest = np.arange(1, n + 1, dtype=float)
    return network, A, np.concatenate([x0 - rest, np.zeros(n)]), rest


def euler_60fps(A, s0, n, end):
    """Semi-implicit Euler at 60 fps (velocity first, then position), as engines step springs."""
    h = 1 / 60
    x, v = s0[:n].copy(), s0[n:].copy()
    K, C = -A[n:, :n], -A[n:, n:]
    for _ in range(int(round(end / h))):
        v -= h * (K @ x + C @ v)
        x += h * v
    return x


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    repeats = 3 if args.quick else 7
    harmonic = python_package()
    times = np.linspace(0, 10, 1000)
    result = {"times": len(times), "rows": []}
    for n, k in ((100, 400.0), (100, 1e4), (1000, 400.0)):
        network, A, s0, rest = chain(harmonic, n, k)
        row = {"nodes": n, "stiffness": k, "method": network.method}
        row["harmonic_build_s"] = median_time(lambda: chain(harmonic, n, k)[0], max(1, repeats // 2))
        row["harmonic_sample_s"] = median_time(lambda: network.sample(times), repeats)
        got = network.sample(times)[:, :, 0]
        # expm per time: measured on a few times and scaled to all of them.
        few = times[:: len(times) // (10 if n <= 100 else 2)]
        per_time = median_time(lambda: [expm(A * t) @ s0 for t in few], 1 if n > 100 else repeats) / len(few)
        row["scipy_expm_s"] = per_time * len(times)
        reference = np.array([(expm(A * t) @ s0)[:n] for t in few]) + rest
        picked = [int(round(t / 10 * (len(times) - 1))) for t in few]
        row["error_vs_expm"] = float(np.abs(got[picked] - reference).max())
        if n <= 100:
            def dop853():
                return solve_ivp(lambda t, s: A @ s, (0, 10), s0, method="DOP853", t_eval=times, rtol=1e-13,
                                 atol=1e-13)
            row["scipy_dop853_s"] = median_time(dop853, 1)
            row["error_vs_dop853"] = float(np.abs(got - (dop853().y[:n].T + rest)).max())
            row["euler_60fps_s"] = median_time(lambda: euler_60fps(A, s0, n, 10.0), 1)
            drift = np.abs(euler_60fps(A, s0, n, 10.0) + rest - got[-1]).max()
            row["euler_60fps_drift_at_10s"] = float(drift)
        result["rows"].append(row)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"Spring network chains, {len(times)} times over 10 s, one thread (medians)")
    for row in result["rows"]:
        n, h = row["nodes"], row["harmonic_sample_s"]
        print(f"\n{n} nodes, k = {row['stiffness']:g} N/m ({row['method']} solver): "
              f"modes {row['harmonic_build_s'] * 1e3:.1f} ms, "
              f"sampling {h * 1e3:.2f} ms")
        print(f"  scipy expm per time:  {row['scipy_expm_s'] * 1e3:10.1f} ms  ({row['scipy_expm_s'] / h:7.0f}×)  "
              f"max difference {row['error_vs_expm']:.1e}")
        if "scipy_dop853_s" in row:
            print(f"  scipy DOP853 1e-13:   {row['scipy_dop853_s'] * 1e3:10.1f} ms  "
                  f"({row['scipy_dop853_s'] / h:7.0f}×)  max difference {row['error_vs_dop853']:.1e}")
            print(f"  Euler at 60 fps:      {row['euler_60fps_s'] * 1e3:10.1f} ms  "
                  f"({row['euler_60fps_s'] / h:7.1f}×)  drift after 10 s {row['euler_60fps_drift_at_10s']:.1e}")


if __name__ == "__main__":
    main()
