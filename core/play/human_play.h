// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How Kibitz plays a move "as a human of rating R": it samples from the human-move model's distribution, sharpened or
// flattened by a temperature and cut to its most likely moves (top-p), and it spends a human-like time on the clock.
// Used by `kibitz-cli uci` and by the GUI's play mode, so both play the same way.

#include "core/chess/position.h"
#include "core/encoding/evaluator.h"

#include <cstdint>
#include <optional>
#include <random>
#include <vector>

namespace kibitz::play {

/// How a move is chosen from a distribution.
struct MovePolicy {
    /// 1: the model's own distribution; below 1 sharper (0: always the most likely move); above 1 flatter.
    double temperature = 1.0;
    /// Keep the most likely moves until their probability (after temperature) reaches this share, drop the rest.
    /// 1 keeps every move; 0.95 never plays the tail that together has 5 %.
    double topP = 1.0;
    /// The rating shapes the strength: the temperature above multiplies the rating's own (strengthTemperature in
    /// human_mover.h), so a 2300 errs as little as real 2300s and a 900 as much as real 900s. Off: the model's
    /// distribution as it is (then `temperature` alone).
    bool calibrated = true;
};

/// The moves a policy may play, with their renormalised probabilities (summing to 1), most likely first.
/// `dist` must be sorted by decreasing probability (as Evaluator returns it) and non-empty; ties keep their order.
std::vector<encoding::MoveProb> candidateMoves(const std::vector<encoding::MoveProb>& dist, const MovePolicy& policy);

/// Draws one move with the policy. `dist` as for candidateMoves.
chess::Move sampleMove(const std::vector<encoding::MoveProb>& dist, const MovePolicy& policy, std::mt19937_64& rng);

/// The clock situation of the side to move.
struct ClockState {
    std::int64_t remainingMs = 0;
    std::int64_t incrementMs = 0;
};

/// How long a human takes over a move, in milliseconds (see human_play.cpp for the model and its reasons).
/// `ply` counts half-moves from the game's start (0 for White's first move); `dist` is the model's distribution for
/// the position (its sharpness stands for how hard the move is); `legalMoves` 1 means a forced move. `rng` adds the
/// spread real players show. The result never exceeds a fifth of the remaining time plus the increment, and is at
/// least 100 ms.
std::int64_t humanThinkTimeMs(const ClockState& clock, int ply, const std::vector<encoding::MoveProb>& dist,
                              std::mt19937_64& rng);

/// The same from a learned think time (the model's think-time head for this position, its conditioning and clocks):
/// one draw from its distribution. A forced move (`legalMoves` 1) takes a short reaction time as above. The result is
/// at least 100 ms and never runs the clock out: at most the remaining time less 300 ms (100 ms when less remains);
/// time trouble itself is in the head, which has learnt how fast people move with little time left.
std::int64_t learnedThinkTimeMs(const ClockState& clock, const encoding::ThinkTime& learned, int legalMoves,
                                std::mt19937_64& rng);

}  // namespace kibitz::play
