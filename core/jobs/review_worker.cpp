// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/review_worker.h"

#include "core/chess/puzzle_csv.h"

#include <QElapsedTimer>
#include <QMetaType>

#include <algorithm>
#include <exception>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace kibitz::jobs {
namespace {

constexpr int kProgressIntervalMs = 66;  // ~15 Hz

// Runs `make` and turns any exception (LibTorch throws c10::Error) into an Error: nothing crosses the thread.
template <class T, class F>
Result<T> guarded(F&& make) {
    try {
        return make();
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Runtime, e.what());
    }
}

}  // namespace

void registerReviewMetaTypes() {
    qRegisterMetaType<JobProgress>();
    qRegisterMetaType<evaluation::GameReview>();
    qRegisterMetaType<evaluation::SortGame>();
}

ReviewWorker::ReviewWorker(QObject* parent) : QObject(parent) { registerReviewMetaTypes(); }

ReviewWorker::~ReviewWorker() = default;

void ReviewWorker::setAnalyserFactory(const evaluation::AnalyserFactory& factory) {
    m_analyserFactory = factory;
    m_analyser.reset();
}

void ReviewWorker::setEvaluatorFactory(const EvaluatorFactory& factory) {
    m_evaluatorFactory = factory;
    m_evaluator.reset();
}

void ReviewWorker::review(const chess::PgnGame& game, const evaluation::ReviewOptions& options,
                          const CancelToken& cancel) {
    if (cancel.isCancelled()) {  // cancelled while it waited in the queue
        Q_EMIT cancelled();
        return;
    }
    if (!m_analyser && m_analyserFactory) {
        auto a = guarded<std::unique_ptr<evaluation::PositionAnalyser>>(m_analyserFactory);
        if (!a) {
            Q_EMIT failed(QString::fromStdString(a.error().message));
            return;
        }
        m_analyser = std::move(*a);
    }
    if (!m_evaluator && m_evaluatorFactory) {
        auto e = guarded<std::unique_ptr<encoding::Evaluator>>(m_evaluatorFactory);
        if (!e) {
            Q_EMIT failed(QString::fromStdString(e.error().message));
            return;
        }
        m_evaluator = std::move(*e);
    }
    QElapsedTimer clock;
    clock.start();
    qint64 lastSent = -kProgressIntervalMs;
    const auto progress = [this, &clock, &lastSent](int done, int total) {
        if (done < total && clock.elapsed() - lastSent < kProgressIntervalMs) return;
        lastSent = clock.elapsed();
        Q_EMIT progressChanged(JobProgress{done, total});
    };
    auto r = guarded<evaluation::GameReview>(
        [&] { return evaluation::reviewGame(game, m_evaluator.get(), m_analyser.get(), options, cancel, progress); });
    if (r) {
        Q_EMIT finished(*r);
    } else if (r.error().code == ErrorCode::Cancelled) {
        Q_EMIT cancelled();
    } else {
        // The engine may be in a bad state after a failure; make a fresh one next time.
        m_analyser.reset();
        Q_EMIT failed(QString::fromStdString(r.error().message));
    }
}

SortWorker::SortWorker(QObject* parent) : QObject(parent) { registerReviewMetaTypes(); }

SortWorker::~SortWorker() = default;

void SortWorker::setAnalyserFactory(const evaluation::AnalyserFactory& factory) {
    m_analyserFactory = factory;
    m_analyser.reset();
}

void SortWorker::setEvaluatorFactory(const EvaluatorFactory& factory) {
    m_evaluatorFactory = factory;
    m_evaluator.reset();
    m_evaluatorTried = false;
}

