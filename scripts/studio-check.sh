#!/usr/bin/env bash
# `make test`'s checks of `harmonic studio` (Tests/Studio), with pytest from .venv: its JSON API
# against the tool, and the page in headless Chromium (Debian's chromium and chromium-driver,
# installed here on first use; selenium comes from .venv). Screenshots: .build/studio-screenshots.
# Usage: scripts/studio-check.sh PATH/TO/harmonic
set -euo pipefail
bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
source "$(dirname "$0")/venv.sh"
if ! command -v chromium > /dev/null || ! command -v chromedriver > /dev/null; then
  echo "Installing chromium and chromium-driver (the studio's browser tests)"
  SUDO=""; if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver > /dev/null
fi
HARMONIC_BIN="$bin" "$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/Tests/Studio"
