// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The names of openings, as Lichess names them: one table for every report that labels games by how they began
// (the player profile's breakdown by opening).

#include "core/chess/position.h"

#include <string>
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

/// An opening's first variation: "Najdorf Variation" for "Sicilian Defense: Najdorf Variation, English Attack" (empty
/// when the name has no variation). Lichess files puzzles by family and first variation, not deeper.
std::string_view openingVariation(std::string_view name);

/// A name as Lichess writes it in its opening keys (its opening pages' addresses, its puzzles' OpeningTags): accented
/// letters without the accent ("Grünfeld" gives "Grunfeld"), apostrophes and other punctuation dropped, the words
/// joined by '_', hyphens kept: "Kings_Pawn_Game", "Caro-Kann_Defense".
std::string openingKey(std::string_view name);

/// The OpeningTags Lichess gives a puzzle from a game of this opening: the family's key, a space, and the key of the
/// family with its first variation, "Sicilian_Defense Sicilian_Defense_Najdorf_Variation" ("Scotch_Game
/// Scotch_Game_Other_variations" for a name without a variation); empty for an unnamed opening. Lichess tags only
/// puzzles that start before move kOpeningTagsBeforeMove.
std::string openingTags(std::string_view name);
inline constexpr int kOpeningTagsBeforeMove = 20;

/// OpeningTags read back for people: "Sicilian Defense: Old Sicilian" for "Sicilian_Defense
/// Sicilian_Defense_Old_Sicilian", the family alone for its Other_variations; tags in another form (some sources
/// write "King's Gambit Accepted") are shown with spaces for '_'. Empty for empty tags.
std::string openingTagsLabel(std::string_view tags);

}  // namespace kibitz::chess
