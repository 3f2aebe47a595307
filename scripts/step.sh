#!/usr/bin/env bash
# One step of `make test` or `make check`: runs the command and then prints how long it took,
# so that a run's log shows where its minutes go. Exits with the command's status.
# Usage: scripts/step.sh NAME COMMAND [ARGUMENT…]
set -uo pipefail
name="${1:?usage: scripts/step.sh NAME COMMAND [ARGUMENT…]}"
shift
start=$(date +%s)
"$@"
status=$?
seconds=$(( $(date +%s) - start ))
if [ "$status" -eq 0 ]; then
  printf 'step %s: %d min %02d s\n' "$name" $((seconds / 60)) $((seconds % 60))
else
  printf 'step %s: FAILED (exit %d) after %d min %02d s\n' "$name" "$status" $((seconds / 60)) $((seconds % 60)) >&2
fi
exit "$status"
