#!/usr/bin/env bash
# Builds Harmonic's fuzz targets with libFuzzer and AddressSanitizer, then runs each one.
#
#   scripts/fuzz.sh                 every target for $FUZZ_SECONDS (default 600) seconds
#   scripts/fuzz.sh --quick         every target: the committed corpus, then 3,000 fixed-seed
#                                   mutations (1,000 for convert; fixed inputs; what `make test`
#                                   runs)
#   scripts/fuzz.sh spec css        only the named targets
#
# Inputs that break a contract are saved under Fuzz/Crashes/<target>/ and the script exits 1.
# New inputs libFuzzer finds go to a scratch corpus (.build-fuzz/corpus/<target>), never into
# the committed seeds (Fuzz/Corpus/<target>); copy an input there to keep it.
# Prints one line per target: executions, seed inputs, and inputs found beyond the seeds.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
targets=()
for arg in "$@"; do
    case "$arg" in
        --quick) quick=1 ;;
        *) targets+=("$arg") ;;
    esac
done
if [ ${#targets[@]} -eq 0 ]; then targets=(spec css svg-path scene options plot convert command lottie); fi
seconds="${FUZZ_SECONDS:-600}"
scratch=.build-fuzz

# `--sanitize` links both runtimes, but the compiler keeps only the last `-sanitize=` flag it
# is given, which would drop the fuzzer's coverage instrumentation from every module but the
# entry point; the combined flag at the end restores it.
swift build --package-path Fuzz --scratch-path "$scratch" -c release \
    --sanitize fuzzer --sanitize address -Xswiftc -sanitize=fuzzer,address \
    -Xswiftc -enable-testing -Xswiftc -DFUZZING \
    --product harmonic-fuzz 2>&1 | grep -v "Cannot export local symbol" | tail -n 3
binary="$scratch/release/harmonic-fuzz"

status=0
for target in "${targets[@]}"; do
    seeds="Fuzz/Corpus/$target"
    [ -d "$seeds" ] || { echo "fuzz: no seed corpus $seeds" >&2; exit 2; }
    corpus="$scratch/corpus/$target"
    # The quick pass starts from the seeds alone each time, so that it mutates the same inputs.
    [ "$quick" = 1 ] && { corpus="$scratch/quick-corpus/$target"; rm -rf "$corpus"; }
    crashes="Fuzz/Crashes/$target"
    mkdir -p "$corpus" "$crashes"
    # libFuzzer takes one dictionary: the target's parts (Fuzz/Dictionaries), joined.
    case "$target" in
        css | svg-path) parts=(numbers) ;;
        spec | scene | plot | convert) parts=(numbers spec-keys) ;;
        options | command) parts=(numbers spec-keys options) ;;
        lottie) parts=(numbers lottie-keys) ;;
    esac
    dictionary="$scratch/$target.dict"
    for part in "${parts[@]}"; do cat "Fuzz/Dictionaries/$part.dict"; done >"$dictionary"
    if [ "$quick" = 1 ]; then
        # convert runs eight conversions (and their linear() fits) per input: a third as many.
        runs=3000
        [ "$target" = convert ] && runs=1000
        limits=(-seed=1 -runs="$runs")
    else
        limits=(-max_total_time="$seconds")
    fi
    log="$scratch/$target.log"
    # Swift seeds its hashing per process; a fixed seed keeps dictionary order, and so the
    # paths a given input takes, the same from run to run.
    mkdir -p "$scratch/tmp"
    if TMPDIR="$PWD/$scratch/tmp" SWIFT_DETERMINISTIC_HASHING=1 HARMONIC_FUZZ_TARGET="$target" ASAN_OPTIONS=detect_leaks=0 "$binary" "${limits[@]}" \
        -timeout=20 -rss_limit_mb=4096 -max_len=4096 -print_final_stats=1 \
        -artifact_prefix="$crashes/" -dict="$dictionary" "$corpus" "$seeds" >"$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        seeds_count=$(find "$seeds" -type f | wc -l)
        size=$(find "$corpus" -type f | wc -l)
        printf 'fuzz %-9s %10s executions  %4s seeds  %5s new inputs  ok\n' "$target" "$runs" "$seeds_count" "$size"
    else
        echo "fuzz $target: contract broken; the input is in $crashes/, the log in $log:" >&2
        grep -E "contract broken|ERROR: AddressSanitizer|Fatal error|deadly signal|timeout" "$log" | head -n 5 >&2 || true
        status=1
    fi
    rmdir "$crashes" 2>/dev/null || true
done
exit $status
