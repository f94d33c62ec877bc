// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Workers of the GUI puzzle panel (torch-free header): PuzzleWorker rates the puzzle being looked at (coalesced
// requests, like AnalysisWorker); PuzzleFileWorker reads puzzle files and batch-rates a CSV with progress and
// cancellation. Each is moved to its own QThread and owns its own model copies (a model is used by one thread).

#include "core/chess/puzzle_csv.h"
#include "core/common/cancel_token.h"
#include "core/jobs/analysis_worker.h"
#include "core/jobs/latest_request.h"
#include "core/jobs/puzzle_rating.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace kibitz::models {
class PuzzlePredictor;
}

namespace kibitz::jobs {

/// One puzzle to rate; `id` lets the GUI drop answers to puzzles it no longer shows.
struct PuzzleRequest {
    quint64 id = 0;
    chess::Puzzle puzzle;
};

/// The answer to a PuzzleRequest.
struct PuzzleResult {
    quint64 id = 0;
    PuzzleRating rating;
};

/// Rates single puzzles off the GUI thread. submit() is thread-safe; while one request runs only the newest
/// pending one is kept.
class PuzzleWorker : public QObject {
    Q_OBJECT
public:
    explicit PuzzleWorker(QObject* parent = nullptr);
    ~PuzzleWorker() override;

    /// Thread-safe: records the request as the newest and schedules it in the worker's thread.
    void submit(PuzzleRequest request);

public Q_SLOTS:
    /// Loads the puzzle model (`puzzleModel`, empty: the shipped default) and the human-move model (`human`, may
    /// be empty: no solve curve) in the worker thread. Emits modelsReady, or failed(0, ...) when the puzzle model
    /// cannot be loaded. A human model that fails to load is reported in modelsReady's text and left out. A model
    /// with an engine stage searches with the engine at `configuredEngine` (the app's setting), else with Stockfish
    /// where it is installed; without an engine it rates from the boards and says so.
    void setModels(const QString& puzzleModel, const kibitz::jobs::EvaluatorFactory& human,
                   const QString& configuredEngine = QString());

Q_SIGNALS:
    void modelsReady(const QString& description);
    void rated(const kibitz::jobs::PuzzleResult& result);
    void failed(quint64 id, const QString& message);

private:
    void processPending();

    std::unique_ptr<models::PuzzlePredictor> m_model;
    std::unique_ptr<encoding::Evaluator> m_human;
    std::unique_ptr<encoding::Evaluator> m_maia;  ///< the Maia-1 folder (jobs::defaultMaiaFolder), when installed
    LatestRequest<PuzzleRequest> m_requests;
};

/// What a batch run rates and with which models.
struct RateFileRequest {
    QString inPath;
    QString outPath;
    QString puzzleModel;       ///< empty: the shipped default
    QString configuredEngine;  ///< the engine a model's engine stage searches with (empty: Stockfish if installed)
    int batchSize = 256;
};

/// Reads puzzle files and batch-rates CSV files in its own thread. Cancellation goes through the CancelToken
/// passed with each call (set it from the GUI thread directly).
class PuzzleFileWorker : public QObject {
    Q_OBJECT
public:
    explicit PuzzleFileWorker(QObject* parent = nullptr);
    ~PuzzleFileWorker() override;

    /// Call these in the worker's thread (e.g. QMetaObject::invokeMethod with a functor).
    /// Reads the puzzles of `path` that `filter` matches (see readPuzzleFile). Emits loadProgress, then fileLoaded or
    /// fileFailed, each with `request` (a newer read's answers tell themselves from an older one's); a cancelled read
    /// emits nothing more.
    void loadFile(quint64 request, const QString& path, const kibitz::CancelToken& cancel,
                  const kibitz::chess::PuzzleFilter& filter = {});
    /// Rates `request.inPath` into `request.outPath` with rateCsvFile's resumable semantics. Emits rateProgress
    /// (at most ~10 times a second), rateSkipped for the first bad rows, then rateFinished or rateFailed.
    void rateFile(const kibitz::jobs::RateFileRequest& request, const kibitz::CancelToken& cancel);

Q_SIGNALS:
    /// How far a read has gone: the share of the file (0..1) and the puzzles kept, at most ~10 times a second.
    void loadProgress(quint64 request, double fraction, qint64 kept);
    void fileLoaded(quint64 request, const QString& path, const std::shared_ptr<const kibitz::jobs::PuzzleFile>& file);
    void fileFailed(quint64 request, const QString& path, const QString& message);
    void rateProgress(const kibitz::jobs::RateCsvProgress& progress);
    void rateSkipped(const QString& message);
    void rateFinished(const kibitz::jobs::RateCsvSummary& summary);
    void rateFailed(const QString& message);

private:
    std::unique_ptr<models::PuzzlePredictor> m_model;
    QString m_modelPath;  // what m_model was loaded from
};

}  // namespace kibitz::jobs

Q_DECLARE_METATYPE(kibitz::jobs::PuzzleResult)
Q_DECLARE_METATYPE(kibitz::jobs::RateCsvProgress)
Q_DECLARE_METATYPE(kibitz::jobs::RateCsvSummary)
Q_DECLARE_METATYPE(std::shared_ptr<const kibitz::jobs::PuzzleFile>)
