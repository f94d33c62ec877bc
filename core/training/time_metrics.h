// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How well a think-time model predicts the seconds humans spent on their moves (torch-free): Pearson r of the
// predicted median against the real seconds (and on ln(1 + s)), mean and median absolute error, overall and by game
// speed, beside the plain clock rule every model must beat. Used by `eval time`, the trainer's validation and the
// play-mode time-use table.

#include "core/chess/pgn.h"
#include "core/chess/pgn_tags.h"
#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/encoding/evaluator.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace kibitz::training {

/// The plain rule: remaining / 40 + 0.8 x increment, a third of it in the first 16 plies; 0 without a clock.
double baselineThinkTimeS(const encoding::Conditioning& cond, int ply);

/// Scores of one predictor on a set of moves.
struct TimeScores {
    std::int64_t moves = 0;
    double pearsonR = 0.0;     ///< predicted median vs real seconds
    double pearsonRLog = 0.0;  ///< the same on ln(1 + seconds)
    double maeS = 0.0;         ///< mean |median - real|, seconds
    double medianAeS = 0.0;    ///< median |median - real|, seconds
};

/// Moves with their real and predicted seconds; scores() computes the summary.
class TimeSample {
public:
    void add(double predictedS, double realS);
    TimeScores scores() const;
    std::int64_t size() const { return std::int64_t(m_pred.size()); }

private:
    std::vector<float> m_pred, m_real;
};

/// The model and the baseline rule on the same moves, overall and by speed.
struct TimeEvaluation {
    std::int64_t games = 0;          ///< games with clocks that gave at least one scored move
    std::int64_t gamesSkipped = 0;   ///< games without usable clocks (no [%clk], no TimeControl, unusable)
    std::int64_t movesSkipped = 0;   ///< moves of scored games whose time is unknown (first moves, time given)
    std::int64_t forcedSkipped = 0;  ///< single-legal-move positions (not scored)
    /// The head was told the move played (a head that reads it); false: asked before the move (`--without-move`).
    bool moveTold = true;
    TimeScores model, baseline;
    std::array<TimeScores, chess::kGameSpeeds> modelBySpeed{}, baselineBySpeed{};
    /// `moves`, `pearson_r`, `pearson_r_log`, `mae_s`, `median_ae_s`, `by_speed` (bullet, blitz, rapid,
    /// classical), `baseline` with the same keys, the skip counts and `move_told`: one JSON object.
    std::string toJson() const;
    /// A table for people.
    std::string toText() const;
};

/// Accumulates TimeEvaluation from moves.
class TimeEvaluator {
public:
    void add(chess::GameSpeed speed, double predictedS, double baselineS, double realS);
    TimeEvaluation result() const;
    TimeEvaluation counts;  ///< games and skip counts, filled by the caller

private:
    TimeSample m_model, m_base;
    std::array<TimeSample, chess::kGameSpeeds> m_modelBy, m_baseBy;
};

/// The games of `files` (held-out only, the 3% split by Site hash, unless `heldOutOnly` is false) scored by
/// `evaluator`'s think-time head against the real seconds; at most `maxGames` scored games (0: all). The head is told
/// each move played unless `withoutMove`. Errors name the file; a cancel returns Cancelled.
Result<TimeEvaluation> evaluateThinkTime(encoding::Evaluator& evaluator, const std::vector<std::string>& files,
                                         bool heldOutOnly, std::int64_t maxGames, const CancelToken& cancel = {},
                                         bool withoutMove = false);

}  // namespace kibitz::training
