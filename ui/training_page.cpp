// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/training_page.h"
#include "ui/training_page_detail.h"

#include "core/jobs/export_files.h"
#include "ui/evaluation_view.h"

#include <QDateTime>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace kibitz::ui {

using namespace training_page_detail;

namespace {

/// How late the probe may fire before it counts (timer granularity, not a stall).
constexpr int kProbeMs = 10;
/// Evaluations read at most this many held-out games (human) or puzzles (puzzle).
constexpr qint64 kEvalGames = 500;
constexpr qint64 kEvalPuzzles = 5000;

}  // namespace

TrainingPage::TrainingPage(QWidget* parent) : QWidget(parent) {
    qRegisterMetaType<jobs::DataScan>();

    buildUi();
    setRunsFolder(jobs::defaultRunsDirectory());

    m_probe = new QTimer(this);
    m_probe->setTimerType(Qt::PreciseTimer);
    m_probe->setInterval(kProbeMs);
    connect(m_probe, &QTimer::timeout, this, &TrainingPage::probeEventLoop);
    m_probeClock.start();
    updateButtons();
}

TrainingPage::~TrainingPage() {
    m_closing.cancel();
    m_evalCancel.cancel();
    m_scanCancel.cancel();
    if (m_job) m_job->requestStop(true);  // the trainer writes a checkpoint; the run stays resumable
    m_trainThread.reset();                // the job is deleted on its thread as the thread ends
    m_job = nullptr;
    m_taskThread.stop();
}

void TrainingPage::buildUi() {
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    auto* scroll = new QScrollArea(splitter);
    scroll->setWidget(buildConfigPane());
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(300);
    splitter->addWidget(scroll);
    splitter->addWidget(buildChartsPane());
    splitter->setStretchFactor(1, 1);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("trainingStatus"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_status);
}

void TrainingPage::start() {
    if (m_job) return;
    jobs::TrainingRunConfig config = formConfig();
    const bool puzzle = isPuzzleKind(config.kind);
    if (config.dataFiles.isEmpty()) {
        onLog({puzzle ? tr("Add at least one puzzle CSV file first") : tr("Add at least one PGN file first")});
        return;
    }
    for (const QString& f : config.dataFiles)
        if (jobs::isPuzzleFile(f) != puzzle) {
            onLog({puzzle ? tr("%1 is not a puzzle CSV; the puzzle-rating model trains on Lichess puzzle CSV").arg(f)
                          : tr("%1 is a puzzle CSV; the human-move model trains on PGN games").arg(f)});
            return;
        }
    if (m_fineTune->isChecked() && (config.initFrom.isEmpty() || !QFileInfo::exists(config.initFrom))) {
        onLog({tr("Choose the bundle to fine-tune first")});
        return;
    }
    const QDir runs(runsFolder());
    config.name = jobs::newRunName(config, runs.path(), QDateTime::currentDateTime());
    clearCharts();
    m_log->clear();
    m_checkpoints->clear();
    launch(config, runs.filePath(config.name), false);
}

void TrainingPage::pause() {
    if (!m_job || m_stopping) return;
    m_stopping = true;
    m_job->requestStop(true);
    onLog({tr("pausing: finishing the current step and writing a checkpoint…")});
    updateButtons();
}

void TrainingPage::stop() {
    if (!m_job || m_stopping) return;
    m_stopping = true;
    m_job->requestStop(false);
    onLog({tr("stopping: finishing the current step and writing a checkpoint…")});
    updateButtons();
}

void TrainingPage::resume() {
    if (m_job || m_runDir.isEmpty()) return;
    if (!QFileInfo::exists(jobs::TrainingRun(m_runDir).latestCheckpoint())) {
        onLog({tr("%1 has no checkpoint to resume from").arg(m_runDir)});
        return;
    }
    launch(m_config, m_runDir, true);
}

