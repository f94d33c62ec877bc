// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A training run on disk (torch-free, QtCore only): run.json (config, data files, status), metrics.csv,
// validation.csv and metrics.json, next to the trainer's checkpoints (latest.pt, step-N.pt).

#include "core/common/device_choice.h"
#include "core/common/result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVector>

#include <utility>

namespace kibitz::jobs {

/// The two kinds of model Kibitz trains. Named "human" and "puzzle" in run.json, bundles and the CLI.
enum class ModelKind { Human, Puzzle };
QString modelKindName(ModelKind kind);
/// "human" or "puzzle"; anything else is an InvalidInput error quoting it.
Result<ModelKind> parseModelKind(const QString& name);

/// What the user chose for a run. Stored in run.json; a resume re-reads it so the trainer sees the same options.
struct TrainingRunConfig {
    QString name;  ///< folder name under the runs directory
    ModelKind kind = ModelKind::Human;
    QStringList dataFiles;  ///< PGN / .pgn.zst (human), CSV / .csv.zst (puzzle)
    /// A name of the model-config registry the CLI's --config reads too (human: tiny / small / small-v2 / medium;
    /// puzzle: tiny / small / paper), kept as that name: an enum here would be a second copy of the registry.
    QString size = QStringLiteral("tiny");
    QString variant = QStringLiteral("fe");  ///< puzzle only: fe / fsa / stacked
    /// Fine-tuning: the .kibitz bundle (or checkpoint) whose config and weights the run starts from; empty:
    /// fresh weights. The optimizer state starts anew.
    QString initFrom;
    qint64 steps = 2000;  ///< length of the schedule
    int batchSize = 64;
    double learningRate = 1e-3;
    int threads = 1;
    /// Where a human-move run trains (auto: CUDA when LibTorch sees a GPU); puzzle-rating runs train on the CPU.
    DeviceChoice device = DeviceChoice::Auto;
    quint64 seed = 1;
    qint64 warmupSteps = 100;
    qint64 logEvery = 10;
    qint64 checkpointEvery = 100;
    qint64 keepEvery = 500;      ///< also keep step-N.pt this often (0: never)
    qint64 validateEvery = 200;  ///< 0: never
    int validationPositions = 2000;
    int holdoutPermille = 30;
    int chunkGames = 2000;

    /// Picks log/checkpoint/validation intervals that suit `steps` (a point every ~1/500 of the run, at most
    /// every 50 steps; a checkpoint every ~1/20; a kept copy every ~1/5; validation every ~1/10).
    void deriveIntervals();
    QJsonObject toJson() const;
    /// Missing keys keep their defaults; a wrong type is an error naming the key.
    static Result<TrainingRunConfig> fromJson(const QJsonObject& json);
};

/// Life-cycle state written to run.json. "running" left behind means the app died mid-run.
enum class RunStatus { Created, Running, Paused, Stopped, Completed, Failed };
QString runStatusName(RunStatus status);
RunStatus runStatusFromName(const QString& name);

/// One progress report (a window of `logEvery` steps).
struct TrainingPoint {
    qint64 step = 0;
    qint64 totalSteps = 0;
    qint64 samplesSeen = 0;
    double loss = 0.0;
    double accuracy = 0.0;  ///< human: top-1 on training batches
    double learningRate = 0.0;
    double samplesPerSecond = 0.0;
    double etaSeconds = 0.0;
    double wallSeconds = 0.0;
    qint64 epoch = 0;
    double mae = 0.0;  ///< puzzle: mean absolute rating error on training batches
};

/// One validation pass on held-out games (human) or puzzles (puzzle).
struct ValidationPoint {
    qint64 step = 0;
    qint64 positions = 0;  ///< positions (human) or puzzles (puzzle) scored
    double top1 = 0.0;
    double top3 = 0.0;
    double nll = 0.0;
    double mae = 0.0;          ///< puzzle: mean |rating - predicted|
    double rmse = 0.0;         ///< puzzle
    double baselineMae = 0.0;  ///< puzzle: MAE of predicting the training mean by solution length
};

/// The metrics of a run as read back from disk.
struct RunMetrics {
    QVector<TrainingPoint> training;
    QVector<ValidationPoint> validation;
};

/// A run folder: its config, status and files. All functions are synchronous file I/O (call them off the
/// GUI thread for big runs); writes go to a temporary file that is renamed, or are appended and flushed.
class TrainingRun {
public:
    explicit TrainingRun(QString dir) : m_dir(std::move(dir)) {}
    const QString& dir() const { return m_dir; }
    QString runJsonPath() const;
    QString metricsCsvPath() const;
    QString validationCsvPath() const;
    QString metricsJsonPath() const;
    QString latestCheckpoint() const;

    /// Writes run.json {config, status, updated} atomically (creates the folder). Errors name the file.
    Status writeRunJson(const TrainingRunConfig& config, RunStatus status, const QString& message = {}) const;
    /// Reads run.json; errors name the file and the key.
    Result<TrainingRunConfig> readConfig() const;
    Result<RunStatus> readStatus() const;

    /// Appends points to metrics.csv / validation.csv (header on first write) and flushes. A point whose step
    /// is not past the last stored one (a resume after a kill repeats steps after the last checkpoint) first
    /// drops the stored rows from that step on, so every step appears once.
    Status appendTraining(const QVector<TrainingPoint>& points);
    Status appendValidation(const QVector<ValidationPoint>& points);
    /// Rewrites metrics.json {"training":[...],"validation":[...]} from the CSV files (temp + rename).
    Status writeMetricsJson() const;
    /// Reads metrics.csv and validation.csv (missing files: empty). Errors name file:line.
    Result<RunMetrics> readMetrics() const;

    /// Checkpoints in the folder, newest step first, latest.pt on top.
    QStringList checkpoints() const;

private:
    QString m_dir;
    qint64 m_lastTrainingStep = -1;  ///< -1: not read yet
    qint64 m_lastValidationStep = -1;
};

/// Runs under `runsDir` whose run.json says "running" (the app was killed) or "paused", newest first.
QStringList resumableRuns(const QString& runsDir);

/// The default runs folder: <AppDataLocation>/runs.
QString defaultRunsDirectory();

/// What the training studio's form starts a kind's run with: a small model, 20,000 steps, and that trainer's
/// batch and learning rate as the CLI has them (human 256 at 1e-3, puzzle 64 at 5e-4).
TrainingRunConfig studioDefaults(ModelKind kind);
/// A fine-tune starts lower than a fresh run (the user may still change it).
inline constexpr double kFineTuneLearningRate = 1e-4;

/// The folder name a new run gets under `runsDir`: the config's name, or "<kind>-<size or finetune>-<yyyyMMdd-HHmmss>"
/// at `now` when it has none; "-2", "-3"... appended while the name is taken, so a run never trains over another
/// run's checkpoints.
QString newRunName(const TrainingRunConfig& config, const QString& runsDir, const QDateTime& now);

}  // namespace kibitz::jobs
