#!/usr/bin/env bash
# `make lottie-conformance`: the conformance harness (Tests/LottieConformance/conformance.py) over
# every file of the Lottie corpus, with rlottie and ThorVG from .venv; writes the report to
# .build/lottie-conformance and the scoreboard to Tests/LottieConformance/SCOREBOARD.md.
# With PLAYER=engine (`make lottie-conformance-engine`), Harmonic's engine player is scored
# instead, beside the direct player's picture of each state: the report goes to
# .build/lottie-conformance-engine, the scoreboard to SCOREBOARD-engine.md, and the peers'
# pictures come from the direct run's cache.
# Usage: scripts/lottie-conformance.sh PATH/TO/harmonic [CORPUS]
set -euo pipefail
bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
source "$(dirname "$0")/venv.sh"
corpus="${2:-$root/../shared/lottie-corpus}"
player="${PLAYER:-direct}"
case "$player" in
  direct) out="$root/.build/lottie-conformance"; board="SCOREBOARD.md" ;;
  engine) out="$root/.build/lottie-conformance-engine"; board="SCOREBOARD-engine.md" ;;
  *) echo "lottie-conformance: PLAYER must be direct or engine, not $player" >&2; exit 2 ;;
esac
"$venv/bin/python" "$root/Tests/LottieConformance/conformance.py" --harmonic "$bin" --corpus "$corpus" \
  --player "$player" --out "$out" --peer-cache "$root/.build/lottie-conformance/peer-cache" \
  --publish "$root/Tests/LottieConformance/$board"
