#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The player profile's wall time on a player's newest games with an empty score cache, Stockfish at the default
# depth: `kibitz-cli profile` with one engine process, then with its default (one per core), on the same games in
# the same run. The aim: 200 games in at most 5 minutes on this machine.
#
# Usage: bench/profile_bench.sh [--cli PATH] [--games N] [--player NAME] [--json] [GAMES_DIR]
#   GAMES_DIR  folder of .pgn.zst with the player's games (default: ../shared/data/games relative to the repository)
#   --cli      kibitz-cli binary (default: $KIBITZ_CLI, else the newest build*/app/cli/kibitz-cli)
#   --games    the player's newest N games (default 200)
#   --player   (default pnmadelaine, the player with the most games in the shared data)
#   --json     one JSON object instead of the text lines
# Output: positions scored, wall seconds of each run, the ratio one engine / default, and whether the default run
# met the 5-minute aim. Exit code 0 ok, 1 a run failed or the two runs disagree on the positions, 2 bad usage.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
cli="${KIBITZ_CLI:-}"
games=200
player=pnmadelaine
json=0
dir=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --cli) cli="$2"; shift 2 ;;
    --games) games="$2"; shift 2 ;;
    --player) player="$2"; shift 2 ;;
    --json) json=1; shift ;;
    -h|--help) sed -n '3,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "profile_bench: unknown option $1" >&2; exit 2 ;;
    *) dir="$1"; shift ;;
  esac
done
[[ -n "$dir" ]] || dir="$repo/../shared/data/games"
[[ -d "$dir" ]] || { echo "profile_bench: no games folder $dir (the shared data is not next to the checkout)" >&2; exit 2; }
if [[ -z "$cli" ]]; then
  cli="$(ls -t "$repo"/build*/app/cli/kibitz-cli 2>/dev/null | head -n 1 || true)"
fi
[[ -x "$cli" ]] || { echo "profile_bench: kibitz-cli not found (build it or pass --cli)" >&2; exit 2; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# One run: an empty cache of its own; prints "SECONDS POSITIONS". ENGINES 0: the CLI's default.
run() {
  local engines="$1" name="$2"
  local start end
  local extra=()
  [[ "$engines" == 0 ]] || extra=(--engines "$engines")
  start=$(date +%s.%N)
  if ! "$cli" profile --pgn "$dir" --player "$player" --games "$games" "${extra[@]}" \
      --cache "$tmp/$name.tsv" --json > "$tmp/$name.json" 2> "$tmp/$name.log"; then
    echo "profile_bench: the run with ${engines/#0/the default number of} engine(s) failed:" >&2
    tail -n 5 "$tmp/$name.log" >&2
    exit 1
  fi
  end=$(date +%s.%N)
  local positions
  positions=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["all"]["positions"])' "$tmp/$name.json")
  echo "$(python3 -c "print(f'{$end - $start:.1f}')") $positions"
}

cores=$(nproc)
read -r serial serialPositions < <(run 1 serial)
read -r shared sharedPositions < <(run 0 shared)
if [[ "$serialPositions" != "$sharedPositions" ]]; then
  echo "profile_bench: the runs disagree: $serialPositions positions with one engine, $sharedPositions with $cores" >&2
  exit 1
fi
ratio=$(python3 -c "print(f'{$serial / $shared:.2f}')")
met=$(python3 -c "print('yes' if $shared <= 300 else 'no')")
if [[ $json -eq 1 ]]; then
  printf '{"player": "%s", "games": %s, "positions": %s, "cores": %s, "one_engine_s": %s, "default_s": %s, ' \
    "$player" "$games" "$sharedPositions" "$cores" "$serial" "$shared"
  printf '"speedup": %s, "within_5_min": %s}\n' "$ratio" "$([[ $met == yes ]] && echo true || echo false)"
else
  echo "profile of $player, newest $games games: $sharedPositions positions scored (depth 8, empty cache)"
  printf '%-28s %8s s\n' "one engine process:" "$serial"
  printf '%-28s %8s s   (%sx)\n' "one per core ($cores):" "$shared" "$ratio"
  printf '%-28s %8s   (the aim: 200 games in 300 s)\n' "within 5 minutes:" "$met"
fi
