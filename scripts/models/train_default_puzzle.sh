#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Starts, or resumes, training of the default (small) puzzle-rating model in the background.
# Log and checkpoints: runs/puzzle-small/ (train.log, latest.pt). 1 torch thread: the machine is shared.
# Usage: scripts/models/train_default_puzzle.sh [BUILD_DIR]   (default: the newest build/*/, else build-puzzle or build)
# The run keeps its own copy of the trainer (runs/puzzle-small/bin/kibitz-cli-models), so that rebuilding the project
# never touches the running binary (KIBITZ_UPDATE_BINARY=1 takes the build's again on the next start).
set -euo pipefail

usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 && !/SPDX-License-Identifier|shellcheck/ { sub(/^# ?/, ""); print }' "$0"
}
case "${1:-}" in -h | --help) usage; exit 0 ;; esac
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${1:-}"
if [[ -z "$build" ]]; then
  newest="$(ls -t "$root"/build/*/app/cli/kibitz-cli 2>/dev/null | head -n 1 || true)"
  if [[ -n "$newest" ]]; then
    build="${newest%/app/cli/kibitz-cli}"
  else
    for b in build-puzzle build; do
      if [[ -x "$root/$b/app/cli/kibitz-cli" ]]; then build="$root/$b"; break; fi
    done
  fi
fi
[[ -z "$build" || "$build" == /* ]] || build="$root/$build"
cli="${build:-$root/build}/app/cli/kibitz-cli"
[[ -x "$cli" ]] || { echo "kibitz-cli not found in ${build:-$root/build}; build it first" >&2; exit 2; }
# kibitz-cli is a light front that hands model commands to kibitz-cli-models beside it.
if [[ -x "$(dirname "$cli")/kibitz-cli-models" ]]; then cli="$(dirname "$cli")/kibitz-cli-models"; fi
data="${KIBITZ_PUZZLE_DATA:-$root/../shared/data/puzzles}"
out="$root/runs/puzzle-small"
mkdir -p "$out"
# A fresh checkout has no runs/: continue from the checkpoint committed last (docs/models/recipes.md).
if [[ ! -f "$out/latest.pt" && -f "$root/training/checkpoints/puzzle-small-latest.pt" ]]; then
  cp "$root/training/checkpoints/puzzle-small-latest.pt" "$out/latest.pt"
  echo "seeded $out/latest.pt from training/checkpoints/puzzle-small-latest.pt"
fi
if [[ -f "$out/train.pid" ]] && kill -0 "$(cat "$out/train.pid")" 2>/dev/null; then
  echo "already running: PID $(cat "$out/train.pid")"; exit 0
fi
mkdir -p "$out/bin"
if [[ ! -x "$out/bin/kibitz-cli-models" || "${KIBITZ_UPDATE_BINARY:-0}" == 1 ]]; then
  cp "$cli" "$out/bin/kibitz-cli-models.tmp" && mv "$out/bin/kibitz-cli-models.tmp" "$out/bin/kibitz-cli-models"
else
  echo "keeping $out/bin/kibitz-cli-models for the resumed run (set KIBITZ_UPDATE_BINARY=1 to use $cli)"
fi
nohup "$out/bin/kibitz-cli-models" train-puzzle --csv "$data" --out "$out" --config small --variant fe \
  --steps 60000 --batch 128 --lr 5e-4 --warmup 300 --optimizer adamw --threads 1 --seed 1 \
  --checkpoint-every 100 --validate-every 400 --validation-puzzles 2000 --log-every 50 --resume \
  >> "$out/train.log" 2>&1 &
echo $! > "$out/train.pid"
echo "training PID $(cat "$out/train.pid"), log $out/train.log"
