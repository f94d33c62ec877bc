// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/training_job.h"

#include "core/evaluation/puzzle_metrics.h"
#include "core/jobs/human_model.h"
#include "core/jobs/puzzle_bundle.h"
#include "core/models/model_config.h"
#include "core/models/puzzle_config.h"
#include "core/models/puzzle_predictor.h"
#include "core/models/torch_evaluator.h"
#include "core/storage/bundle.h"
#include "core/training/human_trainer.h"
#include "core/training/puzzle_trainer.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QTemporaryDir>

#include <algorithm>
#include <exception>
#include <span>

namespace kibitz::jobs {

namespace {

/// Signals at most this often; the trainer itself may report every step of a tiny model.
constexpr qint64 kFlushMs = 66;
/// metrics.json is rewritten from the CSV files this often (and at the end of a session).
constexpr qint64 kJsonMs = 5000;
/// Puzzles per shuffle chunk of a puzzle run (the trainer's default).
constexpr int kPuzzleChunk = 50000;

const int kMetaTypes = [] {
    qRegisterMetaType<TrainingPoint>();
    qRegisterMetaType<ValidationPoint>();
    qRegisterMetaType<QVector<TrainingPoint>>();
    qRegisterMetaType<TrainingEnd>();
    qRegisterMetaType<CheckpointEvaluation>();
    return 0;
}();

std::vector<std::string> toStd(const QStringList& files) {
    std::vector<std::string> out;
    for (const QString& f : files) out.push_back(f.toStdString());
    return out;
}

/// The fields of every trainer's progress report (training::TrainProgress); each caller adds its own metrics.
TrainingPoint pointFrom(const training::TrainProgress& p) {
    TrainingPoint t;
    t.step = p.step;
    t.totalSteps = p.totalSteps;
    t.samplesSeen = p.samplesSeen;
    t.loss = p.loss;
    t.learningRate = p.learningRate;
    t.samplesPerSecond = p.samplesPerSecond;
    t.etaSeconds = p.etaSeconds;
    t.wallSeconds = p.wallSeconds;
    t.epoch = p.epoch;
    return t;
}

}  // namespace

TrainingJob::TrainingJob(TrainingRunConfig config, QString runDir, QObject* parent)
    : QObject(parent), m_config(std::move(config)), m_run(std::move(runDir)) {
    (void)kMetaTypes;
}

TrainingJob::~TrainingJob() = default;

void TrainingJob::requestStop(bool pause) {
    m_pause.store(pause);
    m_cancel.cancel();
}

void TrainingJob::run(bool resume) {
    // No exception may leave a slot: the trainer reports errors as values, but Qt, the file system and
    // allocation can still throw.
    try {
        runUnguarded(resume);
    } catch (const std::exception& e) {
        Q_EMIT failed(tr("Training failed: %1").arg(QString::fromUtf8(e.what())));
    } catch (...) {
        Q_EMIT failed(tr("Training failed with an unknown error"));
    }
}

void TrainingJob::runUnguarded(bool resume) {
    const bool puzzle = m_config.kind == ModelKind::Puzzle;
    if (auto s = m_run.writeRunJson(m_config, RunStatus::Running); !s.ok()) {
        Q_EMIT failed(QString::fromStdString(s.error().message));
        return;
    }
    // Fine-tuning: the bundle's weights become init.pt in the run folder, so the starting point is kept with
    // the run. A resume that finds latest.pt continues from it instead (the trainers ignore the init file then).
    QString init;
    if (!m_config.initFrom.isEmpty()) {
        init = QDir(m_run.dir()).filePath(QStringLiteral("init.pt"));
        if (!QFileInfo::exists(init)) {
            if (auto s = writeInitialCheckpoint(m_config.kind, m_config.initFrom, init); !s.ok()) {
                const QString message = QString::fromStdString(s.error().message);
                writeStatus(RunStatus::Failed, message);
                Q_EMIT failed(message);
                return;
            }
        }
    }

    m_sinceFlush.start();
    m_sinceJson.start();
    m_pendingLog << (resume ? tr("resuming run %1").arg(m_run.dir()) : tr("starting run %1").arg(m_run.dir()));
    if (!init.isEmpty() && !resume) m_pendingLog << tr("fine-tuning %1").arg(m_config.initFrom);
    flush(true);
    const Status result = puzzle ? trainPuzzle(resume, init) : trainHuman(resume, init);
    flush(true);
    if (auto s = m_run.writeMetricsJson(); !s.ok()) Q_EMIT logged({QString::fromStdString(s.error().message)});
    Q_EMIT checkpointsChanged(m_run.checkpoints());

    if (result.ok()) {
        writeStatus(RunStatus::Completed);
        Q_EMIT finished(TrainingEnd::Completed, m_lastStep);
    } else if (result.error().code == ErrorCode::Cancelled) {
        const bool pause = m_pause.load();
        writeStatus(pause ? RunStatus::Paused : RunStatus::Stopped);
        Q_EMIT finished(pause ? TrainingEnd::Paused : TrainingEnd::Stopped, m_lastStep);
    } else {
        const QString message = QString::fromStdString(result.error().message);
        writeStatus(RunStatus::Failed, message);
        Q_EMIT failed(message);
    }
}

void TrainingJob::writeStatus(RunStatus status, const QString& message) {
    // The run's outcome is reported either way; a run.json that cannot be updated (a full disk, a removed folder)
    // is said in the log, since the page and the next start read the run's state from it.
    if (auto s = m_run.writeRunJson(m_config, status, message); !s.ok())
        Q_EMIT logged({tr("cannot record the run's state: %1").arg(QString::fromStdString(s.error().message))});
}

Status TrainingJob::trainHuman(bool resume, const QString& init) {
    auto modelConfig = models::modelConfigByName(m_config.size.toStdString());
    if (!modelConfig.ok()) return modelConfig.error();
    training::TrainOptions o;
    o.pgnFiles = toStd(m_config.dataFiles);
    o.config = modelConfig.value();
    o.outDir = m_run.dir().toStdString();
    o.totalSteps = m_config.steps;
    o.batchSize = m_config.batchSize;
    o.learningRate = m_config.learningRate;
    o.warmupSteps = m_config.warmupSteps;
    o.threads = m_config.threads;
    o.device = m_config.device;
    o.seed = m_config.seed;
    o.holdoutPermille = m_config.holdoutPermille;
    o.chunkGames = m_config.chunkGames;
    o.checkpointEvery = m_config.checkpointEvery;
    o.keepEvery = m_config.keepEvery;
    o.logEvery = m_config.logEvery;
    o.validateEvery = m_config.validateEvery;
    o.validationPositions = m_config.validationPositions;
    o.resume = resume;
    o.initCheckpoint = init.toStdString();

    training::TrainCallbacks cb;
    cb.progress = [this](const training::TrainProgress& p) {
        TrainingPoint t = pointFrom(p);
        t.accuracy = p.metric("accuracy");
        addPoint(t);
    };
    cb.validation = [this](std::int64_t step, const training::MoveMetrics& m) {
        ValidationPoint v;
        v.step = step;
        v.positions = m.overall().positions;
        v.top1 = m.overall().top1Rate();
        v.top3 = m.overall().top3Rate();
        v.nll = m.overall().meanNll();
        addValidation(v);
    };
    cb.log = [this](const std::string& line) { addLog(line); };
    return training::trainHumanModel(o, m_cancel, cb);
}

Status TrainingJob::trainPuzzle(bool resume, const QString& init) {
    auto modelConfig = models::puzzleConfigByName(m_config.size.toStdString());
    if (!modelConfig.ok()) return modelConfig.error();
    auto variant = models::puzzleVariantFromName(m_config.variant.toStdString());
    if (!variant.ok()) return variant.error();
    training::PuzzleTrainOptions o;
    o.csvFiles = toStd(m_config.dataFiles);
    o.config = modelConfig.value();
    o.config.variant = variant.value();
    if (o.config.humanFeatures > 0)
        return makeError(ErrorCode::InvalidInput, "configs with human features are trained with kibitz-cli");
    o.outDir = m_run.dir().toStdString();
    o.totalSteps = m_config.steps;
    o.batchSize = m_config.batchSize;
    o.learningRate = m_config.learningRate;
    o.warmupSteps = m_config.warmupSteps;
    o.threads = m_config.threads;
    o.seed = m_config.seed;
    o.chunkPuzzles = std::max(m_config.batchSize, kPuzzleChunk);
    o.checkpointEvery = m_config.checkpointEvery;
    o.keepEvery = m_config.keepEvery;
    o.logEvery = m_config.logEvery;
    o.validateEvery = m_config.validateEvery;
    o.validationPuzzles = m_config.validationPositions;
    o.resume = resume;
    o.initCheckpoint = init.toStdString();
    m_checkpointEvery = std::max<qint64>(1, o.checkpointEvery);

    training::PuzzleTrainCallbacks cb;
    cb.progress = [this](const training::TrainProgress& p) {
        TrainingPoint t = pointFrom(p);
        t.mae = p.metric("train_mae", t.mae);
        // The puzzle trainer writes latest.pt after reporting a step and does not log it: a checkpoint due at an
        // earlier step exists by now.
        if (const qint64 due = (p.step - 1) / m_checkpointEvery; due > m_checkpointsSeen) {
            m_checkpointsSeen = due;
            m_checkpointWritten = true;
        }
        addPoint(t);
    };
    cb.validation = [this](const training::PuzzleValidation& pv) {
        ValidationPoint v;
        v.step = pv.step;
        v.positions = pv.model.count();
        v.mae = pv.model.overall().mae;
        v.rmse = pv.model.overall().rmse;
        v.baselineMae = pv.meanByLength.overall().mae;
        addValidation(v);
    };
    cb.log = [this](const std::string& line) { addLog(line); };
    return training::trainPuzzleModel(o, m_cancel, cb);
}

void TrainingJob::addPoint(const TrainingPoint& point) {
    m_lastStep = point.step;
    m_pending.append(point);
    flush(false);
}

void TrainingJob::addValidation(const ValidationPoint& point) {
    flush(true);  // training rows up to this step first, so the files stay in step order
    if (auto s = m_run.appendValidation({point}); !s.ok()) m_pendingLog << QString::fromStdString(s.error().message);
    Q_EMIT validated(point);
}

void TrainingJob::addLog(const std::string& line) {
    const QString l = QString::fromStdString(line);
    if (l.startsWith(QLatin1String("checkpoint "))) m_checkpointWritten = true;
    m_pendingLog << l;
    flush(false);
}

void TrainingJob::flush(bool force) {
    if (!force && m_sinceFlush.elapsed() < kFlushMs) return;
    m_sinceFlush.restart();
    if (!m_pending.isEmpty()) {
        if (auto s = m_run.appendTraining(m_pending); !s.ok())
            m_pendingLog << QString::fromStdString(s.error().message);
        Q_EMIT progressed(m_pending);
        m_pending.clear();
    }
    if (!m_pendingLog.isEmpty()) {
        Q_EMIT logged(m_pendingLog);
        m_pendingLog.clear();
    }
    if (m_checkpointWritten) {
        m_checkpointWritten = false;
        Q_EMIT checkpointsChanged(m_run.checkpoints());
    }
    if (m_sinceJson.elapsed() >= kJsonMs) {
        m_sinceJson.restart();
        if (auto s = m_run.writeMetricsJson(); !s.ok()) m_pendingLog << QString::fromStdString(s.error().message);
    }
}

Result<ModelKind> modelKindOf(const QString& path) {
    if (!QFileInfo::exists(path)) return makeError(ErrorCode::InvalidInput, path.toStdString() + ": no such file");
    try {
        if (path.endsWith(QLatin1String(".kibitz"))) {
            auto b = storage::readBundle(path);
            if (!b.ok()) return b.error();
            if (b->kind == storage::kKindHumanMove) return ModelKind::Human;
            if (b->kind == storage::kKindPuzzleRating) return ModelKind::Puzzle;
            return makeError(ErrorCode::InvalidInput,
                             path.toStdString() + ": unknown model kind '" + b->kind.toStdString() + "'");
        }
        if (models::PuzzlePredictor::loadCheckpoint(path.toStdString()).ok()) return ModelKind::Puzzle;
        auto human = models::TorchEvaluator::load(path.toStdString());
        if (!human.ok()) return makeError(ErrorCode::InvalidInput, path.toStdString() + ": not a model checkpoint");
        return ModelKind::Human;
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Runtime, path.toStdString() + ": " + e.what());
    }
}

