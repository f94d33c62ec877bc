// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one human mover: how Kibitz's opponent, told a rating, chooses its move and the time it takes over it. Every
// front end that plays goes through here: `kibitz-cli uci`, the GUI's play mode (jobs::PlayController), the
// time-use replays of `eval time --play` and the self-play ladder of `eval strength`.
//
// The model's distribution says which moves a player of that rating plays, but its rating barely reaches the tail
// where the mistakes are: sampled as it is, a 2000 errs 1.5-1.8x as much as real 2000s and a 1200 too little, and
// engines told 700 and 2300 play about 240 Elo apart. So the distribution is reshaped by the rating before a move is
// drawn (strengthTemperature: a temperature per rating, fitted so that the expected loss of winning chances of the
// moves it plays matches real players' band by band; docs/studies has the fit and its measurements), and a move that
// throws a won game away by stalemate is played as rarely as people play it.

#include "core/chess/position.h"
#include "core/encoding/evaluator.h"
#include "core/play/human_play.h"

#include <cstdint>
#include <optional>
#include <random>
#include <vector>

namespace kibitz::play {

/// The temperature that makes the model play at `elo` (before the user's own temperature multiplies it): below 1 for
/// strong players (fewer mistakes than the raw distribution makes), above 1 for weak ones. `ply` 0-based: the first
/// plies of a game keep the model's own distribution (its openings are people's), the shape comes in after them.
double strengthTemperature(int elo, int ply);
/// The plies that keep the model's own distribution whatever the rating.
inline constexpr int kUnshapedOpeningPlies = 8;

/// The policy a human of `elo` plays with at `ply`: `user`'s temperature times strengthTemperature() when
/// `user.calibrated`, its top-p unchanged.
MovePolicy policyForRating(const MovePolicy& user, int elo, int ply);

/// The moves the side to move of `pos` may play and their probabilities (summing to 1, most likely first), as a human
/// of `elo` chooses among them: policyForRating() applied to `dist` (the model's distribution for `pos`, sorted as
/// Evaluator returns it), and a move that stalemates an opponent the mover is clearly ahead of kept at a small
/// share of its weight (people see that one). `ply` as for strengthTemperature.
std::vector<encoding::MoveProb> humanCandidates(const chess::Position& pos, const std::vector<encoding::MoveProb>& dist,
                                                int elo, int ply, const MovePolicy& user);

/// Draws the move a human of `elo` plays in `pos` (humanCandidates, then one draw).
chess::Move chooseHumanMove(const chess::Position& pos, const std::vector<encoding::MoveProb>& dist, int elo, int ply,
                            const MovePolicy& user, std::mt19937_64& rng);

/// The time the mover takes over its move: a draw from the learned think time for the move chosen when the model has
/// that head (learnedThinkTimeMs), else the clock rule (humanThinkTimeMs). A forced move takes a short reaction time
/// either way.
std::int64_t humanMoveTimeMs(const ClockState& clock, int ply, const std::vector<encoding::MoveProb>& dist,
                             const std::optional<encoding::ThinkTime>& learned, std::mt19937_64& rng);

/// Material of `side` in pawns (pawn 1, knight and bishop 3, rook 5, queen 9).
int materialPawns(const chess::Position& pos, chess::Color side);

}  // namespace kibitz::play
