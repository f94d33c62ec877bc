#!/usr/bin/env bash
# shellcheck disable=SC2317  # the stage_* functions are called indirectly through stage()
# SPDX-License-Identifier: GPL-3.0-or-later
# Quick start (2): install what is missing, build with warnings as errors and run the whole test suite.
# Stages (all run; the script fails if any failed):
#   format  clang-format-14 check of every tracked .h/.cpp (scripts/format.sh --check)
#   ci      preset `ci` (Release, -Werror, all layers), then ctest: every test except label `slow`
#   package preset `package` (ci's compile flags, so ccache reuses the ci stage's objects; models installed, not
#           compiled in), then scripts/package_check.sh: cpack -G DEB, lintian, AppStream and desktop entry,
#           and the package unpacked into a scratch root runs kibitz-cli --version and a one-position analyse
#   asan    preset `asan` (ASan+UBSan, no torch, no GUI), then ctest -L fast
#   tsan    preset `tsan` (ThreadSanitizer; only the plain C++ threaded code's tests), then ctest -L threads
#   fuzz    preset `fuzz` (clang libFuzzer): scripts/fuzz.sh --replay, a fixed seed and input count per target
#           (~30 s each) rather than a time budget; explore longer with scripts/fuzz.sh --seconds N
#
#   scripts/test.sh [--slow] [--only STAGE[,STAGE...]] [--skip STAGE[,STAGE...]]
#
# --slow also runs the tests labelled `slow` (deep perft and the like) in the ci stage.
# Environment: KIBITZ_JOBS (build jobs), KIBITZ_TEST_JOBS (parallel tests, default 2).
set -uo pipefail

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 && !/SPDX-License-Identifier|shellcheck/ { sub(/^# ?/, ""); print }' "$0"
}

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1
SLOW=0
ONLY=""
SKIP=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --slow) SLOW=1; shift ;;
        --only) ONLY=",$2,"; shift 2 ;;
        --skip) SKIP=",$2,"; shift 2 ;;
        -h | --help) usage; exit 0 ;;
        *) echo "test.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
    esac
done

export PATH="$PATH:/usr/games"  # Debian installs stockfish and pgn-extract there
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
TEST_JOBS="${KIBITZ_TEST_JOBS:-2}"

wanted() {
    [[ -z "$ONLY" || "$ONLY" == *",$1,"* ]] && [[ "$SKIP" != *",$1,"* ]]
}

PASSED=0
FAILED=0
REPORT=()
# Tests counted from a ctest log ("N% tests passed, F tests failed out of T").
count_ctest() {
    local log="$1" line total failedTests
    line="$(grep -E 'tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -1)"
    if [[ -z "$line" ]]; then
        FAILED=$((FAILED + 1))
        return
    fi
    failedTests="$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/' <<<"$line")"
    total="$(sed -E 's/.* failed out of ([0-9]+).*/\1/' <<<"$line")"
    PASSED=$((PASSED + total - failedTests))
    FAILED=$((FAILED + failedTests))
}

stage() {
    local name="$1" start=$SECONDS rc
    shift
    echo
    echo "=== stage $name ==="
    "$@"
    rc=$?
    local took=$((SECONDS - start))
    if [[ $rc -eq 0 ]]; then
        REPORT+=("$(printf '%-8s ok      %5d s' "$name" "$took")")
    else
        REPORT+=("$(printf '%-8s FAILED  %5d s' "$name" "$took")")
    fi
    return $rc
}

stage_format() {
    if "$ROOT/scripts/format.sh" --check; then
        PASSED=$((PASSED + 1))
    else
        FAILED=$((FAILED + 1))
        return 1
    fi
}

run_ctest() {
    local preset="$1" log="$ROOT/build/$1.ctest.log"
    shift
    ctest --preset "$preset" -j "$TEST_JOBS" "$@" 2>&1 | tee "$log"
    local rc=${PIPESTATUS[0]}
    count_ctest "$log"
    return "$rc"
}

stage_ci() {
    if ! "$ROOT/scripts/setup.sh" --no-deps ci; then
        FAILED=$((FAILED + 1))
        return 1
    fi
    if [[ $SLOW -eq 1 ]]; then
        run_ctest ci-all
    else
        run_ctest ci
    fi
}

stage_asan() {
    if ! "$ROOT/scripts/setup.sh" --no-deps asan; then
        FAILED=$((FAILED + 1))
        return 1
    fi
    run_ctest asan
}

stage_tsan() {
    if ! "$ROOT/scripts/setup.sh" --no-deps tsan; then
        FAILED=$((FAILED + 1))
        return 1
    fi
    run_ctest tsan
}

stage_package() {
    local log="$ROOT/build/package.log" rc line
    "$ROOT/scripts/package_check.sh" 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    line="$(grep -E '^package: [0-9]+ passed, [0-9]+ failed' "$log" | tail -1)"
    if [[ -n "$line" ]]; then
        PASSED=$((PASSED + $(sed -E 's/^package: ([0-9]+) passed.*/\1/' <<<"$line")))
        FAILED=$((FAILED + $(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$line")))
    else
        FAILED=$((FAILED + 1))
    fi
    return "$rc"
}

stage_fuzz() {
    local log="$ROOT/build/fuzz.log" rc line
    "$ROOT/scripts/fuzz.sh" --replay 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    line="$(grep -E '^fuzz: [0-9]+ passed, [0-9]+ failed' "$log" | tail -1)"
    if [[ -n "$line" ]]; then
        PASSED=$((PASSED + $(sed -E 's/^fuzz: ([0-9]+) passed.*/\1/' <<<"$line")))
        FAILED=$((FAILED + $(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$line")))
    else
        FAILED=$((FAILED + 1))
    fi
    return "$rc"
}

TOTAL_START=$SECONDS
mkdir -p "$ROOT/build"
echo "=== stage setup ==="
if ! "$ROOT/scripts/setup.sh" --deps-only; then
    echo "test.sh: installing the dependencies failed" >&2
    exit 1
fi

status=0
for s in format ci package asan tsan fuzz; do
    if wanted "$s"; then
        stage "$s" "stage_$s" || status=1
    fi
done

echo
echo "=== summary ($((SECONDS - TOTAL_START)) s) ==="
printf '  %s\n' "${REPORT[@]}"
echo "Slow tests were $([[ $SLOW -eq 1 ]] && echo run || echo 'skipped (run them with: scripts/test.sh --slow)')."
# Plain closing line: tests + format check + package checks + fuzz targets.
echo "kibitz: $PASSED passed, $FAILED failed"
exit $status
