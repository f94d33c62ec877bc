// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/san_match.h"

#include "core/chess/pgn.h"

namespace kibitz::chess {
namespace san {

// Parses SAN without check or annotation suffixes. Lenient about 'x', '-' and a missing '=' before promotion.
bool parseSanParts(std::string_view san, SanParts& out) {
    out = SanParts{};
    if (san == "O-O" || san == "0-0") {
        out.castle = 1;
        return true;
    }
    if (san == "O-O-O" || san == "0-0-0") {
        out.castle = 2;
        return true;
    }
    std::size_t i = 0;
    std::size_t end = san.size();
    if (end < 2) return false;
    switch (san[0]) {
        case 'N':
            out.piece = Knight;
            i = 1;
            break;
        case 'B':
            out.piece = Bishop;
            i = 1;
            break;
        case 'R':
            out.piece = Rook;
            i = 1;
            break;
        case 'Q':
            out.piece = Queen;
            i = 1;
            break;
        case 'K':
            out.piece = King;
            i = 1;
            break;
        case 'P':
            out.piece = Pawn;
            i = 1;
            break;
        default: break;
    }
    if (out.piece == Pawn) {
        const char last = san[end - 1];
        PieceType promo = NoPieceType;
        switch (last) {
            case 'N':
            case 'n': promo = Knight; break;
            case 'B': promo = Bishop; break;
            case 'b': promo = end >= 2 && san[end - 2] == '=' ? Bishop : NoPieceType; break;
            case 'R':
            case 'r': promo = Rook; break;
            case 'Q':
            case 'q': promo = Queen; break;
            default: break;
        }
        if (promo != NoPieceType) {
            out.promo = promo;
            --end;
            if (end > 0 && san[end - 1] == '=') --end;
        }
    }
    if (end < i + 2) return false;
    const char f = san[end - 2];
    const char r = san[end - 1];
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return false;
    out.to = makeSquare(f - 'a', r - '1');
    for (std::size_t k = i; k < end - 2; ++k) {
        const char c = san[k];
        if (c >= 'a' && c <= 'h') {
            if (out.fromFile >= 0) return false;
            out.fromFile = c - 'a';
        } else if (c >= '1' && c <= '8') {
            if (out.fromRank >= 0) return false;
            out.fromRank = c - '1';
        } else if (c != 'x' && c != '-' && c != ':') {
            return false;
        }
    }
    return true;
}

namespace {

// True when the pseudo-legal move from->to does not leave the mover's king attacked. The captured piece (also the
// pawn taken en passant) is masked out of the attackers, and the mover leaves its square, so x-rays are seen.
bool leavesKingSafe(const Position& pos, Square from, Square to, bool enPassant) {
    const Color us = pos.sideToMove();
    Bitboard occ = (pos.pieces() & ~bb(from)) | bb(to);
    Bitboard removed = bb(to);
    if (enPassant) {
        const Square captured = makeSquare(fileOf(to), rankOf(from));
        occ &= ~bb(captured);
        removed |= bb(captured);
    }
    const Square king = typeOf(pos.pieceOn(from)) == King ? to : pos.kingSquare(us);
    return (pos.attackersTo(king, occ, ~us) & ~removed) == 0;
}

// Castling through the full legal move list (two moves a game; not worth a special path).
SanMatch matchCastling(const Position& pos, int side, Move& out) {
    for (const Move m : pos.legalMoves()) {
        if (m.isCastling() && fileOf(m.to()) == (side == 1 ? 6 : 2)) {
            out = m;
            return SanMatch::Found;
        }
    }
    return SanMatch::Illegal;
}

}  // namespace

// Finds the legal move a parsed SAN describes without generating every legal move: candidates come from the
// attack tables (pieces) or the pawn geometry, then each is checked for king safety.
SanMatch matchSanParts(const Position& pos, const SanParts& p, Move& out) {
    if (p.castle) return matchCastling(pos, p.castle, out);
    const Color us = pos.sideToMove();
    const Square to = p.to;
    const Piece target = pos.pieceOn(to);
    if (target != NoPiece && (colorOf(target) == us || typeOf(target) == King)) return SanMatch::Illegal;
    const int lastRank = us == White ? 7 : 0;
    const int forward = us == White ? 8 : -8;
    Move candidates[8];
    int n = 0;
    if (p.piece != Pawn) {
        if (p.promo != NoPieceType) return SanMatch::Illegal;
        Bitboard b = pos.attackersTo(to, pos.pieces(), us) & pos.pieces(us, p.piece);
        while (b && n < 8) {
            const Square from = Square(__builtin_ctzll(b));
            b &= b - 1;
            if (p.fromFile >= 0 && fileOf(from) != p.fromFile) continue;
            if (p.fromRank >= 0 && rankOf(from) != p.fromRank) continue;
            candidates[n++] = Move(from, to);
        }
    } else {
        const bool promotes = rankOf(to) == lastRank;
        if (promotes && p.promo == NoPieceType) return SanMatch::NoPromotion;
        if (!promotes && p.promo != NoPieceType) return SanMatch::Illegal;
        if (p.promo == King || p.promo == Pawn) return SanMatch::Illegal;
        const Piece ourPawn = makePiece(us, Pawn);
        Square from = NoSquare;
        Move::Flag flag = promotes ? Move::Promotion : Move::Normal;
        if (p.fromFile < 0 || p.fromFile == fileOf(to)) {
            // Push: one square, or two from the starting rank over an empty square.
            const int s1 = int(to) - forward;
            if (target == NoPiece && s1 >= 0 && s1 < 64) {
                if (pos.pieceOn(Square(s1)) == ourPawn) {
                    from = Square(s1);
                } else if (pos.pieceOn(Square(s1)) == NoPiece && rankOf(to) == (us == White ? 3 : 4) &&
                           pos.pieceOn(Square(s1 - forward)) == ourPawn) {
                    from = Square(s1 - forward);
                }
            }
        } else if (p.fromFile == fileOf(to) - 1 || p.fromFile == fileOf(to) + 1) {
            const int fromRank = rankOf(to) - (us == White ? 1 : -1);
            if (fromRank >= 0 && fromRank < 8 && pos.pieceOn(makeSquare(p.fromFile, fromRank)) == ourPawn) {
                if (target != NoPiece) {
                    from = makeSquare(p.fromFile, fromRank);
                } else if (to == pos.epSquare()) {
                    from = makeSquare(p.fromFile, fromRank);
                    flag = Move::EnPassant;
                }
            }
        }
        if (from != NoSquare && (p.fromRank < 0 || rankOf(from) == p.fromRank))
            candidates[n++] = flag == Move::Promotion ? Move(from, to, Move::Promotion, p.promo) : Move(from, to, flag);
    }
    int legal = 0;
    for (int i = 0; i < n; ++i) {
        if (leavesKingSafe(pos, candidates[i].from(), to, candidates[i].isEnPassant())) {
            out = candidates[i];
            ++legal;
        }
    }
    if (legal == 1) return SanMatch::Found;
    return legal == 0 ? SanMatch::Illegal : SanMatch::Ambiguous;
}

// SAN token -> SAN without "!?" annotations and without "+#", plus the annotation text.
void splitSanToken(std::string_view token, std::string_view& withCheck, std::string_view& bare,
                   std::string_view& annotation) {
    std::size_t end = token.size();
    while (end > 0 && (token[end - 1] == '!' || token[end - 1] == '?')) --end;
    annotation = token.substr(end);
    withCheck = token.substr(0, end);
    while (end > 0 && (token[end - 1] == '+' || token[end - 1] == '#')) --end;
    bare = token.substr(0, end);
}

}  // namespace san

Result<Move> matchSan(const Position& pos, std::string_view san) {
    std::string_view withCheck;
    std::string_view bare;
    std::string_view annotation;
    san::splitSanToken(san, withCheck, bare, annotation);
    san::SanParts parts;
    if (!san::parseSanParts(bare, parts))
        return makeError(ErrorCode::InvalidInput, "malformed move '" + std::string(san) + "'");
    Move m;
    switch (san::matchSanParts(pos, parts, m)) {
        case san::SanMatch::Found: return m;
        case san::SanMatch::Ambiguous:
            return makeError(ErrorCode::InvalidInput, "ambiguous move '" + std::string(san) + "'");
        case san::SanMatch::NoPromotion:
            return makeError(ErrorCode::InvalidInput, "move '" + std::string(san) + "' lacks the promotion piece");
        case san::SanMatch::Illegal: break;
    }
    return makeError(ErrorCode::InvalidInput, "illegal move '" + std::string(san) + "'");
}

}  // namespace kibitz::chess
