// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The runs behind `eval human`: a human-move model scored on games (every probe of the conditioning in one pass) and
// on puzzles, each returning its part of the HumanEvalReport. Torch-free header.

#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/encoding/evaluator.h"
#include "core/training/human_eval_report.h"
#include "core/training/human_trainer.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kibitz::training {

/// What to score on games and how.
struct HumanGamesEvalOptions {
    std::vector<std::string> files;  ///< .pgn, .pgn.zst or .kgames
    bool heldOutOnly = true;         ///< the held-out split only (else every game)
    int holdoutPermille = 30;
    std::int64_t maxGames = 0;  ///< <= 0: all
    std::int64_t skipGames = 0;
    int threads = 1;
    ConditioningProbe probe;             ///< the conditioning the report is about
    std::optional<int> sensitivityAway;  ///< --sensitivity: also the hidden, mover-away and both-away probes
    std::vector<double> guidanceScan;    ///< also the probe at each of these rating guidance weights
    std::string player;                  ///< only this player's moves, when not empty
    /// Told of each game passed over (malformed or unusable), with its number in its file.
    chess::GameSkipHook onSkip;
};

/// The probes one pass scores, in the order the report reads them: `options.probe`; with sensitivityAway the ratings
/// hidden, the mover told that far off, and both players told so; then the probe at each guidance weight.
std::vector<ConditioningProbe> gameEvalProbes(const HumanGamesEvalOptions& options);

/// Scores `evaluator`, opened from `modelPath` ("" for the shipped model), on the games. A Kibitz model is scored
/// through the trainer's own data path, which reads checkpoints: one that was not opened from a .pt file is written
/// to a temporary checkpoint first (a few MB, removed afterwards). A model that reads boards (an lc0 net, a folder of
/// rating-band nets) is scored through the evaluator on the same positions with the same metrics. Errors: those of
/// the evaluation (InvalidInput for bad games or no scored move, e.g. of `player`); the temporary checkpoint's
/// failures are Runtime.
Result<GameEvalReport> evaluateHumanGames(encoding::Evaluator& evaluator, const std::string& modelPath,
                                          const HumanGamesEvalOptions& options,
                                          const CancelToken& cancel = CancelToken());

/// Puzzle solving of `evaluator` on the first `maxPuzzles` puzzles of a Lichess puzzle CSV whose themes include
/// `theme` (all when empty). Errors: InvalidInput for a file that cannot be read as puzzles (its message names it),
/// Runtime when the evaluation fails.
Result<PuzzleSolvingEvalReport> evaluatePuzzleSolvingFile(encoding::Evaluator& evaluator, const std::string& csv,
                                                          std::int64_t maxPuzzles, const std::string& theme);

}  // namespace kibitz::training
