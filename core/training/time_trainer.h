// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch-free API of the think-time trainer: how long humans take over a move, learnt from the [%clk] comments of
// clocked games on the frozen trunk of a human-move model (the trunk's weights are not touched; the output checkpoint
// holds the trunk and its value head unchanged plus the think-time head).

#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/training/time_metrics.h"
#include "core/training/trainer_common.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kibitz::training {

/// The schedule (ScheduleOptions) defaults to 6000 steps, peak 1e-3 after 200 warm-up steps, cosine to a tenth, a
/// progress line every 200 steps and a validation every 2000 (0: only at the end); the head is saved with each
/// validation (checkpointEvery and keepEvery are not used).
struct TimeTrainOptions : ScheduleOptions {
    TimeTrainOptions() {
        totalSteps = 6000;
        learningRate = 1e-3;
        warmupSteps = 200;
        minLrFraction = 0.1;
        logEvery = 200;
        validateEvery = 2000;
    }
    std::vector<std::string> pgnFiles;
    std::string initCheckpoint;  ///< trunk (trainer or TorchEvaluator::save format); a time head in it is continued
    std::string outCheckpoint;   ///< trunk + heads, written atomically at the end and at each validation
    /// Read the board (the trunk's features and the policy's entropy) or the clocks, ratings and move number only.
    bool withBoard = true;
    /// With the board: also read the move chosen (the policy's view of it and what kind of move it is).
    bool withMove = true;
    /// Training moves: the trunk reads each once, the head then trains for `totalSteps` batches over them.
    std::int64_t trainPositions = 300000;
    /// Keep every N-th timed move of the training games (4: the set spreads over four times as many games, about
    /// 750,000 moves of the clocked files; 1: all of them, about 3M, neighbours in a game alike).
    int trainEvery = 4;
    /// A new head's hidden width (0: models::kTimeHidden of core/models/model_config.h); a head in the --init
    /// checkpoint of another width is replaced by a new one when this is set.
    int hiddenWidth = 0;
    int validationPositions = 20000;  ///< held-out moves (every 2nd of the held-out games) for the validation line
    int batchSize = 512;
    double weightDecay = 0.01;
    int threads = 1;
    std::uint64_t seed = 1;
    int holdoutPermille = 30;
    /// Share of training moves shown without both players' last move times and paces (all unknown together), so the
    /// head also answers for a position seen out of its game (the analysis panel after a FEN).
    double recentTimesDropout = 0.25;
    /// Share of training moves shown without the move chosen, so the head also answers before a move is chosen (the
    /// analysis panel). Drawn independently of the recent times' dropout.
    double moveDropout = 0.3;
    /// Fit mu as the median of ln(1 + s) (an absolute-error loss, sigma by the likelihood around it) instead of the
    /// normal's mean by the likelihood alone.
    bool medianFit = false;
    /// A folder where the moves read through the trunk are kept (tensors, several GB for 700,000 moves) and read
    /// back by a later run with the same trunk, data and reading options; empty: none.
    std::string cacheDir;
};

/// Trains the think-time head. Returns the final validation scores (head and the baseline rule on the same held-out
/// moves). Progress and validation lines go to `log`.
Result<TimeEvaluation> trainTimeHead(const TimeTrainOptions& options, const CancelToken& cancel,
                                     const std::function<void(const std::string&)>& log);

}  // namespace kibitz::training
