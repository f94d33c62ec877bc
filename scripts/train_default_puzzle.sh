#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Starts, or resumes, training of the default (small) puzzle-rating model in the background.
# Log and checkpoints: runs/puzzle-small/ (train.log, latest.pt). 1 torch thread: the machine is shared.
# Usage: scripts/train_default_puzzle.sh [BUILD_DIR]   (default: build-puzzle, else build)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-}"
if [[ -z "$build" ]]; then
  for b in build-puzzle build; do
    if [[ -x "$root/$b/app/cli/kibitz-cli" ]]; then build="$b"; break; fi
  done
fi
cli="$root/${build:-build}/app/cli/kibitz-cli"
[[ -x "$cli" ]] || { echo "kibitz-cli not found in $root/${build:-build}; build it first" >&2; exit 2; }
# kibitz-cli is a light front that hands model commands to kibitz-cli-models beside it.
if [[ -x "$(dirname "$cli")/kibitz-cli-models" ]]; then cli="$(dirname "$cli")/kibitz-cli-models"; fi
data="${KIBITZ_PUZZLE_DATA:-$root/../shared/data/puzzles}"
out="$root/runs/puzzle-small"
mkdir -p "$out"
# A fresh checkout has no runs/: continue from the checkpoint committed at the end of the last session.
if [[ ! -f "$out/latest.pt" && -f "$root/training/checkpoints/puzzle-small-latest.pt" ]]; then
  cp "$root/training/checkpoints/puzzle-small-latest.pt" "$out/latest.pt"
  echo "seeded $out/latest.pt from training/checkpoints/puzzle-small-latest.pt"
fi
if [[ -f "$out/train.pid" ]] && kill -0 "$(cat "$out/train.pid")" 2>/dev/null; then
  echo "already running: PID $(cat "$out/train.pid")"; exit 0
fi
nohup "$cli" train-puzzle --csv "$data" --out "$out" --config small --variant fe \
  --steps 60000 --batch 128 --lr 5e-4 --warmup 300 --optimizer adamw --threads 1 --seed 1 \
  --checkpoint-every 100 --validate-every 400 --validation-puzzles 2000 --log-every 50 --resume \
  >> "$out/train.log" 2>&1 &
echo $! > "$out/train.pid"
echo "training PID $(cat "$out/train.pid"), log $out/train.log"
