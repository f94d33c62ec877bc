// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/position.h"

#include "core/chess/bitboard.h"
#include "core/chess/notation.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace kibitz::chess {

namespace {

// Castling rights that survive a move touching each square (king or rook leaving, rook captured).
struct CastlingMask {
    std::uint8_t keep[64];
    constexpr CastlingMask() : keep() {
        for (auto& k : keep) k = AllCastling;
        keep[E1] = std::uint8_t(AllCastling & ~(WhiteKingSide | WhiteQueenSide));
        keep[H1] = std::uint8_t(AllCastling & ~WhiteKingSide);
        keep[A1] = std::uint8_t(AllCastling & ~WhiteQueenSide);
        keep[E8] = std::uint8_t(AllCastling & ~(BlackKingSide | BlackQueenSide));
        keep[H8] = std::uint8_t(AllCastling & ~BlackKingSide);
        keep[A8] = std::uint8_t(AllCastling & ~BlackQueenSide);
    }
};
constexpr CastlingMask kCastlingMask;

constexpr std::string_view kPieceChars = " PNBRQK  pnbrqk";

std::string fieldError(int field, std::string_view name, const std::string& what) {
    return "FEN field " + std::to_string(field) + " (" + std::string(name) + "): " + what;
}

}  // namespace

Position::Position() {
    auto p = fromFen(kStartFen);
    assert(p.ok());
    *this = std::move(p.value());
}

void Position::clear() {
    attacks::init();
    std::memset(m_byColor, 0, sizeof(m_byColor));
    std::memset(m_byType, 0, sizeof(m_byType));
    std::memset(m_board, 0, sizeof(m_board));
    m_kingSq[White] = m_kingSq[Black] = NoSquare;
    m_side = White;
    m_gamePly = 0;
    m_st = State{};
    m_history.clear();
}

void Position::putPiece(Piece p, Square s) {
    m_board[s] = p;
    m_byColor[colorOf(p)] |= bb(s);
    m_byType[typeOf(p)] |= bb(s);
}

void Position::removePiece(Square s) {
    Piece p = m_board[s];
    m_byColor[colorOf(p)] ^= bb(s);
    m_byType[typeOf(p)] ^= bb(s);
    m_board[s] = NoPiece;
}

void Position::movePiece(Square from, Square to) {
    Piece p = m_board[from];
    Bitboard fromTo = bb(from) | bb(to);
    m_byColor[colorOf(p)] ^= fromTo;
    m_byType[typeOf(p)] ^= fromTo;
    m_board[from] = NoPiece;
    m_board[to] = p;
}

Bitboard Position::attackersTo(Square s, Bitboard occ, Color by) const {
    return ((attacks::pawn(~by, s) & m_byType[Pawn]) | (attacks::knight(s) & m_byType[Knight]) |
            (attacks::king(s) & m_byType[King]) | (attacks::bishop(s, occ) & (m_byType[Bishop] | m_byType[Queen])) |
            (attacks::rook(s, occ) & (m_byType[Rook] | m_byType[Queen]))) &
           m_byColor[by];
}

void Position::setCheckers() { m_st.checkers = attackersTo(m_kingSq[m_side], pieces(), ~m_side); }

Key Position::computeKey() const {
    Key k = 0;
    for (int s = 0; s < 64; ++s)
        if (m_board[s] != NoPiece) k ^= zobrist::kPiece[m_board[s]][s];
    k ^= zobrist::kCastling[m_st.castling];
    if (m_st.ep != NoSquare) k ^= zobrist::kEpFile[fileOf(m_st.ep)];
    if (m_side == Black) k ^= zobrist::kSide;
    return k;
}

