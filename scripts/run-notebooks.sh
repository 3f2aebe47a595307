#!/usr/bin/env bash
# Executes every notebook in notebooks/ headless, from a clean kernel, in the virtual
# environment .venv (created and filled from notebooks/requirements.txt when missing or out of
# date). Fails if any cell of any notebook fails. Outputs go to a temporary folder: the
# committed notebooks stay without outputs.
# Usage: scripts/run-notebooks.sh PATH/TO/harmonic
set -euo pipefail
bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.venv"
requirements="$root/notebooks/requirements.txt"

if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  echo "Installing python3-venv"
  SUDO=""; if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-venv
fi
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
# Reinstall only when the requirements changed since the last install.
stamp="$venv/.requirements.sha"
want="$(sha256sum "$requirements" | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "Installing notebook requirements into .venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements"
  echo "$want" > "$stamp"
fi

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
passed=0
failed=0
for notebook in "$root"/notebooks/*.ipynb; do
  name="$(basename "$notebook")"
  if HARMONIC_BIN="$bin" MPLBACKEND=Agg "$venv/bin/jupyter" nbconvert --to notebook --execute \
      --ExecutePreprocessor.timeout=900 --output-dir "$out" "$notebook" >"$out/$name.log" 2>&1; then
    echo "notebook $name: passed"
    passed=$((passed + 1))
  else
    echo "notebook $name: FAILED"
    tail -n 30 "$out/$name.log"
    failed=$((failed + 1))
  fi
done
echo "notebooks: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
