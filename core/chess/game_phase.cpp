// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/game_phase.h"

#include "core/chess/bitboard.h"

namespace kibitz::chess {

namespace {

constexpr int kEndgamePieces = 6;
constexpr int kOpeningPieces = 10;
constexpr int kOpeningPlies = 30;
constexpr int kDevelopedBackRank = 4;

}  // namespace

GamePhase gamePhase(const Position& pos) {
    const int pieces = popcount(pos.pieces(Knight) | pos.pieces(Bishop) | pos.pieces(Rook) | pos.pieces(Queen));
    if (pieces <= kEndgamePieces) return GamePhase::Endgame;
    const int ply = 2 * (pos.fullmoveNumber() - 1) + (pos.sideToMove() == Black ? 1 : 0);
    // Lichess calls the back rank sparse below 4 pieces: a side has brought its pieces out.
    const bool backRanksFull = popcount(pos.pieces(White) & kRank1) >= kDevelopedBackRank &&
                               popcount(pos.pieces(Black) & kRank8) >= kDevelopedBackRank;
    if (ply < kOpeningPlies && pieces > kOpeningPieces && backRanksFull) return GamePhase::Opening;
    return GamePhase::Middlegame;
}

const char* gamePhaseName(GamePhase phase) {
    switch (phase) {
        case GamePhase::Opening: return "opening";
        case GamePhase::Middlegame: return "middlegame";
        case GamePhase::Endgame: return "endgame";
    }
    return "?";
}

}  // namespace kibitz::chess
