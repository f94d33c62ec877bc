// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/pgn.h"
#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/encoding/conditioning.h"
#include "core/encoding/evaluator.h"
#include "core/encoding/game_conditioning.h"
#include "core/evaluation/elo_guess.h"
#include "core/evaluation/engine_analyser.h"

#include <QJsonObject>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kibitz::evaluation {

/// The review of one move of a game. Scores are from the mover's point of view.
struct PlyReview {
    int ply = 0;  ///< 0-based index in the game's main line
    chess::Color mover = chess::White;
    chess::Move move;
    std::string san;
    std::string uci;
    encoding::Conditioning conditioning;  ///< what the human model was told for this move

    // Human model (empty when no model was used).
    std::optional<double> humanProb;  ///< probability of the move played
    int humanRank = 0;                ///< 1-based rank of the move played in the human distribution (0: no model)
    chess::Move humanBest;            ///< the move the model found most likely
    double humanBestProb = 0.0;
    /// The value head's expected score for White (win + draw / 2) before the move, in a game between these ratings
    /// and clocks; empty without a model or when it has no value head.
    std::optional<double> humanWhiteScore;
    /// Seconds the mover spent on the move, from the game's clocks (encoding::plyThinkTimes); empty when unknown.
    std::optional<int> spentS;
    /// The think-time head's expectation for the move (when the model has one): median and the 5% and 95% quantiles
    /// of the seconds a player of this rating, with these clocks, spends here.
    std::optional<double> expectedS, expectedLowS, expectedHighS;
    /// -1: the player was far quicker than the model expected (below its 5% quantile), 1: far slower (above 95%),
    /// 0: neither or unknown.
    int timeUse = 0;

    // Engine (empty when no engine was used).
    std::optional<engines::UciScore> before;  ///< best score in the position before the move
    std::optional<engines::UciScore> after;   ///< score after the move played
    int lossCp = 0;                           ///< max(0, cp(before) - cp(after)), mates via scoreToCp
    chess::Move engineBest;                   ///< the engine's best move before the move played
};

/// A reviewed game.
struct GameReview {
    std::string white;
    std::string black;
    std::string startFen;
    std::vector<PlyReview> plies;
    std::string model;   ///< human model description, empty without a model
    std::string engine;  ///< engine description, empty without an engine
    /// Why the game's clocks and increment were not read (encoding::clockProblem: impossible clocks or time
    /// control), so no move has a clock or a time spent; empty when they were read or the game has none.
    std::string clocksIgnored;
    /// Each player's rating as estimated from their moves by the human model (guessGameElo with
    /// EloGuessOptions::calibrated(): the posterior median under the training players' ratings as the prior, the
    /// moves' evidence tempered); invalid without a model or when ReviewOptions::guessElo is off.
    EloEstimate whitePlayedLike;
    EloEstimate blackPlayedLike;
    /// The site the game's ratings come from (encoding::ratingSite). The estimates above are on the model's (Lichess)
    /// scale; the reports give a chess.com game's on chess.com's scale as well (estimateOnScale).
    encoding::RatingSite ratingSite = encoding::RatingSite::Unknown;
};

/// Options of reviewGame.
struct ReviewOptions {
    int maxPlies = 0;      ///< review at most this many plies from the start (0: all)
    int batchSize = 32;    ///< positions per human-model batch
    bool guessElo = true;  ///< also estimate both players' ratings from their moves (about 25 model passes per ply)
};

/// Progress of a review: `done` of `total` steps (one per model batch position and one per engine search).
using ReviewProgressFn = std::function<void(int done, int total)>;

/// The conditioning of each ply comes from encoding::plyConditionings (core/encoding/game_conditioning.h).

/// Reviews the main line of `game`: for each ply the human probability of the move played (when `human` is
/// given) and the engine's score before and after it (when `engine` is given; one search per position, the score
/// after a move being the next position's score seen from the mover). Terminal positions are scored without a
/// search (checkmate: mate 0; other game ends: 0). Stops with a Cancelled error when `cancel` is set; a model
/// or engine failure ends the review with its error.
Result<GameReview> reviewGame(const chess::PgnGame& game, encoding::Evaluator* human, PositionAnalyser* engine,
                              const ReviewOptions& options, const CancelToken& cancel,
                              const ReviewProgressFn& progress = {});

/// JSON of a review (kibitz-cli review --json): {white, black, start_fen, model, engine[, clocks_ignored], plies:
/// [{ply, mover, san, uci, elo, opp_elo, clock, human_prob, human_rank, human_best_uci, human_best_prob,
/// eval_before_cp, mate_before, eval_after_cp, mate_after, loss_cp, best_uci, and where known spent_s, expected_s,
/// expected_low_s, expected_high_s, time_use ("quick", "slow" or "usual")}]}. Evals are from White's point of view; an
/// `eval_*_cp` is null when the score is a mate (then `mate_*` holds the signed distance, White mating > 0).
/// `loss_cp` is from the mover's view with mates converted as described at kMateCp.
QJsonObject reviewToJson(const GameReview& review);

}  // namespace kibitz::evaluation
