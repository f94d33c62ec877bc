// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/puzzle_worker.h"

#include "core/jobs/human_model.h"
#include "core/jobs/puzzle_bundle.h"
#include "core/jobs/puzzle_human.h"
#include "core/models/puzzle_predictor.h"

#include <QMetaObject>

#include <algorithm>
#include <chrono>
#include <exception>
#include <memory>

namespace kibitz::jobs {

namespace {

constexpr int kMaxReportedSkips = 100;
constexpr auto kProgressInterval = std::chrono::milliseconds(100);
/// Engines searching in parallel when the GUI rates a file with a model that has an engine stage.
constexpr int kBatchEngines = 2;

/// Loads the puzzle model; a model with an engine stage gets the engine at `configuredEngine` (the app's setting;
/// else Stockfish where it is installed), with `engineJobs` engines for batches. Why the stage is off, if it is, goes
/// to `note`.
Result<std::unique_ptr<models::PuzzlePredictor>> loadPuzzle(const QString& path, const QString& configuredEngine,
                                                            int engineJobs, QString* note) {
    const std::string p = path.isEmpty() ? defaultPuzzleModelPath() : path.toStdString();
    if (p.empty())
        return makeError(ErrorCode::InvalidInput, "no puzzle model given and no puzzle-default.kibitz found");
    EngineFeatureOptions engine;
    engine.configuredEngine = configuredEngine;
    engine.jobs = engineJobs;
    // The callback outlives this call (the engine features keep it for the cache's last save).
    auto warned = std::make_shared<QString>();
    engine.warn = [warned](const std::string& message) { *warned = QString::fromStdString(message); };
    auto model = loadPuzzleModel(p, {}, engine);
    if (note) *note = *warned;
    return model;
}

/// "; engine stage: on (depth D)" or "; engine stage off: why" for a model with one, else nothing.
QString engineDescription(const models::PuzzlePredictor& model, const QString& note) {
    const models::EngineRatingHead& head = model.meta().engineHead;
    if (head.empty()) return {};
    if (head.needsHuman() && !model.hasFeatureSource())
        return PuzzleWorker::tr("; engine stage off: the human-move model it was fitted with (%1) is not available")
            .arg(QString::fromStdString(model.meta().humanModelName));
    if (model.hasEngineFeatureSource())
        return PuzzleWorker::tr("; engine stage: on (depth %1, %2 lines)").arg(head.depth).arg(head.lines);
    return PuzzleWorker::tr("; engine stage off: %1").arg(note);
}

void registerTypes() {
    qRegisterMetaType<kibitz::jobs::PuzzleResult>();
    qRegisterMetaType<kibitz::jobs::RateCsvProgress>();
    qRegisterMetaType<kibitz::jobs::RateCsvSummary>();
    qRegisterMetaType<std::shared_ptr<const kibitz::jobs::PuzzleFile>>();
    qRegisterMetaType<kibitz::jobs::EvaluatorFactory>();
}

}  // namespace

PuzzleWorker::PuzzleWorker(QObject* parent) : QObject(parent) { registerTypes(); }

PuzzleWorker::~PuzzleWorker() = default;

void PuzzleWorker::submit(PuzzleRequest request) {
    if (m_requests.post(std::move(request)))
        QMetaObject::invokeMethod(this, &PuzzleWorker::processPending, Qt::QueuedConnection);
}

void PuzzleWorker::setModels(const QString& puzzleModel, const EvaluatorFactory& human,
                             const QString& configuredEngine) {
    // Torch errors are exceptions; none may cross the slot boundary.
    try {
        QString note;
        auto model = loadPuzzle(puzzleModel, configuredEngine, 1, &note);
        if (!model) {
            Q_EMIT failed(0, QString::fromStdString(model.error().message));
            return;
        }
        m_model = std::move(model.value());
        QString description =
            tr("puzzle model: %1 parameters").arg(m_model->parameters()) + engineDescription(*m_model, note);
        m_human.reset();
        if (human) {
            auto made = human();
            if (made) {
                m_human = std::move(made.value());
                description += tr("; human model: %1").arg(QString::fromStdString(m_human->describe()));
            } else {
                description += tr("; no human model (%1)").arg(QString::fromStdString(made.error().message));
            }
        }
        // The nine Maia-1 nets, when installed, give the per-band chances the panel shows.
        m_maia.reset();
        if (const QString folder = defaultMaiaFolder(); !folder.isEmpty()) {
            auto maia = loadHumanEvaluator(folder);
            if (maia)
                m_maia = std::move(maia.value());
            else
                description += tr("; no Maia-1 nets (%1)").arg(QString::fromStdString(maia.error().message));
        }
        if (m_maia) description += tr("; Maia-1 nets for the per-band chances");
        Q_EMIT modelsReady(description);
    } catch (const std::exception& e) {
        m_model.reset();
        Q_EMIT failed(0, tr("loading the models failed: %1").arg(QString::fromUtf8(e.what())));
    }
    processPending();
}

void PuzzleWorker::processPending() {
    // Kept pending until a model is ready (setModels calls this again).
    std::optional<PuzzleRequest> request = m_requests.take(m_model != nullptr);
    if (!request) return;
    try {
        auto r = ratePuzzle(*m_model, m_human.get(), request->puzzle, m_maia.get());
        if (r)
            Q_EMIT rated(PuzzleResult{request->id, std::move(r.value())});
        else
            Q_EMIT failed(request->id, QString::fromStdString(r.error().message));
    } catch (const std::exception& e) {
        Q_EMIT failed(request->id, tr("rating failed: %1").arg(QString::fromUtf8(e.what())));
    }
}

PuzzleFileWorker::PuzzleFileWorker(QObject* parent) : QObject(parent) { registerTypes(); }

PuzzleFileWorker::~PuzzleFileWorker() = default;

void PuzzleFileWorker::loadFile(quint64 request, const QString& path, const CancelToken& cancel,
                                const chess::PuzzleFilter& filter) {
    try {
        auto last = std::chrono::steady_clock::now();
        auto file =
            readPuzzleFile(path.toStdString(), cancel, kMaxFilePuzzles, filter, [&](double fraction, std::size_t kept) {
                const auto now = std::chrono::steady_clock::now();
                if (now - last < std::chrono::milliseconds(100)) return;
                last = now;
                Q_EMIT loadProgress(request, fraction, qint64(kept));
            });
        if (cancel.isCancelled()) return;  // superseded by a newer import or the panel is closing
        if (file)
            Q_EMIT fileLoaded(request, path, std::make_shared<const PuzzleFile>(std::move(file.value())));
        else
            Q_EMIT fileFailed(request, path, QString::fromStdString(file.error().message));
    } catch (const std::exception& e) {
        Q_EMIT fileFailed(request, path, QString::fromUtf8(e.what()));
    }
}

void PuzzleFileWorker::rateFile(const RateFileRequest& request, const CancelToken& cancel) {
    try {
        // The model is kept between runs: rerunning after a cancel does not reload it.
        if (!m_model || m_modelPath != request.puzzleModel) {
            m_model.reset();
            auto model = loadPuzzle(request.puzzleModel, request.configuredEngine, kBatchEngines, nullptr);
            if (!model) {
                Q_EMIT rateFailed(QString::fromStdString(model.error().message));
                return;
            }
            m_model = std::move(model.value());
            m_modelPath = request.puzzleModel;
        }
        auto last = std::chrono::steady_clock::now() - kProgressInterval;
        int skipsReported = 0;
        auto onProgress = [&](const RateCsvProgress& p) {
            const auto now = std::chrono::steady_clock::now();
            if (now - last < kProgressInterval) return;
            last = now;
            Q_EMIT rateProgress(p);
        };
        auto onSkip = [&](const chess::CsvSkip& s) {
            if (skipsReported++ < kMaxReportedSkips) Q_EMIT rateSkipped(QString::fromStdString(s.message()));
        };
        // With the engine stage a batch costs about a quarter second per puzzle and engine: small batches keep
        // the cancel button answering within a second or two.
        const int batch =
            m_model->hasEngineFeatureSource() ? std::min(request.batchSize, 2 * kBatchEngines) : request.batchSize;
        auto r = rateCsvFile(*m_model, request.inPath.toStdString(), request.outPath.toStdString(), batch, cancel,
                             onProgress, onSkip);
        if (!r) {
            Q_EMIT rateFailed(QString::fromStdString(r.error().message));
            return;
        }
        Q_EMIT rateProgress(r.value().progress);
        Q_EMIT rateFinished(r.value());
    } catch (const std::exception& e) {
        Q_EMIT rateFailed(tr("rating failed: %1").arg(QString::fromUtf8(e.what())));
    }
}

}  // namespace kibitz::jobs
