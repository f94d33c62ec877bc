// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/training_series.h"

namespace kibitz::ui {

bool TrainingSeries::append(const QVector<jobs::TrainingPoint>& points) {
    if (points.isEmpty()) return false;
    const qint64 first = points.first().step;
    qsizetype keep = m_points.size();
    while (keep > 0 && m_points[keep - 1].step >= first) --keep;
    const bool truncated = keep < m_points.size();
    m_points.resize(keep);
    for (QVector<QPointF>* s : {&m_loss, &m_smoothed, &m_lr, &m_speed}) s->resize(keep);
    for (const jobs::TrainingPoint& p : points) {
        const double x = double(p.step);
        m_points << p;
        m_loss << QPointF(x, p.loss);
        m_lr << QPointF(x, p.learningRate);
        m_speed << QPointF(x, p.samplesPerSecond);
    }
    smoothFrom(keep);
    return truncated;
}

void TrainingSeries::appendValidation(QPointF point) {
    while (!m_validation.isEmpty() && m_validation.last().x() >= point.x()) m_validation.removeLast();
    m_validation << point;
}

void TrainingSeries::setSmoothing(double previousWeight) {
    m_previousWeight = previousWeight;
    smoothFrom(0);
}

void TrainingSeries::clear() {
    m_points.clear();
    for (QVector<QPointF>* s : {&m_loss, &m_smoothed, &m_lr, &m_speed, &m_validation}) s->clear();
}

void TrainingSeries::smoothFrom(qsizetype first) {
    m_smoothed.resize(first);
    double ema = first > 0 ? m_smoothed.last().y() : (m_loss.isEmpty() ? 0.0 : m_loss.first().y());
    for (qsizetype i = first; i < m_loss.size(); ++i) {
        ema = m_previousWeight * ema + (1.0 - m_previousWeight) * m_loss[i].y();
        m_smoothed << QPointF(m_loss[i].x(), ema);
    }
}

}  // namespace kibitz::ui
