#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# From a checkpoint of the GlickFormer main run (scripts/models/train_default_puzzle.sh) to a puzzle default and its
# measurements: a 900-step cool-down branch (scripts/models/cooldown_branch.sh puzzle: fresh AdamW from the
# checkpoint, lr 1e-4 cosine, data seed 7, batch 128, as every shipped board model), the engine stage refitted on it
# with puzzle-engine-head's defaults (the committed engine cache, the shipped human default's and the Maia-1 nets'
# solve features), the board model alone and with the stage scored on the two held-out samples, and the bundle with
# its metrics and training history.
# Each step skips what it has already written, so the script resumes where it stopped.
#
# Usage: scripts/models/ship_puzzle_default.sh MAIN_RUN_CHECKPOINT.pt OUT_DIR
# Then compare OUT_DIR's JSON files with the shipped default's (docs/models/README.md) and copy
# OUT_DIR/puzzle-default.kibitz into resources/models only if it wins on both held-out samples.
# Environment: KIBITZ_CLI (default build/ci/app/cli/kibitz-cli-models), KIBITZ_PUZZLES (default
# ../shared/data/puzzles), THREADS (default 1: the main run shares the machine).
set -euo pipefail

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 && !/SPDX-License-Identifier/ { sub(/^# ?/, ""); print }' "$0"
}
[[ "${1:-}" == -h || "${1:-}" == --help ]] && { usage; exit 0; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
[[ $# -eq 2 ]] || { usage >&2; exit 2; }
main_ckpt="$1" out="$2"
[[ -f "$main_ckpt" ]] || { echo "no $main_ckpt" >&2; exit 2; }
threads_default=1
source "$root/scripts/models/ship_common.sh"
H="$root/resources/models/human-default.kibitz"

# The counters a checkpoint records (steps, puzzles, seconds of training), read through a bundle of it: counters
# CHECKPOINT OUT.json.
counters() {
    [[ -s "$2" ]] && return
    "$B" bundle export "$1" "$2.tmp.kibitz" --kind puzzle > /dev/null
    "$B" bundle info "$2.tmp.kibitz" --json > "$2.tmp" && mv "$2.tmp" "$2"
    rm -f "$2.tmp.kibitz"
}
# The branch starts from a frozen copy: the main run rewrites its latest.pt every 100 steps.
[[ -f "$out/main.pt" ]] || { cp "$main_ckpt" "$out/main.pt.tmp" && mv "$out/main.pt.tmp" "$out/main.pt"; }
counters "$out/main.pt" "$out/main-counters.json"
if ! grep -q "finished at step 900" "$out/cool/train.log" 2>/dev/null; then
    step "cool-down branch (900 steps)"
    KIBITZ_CLI="$B" KIBITZ_PUZZLES="$P" THREADS="$T" KIBITZ_BRANCH_STEPS=900 KIBITZ_BRANCH_LR=1e-4 \
        "$root/scripts/models/cooldown_branch.sh" puzzle "$out/main.pt" "$out/cool"
fi
board="$out/cool/latest.pt"
counters "$board" "$out/cool-counters.json"

# The board model alone on both held-out samples (no stage: it has none yet).
run "$out/board15.json" eval puzzle --csv "$P" --held-out --every 15 --json --model "$board" --no-engine
run "$out/board5.json" eval puzzle --csv "$P" --held-out --every 5 --max 3000 --json --model "$board" --no-engine
# The model card's history: where the branch came from and the whole run's counters (the checkpoints' own).
if [[ ! -f "$out/training-puzzle.json" ]]; then
    "$root/scripts/models/ship_metrics.py" puzzle-training "$out" > "$out/training-puzzle.json.tmp"
    mv "$out/training-puzzle.json.tmp" "$out/training-puzzle.json"
fi
ship_puzzle_stage "$H" "$out/training-puzzle.json" --model "$board"
"$root/scripts/models/ship_metrics.py" puzzle-summary "$out"
step "done: compare $out/*.json with the shipped default's (docs/models/README.md)"
