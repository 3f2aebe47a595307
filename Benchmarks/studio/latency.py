#!/usr/bin/env python3
"""Harmonic Studio's answer to one slider move, measured on the server: the requests the page sends
when a spring's stiffness changes (settle, then plot, sample and eight conversions at once), each
command's own time from its `Server-Timing` header and the whole round as the page sees it.

    python3 Benchmarks/studio/latency.py [PATH/TO/harmonic]    # default: the release build

Prints medians over 50 slider positions (the machine is noisy: medians, not single runs)."""
import concurrent.futures
import json
import re
import statistics
import subprocess
import sys
import time
import urllib.request

ROOT = __file__.rsplit("/Benchmarks/", 1)[0]


def binary():
    if len(sys.argv) > 1:
        return sys.argv[1]
    subprocess.check_call(["swift", "build", "-c", "release", "--product", "harmonic"], cwd=ROOT,
                          stdout=sys.stderr, stderr=sys.stderr)
    path = subprocess.check_output(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, text=True)
    return path.strip() + "/harmonic"


def post(base, command, spec, args):
    body = json.dumps({"spec": spec, "args": args}).encode()
    with urllib.request.urlopen(urllib.request.Request(base + "api/" + command, data=body), timeout=60) as response:
        text = response.read()
        timing = float(re.search(r"dur=([0-9.]+)", response.headers["Server-Timing"]).group(1))
    return text, timing


def main():
    server = subprocess.Popen([binary(), "studio", "--port", "0"], stdout=subprocess.PIPE, text=True)
    base = server.stdout.readline().split(": ", 1)[1].strip()
    times = {"settle": [], "plot": [], "sample": [], "convert": []}
    rounds = []
    targets = ["physics", "swiftui", "uikit", "android", "motion", "react-spring", "flutter", "css"]
    try:
        with concurrent.futures.ThreadPoolExecutor(10) as pool:
            for k in range(50):
                spring = {"spring": {"mass": 1, "stiffness": 80 + 4 * k, "damping": 10}}
                start = time.perf_counter()
                text, t = post(base, "settle", spring, [])
                times["settle"].append(t)
                end = str(float(text))
                jobs = [pool.submit(post, base, "plot", spring, []),
                        pool.submit(post, base, "sample", spring,
                                    ["--start", "0", "--end", end, "--fps", "60", "--format", "json"])]
                jobs += [pool.submit(post, base, "convert", spring, ["--to", to]) for to in targets]
                results = [job.result() for job in jobs]
                rounds.append((time.perf_counter() - start) * 1e3)
                times["plot"].append(results[0][1])
                times["sample"].append(results[1][1])
                times["convert"] += [r[1] for r in results[2:]]
    finally:
        server.terminate()
    print("Harmonic Studio, one slider move (50 positions; medians, ms):")
    for command, values in times.items():
        print(f"  {command:8s} {statistics.median(values):7.2f}  (server time of the command; p90 "
              f"{sorted(values)[int(0.9 * len(values))]:.2f})")
    print(f"  round    {statistics.median(rounds):7.2f}  (settle, then the other ten at once, as the page sees it)")


if __name__ == "__main__":
    main()
