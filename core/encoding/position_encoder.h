// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/encoding/conditioning.h"

#include <array>
#include <cstdint>

namespace kibitz::encoding {

/// Newest encoding version; bump when the meaning of any field below changes (stored in checkpoints and bundles).
/// Version 1: pieces, meta, conditioning and the legal moves. Version 2 adds the last kHistoryPlies moves and the
/// per-legal-move features (moveFeatures). A model is trained and run with one version; both stay supported.
inline constexpr int kEncodingVersion = 2;
inline constexpr int kMinEncodingVersion = 1;
/// Whether this build can run a model of encoding version `v`.
constexpr bool encodingVersionSupported(int v) { return v >= kMinEncodingVersion && v <= kEncodingVersion; }

inline constexpr int kMaxPieceTokens = 32;
/// Upper bound on legal moves (the known maximum is 218).
inline constexpr int kMaxLegalMoves = 224;
/// Piece codes are (colour * 6 + type - 1) * 64 + square, so 0..767; kPadPieceCode marks padding.
inline constexpr int kPieceCodes = 768;
inline constexpr int kPadPieceCode = 768;
/// Per piece token, the move head scores 64 destination squares plus 4 promotion pieces (N, B, R, Q).
inline constexpr int kHeadOutputsPerToken = 68;
/// Non-castling values of the en-passant meta field run 0..7 (file); 8 means none.
inline constexpr int kNoEpFile = 8;

/// How the board is shown to the model.
enum class BoardView : std::uint8_t {
    Absolute = 0,  ///< White at the bottom, colours as they are
    Mover = 1,     ///< board flipped when Black moves; colour 0 is always the side to move
};

/// One earlier move as the v2 encoder sees it (real squares; the encoder maps them into the view).
struct HistoryPly {
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    std::uint8_t piece = 0;     ///< chess::PieceType of the moved piece; 0 means "no move" (padding)
    std::uint8_t captured = 0;  ///< chess::PieceType captured (en passant: Pawn), 0 none
    std::uint8_t flags =
        0;  ///< kPlyEnPassant, kPlyCastling, kPlyBeforeRepeated (RecentMoves only; the encoder clears it)
    bool operator==(const HistoryPly&) const = default;
};
/// HistoryPly::flags: the move took en passant; the move castled (king from -> king to, the rook beside it);
/// the position before the move had occurred earlier in the game (known when that Position carried its history).
inline constexpr std::uint8_t kPlyEnPassant = 1;
inline constexpr std::uint8_t kPlyCastling = 2;
inline constexpr std::uint8_t kPlyBeforeRepeated = 4;

/// Moves of history the v2 encoder reads.
inline constexpr int kHistoryPlies = 4;
/// Moves of history RecentMoves keeps: lc0 networks read the current position and the 7 before it.
inline constexpr int kRecentPlies = 7;

/// The last moves that led to a position, newest first. Empty at the game's start or after a FEN.
struct RecentMoves {
    std::array<HistoryPly, kRecentPlies> plies{};
    int count = 0;
    /// Records `m` played in `before` (call before making the move) as the newest ply.
    void push(const chess::Position& before, chess::Move m);
    bool operator==(const RecentMoves&) const = default;
};

/// Per-legal-move feature bits of encoding v2 (EncodedPosition::moveFeatures).
namespace movefeat {
inline constexpr std::uint16_t kCheck = 1 << 0;
inline constexpr std::uint16_t kMate = 1 << 1;
inline constexpr int kCapturedShift = 2;  ///< 3 bits: captured PieceType (1..5), 0 none
inline constexpr std::uint16_t kCastling = 1 << 5;
inline constexpr std::uint16_t kDestAttacked = 1 << 6;   ///< the opponent attacks the destination after the move
inline constexpr std::uint16_t kDestDefended = 1 << 7;   ///< another own piece defends the destination after the move
inline constexpr std::uint16_t kSeeGain = 1 << 8;        ///< static exchange on the destination wins material
inline constexpr std::uint16_t kSeeLoss = 1 << 9;        ///< ... loses material
inline constexpr std::uint16_t kFromAttacked = 1 << 10;  ///< the moving piece stands attacked before the move
inline constexpr std::uint16_t kFromDefended = 1 << 11;  ///< ... and defended
inline constexpr std::uint16_t kRecapture = 1 << 12;     ///< captures on the square of the last move
inline constexpr int kMovedShift = 13;                   ///< 3 bits: moved PieceType (1..6)
constexpr int captured(std::uint16_t f) { return (f >> kCapturedShift) & 7; }
constexpr int moved(std::uint16_t f) { return (f >> kMovedShift) & 7; }
}  // namespace movefeat

/// Static exchange evaluation of `m` in `pos` in pawns (P 1, N 3, B 3, R 5, Q 9): the material balance of the
/// best sequence of captures on the destination, each side free to stop. 0 for castling.
int staticExchange(const chess::Position& pos, chess::Move m);

/// A position with its legal moves and conditioning, as small integers. Plain data, no allocation,
/// so chunks of millions can be shuffled and copied cheaply. Backend-neutral (no torch).
inline constexpr std::int16_t kNoEngineCp = -32768;
inline constexpr int kEngineCpLimit = 2000;

struct EncodedPosition {
    std::uint8_t numPieces = 0;
    std::uint8_t sideToMove = 0;  ///< actual side to move (0 White, 1 Black), in both views
    std::uint8_t castling = 0;    ///< 4 bits in the view's colours: bit0 own-K, bit1 own-Q, bit2 opp-K, bit3 opp-Q
                                  ///< (Absolute view: bit0 White-K, bit1 White-Q, bit2 Black-K, bit3 Black-Q)
    std::uint8_t epFile = kNoEpFile;
    std::uint8_t numLegal = 0;
    std::uint8_t version = 1;  ///< encoding version this position was encoded with
    std::uint16_t ply = 0;     ///< plies since the game's start (from the fullmove number and side to move)
    std::int16_t target = -1;  ///< index of the played move in the legal list, -1 if unknown
    /// The game's result for the side to move (0 win, 1 draw, 2 loss; -1 unknown): the value head's target. Set by
    /// whoever knows the game (training samples), not by encodePosition, which leaves it -1.
    std::int8_t outcome = -1;
    /// An engine's evaluation of the position from the game's annotations ([%eval] after the previous move), for the
    /// side to move, in centipawns clamped to +-kEngineCpLimit (a mate counts as the limit); kNoEngineCp when the
    /// game has none there. Like `outcome`, set by the training samples, not by encodePosition.
    std::int16_t engineCp = kNoEngineCp;
    /// Seconds the mover spent on the played move, from the game's clocks (plyThinkTimes in
    /// core/encoding/game_conditioning.h), capped at 32767; -1 when the game does not say. The think-time head's
    /// target; like `outcome`, set by the training samples, not by encodePosition.
    std::int16_t thinkTimeS = -1;
    /// Seconds the mover and the opponent spent on their last moves (the two plies before; -1 unknown): the
    /// think-time head's view of the game's pace. Set by the training samples and by callers that know the clocks.
    std::int16_t moverLastThinkS = -1;
    std::int16_t oppLastThinkS = -1;
    /// The players' paces (RecentTimes::moverPaceS, oppPaceS: mean seconds of their last timed moves) in tenths of a
    /// second, capped at 32767; -1 unknown. Set like the last move times.
    std::int16_t moverPaceDs = -1;
    std::int16_t oppPaceDs = -1;
    std::array<std::uint16_t, kMaxPieceTokens> pieceCode{};
    /// Per legal move (in Position::legalMoves() order): bits 0..11 = token * 68 + destination square (view
    /// coordinates), bits 12..14 = promotion (0 none, 1 N, 2 B, 3 R, 4 Q).
    std::array<std::uint16_t, kMaxLegalMoves> legal{};
    Conditioning cond;
    // Version 2 only (zero in version 1):
    std::uint8_t numHistory = 0;                               ///< valid entries of history, newest first
    std::array<HistoryPly, kHistoryPlies> history{};           ///< in view coordinates
    std::array<std::uint16_t, kMaxLegalMoves> moveFeatures{};  ///< movefeat bits per legal move
    // Distillation (training samples only; set by a teacher, never by encodePosition):
    /// kNoTeacher; kTeacherBeside: the teacher's distribution at the recorded ratings, beside the played move;
    /// kTeacherOnly: the ratings were replaced by a teacher band's (cond), the played move is no target (target -1).
    std::uint8_t teacherKind = 0;
    std::array<std::uint16_t, kMaxLegalMoves> teacher{};  ///< per legal move: the teacher's probability * 65535
    /// Index of the position's board in its chunk's contexts (training::HumanSampleStream::nextChunk with contexts).
    std::uint32_t context = 0;
};
inline constexpr std::uint8_t kNoTeacher = 0;
inline constexpr std::uint8_t kTeacherBeside = 1;
inline constexpr std::uint8_t kTeacherOnly = 2;

/// Move-head index of a legal entry without the promotion bits.
constexpr int legalBaseIndex(std::uint16_t e) { return e & 0x0fff; }
/// Promotion 0..4 of a legal entry.
constexpr int legalPromotion(std::uint16_t e) { return (e >> 12) & 7; }

/// Square as seen in the given view for the given side to move.
constexpr chess::Square viewSquare(chess::Square s, BoardView view, chess::Color stm) {
    return (view == BoardView::Mover && stm == chess::Black) ? chess::flipRank(s) : s;
}

/// Encodes `pos` with its legal moves. `played` (if not none and legal) sets `target`. Returns false (and leaves
/// `out` unusable) if the position has more than 32 pieces or more than kMaxLegalMoves legal moves, which no
/// legal chess position reaches, or no legal moves at all.
/// `version` selects the encoding (1 or 2); version 2 also records `recent` (may be null: no history) and the
/// per-move features.
bool encodePosition(const chess::Position& pos, const Conditioning& cond, BoardView view, chess::Move played,
                    EncodedPosition& out, int version = 1, const RecentMoves* recent = nullptr);
/// Same, with a precomputed legal move list (must be pos.legalMoves()).
bool encodePosition(const chess::Position& pos, const chess::MoveList& legal, const Conditioning& cond, BoardView view,
                    chess::Move played, EncodedPosition& out, int version = 1, const RecentMoves* recent = nullptr);

/// Decodes a piece code into colour (view colour), piece type and square (view square).
struct PieceToken {
    int color;
    chess::PieceType type;
    chess::Square square;
};
constexpr PieceToken decodePieceCode(int code) {
    return PieceToken{(code / 64) / 6, chess::PieceType((code / 64) % 6 + 1), chess::Square(code % 64)};
}

}  // namespace kibitz::encoding
