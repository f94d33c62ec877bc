// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One game of play mode: the position and its moves, a running Fischer clock, the way the game ends (mate, draw
// rules, time, resignation, agreement), draw offers, the model's conditioning for the side to move, and the PGN with
// [%clk] comments. Plain C++ with an injected time source, so every rule is tested without waiting; the GUI's
// jobs::PlayController drives it and adds the opponent's thinking.

#include "core/chess/pgn.h"
#include "core/chess/position.h"
#include "core/common/result.h"
#include "core/encoding/conditioning.h"
#include "core/encoding/position_encoder.h"
#include "core/play/game_clock.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kibitz::play {

/// How a game ended.
enum class Termination {
    None,  ///< still being played
    Checkmate,
    Stalemate,
    InsufficientMaterial,   ///< neither side can mate
    ThreefoldRepetition,    ///< ended at once (no claim needed), as most GUIs adjudicate
    FiftyMoves,             ///< 50 moves without a capture or pawn move: ended at once
    TimeForfeit,            ///< a flag fell and the opponent could still mate
    TimeoutVsInsufficient,  ///< a flag fell but the opponent has no mating material: a draw
    Resignation,
    Agreement,  ///< a draw offer was accepted
    Aborted,    ///< stopped without a result
};

struct GameOutcome {
    Termination how = Termination::None;
    std::optional<chess::Color> winner;  ///< empty for draws, aborted and ongoing games
    /// "1-0", "0-1", "1/2-1/2" or "*".
    std::string result() const;
    bool isOver() const { return how != Termination::None; }
};

/// True when `side` has material to mate with by some series of legal moves (anything beyond a lone king or a king
/// with one knight or one bishop). Decides whether a fallen flag loses or draws (FIDE 6.9).
bool hasMatingMaterial(const chess::Position& pos, chess::Color side);

/// A player of a game: the name for the PGN and the rating that conditions the model.
struct Player {
    std::string name;
    int elo = 1500;
};

struct SessionSetup {
    chess::Position start;         ///< the starting position (the standard one by default)
    std::int64_t baseMs = 0;       ///< each side's starting time; 0 for a game without clocks
    std::int64_t incrementMs = 0;  ///< Fischer increment per move
    Player white;
    Player black;
    std::string event = "Kibitz play";
};

class PlaySession {
public:
    explicit PlaySession(SessionSetup setup, GameClock::Now now = steadyNowMs);

    /// Starts the clock of the side to move (no effect without clocks or once the game is over).
    void start();

    const SessionSetup& setup() const { return m_setup; }
    bool timed() const { return m_setup.baseMs > 0; }
    /// The current position (with its history, so repetitions are seen).
    const chess::Position& position() const { return m_position; }
    chess::Color sideToMove() const { return m_position.sideToMove(); }
    const std::vector<chess::Move>& moves() const { return m_moves; }
    /// Half-moves played since the start position.
    int ply() const { return int(m_moves.size()); }
    /// The last moves (newest first), for models that read them.
    encoding::RecentMoves recentMoves() const;
    /// The model's conditioning for the side to move now: both ratings and both clocks (live), through the one rule
    /// in core/encoding (moverConditioning, playerStateFromMs). Clocks are unknown in a game without clocks.
    encoding::Conditioning moverConditioning() const;

    /// Remaining time of `side` now (live for the running side); 0 without clocks.
    std::int64_t remainingMs(chess::Color side) const;
    const GameClock& clock() const { return m_clock; }

    /// Plays a move for the side to move: stops its clock (adding the increment), records its clock for the PGN and
    /// ends the game when the move mates or draws. A flag that fell before the move ends the game on time instead
    /// (the move is not played). Errors: the game is over, or the move is illegal here (the message names it).
    Status play(chess::Move move);
    /// Ends the game on time if the side to move has run out; returns true when the game is (now) over. Call it
    /// from a timer while the game runs.
    bool checkTime();
    /// `side` resigns (no effect once the game is over).
    void resign(chess::Color side);
    /// `side` offers a draw. It stands until the opponent moves (which declines it) or accepts it.
    void offerDraw(chess::Color side);
    /// The side offered a draw that still stands, if any.
    std::optional<chess::Color> pendingDrawOffer() const { return m_drawOffer; }
    /// `side` accepts its opponent's standing offer: the game is drawn. Error when there is none.
    Status acceptDraw(chess::Color side);
    /// `side` declines the standing offer (no effect when there is none).
    void declineDraw(chess::Color side);
    /// Stops the game without a result.
    void abort();

    const GameOutcome& outcome() const { return m_outcome; }
    bool isOver() const { return m_outcome.isOver(); }

    /// The game as PGN: the seven tags (Date is today's UTC date unless `date` is given as "yyyy.mm.dd"), WhiteElo,
    /// BlackElo, TimeControl ("300+3", or "-" without clocks), Termination, FEN/SetUp for a custom start, and each
    /// move's clock after it in [%clk].
    chess::PgnGame toPgn(const std::string& date = {}) const;

private:
    void finish(Termination how, std::optional<chess::Color> winner);
    void endOnTime(chess::Color flagged);

    SessionSetup m_setup;
    chess::Position m_position;
    GameClock m_clock;
    std::vector<chess::Move> m_moves;
    std::vector<std::string> m_san;
    std::vector<int> m_clockAfterS;  ///< the mover's clock after each move, whole seconds (-1 without clocks)
    std::optional<chess::Color> m_drawOffer;
    GameOutcome m_outcome;
    bool m_started = false;
};

}  // namespace kibitz::play
