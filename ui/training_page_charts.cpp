// SPDX-License-Identifier: GPL-3.0-or-later
// The training page's charts (loss, accuracy, validation, speed), its log and checkpoint list, and their export.
#include "ui/training_page.h"
#include "ui/training_page_detail.h"

#include "core/jobs/export_files.h"
#include "ui/evaluation_view.h"

#include <QChart>
#include <QChartView>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QListWidget>
#include <QPen>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSlider>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace kibitz::ui {

using namespace training_page_detail;

namespace {

/// A chart with one or two line series over a step axis.
struct ChartParts {
    QChartView* view = nullptr;
    QValueAxis* x = nullptr;
    QValueAxis* y = nullptr;
};

ChartParts makeChart(const QString& title, const QList<QLineSeries*>& series, QWidget* parent) {
    auto* chart = new QChart;
    chart->setTitle(title);
    chart->legend()->setVisible(series.size() > 1);
    chart->setMargins(QMargins(4, 4, 4, 4));
    auto* x = new QValueAxis;
    x->setTitleText(QObject::tr("step"));
    x->setLabelFormat(QStringLiteral("%.0f"));
    auto* y = new QValueAxis;
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QLineSeries* s : series) {
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
    auto* view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing, false);
    view->setMinimumSize(240, 170);
    return {view, x, y};
}

/// Fits the axes of the chart holding `series` to all their points (with a little head room).
void fitAxes(const QList<QLineSeries*>& series) {
    double x0 = std::numeric_limits<double>::max(), x1 = std::numeric_limits<double>::lowest();
    double y0 = x0, y1 = x1;
    for (QLineSeries* s : series)
        for (const QPointF& p : s->points()) {
            x0 = std::min(x0, p.x());
            x1 = std::max(x1, p.x());
            y0 = std::min(y0, p.y());
            y1 = std::max(y1, p.y());
        }
    if (x0 > x1 || series.isEmpty()) return;
    const auto axes = series.first()->attachedAxes();
    if (y1 - y0 < 1e-12) {
        y0 -= 0.5 * std::max(std::abs(y0), 1e-6);
        y1 += 0.5 * std::max(std::abs(y1), 1e-6);
    }
    const double pad = 0.05 * (y1 - y0);
    for (QAbstractAxis* a : axes) {
        if (a->orientation() == Qt::Horizontal)  // steps from 0 on every chart, so the x axes line up
            a->setRange(std::min(0.0, x0), std::max(x1, 1.0));
        else
            a->setRange(y0 - pad, y1 + pad);
    }
}

QString formatDuration(double seconds) {
    if (seconds <= 0 || !std::isfinite(seconds)) return QStringLiteral("–");
    const qint64 s = qint64(seconds + 0.5);
    if (s < 60) return QObject::tr("%1 s").arg(s);
    if (s < 3600) return QObject::tr("%1 min %2 s").arg(s / 60).arg(s % 60);
    return QObject::tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60);
}

}  // namespace

