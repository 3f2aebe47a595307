#!/usr/bin/env bash
# Instructions per operation, counted by callgrind: repeatable on a shared machine whose
# timings drift by 2x. Each workload runs at two counts; the difference divided by the extra
# count is the cost of one operation (start-up and set-up cancel). Needs valgrind.
# Usage: ./instruction-counts.sh [WORKLOAD ...]   (default: all; see Sources/InstructionCounts)
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "instruction-counts: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
command -v strip >/dev/null || { echo "instruction-counts: needs strip (apt-get install binutils)" >&2; exit 1; }
swift build -c release --product instruction-counts >/dev/null || swift build -c release --product instruction-counts
# Valgrind 3.19 cannot read the DWARF 5 debug information Swift 6 writes (it stops with "ensure_valid
# failed"): count on a copy without it. The symbol table stays, so callgrind still names functions.
built="$(swift build -c release --show-bin-path)/instruction-counts"
bin="$(mktemp -d)/instruction-counts"
trap 'rm -rf "$(dirname "$bin")"' EXIT
strip --strip-debug -o "$bin" "$built"
workloads=("$@")
[ ${#workloads[@]} -gt 0 ] || workloads=(
    engine-frame kernel-frame cubic-point arc-point cubic-exact arc-exact cubic-table arc-table)
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" "$2" 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
for w in "${workloads[@]}"; do
    case "$w" in *-frame) n=20 ;; *-exact) n=2000 ;; *) n=20000 ;; esac
    low=$(count "$w" "$n"); high=$(count "$w" $((2 * n)))
    echo "$w $(( (high - low) / n )) instructions per operation"
done
