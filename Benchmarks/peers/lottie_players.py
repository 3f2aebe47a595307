#!/usr/bin/env python3
"""Lottie: Harmonic evaluating a frame of a 100-layer animation (and writing its SVG) against
rlottie building its render tree and ThorVG updating its scene for the same file and frames,
in the same run, one thread each.

Workload (`animation()`, written to Benchmarks/Fixtures/lottie-100.json): 100 shape layers
on a 512 × 512 composition at 60 fps over 120 frames — each a group with a rectangle (rounded),
an ellipse or a star, a fill and a stroke, moving along an eased spatial curve while it turns,
scales and fades; every fourth layer has a trim path, every tenth is parented to the one before.
Frames 0…119 are visited in a fixed scrambled order, so no player sees the same frame twice in
a row.

    python3 Benchmarks/peers/lottie_players.py           # table of medians and ratios
    python3 Benchmarks/peers/lottie_players.py --quick   # fewer repetitions
    python3 Benchmarks/peers/lottie_players.py --write   # rewrite the fixture
    python3 Benchmarks/peers/lottie_players.py --against OLD/harmonic-peers   # before/after

Ratios are peer time ÷ Harmonic time (> 1: Harmonic is faster): the players take turns in
blocks (3 with --quick, else 5), each block's ratio is taken, and the median is reported.
`--against` runs a second build of `harmonic-peers` (another commit's) in the same blocks and
reports this build's time ÷ that one's for each workload (< 1: this build is faster).
"""
import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
FIXTURE = os.path.join(os.path.dirname(HERE), "Fixtures", "lottie-100.json")
EASE = {"o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}}


def value(v):
    return {"a": 0, "k": v}


def animation(layers=100):
    out = []
    for i in range(layers):
        u = (i * 0.6180339887498949) % 1
        w = (i * 0.7548776662466927) % 1
        x0, y0 = 40 + 430 * u, 40 + 430 * w
        x1, y1 = 472 - 430 * w, 40 + 430 * u
        kind = i % 3
        geometry = (
            {"ty": "rc", "p": value([0, 0]), "s": value([30 + 20 * u, 20 + 20 * w]), "r": value(4)} if kind == 0 else
            {"ty": "el", "p": value([0, 0]), "s": value([28, 28])} if kind == 1 else
            {"ty": "sr", "sy": 1, "pt": value(5), "p": value([0, 0]), "r": value(0), "or": value(18), "ir": value(8),
             "os": value(0), "is": value(0)})
        items = [geometry]
        if i % 4 == 0:
            items.append({"ty": "tm", "s": value(0), "e": {"a": 1, "k": [{"t": 0, "s": [20], **EASE}, {"t": 120, "s": [100]}]},
                          "o": value(0), "m": 1})
        items += [
            {"ty": "st", "c": value([0.1, 0.1, 0.2, 1]), "o": value(100), "w": value(2), "lc": 2, "lj": 2, "ml": 4},
            {"ty": "fl", "c": value([u, 0.5, w, 1]), "o": value(90), "r": 1},
            {"ty": "tr", "p": value([0, 0]), "a": value([0, 0]), "s": value([100, 100]), "r": value(0),
             "o": value(100)},
        ]
        layer = {
            "ddd": 0, "ty": 4, "ind": i + 1, "nm": f"layer{i}", "ip": 0, "op": 120, "st": 0, "sr": 1,
            "ks": {
                "a": value([0, 0]),
                "p": {"a": 1, "k": [{"t": 0, "s": [x0, y0], "to": [30, -40], "ti": [-30, 40], **EASE},
                                    {"t": 120, "s": [x1, y1]}]},
                "r": {"a": 1, "k": [{"t": 0, "s": [0], **EASE}, {"t": 120, "s": [360 * (u - 0.5)]}]},
                "s": {"a": 1, "k": [{"t": 0, "s": [100, 100], **EASE}, {"t": 60, "s": [140, 80], **EASE},
                                    {"t": 120, "s": [100, 100]}]},
                "o": {"a": 1, "k": [{"t": 0, "s": [100], **EASE}, {"t": 120, "s": [40]}]},
            },
            "shapes": [{"ty": "gr", "it": items}],
        }
        if i % 10 == 9:
            layer["parent"] = i
        out.append(layer)
    return {"v": "5.7.4", "fr": 60, "ip": 0, "op": 120, "w": 512, "h": 512, "nm": "benchmark", "ddd": 0,
            "assets": [], "layers": out}


FRAMES = [(37 * k) % 120 for k in range(120)]


def median_per_frame(step, rounds):
    """Median over `rounds` of the mean time per frame of one pass over FRAMES."""
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        for f in FRAMES:
            step(f)
        samples.append((time.perf_counter() - start) / len(FRAMES))
    samples.sort()
    return samples[len(samples) // 2]


def rlottie_tree(text):
    import rlottie_python as rl
    anim = rl.LottieAnimation.from_data(text)
    return lambda f: anim.lottie_animation_render_tree(f, 512, 512)


def thorvg_update(text):
    import thorvg_python as tvg
    engine = tvg.Engine()
    anim = tvg.LottieAnimation(engine)
    picture = anim.get_picture()
    picture.load_data(text.encode(), "lottie", None, True)
    picture.set_size(512, 512)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(512, 512)
    canvas.add(picture)

    def step(f):
        anim.set_frame(f)
        canvas.update()
    return step


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--write", action="store_true", help="rewrite the fixture and stop")
    parser.add_argument("--against", metavar="BINARY", help="another build of harmonic-peers to compare with")
    args = parser.parse_args()
    if args.write:
        with open(FIXTURE, "w") as f:
            json.dump(animation(), f, separators=(",", ":"))
            f.write("\n")
        return
    from compare import build_harmonic, run_harmonic
    text = open(FIXTURE).read()
    rounds = 5 if args.quick else 15
    # The players take turns in blocks, and each block gives its own ratios: a machine whose
    # speed drifts moves every player of a block alike, so the ratios' median is steadier than
    # a ratio of medians taken minutes apart.
    blocks = 3 if args.quick else 5
    binary = build_harmonic()
    rlottie, thorvg = rlottie_tree(text), thorvg_update(text)
    runs = []
    workload = ["--workloads", "lottie_frame,lottie_svg", "--lottie", FIXTURE, "--repeats", str(rounds)]
    for _ in range(blocks):
        ours = run_harmonic(binary, workload)
        run = {"harmonic": ours, "peers": {
            "rlottie_tree": median_per_frame(rlottie, rounds),
            "thorvg_update": median_per_frame(thorvg, rounds)}}
        if args.against:
            run["against"] = run_harmonic(args.against, workload)
        runs.append(run)
    median = lambda xs: sorted(xs)[len(xs) // 2]
    ours = {k: median([r["harmonic"][k] for r in runs]) for k in ("lottie_frame", "lottie_svg")}
    peers = {k: median([r["peers"][k] for r in runs]) for k in ("rlottie_tree", "thorvg_update")}
    ratio = lambda peer, mine: median([r["peers"][peer] / r["harmonic"][mine] for r in runs])
    result = {"harmonic": ours, "peers": peers, "blocks": blocks, "ratios": {
        "rlottie_tree_vs_evaluation": ratio("rlottie_tree", "lottie_frame"),
        "thorvg_update_vs_evaluation": ratio("thorvg_update", "lottie_frame"),
        "rlottie_tree_vs_svg": ratio("rlottie_tree", "lottie_svg"),
    }}
    if args.against:
        result["against"] = {k: median([r["against"][k] for r in runs]) for k in ("lottie_frame", "lottie_svg")}
        result["ratios"].update({
            f"{k}_vs_against": median([r["harmonic"][k] / r["against"][k] for r in runs])
            for k in ("lottie_frame", "lottie_svg")})
    if args.json:
        print(json.dumps(result))
        return
    us = lambda s: f"{s * 1e6:,.0f} µs"
    print("| per frame, 100 layers | median | rlottie render tree | ThorVG scene update |")
    print("|---|---|---|---|")
    print(f"| Harmonic: evaluate (LottieAnimation.frame(at:)) | {us(ours['lottie_frame'])} | "
          f"{result['ratios']['rlottie_tree_vs_evaluation']:.2f}× | {result['ratios']['thorvg_update_vs_evaluation']:.2f}× |")
    print(f"| Harmonic: evaluate and write the SVG | {us(ours['lottie_svg'])} | "
          f"{result['ratios']['rlottie_tree_vs_svg']:.2f}× | |")
    print(f"| rlottie: lottie_animation_render_tree | {us(peers['rlottie_tree'])} | | |")
    print(f"| ThorVG: set_frame + update | {us(peers['thorvg_update'])} | | |")
    if args.against:
        print()
        print("| per frame, 100 layers | this build | the other build | this ÷ other |")
        print("|---|---|---|---|")
        for k, name in (("lottie_frame", "evaluate"), ("lottie_svg", "evaluate and write the SVG")):
            print(f"| {name} | {us(ours[k])} | {us(result['against'][k])} | {result['ratios'][k + '_vs_against']:.3f} |")


if __name__ == "__main__":
    main()
