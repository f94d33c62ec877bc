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
#include <optional>
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
    /// The r the predictor expects of itself: Pearson r of its median against seconds drawn from its own distribution
    /// of each move (in expectation over the draws: Cov(median, mean) / sqrt(Var(median) (Var(mean) + E[var]))).
    /// A head whose real r falls short of it is overconfident or mis-shaped; one that reaches it gets what its spread
    /// allows, and a higher r needs a narrower spread, i.e. more information. Unknown for a rule without a
    /// distribution.
    std::optional<double> pearsonRExpected;
};

/// Moves with their real and predicted seconds; scores() computes the summary.
class TimeSample {
public:
    void add(double predictedS, double realS);
    /// A move predicted by a distribution: its median and, for TimeScores::pearsonRExpected, its mean and variance.
    void add(const encoding::ThinkTime& predicted, double realS);
    TimeScores scores() const;
    std::int64_t size() const { return std::int64_t(m_pred.size()); }

private:
    std::vector<float> m_pred, m_real;
    std::vector<double> m_mean, m_var;  ///< of each move's distribution; kept while every move came with one
    bool m_allDistributions = true;
};

/// The model and the baseline rule on the same moves, overall and by speed.
struct TimeEvaluation {
    std::int64_t games = 0;                  ///< games with clocks that gave at least one scored move
    std::int64_t gamesSkipped = 0;           ///< games without usable clocks (no [%clk], no TimeControl, unusable)
    std::int64_t gamesImpossibleClocks = 0;  ///< of gamesSkipped: clocks no game can have (encoding::clockProblem)
    std::int64_t gamesUnreadable = 0;        ///< of gamesSkipped: games the PGN reader could not read
    std::int64_t movesSkipped = 0;           ///< moves of scored games whose time is unknown (first moves, time given)
    std::int64_t forcedSkipped = 0;          ///< single-legal-move positions (not scored)
    /// The head was told the move played (a head that reads it); false: asked before the move (`--without-move`).
    bool moveTold = true;
    TimeScores model, baseline;
    std::array<TimeScores, chess::kGameSpeeds> modelBySpeed{}, baselineBySpeed{};
    /// `moves`, `pearson_r`, `pearson_r_log`, `mae_s`, `median_ae_s`, `by_speed` (bullet, blitz, rapid,
    /// classical), `baseline` with the same keys, the skip counts (`games_skipped`, and of them
    /// `games_impossible_clocks` and `games_unreadable`) and `move_told`: one JSON object.
    std::string toJson() const;
    /// A table for people.
    std::string toText() const;
};

/// Accumulates TimeEvaluation from moves.
class TimeEvaluator {
public:
    void add(chess::GameSpeed speed, double predictedS, double baselineS, double realS);
    /// The same for a model's distribution of the move's seconds (its median is the prediction scored).
    void add(chess::GameSpeed speed, const encoding::ThinkTime& predicted, double baselineS, double realS);
    TimeEvaluation result() const;
    TimeEvaluation counts;  ///< games and skip counts, filled by the caller

private:
    TimeSample m_model, m_base;
    std::array<TimeSample, chess::kGameSpeeds> m_modelBy, m_baseBy;
};

/// One scored move of evaluateThinkTime, for a per-move table (`eval time --moves-out`).
struct ScoredMove {
    std::string gameId;       ///< gameId() of its game (the Site tag, else its players, date and time)
    std::string timeControl;  ///< the game's TimeControl tag
    chess::GameSpeed speed{};
    int ply = 0;  ///< 0-based ply of the move in its game
    std::optional<int> moverElo, oppElo, moverClockS, oppClockS, incrementS;
    double medianS = 0.0, q10S = 0.0, q90S = 0.0;  ///< the head's median and 10th / 90th percentile seconds
    double baselineS = 0.0;                        ///< the rule's seconds
    double realS = 0.0;                            ///< the seconds the clocks say it took
};

/// `moves` as CSV with a header line: game,time_control,speed,ply,mover_elo,opp_elo,mover_clock_s,opp_clock_s,
/// increment_s,median_s,q10_s,q90_s,rule_s,real_s (unknown values empty; fields quoted by chess::csvField).
std::string scoredMovesCsv(const std::vector<ScoredMove>& moves);

/// The games of `files` (held-out only, the 3% split by Site hash, unless `heldOutOnly` is false) scored by
/// `evaluator`'s think-time head against the real seconds; at most `maxGames` scored games (0: all). The head is told
/// each move played unless `withoutMove`. With `moves`, each scored move is also appended there. A game the reader
/// cannot read or that is unusable (unusableReason: impossible clocks among others) is skipped, counted and told to
/// `onSkip`; a game merely without clocks is only counted. Errors name the file; a cancel returns Cancelled.
Result<TimeEvaluation> evaluateThinkTime(encoding::Evaluator& evaluator, const std::vector<std::string>& files,
                                         bool heldOutOnly, std::int64_t maxGames, const CancelToken& cancel = {},
                                         bool withoutMove = false, std::vector<ScoredMove>* moves = nullptr,
                                         const chess::GameSkipHook& onSkip = {});

}  // namespace kibitz::training
