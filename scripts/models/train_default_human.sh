#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Starts, or resumes, the training of the default human-move model (`small-v2`, encoding v2) on ../shared/data/games
# in the background: two data-parallel processes (c10d Gloo over loopback), one torch thread each, global batch 256.
# A fresh checkout resumes from training/checkpoints/human-small-v2-latest.kbzp (compact, committed at most once per
# stint of work: CONTRIBUTING.md; step 200,000, the end of the 200,000-step cosine, on 2026-11-29) or else a full
# training/checkpoints/human-CONFIG-latest.pt if one is there; without either, the first start warm-starts from a v1
# checkpoint (KIBITZ_INIT, default training/checkpoints/human-small-latest.pt, which is in git history before the v2
# checkpoint replaced it: trunk and head copied, the v2 parts new). Balance caps: any one player at most 4 % of the
# positions as the mover, any 200-point rating band at most 20 %.
# Schedule: warm-up 300 steps, cosine from 1e-3 to a tenth over KIBITZ_STEPS steps (default 200000). The first
# schedule was 100,000 steps and ended on 2026-11-27 (its last 23,852 steps on a lent GPU); resuming its final
# checkpoint under the 200,000-step cosine is a warm restart (lr 1e-4 -> 5.5e-4, then down again), and every shipped
# model is a short cool-down branch of the main run anyway (docs/models/recipes.md).
# Checkpoints: runs/human-small-v2/latest.pt (atomic, every 250 steps) and step-N.pt every 20000 steps.
# Log: runs/human-small-v2/train.log (rank 0; rank 1 logs to train.rank1.log).
# Distillation (v3): from step 102,891 (2026-11-27) the run also learns from the nine Maia-1 nets
# beside the played move (--teacher DIR --teacher-weight 1: cross-entropy + 1.0 x KL to the mover's band; no relabelled
# positions, which cost accuracy in the matched studies). KIBITZ_TEACHER (default resources/models/maia-1, the nets
# Kibitz ships, byte-identical to the published ones; `none` turns it off), KIBITZ_TEACHER_WEIGHT (default 1).
#
#   scripts/models/train_default_human.sh [start]   start or resume (does nothing if it is already running)
#   scripts/models/train_default_human.sh stop      checkpoint and stop (SIGTERM; both ranks stop at the same step)
#   scripts/models/train_default_human.sh status    running or not, last log lines
#
# Environment: KIBITZ_CLI (kibitz-cli to use; default: the newest build/*/app/cli/kibitz-cli or
# build-*/.../kibitz-cli), KIBITZ_GAMES (data directory), KIBITZ_RUN (run directory), KIBITZ_PORT (default 29561),
# KIBITZ_WORLD (processes, default 2), KIBITZ_CONFIG (default small-v2; `small` continues the v1 run in
# runs/human-small).
set -euo pipefail

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 && !/SPDX-License-Identifier|shellcheck/ { sub(/^# ?/, ""); print }' "$0"
}

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CONFIG="${KIBITZ_CONFIG:-small-v2}"
RUN="${KIBITZ_RUN:-$ROOT/runs/human-$CONFIG}"
GAMES="${KIBITZ_GAMES:-$ROOT/../shared/data/games}"
PORT="${KIBITZ_PORT:-29561}"
WORLD="${KIBITZ_WORLD:-2}"
STEPS="${KIBITZ_STEPS:-200000}"
ACTION="${1:-start}"

pids_alive() {
    local alive=0
    for f in "$RUN"/rank*.pid; do
        [[ -f "$f" ]] || continue
        if kill -0 "$(cat "$f")" 2>/dev/null; then alive=1; fi
    done
    [[ $alive -eq 1 ]]
}

case "$ACTION" in
    status)
        if pids_alive; then echo "running: $(cat "$RUN"/rank*.pid | tr '\n' ' ')"; else echo "not running"; fi
        [[ -f "$RUN/train.log" ]] && tail -n 5 "$RUN/train.log"
        exit 0 ;;
    stop)
        if ! pids_alive; then echo "not running"; exit 0; fi
        for f in "$RUN"/rank*.pid; do kill -TERM "$(cat "$f")" 2>/dev/null || true; done
        echo "asked to stop; the last checkpoint is written before exit"
        exit 0 ;;
    start) ;;
    -h | --help) usage; exit 0 ;;
    *) echo "train_default_human.sh: unknown action $ACTION" >&2; usage >&2; exit 2 ;;
esac

if pids_alive; then
    echo "already running: $(cat "$RUN"/rank*.pid | tr '\n' ' ')"
    exit 0
