#!/usr/bin/env bash
# Executes every notebook in notebooks/ headless, from a clean kernel, in the virtual
# environment .venv (created and filled from notebooks/requirements.txt when missing or out of
# date). Fails if any cell of any notebook fails. Outputs go to a temporary folder: the
# committed notebooks stay without outputs.
# With notebook names after the tool, only those run (`make test` runs one; `make check` all).
# Usage: scripts/run-notebooks.sh PATH/TO/harmonic [NAME.ipynb…]
set -euo pipefail
bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
shift
source "$(dirname "$0")/venv.sh"

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
passed=0
failed=0
notebooks=("$root"/notebooks/*.ipynb)
if [ $# -gt 0 ]; then
  notebooks=()
  for name in "$@"; do
    [ -f "$root/notebooks/$name" ] || { echo "run-notebooks: no notebook notebooks/$name" >&2; exit 2; }
    notebooks+=("$root/notebooks/$name")
  done
fi
for notebook in "${notebooks[@]}"; do
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
