#!/usr/bin/env bash
# `make lottie-conformance`: the conformance harness (Tests/LottieConformance/conformance.py) over
# every file of the Lottie corpus, with rlottie and ThorVG from .venv; writes the report to
# .build/lottie-conformance and the scoreboard to Tests/LottieConformance/SCOREBOARD.md.
# Usage: scripts/lottie-conformance.sh PATH/TO/harmonic [CORPUS]
set -euo pipefail
bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
source "$(dirname "$0")/venv.sh"
corpus="${2:-$root/../shared/lottie-corpus}"
"$venv/bin/python" "$root/Tests/LottieConformance/conformance.py" --harmonic "$bin" --corpus "$corpus" \
  --out "$root/.build/lottie-conformance" --publish "$root/Tests/LottieConformance/SCOREBOARD.md"
