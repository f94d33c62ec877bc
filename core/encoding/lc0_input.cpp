// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/encoding/lc0_input.h"

#include <cstdlib>
#include <cstring>

namespace kibitz::encoding {

using namespace chess;

namespace {

int pieceIndex(Piece p) { return int(colorOf(p)) * 6 + int(typeOf(p)) - 1; }

/// The board as 64 squares, to take moves back on.
struct Mailbox {
    std::array<Piece, 64> sq{};
    static Mailbox of(const Position& pos) {
        Mailbox m;
        for (int s = 0; s < 64; ++s) m.sq[std::size_t(s)] = pos.pieceOn(Square(s));
        return m;
    }
    Lc0Board board(bool repeated) const {
        Lc0Board b;
        for (int s = 0; s < 64; ++s)
            if (sq[std::size_t(s)] != NoPiece) b.pieces[std::size_t(pieceIndex(sq[std::size_t(s)]))] |= bb(Square(s));
        b.repeated = repeated;
        return b;
    }
    /// Takes back `h`, played by `mover`. False when the board does not fit the move (inconsistent history).
    bool unmake(const HistoryPly& h, Color mover) {
        if (h.piece == 0 || h.from > 63 || h.to > 63) return false;
        const Square from = Square(h.from), to = Square(h.to);
        const Piece moved = sq[to];
        if (moved == NoPiece || colorOf(moved) != mover) return false;
        const Color them = ~mover;
        if (h.flags & kPlyCastling) {
            // King from -> to (e1g1 / e1c1); the rook stands beside the king, on the side it came from.
            const bool kingSide = fileOf(to) > fileOf(from);
            const Square rookNow = makeSquare(kingSide ? fileOf(to) - 1 : fileOf(to) + 1, rankOf(to));
            const Square rookHome = makeSquare(kingSide ? 7 : 0, rankOf(to));
            sq[to] = NoPiece;
            sq[from] = makePiece(mover, King);
            sq[rookNow] = NoPiece;
            sq[rookHome] = makePiece(mover, Rook);
            return true;
        }
        sq[from] = makePiece(mover, PieceType(h.piece));  // a promotion puts the pawn back
        sq[to] = NoPiece;
        if (h.flags & kPlyEnPassant) {
            sq[makeSquare(fileOf(to), rankOf(from))] = makePiece(them, Pawn);
        } else if (h.captured != 0) {
            if (h.captured > King) return false;
            sq[to] = makePiece(them, PieceType(h.captured));
        }
        return true;
    }
};

constexpr int kQueenDirs[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
constexpr int kKnightDirs[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
/// Promotion planes: for each of the three directions (towards the a-file, straight, towards the h-file), rook,
/// bishop, queen. A knight promotion uses the plain move's plane (lc0's move encoding).
constexpr int kFirstPromotionPlane = 64;
constexpr int kQueenMovePlanes = 56;

}  // namespace

Lc0History lc0History(const Position& pos, const RecentMoves* recent) {
    Lc0History h;
    Mailbox box = Mailbox::of(pos);
    h.boards[0] = box.board(pos.historySize() > 0 && pos.isRepetition(2));
    h.count = 1;
    if (recent == nullptr) return h;
    Color mover = ~pos.sideToMove();  // who played the newest recorded move
    const int n = std::min(recent->count, kLc0HistoryPositions - 1);
    for (int i = 0; i < n; ++i) {
        const HistoryPly& ply = recent->plies[std::size_t(i)];
        if (!box.unmake(ply, mover)) break;
        h.boards[std::size_t(h.count)] = box.board((ply.flags & kPlyBeforeRepeated) != 0);
        ++h.count;
        mover = ~mover;
    }
    return h;
}

void encodeLc0Planes(const Position& pos, const Lc0History& history, float* out) {
    std::memset(out, 0, sizeof(float) * std::size_t(kLc0Planes) * 64);
    const Color us = pos.sideToMove();
    const bool flip = us == Black;
    auto setPlane = [&](int plane, Bitboard b) {
        float* p = out + std::size_t(plane) * 64;
        while (b) {
            const int s = __builtin_ctzll(b);
            b &= b - 1;
            p[flip ? (s ^ 56) : s] = 1.0f;
        }
    };
    auto fillPlane = [&](int plane, float v) {
        float* p = out + std::size_t(plane) * 64;
        for (int s = 0; s < 64; ++s) p[s] = v;
    };
    for (int slot = 0; slot < std::min(history.count, kLc0HistoryPositions); ++slot) {
        const Lc0Board& b = history.boards[std::size_t(slot)];
        const int base = slot * 13;
        for (int t = 0; t < 6; ++t) {
            setPlane(base + t, b.pieces[std::size_t(int(us) * 6 + t)]);
            setPlane(base + 6 + t, b.pieces[std::size_t(int(~us) * 6 + t)]);
        }
        if (b.repeated) fillPlane(base + 12, 1.0f);
    }
    const std::uint8_t cr = pos.castlingRights();
    const bool usLong = cr & (us == White ? WhiteQueenSide : BlackQueenSide);
    const bool usShort = cr & (us == White ? WhiteKingSide : BlackKingSide);
    const bool themLong = cr & (us == White ? BlackQueenSide : WhiteQueenSide);
    const bool themShort = cr & (us == White ? BlackKingSide : WhiteKingSide);
    constexpr int kAux = 13 * kLc0HistoryPositions;
    if (usLong) fillPlane(kAux + 0, 1.0f);
    if (usShort) fillPlane(kAux + 1, 1.0f);
    if (themLong) fillPlane(kAux + 2, 1.0f);
    if (themShort) fillPlane(kAux + 3, 1.0f);
    if (us == Black) fillPlane(kAux + 4, 1.0f);
    fillPlane(kAux + 5, float(pos.halfmoveClock()));
    fillPlane(kAux + 7, 1.0f);
}

int lc0PolicyIndex(const Position& pos, Move move) {
    const bool flip = pos.sideToMove() == Black;
    Square from = move.from(), to = move.to();
    if (move.isCastling()) to = makeSquare(fileOf(to) > fileOf(from) ? 7 : 0, rankOf(from));  // king takes rook
    if (flip) {
        from = flipRank(from);
        to = flipRank(to);
    }
    const int df = fileOf(to) - fileOf(from), dr = rankOf(to) - rankOf(from);
    if (move.isPromotion() && move.promotion() != Knight) {
        const int promo = move.promotion() == Rook ? 0 : move.promotion() == Bishop ? 1 : 2;
        return (kFirstPromotionPlane + (df + 1) * 3 + promo) * 64 + int(from);
    }
    for (int k = 0; k < 8; ++k)
        if (kKnightDirs[k][0] == df && kKnightDirs[k][1] == dr) return (kQueenMovePlanes + k) * 64 + int(from);
    const int dist = std::max(std::abs(df), std::abs(dr));
    const int sx = (df > 0) - (df < 0), sy = (dr > 0) - (dr < 0);
    for (int d = 0; d < 8; ++d)
        if (kQueenDirs[d][0] == sx && kQueenDirs[d][1] == sy) return (d * 7 + dist - 1) * 64 + int(from);
    return -1;  // not a chess move shape (cannot happen for a legal move)
}

}  // namespace kibitz::encoding
