// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/common/result.h"

#include <string>
#include <string_view>

namespace kibitz::chess {

/// "e2e4", "e7e8q", castling as king move "e1g1". Move::none() gives "0000".
std::string toUci(Move m);
/// Parses UCI text against a position; the move must be legal. Also accepts "e1h1"-style king-takes-rook castling.
Result<Move> parseUci(const Position& pos, std::string_view text);

/// Standard Algebraic Notation with minimal disambiguation and "+"/"#" suffixes. The move must be legal.
std::string toSan(const Position& pos, Move m);
/// Parses SAN leniently: "O-O"/"0-0", "e8=Q"/"e8Q", optional "x", "+", "#", "!?" annotations.
/// Errors say what was wrong ("no legal move matches", "ambiguous: ...").
Result<Move> parseSan(const Position& pos, std::string_view text);

/// Square name "e4"; NoSquare gives "-".
std::string squareName(Square s);
/// Parses "e4"; returns NoSquare on bad text.
Square parseSquare(std::string_view text);

}  // namespace kibitz::chess
