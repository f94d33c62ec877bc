// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one human mover: how Kibitz's opponent, told a rating, chooses its move and the time it takes over it. Every
// front end that plays goes through here: `kibitz-cli uci`, the GUI's play mode (jobs::PlayController), the
// time-use replays of `eval time --play` and the self-play ladder of `eval strength`.
//
// The model's distribution says which moves a player of that rating plays, but its rating barely reaches the tail
// where the mistakes are: sampled as it is, a 2000 errs 1.5-1.8x as much as real 2000s and a 1200 too little, and
// engines told 700 and 2300 play about 240 Elo apart. So the distribution is reshaped by the rating before a move is
// drawn (strengthAt: a temperature per rating, fitted so that the expected loss of winning chances of the
// moves it plays matches real players' band by band), tilted toward the moves whose outcome the model's own value head
// prefers for the strong ratings (the raw distribution's favourite move errs more than real 2000+ players do), and a
// move that throws a won game away by stalemate is played as rarely as people play it. docs/studies has the fit.

#include "core/chess/position.h"
#include "core/common/result.h"
#include "core/encoding/evaluator.h"
#include "core/encoding/position_encoder.h"
#include "core/play/human_play.h"

#include <cstdint>
#include <optional>
#include <random>
#include <vector>

namespace kibitz::play {

/// How a rating reshapes the model's distribution before a move is drawn (strengthAt):
/// - `temperature`: p^(1/T); below 1 fewer of the unlikely moves (the mistakes) than the raw distribution plays;
/// - `tilt` (beta >= 0): each weighed move's weight times exp(beta (s - s_best)), s the mover's expected score after
///   the move by the model's own value head (MoveOutcomes), so that a strong player finds the better of the moves
///   people of that rating consider, and sees a blunder the raw distribution would play. No engine is involved.
struct Strength {
    double temperature = 1.0;
    double tilt = 0.0;
};

/// The strength of a human of `elo` at `ply` (0-based). The first plies of a game keep the model's own distribution
/// ({1, 0}): its openings are people's repertoires, not mistakes.
Strength strengthAt(int elo, int ply);
/// The plies that keep the model's own distribution whatever the rating.
inline constexpr int kUnshapedOpeningPlies = 8;
/// The highest rating at which self-play measured the mover at its rating's strength (each 400 points below it worth
/// what it is between real players). Above it the mover plays little stronger: told 2700 or 3100 it scored about 0.5
/// against itself told 2300 (the models' card), so what it is told there shapes its style more than its strength.
inline constexpr int kStrengthMeasuredUpTo = 2300;
/// How many of the likeliest moves the tilt weighs (the value head reads each one's outcome); the others count as
/// the worst of them.
inline constexpr int kWeighedMoves = 8;

/// The mover's expected score after each of the first min(kWeighedMoves, n) moves of a distribution (the value
/// head's, for the side that moved; a mating move 1; a move that lets the opponent mate in one 0; a move that ends the
/// game drawn 0.5: a stalemate, a third repetition, seen when the positions carry their history, fifty moves or dead
/// material). Empty: unknown (the tilt is then left out).
using MoveOutcomes = std::vector<double>;

/// The policy a human of `elo` plays with at `ply`: `user`'s temperature times the rating's when `user.calibrated`,
/// its top-p unchanged.
MovePolicy policyForRating(const MovePolicy& user, int elo, int ply);
/// Whether choosing for `elo` at `ply` with `user` weighs outcomes (the rating's tilt is above 0).
bool weighsOutcomes(int elo, int ply, const MovePolicy& user);

/// For each position (its mover's conditioning, its line and the model's distribution), the outcomes of its weighed
/// moves, by one batched call of the value head over all the positions after them; `want[i]` false (or a model
/// without a value head) gives an empty entry. Errors are the model's.
Result<std::vector<MoveOutcomes>> weighMoves(encoding::Evaluator& evaluator,
                                             const std::vector<chess::Position>& positions,
                                             const std::vector<encoding::Conditioning>& conds,
                                             const std::vector<encoding::RecentMoves>& recent,
                                             const std::vector<std::vector<encoding::MoveProb>>& dists,
                                             const std::vector<bool>& want);

/// The moves the side to move of `pos` may play and their probabilities (summing to 1, most likely first), as a human
/// of `elo` chooses among them: `dist` (the model's distribution for `pos`, sorted as Evaluator returns it) tilted by
/// `outcomes` and tempered as policyForRating() says, then cut by top-p; a move that stalemates an opponent the mover
/// is clearly ahead of keeps a small share of its weight (people see that one). `ply` as for strengthAt.
std::vector<encoding::MoveProb> humanCandidates(const chess::Position& pos, const std::vector<encoding::MoveProb>& dist,
                                                int elo, int ply, const MovePolicy& user,
                                                const MoveOutcomes& outcomes = {});

/// The same for an explicit strength (the user's temperature already in it) and top-p: what the strength fit scores.
std::vector<encoding::MoveProb> candidatesWith(const chess::Position& pos, const std::vector<encoding::MoveProb>& dist,
                                               const MoveOutcomes& outcomes, const Strength& strength, double topP);

/// Rescales `moves`' probabilities to sum to 1 and sorts them most likely first (ties keep their order), as every
/// reweighing of candidates leaves them; false (and `moves` unchanged) when their weights sum to nothing.
bool renormalise(std::vector<encoding::MoveProb>& moves);

/// Draws the move a human of `elo` plays in `pos` (humanCandidates, then one draw).
chess::Move chooseHumanMove(const chess::Position& pos, const std::vector<encoding::MoveProb>& dist, int elo, int ply,
                            const MovePolicy& user, std::mt19937_64& rng, const MoveOutcomes& outcomes = {});

/// The time the mover takes over its move: a draw from the learned think time for the move chosen when the model has
/// that head (learnedThinkTimeMs), else the clock rule (humanThinkTimeMs). A forced move takes a short reaction time
/// either way.
std::int64_t humanMoveTimeMs(const ClockState& clock, int ply, const std::vector<encoding::MoveProb>& dist,
                             const std::optional<encoding::ThinkTime>& learned, std::mt19937_64& rng);

/// Material of `side` in pawns (pawn 1, knight and bishop 3, rook 5, queen 9).
int materialPawns(const chess::Position& pos, chess::Color side);

}  // namespace kibitz::play