Status writeInitialCheckpoint(ModelKind kind, const QString& source, const QString& out) {
    try {
        if (kind == ModelKind::Puzzle) {
            // A fine-tune changes the GlickFormer, so an engine stage fitted on its ratings would not fit the new one:
            // no engine is started, and the trainer's checkpoints carry no stage (fit a new one afterwards).
            EngineFeatureOptions noEngine;
            noEngine.attach = false;
            auto p = loadPuzzleModel(source.toStdString(), {}, noEngine);
            if (!p.ok()) return p.error();
            p.value()->setEngineHead({});
            return p.value()->saveCheckpoint(out.toStdString());
        }
        if (source.endsWith(QLatin1String(".kibitz"))) {
            auto ev = loadHumanEvaluator(source, HumanLoadOptions{.blend = false});
            if (!ev.ok()) return ev.error();
            const auto* torchEv = dynamic_cast<const models::TorchEvaluator*>(ev.value().get());
            if (!torchEv)
                return makeError(ErrorCode::InvalidInput, source.toStdString() + ": not a LibTorch human-move model");
            return torchEv->save(out.toStdString());
        }
        auto ev = models::TorchEvaluator::load(source.toStdString());
        if (!ev.ok()) return ev.error();
        return ev.value()->save(out.toStdString());
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Runtime, source.toStdString() + ": " + e.what());
    }
}

