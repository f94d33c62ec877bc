#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The matched distillation study (docs/studies/2026-11-28-distillation.md): arms that differ only in their loss,
# each a short run from the same checkpoint with the same data order, seed, steps and schedule, then scored on the
# same held-out positions.
#
#   scripts/studies/distill_study.sh ARM...        run the named arms (two at a time, one core each), then score them
#   scripts/studies/distill_study.sh --score ARM... score finished arms only
#
# Arms (name: extra trainer options):
#   real       the played move only (the baseline)
#   kd1        + 1.0 x KL to the teacher at the mover's rating, on the same positions
#   kd1-r25    + the same, and 25% of the positions shown at a random band's rating with the teacher as only target
#   kd1-r50    + the same with 50%
#   kd05-r25   + 0.5 x KL, 25% relabelled
# Environment: KIBITZ_CLI (default build/ci/app/cli/kibitz-cli), KIBITZ_STUDY (default runs/distill-study),
# KIBITZ_INIT (default: the main run's step-100,000 checkpoint the study started from, taken out of git history into
# the study folder), KIBITZ_TEACHER (default ../shared/teachers/maia-1), KIBITZ_GAMES (default ../shared/data/games),
# KIBITZ_STUDY_STEPS (default 1000), KIBITZ_EVAL_GAMES (default 300: the 29,950 positions of the first 300 held-out
# games), KIBITZ_STUDY_LR (peak learning rate, default 3e-4).
set -euo pipefail

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 && !/SPDX-License-Identifier|shellcheck/ { sub(/^# ?/, ""); print }' "$0"
}
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CLI="${KIBITZ_CLI:-$ROOT/build/ci/app/cli/kibitz-cli}"
STUDY="${KIBITZ_STUDY:-$ROOT/runs/distill-study}"
INIT="${KIBITZ_INIT:-}"
# The study's init is no longer in the tree (the compact .kbzp replaced it); git keeps it in the commit that added it.
INIT_COMMIT=70af68f2e4a08959b819e564b941c8ef6a8aa2c1
INIT_PATH=training/checkpoints/human-small-v2-latest.pt
TEACHER="${KIBITZ_TEACHER:-$ROOT/../shared/teachers/maia-1}"
GAMES="${KIBITZ_GAMES:-$ROOT/../shared/data/games}"
STEPS="${KIBITZ_STUDY_STEPS:-1000}"
EVAL_GAMES="${KIBITZ_EVAL_GAMES:-300}"
LR="${KIBITZ_STUDY_LR:-3e-4}"
SCORE_ONLY=0
ARMS=()
for a in "$@"; do
    case "$a" in -h | --help) usage; exit 0 ;; esac
    if [[ "$a" == --score ]]; then SCORE_ONLY=1; else ARMS+=("$a"); fi
done
[[ ${#ARMS[@]} -gt 0 ]] || ARMS=(real kd1 kd1-r25 kd1-r50)

arm_options() {
    case "$1" in
        real) echo "" ;;
        kd1) echo "--teacher $TEACHER --teacher-weight 1" ;;
        kd1-r25) echo "--teacher $TEACHER --teacher-weight 1 --teacher-relabel 0.25" ;;
        kd1-r50) echo "--teacher $TEACHER --teacher-weight 1 --teacher-relabel 0.5" ;;
        kd05-r25) echo "--teacher $TEACHER --teacher-weight 0.5 --teacher-relabel 0.25" ;;
        *) echo "distill_study.sh: unknown arm $1" >&2; usage >&2; exit 2 ;;
    esac
}

export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
run_arm() {
    local arm="$1" dir="$STUDY/$1"
    mkdir -p "$dir"
    # shellcheck disable=SC2046
    "$CLI" train human --pgn "$GAMES" --config small-v2 --out "$dir" --init "$INIT" --steps "$STEPS" --warmup 100 \
        --lr "$LR" --batch 256 --threads 1 --seed 11 --max-player-share 0.04 --max-band-share 0.2 \
        --checkpoint-every 250 --validate-every 0 --log-every 50 --resume $(arm_options "$arm") >>"$dir/train.log" 2>&1
}

if [[ $SCORE_ONLY -eq 0 ]]; then
    if [[ -z "$INIT" ]]; then
        INIT="$STUDY/init-step100000.pt"
        mkdir -p "$STUDY"
        if [[ ! -s "$INIT" ]]; then
            git -C "$ROOT" cat-file blob "$INIT_COMMIT:$INIT_PATH" >"$INIT.tmp"
            mv "$INIT.tmp" "$INIT"
        fi
    fi
    pids=()
    for arm in "${ARMS[@]}"; do
        run_arm "$arm" &
        pids+=($!)
        if [[ ${#pids[@]} -ge 2 ]]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
    done
    for p in "${pids[@]}"; do wait "$p"; done
fi
for arm in "${ARMS[@]}"; do
    out="$STUDY/$arm/eval.json"
    [[ -s "$out" ]] || "$CLI" eval human --pgn "$GAMES" --model "$STUDY/$arm/latest.pt" --max-games "$EVAL_GAMES" \
        --sensitivity --away 800 --json >"$out"
    echo "$arm: $(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d.get('top1'), d.get('top3'), d.get('nll'))" "$out")"
done
