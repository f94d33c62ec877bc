// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Do the play-mode opponent's resignations and draw offers happen when a human's would? Real games answer it: Lichess
// records how each ended. A decisive game with Termination "Normal" that does not end in mate was resigned by the
// loser; a drawn "Normal" game that does not end in stalemate, dead material, repetition or fifty moves was agreed.
// For each game the value head scores every position (the side to move's win/draw/loss at the game's ratings and
// clocks), then the decision rules (play::GameDecisions) are replayed over the game for both sides, for several
// resign thresholds:
// - precision: of the games the rule resigns for a side, the share that side really lost (a resignation in a game a
//   human saved is the mistake that matters);
// - recall: of the games a human resigned, the share where the rule resigns for them by the end, and how many plies
//   earlier or later;
// - the human side: the value head's expected score of the resigning side at the moment they resigned, and the draw
//   share and ply of agreed draws.
// Plain C++; the model comes in through encoding::Evaluator.

#include "core/chess/pgn.h"
#include "core/common/result.h"
#include "core/encoding/evaluator.h"
#include "core/play/game_clock.h"

#include <cstdint>
#include <vector>

namespace kibitz::play {

/// How a recorded game ended, read from its result, Termination tag and final position.
enum class RecordedEnding { Unknown, Checkmate, Resignation, TimeForfeit, AgreedDraw, RuleDraw, Other };
RecordedEnding recordedEnding(const chess::PgnGame& game);

/// The replay of one resign threshold over many games.
struct ResignReplay {
    double threshold = 0.0;
    std::int64_t resigns = 0;           ///< sides the rule resigned for (at most one per side and game)
    std::int64_t resignsLost = 0;       ///< ... that went on to lose the game
    std::int64_t humanResigned = 0;     ///< games a human resigned (the same for every threshold)
    std::int64_t humanResignedHit = 0;  ///< ... where the rule resigned for that player by the end
    std::vector<int> leadPlies;         ///< for those: the human's resignation ply minus the rule's (> 0: rule earlier)
    double precision() const { return resigns > 0 ? double(resignsLost) / double(resigns) : 0.0; }
    double recall() const { return humanResigned > 0 ? double(humanResignedHit) / double(humanResigned) : 0.0; }
};

struct DecisionCalibration {
    std::int64_t games = 0;             ///< games scored (known result, standard start, at least one move)
    std::int64_t skipped = 0;           ///< games left out (unknown result, odd start, model error on a position)
    std::int64_t positions = 0;         ///< positions the value head scored
    std::vector<double> resignScores;   ///< human resignations: the resigner's expected score when they resigned
    std::vector<double> agreedDraws;    ///< agreed draws: the value head's draw share at the agreed position
    std::vector<int> agreedPlies;       ///< agreed draws: the ply of the agreement
    std::int64_t agreedAccepted = 0;    ///< agreed draws both sides' accept rule would have agreed to
    std::int64_t drawOffers = 0;        ///< games where the rule offers a draw for some side
    std::int64_t drawOffersDrawn = 0;   ///< ... that ended drawn
    std::vector<ResignReplay> replays;  ///< one per threshold given to the calibrator
};

/// Scores games one at a time into a DecisionCalibration.
class DecisionCalibrator {
public:
    /// `policy` is the rule replayed; `resignThresholds` replaces its resignBelow, one replay each.
    DecisionCalibrator(GameDecisionPolicy policy, std::vector<double> resignThresholds);
    /// Scores one game (skipped, counted, when it cannot be: unknown result, FEN start, no moves). Errors come only
    /// from the evaluator (e.g. a model without a value head).
    Status addGame(encoding::Evaluator& evaluator, const chess::PgnGame& game);
    const DecisionCalibration& result() const { return m_result; }

private:
    GameDecisionPolicy m_policy;
    DecisionCalibration m_result;
};

/// The q-quantile (0..1) of `values` by linear interpolation; 0 for an empty list.
double quantile(std::vector<double> values, double q);

}  // namespace kibitz::play
