#!/usr/bin/env bash
# The cross-checks of `harmonic lottie`, with pytest, thorvg-python, rlottie-python and
# lottie-specs from .venv:
#   players       (`make test`) Tests/Lottie: the hand-written animations and Examples/lottie
#                 validated against the Lottie JSON schema, then drawn by Harmonic, ThorVG and
#                 rlottie and compared pixel by pixel, and by the engine player against the
#                 direct one;
#   conformance   (`make check`) Tests/LottieConformance: the harness's quick pass, every After
#                 Effects reference of the shared corpus and a fixed set of real animations;
#   all           both (the default).
# Usage: scripts/lottie-check.sh PATH/TO/harmonic [players|conformance|all]
set -euo pipefail
bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
part="${2:-all}"
case "$part" in
  players) suites=(Tests/Lottie) ;;
  conformance) suites=(Tests/LottieConformance) ;;
  all) suites=(Tests/Lottie Tests/LottieConformance) ;;
  *) echo "lottie-check: the part must be players, conformance or all, not $part" >&2; exit 2 ;;
esac
source "$(dirname "$0")/venv.sh"
HARMONIC_BIN="$bin" "$venv/bin/python" -m pytest -q -p no:cacheprovider "${suites[@]/#/$root/}"
