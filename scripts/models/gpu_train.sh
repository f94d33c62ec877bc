#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs on a lent GPU machine (LibTorch from a Python torch, CMake, ninja, libzstd; no Qt): builds kibitz-train (preset
# `trainer`), resumes a default run from a portable checkpoint, trains on CUDA until a wall-clock deadline or the end
# of the schedule, and exports the checkpoint back to KBZP. The options are those of the CPU run's script, so the
# resume is exact in data order and the CPU run continues from the result.
#
#   scripts/models/gpu_train.sh human|puzzle [DEADLINE_SECONDS]   (counted from the script's start; default 540)
#
# human: scripts/models/train_default_human.sh's run (small-v2, bf16 autocast). Prepare here, in the ignored folder
# .gpu/:
#   kibitz-cli pack-games --pgn ../shared/data/games --out .gpu/games.kgames && gzip -k .gpu/games.kgames
#   kibitz-train checkpoint export runs/human-small-v2/latest.pt .gpu/human.kbzp
# (a pack of format 2 or later: its sections make it stream exactly as the PGN files do; a version-1 pack is one
# source in file order, which gives the run a drifting mix of sources.) Carry .gpu/games.kgames.gz, .gpu/human.kbzp.
# puzzle: scripts/models/train_default_puzzle.sh's run (GlickFormer small, fp32). Prepare here:
#   mkdir -p .gpu/puzzles && cp ../shared/data/puzzles/*.csv.zst .gpu/puzzles/
#   kibitz-train checkpoint export runs/puzzle-small/latest.pt .gpu/puzzle.kbzp
# Carry .gpu/puzzles and .gpu/puzzle.kbzp. The working tree travels too (64 MiB in all): one model per call.
#
# Distillation: the nine Maia-1 nets travel with the working tree (resources/models/maia-1); pass the
# teacher through KIBITZ_TRAIN_EXTRA and it runs on the GPU too:
#   KIBITZ_TRAIN_EXTRA="--teacher resources/models/maia-1 --teacher-weight 1"
# (with the pack gzipped and a compact checkpoint, `checkpoint export --compact`, everything fits the 64 MiB; the
# nets count against it: 11.6 MB).
# KIBITZ_GPU_CHECKPOINT names another KBZP to resume from; KIBITZ_TRAIN a built kibitz-train (skips the build);
# KIBITZ_TRAIN_EXTRA more trainer options (e.g. --stop-after N). Results in $OUT: MODEL.kbzp.part-* (cat them),
# train.log, build logs, gpu.txt. Back here:
#   cat MODEL.kbzp.part-* > MODEL.kbzp; kibitz-train checkpoint import MODEL.kbzp runs/.../latest.pt
set -uo pipefail

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 && !/SPDX-License-Identifier|shellcheck/ { sub(/^# ?/, ""); print }' "$0"
}
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT" || exit 1
MODEL="${1:-}"
DEADLINE="${2:-540}"
case "$MODEL" in -h | --help) usage; exit 0 ;; esac
if [[ "$MODEL" != human && "$MODEL" != puzzle ]]; then
    usage >&2
    exit 2
fi
OUT="${OUT:-$ROOT/.gpu/out}"
mkdir -p "$OUT"
T0=$(date +%s)
elapsed() { echo $(($(date +%s) - T0)); }
say() { echo "[$(elapsed)s] $*" | tee -a "$OUT/steps.log"; }

nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv >"$OUT/gpu.txt" 2>&1 || true
cat "$OUT/gpu.txt"
TRAIN="${KIBITZ_TRAIN:-}"
if [[ -z "$TRAIN" ]]; then
    TORCH_DIR="$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')/Torch"
    say "configure (Torch_DIR=$TORCH_DIR)"
    # One GPU, one process: no c10d (KIBITZ_DISTRIBUTED=OFF), so a c10d header that changed since 1.13 cannot stop it.
    if ! cmake --preset trainer -DTorch_DIR="$TORCH_DIR" -DKIBITZ_DISTRIBUTED=OFF >"$OUT/configure.log" 2>&1; then
        tail -n 60 "$OUT/configure.log"
        exit 1
    fi
    say "build"
    # -k 0: every compile error in one call, so one round of fixes meets them all.
    if ! cmake --build --preset trainer -j "$(nproc)" -- -k 0 >"$OUT/build.log" 2>&1; then
        grep -n -m 20 -B 2 -A 12 "error" "$OUT/build.log" | head -n 150
        exit 1
    fi
    TRAIN=build/trainer/app/trainer/kibitz-train
fi
say "built"

WORK="${KIBITZ_GPU_WORK:-/tmp/kibitz-gpu}"
mkdir -p "$WORK/run"
CKPT="${KIBITZ_GPU_CHECKPOINT:-.gpu/$MODEL.kbzp}"
"$TRAIN" checkpoint import "$CKPT" "$WORK/run/latest.pt" || exit 1
if [[ "$MODEL" == human ]]; then
    gunzip -c .gpu/games.kgames.gz >"$WORK/games.kgames" || exit 1
    ARGS=(human --pgn "$WORK/games.kgames" --config small-v2 --steps "${KIBITZ_STEPS:-200000}" --warmup 300 --batch 256 --lr 1e-3
        --threads 4 --seed 1 --checkpoint-every 2500 --validate-every 5000 --validation-positions 8000
        --log-every 500 --max-player-share 0.04 --max-band-share 0.2)
else
    ARGS=(puzzle --csv .gpu/puzzles --config small --variant fe --steps 60000 --batch 128 --lr 5e-4 --warmup 300
        --optimizer adamw --threads 4 --seed 1 --checkpoint-every 2500 --validate-every 5000
        --validation-puzzles 2000 --log-every 500)
fi
say "data and checkpoint ready"

LEFT=$((DEADLINE - $(elapsed)))
if ((LEFT < 30)); then
    say "no time left to train ($LEFT s)"
    exit 1
fi
say "training for at most $LEFT s"
export MALLOC_MMAP_THRESHOLD_=1073741824 MALLOC_TRIM_THRESHOLD_=1073741824
# shellcheck disable=SC2086  # KIBITZ_TRAIN_EXTRA is a list of options
timeout -s TERM -k 60 "$LEFT" "$TRAIN" "${ARGS[@]}" --out "$WORK/run" --resume ${KIBITZ_TRAIN_EXTRA:-} 2>&1 |
    tee "$OUT/train.log" | grep -v "step .*samples" || true
tail -n 3 "$OUT/train.log"
say "training stopped"

"$TRAIN" checkpoint export "$WORK/run/latest.pt" "$WORK/$MODEL.kbzp" || exit 1
# Files come back at most 16 MiB each.
split -b 15M -d "$WORK/$MODEL.kbzp" "$OUT/$MODEL.kbzp.part-"
sha256sum "$WORK/$MODEL.kbzp" | tee "$OUT/$MODEL.kbzp.sha256"
say "exported"
