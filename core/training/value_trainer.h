// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch-free API of the value-head trainer: win/draw/loss of games between humans, learnt from game results on the
// frozen trunk of a human-move model (the trunk's weights are not touched; the output checkpoint holds the trunk
// unchanged plus the head).

#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/training/trainer_common.h"
#include "core/training/value_metrics.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kibitz::training {

/// The schedule (ScheduleOptions) defaults to 4000 steps, peak 1e-3 after 100 warm-up steps, cosine to a tenth, a
/// progress line every 50 steps and a validation every 1000 (0: only at the end); the head is saved with each
/// validation (checkpointEvery and keepEvery are not used).
struct ValueTrainOptions : ScheduleOptions {
    ValueTrainOptions() {
        totalSteps = 4000;
        learningRate = 1e-3;
        warmupSteps = 100;
        minLrFraction = 0.1;
        logEvery = 50;
        validateEvery = 1000;
    }
    std::vector<std::string> pgnFiles;
    std::string initCheckpoint;  ///< trunk (trainer or TorchEvaluator::save format); a value head in it is continued
    std::string outCheckpoint;  ///< trunk + value head, written atomically at the end, on cancel and at each validation
    int batchSize = 256;
    double weightDecay = 0.01;
    int threads = 1;
    std::uint64_t seed = 1;
    int holdoutPermille = 30;
    int validationPositions = 8000;      ///< held-out positions (spread over games) for the validation line
    std::int64_t baselineGames = 20000;  ///< training-split games that fit the Elo baseline's draw shares
    /// Share of training positions shown with both clocks and the increment unknown (all three together), so the
    /// head learns what a position is worth without them and leans on them only where they carry information.
    double clockDropout = 0.0;
    /// Share of each batch taken from a second stream of the training games' first `openingPlies` positions (0: none).
    /// Every game passes through its start position, but a stream of all positions shows the head each game's start
    /// only about once in 80 positions, and a position whose board is the same in every game is then judged from
    /// few results per rating and clock: the head's first impression there was noise.
    double openingShare = 0.0;
    int openingPlies = 2;
    /// When > 0, validation and the saved head use an exponential moving average of the head's weights with this
    /// decay per step (the first steps' decay is lowered, min(decay, (1 + t) / (10 + t))): the answer at positions
    /// every game shares moved by several points from one validation to the next without it.
    double emaDecay = 0.0;
    /// Start a new head of the current kind even when the initial checkpoint has one (which is then replaced).
    bool newHead = false;
};

/// Trains the value head. Returns the final validation metrics (model and Elo baseline on the same held-out
/// positions). Progress and validation lines go to `log`.
Result<ValueMetrics> trainValueHead(const ValueTrainOptions& options, const CancelToken& cancel,
                                    const std::function<void(const std::string&)>& log);

}  // namespace kibitz::training
