// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/cancel_token.h"
#include "core/jobs/data_scan.h"
#include "core/jobs/training_job.h"
#include "core/jobs/training_run.h"
#include "core/jobs/worker_thread.h"
#include "ui/training_series.h"

#include <QElapsedTimer>
#include <QPointF>
#include <QVector>
#include <QWidget>

#include <functional>
#include <memory>

class QButtonGroup;
class QChart;
class QChartView;
class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QLineSeries;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;
class QSlider;
class QSpinBox;
class QTabWidget;
class QTimer;
class QValueAxis;

namespace kibitz::ui {

class EvaluationView;

/// The training studio for both models (human moves, puzzle rating): model kind, from scratch or fine-tuning a
/// bundle, data files with a quick scan, config, runs folder; Start / Pause / Resume / Stop of a run in a worker
/// thread; live charts (loss raw and smoothed, validation accuracy or MAE, learning rate, samples/s), ETA, log,
/// checkpoints with evaluate / export / use-for-analysis (or rating); evaluation views (by Elo bucket, by
/// solution length, predicted vs. true) and a side-by-side comparison of two models. Measures how late its own
/// 10 ms timer fires while a run is active (the GUI event loop's delay).
class TrainingPage : public QWidget {
    Q_OBJECT
public:
    explicit TrainingPage(QWidget* parent = nullptr);
    ~TrainingPage() override;

    void setRunsFolder(const QString& dir);
    QString runsFolder() const;
    /// Replaces the data file list and starts a quick scan of it in the background.
    void setDataFiles(const QStringList& files);
    QStringList dataFiles() const;
    /// The config the form describes (intervals derived from the step count).
    jobs::TrainingRunConfig formConfig() const;
    /// Folder of the current (or last) run; empty before the first start.
    QString currentRunDir() const { return m_runDir; }
    bool isRunning() const { return m_job != nullptr; }
    /// Step of the newest training point shown.
    qint64 lastStep() const { return m_series.lastStep(); }
    const TrainingSeries& series() const { return m_series; }
    /// The raw training-loss series (for tests and exports).
    QLineSeries* lossSeries() const { return m_lossRaw; }
    QLineSeries* smoothedLossSeries() const { return m_lossSmooth; }
    /// The validation series (top-1 accuracy for human runs, MAE for puzzle runs).
    QLineSeries* validationSeries() const { return m_valAccuracy; }
    EvaluationView* evaluationView() const { return m_evaluationView; }

    /// Lateness of the 10 ms probe timer while runs were active: worst and mean, in milliseconds.
    struct LoopDelay {
        double maxMs = 0.0;
        double meanMs = 0.0;
        qint64 samples = 0;
    };
    LoopDelay loopDelay() const;

    /// Saves the chart area as a PNG / all series as one CSV. False (with a message in the log) on failure.
    bool exportChartsPng(const QString& path);
    bool exportChartsCsv(const QString& path);
    /// The same for the evaluation view (the CSV of a puzzle evaluation has a _scatter.csv companion).
    bool exportEvaluationPng(const QString& path);
    bool exportEvaluationCsv(const QString& path);
    /// Chooses fine-tuning from `bundle` (a .kibitz file or checkpoint) in the form; empty: from scratch.
    void setFineTuneSource(const QString& bundle);

public Q_SLOTS:
    /// Starts a new run in a fresh folder under the runs folder with the form's config.
    void start();
    /// Stops the run after the current step with a checkpoint; it can be resumed.
    void pause();
    /// Continues the current (paused or interrupted) run from its latest checkpoint.
    void resume();
    /// Stops the run with a checkpoint and marks it stopped.
    void stop();
    /// Loads a run folder (config, metrics, checkpoints) so it can be inspected or resumed.
    void openRun(const QString& dir);
    /// Looks for runs that were running when the app died (or were paused) and offers to resume the newest.
    void checkResumableRuns();
    /// Evaluates a checkpoint of the current run on its held-out games or puzzles in the background (results in
    /// the Evaluation tab).
    void evaluateCheckpoint(const QString& checkpoint);
    /// Evaluates two models of one kind (bundles or checkpoints) on the same held-out data (the form's data
    /// files of that kind) in the background and shows them side by side.
    void compareModels(const QString& first, const QString& second);
    /// Writes a .kibitz bundle from a checkpoint in the background.
    void exportCheckpoint(const QString& checkpoint, const QString& out);
    /// Cancels the running and queued evaluations and comparisons: each ends within a batch (well under a second)
    /// and reports "cancelled" (checkpointEvaluated is not emitted; modelsCompared carries the error).
    void cancelEvaluations();

Q_SIGNALS:
    /// The user wants this bundle or checkpoint as the analysis model.
    void useModelRequested(const QString& path);
    /// The user wants this puzzle-rating bundle or checkpoint as the rating model.
    void useRatingModelRequested(const QString& path);
    /// checkResumableRuns() found a run to offer (the banner is showing).
    void resumeOffered(const QString& runDir);
    void runStarted(const QString& runDir);
    void runEnded(kibitz::jobs::TrainingEnd end, qint64 step);
    void runFailed(const QString& message);
    void scanned(const kibitz::jobs::DataScan& scan);
    void checkpointEvaluated(const kibitz::jobs::CheckpointEvaluation& evaluation);
    void checkpointExported(const QString& out, const QString& error);
    /// compareModels() finished: both evaluations, or an error message.
    void modelsCompared(const QVector<kibitz::jobs::CheckpointEvaluation>& evaluations, const QString& error);

private:
    void buildUi();
    QWidget* buildConfigPane();
    QWidget* buildResumeBanner(QWidget* pane);
    QGroupBox* buildModelBox(QWidget* pane);
    QGroupBox* buildDataBox(QWidget* pane);
    QGroupBox* buildConfigBox(QWidget* pane);
    QGridLayout* buildRunButtons(QWidget* pane);
    QWidget* buildChartsPane();
    void launch(const jobs::TrainingRunConfig& config, const QString& runDir, bool resume);
    void endJob();
    void updateButtons();
    void onProgress(const QVector<jobs::TrainingPoint>& points);
    void onValidation(const jobs::ValidationPoint& point);
    void onLog(const QStringList& lines);
    void onCheckpoints(const QStringList& files);
    void showMetrics(const jobs::RunMetrics& history);
    void clearCharts();
    void recomputeSmoothing();
    void startScan();
    void onScan(quint64 generation, const jobs::DataScan& scan);
    void addDataFiles();
    void removeDataFiles();
    void chooseRunsFolder();
    void exportPngInteractive();
    void exportCsvInteractive();
    QString selectedCheckpoint() const;
    void onKindChanged();
    void updateKindWidgets();
    void chooseFineTuneSource();
    void compareInteractive();
    void probeEventLoop();
    /// Runs `work` on the task thread (scans, evaluation, export, metric loading).
    void runTask(std::function<void()> work);
    /// An evaluation or comparison was queued (+1) or has ended (-1): the Cancel button follows.
    void countEvaluation(int delta);

