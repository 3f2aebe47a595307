#!/usr/bin/env bash
# The checks of `harmonic studio` (Tests/Studio), with pytest from .venv: its JSON API
# against the tool, and the page in headless Chromium (Debian's chromium and chromium-driver,
# installed here on first use; selenium comes from .venv). Screenshots: .build/studio-screenshots.
# `make test` runs the JSON API part (api), `make check` the browser part (browser); both when
# no part is named.
# Usage: scripts/studio-check.sh PATH/TO/harmonic [api|browser]
set -euo pipefail
bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
part="${2:-all}"
case "$part" in
  api) tests=("test_api.py") ;;
  browser) tests=("test_browser.py") ;;
  all) tests=("test_api.py" "test_browser.py") ;;
  *) echo "studio-check: the part must be api or browser, not $part" >&2; exit 2 ;;
esac
source "$(dirname "$0")/venv.sh"
if [ "$part" != api ] && { ! command -v chromium > /dev/null || ! command -v chromedriver > /dev/null; }; then
  echo "Installing chromium and chromium-driver (the studio's browser tests)"
  SUDO=""; if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver > /dev/null
fi
HARMONIC_BIN="$bin" "$venv/bin/python" -m pytest -q -p no:cacheprovider "${tests[@]/#/$root/Tests/Studio/}"
