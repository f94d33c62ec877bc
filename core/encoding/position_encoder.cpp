// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/encoding/position_encoder.h"

namespace kibitz::encoding {

using namespace chess;

bool encodePosition(const Position& pos, const Conditioning& cond, BoardView view, Move played, EncodedPosition& out) {
    return encodePosition(pos, pos.legalMoves(), cond, view, played, out);
}

bool encodePosition(const Position& pos, const MoveList& legal, const Conditioning& cond, BoardView view, Move played,
                    EncodedPosition& out) {
    const Color stm = pos.sideToMove();
    const bool mover = view == BoardView::Mover;
    if (legal.empty() || legal.size() > kMaxLegalMoves) return false;

    // Token index of the piece on each (real) square; the move head is read off the moving piece's token.
    std::array<std::int8_t, 64> tokenOf;
    tokenOf.fill(-1);
    int n = 0;
    Bitboard occ = pos.pieces();
    while (occ) {
        const Square s = Square(__builtin_ctzll(occ));
        occ &= occ - 1;
        if (n >= kMaxPieceTokens) return false;
        const Piece p = pos.pieceOn(s);
        const int color = mover ? int(colorOf(p) != stm) : int(colorOf(p));
        const Square vs = viewSquare(s, view, stm);
        out.pieceCode[n] = std::uint16_t((color * 6 + int(typeOf(p)) - 1) * 64 + vs);
        tokenOf[s] = std::int8_t(n);
        ++n;
    }
    out.numPieces = std::uint8_t(n);
    out.sideToMove = std::uint8_t(stm);

    const std::uint8_t cr = pos.castlingRights();
    if (mover && stm == Black) {
        // Own rights first: Black's rights move to the low bits.
        out.castling = std::uint8_t(((cr >> 2) & 3) | ((cr & 3) << 2));
    } else {
        out.castling = cr;
    }
    // The ep square only matters when a capture is possible; the legal list already tells the model which, so the
    // file is enough (the rank follows from the side to move).
    out.epFile = pos.epSquare() == NoSquare ? std::uint8_t(kNoEpFile) : std::uint8_t(fileOf(pos.epSquare()));

    out.target = -1;
    out.numLegal = std::uint8_t(legal.size());
    for (int i = 0; i < legal.size(); ++i) {
        const Move m = legal[i];
        const int tok = tokenOf[m.from()];
        const Square to = viewSquare(m.to(), view, stm);
        int promo = 0;
        if (m.isPromotion()) promo = int(m.promotion()) - int(Knight) + 1;
        out.legal[i] = std::uint16_t((tok * kHeadOutputsPerToken + int(to)) | (promo << 12));
        if (m == played) out.target = std::int16_t(i);
    }
    out.cond = cond;
    return true;
}

}  // namespace kibitz::encoding
