#!/usr/bin/env bash
# `make test`'s checks of `harmonic studio`: its JSON API against the tool (Tests/Studio), with
# pytest from .venv (scripts/python-package.sh makes it first).
# Usage: scripts/studio-check.sh PATH/TO/harmonic
set -euo pipefail
bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
source "$(dirname "$0")/venv.sh"
HARMONIC_BIN="$bin" "$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/Tests/Studio"
