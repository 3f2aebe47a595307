#!/usr/bin/env bash
# Executes every notebook in notebooks/ headless, from a clean kernel, in the virtual
# environment .venv (created and filled from notebooks/requirements.txt when missing or out of
# date). Fails if any cell of any notebook fails. Outputs go to a temporary folder: the
# committed notebooks stay without outputs.
# Usage: scripts/run-notebooks.sh PATH/TO/harmonic
set -euo pipefail
bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
source "$(dirname "$0")/venv.sh"

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
