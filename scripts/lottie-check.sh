#!/usr/bin/env bash
# `make test`'s cross-check of `harmonic lottie` (Tests/Lottie): the hand-written animations and
# Examples/lottie validated against the Lottie JSON schema (lottie-specs), then drawn by Harmonic,
# ThorVG and rlottie (thorvg-python, rlottie-python from .venv) and compared pixel by pixel.
# Usage: scripts/lottie-check.sh PATH/TO/harmonic
set -euo pipefail
bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
source "$(dirname "$0")/venv.sh"
HARMONIC_BIN="$bin" "$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/Tests/Lottie" "$root/Tests/LottieConformance"