void TrainingPage::launch(const jobs::TrainingRunConfig& config, const QString& runDir, bool resume) {
    m_config = config;
    m_runDir = runDir;
    m_stopping = false;
    m_trainThread = std::make_unique<jobs::WorkerThread>(QStringLiteral("kibitz-training"));
    m_job = m_trainThread->make<jobs::TrainingJob>(config, runDir);
    connect(m_job, &jobs::TrainingJob::progressed, this, &TrainingPage::onProgress);
    connect(m_job, &jobs::TrainingJob::validated, this, &TrainingPage::onValidation);
    connect(m_job, &jobs::TrainingJob::logged, this, &TrainingPage::onLog);
    connect(m_job, &jobs::TrainingJob::checkpointsChanged, this, &TrainingPage::onCheckpoints);
    connect(m_job, &jobs::TrainingJob::finished, this, [this](jobs::TrainingEnd end, qint64 step) {
        endJob();
        m_canResume = end == jobs::TrainingEnd::Paused;
        const QString what = end == jobs::TrainingEnd::Completed ? tr("completed")
                             : end == jobs::TrainingEnd::Paused  ? tr("paused")
                                                                 : tr("stopped");
        onLog({tr("run %1 at step %2").arg(what).arg(step)});
        updateButtons();
        Q_EMIT runEnded(end, step);
    });
    connect(m_job, &jobs::TrainingJob::failed, this, [this](const QString& message) {
        endJob();
        m_canResume = QFileInfo::exists(jobs::TrainingRun(m_runDir).latestCheckpoint());
        onLog({tr("error: %1").arg(message)});
        updateButtons();
        Q_EMIT runFailed(message);
    });
    QMetaObject::invokeMethod(
        m_job, [job = m_job, resume] { job->run(resume); }, Qt::QueuedConnection);

    m_delayMax = m_delaySum = 0.0;
    m_delaySamples = 0;
    m_probeLast = m_probeClock.elapsed();
    m_probe->start();
    updateButtons();
    Q_EMIT runStarted(runDir);
}

void TrainingPage::endJob() {
    // The job emitted its last signal at the end of run(); quit+wait only waits for that slot to return.
    m_trainThread.reset();  // the job is deleted on its thread as the thread ends
    m_job = nullptr;
    m_stopping = false;
    m_probe->stop();
    const LoopDelay d = loopDelay();
    onLog({tr("GUI event loop during the run: max delay %1 ms, mean %2 ms over %3 probes")
               .arg(d.maxMs, 0, 'f', 1)
               .arg(d.meanMs, 0, 'f', 2)
               .arg(d.samples)});
}

void TrainingPage::updateButtons() {
    const bool running = m_job != nullptr;
    m_start->setEnabled(!running);
    m_pause->setEnabled(running && !m_stopping);
    m_stop->setEnabled(running && !m_stopping);
    m_resume->setEnabled(!running && m_canResume && !m_runDir.isEmpty());
    for (QWidget* w : std::initializer_list<QWidget*>{m_kind, m_fromScratch, m_fineTune, m_steps, m_batch, m_lr,
                                                      m_threads, m_device, m_runName, m_runsFolder, m_files})
        w->setEnabled(!running);
    updateKindWidgets();
}

void TrainingPage::openRun(const QString& dir) {
    if (m_job) return;
    jobs::TrainingRun run(dir);
    auto config = run.readConfig();
    if (!config.ok()) {
        onLog({QString::fromStdString(config.error().message)});
        return;
    }
    m_config = config.value();
    m_runDir = dir;
    m_canResume = QFileInfo::exists(run.latestCheckpoint());
    // Show the run's settings in the form, so what is resumed is what is seen.
    {
        const QSignalBlocker block(m_kind);  // keep the run's values, not the kind's defaults
        m_kind->setCurrentIndex(std::max(0, m_kind->findData(jobs::modelKindName(m_config.kind))));
    }
    updateKindWidgets();
    m_files->clear();
    m_files->addItems(m_config.dataFiles);
    m_size->setCurrentIndex(std::max(0, m_size->findData(m_config.size)));
    m_variant->setCurrentIndex(std::max(0, m_variant->findData(m_config.variant)));
    {
        const QSignalBlocker block(m_fineTune);
        (m_config.initFrom.isEmpty() ? m_fromScratch : m_fineTune)->setChecked(true);
    }
    m_initBundle->setText(m_config.initFrom);
    m_steps->setValue(int(std::min<qint64>(m_config.steps, m_steps->maximum())));
    m_batch->setValue(m_config.batchSize);
    m_lr->setValue(m_config.learningRate);
    m_threads->setValue(m_config.threads);
    m_device->setCurrentIndex(std::max(0, m_device->findData(QString::fromLatin1(deviceChoiceName(m_config.device)))));
    m_runName->setText(m_config.name);
    m_runsFolder->setText(QFileInfo(dir).absolutePath());
    m_log->clear();
    onLog({tr("opened run %1").arg(dir)});
    clearCharts();
    onCheckpoints(run.checkpoints());
    runTask([this, dir] {
        auto metrics = jobs::TrainingRun(dir).readMetrics();
        QMetaObject::invokeMethod(this, [this, dir, metrics = std::move(metrics)] {
            if (dir != m_runDir) return;
            if (!metrics.ok())
                onLog({QString::fromStdString(metrics.error().message)});
            else
                showMetrics(metrics.value());
        });
    });
    updateButtons();
}

