// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The self-play ladder of `kibitz-cli eval strength ladder`: does the opponent play at the strength it is told?
// Copies of the model told two ratings play each other through the play mode's own rules (play::PlaySession for the
// clock, the draw rules and the result; the one human mover for moves and think times; play::GameDecisions for
// resignations and draw offers), on a simulated clock so that a 5+0 game takes no five minutes. The games of a pair
// are played side by side, each ply one batched model call for all of them. Reported per pair: the higher rating's
// score and the Elo gap it implies, how the games ended and how varied their openings were.

#include "core/chess/pgn.h"
#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/encoding/evaluator.h"
#include "core/play/human_play.h"
#include "core/play/play_session.h"

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kibitz::play {

struct LadderPair {
    int high = 1900;  ///< the higher rating
    int low = 1500;
};

struct LadderOptions {
    std::vector<LadderPair> pairs;
    int gamesPerPair = 100;        ///< colours alternate; each game draws from its own seed
    std::int64_t baseMs = 300000;  ///< each side's time (the default: 5+0)
    std::int64_t incrementMs = 0;
    int maxPlies = 400;  ///< a game still running then ends as "move cap" (scored as a draw)
    std::uint64_t seed = 1;
    MovePolicy policy;       ///< the user's policy (calibrated by the rating unless policy.calibrated is off)
    bool decisions = true;   ///< resignations and draw offers as in play mode (needs a value head)
    int openingPlies = 8;    ///< the opening variety counts distinct move sequences of this many plies
    bool keepGames = false;  ///< also return every game as PGN (LadderPairResult::records)
};

/// How the games of a pair ended (play::Termination, plus the move cap).
struct LadderEndings {
    std::int64_t checkmate = 0, stalemate = 0, repetition = 0, fiftyMoves = 0, insufficient = 0, time = 0,
                 resignation = 0, agreement = 0, moveCap = 0;
};

struct LadderPairResult {
    LadderPair pair;
    std::int64_t games = 0;
    std::int64_t highWins = 0, draws = 0, lowWins = 0;
    LadderEndings endings;
    std::int64_t distinctOpenings = 0;  ///< distinct first `openingPlies` plies among the games that reached them
    double meanPlies = 0.0;
    /// With LadderOptions::keepGames, the pair's games in the order they were set up (Event "Kibitz strength
    /// ladder", Round the game's number in its pair, the clocks as [%clk] comments). A game stopped at the move cap
    /// is recorded as the draw it is scored as ("1/2-1/2", Termination "Adjudication").
    std::vector<chess::PgnGame> records;
    /// The higher rating's score (wins + draws / 2) over the games.
    double highScore() const { return games > 0 ? (double(highWins) + 0.5 * double(draws)) / double(games) : 0.0; }
    /// The Elo gap that score implies: 400 log10(s / (1 - s)), s clamped to [0.005, 0.995].
    double impliedGap() const;
};

/// Progress: games finished of all games.
using LadderProgressFn = std::function<void(std::int64_t done, std::int64_t total)>;

/// Plays every pair of `options`. Errors: a model error (with the position), Cancelled. `evaluator` needs a value
/// head only when options.decisions (otherwise nobody resigns).
Result<std::vector<LadderPairResult>> playLadder(encoding::Evaluator& evaluator, const LadderOptions& options,
                                                 const CancelToken& cancel, const LadderProgressFn& progress = {});

}  // namespace kibitz::play