    // Form.
    QComboBox* m_kind = nullptr;
    QRadioButton* m_fromScratch = nullptr;
    QRadioButton* m_fineTune = nullptr;
    QListWidget* m_files = nullptr;
    QLabel* m_scanLabel = nullptr;
    QLineEdit* m_initBundle = nullptr;
    QPushButton* m_initBrowse = nullptr;
    QComboBox* m_size = nullptr;
    QComboBox* m_variant = nullptr;
    QLabel* m_variantLabel = nullptr;
    QSpinBox* m_steps = nullptr;
    QSpinBox* m_batch = nullptr;
    QDoubleSpinBox* m_lr = nullptr;
    QSpinBox* m_threads = nullptr;
    QComboBox* m_device = nullptr;
    QLineEdit* m_runName = nullptr;
    QLineEdit* m_runsFolder = nullptr;
    QPushButton* m_start = nullptr;
    QPushButton* m_pause = nullptr;
    QPushButton* m_resume = nullptr;
    QPushButton* m_stop = nullptr;
    QWidget* m_resumeBanner = nullptr;
    QLabel* m_resumeLabel = nullptr;
    QString m_resumeCandidate;

    // Charts.
    QWidget* m_chartArea = nullptr;
    QChart* m_valChart = nullptr;
    QLineSeries* m_lossRaw = nullptr;
    QLineSeries* m_lossSmooth = nullptr;
    QLineSeries* m_valAccuracy = nullptr;
    QLineSeries* m_lrSeries = nullptr;
    QLineSeries* m_speedSeries = nullptr;
    QSlider* m_smoothing = nullptr;
    QLabel* m_eta = nullptr;
    TrainingSeries m_series;  ///< what the charts show

    // Below the charts.
    QPlainTextEdit* m_log = nullptr;
    QListWidget* m_checkpoints = nullptr;
    QPushButton* m_useCheckpoint = nullptr;
    EvaluationView* m_evaluationView = nullptr;
    QTabWidget* m_tabs = nullptr;
    QWidget* m_evaluationPane = nullptr;
    QLabel* m_status = nullptr;

    // The run.
    jobs::TrainingRunConfig m_config;
    QString m_runDir;
    jobs::TrainingJob* m_job = nullptr;
    std::unique_ptr<jobs::WorkerThread> m_trainThread;  ///< one per run
    bool m_stopping = false;
    bool m_canResume = false;

    // Background tasks (one thread, one at a time in order).
    jobs::WorkerThread m_taskThread{QStringLiteral("kibitz-training-tasks")};
    // Evaluations and comparisons queued since the last cancel share one token; cancelling replaces it, so a
    // cancel never reaches a later request and is never lost for one not yet started. The page's end cancels
    // every task (m_closing), so closing it during a comparison returns at once.
    CancelToken m_evalCancel;
    CancelToken m_closing;
    int m_evaluationsRunning = 0;
    QPushButton* m_cancelEvaluation = nullptr;
    CancelToken m_scanCancel;
    quint64 m_scanGeneration = 0;

    // Event-loop delay probe.
    QTimer* m_probe = nullptr;
    QElapsedTimer m_probeClock;
    qint64 m_probeLast = 0;
    double m_delayMax = 0.0;
    double m_delaySum = 0.0;
    qint64 m_delaySamples = 0;
    qint64 m_statusShownAt = 0;
};

}  // namespace kibitz::ui
