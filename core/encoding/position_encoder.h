// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/encoding/conditioning.h"

#include <array>
#include <cstdint>

namespace kibitz::encoding {

/// Encoding version; bump when the meaning of any field below changes (stored in checkpoints and bundles).
inline constexpr int kEncodingVersion = 1;

inline constexpr int kMaxPieceTokens = 32;
/// Upper bound on legal moves (the known maximum is 218).
inline constexpr int kMaxLegalMoves = 224;
/// Piece codes are (colour * 6 + type - 1) * 64 + square, so 0..767; kPadPieceCode marks padding.
inline constexpr int kPieceCodes = 768;
inline constexpr int kPadPieceCode = 768;
/// Per piece token, the move head scores 64 destination squares plus 4 promotion pieces (N, B, R, Q).
inline constexpr int kHeadOutputsPerToken = 68;
/// Non-castling values of the en-passant meta field run 0..7 (file); 8 means none.
inline constexpr int kNoEpFile = 8;

/// How the board is shown to the model.
enum class BoardView : std::uint8_t {
    Absolute = 0,  ///< White at the bottom, colours as they are
    Mover = 1,     ///< board flipped when Black moves; colour 0 is always the side to move
};

/// A position with its legal moves and conditioning, as small integers. Plain data, no allocation,
/// so chunks of millions can be shuffled and copied cheaply. Backend-neutral (no torch).
struct EncodedPosition {
    std::uint8_t numPieces = 0;
    std::uint8_t sideToMove = 0;  ///< actual side to move (0 White, 1 Black), in both views
    std::uint8_t castling = 0;    ///< 4 bits in the view's colours: bit0 own-K, bit1 own-Q, bit2 opp-K, bit3 opp-Q
                                  ///< (Absolute view: bit0 White-K, bit1 White-Q, bit2 Black-K, bit3 Black-Q)
    std::uint8_t epFile = kNoEpFile;
    std::uint8_t numLegal = 0;
    std::int16_t target = -1;  ///< index of the played move in the legal list, -1 if unknown
    std::array<std::uint16_t, kMaxPieceTokens> pieceCode{};
    /// Per legal move (in Position::legalMoves() order): bits 0..11 = token * 68 + destination square (view
    /// coordinates), bits 12..14 = promotion (0 none, 1 N, 2 B, 3 R, 4 Q).
    std::array<std::uint16_t, kMaxLegalMoves> legal{};
    Conditioning cond;
};

/// Move-head index of a legal entry without the promotion bits.
constexpr int legalBaseIndex(std::uint16_t e) { return e & 0x0fff; }
/// Promotion 0..4 of a legal entry.
constexpr int legalPromotion(std::uint16_t e) { return (e >> 12) & 7; }

/// Square as seen in the given view for the given side to move.
constexpr chess::Square viewSquare(chess::Square s, BoardView view, chess::Color stm) {
    return (view == BoardView::Mover && stm == chess::Black) ? chess::flipRank(s) : s;
}

/// Encodes `pos` with its legal moves. `played` (if not none and legal) sets `target`. Returns false (and leaves
/// `out` unusable) if the position has more than 32 pieces or more than kMaxLegalMoves legal moves, which no
/// legal chess position reaches, or no legal moves at all.
bool encodePosition(const chess::Position& pos, const Conditioning& cond, BoardView view, chess::Move played,
                    EncodedPosition& out);
/// Same, with a precomputed legal move list (must be pos.legalMoves()).
bool encodePosition(const chess::Position& pos, const chess::MoveList& legal, const Conditioning& cond, BoardView view,
                    chess::Move played, EncodedPosition& out);

/// Decodes a piece code into colour (view colour), piece type and square (view square).
struct PieceToken {
    int color;
    chess::PieceType type;
    chess::Square square;
};
constexpr PieceToken decodePieceCode(int code) {
    return PieceToken{(code / 64) / 6, chess::PieceType((code / 64) % 6 + 1), chess::Square(code % 64)};
}

}  // namespace kibitz::encoding
