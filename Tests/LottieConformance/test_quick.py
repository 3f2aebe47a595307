"""`make check`'s short pass of the conformance harness: every After Effects reference of the
corpus and a fixed set of real animations (conformance.QUICK_FILES), drawn by Harmonic, rlottie
and ThorVG. The full run is `make lottie-conformance`.

What must hold, from the format's own references:
- Harmonic passes at least as many After Effects states (≥ 95 % of pixels within ΔE94 3) as
  either peer, and every state it fails has a named cause;
- no file of the subset that a peer draws is refused, and none crashes or hangs.
"""

import json
import os
import subprocess
import sys
import tempfile

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
BINARY = os.environ.get("HARMONIC_BIN", os.path.join(ROOT, ".build", "debug", "harmonic"))
CORPUS = os.environ.get("LOTTIE_CORPUS", os.path.join(ROOT, "..", "shared", "lottie-corpus"))


@pytest.fixture(scope="module")
def report():
    if not os.path.isdir(CORPUS):
        pytest.skip(f"the Lottie corpus is absent ({os.path.abspath(CORPUS)}): nothing to compare against")
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([sys.executable, os.path.join(HERE, "conformance.py"), "--harmonic", BINARY, "--corpus", CORPUS,
                        "--out", out, "--quick"], check=True)
        with open(os.path.join(out, "report.json")) as f:
            yield json.load(f)


def test_the_subset_is_what_it_names(report):
    files = {r["file"] for r in report["files"]}
    sys.path.insert(0, HERE)
    import conformance
    assert set(conformance.QUICK_FILES) <= files
    assert report["board"]["afterEffects"]["harmonic"]["states"] >= 140


def test_harmonic_passes_as_many_after_effects_states_as_either_peer(report):
    ae = report["board"]["afterEffects"]
    assert ae["harmonic"]["pass"] >= max(ae["rlottie"]["pass"], ae["thorvg"]["pass"]), ae


def test_every_failed_after_effects_state_has_a_cause(report):
    for row in report["board"]["aeFailures"]:
        assert row["cause"], row


def test_nothing_a_peer_draws_is_refused_and_nothing_crashes_or_hangs(report):
    board = report["board"]
    assert board["peerDrawsHarmonicRefuses"] == []
    assert board["harmonicCrashed"] == [] and board["harmonicHung"] == []
