// SPDX-License-Identifier: GPL-3.0-or-later
// Legal move generation with check and pin masks, so no move has to be made to be tested (except en passant,
// which is rare enough to verify by occupancy simulation). The same template counts moves without storing them,
// which is what perft's bulk counting at the last ply uses.
#include "core/chess/bitboard.h"
#include "core/chess/position.h"

namespace kibitz::chess {

class MoveGen {
public:
    template <bool CountOnly>
    static int generate(const Position& pos, MoveList* list);
};

namespace {

template <Color Us>
constexpr Bitboard shiftUp(Bitboard b) {
    return Us == White ? b << 8 : b >> 8;
}
template <Color Us>
constexpr Bitboard shiftUpLeft(Bitboard b) {  // towards the a-file
    return Us == White ? (b & ~kFileA) << 7 : (b & ~kFileA) >> 9;
}
template <Color Us>
constexpr Bitboard shiftUpRight(Bitboard b) {  // towards the h-file
    return Us == White ? (b & ~kFileH) << 9 : (b & ~kFileH) >> 7;
}

template <bool CountOnly>
inline void emitTargets(MoveList* list, int& n, Square from, Bitboard targets) {
    if constexpr (CountOnly) {
        n += popcount(targets);
    } else {
        while (targets) list->push(Move(from, popLsb(targets)));
    }
}

template <bool CountOnly>
inline void emitPawnSet(MoveList* list, int& n, Bitboard targets, int delta, Bitboard promoRank) {
    Bitboard promos = targets & promoRank;
    Bitboard quiet = targets & ~promoRank;
    if constexpr (CountOnly) {
        n += popcount(quiet) + 4 * popcount(promos);
    } else {
        while (quiet) {
            Square to = popLsb(quiet);
            list->push(Move(Square(to - delta), to));
        }
        while (promos) {
            Square to = popLsb(promos);
            Square from = Square(to - delta);
            for (PieceType pt : {Queen, Rook, Bishop, Knight}) list->push(Move(from, to, Move::Promotion, pt));
        }
    }
}

/// What every piece's moves depend on: the occupancy, our king, the squares that answer a check, our pinned pieces.
struct MoveContext {
    Bitboard ours, theirs, occ;
    Square ksq;
    Bitboard checkers;
    Bitboard checkMask;  // every square when not in check
    Bitboard pinned;
};

/// Our single pieces between our king and an enemy slider aligned with it.
template <Color Us>
Bitboard pinnedPieces(const Position& pos, Square ksq, Bitboard ours, Bitboard theirs) {
    constexpr Color Them = ~Us;
    const Bitboard occ = ours | theirs;
    Bitboard pinned = 0;
    Bitboard snipers = ((attacks::rook(ksq, theirs) & (pos.pieces(Them, Rook) | pos.pieces(Them, Queen))) |
                        (attacks::bishop(ksq, theirs) & (pos.pieces(Them, Bishop) | pos.pieces(Them, Queen))));
    while (snipers) {
        Square s = popLsb(snipers);
        Bitboard b = attacks::between(ksq, s) & occ;
        if (b && !moreThanOne(b) && (b & ours)) pinned |= b;
    }
    return pinned;
}

/// King moves: the destination must not be attacked once the king has left its square (x-ray through it).
template <Color Us, bool CountOnly>
void generateKingMoves(const Position& pos, const MoveContext& c, MoveList* list, int& n) {
    Bitboard targets = attacks::king(c.ksq) & ~c.ours;
    const Bitboard occNoKing = c.occ ^ bb(c.ksq);
    Bitboard legal = 0;
    while (targets) {
        Square to = popLsb(targets);
        if (!pos.attackersTo(to, occNoKing, ~Us)) legal |= bb(to);
    }
    emitTargets<CountOnly>(list, n, c.ksq, legal);
}

/// Knights (a pinned knight can never move) and sliders (a pinned one moves along its pin line).
template <Color Us, bool CountOnly>
void generatePieceMoves(const Position& pos, const MoveContext& c, MoveList* list, int& n) {
    const Bitboard targetMask = ~c.ours & c.checkMask;
    Bitboard knights = pos.pieces(Us, Knight) & ~c.pinned;
    while (knights) {
        Square from = popLsb(knights);
        emitTargets<CountOnly>(list, n, from, attacks::knight(from) & targetMask);
    }
    Bitboard diag = (pos.pieces(Us, Bishop) | pos.pieces(Us, Queen));
    while (diag) {
        Square from = popLsb(diag);
        Bitboard t = attacks::bishop(from, c.occ) & targetMask;
        if (c.pinned & bb(from)) t &= attacks::line(c.ksq, from);
        emitTargets<CountOnly>(list, n, from, t);
    }
    Bitboard orth = (pos.pieces(Us, Rook) | pos.pieces(Us, Queen));
    while (orth) {
        Square from = popLsb(orth);
        Bitboard t = attacks::rook(from, c.occ) & targetMask;
        if (c.pinned & bb(from)) t &= attacks::line(c.ksq, from);
        emitTargets<CountOnly>(list, n, from, t);
    }
}

/// Pinned pawns move only along their pin line.
template <Color Us, bool CountOnly>
void generatePinnedPawnMoves(const Position& pos, const MoveContext& c, MoveList* list, int& n) {
    constexpr Bitboard Rank3 = Us == White ? kRank3 : kRank6;
    constexpr Bitboard PromoRank = Us == White ? kRank8 : kRank1;
    const Bitboard empty = ~c.occ;
    Bitboard pinnedPawns = pos.pieces(Us, Pawn) & c.pinned;
    while (pinnedPawns) {
        Square from = popLsb(pinnedPawns);
        const Bitboard pinLine = attacks::line(c.ksq, from);
        Bitboard t = 0;
        Bitboard one = shiftUp<Us>(bb(from)) & empty;
        t |= one;
        t |= shiftUp<Us>(one & Rank3) & empty;
        t |= attacks::pawn(Us, from) & c.theirs;
        t &= pinLine & c.checkMask;
        Bitboard promos = t & PromoRank;
        Bitboard quiet = t & ~PromoRank;
        if constexpr (CountOnly) {
            n += popcount(quiet) + 4 * popcount(promos);
        } else {
            while (quiet) list->push(Move(from, popLsb(quiet)));
            while (promos) {
                Square to = popLsb(promos);
                for (PieceType pt : {Queen, Rook, Bishop, Knight}) list->push(Move(from, to, Move::Promotion, pt));
            }
        }
    }
}

/// En passant: verified by simulating the occupancy (covers the horizontal pin of both pawns).
template <Color Us, bool CountOnly>
void generateEnPassant(const Position& pos, const MoveContext& c, MoveList* list, int& n) {
    constexpr int Up = Us == White ? 8 : -8;
    const Square ep = pos.epSquare();
    if (ep == NoSquare) return;
    const Square capSq = Square(ep - Up);
    Bitboard capturers = attacks::pawn(~Us, ep) & pos.pieces(Us, Pawn);
    while (capturers) {
        Square from = popLsb(capturers);
        Bitboard occAfter = (c.occ ^ bb(from) ^ bb(capSq)) | bb(ep);
        Bitboard attackers = pos.attackersTo(c.ksq, occAfter, ~Us) & ~bb(capSq);
        if (!attackers) {
            if constexpr (CountOnly)
                ++n;
            else
                list->push(Move(from, ep, Move::EnPassant));
        }
    }
}

/// Pawns: unpinned ones set-wise, then the pinned ones and en passant.
template <Color Us, bool CountOnly>
void generatePawnMoves(const Position& pos, const MoveContext& c, MoveList* list, int& n) {
    constexpr int Up = Us == White ? 8 : -8;
    constexpr Bitboard Rank3 = Us == White ? kRank3 : kRank6;
    constexpr Bitboard PromoRank = Us == White ? kRank8 : kRank1;
    const Bitboard free = pos.pieces(Us, Pawn) & ~c.pinned;
    const Bitboard empty = ~c.occ;
    Bitboard single = shiftUp<Us>(free) & empty;
    Bitboard dbl = shiftUp<Us>(single & Rank3) & empty & c.checkMask;
    single &= c.checkMask;
    Bitboard capL = shiftUpLeft<Us>(free) & c.theirs & c.checkMask;
    Bitboard capR = shiftUpRight<Us>(free) & c.theirs & c.checkMask;
    emitPawnSet<CountOnly>(list, n, single, Up, PromoRank);
    emitPawnSet<CountOnly>(list, n, capL, Up - 1, PromoRank);
    emitPawnSet<CountOnly>(list, n, capR, Up + 1, PromoRank);
    if constexpr (CountOnly) {
        n += popcount(dbl);
    } else {
        while (dbl) {
            Square to = popLsb(dbl);
            list->push(Move(Square(to - 2 * Up), to));
        }
    }
    generatePinnedPawnMoves<Us, CountOnly>(pos, c, list, n);
    generateEnPassant<Us, CountOnly>(pos, c, list, n);
}

/// Castling: not out of check, path empty, king does not pass through or land on an attacked square.
template <Color Us, bool CountOnly>
void generateCastling(const Position& pos, const MoveContext& c, MoveList* list, int& n) {
    constexpr Color Them = ~Us;
    if (c.checkers) return;
    const std::uint8_t rights = pos.castlingRights();
    constexpr std::uint8_t KingSide = Us == White ? WhiteKingSide : BlackKingSide;
    constexpr std::uint8_t QueenSide = Us == White ? WhiteQueenSide : BlackQueenSide;
    const Bitboard occ = c.occ;
    if (rights & KingSide) {
        constexpr Square f = Us == White ? F1 : F8, g = Us == White ? G1 : G8;
        if (!(occ & (bb(f) | bb(g))) && !pos.attackersTo(f, occ, Them) && !pos.attackersTo(g, occ, Them)) {
            if constexpr (CountOnly)
                ++n;
            else
                list->push(Move(c.ksq, g, Move::Castling));
        }
    }
    if (rights & QueenSide) {
        constexpr Square d = Us == White ? D1 : D8, cc = Us == White ? C1 : C8, b = Us == White ? B1 : B8;
        if (!(occ & (bb(d) | bb(cc) | bb(b))) && !pos.attackersTo(d, occ, Them) && !pos.attackersTo(cc, occ, Them)) {
            if constexpr (CountOnly)
                ++n;
            else
                list->push(Move(c.ksq, cc, Move::Castling));
        }
    }
}

template <Color Us, bool CountOnly>
int generateFor(const Position& pos, MoveList* list) {
    MoveContext c;
    c.ours = pos.pieces(Us);
    c.theirs = pos.pieces(~Us);
    c.occ = c.ours | c.theirs;
    c.ksq = pos.kingSquare(Us);
    c.checkers = pos.checkers();
    int n = 0;
    generateKingMoves<Us, CountOnly>(pos, c, list, n);
    if (moreThanOne(c.checkers)) return n;
    c.checkMask = c.checkers ? (attacks::between(c.ksq, lsb(c.checkers)) | c.checkers) : ~Bitboard(0);
    c.pinned = pinnedPieces<Us>(pos, c.ksq, c.ours, c.theirs);
    generatePieceMoves<Us, CountOnly>(pos, c, list, n);
    generatePawnMoves<Us, CountOnly>(pos, c, list, n);
    generateCastling<Us, CountOnly>(pos, c, list, n);
    return n;
}

}  // namespace

template <bool CountOnly>
int MoveGen::generate(const Position& pos, MoveList* list) {
    return pos.sideToMove() == White ? generateFor<White, CountOnly>(pos, list)
                                     : generateFor<Black, CountOnly>(pos, list);
}

MoveList Position::legalMoves() const {
    MoveList list;
    MoveGen::generate<false>(*this, &list);
    return list;
}

int Position::countLegalMoves() const { return MoveGen::generate<true>(*this, nullptr); }

bool Position::isLegal(Move m) const {
    if (m.isNone()) return false;
    return legalMoves().contains(m);
}

}  // namespace kibitz::chess
