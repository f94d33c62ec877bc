// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The names of openings, as Lichess names them: one table for every report that labels games by how they began
// (the player profile's breakdown by opening).

#include "core/chess/position.h"

#include <string_view>
#include <vector>

namespace kibitz::chess {

/// An opening's ECO code and name, "B90" and "Sicilian Defense: Najdorf Variation"; both empty when unnamed.
struct OpeningName {
    std::string_view eco;
    std::string_view name;
};

/// The opening of a game from the standard start: the name of the deepest position among the first
/// kOpeningSearchPlies positions after its moves that Lichess's table names, as Lichess names the openings of its
/// games (a transposition gets the name of the position it reached). Unnamed for a game from another start or
/// without moves. The table is Lichess's (resources/openings: github.com/lichess-org/chess-openings, CC0 1.0), built
/// in; the first call reads it (a few milliseconds), later calls only look positions up, from any thread.
OpeningName openingOf(const Position& start, const std::vector<Move>& moves);
inline constexpr int kOpeningSearchPlies = 40;

/// An opening's family: its name before the variation, "Sicilian Defense" for "Sicilian Defense: Najdorf
/// Variation" (the whole name when it has no variation).
std::string_view openingFamily(std::string_view name);

}  // namespace kibitz::chess
