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

/// A rating tag (WhiteElo/BlackElo): a positive integer, else nothing ("?", "-", "", junk, 0).
std::optional<int> parseEloTag(std::string_view text);

/// The conditioning before each ply of `game`: mover and opponent Elo from the WhiteElo/BlackElo tags, each side's
/// remaining time before its move from its previous [%clk] (the TimeControl base before its first move; clocks stay
/// unknown in games without [%clk] comments), increment from TimeControl. Missing values stay unknown. One entry per
/// move, plus one for the position after the last move when `includeFinal` is set.
std::vector<Conditioning> plyConditionings(const chess::PgnGame& game, bool includeFinal = false);

}  // namespace kibitz::encoding
