#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# guess-elo's games per second (kibitz-guess-elo-bench): every (position, rating level) query of a game batched, as
# guess-elo runs it, beside the level-by-level way and one forward per position, on the same games in the same run,
# with a check that the estimates agree.
#
#   bench/guess_elo_bench.sh [--bench PATH/kibitz-guess-elo-bench] [--games N] [--threads T] [--pgn FILE]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="$ROOT/build/release/bench/kibitz-guess-elo-bench"
ARGS=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --bench) BENCH="$2"; shift 2 ;;
        --games | --threads | --pgn | --model) ARGS+=("$1" "$2"); shift 2 ;;
        *) echo "guess_elo_bench.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
[[ -x "$BENCH" ]] || { echo "guess_elo_bench.sh: $BENCH not built (cmake --build --preset release --target kibitz-guess-elo-bench)" >&2; exit 2; }
exec "$BENCH" "${ARGS[@]}"
