#!/usr/bin/env python3
"""Fails when a test file uses Float80 outside `#if arch(x86_64)` (Float80 does not exist on
arm64, so such a file would not compile there). Prints each offending line."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
bad = []
for path in sorted((root / "Tests").rglob("*.swift")):
    stack = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("#if"):
            stack.append("arch(x86_64)" in stripped)
        elif stripped.startswith("#else"):
            stack[-1] = False
        elif stripped.startswith("#endif"):
            stack.pop()
        elif re.search(r"\bFloat80\b", line.split("//")[0]) and not any(stack):
            bad.append(f"{path.relative_to(root)}:{number}: {stripped}")
if bad:
    print("Float80 outside #if arch(x86_64):", *bad, sep="\n  ")
    sys.exit(1)