/// FEN field 1: the pieces, rank 8 first, then the material checks.
Status Position::parsePlacement(std::string_view placement) {
    int rank = 7, file = 0;
    for (char c : placement) {
        if (c == '/') {
            if (file != 8)
                return makeError(ErrorCode::InvalidInput,
                                 fieldError(1, "placement",
                                            "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                                                " squares, expected 8"));
            if (rank == 0) return makeError(ErrorCode::InvalidInput, fieldError(1, "placement", "more than 8 ranks"));
            --rank;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8)
                return makeError(
                    ErrorCode::InvalidInput,
                    fieldError(1, "placement", "rank " + std::to_string(rank + 1) + " has more than 8 squares"));
        } else {
            auto idx = kPieceChars.find(c);
            if (idx == std::string_view::npos || c == ' ')
                return makeError(ErrorCode::InvalidInput,
                                 fieldError(1, "placement", std::string("invalid character '") + c + "'"));
            if (file >= 8)
                return makeError(
                    ErrorCode::InvalidInput,
                    fieldError(1, "placement", "rank " + std::to_string(rank + 1) + " has more than 8 squares"));
            Piece p = Piece(idx);
            Square s = makeSquare(file, rank);
            putPiece(p, s);
            if (typeOf(p) == King) m_kingSq[colorOf(p)] = s;
            ++file;
        }
    }
    if (rank != 0 || file != 8)
        return makeError(ErrorCode::InvalidInput,
                         fieldError(1, "placement",
                                    rank != 0 ? "fewer than 8 ranks"
                                              : "last rank has " + std::to_string(file) + " squares, expected 8"));
    return checkMaterial();
}

/// The material of field 1 a game can reach: one king each, at most 8 pawns and 16 pieces, no more promoted pieces
/// than missing pawns, no pawn on the first or last rank.
Status Position::checkMaterial() const {
    for (Color c : {White, Black}) {
        const char* name = c == White ? "White" : "Black";
        int kings = popcount(pieces(c, King));
        if (kings != 1)
            return makeError(
                ErrorCode::InvalidInput,
                fieldError(1, "placement", std::string(name) + " has " + std::to_string(kings) + " kings, expected 1"));
        if (popcount(pieces(c, Pawn)) > 8)
            return makeError(ErrorCode::InvalidInput,
                             fieldError(1, "placement", std::string(name) + " has more than 8 pawns"));
        if (popcount(pieces(c)) > 16)
            return makeError(ErrorCode::InvalidInput,
                             fieldError(1, "placement", std::string(name) + " has more than 16 pieces"));
        // Pieces beyond the initial set can only come from promotions, one pawn each.
        const int pawns = popcount(pieces(c, Pawn));
        const int promoted = std::max(0, popcount(pieces(c, Queen)) - 1) + std::max(0, popcount(pieces(c, Rook)) - 2) +
                             std::max(0, popcount(pieces(c, Bishop)) - 2) +
                             std::max(0, popcount(pieces(c, Knight)) - 2);
        if (promoted > 8 - pawns)
            return makeError(
                ErrorCode::InvalidInput,
                fieldError(1, "placement",
                           std::string(name) + " has more pieces than promotions allow (" + std::to_string(promoted) +
                               " beyond the initial set, " + std::to_string(8 - pawns) + " pawns missing)"));
    }
    if (pieces(Pawn) & (kRank1 | kRank8))
        return makeError(ErrorCode::InvalidInput,
                         fieldError(1, "placement", "a pawn stands on the first or last rank"));
    return Status::success();
}

/// FEN field 3: castling rights, each consistent with king and rook on their original squares.
Status Position::parseCastling(std::string_view rights) {
    if (rights == "-") return Status::success();
    for (char c : rights) {
        std::uint8_t right = 0;
        Square king = NoSquare, rook = NoSquare;
        Color color = White;
        switch (c) {
            case 'K':
                right = WhiteKingSide;
                king = E1;
                rook = H1;
                color = White;
                break;
            case 'Q':
                right = WhiteQueenSide;
                king = E1;
                rook = A1;
                color = White;
                break;
            case 'k':
                right = BlackKingSide;
                king = E8;
                rook = H8;
                color = Black;
                break;
            case 'q':
                right = BlackQueenSide;
                king = E8;
                rook = A8;
                color = Black;
                break;
            default:
                return makeError(ErrorCode::InvalidInput,
                                 fieldError(3, "castling",
                                            std::string("invalid character '") + c +
                                                "' (Chess960/Shredder castling is not supported)"));
        }
        if (m_st.castling & right)
            return makeError(ErrorCode::InvalidInput, fieldError(3, "castling", std::string("'") + c + "' repeated"));
        if (m_board[king] != makePiece(color, King) || m_board[rook] != makePiece(color, Rook))
            return makeError(ErrorCode::InvalidInput,
                             fieldError(3, "castling",
                                        std::string("'") + c + "' but the king or rook is not on its original square"));
        m_st.castling |= right;
    }
    return Status::success();
}

/// FEN field 4: the en passant target square, which must follow a double pawn push of the side not to move.
Status Position::parseEnPassant(std::string_view field) {
    if (field == "-") return Status::success();
    Square ep = parseSquare(field);
    if (ep == NoSquare)
        return makeError(ErrorCode::InvalidInput,
                         fieldError(4, "en passant", "'" + std::string(field) + "' is not a square"));
    Color us = m_side;
    int expectedRank = us == White ? 5 : 2;
    if (rankOf(ep) != expectedRank)
        return makeError(ErrorCode::InvalidInput,
                         fieldError(4, "en passant",
                                    "'" + std::string(field) + "' must be on rank " + std::to_string(expectedRank + 1) +
                                        " when " + (us == White ? "White" : "Black") + " is to move"));
    Square pawnSq = us == White ? Square(ep - 8) : Square(ep + 8);
    Square fromSq = us == White ? Square(ep + 8) : Square(ep - 8);
    if (m_board[pawnSq] != makePiece(~us, Pawn) || m_board[ep] != NoPiece || m_board[fromSq] != NoPiece)
        return makeError(
            ErrorCode::InvalidInput,
            fieldError(4, "en passant", "'" + std::string(field) + "' does not follow a double pawn push"));
    m_st.ep = ep;
    return Status::success();
}

/// FEN fields 5 and 6: the halfmove clock and the fullmove number (optional together, as in EPD); `n` of them given.
Status Position::parseCounters(const std::string_view* fields, int n) {
    auto parseInt = [](std::string_view s, int& out) {
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
        return ec == std::errc() && p == s.data() + s.size();
    };
    int halfmove = 0, fullmove = 1;
    if (n >= 1 && (!parseInt(fields[0], halfmove) || halfmove < 0))
        return makeError(
            ErrorCode::InvalidInput,
            fieldError(5, "halfmove clock", "expected a non-negative integer, got '" + std::string(fields[0]) + "'"));
    if (n == 1) return makeError(ErrorCode::InvalidInput, fieldError(6, "fullmove number", "missing"));
    if (n >= 2 && (!parseInt(fields[1], fullmove) || fullmove < 1))
        return makeError(
            ErrorCode::InvalidInput,
            fieldError(6, "fullmove number", "expected a positive integer, got '" + std::string(fields[1]) + "'"));
    // The ply counter is 2 * (fullmove - 1); no real game comes near this bound, and it keeps the ply in range.
    constexpr int MaxFullmove = 1000000;
    if (fullmove > MaxFullmove)
        return makeError(ErrorCode::InvalidInput,
                         fieldError(6, "fullmove number",
                                    "'" + std::string(fields[1]) + "' is larger than " + std::to_string(MaxFullmove)));
    if (halfmove > 255) halfmove = 255;  // the 50-move rule only needs to see 100+; cap to our storage
    m_st.rule50 = std::uint8_t(halfmove);
    m_gamePly = 2 * (fullmove - 1) + (m_side == Black ? 1 : 0);
    return Status::success();
}

namespace {

/// Splits a FEN into its fields on single spaces; leading/trailing whitespace is tolerated, empty fields are not.
Result<int> splitFenFields(std::string_view fen, std::string_view (&fields)[6]) {
    int n = 0;
    while (!fen.empty() && (fen.front() == ' ' || fen.front() == '\t')) fen.remove_prefix(1);
    while (!fen.empty() && (fen.back() == ' ' || fen.back() == '\t' || fen.back() == '\r' || fen.back() == '\n'))
        fen.remove_suffix(1);
    if (fen.empty()) return makeError(ErrorCode::InvalidInput, "FEN is empty");
    std::size_t start = 0;
    for (std::size_t i = 0; i <= fen.size(); ++i) {
        if (i == fen.size() || fen[i] == ' ') {
            if (i == start)
                return makeError(ErrorCode::InvalidInput,
                                 "FEN has two spaces in a row at column " + std::to_string(i + 1));
            if (n == 6) return makeError(ErrorCode::InvalidInput, "FEN has more than 6 fields");
            fields[n++] = fen.substr(start, i - start);
            start = i + 1;
        }
    }
    if (n < 4)
        return makeError(ErrorCode::InvalidInput, "FEN has " + std::to_string(n) +
                                                      " field(s); expected 6 (placement, side, castling, "
                                                      "en passant, halfmove clock, fullmove number)");
    return n;
}

}  // namespace

Result<Position> Position::fromFen(std::string_view fen) {
    Position pos{NoInit{}};
    pos.clear();
    std::string_view fields[6];
    auto split = splitFenFields(fen, fields);
    if (!split) return split.error();
    const int n = split.value();
    if (Status s = pos.parsePlacement(fields[0]); !s) return s.error();
    // Field 2: side to move.
    if (fields[1] == "w")
        pos.m_side = White;
    else if (fields[1] == "b")
        pos.m_side = Black;
    else
        return makeError(ErrorCode::InvalidInput,
                         fieldError(2, "side to move", "expected 'w' or 'b', got '" + std::string(fields[1]) + "'"));

    if (Status s = pos.parseCastling(fields[2]); !s) return s.error();
    if (Status s = pos.parseEnPassant(fields[3]); !s) return s.error();
    if (Status s = pos.parseCounters(fields + 4, n - 4); !s) return s.error();

    // The side not to move must not be in check.
    if (pos.attackersTo(pos.m_kingSq[~pos.m_side], pos.pieces(), pos.m_side))
        return makeError(ErrorCode::InvalidInput, fieldError(2, "side to move",
                                                             std::string(pos.m_side == White ? "Black" : "White") +
                                                                 " is in check but it is not their move"));
    pos.setCheckers();
    if (popcount(pos.m_st.checkers) > 2)
        return makeError(ErrorCode::InvalidInput,
                         fieldError(1, "placement", "the king is attacked by more than two pieces"));
    pos.m_st.key = pos.computeKey();
    return pos;
}

std::string Position::fen() const {
    std::string out;
    out.reserve(90);
    for (int r = 7; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 8; ++f) {
            Piece p = m_board[makeSquare(f, r)];
            if (p == NoPiece) {
                ++empty;
                continue;
            }
            if (empty) out += char('0' + empty);
            empty = 0;
            out += kPieceChars[p];
        }
        if (empty) out += char('0' + empty);
        if (r) out += '/';
    }
    out += m_side == White ? " w " : " b ";
    if (!m_st.castling) out += '-';
    if (m_st.castling & WhiteKingSide) out += 'K';
    if (m_st.castling & WhiteQueenSide) out += 'Q';
    if (m_st.castling & BlackKingSide) out += 'k';
    if (m_st.castling & BlackQueenSide) out += 'q';
    out += ' ';
    out += squareName(m_st.ep);
    out += ' ';
    out += std::to_string(m_st.rule50);
    out += ' ';
    out += std::to_string(fullmoveNumber());
    return out;
}

