#!/usr/bin/env bash
# Instructions per operation, counted by callgrind: repeatable on a shared machine whose
# timings drift by 2x. Each workload runs at two counts; the difference divided by the extra
# count is the cost of one operation (start-up and set-up cancel). Needs valgrind.
# Usage: ./instruction-counts.sh [WORKLOAD ...]   (default: all; see Sources/InstructionCounts)
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "instruction-counts: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
swift build -c release --product instruction-counts >/dev/null || swift build -c release --product instruction-counts
bin="$(swift build -c release --show-bin-path)/instruction-counts"
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