namespace {

Result<CheckpointEvaluation> evaluateHuman(const QString& model, const QStringList& dataFiles, int holdoutPermille,
                                           qint64 maxGames, int threads, const CancelToken& cancel) {
    // The trainer's evaluation reads checkpoints: a bundle is converted to one in a temporary folder first.
    QTemporaryDir tmp;
    QString checkpoint = model;
    if (model.endsWith(QLatin1String(".kibitz"))) {
        if (!tmp.isValid()) return makeError(ErrorCode::Io, "cannot create a temporary folder");
        checkpoint = tmp.filePath(QStringLiteral("model.pt"));
        if (auto s = writeInitialCheckpoint(ModelKind::Human, model, checkpoint); !s.ok()) return s.error();
    }
    auto m = training::evaluateHumanModel(checkpoint.toStdString(), toStd(dataFiles), true, holdoutPermille, maxGames,
                                          threads, {}, cancel);
    if (!m.ok()) return makeError(m.error().code, model.toStdString() + ": " + m.error().message);
    CheckpointEvaluation e;
    e.checkpoint = model;
    e.kind = ModelKind::Human;
    auto row = [](int elo, const training::MoveMetrics::Bucket& b) {
        return EloBucketRow{elo, b.positions, b.top1Rate(), b.top3Rate(), b.meanNll()};
    };
    e.overall = row(-1, m->overall());
    for (const auto& [elo, b] : m->byElo()) e.byElo.append(row(elo, b));
    e.summary = QString::fromStdString(m->summary());
    return e;
}

PuzzleLengthRow puzzleRow(int length, const evaluation::PuzzleScore& s, double baselineMae) {
    PuzzleLengthRow r;
    r.length = length;
    r.puzzles = s.count;
    r.mae = s.mae;
    r.rmse = s.rmse;
    for (int k = 0; k < 3; ++k) r.withinRd[k] = s.withinRd[k];
    r.baselineMae = baselineMae;
    return r;
}

Result<CheckpointEvaluation> evaluatePuzzle(const QString& model, const QStringList& dataFiles, qint64 maxPuzzles,
                                            const CancelToken& cancel) {
    // The training page compares checkpoints of one GlickFormer run: scored on the boards alone, without starting an
    // engine (a bundle's engine stage is scored by eval puzzle).
    EngineFeatureOptions noEngine;
    noEngine.attach = false;
    auto predictor = loadPuzzleModel(model.toStdString(), {}, noEngine);
    if (!predictor.ok()) return predictor.error();
    models::PuzzlePredictor& p = *predictor.value();
    evaluation::MeanBaselines baselines;
    baselines.set(p.meta().baselineMean, p.meta().baselineByLength);
    CheckpointEvaluation e;
    e.checkpoint = model;
    e.kind = ModelKind::Puzzle;
    auto predict = [&](std::span<const chess::Puzzle> puzzles) -> Result<std::vector<double>> {
        auto r = p.predict(puzzles);
        if (!r.ok()) return r.error();
        std::vector<double> out;
        out.reserve(r->size());
        for (std::size_t i = 0; i < r->size(); ++i) {
            out.push_back((*r)[i].rating);
            e.predictedVsTrue.append(QPointF(puzzles[i].rating, (*r)[i].rating));
        }
        return out;
    };
    auto report = evaluation::evaluatePuzzleFiles(toStd(dataFiles), true, maxPuzzles, predict, baselines, cancel);
    if (!report.ok()) return makeError(report.error().code, model.toStdString() + ": " + report.error().message);
    if (report->model.count() == 0) return makeError(ErrorCode::InvalidInput, "no held-out puzzles in the data files");
    const auto baselineByLength = report->meanByLength.byLength();
    e.puzzleOverall = puzzleRow(-1, report->model.overall(), report->meanByLength.overall().mae);
    for (const auto& [len, score] : report->model.byLength()) {
        const auto b = baselineByLength.find(len);
        e.byLength.append(puzzleRow(len, score, b == baselineByLength.end() ? 0.0 : b->second.mae));
    }
    e.summary = QString::fromStdString(report->model.summary()) +
                QStringLiteral("  (mean by length: MAE %1)").arg(e.puzzleOverall.baselineMae, 0, 'f', 1);
    return e;
}

}  // namespace

