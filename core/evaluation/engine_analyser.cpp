// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/engine_analyser.h"

#include "core/chess/notation.h"

#include <QFileInfo>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace kibitz::evaluation {

using engines::UciScore;

int scoreToCp(const UciScore& score) {
    if (!score.isMate()) return score.value;
    const int n = std::abs(score.value);
    return score.value > 0 ? kMateCp - n : -(kMateCp - n);
}

UciScore flipSide(const UciScore& score) {
    UciScore s = score;
    s.value = -score.value;
    if (score.bound == UciScore::Bound::Lower)
        s.bound = UciScore::Bound::Upper;
    else if (score.bound == UciScore::Bound::Upper)
        s.bound = UciScore::Bound::Lower;
    return s;
}

UciScore scoreBeforeMove(const UciScore& afterMove) {
    UciScore s = flipSide(afterMove);
    // The opponent is mated in n of its moves (n = 0: already checkmated): the mover mates in n + 1,
    // counting the move just played. The opponent mating in n stays "the mover is mated in n".
    if (afterMove.isMate() && afterMove.value <= 0) s.value = -afterMove.value + 1;
    return s;
}

QString formatScore(const UciScore& score) {
    if (score.isMate()) return QStringLiteral("#%1").arg(score.value);
    return QStringLiteral("%1%2")
        .arg(score.value >= 0 ? QStringLiteral("+") : QString())
        .arg(score.value / 100.0, 0, 'f', 2);
}

namespace {

/// One analyse() request, shared by the thread that waits and the engine thread that fills it.
struct Search {
    std::mutex mutex;
    std::condition_variable wake;
    bool done = false;
    bool cancelled = false;
    QString failure;
    std::map<int, engines::UciInfo> latest;            ///< latest line per multipv index
    std::vector<std::pair<int, QString>> bestByDepth;  ///< (depth, first move) of each exact score of line 1
    QString lastError;                                 ///< the client's last error message (engine thread only)
    int retries = 1;                                   ///< engine thread only
};

}  // namespace

struct UciAnalyser::Host {
    QThread thread;
    QObject* home = nullptr;               ///< lives in `thread`: parent of each request's connection context
    engines::UciEngine* engine = nullptr;  ///< created, used and deleted in `thread` only
    int multiPv = 0;                       ///< the MultiPV last set (engine thread only)
    std::shared_ptr<Search> current;       ///< the request being searched (engine thread only)
    std::function<void(const QString& failure, bool cancelled)> finishCurrent;  ///< ends `current` (engine thread)
    mutable std::mutex nameMutex;
    QString engineName;  ///< the engine's id name once known (any thread, under nameMutex)
};