fi
mkdir -p "$RUN/bin"
# A fresh checkout has no runs/: continue from the checkpoint committed last (docs/models/recipes.md). A compact one
# (.kbzp: bf16 weights and the run state, no optimizer state; kibitz-train checkpoint export --compact) is preferred:
# the run then starts AdamW afresh and warms its learning rate up again.
COMPACT="$ROOT/training/checkpoints/human-$CONFIG-latest.kbzp"
if [[ ! -f "$RUN/latest.pt" && -f "$COMPACT" ]]; then
    KT="$(ls -t "$ROOT"/build/*/app/trainer/kibitz-train 2>/dev/null | head -n 1 || true)"
    if [[ -z "$KT" ]]; then
        echo "train_default_human.sh: $COMPACT needs kibitz-train to import it; build the project first" >&2
        exit 1
    fi
    "$KT" checkpoint import "$COMPACT" "$RUN/latest.pt"
    echo "seeded $RUN/latest.pt from $COMPACT (compact: fresh optimizer state)"
fi
if [[ ! -f "$RUN/latest.pt" && -f "$ROOT/training/checkpoints/human-$CONFIG-latest.pt" ]]; then
    cp "$ROOT/training/checkpoints/human-$CONFIG-latest.pt" "$RUN/latest.pt"
    echo "seeded $RUN/latest.pt from training/checkpoints/human-$CONFIG-latest.pt"
fi
EXTRA=()
if [[ "$CONFIG" == *-v2 ]]; then
    EXTRA=(--max-player-share 0.04 --max-band-share 0.2)
    # No v2 checkpoint yet: warm-start from the v1 main run (ignored by --resume once latest.pt exists).
    V1="${KIBITZ_INIT:-$ROOT/training/checkpoints/human-small-latest.pt}"
    if [[ ! -f "$RUN/latest.pt" && -f "$V1" ]]; then EXTRA+=(--init "$V1"); fi
fi

TEACHER="${KIBITZ_TEACHER:-$ROOT/resources/models/maia-1}"
if [[ "$CONFIG" == *-v2 && "$TEACHER" != none && -d "$TEACHER" ]]; then
    EXTRA+=(--teacher "$TEACHER" --teacher-weight "${KIBITZ_TEACHER_WEIGHT:-1}")
fi

CLI="${KIBITZ_CLI:-}"
if [[ -z "$CLI" ]]; then
    CLI="$(ls -t "$ROOT"/build/*/app/cli/kibitz-cli "$ROOT"/build*/app/cli/kibitz-cli "$ROOT"/build-*/*/app/cli/kibitz-cli \
        2>/dev/null | head -n 1 || true)"
fi
if [[ -z "$CLI" || ! -x "$CLI" ]]; then
    echo "train_default_human.sh: no kibitz-cli found; build it (scripts/setup.sh) or set KIBITZ_CLI" >&2
    exit 1
fi
# kibitz-cli is a light front that hands model commands to kibitz-cli-models beside it: the run copies that one.
if [[ -x "$(dirname "$CLI")/kibitz-cli-models" ]]; then CLI="$(dirname "$CLI")/kibitz-cli-models"; fi
# Run a private copy, so rebuilding the project never touches the binary of a running training.
if [[ ! -x "$RUN/bin/kibitz-cli" ]] || ! "$CLI" train --help >/dev/null 2>&1 || ! cmp -s "$CLI" "$RUN/bin/kibitz-cli"; then
    if [[ -x "$RUN/bin/kibitz-cli" ]] && [[ -f "$RUN/latest.pt" ]] && [[ "${KIBITZ_UPDATE_BINARY:-0}" != 1 ]]; then
        echo "keeping $RUN/bin/kibitz-cli for the resumed run (set KIBITZ_UPDATE_BINARY=1 to use $CLI)"
    else
        cp "$CLI" "$RUN/bin/kibitz-cli.tmp" && mv "$RUN/bin/kibitz-cli.tmp" "$RUN/bin/kibitz-cli"
    fi
fi

COMMON=(train human --pgn "$GAMES" --config "$CONFIG" --out "$RUN" --steps "$STEPS" --warmup 300 --batch 256 --lr 1e-3
    --threads 1 --seed 1 --checkpoint-every 250 --validate-every 1000 --validation-positions 8000 --log-every 25
    --resume "${EXTRA[@]}")
# OpenBLAS keeps its own thread pool (spinning in sched_yield) whatever at::set_num_threads says: with two ranks on
# two cores that is four busy threads. One BLAS thread per rank is 14 % faster per CPU second here.
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
# glibc: keep freed blocks (torch frees megabytes per op; returning them to the OS costs page faults).
export MALLOC_MMAP_THRESHOLD_=1073741824 MALLOC_TRIM_THRESHOLD_=1073741824
for ((r = 0; r < WORLD; ++r)); do
    log="$RUN/train.log"
    [[ $r -eq 0 ]] || log="$RUN/train.rank$r.log"
    args=("${COMMON[@]}")
    if [[ $WORLD -gt 1 ]]; then args+=(--world-size "$WORLD" --rank "$r" --master "127.0.0.1:$PORT"); fi
    nohup "$RUN/bin/kibitz-cli" "${args[@]}" >>"$log" 2>&1 </dev/null &
    echo $! >"$RUN/rank$r.pid"
done
echo "started: $(cat "$RUN"/rank*.pid | tr '\n' ' ')  log: $RUN/train.log"
