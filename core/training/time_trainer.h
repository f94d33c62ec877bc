// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch-free API of the think-time trainer: how long humans take over a move, learnt from the [%clk] comments of
// clocked games on the frozen trunk of a human-move model (the trunk's weights are not touched; the output checkpoint
// holds the trunk and its value head unchanged plus the think-time head).

#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/training/time_metrics.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kibitz::training {

struct TimeTrainOptions {
    std::vector<std::string> pgnFiles;
    std::string initCheckpoint;  ///< trunk (trainer or TorchEvaluator::save format); a time head in it is continued
    std::string outCheckpoint;   ///< trunk + heads, written atomically at the end and at each validation
    /// Read the board (the trunk's features and the policy's entropy) or the clocks, ratings and move number only.
    bool withBoard = true;
    /// Training moves: the trunk reads each once, the head then trains for `steps` batches over them.
    std::int64_t trainPositions = 300000;
    int validationPositions = 20000;  ///< held-out moves (every 2nd of the held-out games) for the validation line
    std::int64_t steps = 6000;
    int batchSize = 512;
    double learningRate = 1e-3;  ///< peak; linear warm-up, cosine to a tenth
    std::int64_t warmupSteps = 200;
    double weightDecay = 0.01;
    int threads = 1;
    std::uint64_t seed = 1;
    int holdoutPermille = 30;
    std::int64_t logEvery = 200;
    std::int64_t validateEvery = 2000;  ///< 0: only at the end
    /// Share of training moves shown without both players' last move times (both unknown together), so the head
    /// also answers for a position seen out of its game (the analysis panel after a FEN).
    double recentTimesDropout = 0.25;
};

/// Trains the think-time head. Returns the final validation scores (head and the baseline rule on the same held-out
/// moves). Progress and validation lines go to `log`.
Result<TimeEvaluation> trainTimeHead(const TimeTrainOptions& options, const CancelToken& cancel,
                                     const std::function<void(const std::string&)>& log);

}  // namespace kibitz::training
