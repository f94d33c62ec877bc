#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A personal model from 200 of one player's games: wall and CPU time of `kibitz-cli personalize`
# (reading the games, choosing the passes and the prior on the older games, scoring the base model, training,
# scoring the personal model, scoring both bundles as they answer, writing the bundle) with two threads, and the
# top-1 gain it measured on the player's newest 10% of games.
# Target: at most 10 minutes.
#
# Usage: bench/personalize_bench.sh [--cli PATH] [--player NAME] [--games N] [GAMES_DIR]
#   GAMES_DIR  folder with *.pgn.zst (default: ../shared/data/games relative to the repository)
#   --cli      kibitz-cli binary (default: $KIBITZ_CLI, else the newest build*/app/cli or build/*/app/cli one)
#   --player   whose games (default Bfx-de-Blr: 3,591 games, 5+0 blitz, rated about 1,800)
#   --games    training games (default 200)
# Exit code 0 ok, 1 the command failed or took over 10 minutes, 2 bad usage.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
cli="${KIBITZ_CLI:-}"
player="Bfx-de-Blr"
games=200
dir=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --cli) cli="$2"; shift 2 ;;
    --player) player="$2"; shift 2 ;;
    --games) games="$2"; shift 2 ;;
    -h|--help) sed -n '3,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "personalize_bench: unknown option $1" >&2; exit 2 ;;
    *) dir="$1"; shift ;;
  esac
done
[[ -n "$dir" ]] || dir="$repo/../shared/data/games"
[[ -d "$dir" ]] || { echo "personalize_bench: no games folder $dir (skipped)"; exit 0; }
if [[ -z "$cli" ]]; then
  cli="$(ls -t "$repo"/build*/app/cli/kibitz-cli "$repo"/build/*/app/cli/kibitz-cli 2>/dev/null | head -n 1 || true)"
fi
[[ -x "$cli" ]] || { echo "personalize_bench: kibitz-cli not found (build it or pass --cli)" >&2; exit 2; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
{ TIMEFORMAT='%R %U %S'; time "$cli" personalize --pgn "$dir" --player "$player" --games "$games" \
    --out "$tmp/p.kibitz" --threads 2 --json > "$tmp/report.json" 2> "$tmp/log"; } 2> "$tmp/time" ||
  { cat "$tmp/log" >&2; exit 1; }
read -r wall user sys < <(tail -n 1 "$tmp/time")
grep -E "moves of|base model|epoch|player's moves|as they answer" "$tmp/log" | sed 's/^[0-9-]* [0-9:]*  /  /'
python3 - "$tmp/report.json" "$wall" "$user" "$sys" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
wall, cpu = float(sys.argv[2]), float(sys.argv[3]) + float(sys.argv[4])
print(f"{r['personal_player']}: {r['personal_games']} games, {r['personal_positions']} moves learnt; "
      f"newest {r['personal_validation_games']} games ({r['personal_validation_positions']} moves): top-1 "
      f"{100 * r['personal_validation_top1_base']:.2f}% -> {100 * r['personal_validation_top1']:.2f}% "
      f"({r['personal_validation_gain_points']:+.2f} points, the {r.get('personal_validation_scored_as', 'networks')}); "
      f"the networks: {100 * r['personal_network_top1_base']:.2f}% -> {100 * r['personal_network_top1']:.2f}%, "
      f"with the repertoire {100 * r['personal_network_top1_with_book']:.2f}%")
print(f"wall {wall:.0f} s, CPU {cpu:.0f} s (target: wall <= 600 s)")
sys.exit(0 if wall <= 600 else 1)
PY
