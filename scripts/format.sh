#!/usr/bin/env bash
# Formats the Swift sources with the toolchain's `swift format` and the committed
# .swift-format, or (--check) fails when a file would change or a line of Swift is longer
# than 120 columns (what the formatter cannot wrap: string literals, comments, tables).
# Usage: scripts/format.sh [--check]
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Fuzz/Package.swift Fuzz/Sources Benchmarks/Package.swift Benchmarks/Benchmarks Benchmarks/Sources)
if [ "${1:-}" != "--check" ]; then
    swift format format --in-place --recursive --parallel "${paths[@]}"
    exit 0
fi
status=0
if ! swift format lint --strict --recursive --parallel "${paths[@]}"; then
    echo "format: run 'make format' (swift format with .swift-format) and commit the result" >&2
    status=1
fi
# Characters, not bytes: a line with "·" or "—" is as wide as it looks.
long=$(git ls-files -z '*.swift' | python3 -c '
import sys
for path in sys.stdin.read().split("\0"):
    if path:
        for number, line in enumerate(open(path, encoding="utf-8"), 1):
            if len(line.rstrip("\n")) > 120:
                print(f"{path}:{number}: {len(line.rstrip())} columns")
')
if [ -n "$long" ]; then
    echo "$long" >&2
    echo "format: lines over 120 columns (wrap the string or the comment)" >&2
    status=1
fi
[ "$status" = 0 ] && echo "format: clean ($(git ls-files '*.swift' | wc -l) Swift files)"
exit $status
