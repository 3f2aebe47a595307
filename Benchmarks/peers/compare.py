#!/usr/bin/env python3
"""Harmonic against its peers on identical workloads, measured in the same run.

Peers: numpy's vectorised closed form (float64), scipy's ODE solvers on the spring ODE
(solve_ivp RK45 and DOP853, odeint/LSODA), numpy's matmul (OpenBLAS) for shared bases, and a
plain store of the same number of doubles (the memory floor). Harmonic's side is the
`harmonic-peers` executable of this package, built in release mode, which prints its median
times as JSON.

    python3 Benchmarks/peers/compare.py            # table of medians and ratios
    python3 Benchmarks/peers/compare.py --quick    # fewer repetitions
    python3 Benchmarks/peers/compare.py --json     # one JSON object (ratios, floor_ratio, …)
    python3 Benchmarks/peers/compare.py --readme   # also rewrite the headline table of
                                                   # Benchmarks/README.md from this run

Every ratio is peer time ÷ Harmonic time (> 1: Harmonic is faster), except `floor_ratio`
(Harmonic's evenly spaced spring time ÷ the plain-store time, ideally close to 1).
"""
import argparse
import json
import os
import platform
import subprocess
import sys
import time

# One thread for numpy's OpenBLAS too (the goals compare single-threaded paths). Set before
# numpy is first imported: OpenBLAS reads it once, when it loads.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)
ROOT = os.path.dirname(PACKAGE)


def ensure_python_packages():
    """Re-runs this script in the repository's .venv when numpy or scipy is missing."""
    try:
        import numpy  # noqa: F401
        import scipy  # noqa: F401
        import polars  # noqa: F401
        import pyarrow  # noqa: F401
        return
    except ImportError:
        pass
    venv = os.path.join(ROOT, ".venv")
    python = os.path.join(venv, "bin", "python")
    # A venv's python is a symlink to the base interpreter, so compare prefixes, not executables.
    if os.path.realpath(sys.prefix) == os.path.realpath(venv):
        sys.exit("compare.py: numpy/scipy/polars/pyarrow still missing in .venv")
    if not os.path.exists(python):
        subprocess.check_call([sys.executable, "-m", "venv", venv], stdout=sys.stderr)
    subprocess.check_call(
        [python, "-m", "pip", "install", "-q", "--disable-pip-version-check", "-r",
         os.path.join(HERE, "requirements.txt")], stdout=sys.stderr)
    # The script that was run (this module is also imported by the other peer scripts).
    os.execv(python, [python, os.path.abspath(sys.argv[0])] + sys.argv[1:])


ensure_python_packages()
import numpy as np  # noqa: E402
from scipy.integrate import odeint, solve_ivp  # noqa: E402

# The workloads, defined exactly as in Sources/HarmonicPeers/main.swift.
MASS, STIFFNESS, DAMPING = 1.0, 100.0, 10.0  # Core Animation's default spring
N = 1_000_000
N_MEMORY = 16_000_000  # 128 MB: larger than every cache, for the memory-bandwidth floor
FRAME_SPRINGS = 10_000
PHI = 0.6180339887498949


def scattered_times(count, span=2.0):
    return span * np.fmod(np.arange(count, dtype=np.float64) * PHI, 1.0)


def grid_times(count):
    return np.arange(count, dtype=np.float64) * (2.0 / count)


