// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Training runs for the GUI: a QObject worker around the human-move and puzzle-rating trainers, plus the
// checkpoint and bundle actions (fine-tune start, evaluate, compare, export). Torch-free header.

#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/jobs/training_run.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QVector>

#include <atomic>
#include <string>

namespace kibitz::jobs {

/// How a run that returned normally ended.
enum class TrainingEnd { Completed, Paused, Stopped };

/// Runs one training session (fresh or resumed) of a run folder. Move it to a QThread and invoke run();
/// requestStop() may be called from any thread (it sets an atomic token the trainer checks after each step).
/// Progress reaches the receiver as queued signals batched to at most ~15 per second; the same points are
/// appended to the run's metrics files from the worker thread. Every failure becomes failed(message).
class TrainingJob : public QObject {
    Q_OBJECT
public:
    TrainingJob(TrainingRunConfig config, QString runDir, QObject* parent = nullptr);
    ~TrainingJob() override;

    /// Thread-safe: stop after the current step with a checkpoint. `pause` records the run as paused
    /// (resumable) rather than stopped.
    void requestStop(bool pause);

public Q_SLOTS:
    /// Trains until the schedule ends or a stop is requested. With `resume`, continues exactly from the
    /// run's latest.pt (same step, data position, optimizer state).
    void run(bool resume);

Q_SIGNALS:
    void progressed(const QVector<kibitz::jobs::TrainingPoint>& points);
    void validated(const kibitz::jobs::ValidationPoint& point);
    void logged(const QStringList& lines);
    /// The checkpoint files of the run after a new one was written (newest first).
    void checkpointsChanged(const QStringList& checkpoints);
    void finished(kibitz::jobs::TrainingEnd end, qint64 step);
    void failed(const QString& message);

private:
    void runUnguarded(bool resume);
    /// run.json with `status`; a failure to write it is logged, not dropped.
    void writeStatus(RunStatus status, const QString& message = {});
    Status trainHuman(bool resume, const QString& init);
    Status trainPuzzle(bool resume, const QString& init);
    void addPoint(const TrainingPoint& point);
    void addValidation(const ValidationPoint& point);
    void addLog(const std::string& line);
    void flush(bool force);

    TrainingRunConfig m_config;
    TrainingRun m_run;
    CancelToken m_cancel;
    std::atomic<bool> m_pause{false};
    QVector<TrainingPoint> m_pending;
    QStringList m_pendingLog;
    bool m_checkpointWritten = false;
    qint64 m_lastStep = 0;
    qint64 m_checkpointEvery = 1;   ///< puzzle runs: checkpoint interval (see trainPuzzle)
    qint64 m_checkpointsSeen = -1;  ///< puzzle runs: index of the last checkpoint reported
    QElapsedTimer m_sinceFlush;
    QElapsedTimer m_sinceJson;
};

/// Accuracy of a human-move model on held-out games, overall and per 100-Elo bucket.
struct EloBucketRow {
    int elo = 0;  ///< lower bound of the bucket
    qint64 positions = 0;
    double top1 = 0.0;
    double top3 = 0.0;
    double nll = 0.0;
};
/// Errors of a puzzle-rating model on held-out puzzles, overall (length = -1) or for one solution length.
struct PuzzleLengthRow {
    int length = -1;
    qint64 puzzles = 0;
    double mae = 0.0;
    double rmse = 0.0;
    double withinRd[3] = {};   ///< fraction within 1/2/3 rating deviations
    double baselineMae = 0.0;  ///< MAE of the training mean by solution length on the same puzzles
};
/// An evaluation of a checkpoint or bundle: by Elo bucket (kind "human") or by solution length with the
/// predicted-vs-true points (kind "puzzle").
struct CheckpointEvaluation {
    QString checkpoint;  ///< the evaluated file (checkpoint or .kibitz bundle)
    ModelKind kind = ModelKind::Human;
    EloBucketRow overall;  ///< human; elo = -1
    QVector<EloBucketRow> byElo;
    PuzzleLengthRow puzzleOverall;  ///< puzzle
    QVector<PuzzleLengthRow> byLength;
    QVector<QPointF> predictedVsTrue;  ///< puzzle: (Lichess rating, predicted rating) per held-out puzzle
    QString summary;
};

/// The model kind ("human" or "puzzle") of a .kibitz bundle (its manifest) or a trainer checkpoint.
/// Errors name the file.
Result<ModelKind> modelKindOf(const QString& path);

/// Writes the model of `source` (a .kibitz bundle or a trainer checkpoint of `kind`) as a weights checkpoint at
/// `out` that the trainers' fine-tuning option reads. Errors name the file.
Status writeInitialCheckpoint(ModelKind kind, const QString& source, const QString& out);

/// Evaluates `model` (a checkpoint or .kibitz bundle of `kind`) on the held-out part of `dataFiles`: at most
/// `maxItems` games (human, split by `holdoutPermille`) or puzzles (puzzle, FNV-1a(PuzzleId) % 20 == 0).
/// Synchronous and slow: call it from a worker thread. Errors (unreadable model or data, torch failures) name
/// the file. A cancel ends it within a batch of positions or puzzles (well under a second) with
/// ErrorCode::Cancelled.
Result<CheckpointEvaluation> evaluateModel(ModelKind kind, const QString& model, const QStringList& dataFiles,
                                           int holdoutPermille, qint64 maxItems, int threads,
                                           const CancelToken& cancel = CancelToken());

/// Writes a .kibitz bundle from `checkpoint` of a run of `config.kind`: human (fp16 weights, the run's config in
/// the manifest) or puzzle (exportPuzzleBundle).
/// A cancel before it starts writes nothing (ErrorCode::Cancelled).
Status exportCheckpointBundle(const QString& checkpoint, const QString& out, const TrainingRunConfig& config,
                              const CancelToken& cancel = CancelToken());

}  // namespace kibitz::jobs

Q_DECLARE_METATYPE(kibitz::jobs::TrainingPoint)
Q_DECLARE_METATYPE(kibitz::jobs::ValidationPoint)
Q_DECLARE_METATYPE(kibitz::jobs::TrainingEnd)
Q_DECLARE_METATYPE(kibitz::jobs::CheckpointEvaluation)