QWidget* TrainingPage::buildChartsPane() {
    auto* pane = new QWidget;
    auto* v = new QVBoxLayout(pane);
    v->setContentsMargins(0, 0, 0, 0);

    m_chartArea = new QWidget(pane);
    auto* grid = new QGridLayout(m_chartArea);
    grid->setContentsMargins(0, 0, 0, 0);
    m_lossRaw = new QLineSeries(this);
    m_lossRaw->setName(tr("raw"));
    QColor rawColour(QStringLiteral("#9ecae1"));
    m_lossRaw->setPen(QPen(rawColour, 1));
    m_lossSmooth = new QLineSeries(this);
    m_lossSmooth->setName(tr("smoothed"));
    m_lossSmooth->setPen(QPen(QColor(QStringLiteral("#08519c")), 2));
    m_valAccuracy = new QLineSeries(this);
    m_valAccuracy->setPointsVisible(true);
    m_lrSeries = new QLineSeries(this);
    m_speedSeries = new QLineSeries(this);
    grid->addWidget(makeChart(tr("Training loss"), {m_lossRaw, m_lossSmooth}, m_chartArea).view, 0, 0);
    const ChartParts validation = makeChart(tr("Validation accuracy (top-1)"), {m_valAccuracy}, m_chartArea);
    m_valChart = validation.view->chart();
    grid->addWidget(validation.view, 0, 1);
    grid->addWidget(makeChart(tr("Learning rate"), {m_lrSeries}, m_chartArea).view, 1, 0);
    grid->addWidget(makeChart(tr("Samples per second"), {m_speedSeries}, m_chartArea).view, 1, 1);
    v->addWidget(m_chartArea, 3);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Smoothing"), pane));
    m_smoothing = new QSlider(Qt::Horizontal, pane);
    m_smoothing->setObjectName(QStringLiteral("smoothing"));
    m_smoothing->setRange(0, 99);
    m_smoothing->setValue(80);
    m_smoothing->setToolTip(tr("Exponential moving average of the loss: weight of the previous value, in %"));
    m_series.setSmoothing(m_smoothing->value() / 100.0);
    connect(m_smoothing, &QSlider::valueChanged, this, &TrainingPage::recomputeSmoothing);
    controls->addWidget(m_smoothing, 1);
    m_eta = new QLabel(pane);
    m_eta->setObjectName(QStringLiteral("eta"));
    controls->addWidget(m_eta, 2);
    auto* png = new QPushButton(tr("Save PNG…"), pane);
    auto* csv = new QPushButton(tr("Save CSV…"), pane);
    connect(png, &QPushButton::clicked, this, &TrainingPage::exportPngInteractive);
    connect(csv, &QPushButton::clicked, this, &TrainingPage::exportCsvInteractive);
    controls->addWidget(png);
    controls->addWidget(csv);
    v->addLayout(controls);

    auto* tabs = new QTabWidget(pane);
    m_tabs = tabs;
    m_log = new QPlainTextEdit(tabs);
    m_log->setObjectName(QStringLiteral("log"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);
    tabs->addTab(m_log, tr("Log"));

    auto* cpPane = new QWidget(tabs);
    auto* cpLayout = new QVBoxLayout(cpPane);
    m_checkpoints = new QListWidget(cpPane);
    m_checkpoints->setObjectName(QStringLiteral("checkpoints"));
    cpLayout->addWidget(m_checkpoints);
    auto* cpButtons = new QHBoxLayout;
    auto* evaluate = new QPushButton(tr("Evaluate"), cpPane);
    auto* exportBundle = new QPushButton(tr("Export bundle…"), cpPane);
    auto* use = new QPushButton(tr("Use for analysis"), cpPane);
    m_useCheckpoint = use;
    evaluate->setObjectName(QStringLiteral("evaluateCheckpoint"));
    exportBundle->setObjectName(QStringLiteral("exportBundle"));
    use->setObjectName(QStringLiteral("useForAnalysis"));
    cpButtons->addWidget(evaluate);
    cpButtons->addWidget(exportBundle);
    cpButtons->addWidget(use);
    cpButtons->addStretch();
    cpLayout->addLayout(cpButtons);
    connect(evaluate, &QPushButton::clicked, this, [this] {
        if (const QString c = selectedCheckpoint(); !c.isEmpty()) evaluateCheckpoint(c);
    });
    connect(exportBundle, &QPushButton::clicked, this, [this] {
        const QString c = selectedCheckpoint();
        if (c.isEmpty()) return;
        const QString suggested = QDir(m_runDir).filePath(QFileInfo(c).completeBaseName() + QStringLiteral(".kibitz"));
        const QString out =
            QFileDialog::getSaveFileName(this, tr("Export bundle"), suggested, tr("Kibitz bundles (*.kibitz)"));
        if (!out.isEmpty()) exportCheckpoint(c, out);
    });
    connect(use, &QPushButton::clicked, this, [this] {
        const QString c = selectedCheckpoint();
        if (c.isEmpty()) return;
        if (isPuzzleKind(m_config.kind))
            Q_EMIT useRatingModelRequested(c);
        else
            Q_EMIT useModelRequested(c);
    });
    tabs->addTab(cpPane, tr("Checkpoints"));

    auto* evalPane = new QWidget(tabs);
    auto* evalLayout = new QVBoxLayout(evalPane);
    m_evaluationView = new EvaluationView(evalPane);
    evalLayout->addWidget(m_evaluationView, 1);
    auto* evalButtons = new QHBoxLayout;
    auto* compare = new QPushButton(tr("Compare two models…"), evalPane);
    compare->setObjectName(QStringLiteral("compareModels"));
    compare->setToolTip(tr("Evaluate two bundles or checkpoints of one kind on the same held-out data"));
    auto* evalPng = new QPushButton(tr("Save PNG…"), evalPane);
    auto* evalCsv = new QPushButton(tr("Save CSV…"), evalPane);
    m_cancelEvaluation = new QPushButton(tr("Cancel evaluation"), evalPane);
    m_cancelEvaluation->setObjectName(QStringLiteral("cancelEvaluation"));
    m_cancelEvaluation->setToolTip(tr("Stop the running evaluation or comparison"));
    m_cancelEvaluation->setEnabled(false);
    connect(compare, &QPushButton::clicked, this, &TrainingPage::compareInteractive);
    connect(m_cancelEvaluation, &QPushButton::clicked, this, &TrainingPage::cancelEvaluations);
    connect(evalPng, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save evaluation charts"),
                                                          QDir(m_runDir).filePath(QStringLiteral("evaluation.png")),
                                                          tr("PNG images (*.png)"));
        if (!path.isEmpty()) exportEvaluationPng(path);
    });
    connect(evalCsv, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save evaluation data"),
                                                          QDir(m_runDir).filePath(QStringLiteral("evaluation.csv")),
                                                          tr("CSV files (*.csv)"));
        if (!path.isEmpty()) exportEvaluationCsv(path);
    });
    evalButtons->addWidget(compare);
    evalButtons->addWidget(m_cancelEvaluation);
    evalButtons->addStretch();
    evalButtons->addWidget(evalPng);
    evalButtons->addWidget(evalCsv);
    evalLayout->addLayout(evalButtons);
    tabs->addTab(evalPane, tr("Evaluation"));
    m_evaluationPane = evalPane;
    v->addWidget(tabs, 2);
    return pane;
}

