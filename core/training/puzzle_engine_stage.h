// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Fitting the engine stage of a puzzle-rating model: which puzzles it is fitted on (the training split)
// and the fit itself, the stage and, for a stage that reads the Maia-1 nets, its fallback without them, with the
// errors before and after. The features come from the caller (core/jobs computes and caches them); this is plain
// C++ over the stage's fit (puzzle_stage_fit.h). Torch-free header.

#include "core/chess/puzzle_csv.h"
#include "core/common/result.h"
#include "core/models/engine_rating_head.h"
#include "core/training/puzzle_stage_fit.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kibitz::training {

/// Every `every`-th puzzle of the training split of `files` (held-out puzzles are never read), at most `maxPuzzles`.
/// InvalidInput naming the file when one cannot be read.
Result<std::vector<chess::Puzzle>> readEngineStagePuzzles(const std::vector<std::string>& files, std::int64_t every,
                                                          std::int64_t maxPuzzles);

/// What the stage is fitted on, one entry per puzzle in each vector.
struct EngineStageData {
    std::vector<double> baseRatings;  ///< the GlickFormer's rating (the model without a stage)
    std::vector<double> baseSigmas;
    std::vector<double> ratings;                     ///< the Lichess ratings
    std::vector<std::vector<float>> engineFeatures;  ///< models::EngineRatingHead::featureCount each
    std::vector<std::vector<float>> solveFeatures;   ///< the human set's values (empty without one)
};

struct EngineStageOptions {
    models::EngineRatingHead shape;  ///< features, depth, lines and the human set (empty: none) of the stage
    double ridge = 1e-4;
    std::optional<BoostOptions> boost;  ///< trees on the quadratic's residuals; none: the quadratic alone
};

struct EngineStageFit {
    models::EngineRatingHead head;
    /// For a human set with the Maia-1 nets: the same stage fitted without them, for where they are not installed.
    std::optional<models::EngineRatingHead> fallback;
    double maeBefore = 0.0;  ///< mean absolute error of the base ratings on the fitting puzzles
    double maeAfter = 0.0;   ///< of the fitted stage, on the same puzzles (in-sample)
};

/// Where a fitted stage's fitMae was measured: "out of fold" with trees on enough puzzles, else "in-sample".
const char* engineStageMeasured(const models::EngineRatingHead& head, std::size_t puzzles,
                                const std::optional<BoostOptions>& boost);

/// Fits the stage (and its fallback). InvalidInput when the data disagree in length or there are too few puzzles for
/// the terms (fitEngineRatingHead).
Result<EngineStageFit> fitEngineStage(const EngineStageData& data, const EngineStageOptions& options);

}  // namespace kibitz::training