void Position::makeMove(Move m) {
    assert(isLegal(m));
    m_history.push_back(m_st);
    const Color us = m_side, them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece pc = m_board[from];
    Key k = m_st.key ^ zobrist::kSide;
    if (m_st.ep != NoSquare) k ^= zobrist::kEpFile[fileOf(m_st.ep)];
    m_st.ep = NoSquare;
    m_st.captured = NoPiece;
    ++m_st.rule50;
    if (m_st.rule50 == 0) m_st.rule50 = 255;  // saturate

    if (m.isCastling()) {
        const bool kingSide = to > from;
        const Square rookFrom = kingSide ? Square(from + 3) : Square(from - 4);
        const Square rookTo = kingSide ? Square(from + 1) : Square(from - 1);
        const Piece rook = m_board[rookFrom];
        movePiece(from, to);
        movePiece(rookFrom, rookTo);
        k ^= zobrist::kPiece[pc][from] ^ zobrist::kPiece[pc][to] ^ zobrist::kPiece[rook][rookFrom] ^
             zobrist::kPiece[rook][rookTo];
        m_kingSq[us] = to;
    } else {
        Square capSq = m.isEnPassant() ? (us == White ? Square(to - 8) : Square(to + 8)) : to;
        Piece captured = m_board[capSq];
        if (captured != NoPiece) {
            removePiece(capSq);
            k ^= zobrist::kPiece[captured][capSq];
            m_st.captured = captured;
            m_st.rule50 = 0;
        }
        movePiece(from, to);
        k ^= zobrist::kPiece[pc][from] ^ zobrist::kPiece[pc][to];
        if (typeOf(pc) == Pawn) {
            m_st.rule50 = 0;
            if (m.isPromotion()) {
                Piece promo = makePiece(us, m.promotion());
                removePiece(to);
                putPiece(promo, to);
                k ^= zobrist::kPiece[pc][to] ^ zobrist::kPiece[promo][to];
            } else if ((int(to) ^ int(from)) == 16) {
                // Record the e.p. square only when an enemy pawn could capture there, so that repetition
                // detection does not distinguish positions that differ only by an unusable e.p. square.
                Square ep = Square((int(from) + int(to)) / 2);
                if (attacks::pawn(us, ep) & pieces(them, Pawn)) {
                    m_st.ep = ep;
                    k ^= zobrist::kEpFile[fileOf(ep)];
                }
            }
        } else if (typeOf(pc) == King) {
            m_kingSq[us] = to;
        }
    }
    std::uint8_t newCastling = m_st.castling & kCastlingMask.keep[from] & kCastlingMask.keep[to];
    if (newCastling != m_st.castling) {
        k ^= zobrist::kCastling[m_st.castling] ^ zobrist::kCastling[newCastling];
        m_st.castling = newCastling;
    }
    m_side = them;
    ++m_gamePly;
    m_st.key = k;
    setCheckers();
}

