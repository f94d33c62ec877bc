// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/notation.h"

#include "core/chess/bitboard.h"

namespace kibitz::chess {

namespace {

constexpr char kPieceLetter[7] = {'?', 'P', 'N', 'B', 'R', 'Q', 'K'};

PieceType pieceFromLetter(char c) {
    switch (c) {
        case 'N': return Knight;
        case 'B': return Bishop;
        case 'R': return Rook;
        case 'Q': return Queen;
        case 'K': return King;
        default: return NoPieceType;
    }
}

PieceType promoFromChar(char c) {
    switch (c) {
        case 'N':
        case 'n': return Knight;
        case 'B':
        case 'b': return Bishop;
        case 'R':
        case 'r': return Rook;
        case 'Q':
        case 'q': return Queen;
        default: return NoPieceType;
    }
}

Error sanError(std::string_view text, const std::string& why) {
    return makeError(ErrorCode::InvalidInput, "SAN '" + std::string(text) + "': " + why);
}

}  // namespace

std::string squareName(Square s) {
    if (s >= NoSquare) return "-";
    return {char('a' + fileOf(s)), char('1' + rankOf(s))};
}

Square parseSquare(std::string_view t) {
    if (t.size() != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8') return NoSquare;
    return makeSquare(t[0] - 'a', t[1] - '1');
}

std::string toUci(Move m) {
    if (m.isNone()) return "0000";
    std::string s = squareName(m.from()) + squareName(m.to());
    if (m.isPromotion()) s += "nbrq"[m.promotion() - Knight];
    return s;
}

Result<Move> parseUci(const Position& pos, std::string_view text) {
    auto bad = [&](const std::string& why) {
        return makeError(ErrorCode::InvalidInput, "UCI move '" + std::string(text) + "': " + why);
    };
    if (text.size() != 4 && text.size() != 5) return bad("expected 4 or 5 characters like e2e4 or e7e8q");
    Square from = parseSquare(text.substr(0, 2));
    Square to = parseSquare(text.substr(2, 2));
    if (from == NoSquare || to == NoSquare) return bad("not a square pair");
    PieceType promo = NoPieceType;
    if (text.size() == 5) {
        promo = promoFromChar(text[4]);
        if (promo == NoPieceType) return bad("invalid promotion piece");
    }
    // King-takes-own-rook castling notation (e1h1) maps to the standard king move (e1g1).
    const Piece pc = pos.pieceOn(from);
    if (typeOf(pc) == King && pos.pieceOn(to) == makePiece(pos.sideToMove(), Rook) && rankOf(from) == rankOf(to))
        to = to > from ? Square(from + 2) : Square(from - 2);
    for (Move m : pos.legalMoves()) {
        if (m.from() != from || m.to() != to) continue;
        if (m.isPromotion() != (promo != NoPieceType)) continue;
        if (m.isPromotion() && m.promotion() != promo) continue;
        return m;
    }
    if (typeOf(pc) == Pawn && promo == NoPieceType && (rankOf(to) == 0 || rankOf(to) == 7))
        return bad("promotion piece missing");
    return bad("not a legal move in this position");
}

std::string toSan(const Position& pos, Move m) {
    assert(pos.isLegal(m));
    std::string san;
    san.reserve(8);
    const Piece pc = pos.pieceOn(m.from());
    const PieceType pt = typeOf(pc);
    if (m.isCastling()) {
        san = m.to() > m.from() ? "O-O" : "O-O-O";
    } else if (pt == Pawn) {
        if (pos.isCapture(m)) {
            san += char('a' + fileOf(m.from()));
            san += 'x';
        }
        san += squareName(m.to());
        if (m.isPromotion()) {
            san += '=';
            san += kPieceLetter[m.promotion()];
        }
    } else {
        san += kPieceLetter[pt];
        // Disambiguate against other pieces of the same kind that can legally reach the same square.
        bool others = false, sameFile = false, sameRank = false;
        for (Move o : pos.legalMoves()) {
            if (o == m || o.to() != m.to() || o.from() == m.from() || pos.pieceOn(o.from()) != pc) continue;
            others = true;
            sameFile |= fileOf(o.from()) == fileOf(m.from());
            sameRank |= rankOf(o.from()) == rankOf(m.from());
        }
        if (others) {
            if (!sameFile)
                san += char('a' + fileOf(m.from()));
            else if (!sameRank)
                san += char('1' + rankOf(m.from()));
            else
                san += squareName(m.from());
        }
        if (pos.isCapture(m)) san += 'x';
        san += squareName(m.to());
    }
    Position after = pos.snapshot();
    after.makeMove(m);
    if (after.inCheck()) san += after.countLegalMoves() == 0 ? '#' : '+';
    return san;
}

Result<Move> parseSan(const Position& pos, std::string_view text) {
    std::string_view s = text;
    // Trailing check/mate marks and annotation glyphs.
    while (!s.empty() && (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?')) s.remove_suffix(1);
    if (s.size() >= 4 && s.substr(s.size() - 4) == "e.p.") {
        s.remove_suffix(4);
        while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    }
    if (s.empty()) return sanError(text, "empty move");

    if (s == "O-O" || s == "0-0" || s == "O-O-O" || s == "0-0-0") {
        const bool kingSide = s.size() == 3;
        const Square k = pos.kingSquare(pos.sideToMove());
        for (Move m : pos.legalMoves())
            if (m.isCastling() && m.from() == k && (m.to() > m.from()) == kingSide) return m;
        return sanError(text, std::string("castling ") + (kingSide ? "king" : "queen") + "side is not legal here");
    }

    PieceType pt = Pawn;
    std::size_t i = 0;
    if (PieceType p = pieceFromLetter(s[0]); p != NoPieceType) {
        pt = p;
        i = 1;
    }
    // Promotion suffix: "=Q" or "Q" (also lowercase for the letter after '=' or after a rank-8/1 square).
    PieceType promo = NoPieceType;
    if (pt == Pawn && s.size() >= 3) {
        PieceType last = promoFromChar(s.back());
        if (last != NoPieceType && (s[s.size() - 2] == '=' || (s[s.size() - 2] >= '1' && s[s.size() - 2] <= '8'))) {
            promo = last;
            s.remove_suffix(1);
            if (!s.empty() && s.back() == '=') s.remove_suffix(1);
        }
    }
    if (s.size() < i + 2) return sanError(text, "no destination square");
    const Square to = parseSquare(s.substr(s.size() - 2));
    if (to == NoSquare) return sanError(text, "no destination square");
    std::string_view mid = s.substr(i, s.size() - 2 - i);
    int fromFile = -1, fromRank = -1;
    bool capture = false;
    for (char c : mid) {
        if (c >= 'a' && c <= 'h' && fromFile < 0 && !capture)
            fromFile = c - 'a';
        else if (c >= '1' && c <= '8' && fromRank < 0 && !capture)
            fromRank = c - '1';
        else if ((c == 'x' || c == ':') && !capture)
            capture = true;
        else if (c == '-' && !capture)
            continue;  // long algebraic "e2-e4" / "Ng1-f3"
        else
            return sanError(text, std::string("unexpected character '") + c + "'");
    }
    if (pt == Pawn && capture && fromFile < 0) return sanError(text, "pawn capture without a file");

    Move found;
    int matches = 0;
    const Color us = pos.sideToMove();
    for (Move m : pos.legalMoves()) {
        if (m.to() != to || pos.pieceOn(m.from()) != makePiece(us, pt)) continue;
        if (fromFile >= 0 && fileOf(m.from()) != fromFile) continue;
        // A pawn move written without a file ("e5") is a push, never a capture.
        if (pt == Pawn && fromFile < 0 && fileOf(m.from()) != fileOf(to)) continue;
        if (fromRank >= 0 && rankOf(m.from()) != fromRank) continue;
        if (m.isPromotion()) {
            if (promo == NoPieceType || m.promotion() != promo) continue;
        } else if (promo != NoPieceType) {
            continue;
        }
        if (m.isCastling()) continue;  // castling is only written as O-O / O-O-O
        found = m;
        ++matches;
    }
    if (matches == 1) return found;
    if (matches > 1) return sanError(text, "ambiguous: " + std::to_string(matches) + " legal moves match");
    if (pt == Pawn && promo == NoPieceType && (rankOf(to) == 0 || rankOf(to) == 7))
        return sanError(text, "promotion piece missing");
    return sanError(text, "no legal move matches in this position");
}

}  // namespace kibitz::chess