void TrainingPage::onProgress(const QVector<jobs::TrainingPoint>& points) {
    if (points.isEmpty()) return;
    m_series.append(points);
    m_lossRaw->replace(m_series.loss());
    m_lossSmooth->replace(m_series.smoothedLoss());
    m_lrSeries->replace(m_series.learningRate());
    m_speedSeries->replace(m_series.speed());
    fitAxes({m_lossRaw, m_lossSmooth});
    fitAxes({m_lrSeries});
    fitAxes({m_speedSeries});
    const auto& last = points.last();
    m_eta->setText(tr("step %1 / %2 · %3 samples/s · elapsed %4 · ETA %5")
                       .arg(last.step)
                       .arg(last.totalSteps)
                       .arg(last.samplesPerSecond, 0, 'f', 0)
                       .arg(formatDuration(last.wallSeconds), formatDuration(last.etaSeconds)));
}

void TrainingPage::onValidation(const jobs::ValidationPoint& point) {
    const bool puzzle = isPuzzleKind(m_config.kind);
    m_series.appendValidation(QPointF(double(point.step), puzzle ? point.mae : point.top1));
    m_valAccuracy->replace(m_series.validation());
    fitAxes({m_valAccuracy});
    if (puzzle) {
        onLog({tr("validation at step %1: MAE %2, RMSE %3 (mean by length: MAE %4; %5 puzzles)")
                   .arg(point.step)
                   .arg(point.mae, 0, 'f', 1)
                   .arg(point.rmse, 0, 'f', 1)
                   .arg(point.baselineMae, 0, 'f', 1)
                   .arg(point.positions)});
        return;
    }
    onLog({tr("validation at step %1: top-1 %2%, top-3 %3%, NLL %4 (%5 positions)")
               .arg(point.step)
               .arg(100.0 * point.top1, 0, 'f', 1)
               .arg(100.0 * point.top3, 0, 'f', 1)
               .arg(point.nll, 0, 'f', 3)
               .arg(point.positions)});
}

void TrainingPage::onLog(const QStringList& lines) {
    if (!lines.isEmpty()) m_log->appendPlainText(lines.join(QLatin1Char('\n')));
}

void TrainingPage::onCheckpoints(const QStringList& files) {
    const QString selected = selectedCheckpoint();
    m_checkpoints->clear();
    for (const QString& f : files) {
        auto* item = new QListWidgetItem(QFileInfo(f).fileName(), m_checkpoints);
        item->setData(Qt::UserRole, f);
        item->setToolTip(f);
        if (f == selected) m_checkpoints->setCurrentItem(item);
    }
    if (!m_checkpoints->currentItem() && m_checkpoints->count() > 0) m_checkpoints->setCurrentRow(0);
}