void TrainingPage::checkResumableRuns() {
    const QString folder = runsFolder();
    runTask([this, folder] {
        const QStringList runs = jobs::resumableRuns(folder);
        QMetaObject::invokeMethod(this, [this, runs] {
            if (runs.isEmpty() || m_job) return;
            m_resumeCandidate = runs.first();
            auto status = jobs::TrainingRun(m_resumeCandidate).readStatus();
            const bool killed = status.ok() && status.value() == jobs::RunStatus::Running;
            m_resumeLabel->setText(killed ? tr("The run %1 was interrupted (the app closed mid-run). Resume it "
                                               "from its last checkpoint?")
                                                .arg(QFileInfo(m_resumeCandidate).fileName())
                                          : tr("The run %1 is paused.").arg(QFileInfo(m_resumeCandidate).fileName()));
            m_resumeBanner->show();
            Q_EMIT resumeOffered(m_resumeCandidate);
        });
    });
}

void TrainingPage::evaluateCheckpoint(const QString& checkpoint) {
    const jobs::ModelKind kind = m_runDir.isEmpty() ? formConfig().kind : m_config.kind;
    const QStringList files = m_config.dataFiles.isEmpty() ? dataFiles() : m_config.dataFiles;
    const int holdout = m_config.holdoutPermille;
    const int threads = m_threads->value();
    const bool puzzle = isPuzzleKind(kind);
    onLog({(puzzle ? tr("evaluating %1 on held-out puzzles…") : tr("evaluating %1 on held-out games…"))
               .arg(QFileInfo(checkpoint).fileName())});
    countEvaluation(+1);
    runTask([this, kind, checkpoint, files, holdout, threads, puzzle, cancel = m_evalCancel] {
        auto e =
            jobs::evaluateModel(kind, checkpoint, files, holdout, puzzle ? kEvalPuzzles : kEvalGames, threads, cancel);
        if (m_closing.isCancelled()) return;
        QMetaObject::invokeMethod(this, [this, e = std::move(e)] {
            countEvaluation(-1);
            if (!e.ok()) {
                onLog({e.error().code == ErrorCode::Cancelled
                           ? tr("evaluation cancelled")
                           : tr("evaluation failed: %1").arg(QString::fromStdString(e.error().message))});
                return;
            }
            const jobs::CheckpointEvaluation& ev = e.value();
            onLog({tr("evaluation of %1: %2").arg(QFileInfo(ev.checkpoint).fileName(), ev.summary)});
            // The previous evaluation stays beside the new one, so two checkpoints compare side by side.
            m_evaluationView->addEvaluation(ev);
            m_tabs->setCurrentWidget(m_evaluationPane);
            Q_EMIT checkpointEvaluated(ev);
        });
    });
}

void TrainingPage::compareModels(const QString& first, const QString& second) {
    const QStringList files = dataFiles().isEmpty() ? m_config.dataFiles : dataFiles();
    const int holdout = m_config.holdoutPermille;
    const int threads = m_threads->value();
    onLog({tr("comparing %1 and %2…").arg(QFileInfo(first).fileName(), QFileInfo(second).fileName())});
    countEvaluation(+1);
    runTask([this, first, second, files, holdout, threads, cancel = m_evalCancel] {
        QVector<jobs::CheckpointEvaluation> evaluations;
        QString error;
        auto kindA = jobs::modelKindOf(first);
        auto kindB = jobs::modelKindOf(second);
        if (!kindA.ok() || !kindB.ok()) {
            error = QString::fromStdString((kindA.ok() ? kindB.error() : kindA.error()).message);
        } else if (kindA.value() != kindB.value()) {
            error = tr("%1 is a %2 model and %3 a %4 model; only models of one kind compare")
                        .arg(QFileInfo(first).fileName(), jobs::modelKindName(kindA.value()),
                             QFileInfo(second).fileName(), jobs::modelKindName(kindB.value()));
        } else {
            // Both on the same held-out data: the data files of their kind.
            const bool puzzle = isPuzzleKind(kindA.value());
            QStringList heldOutData;
            for (const QString& f : files)
                if (jobs::isPuzzleFile(f) == puzzle) heldOutData << f;
            if (heldOutData.isEmpty())
                error = puzzle ? tr("add puzzle CSV files to compare puzzle models on their held-out puzzles")
                               : tr("add PGN files to compare human-move models on their held-out games");
            for (const QString& model : {first, second}) {
                if (!error.isEmpty()) break;
                auto e = jobs::evaluateModel(kindA.value(), model, heldOutData, holdout,
                                             puzzle ? kEvalPuzzles : kEvalGames, threads, cancel);
                if (!e.ok() && e.error().code == ErrorCode::Cancelled)
                    error = tr("comparison cancelled");
                else if (!e.ok())
                    error = QString::fromStdString(e.error().message);
                else
                    evaluations.append(e.value());
            }
        }
        if (m_closing.isCancelled()) return;
        QMetaObject::invokeMethod(this, [this, evaluations, error] {
            countEvaluation(-1);
            if (!error.isEmpty()) {
                onLog({tr("comparison failed: %1").arg(error)});
            } else {
                for (const auto& ev : evaluations)
                    onLog({tr("evaluation of %1: %2").arg(QFileInfo(ev.checkpoint).fileName(), ev.summary)});
                m_evaluationView->setEvaluations(evaluations);
                m_tabs->setCurrentWidget(m_evaluationPane);
            }
            Q_EMIT modelsCompared(evaluations, error);
        });
    });
}