def median_time(fn, repeats):
    fn()
    fn()
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    samples.sort()
    return samples[len(samples) // 2]


class UnitSpring:
    """The closed form of a motion from 0 to 1 (underdamped), vectorised with numpy."""

    def __init__(self, m, k, c):
        self.lam = c / (2 * m)
        self.wd = np.sqrt(k / m - self.lam ** 2)
        self.a = -1.0  # x0 = from - to
        self.b = (0.0 + self.lam * self.a) / self.wd

    def values(self, t, out, tmp):
        np.multiply(t, self.wd, out=tmp)
        np.sin(tmp, out=out)
        out *= self.b
        np.cos(tmp, out=tmp)
        tmp *= self.a
        out += tmp
        np.multiply(t, -self.lam, out=tmp)
        np.exp(tmp, out=tmp)
        out *= tmp
        out += 1.0
        return out


def frame_springs(count):
    """The per-frame workload: stiffness 50…350, damping 5…35, every regime."""
    i = np.arange(count, dtype=np.float64)
    u = np.fmod(i * PHI, 1.0)
    w = np.fmod(i * 0.7548776662466927, 1.0)
    k = 50 + 300 * u
    c = 5 + 30 * w
    idx = np.arange(count)
    frm = (idx % 100).astype(np.float64)
    to = (idx % 7).astype(np.float64)
    v0 = (idx % 13).astype(np.float64) - 6
    begin = -0.01 * (idx % 50)
    return k, c, frm, to, v0, begin


class FrameBatch:
    """numpy's vectorised closed form for many springs at one time, regimes by mask."""

    def __init__(self, count):
        k, c, frm, to, v0, begin = frame_springs(count)
        lam = c / 2
        w2 = k
        disc = w2 - lam ** 2
        self.under = disc > 0
        self.over = ~self.under
        self.lam, self.to, self.begin = lam, to, begin
        self.x0, self.v0 = frm - to, v0
        self.wd = np.sqrt(np.where(self.under, disc, 1.0))
        gamma = np.sqrt(np.where(self.over, -disc, 0.0))
        self.r1 = -lam + gamma  # slow root
        self.r2 = -lam - gamma
        self.gap = np.where(self.over, self.r1 - self.r2, 1.0)
        self.out = np.empty(count)

    def values(self, clock):
        t = clock - self.begin
        x0, v0, lam = self.x0, self.v0, self.lam
        # Underdamped: e^(−λt)(x0 cos ωt + (v0 + λx0) sin(ωt)/ω)
        wt = self.wd * t
        under = np.exp(-lam * t) * (x0 * np.cos(wt) + (v0 + lam * x0) * np.sin(wt) / self.wd)
        # Overdamped (and critical as its limit): two exponentials
        e1, e2 = np.exp(self.r1 * t), np.exp(self.r2 * t)
        c2 = (v0 - self.r1 * x0) / self.gap
        over = (x0 - c2) * e1 + c2 * e2
        np.add(self.to, np.where(self.under, under, over), out=self.out)
        return self.out


def spring_ode(_t, y):
    return [y[1], -(STIFFNESS * y[0] + DAMPING * y[1]) / MASS]


def spring_ode_odeint(y, _t):
    return [y[1], -(STIFFNESS * y[0] + DAMPING * y[1]) / MASS]


def python_package():
    """The `harmonic` Python package (python/), installed into this interpreter when missing."""
    try:
        import harmonic
    except ImportError:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                               os.path.join(ROOT, "python")], stdout=sys.stderr)
        import harmonic
    return harmonic


def build_harmonic():
    subprocess.check_call(
        ["swift", "build", "-c", "release", "--product", "harmonic-peers"], cwd=PACKAGE,
        stdout=sys.stderr, stderr=sys.stderr)
    bin_path = subprocess.check_output(
        ["swift", "build", "-c", "release", "--show-bin-path"], cwd=PACKAGE, text=True).strip()
    return os.path.join(bin_path, "harmonic-peers")


def run_harmonic(binary, args):
    out = subprocess.check_output([binary] + args, text=True)
    return json.loads(out)["median_seconds"]


def machine():
    try:
        out = subprocess.check_output(["lscpu"], text=True)
        model = next((line.split(":", 1)[1].strip() for line in out.splitlines()
                      if line.startswith("Model name")), platform.processor())
    except (OSError, subprocess.CalledProcessError):
        model = platform.processor()
    return f"{model}, {os.cpu_count()} cores"


