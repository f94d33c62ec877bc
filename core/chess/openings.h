// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The names of a game's first moves, as Lichess names openings: one table for every report that labels games by how
// they began (the player profile's breakdown by opening).

#include <string>
#include <string_view>
#include <vector>

namespace kibitz::chess {

/// An opening's ECO code and name, "B20" and "Sicilian Defense".
struct OpeningName {
    std::string_view eco;
    std::string_view name;
};

/// The name of the opening a game's first moves (SAN, from the standard start, "e4", "c5") begin, as far as
/// `san`'s first two plies go: the name of the longest of those prefixes that has one ("e4 c5": Sicilian Defense;
/// "d4 c6", which has none of its own: Queen's Pawn Game, the name of "d4"). Empty `eco` and `name` when none has
/// one (no moves, or a move no opening starts with).
///
/// The names are those of Lichess's opening table (github.com/lichess-org/chess-openings, CC0 1.0: the public
/// domain), its entries of one and two plies; deeper lines are not named: two plies are what a profile groups
/// games by.
OpeningName openingName(const std::vector<std::string>& san);

}  // namespace kibitz::chess