void SortWorker::generate(const SortRequest& request) {
    const CancelToken& cancel = request.cancel;
    if (cancel.isCancelled()) {  // superseded while it waited in the queue
        Q_EMIT finished(request.id);
        return;
    }
    if (!m_analyser) {
        if (!m_analyserFactory) {
            Q_EMIT failed(request.id, tr("no engine configured"));
            return;
        }
        auto a = guarded<std::unique_ptr<evaluation::PositionAnalyser>>(m_analyserFactory);
        if (!a) {
            Q_EMIT failed(request.id, QString::fromStdString(a.error().message));
            return;
        }
        m_analyser = std::move(*a);
    }
    // Without a model the games simply have no human difficulty; a model that fails to load is reported once.
    if (!m_evaluator && m_evaluatorFactory && !m_evaluatorTried && request.options.humanElo) {
        m_evaluatorTried = true;
        auto e = guarded<std::unique_ptr<encoding::Evaluator>>(m_evaluatorFactory);
        if (e)
            m_evaluator = std::move(*e);
        else
            Q_EMIT positionSkipped(request.id,
                                   tr("human model unavailable: %1").arg(QString::fromStdString(e.error().message)));
    }
    for (int i = 0; i < request.fens.size(); ++i) {
        if (cancel.isCancelled()) break;
        const QString& fen = request.fens[i];
        auto pos = chess::Position::fromFen(fen.toStdString());
        if (!pos) {
            Q_EMIT positionSkipped(request.id, tr("%1: %2").arg(fen, QString::fromStdString(pos.error().message)));
            continue;
        }
        auto games = guarded<std::vector<evaluation::SortGame>>([&] {
            return evaluation::generateSortGames(*pos, *m_analyser, m_evaluator.get(), request.options, cancel);
        });
        if (!games) {
            if (games.error().code == ErrorCode::Cancelled) break;
            if (games.error().code == ErrorCode::InvalidInput) {
                Q_EMIT positionSkipped(request.id, QString::fromStdString(games.error().message));
                continue;
            }
            m_analyser.reset();
            Q_EMIT failed(request.id, QString::fromStdString(games.error().message));
            return;
        }
        for (auto& g : *games) {
            if (i < request.sources.size()) g.source = request.sources[i].toStdString();
            Q_EMIT gameReady(request.id, g);
        }
    }
    Q_EMIT finished(request.id);
}

void SortWorker::loadPuzzles(quint64 id, const QString& path, int limit, quint64 seed, const CancelToken& cancel) {
    auto reader = chess::PuzzleCsvReader::open(path.toStdString());
    if (!reader) {
        Q_EMIT failed(0, QString::fromStdString(reader.error().message));
        return;
    }
    // Reservoir sampling: after n valid rows each of them is kept with probability limit / n.
    std::mt19937_64 rng(seed);
    std::vector<std::pair<std::string, std::string>> kept;  // (solver's FEN, id)
    const std::size_t wanted = std::size_t(std::max(1, limit));
    std::int64_t valid = 0;
    chess::Puzzle puzzle;
    while (!cancel.isCancelled() && (*reader)->next(puzzle)) {
        ++valid;
        std::size_t slot = kept.size();
        if (kept.size() >= wanted) {
            slot = std::size_t(std::uniform_int_distribution<std::int64_t>(0, valid - 1)(rng));
            if (slot >= wanted) continue;
        }
        std::pair<std::string, std::string> entry{puzzle.solverStart().fen(), puzzle.id};
        if (slot == kept.size())
            kept.push_back(std::move(entry));
        else
            kept[slot] = std::move(entry);
    }
    if (cancel.isCancelled()) return;
    if (!(*reader)->headerError().empty()) {
        Q_EMIT failed(0, QString::fromStdString((*reader)->headerError()));
        return;
    }
    if (!(*reader)->input().error().empty()) {
        Q_EMIT failed(0, QString::fromStdString((*reader)->input().error()));
        return;
    }
    if (kept.empty()) {
        Q_EMIT failed(0, tr("%1: no usable puzzle").arg(path));
        return;
    }
    std::shuffle(kept.begin(), kept.end(), rng);  // the reservoir's first slots hold the file's first rows
    QStringList fens;
    QStringList ids;
    for (const auto& [fen, puzzleId] : kept) {
        fens << QString::fromStdString(fen);
        ids << QString::fromStdString(puzzleId);
    }
    Q_EMIT puzzlesLoaded(id, fens, ids, valid, (*reader)->skippedCount());
}

}  // namespace kibitz::jobs
