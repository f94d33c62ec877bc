// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/pgn.h"
#include "core/common/cancel_token.h"
#include "core/encoding/evaluator.h"
#include "core/evaluation/chessort.h"
#include "core/evaluation/engine_analyser.h"
#include "core/evaluation/game_review.h"
#include "core/jobs/analysis_worker.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

namespace kibitz::jobs {

/// Progress of a long job, sent by queued signal at most ~15 times a second (and always for the last step).
struct JobProgress {
    int done = 0;
    int total = 0;
};

/// Reviews games off the GUI thread: move it to a QThread and call the methods below in that thread (e.g. with
/// QMetaObject::invokeMethod and a lambda). The engine and the model are created in the worker thread on first
/// use and kept for later reviews. Each request carries its own CancelToken, made by the caller before it posts
/// the request: a cancel sent before the worker dequeues the request is never lost, and cancelling one request
/// cannot touch the next. Requests queue: the worker runs no event loop while it works (UciAnalyser waits without
/// one), so a request or factory change posted meanwhile runs after the current request.
class ReviewWorker : public QObject {
    Q_OBJECT
public:
    explicit ReviewWorker(QObject* parent = nullptr);
    ~ReviewWorker() override;

    /// Sets how the engine is made (empty: review without an engine). Runs in the worker thread; drops the
    /// current engine.
    void setAnalyserFactory(const kibitz::evaluation::AnalyserFactory& factory);
    /// Sets how the human model is made (empty: review without a model). Drops the current model.
    void setEvaluatorFactory(const kibitz::jobs::EvaluatorFactory& factory);
    /// Reviews `game`; emits progressChanged, then finished, cancelled or failed. `cancel` (the caller's, for this
    /// request only) is polled between positions; already set, the request ends at once with cancelled.
    void review(const kibitz::chess::PgnGame& game, const kibitz::evaluation::ReviewOptions& options,
                const kibitz::CancelToken& cancel);

Q_SIGNALS:
    void progressChanged(const kibitz::jobs::JobProgress& progress);
    void finished(const kibitz::evaluation::GameReview& review);
    void cancelled();
    void failed(const QString& message);

private:
    evaluation::AnalyserFactory m_analyserFactory;
    EvaluatorFactory m_evaluatorFactory;
    std::unique_ptr<evaluation::PositionAnalyser> m_analyser;
    std::unique_ptr<encoding::Evaluator> m_evaluator;
};

/// What the sort trainer asks for: positions to make games from and the options.
struct SortRequest {
    quint64 id = 0;
    QStringList fens;     ///< positions, used in order
    QStringList sources;  ///< optional label per position (puzzle id)
    evaluation::SortOptions options;
    CancelToken cancel;  ///< this request's own token (made by the caller; see ReviewWorker)
};

/// Generates Chessort games off the GUI thread (same threading rules as ReviewWorker).
class SortWorker : public QObject {
    Q_OBJECT
public:
    explicit SortWorker(QObject* parent = nullptr);
    ~SortWorker() override;

    /// Sets how the engine is made; drops the current engine.
    void setAnalyserFactory(const kibitz::evaluation::AnalyserFactory& factory);
    /// Sets how the human model is made (empty: no human difficulty); drops the current model.
    void setEvaluatorFactory(const kibitz::jobs::EvaluatorFactory& factory);
    /// Generates the games of `request`, emitting gameReady for each as soon as it exists, then finished.
    /// A position that fails (bad FEN, too few moves) is reported by positionSkipped and the rest go on;
    /// an engine failure ends the request with failed.
    void generate(const kibitz::jobs::SortRequest& request);
    /// Draws `limit` puzzles at random from the whole of a Lichess puzzle CSV (.csv or .csv.zst; every valid row
    /// equally likely, by `seed`) and emits puzzlesLoaded with their solver's positions and ids in random order, or
    /// failed(0, ...) naming the file. A file's first rows would be the same puzzles every time (in Lichess's
    /// database, those of the lowest ids). Bad rows are skipped and counted. A cancelled read emits nothing. `id`
    /// comes back with the puzzles, so an answer to a read since replaced can be told apart.
    void loadPuzzles(quint64 id, const QString& path, int limit, quint64 seed, const kibitz::CancelToken& cancel);

Q_SIGNALS:
    /// `id`: loadPuzzles'; `valid`: the file's valid puzzles they were drawn from; `skipped`: its bad rows.
    void puzzlesLoaded(quint64 id, const QStringList& fens, const QStringList& ids, qint64 valid, qint64 skipped);
    void gameReady(quint64 id, const kibitz::evaluation::SortGame& game);
    void positionSkipped(quint64 id, const QString& message);
    void finished(quint64 id);
    void failed(quint64 id, const QString& message);

private:
    evaluation::AnalyserFactory m_analyserFactory;
    EvaluatorFactory m_evaluatorFactory;
    std::unique_ptr<evaluation::PositionAnalyser> m_analyser;
    std::unique_ptr<encoding::Evaluator> m_evaluator;
    bool m_evaluatorTried = false;
};

/// Registers the metatypes of the queued signals above (idempotent; called by the workers' constructors).
void registerReviewMetaTypes();

}  // namespace kibitz::jobs

Q_DECLARE_METATYPE(kibitz::jobs::JobProgress)
Q_DECLARE_METATYPE(kibitz::evaluation::GameReview)
Q_DECLARE_METATYPE(kibitz::evaluation::SortGame)