void TrainingPage::compareInteractive() {
    const QString filter = tr("Models (*.kibitz *.pt);;All files (*)");
    const QString first = QFileDialog::getOpenFileName(this, tr("First model"), m_runDir, filter);
    if (first.isEmpty()) return;
    const QString second = QFileDialog::getOpenFileName(this, tr("Second model"), QFileInfo(first).path(), filter);
    if (!second.isEmpty()) compareModels(first, second);
}

bool TrainingPage::exportEvaluationPng(const QString& path) {
    QString error;
    if (m_evaluationView->exportPng(path, &error)) return true;
    onLog({error});
    return false;
}

bool TrainingPage::exportEvaluationCsv(const QString& path) {
    QString error;
    if (m_evaluationView->exportCsv(path, &error)) return true;
    onLog({error});
    return false;
}

void TrainingPage::exportCheckpoint(const QString& checkpoint, const QString& out) {
    const jobs::TrainingRunConfig config = m_config;
    onLog({tr("exporting %1 to %2…").arg(QFileInfo(checkpoint).fileName(), out)});
    runTask([this, checkpoint, out, config] {
        const Status s = jobs::exportCheckpointBundle(checkpoint, out, config, m_closing);
        if (m_closing.isCancelled()) return;
        const QString error = s.ok() ? QString() : QString::fromStdString(s.error().message);
        QMetaObject::invokeMethod(this, [this, out, error] {
            onLog({error.isEmpty() ? tr("bundle written: %1").arg(out) : tr("export failed: %1").arg(error)});
            Q_EMIT checkpointExported(out, error);
        });
    });
}

void TrainingPage::cancelEvaluations() {
    if (m_evaluationsRunning == 0) return;
    m_evalCancel.cancel();
    m_evalCancel = CancelToken();
    onLog({tr("cancelling the evaluation…")});
}

void TrainingPage::countEvaluation(int delta) {
    m_evaluationsRunning = std::max(0, m_evaluationsRunning + delta);
    m_cancelEvaluation->setEnabled(m_evaluationsRunning > 0);
}

void TrainingPage::runTask(std::function<void()> work) { m_taskThread.post(std::move(work)); }

void TrainingPage::probeEventLoop() {
    const qint64 now = m_probeClock.elapsed();
    const double late = std::max<double>(0.0, double(now - m_probeLast - kProbeMs));
    m_probeLast = now;
    m_delayMax = std::max(m_delayMax, late);
    m_delaySum += late;
    ++m_delaySamples;
    if (now - m_statusShownAt >= 500) {
        m_statusShownAt = now;
        const LoopDelay d = loopDelay();
        m_status->setText(tr("GUI event loop delay while training: max %1 ms, mean %2 ms")
                              .arg(d.maxMs, 0, 'f', 1)
                              .arg(d.meanMs, 0, 'f', 2));
    }
}

TrainingPage::LoopDelay TrainingPage::loopDelay() const {
    LoopDelay d;
    d.maxMs = m_delayMax;
    d.samples = m_delaySamples;
    d.meanMs = m_delaySamples > 0 ? m_delaySum / double(m_delaySamples) : 0.0;
    return d;
}

}  // namespace kibitz::ui
