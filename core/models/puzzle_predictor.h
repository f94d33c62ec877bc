// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch-free inference API of the puzzle-rating model: load a trainer checkpoint or raw weights (from a bundle),
// predict Lichess ratings with an uncertainty. The GlickFormer itself stays behind the pimpl.

#include "core/chess/puzzle_csv.h"
#include "core/common/result.h"
#include "core/models/engine_rating_head.h"
#include "core/models/puzzle_config.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace kibitz::models {

/// One named float tensor, backend-neutral (what a bundle stores).
struct NamedArray {
    std::string name;
    std::vector<std::int64_t> shape;
    std::vector<float> values;
};

/// What the trainer learnt besides the weights: rating normalisation and the mean baselines.
struct PuzzleModelMeta {
    double ratingMean = 1516.0;  ///< targets were (rating - mean) / std
    double ratingStd = 543.0;
    double baselineMean = 1516.0;            ///< training mean rating (predict-the-mean baseline)
    std::map<int, double> baselineByLength;  ///< training mean rating per solution length
    std::int64_t steps = 0;
    std::int64_t samples = 0;
    double wallSeconds = 0.0;
    /// The human-move model whose solve features the head was trained on (configs with human features):
    /// sha256 (hex) of its bundle/checkpoint file and its file name. Empty when unknown or unused.
    std::string humanModelSha256;
    std::string humanModelName;
    /// The engine stage (empty when the model has none): corrects the rating with engine features of the puzzle.
    EngineRatingHead engineHead;
    /// With a stage that reads the Maia-1 nets (humanStageUsesMaia): the same stage fitted without them, which
    /// jobs::attachHumanFeatures puts in its place where the nets are not installed. Empty otherwise.
    EngineRatingHead engineHeadFallback;
};

/// Computes the human solve-probability features of puzzles (one vector of config.humanFeatures floats each).
using PuzzleFeatureSource =
    std::function<Status(std::span<const chess::Puzzle> puzzles, std::vector<std::vector<float>>& features)>;

/// A predicted rating and its uncertainty (standard deviation, rating points).
struct PuzzlePrediction {
    double rating = 0.0;
    double sigma = 0.0;
    /// The GlickFormer's own rating and sigma (the same as rating and sigma unless the engine stage corrected them).
    double boardRating = 0.0;
    double boardSigma = 0.0;
    /// The engine stage was applied (the model has one and an engine feature source was attached).
    bool engineUsed = false;
};

/// Inference wrapper. One thread at a time; inference guards are set inside each call. 1 intra-op thread unless
/// the caller set another value.
class PuzzlePredictor {
public:
    ~PuzzlePredictor();
    /// Loads a checkpoint written by the puzzle trainer (latest.pt); errors name the file.
    static Result<std::unique_ptr<PuzzlePredictor>> loadCheckpoint(const std::string& path);
    /// Builds a model from a config and weights (names and shapes must match exactly; the error names the first
    /// missing, unexpected or mis-shaped tensor).
    static Result<std::unique_ptr<PuzzlePredictor>> fromWeights(const PuzzleModelConfig& config,
                                                                const PuzzleModelMeta& meta,
                                                                const std::vector<NamedArray>& weights);
    /// A freshly initialised model (tests, benchmarks).
    static std::unique_ptr<PuzzlePredictor> fromConfig(const PuzzleModelConfig& config, std::uint64_t seed);

    /// Predictions for puzzles (Lichess convention: fen before the setup move, moves = setup + line).
    /// When the config has human features they come from `features` (one vector of config().humanFeatures floats
    /// per puzzle) or, when that is null, from the feature source; without either the call fails. Fails naming
    /// the puzzle (id or index) on a bad FEN or line.
    Result<std::vector<PuzzlePrediction>> predict(std::span<const chess::Puzzle> puzzles,
                                                  const std::vector<std::vector<float>>* features = nullptr,
                                                  int batchSize = 256);
    /// Where predict() gets human features when none are passed (jobs::attachHumanFeatures sets one that runs
    /// the human-move model through a feature cache).
    void setFeatureSource(PuzzleFeatureSource source);
    bool hasFeatureSource() const;
    /// Where predict() gets the engine features (evaluation::engineFeatures, meta().engineHead.featureCount floats
    /// per puzzle) for the engine stage; jobs::attachEngineFeatures sets one that runs Stockfish through a cache.
    /// Without one a model with an engine stage gives the GlickFormer's rating (engineUsed false); so does a stage
    /// that takes human features (EngineRatingHead::needsHuman) when neither `features` nor the feature source
    /// gives them.
    void setEngineFeatureSource(PuzzleFeatureSource source);
    bool hasEngineFeatureSource() const;
    /// Sets (or, with an empty head, removes) the engine stage.
    void setEngineHead(const EngineRatingHead& head);
    /// Sets the stage used where the Maia-1 nets are missing (PuzzleModelMeta::engineHeadFallback).
    void setEngineHeadFallback(const EngineRatingHead& head);
    /// Records which human-move model the features come from (stored in bundles exported from this model).
    void setHumanModel(const std::string& sha256, const std::string& name);
    /// All weights by name (for bundles).
    std::vector<NamedArray> exportWeights() const;
    /// Writes config, weights and meta as a checkpoint that loadCheckpoint() and the trainer's fine-tuning
    /// (PuzzleTrainOptions::initCheckpoint) read; temp file + rename. Io error naming the file.
    Status saveCheckpoint(const std::string& path) const;
    /// Expected tensor names and shapes for `config` (for storage::validateShapes).
    static std::map<std::string, std::vector<std::int64_t>> expectedShapes(const PuzzleModelConfig& config);

    const PuzzleModelConfig& config() const;
    const PuzzleModelMeta& meta() const;
    long long parameters() const;

private:
    PuzzlePredictor();
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace kibitz::models
