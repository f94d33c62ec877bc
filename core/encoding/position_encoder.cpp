// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/encoding/position_encoder.h"

#include "core/chess/bitboard.h"

#include <algorithm>

namespace kibitz::encoding {

using namespace chess;

namespace {

constexpr int kSeeValue[7] = {0, 1, 3, 3, 5, 9, 100};

/// Per-move features of encoding v2 (movefeat bits) for every legal move.
void encodeMoveFeatures(const Position& pos, const MoveList& legal, const RecentMoves* recent, EncodedPosition& out) {
    const Color us = pos.sideToMove();
    const Color them = ~us;
    const Bitboard occ = pos.pieces();
    const bool haveLast = recent != nullptr && recent->count > 0;
    const Square lastTo = haveLast ? Square(recent->plies[0].to) : NoSquare;
    for (int i = 0; i < legal.size(); ++i) {
        const Move m = legal[i];
        const Square from = m.from();
        const PieceType moved = typeOf(pos.pieceOn(from));
        std::uint16_t f = std::uint16_t(int(moved) << movefeat::kMovedShift);
        int captured = 0;
        if (m.isEnPassant())
            captured = Pawn;
        else if (!m.isCastling() && pos.pieceOn(m.to()) != NoPiece)
            captured = typeOf(pos.pieceOn(m.to()));
        f |= std::uint16_t(captured << movefeat::kCapturedShift);
        if (m.isCastling()) f |= movefeat::kCastling;
        if (pos.attackersTo(from, occ, them)) f |= movefeat::kFromAttacked;
        if (pos.attackersTo(from, occ, us)) f |= movefeat::kFromDefended;
        if (captured && m.to() == lastTo) f |= movefeat::kRecapture;

        Position after = pos.snapshot();
        after.makeMove(m);
        if (after.inCheck()) {
            f |= movefeat::kCheck;
            if (after.countLegalMoves() == 0) f |= movefeat::kMate;
        }
        // Castling is stored king-from -> king-to: the king's destination is the square that matters.
        const Square dest = m.to();
        const Bitboard occAfter = after.pieces();
        const bool attacked = after.attackersTo(dest, occAfter, them) != 0;
        if (attacked) f |= movefeat::kDestAttacked;
        if (after.attackersTo(dest, occAfter, us)) f |= movefeat::kDestDefended;
        if (captured || attacked) {
            const int see = staticExchange(pos, m);
            if (see > 0) f |= movefeat::kSeeGain;
            if (see < 0) f |= movefeat::kSeeLoss;
        }
        out.moveFeatures[i] = f;
    }
}

}  // namespace

void RecentMoves::push(const Position& before, Move m) {
    HistoryPly h;
    h.from = std::uint8_t(m.from());
    h.to = std::uint8_t(m.to());
    h.piece = std::uint8_t(typeOf(before.pieceOn(m.from())));
    if (m.isEnPassant())
        h.captured = Pawn;
    else if (!m.isCastling() && before.pieceOn(m.to()) != NoPiece)
        h.captured = std::uint8_t(typeOf(before.pieceOn(m.to())));
    if (m.isEnPassant()) h.flags |= kPlyEnPassant;
    if (m.isCastling()) h.flags |= kPlyCastling;
    if (before.historySize() > 0 && before.isRepetition(2)) h.flags |= kPlyBeforeRepeated;
    for (int i = kRecentPlies - 1; i > 0; --i) plies[std::size_t(i)] = plies[std::size_t(i - 1)];
    plies[0] = h;
    count = std::min(count + 1, kRecentPlies);
}

int staticExchange(const Position& pos, Move m) {
    if (m.isCastling()) return 0;
    const Square from = m.from();
    const Square to = m.to();
    const Color us = pos.sideToMove();
    int gain[40];
    int d = 0;
    Bitboard occ = pos.pieces() ^ bb(from);
    int target = 0;
    if (m.isEnPassant()) {
        target = kSeeValue[Pawn];
        occ ^= bb(makeSquare(fileOf(to), rankOf(from)));
    } else if (pos.pieceOn(to) != NoPiece) {
        target = kSeeValue[typeOf(pos.pieceOn(to))];
    }
    PieceType onSquare = typeOf(pos.pieceOn(from));
    gain[0] = target;
    if (m.isPromotion()) {
        onSquare = m.promotion();
        gain[0] += kSeeValue[onSquare] - kSeeValue[Pawn];
    }
    Color side = ~us;
    for (;;) {
        ++d;
        // What the side to capture wins if it takes the piece now on the square (speculative).
        gain[d] = kSeeValue[onSquare] - gain[d - 1];
        // (No "both options lose" pruning here: it keeps the sign but not the value, and the value is promised.)
        if (d >= 39) break;
        const Bitboard attackers = pos.attackersTo(to, occ, side) & occ;
        if (!attackers) break;
        PieceType next = NoPieceType;
        Bitboard pick = 0;
        for (int pt = Pawn; pt <= King; ++pt) {
            pick = attackers & pos.pieces(PieceType(pt));
            if (pick) {
                next = PieceType(pt);
                break;
            }
        }
        // A king may only capture when the square is no longer attacked.
        if (next == King && (pos.attackersTo(to, occ ^ (pick & -pick), ~side) & occ)) break;
        occ ^= pick & -pick;
        onSquare = next;
        side = ~side;
    }
    while (--d) gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    return gain[0];
}

bool encodePosition(const Position& pos, const Conditioning& cond, BoardView view, Move played, EncodedPosition& out,
                    int version, const RecentMoves* recent) {
    return encodePosition(pos, pos.legalMoves(), cond, view, played, out, version, recent);
}

bool encodePosition(const Position& pos, const MoveList& legal, const Conditioning& cond, BoardView view, Move played,
                    EncodedPosition& out, int version, const RecentMoves* recent) {
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
    out.outcome = -1;
    out.engineCp = kNoEngineCp;
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
    out.version = std::uint8_t(version);
    out.ply = std::uint16_t(std::min(65535, 2 * (pos.fullmoveNumber() - 1) + int(stm)));
    out.numHistory = 0;
    if (version >= 2) {
        if (recent != nullptr) {
            out.numHistory = std::uint8_t(std::min(recent->count, kHistoryPlies));
            for (int i = 0; i < kHistoryPlies; ++i) {
                HistoryPly h = recent->plies[std::size_t(i)];
                if (i < recent->count) {
                    h.from = std::uint8_t(viewSquare(Square(h.from), view, stm));
                    h.to = std::uint8_t(viewSquare(Square(h.to), view, stm));
                    h.flags = 0;
                } else {
                    h = HistoryPly{};
                }
                out.history[std::size_t(i)] = h;
            }
        } else {
            out.history.fill(HistoryPly{});
        }
        encodeMoveFeatures(pos, legal, recent, out);
    } else {
        // Version 1 carries no history or move features: clear what an earlier v2 encoding left in `out`.
        out.history.fill(HistoryPly{});
        out.moveFeatures.fill(0);
    }
    return true;
}

}  // namespace kibitz::encoding
