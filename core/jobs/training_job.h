// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Training runs for the GUI: a QObject worker around the human-move trainer, plus the checkpoint actions
// (evaluate, export). Torch-free header.

#include "core/common/cancel_token.h"
#include "core/common/result.h"
#include "core/jobs/training_run.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVector>

#include <atomic>

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
    void flush(bool force);

    TrainingRunConfig m_config;
    TrainingRun m_run;
    CancelToken m_cancel;
    std::atomic<bool> m_pause{false};
    QVector<TrainingPoint> m_pending;
    QStringList m_pendingLog;
    bool m_checkpointWritten = false;
    qint64 m_lastStep = 0;
    QElapsedTimer m_sinceFlush;
    QElapsedTimer m_sinceJson;
};

/// Accuracy of a checkpoint on held-out games, overall and per 100-Elo bucket.
struct EloBucketRow {
    int elo = 0;  ///< lower bound of the bucket
    qint64 positions = 0;
    double top1 = 0.0;
    double top3 = 0.0;
    double nll = 0.0;
};
struct CheckpointEvaluation {
    QString checkpoint;
    EloBucketRow overall;  ///< elo = -1
    QVector<EloBucketRow> byElo;
    QString summary;
};

/// Evaluates `checkpoint` on the held-out games of `dataFiles` (at most `maxGames` games). Synchronous and
/// slow: call it from a worker thread. Errors (unreadable checkpoint or data, torch failures) name the file.
Result<CheckpointEvaluation> evaluateCheckpoint(const QString& checkpoint, const QStringList& dataFiles,
                                                int holdoutPermille, qint64 maxGames, int threads);

/// Writes a .kibitz bundle (fp16 weights) from `checkpoint`, recording the run's config in the manifest.
Status exportCheckpointBundle(const QString& checkpoint, const QString& out, const TrainingRunConfig& config);

}  // namespace kibitz::jobs

Q_DECLARE_METATYPE(kibitz::jobs::TrainingPoint)
Q_DECLARE_METATYPE(kibitz::jobs::ValidationPoint)
Q_DECLARE_METATYPE(kibitz::jobs::TrainingEnd)
Q_DECLARE_METATYPE(kibitz::jobs::CheckpointEvaluation)
