// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the training page's charts show, as plain points (no chart objects): the loss raw and smoothed, the
// learning rate and samples/s by step, and the validation metric; a resumed run's repeated steps replace the old
// ones. The page draws these; tests read them without a window.

#include "core/jobs/training_run.h"

#include <QPointF>
#include <QVector>

namespace kibitz::ui {

class TrainingSeries {
public:
    /// Appends progress points. A resume repeats the steps after its last checkpoint: points at or after the first
    /// new step are dropped first, and the answer is true (the charts must be redrawn, not extended).
    bool append(const QVector<jobs::TrainingPoint>& points);
    /// Appends a validation point (step, top-1 or MAE); points at or after its step (a resumed run's) go first.
    void appendValidation(QPointF point);
    void setValidation(const QVector<QPointF>& points) { m_validation = points; }
    /// The loss smoothing: an exponential moving average with this weight on the previous value (0: none, < 1).
    void setSmoothing(double previousWeight);
    void clear();

    const QVector<jobs::TrainingPoint>& points() const { return m_points; }  ///< as received, one per step
    const QVector<QPointF>& loss() const { return m_loss; }
    const QVector<QPointF>& smoothedLoss() const { return m_smoothed; }
    const QVector<QPointF>& learningRate() const { return m_lr; }
    const QVector<QPointF>& speed() const { return m_speed; }  ///< samples per second
    const QVector<QPointF>& validation() const { return m_validation; }
    qint64 lastStep() const { return m_points.isEmpty() ? 0 : m_points.last().step; }

private:
    void smoothFrom(qsizetype first);

    double m_previousWeight = 0.8;
    QVector<jobs::TrainingPoint> m_points;
    QVector<QPointF> m_loss, m_smoothed, m_lr, m_speed, m_validation;
};

}  // namespace kibitz::ui
