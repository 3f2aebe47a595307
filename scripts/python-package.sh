#!/usr/bin/env bash
# Installs the Python package (python/) into .venv, which builds the HarmonicC library (in
# CONFIGURATION: debug, which `make test` passes to share its one debug build, or release, the
# default and what `make check` installs for the notebooks), then runs its pytest suite, which compares the package with the `harmonic`
# command-line tool on the same specs, and checks its typing stubs against the code (mypy's
# stubtest). Run by `make test` before the notebooks, which use it.
# Usage: scripts/python-package.sh PATH/TO/harmonic [debug|release]
set -euo pipefail
bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
configuration="${2:-release}"
case "$configuration" in
  debug | release) ;;
  *) echo "python-package: the configuration must be debug or release, not $configuration" >&2; exit 2 ;;
esac
source "$(dirname "$0")/venv.sh"

# --no-build-isolation: the build tools come from notebooks/requirements.txt, so a reinstall
# needs no network; --force-reinstall: the library is rebuilt from the current sources.
HARMONIC_SWIFT_CONFIGURATION="$configuration" "$venv/bin/pip" install -q --disable-pip-version-check --no-deps --no-build-isolation --force-reinstall \
  "$root/python"
rm -rf "$root/python/build" "$root"/python/*.egg-info
HARMONIC_BIN="$bin" OPENBLAS_NUM_THREADS=1 "$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/python/tests"
# The typing stubs (*.pyi) must describe the code: every name, parameter and default.
(cd "$root" && "$venv/bin/python" -m mypy.stubtest harmonic --ignore-missing-stub)
