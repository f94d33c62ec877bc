// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The training code of the puzzle engine stage: boosted trees fitted by least absolute deviations and the stage's
// fit (models::EngineRatingHead, models::BoostedTrees hold and apply what these fit). Plain C++.

#include "core/common/result.h"
#include "core/models/boosted_trees.h"
#include "core/models/engine_rating_head.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace kibitz::training {

struct BoostOptions {
    int trees = 100;             ///< boosting rounds
    double learningRate = 0.05;  ///< shrinkage of every leaf value
    int maxLeaves = 15;          ///< leaves per tree
    int minLeafSamples = 40;     ///< a split leaves at least this many samples on each side
    int bins = 255;              ///< at most this many split thresholds per input (quantiles of the inputs)
    double subsample = 1.0;      ///< share of the samples each round draws without replacement, in (0, 1]
    std::uint64_t seed = 1;      ///< seed of the draws (used only when subsample < 1)
};

/// Fits base + trees to `targets` by least absolute deviations. `inputs` holds one vector per sample, all of the
/// same length; non-finite inputs or targets, no samples, or options out of range give InvalidInput naming the
/// sample and input.
Result<models::BoostedTrees> fitBoostedTreesLad(const std::vector<std::vector<float>>& inputs,
                                                std::span<const double> targets, const BoostOptions& options = {});

/// Whether a fit with trees on `puzzles` puzzles measures its errors (fitMae, sigma scale) on 5 folds held out in
/// turn: it needs ten times the smallest leaf.
bool engineStageFitsOutOfFold(std::size_t puzzles, const BoostOptions& boost);

/// Fits the head on puzzles of the training split: the GlickFormer's rating and sigma, the engine features and the
/// Lichess rating of each (and, with a humanSet, each puzzle's 33 solve features, of which the set's values join
/// the engine features). Least absolute deviations by iteratively reweighted ridge (`iterations` rounds, residuals
/// floored at 30 points), penalty `ridge` * the weight sum on every term but the constant. InvalidInput when the
/// inputs disagree in length or feature count, or there are fewer puzzles than terms. With `boost`, trees are then
/// fitted to the quadratic's residuals and the sigma scale is measured on 5-fold out-of-fold residuals (on the whole
/// fit's own residuals when engineStageFitsOutOfFold() is false).
Result<models::EngineRatingHead> fitEngineRatingHead(
    std::span<const double> baseRatings, std::span<const double> baseSigmas,
    const std::vector<std::vector<float>>& features, std::span<const double> ratings, const std::string& featureSet,
    int depth, int lines, double ridge = 1e-4, int iterations = 6, const std::string& humanSet = {},
    std::span<const std::vector<float>> solveFeatures = {}, const std::optional<BoostOptions>& boost = std::nullopt);

}  // namespace kibitz::training
