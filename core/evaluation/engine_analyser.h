// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/engines/uci_engine.h"
#include "core/engines/uci_parser.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

namespace kibitz::evaluation {

/// One root move and the engine's score for it, from the point of view of the side to move at the root.
struct MoveEval {
    chess::Move move;
    engines::UciScore score;
    int depth = 0;
    QStringList pv;  ///< UCI moves, starting with `move`
    /// First line only (UciAnalyser): the shallowest depth from which this move was the engine's best at every
    /// later depth of the search (how deep one must look to find it); 0 when unknown.
    int stableFromDepth = 0;
};

/// Centipawn stand-in for a mate score. Mate in n (n > 0) counts as kMateCp - n and being mated in n as
/// -(kMateCp - n), so any mate outranks any centipawn score, shorter mates rank above longer ones and the
/// difference between a mate and an ordinary score is always far beyond any blunder threshold.
inline constexpr int kMateCp = 100000;

/// The score in centipawns with mates converted as described at kMateCp ("mate 0", the side to move is
/// checkmated, gives -kMateCp).
int scoreToCp(const engines::UciScore& score);

/// The same score seen by the other side of the same position (cp -> -cp, mate n -> mate -n).
engines::UciScore flipSide(const engines::UciScore& score);

/// Turns the score of the position after a move (side to move: the opponent) into the mover's score for that
/// move: cp -> -cp; the opponent mating in n -> the mover mated in n; the opponent mated in n (n >= 0) -> the
/// mover mating in n + 1 (the move just played is the first of the mate).
engines::UciScore scoreBeforeMove(const engines::UciScore& afterMove);

/// Text as engines and GUIs print it: "+0.35", "-1.20", "#3", "#-2".
QString formatScore(const engines::UciScore& score);

/// Synchronous "best N root moves" analysis, used by game review, the sort trainer and the CLI. An
/// implementation is used from one thread at a time.
class PositionAnalyser {
public:
    virtual ~PositionAnalyser() = default;
    /// The best `lines` root moves of `pos` (fewer when there are fewer legal moves), best first, with scores
    /// from the side to move's point of view. Fails with InvalidInput when `pos` has no legal move, Cancelled
    /// when `cancel` is set, Runtime when the engine fails.
    virtual Result<std::vector<MoveEval>> analyse(const chess::Position& pos, int lines, const CancelToken& cancel) = 0;
    /// Short description for logs and output (engine name and limits).
    virtual QString describe() const = 0;
};

/// Settings of UciAnalyser.
struct UciAnalyserOptions {
    QString program;  ///< engine executable (see engines::locateStockfish)
    QStringList arguments;
    engines::SearchLimits limits = engines::SearchLimits::depth(12);
    int threads = 1;
    int hashMb = 64;
    int searchTimeoutMs = 120000;  ///< a search that takes longer is stopped and reported as an error
    /// Send `ucinewgame` (the engine clears its hash) before every search, so that a single-threaded fixed-depth
    /// result depends on the position alone, not on what was searched before (cached features, resumable runs).
    bool freshSearch = false;
};

/// What the analyser's scores depend on, for the keys of caches: "engine=<describe()>" after one search of the start
/// position, so that describe() names the engine (its `id name`) and its limits rather than the program's file: the
/// scores of another engine, version or depth are another cache.
Result<std::string> analyserIdentity(PositionAnalyser& analyser, const CancelToken& cancel);

/// The options of an analyser running `program` (already located: engines::locateStockfish) to `limits` with
/// `threads` search threads; the other fields keep their defaults. Every front end builds its options here.
UciAnalyserOptions uciAnalyserOptions(QString program, engines::SearchLimits limits, int threads = 1);

/// PositionAnalyser over a UCI engine (engines::UciEngine). The engine and its process live in a thread of their
/// own, started on the first analyse(); analyse() posts the search there and waits on a condition variable (polling
/// the cancel token), so the calling thread runs no event loop while it waits: calls queued to a worker that is
/// analysing run after analyse() returns, never inside it (a nested QEventLoop would let a queued
/// setAnalyserFactory destroy the analyser in the middle of its own analyse()). Any thread may call analyse(), one
/// call at a time. A crash or hang mid-search is retried once after the client's automatic restart.
class UciAnalyser : public PositionAnalyser {
public:
    explicit UciAnalyser(UciAnalyserOptions options);
    ~UciAnalyser() override;
    UciAnalyser(const UciAnalyser&) = delete;
    UciAnalyser& operator=(const UciAnalyser&) = delete;

    Result<std::vector<MoveEval>> analyse(const chess::Position& pos, int lines, const CancelToken& cancel) override;
    QString describe() const override;
    /// PID of the engine process, or 0 when none runs (tests check that none is left behind).
    qint64 processId() const;

    struct Host;  ///< the engine thread's side (the UciEngine, the request being searched); defined in the .cpp

private:
    UciAnalyserOptions m_options;
    std::unique_ptr<Host> m_host;
};

/// Creates an analyser inside the thread that will use it.
using AnalyserFactory = std::function<Result<std::unique_ptr<PositionAnalyser>>()>;

/// A factory for UciAnalyser with `options` (the program must already be located).
AnalyserFactory uciAnalyserFactory(UciAnalyserOptions options);

/// How many single-threaded engine processes score positions side by side by default: one per core the machine
/// reports, 1 to 8.
int defaultEngineProcesses();

}  // namespace kibitz::evaluation
