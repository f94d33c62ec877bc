#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs on a lent GPU machine (LibTorch from a Python torch, CMake, ninja; no Qt): builds kibitz-train (preset
# `trainer`), resumes the default human-move run from a portable checkpoint, trains on CUDA (bf16 autocast) until a
# wall-clock deadline or the end of the schedule, and exports the checkpoint back to KBZP. The run's options are
# those of scripts/train_default_human.sh (same batch, seed, data and balance caps), so the resume is exact in data
# order and the CPU run continues from the result.
#
# Prepare here (the games as a gzip'd game pack, the checkpoint as KBZP, in the ignored folder .gpu/):
#   kibitz-cli pack-games --pgn ../shared/data/games --out .gpu/games.kgames && gzip .gpu/games.kgames
# (a pack of format 2 or later: its sections make it stream exactly as the PGN files do; a version-1 pack is read
# as one source in file order, which gives the run a drifting, non-shuffled mix of sources)
#   kibitz-train checkpoint export runs/human-small-v2/latest.pt .gpu/latest.kbzp
# There (device tool, carry .gpu/games.kgames.gz and .gpu/latest.kbzp):
#   scripts/gpu_train_human.sh DEADLINE_SECONDS      (counted from the script's start; default 540)
# KIBITZ_GPU_CHECKPOINT names another KBZP to resume from (default .gpu/latest.kbzp); KIBITZ_TRAIN a built
# kibitz-train (skips the build); KIBITZ_TRAIN_EXTRA more trainer options (e.g. --stop-after N).
# Results in $OUT: latest.kbzp.part-* (cat them), train.log, build logs, gpu.txt. Back here:
#   cat latest.kbzp.part-* > latest.kbzp; kibitz-train checkpoint import latest.kbzp runs/human-small-v2/latest.pt
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OUT="${OUT:-$ROOT/.gpu/out}"
mkdir -p "$OUT"
DEADLINE="${1:-540}"
T0=$(date +%s)
elapsed() { echo $(($(date +%s) - T0)); }
say() { echo "[$(elapsed)s] $*" | tee -a "$OUT/steps.log"; }

nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv >"$OUT/gpu.txt" 2>&1 || true
cat "$OUT/gpu.txt"
TRAIN="${KIBITZ_TRAIN:-}"
if [[ -z "$TRAIN" ]]; then
    TORCH_DIR="$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')/Torch"
    say "configure (Torch_DIR=$TORCH_DIR)"
    if ! cmake --preset trainer -DTorch_DIR="$TORCH_DIR" >"$OUT/configure.log" 2>&1; then
        tail -n 60 "$OUT/configure.log"
        exit 1
    fi
    say "build"
    if ! cmake --build --preset trainer -j "$(nproc)" >"$OUT/build.log" 2>&1; then
        grep -n -m 20 -B 2 -A 12 "error" "$OUT/build.log" | head -n 150
        exit 1
    fi
    TRAIN=build/trainer/app/trainer/kibitz-train
fi
say "built"

WORK="${KIBITZ_GPU_WORK:-/tmp/kibitz-gpu}"
mkdir -p "$WORK/run"
gunzip -c .gpu/games.kgames.gz >"$WORK/games.kgames" || exit 1
CKPT="${KIBITZ_GPU_CHECKPOINT:-.gpu/latest.kbzp}"
"$TRAIN" checkpoint import "$CKPT" "$WORK/run/latest.pt" || exit 1
say "data and checkpoint ready"

LEFT=$((DEADLINE - $(elapsed)))
if ((LEFT < 30)); then
    say "no time left to train ($LEFT s)"
    exit 1
fi
say "training for at most $LEFT s"
export MALLOC_MMAP_THRESHOLD_=1073741824 MALLOC_TRIM_THRESHOLD_=1073741824
timeout -s TERM -k 60 "$LEFT" "$TRAIN" human --pgn "$WORK/games.kgames" --config small-v2 --out "$WORK/run" \
    --steps 100000 --warmup 300 --batch 256 --lr 1e-3 --threads 4 --seed 1 --checkpoint-every 2500 \
    --validate-every 5000 --validation-positions 8000 --log-every 500 --resume --max-player-share 0.04 \
    --max-band-share 0.2 ${KIBITZ_TRAIN_EXTRA:-} 2>&1 | tee "$OUT/train.log" | grep -v "^.*step .*samples" || true
tail -n 3 "$OUT/train.log"
say "training stopped"

"$TRAIN" checkpoint export "$WORK/run/latest.pt" "$WORK/latest.kbzp" || exit 1
# Files come back at most 16 MiB each.
split -b 15M -d "$WORK/latest.kbzp" "$OUT/latest.kbzp.part-"
sha256sum "$WORK/latest.kbzp" | tee "$OUT/latest.kbzp.sha256"
say "exported"
