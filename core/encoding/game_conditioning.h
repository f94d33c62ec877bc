// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one rule that turns a game's tags and clock comments into the human-move model's conditioning, per ply.
// Training (core/training), evaluation, review, guess-elo, the GUI and the CLI all call it, so what the model saw in
// training is what it is shown everywhere else.

#include "core/chess/pgn.h"
#include "core/encoding/conditioning.h"

#include <optional>
#include <string_view>
#include <vector>

namespace kibitz::encoding {

/// What is known of one player at a moment of a game: rating, remaining time, increment. Any field may be unknown.
struct PlayerState {
    std::optional<int> elo;
    std::optional<int> clockS;      ///< remaining time, seconds
    std::optional<int> incrementS;  ///< this player's increment per move, seconds
};

/// The conditioning for the side to move, from both players' states (index by chess::Color). The rule every caller
/// shares: mover first, then opponent; the increment is the mover's. plyConditionings applies it to a game's tags and
/// clocks; the UCI engine and play mode apply it to a live game (clocks from milliseconds via playerStateFromMs).
Conditioning moverConditioning(chess::Color mover, const PlayerState& white, const PlayerState& black);

/// A player in a live game (UCI `go wtime/winc`, the play mode's clocks), in milliseconds, as the model's seconds:
/// the clock rounded down like a PGN [%clk] comment (negative values, a clock run below zero before the flag falls,
/// count as 0), the increment rounded to the nearest second like a TimeControl tag.
PlayerState playerStateFromMs(std::optional<int> elo, std::optional<long long> clockMs,
                              std::optional<long long> incrementMs);

/// The conditioning before each ply of `game`: mover and opponent Elo from the WhiteElo/BlackElo tags, each side's
/// remaining time before its move from its previous [%clk] (the TimeControl base before its first move; clocks stay
/// unknown in games without [%clk] comments), increment from TimeControl. Missing values stay unknown. One entry per
/// move, plus one for the position after the last move when `includeFinal` is set.
std::vector<Conditioning> plyConditionings(const chess::PgnGame& game, bool includeFinal = false);

/// The seconds each move of `game` took its player, from the clocks: own clock before the move (its [%clk] after
/// that player's previous move) + increment - own clock after it. Unknown (nullopt) for each side's first move
/// (Lichess does not run the clock for it), in games without [%clk] comments or a TimeControl tag, where a comment is
/// missing, and where the clock went up by more than the increment (the opponent gave time). One entry per move.
std::vector<std::optional<int>> plyThinkTimes(const chess::PgnGame& game);

}  // namespace kibitz::encoding