Result<CheckpointEvaluation> evaluateModel(ModelKind kind, const QString& model, const QStringList& dataFiles,
                                           int holdoutPermille, qint64 maxItems, int threads,
                                           const CancelToken& cancel) {
    try {
        auto e = kind == ModelKind::Puzzle
                     ? evaluatePuzzle(model, dataFiles, maxItems, cancel)
                     : evaluateHuman(model, dataFiles, holdoutPermille, maxItems, threads, cancel);
        if (!e.ok() && e.error().code == ErrorCode::Cancelled)
            return makeError(ErrorCode::Cancelled, model.toStdString() + ": evaluation cancelled");
        return e;
    } catch (const std::exception& ex) {
        return makeError(ErrorCode::Runtime, model.toStdString() + ": " + ex.what());
    }
}

Status exportCheckpointBundle(const QString& checkpoint, const QString& out, const TrainingRunConfig& config,
                              const CancelToken& cancel) {
    // Reading, converting and writing the bundle take about a second for the shipped sizes; a cancel that arrives
    // before it starts (the page closing with the export still queued) writes nothing.
    if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, out.toStdString() + ": export cancelled");
    try {
        if (config.kind == ModelKind::Puzzle)
            return exportPuzzleBundle(checkpoint.toStdString(), out.toStdString(), std::string());
        return exportHumanBundle(checkpoint, out, config.toJson(), QJsonObject{}, true);
    } catch (const std::exception& ex) {
        return makeError(ErrorCode::Runtime, out.toStdString() + ": " + ex.what());
    }
}

}  // namespace kibitz::jobs
