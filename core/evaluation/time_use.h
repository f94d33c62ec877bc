// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Does the model spend its clock like the players it imitates? Games between two copies of the model, each side
// taking its moves from the one human mover (play::chooseHumanMove: play::MovePolicy at the game's ratings) and its
// time from the think-time head, replayed on real games' time controls and ratings and over their length, beside what
// the players of those games did: the median seconds per move and the share of games lost on time, by speed
// (`kibitz-cli eval time --play N`).

#include "core/chess/pgn.h"
#include "core/chess/pgn_tags.h"
#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/encoding/evaluator.h"
#include "core/play/human_play.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace kibitz::evaluation {

/// One speed's comparison.
struct TimeUseRow {
    std::int64_t games = 0;
    std::int64_t dataMoves = 0, modelMoves = 0;  ///< timed moves (each side's first move left out, as in eval time)
    double dataMedianS = 0.0, modelMedianS = 0.0;
    double dataMeanS = 0.0, modelMeanS = 0.0;
    double dataLostOnTime = 0.0;  ///< share of the games whose Termination tag is "Time forfeit"
    /// Share of the replays where a side's drawn time exceeded its clock, on one of the game's moves or on the think
    /// of the side to move after its last one (where a real game lost on time ends).
    double modelLostOnTime = 0.0;
    double modelLostOnTimeWithin = 0.0;  ///< the same on the game's moves alone
};

struct TimeUseComparison {
    std::array<TimeUseRow, chess::kGameSpeeds> bySpeed{};
    /// {"bullet": {games, data: {moves, median_s, mean_s, lost_on_time}, model: {..., lost_on_time_within_moves}},
    /// ...} for the speeds played.
    std::string toJson() const;
    std::string toText() const;
};

/// Replays each game of `games` (each needs a TimeControl and both ratings; others are skipped) as a game between two
/// copies of `evaluator` (which needs a think-time head) over the same number of plies, and one more think of the side
/// to move (unless the game ended in mate or stalemate), from the game's start
/// position with its ratings, increment and each side's starting clock as its first [%clk] comment shows it. Unlike the
/// play mode, which never lets its clock fall (learnedThinkTimeMs), a replay lets a side lose on time when its drawn
/// time exceeds its clock. Deterministic for a `seed`.
Result<TimeUseComparison> compareTimeUse(encoding::Evaluator& evaluator, const std::vector<chess::PgnGame>& games,
                                         const play::MovePolicy& policy, std::uint64_t seed,
                                         const CancelToken& cancel = {});

}  // namespace kibitz::evaluation
