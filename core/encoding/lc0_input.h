// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/encoding/position_encoder.h"

#include <array>
#include <cstdint>

namespace kibitz::encoding {

/// The input and policy layout of lc0 networks (Leela Chess Zero, and the Maia-1 nets trained with its tools):
/// the "classical" 112 planes of 8x8 and the 80 x 8 x 8 convolution policy.
inline constexpr int kLc0Planes = 112;
inline constexpr int kLc0PolicyPlanes = 80;
inline constexpr int kLc0PolicyOutputs = kLc0PolicyPlanes * 64;
/// Positions the input shows: the current one and the 7 before it.
inline constexpr int kLc0HistoryPositions = 8;

/// One position of the history as the net sees it: the twelve piece sets (white pawn .. king, black pawn .. king)
/// in real squares, and whether the position had occurred before in the game.
struct Lc0Board {
    std::array<chess::Bitboard, 12> pieces{};
    bool repeated = false;
};

/// The boards of the current position and the positions before it (index 0 = now), as far back as known.
struct Lc0History {
    std::array<Lc0Board, kLc0HistoryPositions> boards{};
    int count = 0;  ///< boards known (1..8); slots past the game's start or a FEN are left empty (all zeros)
};

/// The history of `pos` from the moves that led to it (`recent`, newest first; null or empty after a FEN): each
/// move is taken back on a copy of the board. The current position's repetition flag is pos.isRepetition(2) (true
/// only when `pos` carries the moves that led to it), earlier ones come from the recorded flags.
Lc0History lc0History(const chess::Position& pos, const RecentMoves* recent);

/// Writes the 112 input planes (112 x 64 floats, plane-major, square = rank * 8 + file) of `pos` with `history`:
/// per history slot the mover's six piece planes, the opponent's six and a repetition plane (all seen from the side
/// to move: boards mirrored top to bottom when Black moves), then castling (ours O-O-O, ours O-O, theirs O-O-O,
/// theirs O-O), Black to move, the fifty-move counter (raw), zeros and ones.
void encodeLc0Planes(const chess::Position& pos, const Lc0History& history, float* out);

/// Index into the 80 x 64 policy output (plane * 64 + from-square, both from the mover's view) of a legal move of
/// `pos`. lc0's convention: castling is king takes rook, a knight promotion is the plain pawn move and queen, rook
/// and bishop promotions have their own planes.
int lc0PolicyIndex(const chess::Position& pos, chess::Move move);

}  // namespace kibitz::encoding