HEADLINE_BEGIN = "<!-- headline table: generated by `python3 Benchmarks/peers/compare.py --readme` -->"
HEADLINE_END = "<!-- end of headline table -->"


def headline_rows(result):
    """The headline table's rows: (workload, Harmonic, peer, peer time, ratio text)."""
    h, peers, r = result["harmonic_median_seconds"], result["peer_median_seconds"], result["ratios"]

    def t(seconds):
        return f"{seconds * 1e6:,.0f} µs" if seconds < 0.01 else f"{seconds * 1e3:,.1f} ms"

    return [
        ("Spring, 1M evenly spaced samples", t(h["spring_grid"]), "numpy closed form",
         t(peers["numpy_spring_grid"]), f"{r['spring_grid_vs_numpy']:.0f}× faster"),
        ("Spring, 1M evenly spaced, vs storing 1M doubles (8 MB)", t(h["pair_spring_grid"]), "plain store",
         t(h["pair_store_floor"]), f"{result['floor_ratio']:.2f}× the store"),
        ("Spring, 16M evenly spaced, vs storing 16M doubles (128 MB)",
         t(result["harmonic_memory_median_seconds"]["pair_spring_grid"]), "plain store",
         t(result["harmonic_memory_median_seconds"]["pair_store_floor"]), f"{result['floor_ratio_memory']:.2f}× the store"),
        ("Spring, 1M arbitrary (unsorted) times", t(h["spring_times"]), "numpy closed form",
         t(peers["numpy_spring_times"]), f"{r['spring_times_vs_numpy']:.1f}× faster"),
        ("Per frame: 10,000 different springs", t(h["per_frame"]), "numpy closed form",
         t(peers["numpy_per_frame"]), f"{r['per_frame_vs_numpy']:.1f}× faster"),
        ("Per frame: 10,000 different springs, `threads: 2` (one thread below 16,384 springs)",
         t(h["per_frame_2threads"]), "numpy closed form",
         t(peers["numpy_per_frame"]), f"{peers['numpy_per_frame'] / h['per_frame_2threads']:.1f}× faster"),
        ("Python `Spring.sample(t, out=…)`, the same 1M arbitrary times (alternating rounds)",
         t(peers["python_spring_times"]), "Swift `Spring.sample(at:)`", t(peers["python_times_swift_pair"]),
         f"{r['python_times_vs_swift_times']:.2f}× Swift"),
        ("Python `Spring.sample_grid(0, 10, 10**6, out=…)`", t(peers["python_spring_sample_grid"]),
         "Swift grid", t(h["spring_linspace10"]), f"{r['python_sample_grid_vs_swift_grid']:.2f}× Swift"),
        ("Python scalar call `spring(0.3)`", f"{peers['python_scalar_call'] * 1e6:.2f} µs", "", "", ""),
        ("16 channels sharing a spring (grid): best loop", t(min(h["shared16_grid_loops"],
         h["shared16_grid_loops_channels"])), "OpenBLAS `dgemm`", t(h["shared16_grid_blas"]),
         f"{r['shared16_grid_blas_vs_best_loops']:.2f} (< 1: loops faster)"),
        ("16 keyframe channels, 32 keys: band loop", t(h["keyframes16_k32_loops"]), "OpenBLAS `dgemm`",
         t(h["keyframes16_k32_blas"]), f"{r['keyframes16_k32_blas_vs_loops']:.2f} (< 1: loops faster)"),
    ]


