// SPDX-License-Identifier: GPL-3.0-or-later
// Reading SAN against a position, shared by the PGN reader (which reports each failure with its line) and
// matchSan (pgn.h). Internal to core/chess.
#pragma once

#include "core/chess/position.h"

#include <string_view>

namespace kibitz::chess::san {

/// A SAN move taken apart; `castle` is 1 for O-O, 2 for O-O-O.
struct SanParts {
    PieceType piece = Pawn;
    int fromFile = -1;
    int fromRank = -1;
    Square to = NoSquare;
    PieceType promo = NoPieceType;
    int castle = 0;
};

/// The outcome of looking for the legal move a parsed SAN describes.
enum class SanMatch { Found, Illegal, Ambiguous, NoPromotion };

/// Parses SAN without check or annotation suffixes. Lenient about 'x', '-' and a missing '=' before promotion.
bool parseSanParts(std::string_view san, SanParts& out);

/// Finds the legal move `p` describes without generating every legal move (attack tables and pawn geometry, then
/// each candidate checked for king safety).
SanMatch matchSanParts(const Position& pos, const SanParts& p, Move& out);

/// A SAN token split into: without "!?" annotations (`withCheck`), also without "+#" (`bare`), and the annotation.
void splitSanToken(std::string_view token, std::string_view& withCheck, std::string_view& bare,
                   std::string_view& annotation);

}  // namespace kibitz::chess::san