void Position::unmakeMove(Move m) {
    assert(!m_history.empty());
    const Color us = ~m_side;
    const Square from = m.from(), to = m.to();
    const Piece captured = m_st.captured;
    if (m.isCastling()) {
        const bool kingSide = to > from;
        const Square rookFrom = kingSide ? Square(from + 3) : Square(from - 4);
        const Square rookTo = kingSide ? Square(from + 1) : Square(from - 1);
        movePiece(to, from);
        movePiece(rookTo, rookFrom);
        m_kingSq[us] = from;
    } else {
        if (m.isPromotion()) {
            removePiece(to);
            putPiece(makePiece(us, Pawn), to);
        }
        movePiece(to, from);
        if (typeOf(m_board[from]) == King) m_kingSq[us] = from;
        if (captured != NoPiece) {
            Square capSq = m.isEnPassant() ? (us == White ? Square(to - 8) : Square(to + 8)) : to;
            putPiece(captured, capSq);
        }
    }
    m_side = us;
    --m_gamePly;
    m_st = m_history.back();
    m_history.pop_back();
}

bool Position::givesCheck(Move m) const {
    Position copy = snapshot();
    copy.makeMove(m);
    return copy.inCheck();
}

Position Position::snapshot() const {
    Position p(NoInit{});
    std::memcpy(p.m_byColor, m_byColor, sizeof(m_byColor));
    std::memcpy(p.m_byType, m_byType, sizeof(m_byType));
    std::memcpy(p.m_board, m_board, sizeof(m_board));
    p.m_kingSq[0] = m_kingSq[0];
    p.m_kingSq[1] = m_kingSq[1];
    p.m_side = m_side;
    p.m_gamePly = m_gamePly;
    p.m_st = m_st;
    return p;
}

