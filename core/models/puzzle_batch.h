// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch side of puzzle batching and checkpoint metadata, shared by the predictor and the trainer.

#include "core/chess/puzzle_csv.h"
#include "core/models/glickformer.h"
#include "core/models/puzzle_predictor.h"

#include <span>
#include <vector>

namespace kibitz::models {

/// Encodes puzzles (Lichess convention) into a batch; `features` must hold one vector per puzzle when the config
/// has human features. The error names the puzzle id.
Result<PuzzleBatch> makePuzzleBatch(const std::vector<const chess::Puzzle*>& puzzles, const PuzzleModelConfig& config,
                                    std::span<const std::vector<float>> features);

/// Writes / reads normalisation, baselines and training totals ("puzzle.meta.*" keys).
void writePuzzleMeta(torch::serialize::OutputArchive& archive, const PuzzleModelMeta& meta);
Result<PuzzleModelMeta> readPuzzleMeta(torch::serialize::InputArchive& archive);

}  // namespace kibitz::models
