#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets (preset `fuzz`: clang, ASan+UBSan) and runs each for a bounded time, starting
# from the seed corpus in tests/fuzz/corpus/<target>/. New inputs go to build/fuzz/corpus/<target>/, crash
# reproducers to build/fuzz/artifacts/. Exit status is non-zero when any target crashed or reported.
#
#   scripts/fuzz.sh [--no-build] [--seconds N] [TARGET...]    (targets: fen san pgn csv uci bundle lc0 download;
#                                                              default: all, 30 s each)
#   scripts/fuzz.sh --replay [--no-build] [TARGET...]   replay: a fixed seed and a fixed number of inputs per
#                                                         target (about 30 s each), from the seed corpus only
#
# Time-bounded runs explore (a different path each time, and they keep what they find); --replay is what CI runs: the
# same amount of work on any machine, not a time budget that a loaded machine spends on fewer inputs (near- but not
# fully deterministic: coverage differs by a few edges between runs). Anything an exploring run finds goes into the
# seed corpus as tests/fuzz/corpus/<target>/regress-* and is then replayed by every run.
# Reproduce a crash: build/fuzz/tests/fuzz/fuzz_<target> build/fuzz/artifacts/<target>-crash-<hash>
set -euo pipefail

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 && !/SPDX-License-Identifier|shellcheck/ { sub(/^# ?/, ""); print }' "$0"
}

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SECONDS_PER_TARGET="${KIBITZ_FUZZ_SECONDS:-30}"
BUILD=1
REPLAY=0
TARGETS=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-build) BUILD=0; shift ;;
        --seconds) SECONDS_PER_TARGET="$2"; shift 2 ;;
        --replay) REPLAY=1; shift ;;
        -h | --help) usage; exit 0 ;;
        *) TARGETS+=("$1"); shift ;;
    esac
done
[[ ${#TARGETS[@]} -gt 0 ]] || TARGETS=(fen san pgn csv uci bundle lc0 download)

if [[ $BUILD -eq 1 ]]; then
    "$ROOT/scripts/setup.sh" --no-deps fuzz
fi

OUT="$ROOT/build/fuzz"
mkdir -p "$OUT/artifacts"
failed=0
passed=0
for t in "${TARGETS[@]}"; do
    bin="$OUT/tests/fuzz/fuzz_$t"
    seeds="$ROOT/tests/fuzz/corpus/$t"
    work="$OUT/corpus/$t"
    log="$OUT/fuzz_$t.log"
    limit=(-max_total_time="$SECONDS_PER_TARGET")
    if [[ $REPLAY -eq 1 ]]; then
        # Inputs per target for about 30 s on one core here (measured executions/s: fen 45k, san 18k, pgn 3.4k,
        # csv 19k, uci 1.0k (whole engine transcripts per input), bundle 4.5k, lc0 45k, download 1.4k (each body read
        # twice, whole and in chunks)), and an empty work corpus so that only the committed seeds steer the run.
        case "$t" in
            fen) runs=1200000 ;; san) runs=500000 ;; pgn) runs=100000 ;; uci) runs=30000 ;; bundle) runs=120000 ;;
            lc0) runs=1200000 ;; download) runs=40000 ;;
            *) runs=500000 ;;
        esac
        limit=(-runs="$runs" -seed=20261123)
        work="$OUT/replay/$t"
        rm -rf "$work"
    fi
    mkdir -p "$work"
    if [[ ! -x "$bin" ]]; then
        echo "fuzz: $bin is missing" >&2
        failed=$((failed + 1))
        continue
    fi
    start=$SECONDS
    if ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1" UBSAN_OPTIONS="print_stacktrace=1" \
        "$bin" "$work" "$seeds" "${limit[@]}" -timeout=20 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$OUT/artifacts/$t-" >"$log" 2>&1; then
        runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")"
        cov="$(grep -Eo 'cov: [0-9]+' "$log" | tail -1)"
        echo "fuzz: $t ok: ${runs:-?} inputs in $((SECONDS - start)) s, $cov, corpus $(find "$work" -type f | wc -l) files"
        passed=$((passed + 1))
    else
        echo "fuzz: $t FAILED after $((SECONDS - start)) s; last lines of $log:" >&2
        tail -n 40 "$log" >&2
        # The build tree may not outlive a CI run: print the reproducer itself.
        for a in "$OUT/artifacts/$t"-*; do
            [[ -f "$a" ]] || continue
            echo "fuzz: reproducer $(basename "$a") ($(stat -c %s "$a") bytes), base64:" >&2
            base64 -w 120 "$a" | head -n 100 >&2
            echo "fuzz: replay with: base64 -d > crash.bin, then $bin crash.bin" >&2
        done
        failed=$((failed + 1))
    fi
done
echo "fuzz: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