bool Position::isCheckmate() const { return inCheck() && countLegalMoves() == 0; }

bool Position::givesMate(Move m) const {
    if (!givesCheck(m)) return false;
    Position after = snapshot();
    after.makeMove(m);
    return after.countLegalMoves() == 0;
}

bool Position::hasMateInOne() const {
    for (const Move m : legalMoves())
        if (givesMate(m)) return true;
    return false;
}

bool Position::isStalemate() const { return !inCheck() && countLegalMoves() == 0; }

bool Position::isRepetition(int count) const {
    // Only positions since the last irreversible move can repeat; same side to move means every second ply.
    int seen = 1;
    const int n = int(m_history.size());
    const int limit = std::min<int>(m_st.rule50, n);
    for (int back = 2; back <= limit; back += 2) {
        // m_history[n - back] is the state `back` plies ago.
        if (m_history[std::size_t(n - back)].key == m_st.key && ++seen >= count) return true;
    }
    return false;
}

bool Position::isInsufficientMaterial() const {
    if (pieces(Pawn) | pieces(Rook) | pieces(Queen)) return false;
    const Bitboard minors = pieces(Knight) | pieces(Bishop);
    if (popcount(minors) <= 1) return true;  // K v K, K+N v K, K+B v K
    // Only bishops, all on squares of one colour: no mate is possible.
    if (!pieces(Knight)) {
        const Bitboard b = pieces(Bishop);
        return (b & kDarkSquares) == 0 || (b & ~kDarkSquares) == 0;
    }
    return false;
}

GameStatus Position::status() const {
    const int legal = countLegalMoves();
    if (legal == 0) return inCheck() ? GameStatus::Checkmate : GameStatus::Stalemate;
    if (isInsufficientMaterial()) return GameStatus::InsufficientMaterial;
    if (isFiftyMoveDraw()) return GameStatus::FiftyMoveRule;
    if (isRepetition(3)) return GameStatus::ThreefoldRepetition;
    return GameStatus::Ongoing;
}

}  // namespace kibitz::chess
