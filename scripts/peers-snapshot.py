#!/usr/bin/env python3
"""Measures the peer comparison once and stores it for notebooks/performance.ipynb.

Runs `Benchmarks/peers/compare.py --quick --json` (add --full for the full repetitions) and
writes notebooks/data/peers-quick.json (or peers-full.json): the script's JSON object under
"result", with when it was measured (UTC), the commit it measured, and the command. The
notebook charts this snapshot, because a run takes minutes (a release build of the benchmark
package, then scipy's ODE solvers on a million samples) — longer than `make test` should.

    python3 scripts/peers-snapshot.py          # about 3–6 minutes on 2 cores
    python3 scripts/peers-snapshot.py --full
"""
import argparse
import datetime
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--full", action="store_true", help="full repetitions instead of --quick")
    args = parser.parse_args()
    command = ["python3", "Benchmarks/peers/compare.py", "--json"] + ([] if args.full else ["--quick"])
    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = os.getloadavg()[0]
    output = subprocess.check_output(command, cwd=ROOT, text=True)
    load_after = os.getloadavg()[0]
    result = json.loads(output.strip().splitlines()[-1])
    commit = subprocess.check_output(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True).strip()
    dirty = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", "Sources", "Benchmarks"], cwd=ROOT).returncode != 0
    snapshot = {
        "measured_at": started.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": commit + ("+local changes" if dirty else ""),
        "command": " ".join(command),
        # One-minute load averages around the run: other work on a shared machine slows both
        # sides of a ratio, but not always equally.
        "load_average": [round(load_before, 2), round(load_after, 2)],
        "cores": os.cpu_count(),
        "result": result,
    }
    path = os.path.join(ROOT, "notebooks", "data", "peers-full.json" if args.full else "peers-quick.json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(snapshot, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"wrote {os.path.relpath(path, ROOT)} ({snapshot['measured_at']}, {result.get('machine', '?')})",
          file=sys.stderr)


if __name__ == "__main__":
    main()
