// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch-free API of the value-head trainer: win/draw/loss of games between humans, learnt from game results on the
// frozen trunk of a human-move model (the trunk's weights are not touched; the output checkpoint holds the trunk
// unchanged plus the head).

#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/training/value_metrics.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kibitz::training {

struct ValueTrainOptions {
    std::vector<std::string> pgnFiles;
    std::string initCheckpoint;  ///< trunk (trainer or TorchEvaluator::save format); a value head in it is continued
    std::string outCheckpoint;   ///< trunk + value head, written atomically at the end, on cancel and every 1000 steps
    std::int64_t steps = 4000;
    int batchSize = 256;
    double learningRate = 1e-3;  ///< peak; linear warm-up, cosine to a tenth
    std::int64_t warmupSteps = 100;
    double weightDecay = 0.01;
    int threads = 1;
    std::uint64_t seed = 1;
    int holdoutPermille = 30;
    std::int64_t logEvery = 50;
    std::int64_t validateEvery = 1000;   ///< 0: only at the end
    int validationPositions = 8000;      ///< held-out positions (spread over games) for the validation line
    std::int64_t baselineGames = 20000;  ///< training-split games that fit the Elo baseline's draw shares
    /// Share of training positions shown with both clocks and the increment unknown (all three together), so the
    /// head learns what a position is worth without them and leans on them only where they carry information.
    double clockDropout = 0.0;
};

/// Trains the value head. Returns the final validation metrics (model and Elo baseline on the same held-out
/// positions). Progress and validation lines go to `log`.
Result<ValueMetrics> trainValueHead(const ValueTrainOptions& options, const CancelToken& cancel,
                                    const std::function<void(const std::string&)>& log);

}  // namespace kibitz::training
