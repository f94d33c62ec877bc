# shellcheck shell=bash disable=SC2034,SC2154  # sourced: `root`, `out` come from the caller, which uses G, P
# SPDX-License-Identifier: GPL-3.0-or-later
# Shared by scripts/models/ship_human_default.sh and scripts/models/ship_puzzle_default.sh (sourced, not run: it has
# no usage of its own): the tools and data they use, the step log, the resumable JSON step, and the puzzle stage's
# refit, bundle and held-out scores.
# The sourcing script sets `root`, `out` and `threads_default` first.
B="${KIBITZ_CLI:-$root/build/ci/app/cli/kibitz-cli-models}"
G="${KIBITZ_GAMES:-$root/../shared/data/games}"
P="${KIBITZ_PUZZLES:-$root/../shared/data/puzzles}"
T="${THREADS:-$threads_default}"
export OPENBLAS_NUM_THREADS="$T" OMP_NUM_THREADS="$T"
[[ -x "$B" ]] || { echo "no $B: build it first" >&2; exit 2; }
mkdir -p "$out"
step() { echo "$(date -u +%H:%M:%S) $*"; }
# A step's JSON goes to a temporary name first: a stopped run leaves no half-written result behind.
run() { local f="$1"; shift; [[ -s "$f" ]] || { step "$f"; "$B" "$@" > "$f.tmp" && mv "$f.tmp" "$f"; }; }

# The engine features of the stage's fitting and held-out puzzles are committed (training/cache); the human and Maia
# features are computed once and cached (~/.cache/kibitz).
engine_cache="$out/engine-features.bin"
[[ -f "$engine_cache" ]] || zstd -q -d "$root/training/cache/puzzle-engine-features.bin.zst" -o "$engine_cache"

# ship_puzzle_stage HUMAN_MODEL TRAINING_JSON [puzzle-engine-head options, e.g. --model BOARD]: the stage refitted
# with puzzle-engine-head's defaults on the 28,279 fitting puzzles (OUT/puzzle-stage.pt), scored on the 1,971
# held-out puzzles with its solve curves (OUT/pz15.json), bundled with those metrics and TRAINING_JSON's history
# (OUT/puzzle-default.kibitz), then scored on the 3,000 (OUT/pz5.json).
ship_puzzle_stage() {
    local human="$1" training="$2"
    shift 2
    if [[ ! -f "$out/puzzle-stage.pt" ]]; then
        step "puzzle-engine-head"
        "$B" puzzle-engine-head --csv "$P" --every 20 --max 28279 --human-model "$human" \
            --engine-cache "$engine_cache" "$@" --out "$out/puzzle-stage.tmp.pt" > "$out/puzzle-stage.log" 2>&1
        mv "$out/puzzle-stage.tmp.pt" "$out/puzzle-stage.pt"
    fi
    run "$out/pz15.json" eval puzzle --csv "$P" --held-out --every 15 --solve-curves --json \
        --model "$out/puzzle-stage.pt" --human-model "$human" --engine-cache "$engine_cache"
    [[ -f "$out/puzzle-default.kibitz" ]] || "$B" bundle export "$out/puzzle-stage.pt" "$out/puzzle-default.kibitz" \
        --kind puzzle --metrics "$out/pz15.json" --training "$training"
    run "$out/pz5.json" eval puzzle --csv "$P" --held-out --every 5 --max 3000 --json \
        --model "$out/puzzle-default.kibitz" --human-model "$human" --engine-cache "$engine_cache"
}
