// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Torch-free: the games of one player in PGN files, oldest first, and the names the files hold.

#include "core/chess/pgn.h"
#include "core/common/result.h"
#include "core/training/human_samples.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kibitz::training {

/// Each name of the White and Black tags with its number of games, most games first (ties by name). Game packs keep
/// no names and are passed over. Errors name the file.
Result<std::vector<std::pair<std::string, std::int64_t>>> countPlayerGames(const std::vector<std::string>& files);

/// "players in the files (games), most first: a (120), b (80), ..." (at most `limit` names), or why there are none.
std::string describePlayers(const std::vector<std::pair<std::string, std::int64_t>>& counts, std::size_t limit = 20);

/// One player's games.
struct PlayerGames {
    std::string name;                   ///< as the files spell it
    std::vector<chess::PgnGame> games;  ///< oldest first (chess::gameTimeKey; file order among equals)
    std::int64_t skipped = 0;           ///< games of the player the human-move model cannot use (unusableReason)
};

/// The usable games of `name` in `files`. The name is matched without case; when no name is equal, a single name
/// that contains it is taken (said in `note`). No game, a name contained in several names, or files without player
/// tags: InvalidInput whose message lists the players with their game counts. `onSkip` is told of every game of the
/// files the reader cannot read (an illegal move, variations nested too deep: whoever played it) and of every game
/// of the player that is not usable (unusableReason with `ratings`), each with its number in its file.
Result<PlayerGames> readPlayerGames(const std::vector<std::string>& files, const std::string& name,
                                    std::string* note = nullptr, const chess::GameSkipHook& onSkip = {},
                                    GameRatings ratings = GameRatings::Required);

/// The fewest usable games a model of one player is built from: the newest tenth (at least one) measures it, the
/// rest teach it; below this the measurement is a handful of moves and the gain it reports means nothing.
inline constexpr std::size_t kMinPlayerGames = 10;
/// InvalidInput naming the player, their usable and skipped games and the minimum, when there are fewer than
/// kMinPlayerGames usable games.
Status checkEnoughPlayerGames(const PlayerGames& games);

/// Splits `games` (oldest first) by time: the newest `validationShare` of them (at least one when there are two or
/// more) are the validation games; of the older ones, the newest `maxTrainGames` (<= 0: all) are the training games.
struct PlayerSplit {
    std::vector<const chess::PgnGame*> train, validation;
};
PlayerSplit splitPlayerGames(const std::vector<chess::PgnGame>& games, double validationShare, int maxTrainGames);

}  // namespace kibitz::training
