#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# PGN parsing speed: `kibitz-cli pgn-stats` (every move validated) against `pgn-extract -s -Wuci` (pgn-extract's
# full parse: it replays every move to write UCI), in one run on the same files.
#
# Usage: bench/pgn_bench.sh [--cli PATH] [--runs N] [GAMES_DIR]
#   GAMES_DIR  folder with *.pgn.zst (default: ../shared/data/games relative to the repository)
#   --cli      kibitz-cli binary (default: $KIBITZ_CLI, else the newest build*/app/cli/kibitz-cli)
#   --runs     timed runs per tool; the run with the least CPU time counts (default 3)
# Output: games/s and positions/s for kibitz on .zst, kibitz on the decompressed files, pgn-extract on the
# decompressed files, and the ratio kibitz/pgn-extract on the same decompressed files. Positions = plies of the
# main lines. Rates use the CPU time of the whole process (start-up included); wall time is shown too.
# Exit code 0 ok, 1 a tool failed or the tools disagree on the number of games or plies, 2 bad usage.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
cli="${KIBITZ_CLI:-}"
runs=3
dir=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --cli) cli="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    -h|--help) sed -n '3,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "pgn_bench: unknown option $1" >&2; exit 2 ;;
    *) dir="$1"; shift ;;
  esac
done
[[ -n "$dir" ]] || dir="$repo/../shared/data/games"
if [[ -z "$cli" ]]; then
  cli="$(ls -t "$repo"/build*/app/cli/kibitz-cli 2>/dev/null | head -n 1 || true)"
fi
[[ -x "$cli" ]] || { echo "pgn_bench: kibitz-cli not found (build it or pass --cli)" >&2; exit 2; }
pe="$(command -v pgn-extract || true)"
[[ -n "$pe" ]] || { [[ -x /usr/games/pgn-extract ]] && pe=/usr/games/pgn-extract; }
[[ -n "$pe" ]] || { echo "pgn_bench: pgn-extract not found (apt-get install pgn-extract)" >&2; exit 2; }
shopt -s nullglob
zst=("$dir"/*.pgn.zst)
[[ ${#zst[@]} -gt 0 ]] || { echo "pgn_bench: no *.pgn.zst in $dir" >&2; exit 2; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
plain=()
for f in "${zst[@]}"; do
  out="$tmp/$(basename "${f%.zst}")"
  zstd -q -d -c "$f" > "$out"
  plain+=("$out")
done

# best_time CMD...: runs the command $runs times (output discarded) and prints "cpu wall" in seconds of the run
# with the least CPU time (user + system). CPU time is the fairer measure on a shared, busy machine.
best_time() {
  local best="" line cpu
  for ((i = 0; i < runs; i++)); do
    # The shell's own `time` (no extra package): user, system and real seconds of the command.
    { TIMEFORMAT='%U %S %R'; time "$@" > /dev/null 2> /dev/null; } 2> "$tmp/time"
    line=$(tail -n 1 "$tmp/time")
    cpu=$(echo "$line" | awk '{ print $1 + $2 }')
    if [[ -z "$best" ]] || awk -v a="$cpu" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then best="$cpu $(echo "$line" | awk '{ print $3 }')"; fi
  done
  echo "$best"
}
json_field() { sed -n "s/.*\"$1\":\([0-9.e+-]*\).*/\1/p"; }

# Counts (untimed): both tools must agree on games and plies.
ours_json="$("$cli" pgn-stats --json "${plain[@]}")"
games=$(echo "$ours_json" | json_field games)
positions=$(echo "$ours_json" | json_field positions)
skipped=$(echo "$ours_json" | json_field skipped)
"$pe" -s -Wuci --notags -C -N -V -w1000000 -o "$tmp/pe.uci" "${plain[@]}" 2> "$tmp/pe.err"
pe_games=$(grep -c . "$tmp/pe.uci" || true)
pe_positions=$(awk 'NF { n += NF - 1 } END { print n + 0 }' "$tmp/pe.uci")

t_zst=$(best_time "$cli" pgn-stats "${zst[@]}")
t_plain=$(best_time "$cli" pgn-stats "${plain[@]}")
t_pe=$(best_time "$pe" -s -Wuci -o /dev/null "${plain[@]}")

rate() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%d", a / b }'; }
bytes=$(cat "${plain[@]}" | wc -c)
echo "PGN bench: ${#zst[@]} files from $dir ($((bytes / 1000000)) MB decompressed), best of $runs runs per tool"
echo "  games $games (skipped $skipped), positions (plies) $positions; pgn-extract: games $pe_games, positions $pe_positions"
echo "  rates use CPU time (user+sys) of the whole process; wall time in brackets"
row() {  # label "cpu wall" games positions
  local cpu=${2%% *} wall=${2##* }
  printf "  %-31s %7.2f s cpu (%6.2f s wall) %8s games/s %9s positions/s\n" "$1" "$cpu" "$wall" \
    "$(rate "$3" "$cpu")" "$(rate "$4" "$cpu")"
}
row "kibitz-cli pgn-stats (.pgn.zst)" "$t_zst" "$games" "$positions"
row "kibitz-cli pgn-stats (.pgn)" "$t_plain" "$games" "$positions"
row "pgn-extract -s -Wuci (.pgn)" "$t_pe" "$pe_games" "$pe_positions"
printf "  ratio kibitz/pgn-extract on the same .pgn files (games/s, CPU time): %.2fx\n" \
  "$(awk -v g="$games" -v t="${t_plain%% *}" -v pg="$pe_games" -v pt="${t_pe%% *}" 'BEGIN { print (g / t) / (pg / pt) }')"
if [[ "$games" != "$pe_games" || "$positions" != "$pe_positions" ]]; then
  echo "pgn_bench: the tools disagree on the number of games or positions" >&2
  exit 1
fi
