// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/evaluation/engine_analyser.h"

#include "core/chess/notation.h"

#include <QEventLoop>
#include <QTimer>

#include <algorithm>
#include <cstdlib>
#include <map>

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

UciAnalyser::UciAnalyser(UciAnalyserOptions options) : m_options(std::move(options)) {}

UciAnalyser::~UciAnalyser() {
    // UciEngine's destructor quits the process and reaps it (killing it after the quit timeout).
    m_engine.reset();
}

QString UciAnalyser::describe() const {
    const QString name = m_engine && !m_engine->engineName().isEmpty() ? m_engine->engineName() : m_options.program;
    return QStringLiteral("%1 (%2)").arg(name, m_options.limits.command().mid(3));
}

Result<std::vector<MoveEval>> UciAnalyser::analyse(const chess::Position& pos, int lines, const CancelToken& cancel) {
    const chess::MoveList legal = pos.legalMoves();
    if (legal.empty())
        return makeError(ErrorCode::InvalidInput, "analyse: the position has no legal move: " + pos.fen());
    if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "cancelled");
    lines = std::clamp(lines, 1, legal.size());

    if (!m_engine) {
        m_engine = std::make_unique<engines::UciEngine>();
        m_engine->setProgram(m_options.program, m_options.arguments);
        (void)m_engine->setOption(QStringLiteral("Threads"), QString::number(m_options.threads));
        (void)m_engine->setOption(QStringLiteral("Hash"), QString::number(m_options.hashMb));
        m_multiPv = 0;
    }

    // Latest line per multipv index of the current search; an exact score replaces a bound, a bound never
    // replaces an exact score of the same depth.
    std::map<int, engines::UciInfo> latest;
    QString failure;
    bool done = false;
    bool cancelled = false;
    int retries = 1;
    QEventLoop loop;
    QTimer poll;
    poll.setInterval(20);
    QTimer timeout;
    timeout.setSingleShot(true);

    const auto finish = [&loop, &done] {
        done = true;
        loop.quit();
    };
    QObject context;
    QObject::connect(m_engine.get(), &engines::UciEngine::infoReceived, &context,
                     [&latest](const engines::UciInfo& info) {
                         if (!info.score || info.pv.isEmpty()) return;
                         const int k = info.multiPv.value_or(1);
                         auto it = latest.find(k);
                         const bool exact = info.score->bound == UciScore::Bound::Exact;
                         if (it != latest.end() && !exact && it->second.score->bound == UciScore::Bound::Exact &&
                             it->second.depth == info.depth)
                             return;
                         latest[k] = info;
                     });
    // The client reports an error and then, when it gives up, enters Failed; remember the message for then.
    QString lastError;
    QObject::connect(m_engine.get(), &engines::UciEngine::bestMove, &context,
                     [&finish, &failure, &lastError, &pos](const engines::UciBestMove& best) {
                         // The engine's own choice must be a move of this position (or "none" where there is none).
                         if (best.move.isEmpty())
                             failure = lastError.isEmpty() ? QStringLiteral("malformed bestmove") : lastError;
                         else if (!best.isNone() && !chess::parseUci(pos, best.move.toStdString()))
                             failure = QStringLiteral("bestmove %1 is not a legal move in %2")
                                           .arg(best.move, QString::fromStdString(pos.fen()));
                         finish();
                     });
    QObject::connect(m_engine.get(), &engines::UciEngine::restarted, &context,
                     [this, &latest, &retries, &failure, &finish] {
                         // The search died with the old process; ask the fresh one once more.
                         if (retries-- > 0) {
                             latest.clear();
                             m_engine->go(m_options.limits);
                         } else {
                             failure = QStringLiteral("the engine failed twice on this position");
                             finish();
                         }
                     });
    QObject::connect(m_engine.get(), &engines::UciEngine::error, &context,
                     [&lastError](const engines::EngineError& e) { lastError = e.message; });
    QObject::connect(m_engine.get(), &engines::UciEngine::stateChanged, &context,
                     [&lastError, &failure, &finish](engines::UciEngine::State st) {
                         if (st != engines::UciEngine::State::Failed && st != engines::UciEngine::State::NotRunning)
                             return;
                         failure = lastError.isEmpty() ? QStringLiteral("the engine stopped") : lastError;
                         finish();
                     });
    QObject::connect(&poll, &QTimer::timeout, &context, [&cancel, &cancelled, &finish] {
        if (cancel.isCancelled()) {
            cancelled = true;
            finish();
        }
    });
    QObject::connect(&timeout, &QTimer::timeout, &context, [this, &failure, &finish] {
        failure = QStringLiteral("no result within %1 ms").arg(m_options.searchTimeoutMs);
        finish();
    });

    // Started only now, after the connections, so that a failure to start is seen.
    if (m_engine->state() == engines::UciEngine::State::NotRunning ||
        m_engine->state() == engines::UciEngine::State::Failed)
        m_engine->start();
    if (lines != m_multiPv) {
        if (Status st = m_engine->setOption(QStringLiteral("MultiPV"), QString::number(lines)); !st)
            return makeError(ErrorCode::Runtime, st.error().message);
        m_multiPv = lines;
    }
    m_engine->setPosition(QString::fromStdString(pos.fen()));
    m_engine->go(m_options.limits);
    poll.start();
    timeout.start(m_options.searchTimeoutMs);
    if (!done) loop.exec();
    poll.stop();
    timeout.stop();
    // The loop also ends when the owning thread is asked to quit; that only happens on shutdown, after a cancel.
    if (!done && failure.isEmpty()) {
        if (cancel.isCancelled())
            cancelled = true;
        else
            failure = QStringLiteral("the wait for the engine was interrupted");
    }

    if (cancelled || !failure.isEmpty()) {
        // Leave the engine idle for the next call: wait (briefly) for the bestmove that answers stop, so it
        // cannot end the next search's wait early.
        const auto st = m_engine->state();
        if (st == engines::UciEngine::State::Searching || st == engines::UciEngine::State::Stopping) {
            if (st == engines::UciEngine::State::Searching) m_engine->stop();
            QEventLoop drain;
            QObject::connect(m_engine.get(), &engines::UciEngine::bestMove, &drain, &QEventLoop::quit);
            QObject::connect(m_engine.get(), &engines::UciEngine::error, &drain, &QEventLoop::quit);
            QTimer::singleShot(m_engine->timeouts().stopMs + 500, &drain, &QEventLoop::quit);
            drain.exec();
        }
        if (cancelled) return makeError(ErrorCode::Cancelled, "cancelled");
        return makeError(ErrorCode::Runtime,
                         "engine " + m_options.program.toStdString() + ": " + failure.toStdString());
    }

    std::vector<MoveEval> out;
    for (const auto& [k, info] : latest) {
        auto move = chess::parseUci(pos, info.pv.front().toStdString());
        if (!move) continue;  // a line that does not start with a legal move is useless here
        if (std::any_of(out.begin(), out.end(), [&](const MoveEval& e) { return e.move == *move; })) continue;
        out.push_back(MoveEval{*move, *info.score, info.depth.value_or(0), info.pv});
    }
    if (out.empty())
        return makeError(ErrorCode::Runtime,
                         "engine " + m_options.program.toStdString() + " gave no usable line for " + pos.fen());
    // multipv order is the engine's ranking; keep it (std::map iterates 1, 2, 3, ...).
    return out;
}

AnalyserFactory uciAnalyserFactory(UciAnalyserOptions options) {
    return [options]() -> Result<std::unique_ptr<PositionAnalyser>> {
        return std::unique_ptr<PositionAnalyser>(std::make_unique<UciAnalyser>(options));
    };
}

}  // namespace kibitz::evaluation
