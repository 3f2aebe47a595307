#!/usr/bin/env python3
"""Export speed: `harmonic sample` of a spring, 1,000,000 evenly spaced samples to CSV and JSON,
against numpy's closed form written by polars and by pyarrow's CSV writer, timed in alternation.

Every contender writes the same columns (time, value) for the same spring (Core Animation's
default, m = 1, k = 100, c = 10) on the same grid (0 to 10 s), with shortest round-trip
numbers, to a file on the same disk. The Python side includes computing the curve with numpy
(as a user of that stack would); the harmonic side is the whole command (start-up, parsing,
sampling, formatting, atomic write). Medians over interleaved rounds, so that the machine's
drift affects every contender alike; ratio = peer ÷ harmonic.

    python3 Benchmarks/peers/export.py [--rounds N] [--harmonic PATH]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

COUNT = 1_000_000
END = 10.0
SPEC = '{"spring": {"mass": 1, "stiffness": 100, "damping": 10}}'


def curve(np):
    """Core Animation's default spring (ζ = 0.5) from 0 to 1, in closed form."""
    t = np.linspace(0.0, END, COUNT)
    lam, wd = 5.0, np.sqrt(75.0)
    value = 1.0 - np.exp(-lam * t) * (np.cos(wd * t) + lam / wd * np.sin(wd * t))
    return t, value


def harmonic_binary(path):
    if path:
        return path
    # The tool as it is shipped on Linux: a release build with the Swift runtime linked in
    # (--static-swift-stdlib), which starts in about 7 ms instead of 13 (no dynamic
    # relocation of the runtime libraries). Its own scratch path keeps the plain release
    # build in .build untouched.
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    flags = ["-c", "release", "--static-swift-stdlib", "--scratch-path", ".build-static"]
    subprocess.check_call(["swift", "build", *flags, "--product", "harmonic"], cwd=root,
                          stdout=sys.stderr, stderr=sys.stderr)
    bin_dir = subprocess.check_output(["swift", "build", *flags, "--show-bin-path"], cwd=root,
                                      text=True).strip()
    return os.path.join(bin_dir, "harmonic")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--harmonic",
                        help="a built harmonic binary (default: a release build with the runtime linked in)")
    args = parser.parse_args()
    import numpy as np
    import polars as pl
    import pyarrow as pa
    import pyarrow.csv as pacsv

    binary = harmonic_binary(args.harmonic)
    out = tempfile.mkdtemp(prefix="harmonic-export-")

    def run(argv):
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)

    def polars_csv():
        t, v = curve(np)
        pl.DataFrame({"time": t, "value": v}).write_csv(os.path.join(out, "polars.csv"))

    def polars_json():
        t, v = curve(np)
        pl.DataFrame({"time": t, "value": v}).write_ndjson(os.path.join(out, "polars.ndjson"))

    def pyarrow_csv():
        t, v = curve(np)
        pacsv.write_csv(pa.table({"time": t, "value": v}), os.path.join(out, "pyarrow.csv"))

    grid = ["--start", "0", "--end", str(END), "--count", str(COUNT)]
    contenders = {
        "harmonic csv": lambda: run([binary, "sample", SPEC, *grid, "--output", os.path.join(out, "h.csv")]),
        "harmonic json": lambda: run([binary, "sample", SPEC, *grid, "--format", "json",
                                      "--output", os.path.join(out, "h.json")]),
        "numpy + polars write_csv": polars_csv,
        "numpy + polars write_ndjson": polars_json,
        "numpy + pyarrow write_csv": pyarrow_csv,
        # What starting the process costs (the peers run inside this interpreter).
        "harmonic, one sample": lambda: run([binary, "sample", SPEC, "--times", "0",
                                             "--output", os.path.join(out, "one.csv")]),
    }
    times = {name: [] for name in contenders}
    for _ in range(args.rounds):
        for name, fn in contenders.items():
            start = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - start)
    medians = {name: statistics.median(ts) for name, ts in times.items()}
    sizes = {name: os.path.getsize(os.path.join(out, f)) for name, f in
             [("harmonic csv", "h.csv"), ("harmonic json", "h.json"), ("polars csv", "polars.csv"),
              ("polars ndjson", "polars.ndjson"), ("pyarrow csv", "pyarrow.csv")]}
    print(f"1,000,000 spring samples, medians of {args.rounds} interleaved rounds; ratio = peer ÷ harmonic")
    for name in ("numpy + polars write_csv", "numpy + pyarrow write_csv"):
        print(f"  harmonic csv  {medians['harmonic csv'] * 1e3:7.1f} ms   {name:28} "
              f"{medians[name] * 1e3:7.1f} ms   ratio {medians[name] / medians['harmonic csv']:.2f}")
    name = "numpy + polars write_ndjson"
    print(f"  harmonic json {medians['harmonic json'] * 1e3:7.1f} ms   {name:28} "
          f"{medians[name] * 1e3:7.1f} ms   ratio {medians[name] / medians['harmonic json']:.2f}")
    print(f"  harmonic's process start (one sample): {medians['harmonic, one sample'] * 1e3:.1f} ms of each harmonic time")
    print("  file sizes (MB): " + ", ".join(f"{k} {v / 1e6:.1f}" for k, v in sizes.items()))


if __name__ == "__main__":
    main()