def write_headline(result, repeats):
    """Replaces the table between the headline markers of Benchmarks/README.md."""
    path = os.path.join(PACKAGE, "README.md")
    with open(path) as f:
        text = f.read()
    if HEADLINE_BEGIN not in text or HEADLINE_END not in text:
        sys.exit(f"compare.py: {path} lacks the headline markers")
    lines = [
        HEADLINE_BEGIN,
        "",
        f"Measured {time.strftime('%Y-%m-%d')} on {result['machine']} (`lscpu`: {cpu_model()}), one thread "
        "unless a row says otherwise, "
        f"medians of {repeats} runs, peers in the same run on the same inputs:",
        "",
        "| workload | Harmonic | peer | peer time | ratio |",
        "|---|---|---|---|---|",
    ]
    lines += [f"| {a} | {b} | {c} | {d} | {e} |" for a, b, c, d, e in headline_rows(result)]
    lines += ["", HEADLINE_END]
    head, rest = text.split(HEADLINE_BEGIN, 1)
    _, tail = rest.split(HEADLINE_END, 1)
    with open(path, "w") as f:
        f.write(head + "\n".join(lines) + tail)
    print(f"compare.py: wrote the headline table of {path}")


def cpu_model():
    try:
        out = subprocess.check_output(["lscpu"], text=True)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    fields = dict(line.split(":", 1) for line in out.splitlines() if ":" in line)
    get = lambda k: fields.get(k, "?").strip()  # noqa: E731
    return f"{get('Model name')}, family {get('CPU family')} model {get('Model')}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--save", metavar="FILE", help="also write the JSON object to FILE")
    parser.add_argument("--readme", action="store_true",
                        help="rewrite the headline table of Benchmarks/README.md with this run's figures")
    args = parser.parse_args()
    repeats = 5 if args.quick else 15
    ode_repeats = 1 if args.quick else 3

    binary = build_harmonic()
    h = run_harmonic(binary, ["--repeats", str(repeats)])
    h_memory = run_harmonic(binary, ["--n", str(N_MEMORY), "--repeats", str(max(5, repeats // 2)),
                                     "--workloads", "store_floor,spring_grid,floor_pair"])

    peers = {}
    spring = UnitSpring(MASS, STIFFNESS, DAMPING)
    out, tmp = np.empty(N), np.empty(N)
    tg, ts = grid_times(N), scattered_times(N)
    peers["numpy_store_floor"] = median_time(lambda: out.fill(1.0), repeats)
    peers["numpy_spring_grid"] = median_time(lambda: spring.values(tg, out, tmp), repeats)
    peers["numpy_spring_times"] = median_time(lambda: spring.values(ts, out, tmp), repeats)
    batch = FrameBatch(FRAME_SPRINGS)
    peers["numpy_per_frame"] = median_time(lambda: batch.values(0.25), repeats * 4)
    # scipy's ODE solvers on the same grid (tight tolerances, so that they are comparable in
    # accuracy to a closed form; their error is reported too).
    y0 = [-1.0, 0.0]
    exact = spring.values(tg, np.empty(N), np.empty(N)) - 1.0
    ode_errors = {}
    for method in ("RK45", "DOP853"):
        def solve(method=method):
            return solve_ivp(spring_ode, (0.0, tg[-1]), y0, method=method, t_eval=tg, rtol=1e-10, atol=1e-12)
        peers[f"scipy_{method.lower()}_grid"] = median_time(solve, ode_repeats)
        ode_errors[method.lower()] = float(np.max(np.abs(solve().y[0] - exact)))

    def lsoda():
        return odeint(spring_ode_odeint, y0, tg, rtol=1e-10, atol=1e-12)
    peers["scipy_lsoda_grid"] = median_time(lsoda, ode_repeats)
    ode_errors["lsoda"] = float(np.max(np.abs(lsoda()[:, 0] - exact)))
    # Shared bases: numpy's matmul (OpenBLAS) on the same n × 3 basis and 3 × C coefficients.
    for channels in (16, 64):
        count = (1 << 20) // channels
        basis = np.random.default_rng(1).random((count, 3))
        coefficients = np.random.default_rng(2).random((3, channels))
        product = np.empty((count, channels))
        peers[f"numpy_shared{channels}_matmul"] = median_time(
            lambda b=basis, k=coefficients, p=product: np.matmul(b, k, out=p), repeats)
    # The Python package on numpy's own linspace (the library finds the grid in the times and
    # takes the grid path), its explicit grid call, numpy's closed form on the same times, and
    # the cost of one scalar evaluation through ctypes.
    hp = python_package()
    py_spring = hp.Spring(mass=MASS, stiffness=STIFFNESS, damping=DAMPING)
    lin = np.linspace(0.0, 10.0, N)
    peers["python_spring_linspace"] = median_time(lambda: py_spring.sample(lin), repeats)
    # Into one array, as the Swift side writes (`out=`; a fresh 8 MB result costs page faults).
    grid_out = np.empty(N)
    peers["python_spring_sample_grid"] = median_time(
        lambda: py_spring.sample_grid(0.0, 10.0, N, out=grid_out), repeats)
    lin_out, lin_tmp = np.empty(N), np.empty(N)
    peers["numpy_spring_linspace"] = median_time(lambda: spring.values(lin, lin_out, lin_tmp), repeats)
    # Arbitrary times from Python: the same scattered times as the Swift `spring_times`, in
    # alternating rounds with harmonic-peers (the machine's speed drifts by tens of per cent over
    # a minute, so the two sides are compared round by round and the median ratio is kept).
    # Like the Swift side, Python writes into one preallocated array (`out=`): a fresh 8 MB
    # result per call costs page faults that have nothing to do with the library.
    pairs = []
    times_out = np.empty(N)
    for _ in range(5):
        swift = run_harmonic(binary, ["--repeats", str(repeats), "--workloads", "spring_times"])["spring_times"]
        python = median_time(lambda: py_spring.sample(ts, out=times_out), repeats)
        pairs.append((python / swift, python, swift))
    pairs.sort()
    peers["python_spring_times"] = pairs[len(pairs) // 2][1]
    peers["python_times_swift_pair"] = pairs[len(pairs) // 2][2]
    peers["python_times_pair_ratio"] = pairs[len(pairs) // 2][0]
    calls = 20_000
    peers["python_scalar_call"] = median_time(lambda: [py_spring(0.3) for _ in range(calls)], repeats) / calls
    big = np.empty(N_MEMORY)
    peers["numpy_store_floor_memory"] = median_time(lambda: big.fill(1.0), max(3, repeats // 3))
    del big

    def best_shared(c, kind):
        return min(h[f"shared{c}_{kind}_loops"], h[f"shared{c}_{kind}_loops_channels"])

    ratios = {
        "spring_grid_vs_numpy": peers["numpy_spring_grid"] / h["spring_grid"],
        "spring_times_vs_numpy": peers["numpy_spring_times"] / h["spring_times"],
        "per_frame_vs_numpy": peers["numpy_per_frame"] / h["per_frame"],
        "spring_grid_vs_scipy_rk45": peers["scipy_rk45_grid"] / h["spring_grid"],
        "spring_grid_vs_scipy_dop853": peers["scipy_dop853_grid"] / h["spring_grid"],
        "spring_grid_vs_scipy_lsoda": peers["scipy_lsoda_grid"] / h["spring_grid"],
        "spring_times_vs_scalar_loop": h["spring_times_scalar"] / h["spring_times"],
        "per_frame_vs_scalar_loop": h["per_frame_scalar"] / h["per_frame"],
        # Python ÷ Swift (> 1: Python is slower), and numpy ÷ Python.
        "python_linspace_vs_swift_grid": peers["python_spring_linspace"] / h["spring_linspace10"],
        "python_sample_grid_vs_swift_grid": peers["python_spring_sample_grid"] / h["spring_linspace10"],
        "python_linspace_vs_numpy": peers["numpy_spring_linspace"] / peers["python_spring_linspace"],
        "python_times_vs_swift_times": peers["python_times_pair_ratio"],
    }
    for c in (16, 64):
        for kind in ("grid", "times"):
            ratios[f"shared{c}_{kind}_blas_vs_best_loops"] = best_shared(c, kind) / h[f"shared{c}_{kind}_blas"]
        ratios[f"shared{c}_vs_numpy_matmul"] = peers[f"numpy_shared{c}_matmul"] / min(
            h[f"shared{c}_grid_blas"], best_shared(c, "grid"))
    # Interleaved pairs (see harmonic-peers): robust against the machine's drift.
    for keys in (8, 32):
        name = f"keyframes16_k{keys}"
        if f"{name}_blas" in h:  # present once keyframe tracks are in the library
            ratios[f"{name}_blas_vs_loops"] = h[f"{name}_loops"] / h[f"{name}_blas"]
            ratios[f"{name}_blas_vs_tracks"] = h[f"{name}_tracks"] / h[f"{name}_blas"]
    floor_ratio = h["pair_ratio"]
    floor_ratio_memory = h_memory["pair_ratio"]
    goals = {
        "spring_times_vs_numpy >= 8 (arbitrary times)": ratios["spring_times_vs_numpy"] >= 8,
        "per_frame 10k springs <= 40 us (one thread)": h["per_frame"] <= 40e-6,
        "per_frame 10k springs <= 40 us (threads: 2 asked)": h["per_frame_2threads"] <= 40e-6,
        "python Spring.sample(times) <= 1.1 x Swift arbitrary times": ratios["python_times_vs_swift_times"] <= 1.1,
        "python scalar call spring(t) <= 2 us": peers["python_scalar_call"] <= 2e-6,
        "floor_ratio <= 1.25 (1M doubles, cache-resident)": floor_ratio <= 1.25,
        "spring_grid_vs_numpy >= 20": ratios["spring_grid_vs_numpy"] >= 20,
        "floor_ratio <= 1.5 (1M doubles, cache-resident)": floor_ratio <= 1.5,
        "floor_ratio_memory <= 1.5 (16M doubles, memory)": floor_ratio_memory <= 1.5,
        "spring_times_vs_numpy >= 3": ratios["spring_times_vs_numpy"] >= 3,
        "per_frame 10k springs <= 100 us": h["per_frame"] <= 100e-6,
        "python Spring.sample_grid <= 1.3 x Swift grid": ratios["python_sample_grid_vs_swift_grid"] <= 1.3,
        "python Spring.sample(np.linspace) >= 20 x numpy": ratios["python_linspace_vs_numpy"] >= 20,
    }
    result = {
        "ratios": ratios,
        "floor_ratio": floor_ratio,
        "floor_ratio_memory": floor_ratio_memory,
        "goals": goals,
        "harmonic_median_seconds": h,
        "harmonic_memory_median_seconds": h_memory,
        "peer_median_seconds": peers,
        "scipy_max_abs_error": ode_errors,
        "sizes": {"samples": N, "memory_samples": N_MEMORY, "frame_springs": FRAME_SPRINGS},
        "machine": machine(),
        "quick": args.quick,
    }
    if args.save:
        with open(args.save, "w") as f:
            json.dump(result, f, sort_keys=True, indent=1)
    if args.readme:
        write_headline(result, repeats)
    if args.json:
        print(json.dumps(result, sort_keys=True))
        return

    def us(seconds):
        return f"{seconds * 1e6:,.0f} µs" if seconds < 0.1 else f"{seconds * 1e3:,.1f} ms"

    rows = [
        ("Evenly spaced spring, 1M samples", h["spring_grid"], "numpy closed form", peers["numpy_spring_grid"]),
        ("", h["spring_grid"], "scipy solve_ivp RK45", peers["scipy_rk45_grid"]),
        ("", h["spring_grid"], "scipy solve_ivp DOP853", peers["scipy_dop853_grid"]),
        ("", h["spring_grid"], "scipy odeint (LSODA)", peers["scipy_lsoda_grid"]),
        ("Evenly spaced spring, 1M (paired runs)", h["pair_spring_grid"], "plain store (floor)",
         h["pair_store_floor"]),
        ("Evenly spaced spring, 16M (paired runs)", h_memory["pair_spring_grid"], "plain store (floor)",
         h_memory["pair_store_floor"]),
        ("Arbitrary times, 1M samples", h["spring_times"], "numpy closed form", peers["numpy_spring_times"]),
        ("Per frame, 10k springs", h["per_frame"], "numpy closed form", peers["numpy_per_frame"]),
        ("Per frame, 10k springs, threads: 2 asked", h["per_frame_2threads"], "numpy closed form",
         peers["numpy_per_frame"]),
        ("Python Spring.sample(linspace(0, 10, 1M))", peers["python_spring_linspace"], "numpy closed form",
         peers["numpy_spring_linspace"]),
    ]
    for c in (16, 64):
        for kind in ("grid", "times"):
            rows.append((f"{c} channels shared basis ({kind}), OpenBLAS", h[f"shared{c}_{kind}_blas"],
                         "best Harmonic loop", best_shared(c, kind)))
        rows.append((f"{c} channels shared basis, best Harmonic", min(h[f"shared{c}_grid_blas"],
                     best_shared(c, "grid")), "numpy matmul", peers[f"numpy_shared{c}_matmul"]))
    print(f"Machine: {result['machine']}; medians of {repeats} runs (ODE solvers: {ode_repeats}); "
          f"ratio = peer ÷ Harmonic (rows against the floor: Harmonic ÷ floor, marked ×)")
    print(f"{'Workload':44} {'Harmonic':>11}  {'Peer':24} {'Peer time':>11} {'Ratio':>8}")
    for name, mine, peer, theirs in rows:
        if "floor" in peer:
            # For the floor the interesting number is Harmonic ÷ floor (shown with a ×).
            print(f"{name:44} {us(mine):>11}  {peer:24} {us(theirs):>11} {mine / theirs:>7.2f}×")
        else:
            print(f"{name:44} {us(mine):>11}  {peer:24} {us(theirs):>11} {theirs / mine:>8.2f}")
    for keys in (8, 32):
        name = f"keyframes16_k{keys}"
        if f"{name}_blas" in h:
            print(f"{f'16 keyframe channels, {keys} keys, OpenBLAS':44} {us(h[f'{name}_blas']):>11}  "
                  f"{'band loop':24} {us(h[f'{name}_loops']):>11} {h[f'{name}_loops'] / h[f'{name}_blas']:>8.2f}")
            print(f"{'':44} {us(h[f'{name}_blas']):>11}  {'per-channel tracks':24} "
                  f"{us(h[f'{name}_tracks']):>11} {h[f'{name}_tracks'] / h[f'{name}_blas']:>8.2f}")
    print(f"Python package vs Swift, same spring on linspace(0, 10, 1M): Spring.sample(linspace) "
          f"{us(peers['python_spring_linspace'])} = {ratios['python_linspace_vs_swift_grid']:.2f}× the Swift grid "
          f"({us(h['spring_linspace10'])}); Spring.sample_grid {us(peers['python_spring_sample_grid'])} = "
          f"{ratios['python_sample_grid_vs_swift_grid']:.2f}×; one scalar call spring(t) "
          f"{peers['python_scalar_call'] * 1e9:,.0f} ns")
    print(f"floor_ratio (Harmonic grid ÷ plain store, median of paired runs): {floor_ratio:.2f} at 1M "
          f"doubles (8 MB, cache-resident), {floor_ratio_memory:.2f} at 16M doubles (128 MB, memory)")
    print("scipy max |error| on the grid: " + ", ".join(f"{k} {v:.1e}" for k, v in ode_errors.items()))
    for goal, met in goals.items():
        print(f"  {'met ' if met else 'MISSED'}  {goal}")
    # CSV/JSON export against numpy + polars and pyarrow, in the same run.
    subprocess.check_call([sys.executable, os.path.join(HERE, "export.py"), "--rounds", "5" if args.quick else "9"])


if __name__ == "__main__":
    main()