QString TrainingPage::selectedCheckpoint() const {
    const QListWidgetItem* item = m_checkpoints->currentItem();
    return item ? item->data(Qt::UserRole).toString() : QString();
}

void TrainingPage::clearCharts() {
    m_series.clear();
    for (QLineSeries* s : {m_lossRaw, m_lossSmooth, m_valAccuracy, m_lrSeries, m_speedSeries}) s->clear();
    m_eta->clear();
}

void TrainingPage::showMetrics(const jobs::RunMetrics& history) {
    // The history read from disk may arrive after a resumed run's first live points: keep the live ones and
    // put the history before them.
    QVector<jobs::TrainingPoint> points = history.training;
    if (const auto& live = m_series.points(); !live.isEmpty()) {
        while (!points.isEmpty() && points.last().step >= live.first().step) points.removeLast();
        points += live;
    }
    QVector<QPointF> validation;
    const bool puzzle = isPuzzleKind(m_config.kind);
    for (const auto& v : history.validation) validation << QPointF(double(v.step), puzzle ? v.mae : v.top1);
    for (const QPointF& p : m_series.validation())
        if (validation.isEmpty() || p.x() > validation.last().x()) validation << p;
    clearCharts();
    onProgress(points);
    m_series.setValidation(validation);
    m_valAccuracy->replace(m_series.validation());
    fitAxes({m_valAccuracy});
}

void TrainingPage::recomputeSmoothing() {
    m_series.setSmoothing(m_smoothing->value() / 100.0);
    m_lossSmooth->replace(m_series.smoothedLoss());
    fitAxes({m_lossRaw, m_lossSmooth});
}

bool TrainingPage::exportChartsPng(const QString& path) {
    const QPixmap pixmap = m_chartArea->grab();
    if (pixmap.isNull() || !pixmap.save(path, "PNG")) {
        onLog({tr("%1: cannot write the image").arg(path)});
        return false;
    }
    return true;
}

bool TrainingPage::exportChartsCsv(const QString& path) {
    // One row per step; validation accuracy is empty where there was no validation at that step.
    std::map<qint64, QStringList> rows;
    auto cell = [&](qint64 step) -> QStringList& {
        QStringList& r = rows[step];
        if (r.isEmpty()) r = QStringList(6);
        r[0] = QString::number(step);
        return r;
    };
    const QVector<QPointF>& loss = m_series.loss();
    const QVector<QPointF>& smoothed = m_series.smoothedLoss();
    for (qsizetype i = 0; i < loss.size(); ++i) {
        QStringList& r = cell(qint64(loss[i].x()));
        r[1] = QString::number(loss[i].y(), 'g', 8);
        r[2] = QString::number(smoothed[i].y(), 'g', 8);
    }
    for (const QPointF& p : m_series.learningRate()) cell(qint64(p.x()))[3] = QString::number(p.y(), 'g', 8);
    for (const QPointF& p : m_series.speed()) cell(qint64(p.x()))[4] = QString::number(p.y(), 'g', 8);
    for (const QPointF& p : m_series.validation()) cell(qint64(p.x()))[5] = QString::number(p.y(), 'g', 8);
    const QStringList header{
        QStringLiteral("step"),
        QStringLiteral("loss"),
        QStringLiteral("loss_smoothed"),
        QStringLiteral("learning_rate"),
        QStringLiteral("samples_per_second"),
        isPuzzleKind(m_config.kind) ? QStringLiteral("validation_mae") : QStringLiteral("validation_top1")};
    QList<QStringList> table;
    for (const auto& [step, r] : rows) table << r;
    if (Status st = jobs::writeExportFile(path, jobs::csvTable(header, table)); !st.ok()) {
        onLog({QString::fromStdString(st.error().message)});
        return false;
    }
    return true;
}

void TrainingPage::exportPngInteractive() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save charts"), QDir(m_runDir).filePath(QStringLiteral("charts.png")), tr("PNG images (*.png)"));
    if (!path.isEmpty()) exportChartsPng(path);
}

void TrainingPage::exportCsvInteractive() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save chart data"), QDir(m_runDir).filePath(QStringLiteral("charts.csv")), tr("CSV files (*.csv)"));
    if (!path.isEmpty()) exportChartsCsv(path);
}

}  // namespace kibitz::ui
