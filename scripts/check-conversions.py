#!/usr/bin/env python3
"""Lists every integer conversion and stride in Sources/ that carries no proof, and fails on one.

A conversion to an integer type (`Int(x)`, `Int(exactly: x)`, `UInt32(x)`, …) traps when its
argument is a Double that is NaN, infinite or out of range, and a stride's trip count grows
with its bounds. Every such site in Sources/ says why it cannot trap or run long, in a comment
that starts with `// Int:` on the same line or on one of the three lines above, naming the
check that proves it (`// Int: count ≤ maximumCount, checked in resolve`), or that the
argument is already an integer (`// Int: from a UInt8`). Conversions that cannot trap by
construction are not listed: `bitPattern:`, `truncatingIfNeeded:`, `clamping:`, `ascii:`.

Usage: scripts/check-conversions.py           list the unproven sites; exit 1 if there are any
       scripts/check-conversions.py --all     list every site with its proof
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = re.compile(
    r"(?<![\w.])(?:Swift\.)?(U?Int(?:8|16|32|64)?)\((?!bitPattern:|truncatingIfNeeded:|clamping:|ascii:|\))"
    r"|(?<![\w.])(?:Swift\.)?stride\(from:"
)
PROOF = re.compile(r"//\s*Int:\s*\S")
LOOKBACK = 3


def code_part(line: str) -> str:
    """The line without its comment and without the contents of string literals."""
    out, in_string, i = [], False, 0
    while i < len(line):
        c = line[i]
        if in_string:
            if c == "\\":
                i += 2
                continue
            if c == '"':
                in_string = False
            i += 1
            continue
        if c == '"':
            in_string = True
        elif line.startswith("//", i):
            break
        else:
            out.append(c)
        i += 1
    return "".join(out)


def sites():
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for n, line in enumerate(lines):
            if not SITE.search(code_part(line)):
                continue
            window = lines[max(0, n - LOOKBACK) : n + 1]
            proof = next((m.group(0) for w in reversed(window) for m in [PROOF.search(w)] if m), None)
            proof_line = next((w.strip() for w in reversed(window) if PROOF.search(w)), None)
            yield path.relative_to(ROOT), n + 1, line.strip(), proof_line if proof else None


def main() -> int:
    show_all = "--all" in sys.argv[1:]
    found = list(sites())
    unproven = [s for s in found if s[3] is None]
    for path, number, text, proof in found:
        if proof is None or show_all:
            print(f"{path}:{number}: {text}" + (f"\n    {proof}" if proof else "  <- no `// Int:` proof"))
    print(
        f"integer conversions and strides in Sources/: {len(found)}, "
        f"{len(found) - len(unproven)} with a proof, {len(unproven)} without",
        file=sys.stderr,
    )
    return 1 if unproven else 0


if __name__ == "__main__":
    sys.exit(main())
