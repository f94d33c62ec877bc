// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A chess clock for a game against the human model (play mode) and the decisions a human of some rating makes about
// the game itself: resigning a lost position, offering a draw in a dead one. Plain C++; the time source is injected.

#include "core/chess/types.h"
#include "core/encoding/evaluator.h"

#include <cstdint>
#include <functional>

namespace kibitz::play {

/// Milliseconds of a monotonic clock (std::chrono::steady_clock).
std::int64_t steadyNowMs();

/// A two-sided Fischer clock: each side starts with `baseMs` and gains `incrementMs` after each of its moves.
/// The side to move's time runs between start() and punch(); the clock never runs for both sides at once.
class GameClock {
public:
    using Now = std::function<std::int64_t()>;
    GameClock(std::int64_t baseMs, std::int64_t incrementMs, Now now = steadyNowMs);

    /// Starts (or resumes) the clock of `toMove`.
    void start(chess::Color toMove);
    /// The side to move has moved: its time stops, the increment is added (unless its flag fell first), the other
    /// side's time starts. Returns the mover's remaining milliseconds after the move (what [%clk] records), which is
    /// negative when the flag fell.
    std::int64_t punch();
    /// Stops the running side's time (game over, pause).
    void stop();

    bool isRunning() const { return m_running; }
    chess::Color toMove() const { return m_toMove; }
    /// Remaining time of `side` now (the running side's counts down live); may be negative once its flag fell.
    std::int64_t remainingMs(chess::Color side) const;
    /// True when `side` has no time left.
    bool flagged(chess::Color side) const { return remainingMs(side) <= 0; }
    std::int64_t incrementMs() const { return m_incrementMs; }

private:
    Now m_now;
    std::int64_t m_incrementMs;
    std::int64_t m_remaining[2];
    std::int64_t m_startedAt = 0;
    chess::Color m_toMove = chess::White;
    bool m_running = false;
};

/// When a human gives the game up or offers a draw, read from the value head's win/draw/loss for them before their
/// move. People resign clearly lost games, not bad moments: the expected score must stay below `resignBelow` for
/// `resignAfter` of their consecutive moves, and never in the opening. Draw offers come in long games whose value
/// is mostly draw.
struct GameDecisionPolicy {
    double resignBelow = 0.03;
    int resignAfter = 2;
    int resignMinPly = 20;
    double drawOfferAtDraw = 0.55;  ///< the value head's draw probability at least this
    int drawOfferMinPly = 60;
    double acceptDrawBelow = 0.55;  ///< a draw offer is accepted when the expected score is below this
    int acceptDrawMinPly = 20;      ///< ... and not in the opening (people play on there)
    bool allowResign = true;
    bool allowDrawOffers = true;
};

enum class GameDecision { Play, Resign, OfferDraw };

/// The conditioning of the value the decisions read: the mover's own, with the opponent told the mover's rating. The
/// value head's expected score includes the rating gap (a 1100 facing a 1900 expects 5% from the first move on), and
/// people resign lost positions, not strong opponents; between equals the value says how lost the position is.
encoding::Conditioning decisionConditioning(const encoding::Conditioning& mover);

/// Tracks one side's decisions over a game.
class GameDecisions {
public:
    explicit GameDecisions(GameDecisionPolicy policy = {}) : m_policy(policy) {}
    /// The value before the side's move at `ply` (0-based half-moves from the start), from its own point of view.
    GameDecision decide(const encoding::Wdl& own, int ply);
    /// Whether the side accepts its opponent's draw offer at `ply`, given its value (does not count as a move).
    bool acceptsDraw(const encoding::Wdl& own, int ply) const;
    /// Forget the history (a new game).
    void reset() { m_lowStreak = 0; }

private:
    GameDecisionPolicy m_policy;
    int m_lowStreak = 0;
};

}  // namespace kibitz::play
