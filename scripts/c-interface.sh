#!/usr/bin/env bash
# Checks of the C interface, run by `make test`:
#   1. harmonic.h declares exactly the harmonic_* functions libHarmonicC.so exports, and
#      neither library carries the command line (no ArgumentParser symbol);
#   2. the header compiles as strict C99 and as C++11 (-Wall -Wextra -Werror -pedantic);
#   3. the example engine loop in Examples/c builds with `cc -std=c99 -Wall -Werror`, against
#      the shared library and against the static one (linked by swiftc, which adds the Swift
#      runtime), runs, and prints the same thing both ways.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
CC=${CC:-cc}
CXX=${CXX:-c++}

"$SWIFT" build --product HarmonicC >/dev/null
"$SWIFT" build --product HarmonicCStatic >/dev/null
bin=$("$SWIFT" build --show-bin-path)
include=Sources/CHarmonic/include
header=$include/harmonic.h
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 1. Declared = exported.
grep -oE '\bharmonic_[a-z0-9_]+\(' "$header" | tr -d '(' | sort -u >"$work/declared"
nm -D --defined-only "$bin/libHarmonicC.so" | awk '$2 == "T" && $3 ~ /^harmonic_/ { print $3 }' | sort -u \
    >"$work/exported"
if ! diff -u "$work/declared" "$work/exported" >"$work/diff"; then
    echo "c-interface: harmonic.h and libHarmonicC.so disagree (- declared only, + exported only):" >&2
    cat "$work/diff" >&2
    exit 1
fi

# The C library is the spec format and the engine, not the tool: a C program never links
# ArgumentParser (HarmonicC depends on HarmonicSpec, never on HarmonicCommandLine).
for library in "$bin/libHarmonicC.so" "$bin/libHarmonicCStatic.a"; do
    # (grep -c reads the whole listing: grep -q would stop nm early and fail the pipe.)
    count=$(nm "$library" 2>/dev/null | grep -c 'ArgumentParser' || true)
    if [ "$count" != 0 ]; then
        echo "c-interface: $library has $count ArgumentParser symbols (it must not depend on the CLI)" >&2
        exit 1
    fi
done

# 2. The header alone, as C99 and as C++.
echo '#include <harmonic.h>' >"$work/include.c"
"$CC" -std=c99 -Wall -Wextra -Werror -pedantic -fsyntax-only -I "$include" "$work/include.c"
"$CXX" -std=c++11 -Wall -Wextra -Werror -pedantic -fsyntax-only -I "$include" -x c++ "$work/include.c"

# 3. The example, shared and static.
"$CC" -std=c99 -Wall -Wextra -Werror -I "$include" Examples/c/engine_loop.c -L "$bin" -lHarmonicC \
    -Wl,-rpath,"$bin" -o "$work/engine_loop"
"$work/engine_loop" >"$work/shared.txt"
"$CC" -std=c99 -Wall -Wextra -Werror -I "$include" -c Examples/c/engine_loop.c -o "$work/engine_loop.o"
swiftc "$work/engine_loop.o" "$bin/libHarmonicCStatic.a" -o "$work/engine_loop_static"
"$work/engine_loop_static" >"$work/static.txt"
diff -u "$work/shared.txt" "$work/static.txt"
echo "c-interface: $(wc -l <"$work/declared") functions declared and exported; header compiles as C99 and C++;" \
    "example ran against the shared and the static library ($(wc -l <"$work/shared.txt") lines)"
