"""The Lottie conformance harness: every animation of a corpus drawn by Harmonic, rlottie and
ThorVG at the same states and size, scored pixel by pixel against two oracles.

States: progress 0, 0.25, 0.5, 0.75 and 1 of each file (whole frames `ip + ⌊p·(op − ip)⌋`, as
rlottie draws whole frames only; progress 1 is the animation's last picture, frame `op`), and
each After Effects reference frame a file has (`NAME-XX.png` beside `NAME.json` is frame
`ip + XX`, drawn at the reference's size).

Oracles:
- After Effects' render, where one exists: each player scores against it.
- Elsewhere the two peers where they agree with each other (≥ `PASS` of pixels): Harmonic agrees
  when it agrees with both.

A state passes when at least `PASS` of its pixels agree (colour.py: CIE ΔE94 ≤ 3 over black and
over white). The report (report.json, scoreboard.md and, for each state Harmonic fails, a sheet
reference | Harmonic | difference) goes to --out.

Usage:
    python Tests/LottieConformance/conformance.py --harmonic .build/debug/harmonic \\
        [--corpus ../shared/lottie-corpus] [--out .build/lottie-conformance] [--quick] [--jobs 2]

The peers run in a child process per file, so that a peer crashing on a file is recorded as that
file's crash rather than ending the run; their pictures are cached under --out by the file's
content, the states and the peers' versions.
"""

import argparse
import concurrent.futures
import hashlib
import io
import json
import math
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import colour  # noqa: E402
import features as feature_reader  # noqa: E402

PASS = 0.95
PROGRESSES = (0.0, 0.25, 0.5, 0.75, 1.0)
LONGEST_SIDE = 200
# A frame that takes longer than this is a hang (the budget: 20 s a frame at most).
FRAME_SECONDS = 20
GNU_TIME = "/usr/bin/time"
# The quick subset `make test` runs: every After Effects reference and these real animations,
# each chosen for a rule the full run found broken once.
QUICK_FILES = (
    "lottie-android/Lottie Logo 2.json",  # parents and start times: st moves no keyframe of its own
    "lottie-android/HamburgerArrow.json",
    "lottie-android/Tests/EditedColor.json",  # a parent that names no layer
    "lottie-android/Tests/WeAccept.json",  # an image that is not beside the file
    "lottie-android/Tests/TgsWithoutOpacity.json",  # layers without ip
    "lottie-android/Tests/Rect4.json",  # per-dimension easing
    "lottie-android/Tests/MatteTimeStretchScan.json",
    "lottie-android/lottiefiles/accept_arrows.json",
    "lottie-android/lottiefiles/jojo_the_bird.json",
    "thorvg-examples/1643-exploding-star.json",
    "thorvg-examples/yarn_loading.json",
)


# ---------------------------------------------------------------------------------------------
# The corpus


def corpus_files(corpus):
    """Every animation of the corpus, as paths relative to it, in a stable order."""
    out = []
    for folder, _, names in os.walk(corpus):
        for name in names:
            if name.endswith(".json") and not name.endswith("-meta.json"):
                out.append(os.path.relpath(os.path.join(folder, name), corpus))
    return sorted(out)


def references(corpus, relative):
    """After Effects' renders of a file: (frame offset from ip, path) for each `NAME-XX.png`."""
    folder, name = os.path.split(os.path.join(corpus, relative))
    stem = name[:-len(".json")]
    found = []
    for other in sorted(os.listdir(folder)):
        if other.startswith(stem + "-") and other.endswith(".png"):
            digits = other[len(stem) + 1:-len(".png")]
            if digits.isdigit():
                found.append((int(digits), os.path.join(folder, other)))
    return found


def picture_size(document):
    """The size every player draws a file at: the composition's aspect, the longer side
    `LONGEST_SIDE` pixels."""
    w, h = float(document.get("w") or 1), float(document.get("h") or 1)
    if not (w > 0 and h > 0 and math.isfinite(w) and math.isfinite(h)):
        w = h = 1.0
    s = LONGEST_SIDE / max(w, h)
    return max(1, round(w * s)), max(1, round(h * s))


