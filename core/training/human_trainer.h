// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch-free API of the human-move trainer; the implementation (human_trainer.cpp) is the only torch user.

#include "core/chess/pgn.h"
#include "core/common/cancel_token.h"
#include "core/common/device_choice.h"
#include "core/common/result.h"
#include "core/encoding/evaluator.h"
#include "core/encoding/position_encoder.h"
#include "core/models/model_config.h"
#include "core/training/move_metrics.h"
#include "core/training/trainer_common.h"
#include "core/training/value_metrics.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kibitz::training {

/// Everything a training run needs. Defaults are the shipped `small` recipe. The schedule and cadence
/// (ScheduleOptions) default to 200,000 steps, peak 1e-3 after 1000 warm-up steps, cosine to a tenth, a progress
/// report every 50 steps, validation every 2000 (0: never), latest.pt every 1000 and a kept step-N.pt every 20,000.
struct TrainOptions : ScheduleOptions {
    TrainOptions() {
        totalSteps = 200000;
        learningRate = 1e-3;
        warmupSteps = 1000;
        minLrFraction = 0.1;
        logEvery = 50;
        validateEvery = 2000;
        checkpointEvery = 1000;
        keepEvery = 20000;
    }
    std::vector<std::string> pgnFiles;
    models::ModelConfig config;
    std::string outDir;   ///< checkpoints go here (created if missing)
    int batchSize = 256;  ///< global batch (split evenly over ranks)
    double weightDecay = 0.05;
    double gradClip = 1.0;
    double condDropout = 0.1;                  ///< per conditioning slot
    int threads = 1;                           ///< torch intra-op threads (at::set_num_threads)
    DeviceChoice device = DeviceChoice::Auto;  ///< where the run trains (auto: CUDA when available)
    /// On CUDA: the forward pass and the loss under bf16 autocast (weights, gradients and the optimizer stay fp32).
    /// No effect on the CPU, where the fused fp32 kernels are faster than bf16 emulation.
    bool mixedPrecision = true;
    StepReads stepReads = StepReads::Auto;  ///< see trainer_common.h
    std::uint64_t seed = 1;
    int holdoutPermille = 30;
    int chunkGames = 2000;
    bool bucketBySize = true;         ///< batches of similar piece counts (less padding), see SampleStreamOptions
    double maxRatingBandShare = 0.0;  ///< balance caps of the training stream (0: off), see BalanceOptions
    double maxPlayerShare = 0.0;
    bool checkpointAllRanks = false;  ///< ranks > 0 also write latest.rankR.pt (tests compare ranks)
    int validationPositions = 8000;
    bool resume = false;  ///< continue from outDir/latest.pt if it exists
    /// Distillation: a folder of rating-band lc0 nets (the Maia-1 nets) whose distribution at the mover's
    /// rating is a second target (see training/teacher.h); empty: none. The loss is the cross-entropy on the played
    /// move plus teacherWeight x KL(teacher || model); a share teacherRelabel of the positions is shown at a
    /// random band's rating with the teacher's distribution as the only target.
    std::string teacher;
    double teacherWeight = 1.0;
    double teacherRelabel = 0.0;
    /// Rating contrast: every position is also read with both ratings ratingContrastAway points toward the middle
    /// (probedConditioning's rule for ConditioningProbe::moverEloAway), and ratingContrast x
    /// models::ratingContrastLoss is added to the loss over the positions whose mover that shift brings nearer
    /// kRatingMiddle (the ends of the range: with 800 points, movers under 1300 or over 2100), so that the played move
    /// tells the recorded ratings from middling ones. The middle's own positions are left out: shifted past the middle
    /// they would teach the other end's ratings to avoid the middle's moves. 0: off. Costs a second forward and
    /// backward pass a step.
    double ratingContrast = 0.0;
    int ratingContrastAway = 800;
    /// Fine-tuning: a checkpoint (trainer or TorchEvaluator::save format) whose config and weights replace the
    /// fresh initialisation; optimizer state, step and data position start anew. Unused when resuming. When `config`
    /// asks for a newer encoding version than the checkpoint's with the same shape (small-v2 from a small v1
    /// checkpoint), the model is built from `config` and every tensor the two share is copied (warm start).
    std::string initCheckpoint;
    // Distributed data parallel (c10d ProcessGroupGloo + TCPStore).
    int worldSize = 1;
    int rank = 0;
    std::string masterAddr = "127.0.0.1";
    int masterPort = 29500;
};

/// Sinks for what a run reports. All are called on the thread that runs train().
struct TrainCallbacks {
    std::function<void(const TrainProgress&)> progress;  ///< metrics: {"accuracy"} (top-1 on training batches)
    std::function<void(std::int64_t step, const MoveMetrics&)> validation;
    std::function<void(const std::string&)> log;  ///< free-form lines (data stats, checkpoints, resume)
};

/// Trains (or resumes) the human-move model. Returns when the schedule ends, `stopAfterSteps` is reached or
/// `cancel` is set (all three write a checkpoint first). Errors (bad files, incompatible checkpoint,
/// torch failures, distributed set-up) come back as values; nothing throws.
Status trainHumanModel(const TrainOptions& options, const CancelToken& cancel, const TrainCallbacks& callbacks);

/// Learning rate at `step`: linear warm-up, then cosine decay to peak * minLrFraction.
double learningRateAt(const TrainOptions& options, std::int64_t step);

