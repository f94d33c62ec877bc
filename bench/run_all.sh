#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs every benchmark in bench/ against a fresh release build and keeps the output.
#
#   bench/run_all.sh [NAME-FILTER]      e.g. bench/run_all.sh perft
#
# Each bench/*.py or bench/*.sh (other than this file) is one benchmark. It finds kibitz-cli in
# build/release/app/cli/ (or takes --cli), measures Kibitz and its reference tool in the same run, and prints
# its numbers; the output is copied to build/bench/<name>.txt.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FILTER="${1:-}"
export PATH="$PATH:/usr/games"  # stockfish, pgn-extract

"$ROOT/scripts/setup.sh" release
mkdir -p "$ROOT/build/bench"

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "commit: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
failed=0
for script in "$ROOT"/bench/*.py "$ROOT"/bench/*.sh; do
    [[ -e "$script" ]] || continue
    name="$(basename "$script")"
    [[ "$name" == run_all.sh ]] && continue
    [[ -z "$FILTER" || "$name" == *"$FILTER"* ]] || continue
    echo
    echo "=== ${name%.*} ==="
    case "$script" in
        *.py) runner=(python3) ;;
        *) runner=(bash) ;;
    esac
    start=$SECONDS
    if "${runner[@]}" "$script" 2>&1 | tee "$ROOT/build/bench/${name%.*}.txt"; then
        echo "(${name%.*}: $((SECONDS - start)) s)"
    else
        echo "bench: ${name} failed" >&2
        failed=$((failed + 1))
    fi
done
[[ $failed -eq 0 ]]
