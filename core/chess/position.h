// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/types.h"
#include "core/common/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace kibitz::chess {

/// Outcome of the game in the current position, from the rules alone.
enum class GameStatus {
    Ongoing,
    Checkmate,
    Stalemate,
    FiftyMoveRule,         ///< halfmove clock reached 100 (claimable draw)
    ThreefoldRepetition,   ///< position occurred three times (claimable draw)
    InsufficientMaterial,  ///< neither side can mate (K v K, K+minor v K, K+B v K+B same colour)
};

/// A chess position with bitboards, a mailbox and a history of states for unmake and repetition.
/// Standard chess only. Not thread-safe; copy it to use from another thread.
class Position {
public:
    static constexpr std::string_view kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// The standard starting position.
    Position();

    /// Strict FEN parse. On error the message names the field (e.g. "FEN field 3 (castling): ...").
    static Result<Position> fromFen(std::string_view fen);
    /// FEN of the position (en passant square written only when a legal capture exists).
    std::string fen() const;

    // --- Queries ---
    Color sideToMove() const { return m_side; }
    Piece pieceOn(Square s) const { return m_board[s]; }
    Bitboard pieces() const { return m_byColor[White] | m_byColor[Black]; }
    Bitboard pieces(Color c) const { return m_byColor[c]; }
    Bitboard pieces(PieceType pt) const { return m_byType[pt]; }
    Bitboard pieces(Color c, PieceType pt) const { return m_byColor[c] & m_byType[pt]; }
    Square kingSquare(Color c) const { return m_kingSq[c]; }
    std::uint8_t castlingRights() const { return m_st.castling; }
    /// En passant target square as stored (after a double push), or NoSquare.
    Square epSquare() const { return m_st.ep; }
    int halfmoveClock() const { return m_st.rule50; }
    int fullmoveNumber() const { return 1 + m_gamePly / 2; }
    Key key() const { return m_st.key; }
    /// Pieces giving check to the side to move.
    Bitboard checkers() const { return m_st.checkers; }
    bool inCheck() const { return m_st.checkers != 0; }
    /// Pieces of colour `by` attacking square `s` given occupancy `occ`.
    Bitboard attackersTo(Square s, Bitboard occ, Color by) const;

    // --- Moves ---
    /// All legal moves.
    MoveList legalMoves() const;
    /// Number of legal moves (faster than building the list when only the count matters).
    int countLegalMoves() const;
    bool isLegal(Move m) const;
    /// Plays a legal move (asserts legality in debug builds). Keeps history for unmake and repetition.
    void makeMove(Move m);
    /// Takes back the last move made with makeMove.
    void unmakeMove(Move m);
    /// Number of moves made on this object that can be unmade.
    int historySize() const { return int(m_history.size()); }
    /// True when the move captures (including en passant).
    bool isCapture(Move m) const { return m.isEnPassant() || (m_board[m.to()] != NoPiece && !m.isCastling()); }
    /// True when the move gives check.
    bool givesCheck(Move m) const;
    /// True when the (legal) move checkmates.
    bool givesMate(Move m) const;
    /// True when the side to move has a move that checkmates.
    bool hasMateInOne() const;
    /// A copy without the move history (cheap; unmake and repetition see only later moves).
    Position snapshot() const;

    // --- Game end ---
    bool isCheckmate() const;
    bool isStalemate() const;
    /// Position has occurred `count` times in total (default 3) within the reversible history.
    bool isRepetition(int count = 3) const;
    bool isFiftyMoveDraw() const { return m_st.rule50 >= 100; }
    bool isInsufficientMaterial() const;
    GameStatus status() const;

private:
    struct NoInit {};
    explicit Position(NoInit) {}

    struct State {
        Key key = 0;
        Bitboard checkers = 0;
        Square ep = NoSquare;
        std::uint8_t castling = 0;
        std::uint8_t rule50 = 0;
        Piece captured = NoPiece;
    };

    void clear();
    void putPiece(Piece p, Square s);
    void removePiece(Square s);
    void movePiece(Square from, Square to);
    Key computeKey() const;
    void setCheckers();
    // The fields of fromFen, in order.
    Status parsePlacement(std::string_view placement);
    Status checkMaterial() const;
    Status parseCastling(std::string_view rights);
    Status parseEnPassant(std::string_view field);
    Status parseCounters(const std::string_view* fields, int n);

    Bitboard m_byColor[2] = {};
    Bitboard m_byType[7] = {};
    Piece m_board[64] = {};
    Square m_kingSq[2] = {E1, E8};
    Color m_side = White;
    int m_gamePly = 0;
    State m_st;
    std::vector<State> m_history;

    friend class MoveGen;
};

}  // namespace kibitz::chess