namespace {

/// Engine thread: runs one request to its end (bestmove, failure, timeout or cancel), then wakes the waiter.
void startSearch(UciAnalyser::Host& h, const std::shared_ptr<Search>& s, const chess::Position& pos, int lines,
                 const UciAnalyserOptions& o) {
    auto* ctx = new QObject(h.home);  // deleting it ends this request's connections
    auto* timeout = new QTimer(ctx);
    timeout->setSingleShot(true);
    h.current = s;
    h.finishCurrent = [&h, s, ctx, timeout](const QString& failure, bool cancelled) {
        {
            std::lock_guard lock(s->mutex);
            if (s->done) return;
            s->failure = failure;
            s->cancelled = cancelled;
            s->done = true;
        }
        s->wake.notify_all();
        timeout->stop();
        ctx->deleteLater();
        if (h.current == s) {
            h.current.reset();
            h.finishCurrent = nullptr;
        }
        // A search still running is stopped; its late bestmove has no listener, and a next `go` waits for it.
        if ((cancelled || !failure.isEmpty()) && h.engine->state() == engines::UciEngine::State::Searching)
            h.engine->stop();
    };
    const auto finish = h.finishCurrent;

    QObject::connect(h.engine, &engines::UciEngine::infoReceived, ctx, [s](const engines::UciInfo& info) {
        if (!info.score || info.pv.isEmpty()) return;
        const int k = info.multiPv.value_or(1);
        std::lock_guard lock(s->mutex);
        auto it = s->latest.find(k);
        // An exact score replaces a bound; a bound never replaces an exact score of the same depth.
        const bool exact = info.score->bound == UciScore::Bound::Exact;
        if (it != s->latest.end() && !exact && it->second.score->bound == UciScore::Bound::Exact &&
            it->second.depth == info.depth)
            return;
        s->latest[k] = info;
        if (k == 1 && exact && info.depth) s->bestByDepth.emplace_back(*info.depth, info.pv.front());
    });
    QObject::connect(h.engine, &engines::UciEngine::bestMove, ctx,
                     [&h, s, finish, pos](const engines::UciBestMove& best) {
                         {
                             std::lock_guard lock(h.nameMutex);
                             h.engineName = h.engine->engineName();
                         }
                         // The engine's own choice must be a move of this position (or "none" where there is none).
                         QString failure;
                         if (best.move.isEmpty())
                             failure = s->lastError.isEmpty() ? QStringLiteral("malformed bestmove") : s->lastError;
                         else if (!best.isNone() && !chess::parseUci(pos, best.move.toStdString()))
                             failure = QStringLiteral("bestmove %1 is not a legal move in %2")
                                           .arg(best.move, QString::fromStdString(pos.fen()));
                         finish(failure, false);
                     });
    QObject::connect(h.engine, &engines::UciEngine::restarted, ctx, [&h, s, finish, o] {
        // The search died with the old process; ask the fresh one once more.
        if (s->retries-- > 0) {
            std::lock_guard lock(s->mutex);
            s->latest.clear();
            s->bestByDepth.clear();
            h.engine->go(o.limits);
        } else {
            finish(QStringLiteral("the engine failed twice on this position"), false);
        }
    });
    // The client reports an error and then, when it gives up, enters Failed; remember the message for then.
    QObject::connect(h.engine, &engines::UciEngine::error, ctx,
                     [s](const engines::EngineError& e) { s->lastError = e.message; });
    QObject::connect(h.engine, &engines::UciEngine::stateChanged, ctx, [s, finish](engines::UciEngine::State st) {
        if (st != engines::UciEngine::State::Failed && st != engines::UciEngine::State::NotRunning) return;
        finish(s->lastError.isEmpty() ? QStringLiteral("the engine stopped") : s->lastError, false);
    });
    QObject::connect(timeout, &QTimer::timeout, ctx,
                     [finish, o] { finish(QStringLiteral("no result within %1 ms").arg(o.searchTimeoutMs), false); });

    // Started only now, after the connections, so that a failure to start is seen.
    if (h.engine->state() == engines::UciEngine::State::NotRunning ||
        h.engine->state() == engines::UciEngine::State::Failed)
        h.engine->start();
    if (!s->done && lines != h.multiPv) {
        if (Status st = h.engine->setOption(engines::standard_option::kMultiPv, QString::number(lines)); !st) {
            finish(QString::fromStdString(st.error().message), false);
            return;
        }
        h.multiPv = lines;
    }
    if (s->done) return;
    if (o.freshSearch) h.engine->newGame();
    h.engine->setPosition(QString::fromStdString(pos.fen()));
    h.engine->go(o.limits);
    timeout->start(o.searchTimeoutMs);
}

}  // namespace

UciAnalyser::UciAnalyser(UciAnalyserOptions options) : m_options(std::move(options)) {}

UciAnalyser::~UciAnalyser() {
    if (!m_host) return;
    // UciEngine's destructor quits the process and reaps it (killing it after the quit timeout), in its own thread.
    Host* h = m_host.get();
    QMetaObject::invokeMethod(
        h->home,
        [h] {
            h->finishCurrent = nullptr;
            h->current.reset();
            delete h->engine;
            h->engine = nullptr;
        },
        Qt::BlockingQueuedConnection);
    h->thread.quit();
    h->thread.wait();
    delete h->home;  // its thread has finished: no event can reach it any more
}

QString UciAnalyser::describe() const {
    QString name;
    if (m_host) {
        std::lock_guard lock(m_host->nameMutex);
        name = m_host->engineName;
    }
    // Before the engine has said its name (every score came from a cache), the program's file name: reports are
    // shared, and the folder it lives in is the user's business.
    if (name.isEmpty()) name = QFileInfo(m_options.program).fileName();
    return QStringLiteral("%1 (%2)").arg(name, m_options.limits.command().mid(3));
}

qint64 UciAnalyser::processId() const {
    if (!m_host) return 0;
    qint64 pid = 0;
    Host* h = m_host.get();
    QMetaObject::invokeMethod(
        h->home, [h, &pid] { pid = h->engine ? h->engine->processId() : 0; }, Qt::BlockingQueuedConnection);
    return pid;
}

