// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/training_job.h"

#include "core/jobs/human_model.h"
#include "core/models/model_config.h"
#include "core/training/human_trainer.h"

#include <QJsonObject>

#include <exception>

namespace kibitz::jobs {

namespace {

/// Signals at most this often; the trainer itself may report every step of a tiny model.
constexpr qint64 kFlushMs = 66;
/// metrics.json is rewritten from the CSV files this often (and at the end of a session).
constexpr qint64 kJsonMs = 5000;

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
    if (m_config.kind != QLatin1String("human")) {
        Q_EMIT failed(tr("Model kind '%1' cannot be trained here").arg(m_config.kind));
        return;
    }
    auto modelConfig = models::modelConfigByName(m_config.size.toStdString());
    if (!modelConfig.ok()) {
        Q_EMIT failed(QString::fromStdString(modelConfig.error().message));
        return;
    }
    if (auto s = m_run.writeRunJson(m_config, RunStatus::Running); !s.ok()) {
        Q_EMIT failed(QString::fromStdString(s.error().message));
        return;
    }

    training::TrainOptions o;
    o.pgnFiles = toStd(m_config.dataFiles);
    o.config = modelConfig.value();
    o.outDir = m_run.dir().toStdString();
    o.totalSteps = m_config.steps;
    o.batchSize = m_config.batchSize;
    o.learningRate = m_config.learningRate;
    o.warmupSteps = m_config.warmupSteps;
    o.threads = m_config.threads;
    o.seed = m_config.seed;
    o.holdoutPermille = m_config.holdoutPermille;
    o.chunkGames = m_config.chunkGames;
    o.checkpointEvery = m_config.checkpointEvery;
    o.keepEvery = m_config.keepEvery;
    o.logEvery = m_config.logEvery;
    o.validateEvery = m_config.validateEvery;
    o.validationPositions = m_config.validationPositions;
    o.resume = resume;

    training::TrainCallbacks cb;
    cb.progress = [this](const training::TrainProgress& p) {
        TrainingPoint t;
        t.step = p.step;
        t.totalSteps = p.totalSteps;
        t.samplesSeen = p.samplesSeen;
        t.loss = p.loss;
        t.accuracy = p.accuracy;
        t.learningRate = p.learningRate;
        t.samplesPerSecond = p.samplesPerSecond;
        t.etaSeconds = p.etaSeconds;
        t.wallSeconds = p.wallSeconds;
        t.epoch = p.epoch;
        m_lastStep = p.step;
        m_pending.append(t);
        flush(false);
    };
    cb.validation = [this](std::int64_t step, const training::MoveMetrics& m) {
        ValidationPoint v;
        v.step = step;
        v.positions = m.overall().positions;
        v.top1 = m.overall().top1Rate();
        v.top3 = m.overall().top3Rate();
        v.nll = m.overall().meanNll();
        flush(true);  // training rows up to this step first, so the files stay in step order
        if (auto s = m_run.appendValidation({v}); !s.ok()) m_pendingLog << QString::fromStdString(s.error().message);
        Q_EMIT validated(v);
    };
    cb.log = [this](const std::string& line) {
        const QString l = QString::fromStdString(line);
        if (l.startsWith(QLatin1String("checkpoint "))) m_checkpointWritten = true;
        m_pendingLog << l;
        flush(false);
    };

    m_sinceFlush.start();
    m_sinceJson.start();
    m_pendingLog << (resume ? tr("resuming run %1").arg(m_run.dir()) : tr("starting run %1").arg(m_run.dir()));
    flush(true);
    const Status result = training::trainHumanModel(o, m_cancel, cb);
    flush(true);
    if (auto s = m_run.writeMetricsJson(); !s.ok()) Q_EMIT logged({QString::fromStdString(s.error().message)});
    Q_EMIT checkpointsChanged(m_run.checkpoints());

    if (result.ok()) {
        (void)m_run.writeRunJson(m_config, RunStatus::Completed);
        Q_EMIT finished(TrainingEnd::Completed, m_lastStep);
    } else if (result.error().code == ErrorCode::Cancelled) {
        const bool pause = m_pause.load();
        (void)m_run.writeRunJson(m_config, pause ? RunStatus::Paused : RunStatus::Stopped);
        Q_EMIT finished(pause ? TrainingEnd::Paused : TrainingEnd::Stopped, m_lastStep);
    } else {
        const QString message = QString::fromStdString(result.error().message);
        (void)m_run.writeRunJson(m_config, RunStatus::Failed, message);
        Q_EMIT failed(message);
    }
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

Result<CheckpointEvaluation> evaluateCheckpoint(const QString& checkpoint, const QStringList& dataFiles,
                                                int holdoutPermille, qint64 maxGames, int threads) {
    try {
        auto m = training::evaluateHumanModel(checkpoint.toStdString(), toStd(dataFiles), true, holdoutPermille,
                                              maxGames, threads);
        if (!m.ok()) return m.error();
        CheckpointEvaluation e;
        e.checkpoint = checkpoint;
        auto row = [](int elo, const training::MoveMetrics::Bucket& b) {
            return EloBucketRow{elo, b.positions, b.top1Rate(), b.top3Rate(), b.meanNll()};
        };
        e.overall = row(-1, m->overall());
        for (const auto& [elo, b] : m->byElo()) e.byElo.append(row(elo, b));
        e.summary = QString::fromStdString(m->summary());
        return e;
    } catch (const std::exception& ex) {
        return makeError(ErrorCode::Runtime, checkpoint.toStdString() + ": " + ex.what());
    }
}

Status exportCheckpointBundle(const QString& checkpoint, const QString& out, const TrainingRunConfig& config) {
    try {
        return exportHumanBundle(checkpoint, out, config.toJson(), QJsonObject{}, true);
    } catch (const std::exception& ex) {
        return makeError(ErrorCode::Runtime, out.toStdString() + ": " + ex.what());
    }
}

}  // namespace kibitz::jobs
