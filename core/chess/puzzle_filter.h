// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which puzzles of a file to show: a query a user types ("mateIn2 Sicilian 1200-1600 -long"), read once here for the
// puzzle panel's list and the command line alike.

#include "core/chess/puzzle_csv.h"
#include "core/common/result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kibitz::chess {

/// A parsed puzzle query. A puzzle matches when every word is found in it, no excluded word is, and its Lichess
/// rating lies within the bounds. Letter case aside, a word is found in a puzzle when its id or one of its themes
/// begins with it ("mate" finds mate and mateIn2, "long" finds long and not veryLong) or when it is part of its
/// OpeningTags, written as Lichess writes its keys (chess::openingKey: "King's Gambit" finds "Kings_Gambit",
/// "Grünfeld" finds "Grunfeld_Defense"; tags written with spaces, as some sources do, are read the same). A puzzle
/// without a rating (one from a PGN file, or built on the board) matches no rating bound.
struct PuzzleFilter {
    std::vector<std::string> words;     ///< each must be found (as keys, lower case)
    std::vector<std::string> excluded;  ///< none may be found
    std::optional<int> minRating;       ///< inclusive
    std::optional<int> maxRating;       ///< inclusive

    bool empty() const { return words.empty() && excluded.empty() && !minRating && !maxRating; }
    bool matches(const Puzzle& puzzle) const;
};

/// Reads a query: items separated by spaces, each one of
/// - a word (a theme such as "mateIn2" or "fork", a part of an opening's name such as "Sicilian", a puzzle id);
/// - "a phrase in quotes", one word with its spaces ("\"Kings Gambit\"" finds Kings_Gambit, not every King's
///   Pawn Game with a gambit);
/// - -word or -"a phrase": puzzles where it is found are left out;
/// - a rating range 1200-1600, or a bound >1500, >=1500, <1800, <=1800 (Lichess puzzle ratings, 0 to 4000).
/// An empty query matches every puzzle. Fails naming the item: "'1800-1200': the lower rating comes first".
Result<PuzzleFilter> parsePuzzleFilter(std::string_view query);

}  // namespace kibitz::chess