def states(document, corpus, relative):
    """The states of a file: dicts with a label, the composition frame, the frame the peers are
    given (counted from ip), the size, and the After Effects reference path if any."""
    ip, op = float(document.get("ip", 0)), float(document.get("op", 0))
    size = picture_size(document)
    out = []
    if op > ip:
        for p in PROGRESSES:
            if p == 1:
                frame, label = op, "p1"
            else:
                frame, label = ip + math.floor(p * (op - ip)), f"p{p:g}"
            out.append({"label": label, "frame": frame, "peerFrame": frame - ip, "last": p == 1, "size": size,
                        "reference": None})
    for offset, path in references(corpus, relative):
        with Image.open(path) as image:
            rsize = image.size
        out.append({"label": f"ae{offset:02d}", "frame": ip + offset, "peerFrame": offset, "last": False,
                    "size": rsize, "reference": path})
    return out


# ---------------------------------------------------------------------------------------------
# The players


def harmonic(binary, path, state, player="direct"):
    """Harmonic's picture of a state by one of its players (`direct` or `engine`): (premultiplied
    RGBA or None, outcome, warnings, seconds, peak memory in kB, what the engine leaves out).
    Outcome is "drawn", "refused: …", "crashed: …" or "hung"."""
    w, h = state["size"]
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "frame.png")
        pick = ["--progress", "1"] if state["last"] else ["--frame", repr(float(state["frame"]))]
        command = [binary, "lottie", path, *pick, "--format", "png", "--width", str(w), "--height", str(h),
                   "--player", player, "--output", out]
        # The peak resident memory comes from GNU time where the machine has it: a child forked
        # from this process would count this process's pages as its own (rusage's maxrss keeps
        # the high-water mark from before exec), while time forks from a small process.
        measured = os.path.join(folder, "memory")
        if os.path.exists(GNU_TIME):
            command = [GNU_TIME, "-f", "%M", "-o", measured, *command]
        start = time.monotonic()
        with open(os.path.join(folder, "stderr"), "w+b") as log:
            process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
            try:
                process.wait(timeout=FRAME_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                return None, "hung", [], FRAME_SECONDS, 0, []
            seconds = time.monotonic() - start
            log.seek(0)
            err = log.read()
        memory = None
        if os.path.exists(measured):
            with open(measured) as f:
                report = f.read().split()
            # "Command terminated by signal N" or "Command exited with non-zero status N", then kB.
            if "signal" in report:
                process.returncode = -int(report[report.index("signal") + 1])
            memory = int(report[-1]) if report and report[-1].isdigit() else None
        lines = [line for line in err.decode("utf-8", "replace").splitlines() if line]
        warnings = [line for line in lines if "warning" in line]
        left_out = [line for line in lines if "the engine leaves out" in line]
        if process.returncode < 0:
            return None, f"crashed: signal {-process.returncode}", warnings, seconds, memory, left_out
        if process.returncode != 0:
            message = next((line for line in lines if "warning" not in line and line not in left_out), "no message")
            return None, f"refused: {message}", warnings, seconds, memory, left_out
        with Image.open(out) as image:
            straight = np.asarray(image.convert("RGBA")).astype(float)
        return colour.premultiply(straight), "drawn", warnings, seconds, memory, left_out


def peer_pictures(text, todo):
    """Both peers' pictures of the states `todo` (list of (peerFrame, last, w, h)), drawn in this
    process: {"rlottie": [...], "thorvg": [...]}, each a premultiplied RGBA array or None."""
    out = {"rlottie": [], "thorvg": []}
    try:
        import rlottie_python as rl
        animation = rl.LottieAnimation.from_data(text)
        total = animation.lottie_animation_get_totalframe()
        for frame, last, w, h in todo:
            # rlottie counts op − ip + 1 frames; its last, op − ip, is the picture at op.
            number = max(0, min(int(round(frame)), total - 1))
            image = animation.render_pillow_frame(frame_num=number, width=w, height=h)
            out["rlottie"].append(np.asarray(image.convert("RGBA")).astype(np.uint8))
    except Exception as error:  # a peer that cannot read a file draws nothing
        out["rlottie"] = [None] * len(todo)
        out["rlottieError"] = str(error)[:200]
    try:
        import thorvg_python as tvg
        engine = tvg.Engine()
        for frame, last, w, h in todo:
            animation = tvg.LottieAnimation(engine)
            picture = animation.get_picture()
            result = picture.load_data(text.encode(), "lottie", None, True)
            if result != tvg.Result.SUCCESS:
                raise RuntimeError(f"load: {result}")
            picture.set_size(w, h)
            canvas = tvg.SwCanvas(engine)
            canvas.set_target(w, h)
            canvas.add(picture)
            # ThorVG's frames run from 0 to op − ip, exclusive: its last picture is just below.
            total = animation.get_total_frame()[1]
            animation.set_frame(min(frame, total - 0.001) if last else frame)
            canvas.update()
            canvas.draw(True)
            canvas.sync()
            out["thorvg"].append(np.asarray(canvas.get_pillow().convert("RGBA")).astype(np.uint8))
    except Exception as error:
        out["thorvg"] = [None] * len(todo)
        out["thorvgError"] = str(error)[:200]
    return out


def peer_main(arguments):
    """Child-process entry: draws one file's states by both peers into an .npz."""
    with open(arguments.peer, encoding="utf-8", errors="replace") as f:
        text = f.read()
    todo = json.loads(arguments.states)
    pictures = peer_pictures(text, [tuple(t) for t in todo])
    arrays, meta = {}, {"errors": {}}
    for peer in ("rlottie", "thorvg"):
        meta["errors"][peer] = pictures.get(peer + "Error")
        for k, picture in enumerate(pictures[peer]):
            if picture is not None:
                arrays[f"{peer}{k}"] = picture
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
    np.savez_compressed(arguments.to, **arrays)


def peer_versions():
    from importlib import metadata
    return ";".join(f"{n}={metadata.version(n)}" for n in ("rlottie-python", "thorvg-python"))


def peers(path, file_states, cache):
    """Both peers' pictures of a file's states, from the cache or a child process: a dict
    peer → list of premultiplied float arrays or None, and the peer outcome per peer."""
    todo = [(s["peerFrame"], s["last"], *s["size"]) for s in file_states]
    with open(path, "rb") as f:
        digest = hashlib.sha1(f.read() + json.dumps(todo).encode() + peer_versions().encode()).hexdigest()
    cached = os.path.join(cache, digest + ".npz")
    outcome = {}
    if not os.path.exists(cached):
        temporary = cached + f".{os.getpid()}.npz"
        try:
            run = subprocess.run([sys.executable, __file__, "--peer", path, "--states", json.dumps(todo), "--to",
                                  temporary], capture_output=True, timeout=FRAME_SECONDS * (len(todo) + 1))
            if run.returncode != 0:
                reason = f"crashed: signal {-run.returncode}" if run.returncode < 0 else "failed"
                return {p: [None] * len(todo) for p in ("rlottie", "thorvg")}, {"rlottie": reason, "thorvg": reason}
            os.replace(temporary, cached)
        except subprocess.TimeoutExpired:
            return {p: [None] * len(todo) for p in ("rlottie", "thorvg")}, {"rlottie": "hung", "thorvg": "hung"}
    with np.load(cached) as data:
        meta = json.loads(bytes(data["meta"]).decode())
        out = {}
        for peer in ("rlottie", "thorvg"):
            out[peer] = [data[f"{peer}{k}"].astype(float) if f"{peer}{k}" in data else None
                         for k in range(len(todo))]
            outcome[peer] = "refused: " + meta["errors"][peer] if meta["errors"].get(peer) else "drawn"
    return out, outcome


# ---------------------------------------------------------------------------------------------
# One file


def load_reference(path):
    with Image.open(path) as image:
        return colour.premultiply(np.asarray(image.convert("RGBA")).astype(float))


def score(a, b):
    if a is None or b is None:
        return None
    return colour.agreement(a, b)[0]


def sheet(picture_a, picture_b, name, out):
    """A picture of reference | Harmonic | difference (red where ΔE94 > 3), over a checkerboard."""
    h, w = picture_a.shape[:2]
    _, worst = colour.agreement(picture_a, picture_b) if picture_b is not None else (0, np.full((h, w), 99.0))
    yy, xx = np.mgrid[0:h, 0:w]
    checker = np.where(((yy // 8) + (xx // 8)) % 2 == 0, 255.0, 204.0)[..., None]

    def flat(p):
        if p is None:
            return np.full((h, w, 3), 128.0)
        return p[..., :3] + (1 - p[..., 3:4] / 255) * checker

    difference = np.zeros((h, w, 3))
    difference[..., 0] = np.clip(worst * 255 / 20, 0, 255)
    difference[worst <= colour.JND] = 40
    gap = np.full((h, 4, 3), 255.0)
    row = np.concatenate([flat(picture_a), gap, flat(picture_b), gap, difference], axis=1)
    Image.fromarray(row.astype(np.uint8)).save(os.path.join(out, name))


def info(binary, path):
    """Harmonic's `--info` of a file: (the features it does not draw, its warnings), or None."""
    try:
        run = subprocess.run([binary, "lottie", path, "--info"], capture_output=True, timeout=FRAME_SECONDS)
    except subprocess.TimeoutExpired:
        return None
    if run.returncode != 0:
        return None
    document = json.loads(run.stdout)
    return sorted({u["feature"] for u in document.get("unsupported", [])}), document.get("warnings", [])


def edge_share(reference, picture):
    """The share of the disagreeing pixels that lie on an edge of the reference (within one pixel
    of a pixel whose colour differs from a neighbour's by more than `colour.JND`): near 1, the
    pictures differ by anti-aliasing only."""
    _, worst = colour.agreement(reference, picture)
    failing = worst > colour.JND
    if not failing.any():
        return 1.0
    edges = np.zeros(failing.shape, dtype=bool)
    for background in (0.0, 255.0):
        lab = colour.lab(colour.over(reference, background))
        for axis in (0, 1):
            step = colour.delta_e94(lab, np.roll(lab, 1, axis=axis)) > colour.JND
            edges |= step | np.roll(step, -1, axis=axis)
    grown = edges.copy()
    for axis in (0, 1):
        for shift in (1, -1):
            grown |= np.roll(edges, shift, axis=axis)
    return float((failing & grown).sum() / failing.sum())


def peer_reading(binary, document, path, state, r, t, player="direct"):
    """Harmonic's agreement with both peers on `document`, a file rewritten the way the peers
    read it, written beside the file (where the folder allows) so that its images resolve."""
    folder = os.path.dirname(path)
    handle, rewritten = tempfile.mkstemp(suffix=".json", dir=folder if os.access(folder, os.W_OK) else None)
    try:
        with os.fdopen(handle, "w") as f:
            json.dump(document, f)
        picture, *_ = harmonic(binary, rewritten, state, player)
    finally:
        os.unlink(rewritten)
    return min(score(r, picture) or 0, score(t, picture) or 0)


def cause(entry, missing, reference, picture, peers_):
    """Why Harmonic fails a state, as far as the pictures and `--info` tell: a feature it does
    not draw, a picture both peers draw the same (After Effects differs from all three),
    anti-aliasing (the disagreeing pixels all on edges), or a difference to look at."""
    if picture is None:
        return entry["harmonic"]
    if missing:
        return "not drawn: " + ", ".join(missing)
    if entry.get("peerReading"):
        return entry["peerReading"] + " (drawn so, Harmonic agrees with both)"
    if entry["oracle"] == "afterEffects" and all(
            p is not None and score(p, picture) >= PASS for p in peers_):
        return "as rlottie and ThorVG draw it (After Effects differs from all three)"
    share = edge_share(reference, picture)
    if share >= 0.9:
        return f"anti-aliasing ({share:.0%} of the differing pixels on edges)"
    return f"difference ({share:.0%} of the differing pixels on edges)"


def run_file(binary, corpus, relative, out, player="direct", cache=None):
    path = os.path.join(corpus, relative)
    result = {"file": relative, "states": [], "bytes": os.path.getsize(path)}
    try:
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
    except (ValueError, UnicodeDecodeError) as error:
        document = None
        result["notJSON"] = str(error)[:200]
    result["features"] = feature_reader.features(document) if document is not None else []
    if not isinstance(document, dict):
        return result
    file_states = states(document, corpus, relative)
    cache = cache or os.path.join(out, "peer-cache")
    os.makedirs(cache, exist_ok=True)
    peer, peer_outcome = peers(path, file_states, cache)
    result["peers"] = peer_outcome
    known = info(binary, path)
    missing = known[0] if known else []
    if known:
        result["notDrawn"], result["warnings"] = known[0], known[1][:50]
    else:
        result["infoFailed"] = True
    sheets = os.path.join(out, "sheets")
    for k, state in enumerate(file_states):
        picture, outcome, warnings, seconds, memory, left_out = harmonic(binary, path, state, player)
        entry = {"label": state["label"], "frame": state["frame"], "harmonic": outcome,
                 "seconds": round(seconds, 3), "memoryKB": memory, "warnings": warnings[:20], "warningCount": len(warnings)}
        if player == "engine":
            # The engine against the direct player: where it leaves nothing out it claims the
            # same picture.
            direct, direct_outcome, *_ = harmonic(binary, path, state, "direct")
            entry["direct"] = direct_outcome
            entry["leftOut"] = left_out[:20]
            entry["engineVsDirect"] = score(direct, picture)
        r, t = peer["rlottie"][k], peer["thorvg"][k]
        if state["reference"]:
            reference = load_reference(state["reference"])
            entry["oracle"] = "afterEffects"
            entry["scores"] = {"harmonic": score(reference, picture), "rlottie": score(reference, r),
                               "thorvg": score(reference, t)}
            failing_reference = reference
        else:
            agreement = score(r, t)
            entry["peersAgree"] = agreement
            entry["oracle"] = "peers" if agreement is not None and agreement >= PASS else None
            entry["scores"] = {"harmonic~rlottie": score(r, picture), "harmonic~thorvg": score(t, picture)}
            failing_reference = t if t is not None else r
        entry["pass"] = passes(entry)
        if entry["pass"] is False and entry["oracle"] == "peers":
            # Drawn the way the peers read the file (features.PEER_READINGS), does Harmonic agree?
            for feature, says, rewrite in feature_reader.PEER_READINGS:
                if feature in result["features"] and peer_reading(
                        binary, rewrite(document), path, state, r, t, player) >= PASS:
                    entry["peerReading"] = says
                    break
        if entry["pass"] is False:
            entry["cause"] = (cause(entry, missing, failing_reference, picture, (r, t))
                              if failing_reference is not None else None)
        if entry["pass"] is False and failing_reference is not None:
            os.makedirs(sheets, exist_ok=True)
            name = relative.replace("/", "__").replace(" ", "_")[:-len(".json")] + f"-{state['label']}.png"
            sheet(failing_reference, picture, name, sheets)
            entry["sheet"] = os.path.join("sheets", name)
        result["states"].append(entry)
    return result


def passes(entry):
    """Whether Harmonic passes a state against its oracle (None: the state has no oracle)."""
    s = entry["scores"]
    if entry["oracle"] == "afterEffects":
        return s["harmonic"] is not None and s["harmonic"] >= PASS
    if entry["oracle"] == "peers":
        return all(s[k] is not None and s[k] >= PASS for k in ("harmonic~rlottie", "harmonic~thorvg"))
    return None


# ---------------------------------------------------------------------------------------------
# The report


def summarise(results):
    """The scoreboard's numbers: per renderer against After Effects, Harmonic against agreeing
    peers, and the same per feature."""
    board = {"files": len(results), "infoFailed": [r["file"] for r in results if r.get("infoFailed")],
             "harmonicRefused": [], "harmonicCrashed": [], "harmonicHung": [],
             "peerDrawsHarmonicRefuses": [], "afterEffects": {}, "peers": {}, "features": {}}
    ae = {p: [0, 0] for p in ("harmonic", "rlottie", "thorvg")}
    pe = [0, 0]
    for result in results:
        states_ = result["states"]
        outcomes = {s["harmonic"] for s in states_}
        refused = sorted(o for o in outcomes if o.startswith("refused"))
        if refused:
            board["harmonicRefused"].append([result["file"], refused[0][:200]])
            if any(v == "drawn" for v in result.get("peers", {}).values()):
                board["peerDrawsHarmonicRefuses"].append(result["file"])
        if any(o.startswith("crashed") for o in outcomes):
            board["harmonicCrashed"].append(result["file"])
        if "hung" in outcomes:
            board["harmonicHung"].append(result["file"])
        for s in states_:
            if s["oracle"] == "afterEffects":
                for p in ae:
                    ae[p][1] += 1
                    key = p
                    if s["scores"][key] is not None and s["scores"][key] >= PASS:
                        ae[p][0] += 1
            elif s["oracle"] == "peers":
                pe[1] += 1
                pe[0] += bool(s["pass"])
            if s["oracle"]:
                for name in result["features"]:
                    row = board["features"].setdefault(name, {"aePass": 0, "ae": 0, "peerPass": 0, "peer": 0})
                    kind = "ae" if s["oracle"] == "afterEffects" else "peer"
                    row[kind] += 1
                    row[kind + "Pass"] += bool(s["pass"])
    board["afterEffects"] = {p: {"pass": v[0], "states": v[1]} for p, v in ae.items()}
    # The costliest frame, and memory: the process's floor (the median peak over files under
    # 10 kB) and the largest growth above it per byte of file, over files above 100 kB.
    slowest = (0.0, None)
    peaks = []
    for result in results:
        for s in result["states"]:
            if s["seconds"] > slowest[0]:
                slowest = (s["seconds"], f"{result['file']} {s['label']}")
        kbs = [s.get("memoryKB") or 0 for s in result["states"]]
        if any(kbs):
            peaks.append((max(kbs), result.get("bytes", 1), result["file"]))
    board["slowestFrame"] = {"seconds": slowest[0], "state": slowest[1]}
    small = sorted(kb for kb, size, _ in peaks if size < 10_000)
    floor = small[len(small) // 2] if small else 0
    growth = max(((kb - floor) * 1024 / size, name, kb, size) for kb, size, name in peaks if size > 100_000) \
        if any(size > 100_000 for _, size, _ in peaks) else (0.0, None, 0, 0)
    board["memory"] = {"floorKB": floor, "largestGrowthPerByte": round(growth[0], 1), "file": growth[1],
                       "peakKB": growth[2], "bytes": growth[3]}
    board["aeFailures"], board["peerFailures"] = [], []
    for result in results:
        for s in result["states"]:
            if s["pass"] is not False:
                continue
            row = {"file": result["file"], "state": s["label"], "scores": s["scores"], "cause": s.get("cause"),
                   "sheet": s.get("sheet")}
            board["aeFailures" if s["oracle"] == "afterEffects" else "peerFailures"].append(row)
    board["peers"] = {"pass": pe[0], "states": pe[1]}
    # The engine player against the direct one (present when the run played the engine).
    engine = [(result["file"], s) for result in results for s in result["states"] if "engineVsDirect" in s]
    if engine:
        claimed = [(f, s) for f, s in engine if not s["leftOut"] and s["direct"] == "drawn"]
        board["engine"] = {
            "states": len(engine),
            "directDraws": sum(s["direct"] == "drawn" for _, s in engine),
            "engineDrawsWhereDirectDraws": sum(s["direct"] == "drawn" and s["harmonic"] == "drawn" for _, s in engine),
            "claimed": len(claimed),
            "claimedMatch": sum((s["engineVsDirect"] or 0) >= PASS for _, s in claimed),
            "leftOutStates": sum(bool(s["leftOut"]) for _, s in engine),
            "refusedWhereDirectDraws": sorted({f for f, s in engine if s["direct"] == "drawn" and s["harmonic"] != "drawn"}),
            "claimedMismatches": [{"file": f, "state": s["label"], "score": s["engineVsDirect"]}
                                  for f, s in claimed if (s["engineVsDirect"] or 0) < PASS],
        }
    # Per feature and per renderer against After Effects.
    for result in results:
        for s in result["states"]:
            if s["oracle"] != "afterEffects":
                continue
            for name in result["features"]:
                row = board["features"][name]
                for p in ("rlottie", "thorvg"):
                    row.setdefault(p + "AePass", 0)
                    row[p + "AePass"] += bool(s["scores"][p] is not None and s["scores"][p] >= PASS)
    return board


def markdown(board, command):
    def ratio(a, b):
        return f"{a}/{b} ({100 * a / b:.0f} %)" if b else "–"

    def percent(v):
        return "–" if v is None else f"{100 * v:.1f}"

    lines = ["# Lottie conformance scoreboard", "",
             f"Made by `{command}`: {board['files']} files; a state passes when ≥ {PASS:.0%} of its pixels are "
             "within CIE ΔE94 3 of the oracle, over black and over white.", "",
             "| oracle | Harmonic | rlottie | ThorVG |", "|---|---|---|---|"]
    ae = board["afterEffects"]
    lines.append(f"| After Effects' renders | {ratio(ae['harmonic']['pass'], ae['harmonic']['states'])} | "
                 f"{ratio(ae['rlottie']['pass'], ae['rlottie']['states'])} | "
                 f"{ratio(ae['thorvg']['pass'], ae['thorvg']['states'])} |")
    lines.append(f"| rlottie and ThorVG where they agree | {ratio(board['peers']['pass'], board['peers']['states'])} "
                 "| (oracle) | (oracle) |")
    if "engine" in board:
        e = board["engine"]
        lines += ["", "## The engine player against the direct player", "",
                  f"States the direct player draws: {e['directDraws']} of {e['states']}; the engine draws "
                  f"{e['engineDrawsWhereDirectDraws']} of them (files it fails where the direct player draws: "
                  f"{len(e['refusedWhereDirectDraws'])}). Where it leaves nothing out (it claims the direct "
                  f"player's picture): {ratio(e['claimedMatch'], e['claimed'])} states within the threshold; "
                  f"states where it leaves something out (listed on standard error): {e['leftOutStates']}."]
        if e["refusedWhereDirectDraws"]:
            lines += ["", "Files the engine fails on: " + ", ".join(e["refusedWhereDirectDraws"]) + "."]
        if e["claimedMismatches"]:
            lines += ["", "| file | state | engine vs direct |", "|---|---|---|"]
            for m in e["claimedMismatches"]:
                lines.append(f"| {m['file']} | {m['state']} | {percent(m['score'])} |")
    lines += ["", f"Files Harmonic refuses: {len(board['harmonicRefused'])} "
              f"({len(board['peerDrawsHarmonicRefuses'])} of them drawn by a peer); crashes: "
              f"{len(board['harmonicCrashed'])}; hangs: {len(board['harmonicHung'])}; `--info` fails on "
              f"{len(board['infoFailed'])}. Slowest frame (the "
              f"command, start to exit): {board['slowestFrame']['seconds']:.2f} s ({board['slowestFrame']['state']}); "
              f"Peak memory (GNU time): {board['memory']['floorKB']} kB for a small file; the largest growth "
              f"above that per byte of file, over files above 100 kB: {board['memory']['largestGrowthPerByte']} "
              f"({board['memory']['file']}, {board['memory']['peakKB']} kB for {board['memory']['bytes']} bytes).",
              "",
              "## Per feature", "",
              "States of the files that use a feature (a file counts under every feature it uses).", "",
              "| feature | Harmonic vs After Effects | rlottie vs AE | ThorVG vs AE | Harmonic vs agreeing peers |",
              "|---|---|---|---|---|"]
    for name, row in sorted(board["features"].items()):
        lines.append(f"| `{name}` | {ratio(row['aePass'], row['ae'])} | {ratio(row.get('rlottieAePass', 0), row['ae'])} "
                     f"| {ratio(row.get('thorvgAePass', 0), row['ae'])} | {ratio(row['peerPass'], row['peer'])} |")

    lines += ["", "## After Effects states Harmonic fails", "",
              "Share of pixels within ΔE94 3 of After Effects' render, per player, and the cause.", "",
              "| file | state | Harmonic | rlottie | ThorVG | cause |", "|---|---|---|---|---|---|"]
    for row in board["aeFailures"]:
        sc = row["scores"]
        lines.append(f"| {row['file']} | {row['state']} | {percent(sc['harmonic'])} | {percent(sc['rlottie'])} | "
                     f"{percent(sc['thorvg'])} | {row['cause']} |")
    causes = {}
    for row in board["peerFailures"]:
        key = (row["cause"] or "?").split(" (")[0]
        causes[key] = causes.get(key, 0) + 1
    lines += ["", "## States where rlottie and ThorVG agree and Harmonic does not", "",
              "By cause (every state, with its sheet, is in report.json):", "",
              "| cause | states |", "|---|---|"]
    for key, count in sorted(causes.items(), key=lambda kv: -kv[1]):
        lines.append(f"| {key} | {count} |")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--harmonic", default=os.path.join(HERE, "..", "..", ".build", "debug", "harmonic"))
    parser.add_argument("--corpus", default=os.path.join(HERE, "..", "..", "..", "shared", "lottie-corpus"))
    parser.add_argument("--out", default=os.path.join(HERE, "..", "..", ".build", "lottie-conformance"))
    parser.add_argument("--quick", action="store_true", help="the fixed subset make test runs")
    parser.add_argument("--only", action="append", help="files whose path contains this text")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--publish", help="also write the scoreboard here")
    parser.add_argument("--player", choices=("direct", "engine"), default="direct",
                        help="Harmonic's player; engine also draws each state directly and compares the two")
    parser.add_argument("--peer-cache", help="where the peers' pictures are cached (default OUT/peer-cache)")
    # The child process that draws one file by the peers.
    parser.add_argument("--peer", help=argparse.SUPPRESS)
    parser.add_argument("--states", help=argparse.SUPPRESS)
    parser.add_argument("--to", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.peer:
        peer_main(arguments)
        return 0
    corpus = os.path.abspath(arguments.corpus)
    if not os.path.isdir(corpus):
        print(f"conformance: no corpus at {corpus}; nothing to compare (the shared corpus is absent)")
        return 0
    binary = os.path.abspath(arguments.harmonic)
    files = corpus_files(corpus)
    if arguments.quick:
        files = [f for f in files if f.startswith("lottiefiles-test-files/") or f in QUICK_FILES]
    if arguments.only:
        files = [f for f in files if any(o in f for o in arguments.only)]
    out = os.path.abspath(arguments.out)
    os.makedirs(out, exist_ok=True)
    started = time.monotonic()
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
        play = lambda f: run_file(binary, corpus, f, out, arguments.player, arguments.peer_cache)  # noqa: E731
        for k, result in enumerate(pool.map(play, files)):
            results.append(result)
            if (k + 1) % 50 == 0:
                print(f"conformance: {k + 1}/{len(files)} files, {time.monotonic() - started:.0f} s", flush=True)
    board = summarise(results)
    command = "make lottie-conformance" + ("-engine" if arguments.player == "engine" else "") + (
        " (quick)" if arguments.quick else "")
    with open(os.path.join(out, "report.json"), "w") as f:
        json.dump({"board": board, "files": results}, f, indent=1)
    text = markdown(board, command)
    with open(os.path.join(out, "scoreboard.md"), "w") as f:
        f.write(text)
    if arguments.publish:
        with open(arguments.publish, "w") as f:
            f.write(text)
    ae = board["afterEffects"]
    print(f"conformance: {len(files)} files in {time.monotonic() - started:.0f} s; vs After Effects: Harmonic "
          f"{ae['harmonic']['pass']}/{ae['harmonic']['states']}, rlottie {ae['rlottie']['pass']}, ThorVG "
          f"{ae['thorvg']['pass']}; vs agreeing peers: {board['peers']['pass']}/{board['peers']['states']}; "
          f"refused {len(board['harmonicRefused'])}, crashed {len(board['harmonicCrashed'])}, hung "
          f"{len(board['harmonicHung'])}; report in {out}")
    if "engine" in board:
        e = board["engine"]
        print(f"conformance: engine draws {e['engineDrawsWhereDirectDraws']}/{e['directDraws']} states the direct "
              f"player draws; matches it on {e['claimedMatch']}/{e['claimed']} where it leaves nothing out")
    return 0


if __name__ == "__main__":
    sys.exit(main())
