// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/jobs/training_job.h"

#include <QVector>
#include <QWidget>

class QChart;
class QChartView;
class QTableWidget;

namespace kibitz::ui {

/// Evaluations of one or two models side by side: a table and charts. Human-move models: accuracy by Elo
/// bucket (table + top-1 bars per bucket). Puzzle-rating models: errors by solution length (table + MAE bars,
/// with the mean-by-length baseline) and predicted-vs-true ratings of the held-out puzzles (scatter).
class EvaluationView : public QWidget {
    Q_OBJECT
public:
    explicit EvaluationView(QWidget* parent = nullptr);

    /// Adds an evaluation; the previous one stays beside it when it is of the same kind (the last two are kept).
    void addEvaluation(const jobs::CheckpointEvaluation& evaluation);
    /// Shows exactly these evaluations (all of one kind) side by side, e.g. a comparison of two bundles.
    void setEvaluations(const QVector<jobs::CheckpointEvaluation>& evaluations);
    const QVector<jobs::CheckpointEvaluation>& evaluations() const { return m_evaluations; }

    QTableWidget* table() const { return m_table; }
    /// The bar chart (top-1 by Elo, or MAE by solution length) and the scatter chart (puzzle models only).
    QChart* barChart() const;
    QChart* scatterChart() const;

    /// Saves the charts as one PNG. False (and `error`) on failure.
    bool exportPng(const QString& path, QString* error = nullptr);
    /// Saves the table as CSV at `path`; for puzzle models also the predicted-vs-true points as
    /// <path without .csv>_scatter.csv. False (and `error`) on failure.
    bool exportCsv(const QString& path, QString* error = nullptr);

private:
    void rebuild();
    void fillHumanTable();
    void fillPuzzleTable();
    void fillHumanCharts();
    void fillPuzzleCharts();
    QString shortName(int index) const;

    QVector<jobs::CheckpointEvaluation> m_evaluations;
    QTableWidget* m_table = nullptr;
    QWidget* m_charts = nullptr;
    QChartView* m_barView = nullptr;
    QChartView* m_scatterView = nullptr;
};

}  // namespace kibitz::ui