Result<std::vector<MoveEval>> UciAnalyser::analyse(const chess::Position& pos, int lines, const CancelToken& cancel) {
    const chess::MoveList legal = pos.legalMoves();
    if (legal.empty())
        return makeError(ErrorCode::InvalidInput, "analyse: the position has no legal move: " + pos.fen());
    if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "cancelled");
    lines = std::clamp(lines, 1, legal.size());

    if (!m_host) {
        m_host = std::make_unique<Host>();
        Host* h = m_host.get();
        h->thread.setObjectName(QStringLiteral("uci-analyser"));
        h->home = new QObject;
        h->home->moveToThread(&h->thread);
        h->thread.start();
        QMetaObject::invokeMethod(
            h->home,
            [h, o = m_options] {
                h->engine = new engines::UciEngine;
                h->engine->setProgram(o.program, o.arguments);
                (void)h->engine->setOption(engines::standard_option::kThreads, QString::number(o.threads));
                (void)h->engine->setOption(engines::standard_option::kHash, QString::number(o.hashMb));
            },
            Qt::BlockingQueuedConnection);
    }

    // The search runs in the engine thread; this thread waits without an event loop, polling the cancel token.
    auto s = std::make_shared<Search>();
    Host* h = m_host.get();
    QMetaObject::invokeMethod(
        h->home, [h, s, pos, lines, o = m_options] { startSearch(*h, s, pos, lines, o); }, Qt::QueuedConnection);
    std::unique_lock lock(s->mutex);
    bool cancelSent = false;
    while (!s->done) {
        s->wake.wait_for(lock, std::chrono::milliseconds(20));
        if (!s->done && !cancelSent && cancel.isCancelled()) {
            cancelSent = true;
            QMetaObject::invokeMethod(
                h->home,
                [h, s] {
                    if (h->current != s || !h->finishCurrent) return;
                    const auto finish = h->finishCurrent;  // a copy: finishing clears the member
                    finish(QString(), true);
                },
                Qt::QueuedConnection);
        }
    }
    if (s->cancelled) return makeError(ErrorCode::Cancelled, "cancelled");
    if (!s->failure.isEmpty())
        return makeError(ErrorCode::Runtime,
                         "engine " + m_options.program.toStdString() + ": " + s->failure.toStdString());

    std::vector<MoveEval> out;
    for (const auto& [k, info] : s->latest) {
        auto move = chess::parseUci(pos, info.pv.front().toStdString());
        if (!move) continue;  // a line that does not start with a legal move is useless here
        if (std::any_of(out.begin(), out.end(), [&](const MoveEval& e) { return e.move == *move; })) continue;
        out.push_back(MoveEval{*move, *info.score, info.depth.value_or(0), info.pv});
    }
    if (out.empty())
        return makeError(ErrorCode::Runtime,
                         "engine " + m_options.program.toStdString() + " gave no usable line for " + pos.fen());
    // multipv order is the engine's ranking; keep it (std::map iterates 1, 2, 3, ...).
    const QString best = s->latest.begin()->second.pv.front();
    if (!s->bestByDepth.empty() && s->bestByDepth.back().second == best && out.front().pv.front() == best) {
        int from = s->bestByDepth.back().first;
        for (auto it = s->bestByDepth.rbegin(); it != s->bestByDepth.rend() && it->second == best; ++it)
            from = it->first;
        out.front().stableFromDepth = from;
    }
    return out;
}

UciAnalyserOptions uciAnalyserOptions(QString program, engines::SearchLimits limits, int threads) {
    UciAnalyserOptions o;
    o.program = std::move(program);
    o.limits = limits;
    o.threads = threads;
    return o;
}

AnalyserFactory uciAnalyserFactory(UciAnalyserOptions options) {
    return [options]() -> Result<std::unique_ptr<PositionAnalyser>> {
        return std::unique_ptr<PositionAnalyser>(std::make_unique<UciAnalyser>(options));
    };
}

Result<std::string> analyserIdentity(PositionAnalyser& analyser, const CancelToken& cancel) {
    auto start = chess::Position::fromFen(std::string(chess::Position::kStartFen));
    if (!start) return start.error();
    auto warm = analyser.analyse(start.value(), 1, cancel);
    if (!warm) return warm.error();
    return "engine=" + analyser.describe().toStdString();
}

int defaultEngineProcesses() { return std::clamp(int(std::thread::hardware_concurrency()), 1, 8); }

}  // namespace kibitz::evaluation
