#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# From a human-move checkpoint with its value and think-time heads (a cool-down branch, then `train value --new-head`
# and `train time`, docs/models/recipes.md) to the two default bundles and their measurements: the student bundle
# and its blend with the Maia-1 nets, scored on the 1,500 held-out games (with the rating sensitivity), mate in one,
# 500 puzzles at their rating and the think-time head; the manifest's metrics composed from them; the puzzle stage
# refitted on the new human model (its bundle pins it) and scored on the two held-out samples.
# Each step skips what it has already written, so the script resumes where it stopped.
#
# Usage: scripts/models/ship_human_default.sh CHECKPOINT.pt OUT_DIR TRAINING.json
#   TRAINING.json: the model card's training summary (the shipped bundle's `training`, brought up to date).
# Then compare OUT_DIR's JSON files with the shipped default's (docs/models/README.md) and copy human-default.kibitz and
# puzzle-default.kibitz into resources/models only if they win.
# Environment: KIBITZ_CLI (default build/ci/app/cli/kibitz-cli-models), KIBITZ_GAMES, KIBITZ_PUZZLES (default
# ../shared/data/games and ../shared/data/puzzles), THREADS (default 2).
set -euo pipefail

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 && !/SPDX-License-Identifier/ { sub(/^# ?/, ""); print }' "$0"
}
[[ "${1:-}" == -h || "${1:-}" == --help ]] && { usage; exit 0; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
[[ $# -eq 3 ]] || { usage >&2; exit 2; }
ckpt="$1" out="$2" training="$3"
[[ -f "$ckpt" && -f "$training" ]] || { echo "no $ckpt or $training" >&2; exit 2; }
threads_default=2
source "$root/scripts/models/ship_common.sh"
P1="$P/puzzles_train_part1.csv.zst"

[[ -f "$out/student.kibitz" ]] || "$B" bundle export "$ckpt" "$out/student.kibitz" --kind human --training "$training"
[[ -f "$out/blend.kibitz" ]] || "$B" bundle blend "$out/student.kibitz" maia-1@0.5,2000 "$out/blend.kibitz"
run "$out/ev-blend.json" eval human --pgn "$G" --max-games 1500 --sensitivity --away 800 --threads "$T" --json \
    --model "$out/blend.kibitz"
run "$out/ev-alone.json" eval human --pgn "$G" --max-games 1500 --threads "$T" --json --model "$out/student.kibitz"
run "$out/m1-blend.json" eval human --puzzles "$P1" --theme mateIn1 --max-puzzles 1000 --threads "$T" --json \
    --model "$out/blend.kibitz"
run "$out/m1-alone.json" eval human --puzzles "$P1" --theme mateIn1 --max-puzzles 1000 --threads "$T" --json \
    --model "$out/student.kibitz"
run "$out/pz-blend.json" eval human --puzzles "$root/tests/data/puzzles_sample.csv" --max-puzzles 500 --threads "$T" \
    --json --model "$out/blend.kibitz"
run "$out/time.json" eval time --pgn "$G" --json --threads "$T" --model "$out/student.kibitz"
run "$out/time-wm.json" eval time --pgn "$G" --json --threads "$T" --without-move --model "$out/student.kibitz"

if [[ ! -f "$out/human-default.kibitz" ]]; then
    # The manifest's metrics: the blend on the 1,500 games, the model alone, mate in one, the think-time head.
    "$root/scripts/models/ship_metrics.py" human "$out" > "$out/metrics.json.tmp"
    mv "$out/metrics.json.tmp" "$out/metrics.json"
    "$B" bundle blend "$out/student.kibitz" maia-1@0.5,2000 "$out/human-default.kibitz" --metrics "$out/metrics.json"
fi

# The puzzle stage pins the human model: refit it on the new one.
# The bundle keeps the shipped puzzle bundle's history of its board model (the stage alone changes).
if [[ ! -f "$out/training-puzzle.json" ]]; then
    "$root/scripts/models/ship_metrics.py" puzzle-history "$root/resources/models/puzzle-default.kibitz" \
        > "$out/training-puzzle.json.tmp"
    mv "$out/training-puzzle.json.tmp" "$out/training-puzzle.json"
fi
ship_puzzle_stage "$out/human-default.kibitz" "$out/training-puzzle.json"
step "done: compare $out/*.json with the shipped defaults' (docs/models/README.md)"
