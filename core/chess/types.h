// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace kibitz::chess {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

/// Piece kinds; NoPieceType is 0 so a zero-initialised board is empty.
enum PieceType : std::uint8_t { NoPieceType = 0, Pawn = 1, Knight, Bishop, Rook, Queen, King };

/// Coloured piece: White pieces 1..6, Black pieces 9..14 (colour in bit 3), NoPiece = 0.
// The enum tables read better in rows.
// clang-format off
enum Piece : std::uint8_t {
    NoPiece = 0,
    WPawn = 1, WKnight, WBishop, WRook, WQueen, WKing,
    BPawn = 9, BKnight, BBishop, BRook, BQueen, BKing,
};
constexpr Piece makePiece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType typeOf(Piece p) { return PieceType(p & 7); }
constexpr Color colorOf(Piece p) { return Color(p >> 3); }

/// Squares a1 = 0 ... h8 = 63 (little-endian rank-file mapping).
enum Square : std::uint8_t {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
    NoSquare = 64,
};
// clang-format on
constexpr Square makeSquare(int file, int rank) { return Square(rank * 8 + file); }
constexpr int fileOf(Square s) { return s & 7; }
constexpr int rankOf(Square s) { return s >> 3; }
/// The same square seen from the other side (a1 <-> a8).
constexpr Square flipRank(Square s) { return Square(s ^ 56); }
constexpr Bitboard bb(Square s) { return Bitboard(1) << s; }

/// Castling rights as bit flags.
enum CastlingRights : std::uint8_t {
    NoCastling = 0,
    WhiteKingSide = 1,
    WhiteQueenSide = 2,
    BlackKingSide = 4,
    BlackQueenSide = 8,
    AllCastling = 15,
};

/// A move in 16 bits: from (6) | to (6) | flag (2) | promotion piece (2).
/// Castling is stored as king-from -> king-to (e1g1), as UCI writes it for standard chess.
class Move {
public:
    enum Flag : std::uint16_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

    constexpr Move() = default;
    constexpr Move(Square from, Square to, Flag flag = Normal, PieceType promo = Knight)
        : m_data(std::uint16_t(from | (to << 6) | (flag << 12) | ((promo - Knight) << 14))) {}
    static constexpr Move none() { return Move(); }

    constexpr Square from() const { return Square(m_data & 63); }
    constexpr Square to() const { return Square((m_data >> 6) & 63); }
    constexpr Flag flag() const { return Flag((m_data >> 12) & 3); }
    constexpr bool isPromotion() const { return flag() == Promotion; }
    constexpr bool isCastling() const { return flag() == Castling; }
    constexpr bool isEnPassant() const { return flag() == EnPassant; }
    /// Promotion piece type; meaningful only when isPromotion().
    constexpr PieceType promotion() const { return PieceType(((m_data >> 14) & 3) + Knight); }
    constexpr std::uint16_t raw() const { return m_data; }
    /// The move whose raw() is `data` (for compact files; check legality before playing it).
    static constexpr Move fromRaw(std::uint16_t data) {
        Move m;
        m.m_data = data;
        return m;
    }
    constexpr bool isNone() const { return m_data == 0; }
    constexpr explicit operator bool() const { return m_data != 0; }
    constexpr bool operator==(const Move&) const = default;

private:
    std::uint16_t m_data = 0;
};

/// Fixed-capacity move list (no allocation); 256 exceeds the legal maximum of 218.
struct MoveList {
    Move moves[256];
    int count = 0;
    void push(Move m) { moves[count++] = m; }
    int size() const { return count; }
    bool empty() const { return count == 0; }
    const Move* begin() const { return moves; }
    const Move* end() const { return moves + count; }
    Move operator[](int i) const { return moves[i]; }
    bool contains(Move m) const {
        for (int i = 0; i < count; ++i)
            if (moves[i] == m) return true;
        return false;
    }
};

}  // namespace kibitz::chess
