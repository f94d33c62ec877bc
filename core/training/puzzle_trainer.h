// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch-free API of the puzzle-rating trainer (GlickFormer on Lichess puzzle CSV). The generic pieces (schedule,
// optimizer choice, progress, atomic writes) come from trainer_common.h; the steps run in TrainLoop (train_loop.h).

#include "core/chess/puzzle_csv.h"
#include "core/common/cancel_token.h"
#include "core/common/device_choice.h"
#include "core/common/result.h"
#include "core/evaluation/puzzle_metrics.h"
#include "core/models/puzzle_config.h"
#include "core/training/trainer_common.h"

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace kibitz::training {

/// Computes the human solve-probability features of a batch of puzzles (one vector of config.humanFeatures
/// floats each). Supplied by the caller (e.g. from a human-move Evaluator) when the config has human features.
using PuzzleFeatureProvider =
    std::function<Status(std::span<const chess::Puzzle> puzzles, std::vector<std::vector<float>>& features)>;

/// Everything a puzzle training run needs. Defaults are the `small` CPU recipe. The schedule and cadence
/// (ScheduleOptions) default to 40,000 steps, peak 5e-4 after 500 warm-up steps, cosine to 5 %, a progress line
/// every 50 steps, validation every 2000 and latest.pt every 500 (no kept copies).
struct PuzzleTrainOptions : ScheduleOptions {
    PuzzleTrainOptions() {
        totalSteps = 40000;
        learningRate = 5e-4;
        warmupSteps = 500;
        minLrFraction = 0.05;
        logEvery = 50;
        validateEvery = 2000;  // 0: never
        checkpointEvery = 500;
        keepEvery = 0;
    }
    std::vector<std::string> csvFiles;  ///< .csv or .csv.zst, Lichess columns
    models::PuzzleModelConfig config;
    std::string outDir;  ///< latest.pt (and step-N.pt copies) go here
    int batchSize = 64;
    OptimizerSettings optimizer;  ///< AdamW by default; RMSprop (rho 0.99) as in the paper
    double gradClip = 1.0;
    double nllWeight = 0.1;     ///< weight of the uncertainty (Gaussian NLL) term
    bool sampleTargets = true;  ///< targets ~ N(mu, RD^2) clipped to mu +- 3 RD (seed 000, IV-C)
    int threads = 1;
    DeviceChoice device = DeviceChoice::Auto;  ///< where the run trains (auto: CUDA when available); fp32 either way
    StepReads stepReads = StepReads::Auto;     ///< see trainer_common.h
    std::uint64_t seed = 1;
    int chunkPuzzles = 50000;      ///< shuffle window (puzzles read, shuffled, then consumed)
    int validationPuzzles = 5000;  ///< held-out puzzles scored at each validation
    bool resume = false;           ///< continue exactly from outDir/latest.pt
    /// Fine-tuning: a puzzle checkpoint whose config, weights and rating normalisation replace the fresh
    /// initialisation (optimizer state, step and data position start anew). Unused when resuming.
    std::string initCheckpoint;
    PuzzleFeatureProvider features;  ///< required iff config.humanFeatures > 0
    /// Identity of the human-move model behind `features` (sha256 hex, file name), stored in checkpoints so
    /// bundles and the predictor can check they get the same model. A resume with another sha256 is refused.
    std::string humanModelSha256;
    std::string humanModelName;
};

/// Held-out scores at one validation: the model and the two baselines on the same puzzles.
struct PuzzleValidation {
    std::int64_t step = 0;
    evaluation::PuzzleMetrics model;
    evaluation::PuzzleMetrics predictMean;
    evaluation::PuzzleMetrics meanByLength;
};

/// Sinks for what a run reports, called on the thread that runs the trainer.
struct PuzzleTrainCallbacks {
    std::function<void(const TrainProgress&)> progress;  ///< metrics: {"train_mae"} on training batches
    std::function<void(const PuzzleValidation&)> validation;
    std::function<void(const std::string&)> log;
};

/// Trains (or resumes) the puzzle model. Returns when the schedule ends, stopAfterSteps is reached or `cancel`
/// is set (all write a checkpoint first; cancel returns a Cancelled error). Nothing throws.
Status trainPuzzleModel(const PuzzleTrainOptions& options, const CancelToken& cancel,
                        const PuzzleTrainCallbacks& callbacks);

}  // namespace kibitz::training
