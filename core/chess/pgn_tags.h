// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the PGN tags about the players and the clock say, read one way for everyone: conditioning, training, review,
// guess-elo and pgn-stats.

#include <optional>
#include <string_view>
#include <utility>

namespace kibitz::chess {

/// A WhiteElo/BlackElo tag value: a positive integer, nothing else ("?", "", "-", "1500?" are unknown).
std::optional<int> parseEloTag(std::string_view text);

/// A TimeControl tag "base+inc" (or "base"), in seconds: {base, inc}; nothing for "-", "?" or malformed text.
std::optional<std::pair<int, int>> parseTimeControl(std::string_view tag);

/// A game's speed by Lichess's rule on the estimated duration base + 40 x increment: under 3 minutes bullet (ultra-
/// bullet included), under 8 blitz, under 25 rapid, else classical.
enum class GameSpeed { Bullet = 0, Blitz, Rapid, Classical };
inline constexpr int kGameSpeeds = 4;
GameSpeed gameSpeed(int baseS, int incrementS);
/// "bullet", "blitz", "rapid", "classical".
const char* gameSpeedName(GameSpeed speed);

}  // namespace kibitz::chess
