#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A cool-down branch of a main run: every shipped default model is one (docs/models/recipes.md). A copy of a main-run
# checkpoint is fine-tuned (--init: fresh AdamW) for a short run whose learning rate decays on a cosine, on the same
# training split with data seed 7 (so it does not replay the main run's first batches). Runs in the foreground and
# resumes where it stopped when run again. This is the one place the cool-down recipe is written:
# scripts/models/ship_puzzle_default.sh calls it for the puzzle model.
#
#   scripts/models/cooldown_branch.sh [human] CHECKPOINT OUT   the human-move model (train human, small-v2): two Gloo
#       ranks, batch 256, KIBITZ_BRANCH_STEPS steps (default 3000), warm-up 100 to KIBITZ_BRANCH_LR (default 3e-4),
#       cosine to a tenth; the main run's balance caps and teacher (KIBITZ_TEACHER, default resources/models/maia-1,
#       `none` turns it off; KIBITZ_TEACHER_WEIGHT, default 1); validation every 1000 steps on 8,000 held-out
#       positions. Data: KIBITZ_GAMES (default ../shared/data/games); KIBITZ_PORT (default 29571).
#   scripts/models/cooldown_branch.sh puzzle CHECKPOINT OUT     the puzzle model (train-puzzle, GlickFormer): one
#       process of THREADS threads (default 1), batch 128, KIBITZ_BRANCH_STEPS steps (default 900) from
#       KIBITZ_BRANCH_LR (default 1e-4) on a cosine, no warm-up; validation at the end on 2,000 held-out puzzles.
#       Data: KIBITZ_PUZZLES (default ../shared/data/puzzles).
#   scripts/models/cooldown_branch.sh -h | --help               this text
#
# KIBITZ_CLI names the kibitz-cli-models to use (default: the newest build/*/app/cli/kibitz-cli-models).
# Log and checkpoints: OUT/train.log, OUT/latest.pt. Then score the branch beside the shipped default
# (docs/models/recipes.md): for the human model, e.g.
#   kibitz-cli eval human --held-out --max-games 1500 --sensitivity --pgn ../shared/data/games --model OUT/latest.pt
set -euo pipefail

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 && !/SPDX-License-Identifier/ { sub(/^# ?/, ""); print }' "$0"
}

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
KIND=human
case "${1:-}" in
    -h | --help) usage; exit 0 ;;
    human | puzzle) KIND="$1"; shift ;;
esac
if [[ $# -ne 2 ]]; then
    usage >&2
    exit 2
fi
INIT="$1"
OUT="$2"
[[ -f "$INIT" ]] || { echo "cooldown_branch.sh: no checkpoint $INIT" >&2; exit 2; }
CLI="${KIBITZ_CLI:-$(ls -t "$ROOT"/build/*/app/cli/kibitz-cli-models 2>/dev/null | head -n 1 || true)}"
if [[ -z "$CLI" || ! -x "$CLI" ]]; then
    echo "cooldown_branch.sh: no kibitz-cli-models; build first or set KIBITZ_CLI" >&2
    exit 1
fi
mkdir -p "$OUT"

if [[ "$KIND" == puzzle ]]; then
    THREADS="${THREADS:-1}"
    export OPENBLAS_NUM_THREADS="$THREADS" OMP_NUM_THREADS="$THREADS"
    STEPS="${KIBITZ_BRANCH_STEPS:-900}"
    "$CLI" train-puzzle --csv "${KIBITZ_PUZZLES:-$ROOT/../shared/data/puzzles}" --out "$OUT" --init "$INIT" \
        --steps "$STEPS" --warmup 0 --lr "${KIBITZ_BRANCH_LR:-1e-4}" --batch 128 --seed 7 --threads "$THREADS" \
        --checkpoint-every 100 --validate-every "$STEPS" --validation-puzzles 2000 --log-every 50 --resume \
        >>"$OUT/train.log" 2>&1 </dev/null
    exit 0
fi

GAMES="${KIBITZ_GAMES:-$ROOT/../shared/data/games}"
PORT="${KIBITZ_PORT:-29571}"
TEACHER="${KIBITZ_TEACHER:-$ROOT/resources/models/maia-1}"
EXTRA=()
if [[ "$TEACHER" != none ]]; then EXTRA+=(--teacher "$TEACHER" --teacher-weight "${KIBITZ_TEACHER_WEIGHT:-1}"); fi
ARGS=(train human --pgn "$GAMES" --config small-v2 --init "$INIT" --out "$OUT" --steps "${KIBITZ_BRANCH_STEPS:-3000}"
    --warmup 100 --batch 256 --lr "${KIBITZ_BRANCH_LR:-3e-4}" --threads 1 --seed 7 --checkpoint-every 250
    --validate-every 1000 --validation-positions 8000 --log-every 25 --resume --max-player-share 0.04
    --max-band-share 0.2 "${EXTRA[@]}")
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
export MALLOC_MMAP_THRESHOLD_=1073741824 MALLOC_TRIM_THRESHOLD_=1073741824
"$CLI" "${ARGS[@]}" --world-size 2 --rank 1 --master "127.0.0.1:$PORT" >>"$OUT/train.rank1.log" 2>&1 </dev/null &
RANK1=$!
trap 'kill -TERM $RANK1 2>/dev/null || true' INT TERM
"$CLI" "${ARGS[@]}" --world-size 2 --rank 0 --master "127.0.0.1:$PORT" >>"$OUT/train.log" 2>&1 </dev/null
wait $RANK1
