#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A cool-down branch of the main human-move run: every shipped default is one (core/training/README.md, "The curve").
# Fine-tunes a copy of a main-run checkpoint (--init: fresh AdamW) for KIBITZ_BRANCH_STEPS steps (default 3000) on
# two Gloo ranks: warm-up 100 steps to KIBITZ_BRANCH_LR (default 3e-4), cosine to a tenth; data seed 7, batch 256,
# the main run's balance caps and teacher (KIBITZ_TEACHER as in train_default_human.sh; `none` turns it off).
# Validation every 1000 steps on 8,000 held-out positions, in OUT/train.log. Runs in the foreground; resumable.
#
#   scripts/cooldown_branch.sh CHECKPOINT OUT
#
# Then score it on the 1,500 held-out games beside the shipped default:
#   kibitz-cli eval human --held-out --max-games 1500 --sensitivity --pgn ../shared/data/games --model OUT/latest.pt
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ $# -ne 2 ]]; then
    sed -n '3,13p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
INIT="$1"
OUT="$2"
[[ -f "$INIT" ]] || { echo "cooldown_branch.sh: no checkpoint $INIT" >&2; exit 2; }
GAMES="${KIBITZ_GAMES:-$ROOT/../shared/data/games}"
PORT="${KIBITZ_PORT:-29571}"
CLI="${KIBITZ_CLI:-$(ls -t "$ROOT"/build/*/app/cli/kibitz-cli-models 2>/dev/null | head -n 1 || true)}"
[[ -n "$CLI" && -x "$CLI" ]] || { echo "cooldown_branch.sh: no kibitz-cli-models; build first or set KIBITZ_CLI" >&2; exit 1; }
TEACHER="${KIBITZ_TEACHER:-$ROOT/resources/models/maia-1}"
EXTRA=()
if [[ "$TEACHER" != none ]]; then EXTRA+=(--teacher "$TEACHER" --teacher-weight "${KIBITZ_TEACHER_WEIGHT:-1}"); fi

mkdir -p "$OUT"
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