/// The middle of the rating range for "toward the middle": a rating below it moves up, one at or above it down.
inline constexpr int kRatingMiddle = 1700;

/// How an evaluation alters each position's conditioning, to measure how much the model uses it: the same
/// positions and moves scored with the ratings hidden, the clocks hidden, or the mover's rating shifted. Metrics stay
/// bucketed by the mover's true rating.
struct ConditioningProbe {
    bool hideElo = false;    ///< mover's and opponent's Elo unknown
    bool hideClock = false;  ///< both clocks and the increment unknown
    int moverEloShift = 0;   ///< added to a known mover Elo (the encoder clamps to its range)
    /// Moves a known mover Elo this far toward the middle of the rating range (up below 1700, down from 1700): the
    /// model is told a rating this far from the truth, as Maia's nets for other bands would be.
    int moverEloAway = 0;
    /// With moverEloAway: a known opponent rating moves by the same amount in the same direction, so the game is told
    /// as one between players of another level (as a Maia net of another band sees it, told nothing of the players);
    /// without it the opponent's true rating still tells the model the game's level.
    bool awayWithOpponent = false;
    /// Rating guidance w: the logits become (1 + w) l(c) - w l(c with the ratings hidden), pushing the prediction
    /// further along what the ratings change (classifier-free guidance); 0 scores the model as it is.
    double ratingGuidance = 0.0;
    bool active() const {
        return hideElo || hideClock || moverEloShift != 0 || moverEloAway != 0 || ratingGuidance != 0.0;
    }
    /// "as recorded", or e.g. "Elo hidden, mover Elo +400".
    std::string describe() const;
};

/// The conditioning a probe shows the model instead of the recorded one (one rule for every evaluation path).
encoding::Conditioning probedConditioning(const encoding::Conditioning& recorded, const ConditioningProbe& probe);

/// Evaluates a checkpoint on positions of `pgnFiles` (split: held-out games only, or all games), at most
/// `maxGames` games (<= 0: all) after the first `skipGames` of the split (rounded to the stream's chunks: use a
/// multiple of 100). Metrics per 100-Elo bucket.
/// A cancel ends it within a batch of positions (well under a second) with ErrorCode::Cancelled.
Result<MoveMetrics> evaluateHumanModel(const std::string& checkpoint, const std::vector<std::string>& pgnFiles,
                                       bool heldOutOnly, int holdoutPermille, std::int64_t maxGames, int threads,
                                       const ConditioningProbe& probe = {}, const CancelToken& cancel = CancelToken(),
                                       std::int64_t skipGames = 0);

/// Maia's test protocol: positions from ply 10 on, and none where the mover has under 30 s on the clock (positions
/// of games without clocks are kept).
bool inMaiaProtocol(const encoding::EncodedPosition& e);

/// One pass over the same positions for several conditionings. With `player`, only that player's moves are scored
/// (SampleStreamOptions::moverName), so two models compare on the same positions of one player.
struct HumanEvaluation {
    std::vector<MoveMetrics> perProbe;  ///< one per probe given, in order
    MoveMetrics maiaProtocol;           ///< the first probe, on the positions of inMaiaProtocol only
    /// When the checkpoint has a value head: its calibration on the same games (recorded conditioning), beside the Elo
    /// baseline fitted on the training split (`eloBaseline` describes the fit).
    bool hasValue = false;
    ValueMetrics value;
    std::string eloBaseline;
    std::string engineBaseline;  ///< the engine baseline's fit, empty when no training game has [%eval] annotations
};

/// The value head's baselines of an evaluation, fitted once (fitValueBaselines) the first time it is called with none,
/// and named in `total` (eloBaseline, engineBaseline); nothing when `baselines` holds them already. Errors are
/// fitValueBaselines' (Cancelled on a cancel).
Status ensureValueBaselines(std::optional<ValueBaselines>& baselines, HumanEvaluation& total,
                            const std::vector<std::string>& pgnFiles, int holdoutPermille, const CancelToken& cancel);
Result<HumanEvaluation> evaluateHumanModelProbes(const std::string& checkpoint,
                                                 const std::vector<std::string>& pgnFiles, bool heldOutOnly,
                                                 int holdoutPermille, std::int64_t maxGames, int threads,
                                                 const std::vector<ConditioningProbe>& probes,
                                                 const CancelToken& cancel = CancelToken(), std::int64_t skipGames = 0,
                                                 const std::string& player = {},
                                                 const chess::GameSkipHook& onSkip = {});
/// The same evaluation of any human-move evaluator that reads boards (an lc0 net, a folder of rating-band nets):
/// the same games, positions, splits, probes and metrics, and the value calibration when it has a value head.
/// Rating guidance is applied to the distributions, (1 + w) log p(ratings) - w log p(ratings hidden) renormalised over
/// the moves (for a Kibitz model the same as guiding its logits; an evaluator that reads no ratings is unchanged).
Result<HumanEvaluation> evaluateEvaluatorProbes(encoding::Evaluator& evaluator, const std::string& name,
                                                const std::vector<std::string>& pgnFiles, bool heldOutOnly,
                                                int holdoutPermille, std::int64_t maxGames,
                                                const std::vector<ConditioningProbe>& probes,
                                                const CancelToken& cancel = CancelToken(), std::int64_t skipGames = 0,
                                                const std::string& player = {}, const chess::GameSkipHook& onSkip = {});

}  // namespace kibitz::training
