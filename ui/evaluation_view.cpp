// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/evaluation_view.h"

#include "core/jobs/export_files.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <limits>
#include <map>

namespace kibitz::ui {

namespace {

/// At most this many scatter points per model are drawn (evenly spaced); the CSV export has all of them.
constexpr int kMaxScatterPoints = 2000;

/// Removes every series and axis of `chart` (both are owned by it).
void clearChart(QChart* chart) {
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
}

QChartView* makeView(QWidget* parent) {
    auto* chart = new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    auto* view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing, false);
    view->setMinimumSize(260, 180);
    return view;
}

/// Writes an export through core/jobs (atomic); the message names the file.
bool writeFile(const QString& path, const QByteArray& bytes, QString* error) {
    if (Status st = jobs::writeExportFile(path, bytes); !st.ok()) {
        if (error) *error = QString::fromStdString(st.error().message);
        return false;
    }
    return true;
}

}  // namespace

EvaluationView::EvaluationView(QWidget* parent) : QWidget(parent) {
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    m_table = new QTableWidget(0, 5, splitter);
    m_table->setObjectName(QStringLiteral("evaluation"));
    m_table->setToolTip(
        tr("Held-out results by the mover's Elo (human-move models) or by solution length (puzzle models); the "
           "last two evaluated models are shown side by side"));
    m_table->setHorizontalHeaderLabels({tr("Elo"), tr("Positions"), tr("Top-1"), tr("Top-3"), tr("NLL")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setMinimumWidth(320);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    splitter->addWidget(m_table);

    m_charts = new QWidget(splitter);
    auto* chartLayout = new QHBoxLayout(m_charts);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    m_barView = makeView(m_charts);
    m_barView->setObjectName(QStringLiteral("evaluationBars"));
    m_scatterView = makeView(m_charts);
    m_scatterView->setObjectName(QStringLiteral("evaluationScatter"));
    chartLayout->addWidget(m_barView, 1);
    chartLayout->addWidget(m_scatterView, 1);
    m_scatterView->hide();
    splitter->addWidget(m_charts);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
}

QChart* EvaluationView::barChart() const { return m_barView->chart(); }
QChart* EvaluationView::scatterChart() const { return m_scatterView->chart(); }

void EvaluationView::addEvaluation(const jobs::CheckpointEvaluation& evaluation) {
    // Only models of one kind compare: a new kind replaces what was shown.
    if (!m_evaluations.isEmpty() && m_evaluations.last().kind != evaluation.kind) m_evaluations.clear();
    m_evaluations.append(evaluation);
    while (m_evaluations.size() > 2) m_evaluations.removeFirst();
    rebuild();
}

void EvaluationView::setEvaluations(const QVector<jobs::CheckpointEvaluation>& evaluations) {
    m_evaluations = evaluations;
    rebuild();
}

QString EvaluationView::shortName(int index) const {
    const QFileInfo fi(m_evaluations[index].checkpoint);
    // Two checkpoints of different runs are both called latest.pt: add the folder then.
    QString name = fi.fileName();
    for (int j = 0; j < m_evaluations.size(); ++j)
        if (j != index && QFileInfo(m_evaluations[j].checkpoint).fileName() == name &&
            m_evaluations[j].checkpoint != m_evaluations[index].checkpoint)
            return fi.dir().dirName() + QLatin1Char('/') + name;
    return name;
}

void EvaluationView::rebuild() {
    const bool puzzle = !m_evaluations.isEmpty() && m_evaluations.first().kind == jobs::ModelKind::Puzzle;
    clearChart(barChart());
    clearChart(scatterChart());
    if (puzzle) {
        fillPuzzleTable();
        fillPuzzleCharts();
    } else {
        fillHumanTable();
        fillHumanCharts();
    }
    m_scatterView->setVisible(puzzle);
}

void EvaluationView::fillHumanTable() {
    // Columns: Elo, then positions / top-1 / top-3 / NLL of each evaluation (older first).
    const int n = int(m_evaluations.size());
    QStringList headers{tr("Elo")};
    const QStringList metrics{tr("Positions"), tr("Top-1"), tr("Top-3"), tr("NLL")};
    for (const QString& metric : metrics)
        for (int i = 0; i < n; ++i) headers << (n > 1 ? QStringLiteral("%1\n%2").arg(metric, shortName(i)) : metric);
    std::map<int, QVector<const jobs::EloBucketRow*>> rows;  // -1 (all) first, then by Elo
    for (int i = 0; i < n; ++i) {
        auto put = [&](const jobs::EloBucketRow& r) {
            auto& slot = rows[r.elo];
            slot.resize(n);
            slot[i] = &r;
        };
        put(m_evaluations[i].overall);
        for (const auto& r : m_evaluations[i].byElo) put(r);
    }
    m_table->clear();
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(n == 0 ? 0 : int(rows.size()));
    if (n == 0) return;
    int row = 0;
    for (const auto& [elo, byEval] : rows) {
        m_table->setItem(row, 0,
                         new QTableWidgetItem(elo < 0 ? tr("all") : QStringLiteral("%1–%2").arg(elo).arg(elo + 99)));
        for (int i = 0; i < n; ++i) {
            const jobs::EloBucketRow* r = byEval[i];
            if (!r) continue;
            const QStringList cells{
                QString::number(r->positions), QStringLiteral("%1%").arg(100.0 * r->top1, 0, 'f', 1),
                QStringLiteral("%1%").arg(100.0 * r->top3, 0, 'f', 1), QString::number(r->nll, 'f', 3)};
            for (int m = 0; m < cells.size(); ++m) m_table->setItem(row, 1 + m * n + i, new QTableWidgetItem(cells[m]));
        }
        ++row;
    }
}

void EvaluationView::fillPuzzleTable() {
    // Columns: solution length, then puzzles / MAE / RMSE / within 1 RD / mean-by-length MAE of each evaluation.
    const int n = int(m_evaluations.size());
    QStringList headers{tr("Solution length")};
    const QStringList metrics{tr("Puzzles"), tr("MAE"), tr("RMSE"), tr("Within 1 RD"), tr("Baseline MAE")};
    for (const QString& metric : metrics)
        for (int i = 0; i < n; ++i) headers << (n > 1 ? QStringLiteral("%1\n%2").arg(metric, shortName(i)) : metric);
    std::map<int, QVector<const jobs::PuzzleLengthRow*>> rows;
    for (int i = 0; i < n; ++i) {
        auto put = [&](const jobs::PuzzleLengthRow& r) {
            auto& slot = rows[r.length];
            slot.resize(n);
            slot[i] = &r;
        };
        put(m_evaluations[i].puzzleOverall);
        for (const auto& r : m_evaluations[i].byLength) put(r);
    }
    m_table->clear();
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(int(rows.size()));
    int row = 0;
    for (const auto& [length, byEval] : rows) {
        m_table->setItem(row, 0, new QTableWidgetItem(length < 0 ? tr("all") : QString::number(length)));
        for (int i = 0; i < n; ++i) {
            const jobs::PuzzleLengthRow* r = byEval[i];
            if (!r) continue;
            const QStringList cells{
                QString::number(r->puzzles), QString::number(r->mae, 'f', 1), QString::number(r->rmse, 'f', 1),
                QStringLiteral("%1%").arg(100.0 * r->withinRd[0], 0, 'f', 1), QString::number(r->baselineMae, 'f', 1)};
            for (int m = 0; m < cells.size(); ++m) m_table->setItem(row, 1 + m * n + i, new QTableWidgetItem(cells[m]));
        }
        ++row;
    }
}

void EvaluationView::fillHumanCharts() {
    QChart* chart = barChart();
    chart->setTitle(tr("Top-1 accuracy by Elo bucket (%)"));
    if (m_evaluations.isEmpty()) return;
    std::map<int, int> column;  // Elo bucket -> category index, over all evaluations
    for (const auto& e : m_evaluations)
        for (const auto& r : e.byElo) column.emplace(r.elo, 0);
    QStringList categories;
    for (auto& [elo, index] : column) {
        index = int(categories.size());
        categories << QString::number(elo);
    }
    auto* series = new QBarSeries;
    for (int i = 0; i < m_evaluations.size(); ++i) {
        auto* set = new QBarSet(shortName(i));
        QVector<double> values(categories.size(), 0.0);
        for (const auto& r : m_evaluations[i].byElo) values[column[r.elo]] = 100.0 * r.top1;
        for (double v : values) *set << v;
        series->append(set);
    }
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(tr("mover Elo"));
    auto* y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    double top = 1.0;
    for (const auto& e : m_evaluations)
        for (const auto& r : e.byElo) top = std::max(top, 100.0 * r.top1);
    y->setRange(0.0, top * 1.1);
    chart->legend()->setVisible(true);
}

void EvaluationView::fillPuzzleCharts() {
    QChart* bars = barChart();
    bars->setTitle(tr("MAE by solution length (rating points)"));
    std::map<int, int> column;
    for (const auto& e : m_evaluations)
        for (const auto& r : e.byLength) column.emplace(r.length, 0);
    QStringList categories;
    for (auto& [length, index] : column) {
        index = int(categories.size());
        categories << QString::number(length);
    }
    auto* series = new QBarSeries;
    double top = 1.0;
    for (int i = 0; i < m_evaluations.size(); ++i) {
        auto* set = new QBarSet(shortName(i));
        QVector<double> values(categories.size(), 0.0);
        for (const auto& r : m_evaluations[i].byLength) {
            values[column[r.length]] = r.mae;
            top = std::max(top, r.mae);
        }
        for (double v : values) *set << v;
        series->append(set);
    }
    // The mean-by-length baseline on the first model's puzzles (both models see the same held-out puzzles).
    auto* baseline = new QBarSet(tr("mean by length"));
    QVector<double> values(categories.size(), 0.0);
    for (const auto& r : m_evaluations.first().byLength) {
        values[column[r.length]] = r.baselineMae;
        top = std::max(top, r.baselineMae);
    }
    for (double v : values) *baseline << v;
    baseline->setColor(QColor(QStringLiteral("#bdbdbd")));
    series->append(baseline);
    bars->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(tr("solver moves"));
    auto* y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setRange(0.0, top * 1.1);
    bars->addAxis(x, Qt::AlignBottom);
    bars->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    bars->legend()->setVisible(true);

    QChart* scatter = scatterChart();
    scatter->setTitle(tr("Predicted vs. Lichess rating (held-out puzzles)"));
    double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
    QList<QAbstractSeries*> all;
    for (int i = 0; i < m_evaluations.size(); ++i) {
        auto* s = new QScatterSeries;
        s->setName(shortName(i));
        s->setMarkerSize(5.0);
        s->setPen(Qt::NoPen);
        const auto& points = m_evaluations[i].predictedVsTrue;
        const qsizetype stride = std::max<qsizetype>(1, points.size() / kMaxScatterPoints);
        QList<QPointF> shown;
        for (qsizetype k = 0; k < points.size(); k += stride) {
            shown << points[k];
            lo = std::min({lo, points[k].x(), points[k].y()});
            hi = std::max({hi, points[k].x(), points[k].y()});
        }
        s->replace(shown);
        all << s;
    }
    if (lo > hi) {
        lo = 0;
        hi = 3000;
    }
    const double pad = 0.05 * std::max(1.0, hi - lo);
    auto* diagonal = new QLineSeries;
    diagonal->setName(tr("predicted = true"));
    diagonal->setPen(QPen(QColor(QStringLiteral("#636363")), 1, Qt::DashLine));
    diagonal->append(lo - pad, lo - pad);
    diagonal->append(hi + pad, hi + pad);
    all << diagonal;
    auto* sx = new QValueAxis;
    sx->setTitleText(tr("Lichess rating"));
    sx->setLabelFormat(QStringLiteral("%.0f"));
    sx->setRange(lo - pad, hi + pad);
    auto* sy = new QValueAxis;
    sy->setTitleText(tr("predicted"));
    sy->setLabelFormat(QStringLiteral("%.0f"));
    sy->setRange(lo - pad, hi + pad);
    scatter->addAxis(sx, Qt::AlignBottom);
    scatter->addAxis(sy, Qt::AlignLeft);
    for (QAbstractSeries* s : all) {
        scatter->addSeries(s);
        s->attachAxis(sx);
        s->attachAxis(sy);
    }
    scatter->legend()->setVisible(true);
}

bool EvaluationView::exportPng(const QString& path, QString* error) {
    const QPixmap pixmap = m_charts->grab();
    if (pixmap.isNull() || !pixmap.save(path, "PNG")) {
        if (error) *error = tr("%1: cannot write the image").arg(path);
        return false;
    }
    return true;
}

bool EvaluationView::exportCsv(const QString& path, QString* error) {
    QStringList header;
    for (int c = 0; c < m_table->columnCount(); ++c) {
        const QTableWidgetItem* h = m_table->horizontalHeaderItem(c);
        // The table's two-line headers ("Top-1" over the model's name) become one line in the file.
        header << (h ? h->text().replace(QLatin1Char('\n'), QLatin1Char(' ')) : QString());
    }
    QList<QStringList> rows;
    for (int r = 0; r < m_table->rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < m_table->columnCount(); ++c) {
            const QTableWidgetItem* item = m_table->item(r, c);
            cells << (item ? item->text() : QString());
        }
        rows << cells;
    }
    if (!writeFile(path, jobs::csvTable(header, rows), error)) return false;
    if (m_evaluations.isEmpty() || m_evaluations.first().kind != jobs::ModelKind::Puzzle) return true;
    QList<QStringList> scatter;
    for (const auto& e : m_evaluations)
        for (const QPointF& p : e.predictedVsTrue)
            scatter << QStringList{e.checkpoint, QString::number(p.x(), 'g', 8), QString::number(p.y(), 'g', 8)};
    QString scatterPath = path;
    if (scatterPath.endsWith(QLatin1String(".csv"))) scatterPath.chop(4);
    return writeFile(
        scatterPath + QStringLiteral("_scatter.csv"),
        jobs::csvTable({QStringLiteral("model"), QStringLiteral("rating"), QStringLiteral("predicted")}, scatter),
        error);
}

}  // namespace kibitz::ui
