#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Peak memory while streaming PGN stays flat: peak RSS of `kibitz-cli pgn-stats` over one game file and over all
# of ../shared/data/games (.pgn.zst, ~15x more games), measured with GNU time in the same run.
#   bench/stream_memory.sh [--cli PATH]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CLI="$ROOT/build/release/app/cli/kibitz-cli"
[[ "${1:-}" == "--cli" ]] && CLI="$2"
GAMES="$ROOT/../shared/data/games"
[[ -x "$CLI" ]] || { echo "stream_memory: kibitz-cli not found at $CLI (build it or pass --cli)"; exit 1; }
[[ -d "$GAMES" ]] || { echo "stream_memory: $GAMES is absent; skipped"; exit 0; }
[[ -x /usr/bin/time ]] || { echo "stream_memory: GNU time (package 'time') is missing"; exit 1; }
one=("$GAMES"/lichess_clk_001.pgn.zst)
all=("$GAMES"/*.pgn.zst)
measure() {
    local out rss games
    out=$(/usr/bin/time -f 'RSS %M' "$CLI" pgn-stats --json "$@" 2>&1 >/tmp/kibitz_stream_$$.json)
    rss=$(grep -o 'RSS [0-9]*' <<<"$out" | awk '{print $2}')
    games=$(python3 -c "import json;print(json.load(open('/tmp/kibitz_stream_$$.json'))['games'])")
    rm -f /tmp/kibitz_stream_$$.json
    echo "$games $rss"
}
read -r g1 r1 < <(measure "${one[@]}")
read -r ga ra < <(measure "${all[@]}")
echo "one file:  $g1 games, peak RSS $((r1 / 1024)) MiB"
echo "all files: $ga games, peak RSS $((ra / 1024)) MiB"
awk -v a="$r1" -v b="$ra" -v g1="$g1" -v ga="$ga" 'BEGIN {
    printf "games x%.1f, peak memory x%.2f (flat means close to 1)\n", ga / g1, b / a;
    exit (b / a < 1.5) ? 0 : 1 }'
