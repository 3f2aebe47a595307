#!/usr/bin/env python3
"""Where each batch path wins: OpenBLAS against Harmonic's loops over channel counts, key counts
and layouts, from `harmonic-peers --crossovers` (built in release mode).

    python3 Benchmarks/peers/crossovers.py [--repeats R] [--json FILE]

Prints, for each shape, loops time ÷ OpenBLAS time (below 1: the loops win). The selection rules
in Sources/HarmonicBLAS (`SpringBasis.automaticMethod`, `KeyframeBasis.productPays`) cite this
sweep.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--json", metavar="FILE", help="also write the medians to FILE")
    args = parser.parse_args()
    subprocess.check_call(["swift", "build", "-c", "release", "--product", "harmonic-peers"], cwd=PACKAGE,
                          stdout=sys.stderr)
    binary = os.path.join(PACKAGE, ".build", "release", "harmonic-peers")
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    out = subprocess.check_output([binary, "--crossovers", "--repeats", str(args.repeats)], env=env)
    medians = json.loads(out)["median_seconds"]
    if args.json:
        with open(args.json, "w") as f:
            json.dump(medians, f, indent=1, sort_keys=True)

    def ratio(prefix):
        return medians[f"{prefix}_loops"] / medians[f"{prefix}_blas"]

    wins = 0
    print("SpringBasis (loops ÷ OpenBLAS; < 1: loops faster)")
    channels = (4, 16, 64, 256, 1024)
    print(f"{'times, layout':22}" + "".join(f"{f'C={c}':>9}" for c in channels))
    for kind in ("grid", "times"):
        for layout in ("time", "channel"):
            row = [ratio(f"cross_spring_{kind}_{layout}_c{c}") for c in channels]
            wins += sum(r > 1 for r in row)
            print(f"{kind + ', ' + layout + '-major':22}" + "".join(f"{r:9.2f}" for r in row))
    keys = (4, 8, 12, 16, 24, 32, 64)
    for mode in ("cubic", "linear"):
        print(f"KeyframeBasis, {mode} (loops ÷ OpenBLAS)")
        print(f"{'channels':22}" + "".join(f"{f'K={k}':>9}" for k in keys))
        for c in (4, 16, 64, 256):
            row = [ratio(f"cross_keys_{mode}_k{k}_c{c}") for k in keys]
            wins += sum(r > 1 for r in row)
            print(f"{f'C={c}':22}" + "".join(f"{r:9.2f}" for r in row))
    print(f"OpenBLAS faster in {wins} of {len(channels) * 4 + len(keys) * 8} shapes")


if __name__ == "__main__":
    main()
