// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The player profile tests' games: the real games of one player in tests/data/games_sample.pgn.
#include "core/chess/pgn.h"
#include "core/evaluation/player_profile.h"

#include <QtGlobal>

#include <string>
#include <vector>

namespace kibitz::testing {

/// The first `limit` games of games_sample.pgn that `player` played (either colour).
inline std::vector<chess::PgnGame> sampleGamesOf(const std::string& player, std::size_t limit) {
    auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    if (!reader.ok()) qFatal("cannot read games_sample.pgn");
    std::vector<chess::PgnGame> out;
    chess::PgnGame game;
    while (out.size() < limit && reader.value()->next(game))
        if (evaluation::playerColor(game, player)) out.push_back(game);
    return out;
}

}  // namespace kibitz::testing
