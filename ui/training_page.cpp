// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/training_page.h"

#include "core/jobs/export_files.h"
#include "core/models/compute_device.h"
#include "ui/evaluation_view.h"

#include <QButtonGroup>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QListWidget>
#include <QPen>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>

namespace kibitz::ui {

namespace {

/// How late the probe may fire before it counts (timer granularity, not a stall).
constexpr int kProbeMs = 10;
/// The scan is a sample: this many games or puzzles, this much time.
constexpr qint64 kScanGames = 2000;
constexpr qint64 kScanMs = 5000;
/// Evaluations read at most this many held-out games (human) or puzzles (puzzle).
constexpr qint64 kEvalGames = 500;
constexpr qint64 kEvalPuzzles = 5000;
/// Fine-tuning starts with this learning rate (lower than from scratch); the user may change it.
constexpr double kFineTuneLr = 1e-4;

bool isPuzzleKind(jobs::ModelKind kind) { return kind == jobs::ModelKind::Puzzle; }

/// The kind chosen in the form's combo box (its item data are the kinds' names).
jobs::ModelKind comboKind(const QComboBox* box) {
    const auto kind = jobs::parseModelKind(box->currentData().toString());
    return kind.ok() ? kind.value() : jobs::ModelKind::Human;
}

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

/// Drops the points at or after `step` (a resumed run repeats steps after its last checkpoint).
void truncateFrom(QVector<QPointF>& points, double step) {
    while (!points.isEmpty() && points.last().x() >= step) points.removeLast();
}

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

QWidget* TrainingPage::buildConfigPane() {
    auto* pane = new QWidget;
    auto* v = new QVBoxLayout(pane);

    m_resumeBanner = new QWidget(pane);
    m_resumeBanner->setObjectName(QStringLiteral("resumeBanner"));
    auto* bannerLayout = new QHBoxLayout(m_resumeBanner);
    bannerLayout->setContentsMargins(0, 0, 0, 0);
    m_resumeLabel = new QLabel(m_resumeBanner);
    m_resumeLabel->setWordWrap(true);
    auto* bannerResume = new QPushButton(tr("Resume it"), m_resumeBanner);
    bannerResume->setObjectName(QStringLiteral("bannerResume"));
    auto* bannerDismiss = new QPushButton(tr("Dismiss"), m_resumeBanner);
    bannerLayout->addWidget(m_resumeLabel, 1);
    bannerLayout->addWidget(bannerResume);
    bannerLayout->addWidget(bannerDismiss);
    connect(bannerResume, &QPushButton::clicked, this, [this] {
        m_resumeBanner->hide();
        openRun(m_resumeCandidate);
        resume();
    });
    connect(bannerDismiss, &QPushButton::clicked, m_resumeBanner, &QWidget::hide);
    m_resumeBanner->hide();
    v->addWidget(m_resumeBanner);

    auto* modelBox = new QGroupBox(tr("Model"), pane);
    auto* modelForm = new QFormLayout(modelBox);
    m_kind = new QComboBox(modelBox);
    m_kind->setObjectName(QStringLiteral("kind"));
    m_kind->addItem(tr("Human moves"), jobs::modelKindName(jobs::ModelKind::Human));
    m_kind->addItem(tr("Puzzle rating"), jobs::modelKindName(jobs::ModelKind::Puzzle));
    m_kind->setItemData(0, tr("Move probabilities of human players (PGN games)"), Qt::ToolTipRole);
    m_kind->setItemData(1, tr("GlickFormer puzzle difficulty (Lichess puzzle CSV)"), Qt::ToolTipRole);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &TrainingPage::onKindChanged);
    modelForm->addRow(tr("Kind"), m_kind);
    m_fromScratch = new QRadioButton(tr("From scratch"), modelBox);
    m_fromScratch->setObjectName(QStringLiteral("fromScratch"));
    m_fromScratch->setChecked(true);
    m_fineTune = new QRadioButton(tr("Fine-tune a bundle"), modelBox);
    m_fineTune->setObjectName(QStringLiteral("fineTune"));
    m_fineTune->setToolTip(
        tr("Start from the config and weights of a .kibitz bundle (or a checkpoint) of this kind, with a fresh "
           "optimizer and a lower learning rate"));
    auto* group = new QButtonGroup(modelBox);
    group->addButton(m_fromScratch);
    group->addButton(m_fineTune);
    modelForm->addRow(m_fromScratch);
    modelForm->addRow(m_fineTune);
    auto* bundleRow = new QHBoxLayout;
    m_initBundle = new QLineEdit(modelBox);
    m_initBundle->setObjectName(QStringLiteral("initBundle"));
    m_initBundle->setPlaceholderText(tr("bundle to fine-tune (.kibitz)"));
    m_initBrowse = new QPushButton(tr("…"), modelBox);
    connect(m_initBrowse, &QPushButton::clicked, this, &TrainingPage::chooseFineTuneSource);
    bundleRow->addWidget(m_initBundle, 1);
    bundleRow->addWidget(m_initBrowse);
    modelForm->addRow(bundleRow);
    connect(m_fineTune, &QRadioButton::toggled, this, [this](bool on) {
        // A fine-tune starts lower than a fresh run; the user may still change the rate.
        if (on) m_lr->setValue(kFineTuneLr);
        updateKindWidgets();
    });
    v->addWidget(modelBox);

    auto* dataBox = new QGroupBox(tr("Data"), pane);
    auto* dataLayout = new QVBoxLayout(dataBox);
    m_files = new QListWidget(dataBox);
    m_files->setObjectName(QStringLiteral("dataFiles"));
    m_files->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_files->setMinimumHeight(70);
    dataLayout->addWidget(m_files);
    auto* fileButtons = new QHBoxLayout;
    auto* add = new QPushButton(tr("Add…"), dataBox);
    auto* remove = new QPushButton(tr("Remove"), dataBox);
    connect(add, &QPushButton::clicked, this, &TrainingPage::addDataFiles);
    connect(remove, &QPushButton::clicked, this, &TrainingPage::removeDataFiles);
    fileButtons->addWidget(add);
    fileButtons->addWidget(remove);
    fileButtons->addStretch();
    dataLayout->addLayout(fileButtons);
    m_scanLabel = new QLabel(tr("No data files"), dataBox);
    m_scanLabel->setObjectName(QStringLiteral("scanLabel"));
    m_scanLabel->setWordWrap(true);
    dataLayout->addWidget(m_scanLabel);
    v->addWidget(dataBox);

    auto* configBox = new QGroupBox(tr("Config"), pane);
    auto* form = new QFormLayout(configBox);
    m_size = new QComboBox(configBox);
    m_size->setObjectName(QStringLiteral("size"));
    m_size->addItem(tr("tiny (tests)"), QStringLiteral("tiny"));
    m_size->addItem(tr("small (CPU)"), QStringLiteral("small"));
    m_size->addItem(tr("medium (GPU)"), QStringLiteral("medium"));
    m_size->setCurrentIndex(1);
    form->addRow(tr("Size"), m_size);
    m_variant = new QComboBox(configBox);
    m_variant->setObjectName(QStringLiteral("variant"));
    m_variant->addItem(tr("factorized encoder"), QStringLiteral("fe"));
    m_variant->addItem(tr("factorized self-attention"), QStringLiteral("fsa"));
    m_variant->addItem(tr("stacked boards (baseline)"), QStringLiteral("stacked"));
    m_variantLabel = new QLabel(tr("Variant"), configBox);
    form->addRow(m_variantLabel, m_variant);
    m_steps = new QSpinBox(configBox);
    m_steps->setObjectName(QStringLiteral("steps"));
    m_steps->setRange(1, 10'000'000);
    m_steps->setValue(20000);
    form->addRow(tr("Steps"), m_steps);
    m_batch = new QSpinBox(configBox);
    m_batch->setObjectName(QStringLiteral("batch"));
    m_batch->setRange(1, 65536);
    m_batch->setValue(256);
    form->addRow(tr("Batch"), m_batch);
    m_lr = new QDoubleSpinBox(configBox);
    m_lr->setObjectName(QStringLiteral("learningRate"));
    m_lr->setDecimals(6);
    m_lr->setRange(1e-6, 1.0);
    m_lr->setSingleStep(1e-4);
    m_lr->setValue(1e-3);
    form->addRow(tr("Learning rate"), m_lr);
    m_threads = new QSpinBox(configBox);
    m_threads->setObjectName(QStringLiteral("threads"));
    m_threads->setRange(1, std::max(1, QThread::idealThreadCount()));
    m_threads->setValue(std::max(1, QThread::idealThreadCount() - 1));
    form->addRow(tr("Threads"), m_threads);
    m_device = new QComboBox(configBox);
    m_device->setObjectName(QStringLiteral("device"));
    m_device->addItem(tr("Automatic (CUDA when available)"), QString::fromLatin1(deviceChoiceName(DeviceChoice::Auto)));
    m_device->addItem(tr("CPU"), QString::fromLatin1(deviceChoiceName(DeviceChoice::Cpu)));
    m_device->addItem(tr("CUDA (NVIDIA GPU)"), QString::fromLatin1(deviceChoiceName(DeviceChoice::Cuda)));
    if (!models::cudaAvailable()) {
        // Not selectable: this LibTorch sees no GPU. A run whose run.json says cuda is refused when it starts.
        if (auto* items = qobject_cast<QStandardItemModel*>(m_device->model())) items->item(2)->setEnabled(false);
        m_device->setItemData(2, tr("This LibTorch sees no CUDA device"), Qt::ToolTipRole);
    }
    m_device->setToolTip(
        tr("Where a human-move run trains; on CUDA in bf16 mixed precision. Puzzle-rating runs "
           "train on the CPU."));
    form->addRow(tr("Device"), m_device);
    m_runName = new QLineEdit(configBox);
    m_runName->setObjectName(QStringLiteral("runName"));
    m_runName->setPlaceholderText(tr("automatic"));
    form->addRow(tr("Run name"), m_runName);
    auto* folderRow = new QHBoxLayout;
    m_runsFolder = new QLineEdit(configBox);
    m_runsFolder->setObjectName(QStringLiteral("runsFolder"));
    auto* browse = new QPushButton(tr("…"), configBox);
    connect(browse, &QPushButton::clicked, this, &TrainingPage::chooseRunsFolder);
    folderRow->addWidget(m_runsFolder, 1);
    folderRow->addWidget(browse);
    form->addRow(tr("Runs folder"), folderRow);
    v->addWidget(configBox);

    auto* buttons = new QGridLayout;
    m_start = new QPushButton(tr("Start"), pane);
    m_start->setObjectName(QStringLiteral("start"));
    m_pause = new QPushButton(tr("Pause"), pane);
    m_pause->setObjectName(QStringLiteral("pause"));
    m_resume = new QPushButton(tr("Resume"), pane);
    m_resume->setObjectName(QStringLiteral("resume"));
    m_stop = new QPushButton(tr("Stop"), pane);
    m_stop->setObjectName(QStringLiteral("stop"));
    buttons->addWidget(m_start, 0, 0);
    buttons->addWidget(m_pause, 0, 1);
    buttons->addWidget(m_resume, 1, 0);
    buttons->addWidget(m_stop, 1, 1);
    connect(m_start, &QPushButton::clicked, this, &TrainingPage::start);
    connect(m_pause, &QPushButton::clicked, this, &TrainingPage::pause);
    connect(m_resume, &QPushButton::clicked, this, &TrainingPage::resume);
    connect(m_stop, &QPushButton::clicked, this, &TrainingPage::stop);
    v->addLayout(buttons);
    v->addStretch();
    return pane;
}

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

void TrainingPage::setRunsFolder(const QString& dir) { m_runsFolder->setText(dir); }
QString TrainingPage::runsFolder() const { return m_runsFolder->text().trimmed(); }

void TrainingPage::setDataFiles(const QStringList& files) {
    m_files->clear();
    m_files->addItems(files);
    startScan();
}

QStringList TrainingPage::dataFiles() const {
    QStringList out;
    for (int i = 0; i < m_files->count(); ++i) out << m_files->item(i)->text();
    return out;
}

jobs::TrainingRunConfig TrainingPage::formConfig() const {
    jobs::TrainingRunConfig c;
    c.kind = comboKind(m_kind);
    c.dataFiles = dataFiles();
    c.size = m_size->currentData().toString();
    c.variant = m_variant->currentData().toString();
    if (m_fineTune->isChecked()) c.initFrom = m_initBundle->text().trimmed();
    c.steps = m_steps->value();
    c.batchSize = m_batch->value();
    c.learningRate = m_lr->value();
    c.threads = m_threads->value();
    c.device = parseDeviceChoice(m_device->currentData().toString().toStdString()).value_or(DeviceChoice::Auto);
    c.name = m_runName->text().trimmed();
    c.deriveIntervals();
    return c;
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
    const QString base = config.name.isEmpty()
                             ? QStringLiteral("%1-%2-%3")
                                   .arg(jobs::modelKindName(config.kind),
                                        config.initFrom.isEmpty() ? config.size : QStringLiteral("finetune"),
                                        QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")))
                             : config.name;
    // Never train over another run's checkpoints: pick a folder name that is not taken yet.
    QDir runs(runsFolder());
    QString name = base;
    for (int i = 2; runs.exists(name); ++i) name = base + QLatin1Char('-') + QString::number(i);
    config.name = name;
    clearCharts();
    m_log->clear();
    m_checkpoints->clear();
    launch(config, runs.filePath(name), false);
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

void TrainingPage::onProgress(const QVector<jobs::TrainingPoint>& points) {
    if (points.isEmpty()) return;
    const double first = double(points.first().step);
    if (!m_raw.isEmpty() && m_raw.last().x() >= first) {
        // A resume after a kill repeats the steps after the last checkpoint: drop the stale tail.
        truncateFrom(m_raw, first);
        while (!m_points.isEmpty() && m_points.last().step >= points.first().step) m_points.removeLast();
        truncateFrom(m_lrPoints, first);
        truncateFrom(m_speedPoints, first);
        m_lossRaw->replace(m_raw);
        m_lrSeries->replace(m_lrPoints);
        m_speedSeries->replace(m_speedPoints);
        recomputeSmoothing();
    }
    QList<QPointF> raw, smooth, lr, speed;
    const double alpha = m_smoothing->value() / 100.0;
    double ema = m_lossSmooth->count() > 0 ? m_lossSmooth->at(m_lossSmooth->count() - 1).y() : points.first().loss;
    for (const auto& p : points) {
        const double x = double(p.step);
        raw << QPointF(x, p.loss);
        ema = alpha * ema + (1.0 - alpha) * p.loss;
        smooth << QPointF(x, ema);
        lr << QPointF(x, p.learningRate);
        speed << QPointF(x, p.samplesPerSecond);
    }
    m_points += points;
    m_raw += QVector<QPointF>(raw.begin(), raw.end());
    m_lrPoints += QVector<QPointF>(lr.begin(), lr.end());
    m_speedPoints += QVector<QPointF>(speed.begin(), speed.end());
    m_lossRaw->append(raw);
    m_lossSmooth->append(smooth);
    m_lrSeries->append(lr);
    m_speedSeries->append(speed);
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
    truncateFrom(m_valPoints, double(point.step));
    m_valPoints << QPointF(double(point.step), puzzle ? point.mae : point.top1);
    m_valAccuracy->replace(m_valPoints);
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
    m_points.clear();
    m_raw.clear();
    m_lrPoints.clear();
    m_speedPoints.clear();
    m_valPoints.clear();
    for (QLineSeries* s : {m_lossRaw, m_lossSmooth, m_valAccuracy, m_lrSeries, m_speedSeries}) s->clear();
    m_eta->clear();
}

void TrainingPage::showMetrics(const jobs::RunMetrics& history) {
    // The history read from disk may arrive after a resumed run's first live points: keep the live ones and
    // put the history before them.
    QVector<jobs::TrainingPoint> points = history.training;
    if (!m_points.isEmpty()) {
        while (!points.isEmpty() && points.last().step >= m_points.first().step) points.removeLast();
        points += m_points;
    }
    QVector<QPointF> validation;
    const bool puzzle = isPuzzleKind(m_config.kind);
    for (const auto& v : history.validation) validation << QPointF(double(v.step), puzzle ? v.mae : v.top1);
    for (const QPointF& p : std::as_const(m_valPoints))
        if (validation.isEmpty() || p.x() > validation.last().x()) validation << p;
    clearCharts();
    onProgress(points);
    m_valPoints = validation;
    m_valAccuracy->replace(m_valPoints);
    fitAxes({m_valAccuracy});
}

void TrainingPage::recomputeSmoothing() {
    const double alpha = m_smoothing->value() / 100.0;
    QList<QPointF> smooth;
    smooth.reserve(m_raw.size());
    double ema = m_raw.isEmpty() ? 0.0 : m_raw.first().y();
    for (const QPointF& p : m_raw) {
        ema = alpha * ema + (1.0 - alpha) * p.y();
        smooth << QPointF(p.x(), ema);
    }
    m_lossSmooth->replace(smooth);
    fitAxes({m_lossRaw, m_lossSmooth});
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

void TrainingPage::setFineTuneSource(const QString& bundle) {
    m_initBundle->setText(bundle);
    (bundle.isEmpty() ? m_fromScratch : m_fineTune)->setChecked(true);
}

void TrainingPage::chooseFineTuneSource() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Bundle to fine-tune"), m_initBundle->text(),
                                                      tr("Models (*.kibitz *.pt);;All files (*)"));
    if (!path.isEmpty()) setFineTuneSource(path);
}

void TrainingPage::onKindChanged() {
    // Defaults of the kind's trainer (the CLI's defaults); a fine-tune keeps its lower rate.
    const bool puzzle = isPuzzleKind(comboKind(m_kind));
    updateKindWidgets();
    m_batch->setValue(puzzle ? 64 : 256);
    if (!m_fineTune->isChecked()) m_lr->setValue(puzzle ? 5e-4 : 1e-3);
}

void TrainingPage::updateKindWidgets() {
    const bool puzzle = isPuzzleKind(comboKind(m_kind));
    const QString size = m_size->currentData().toString();
    const QString wanted = m_size->property("kind").toString();
    if (wanted != m_kind->currentData().toString()) {
        const QSignalBlocker block(m_size);
        m_size->clear();
        m_size->addItem(tr("tiny (tests)"), QStringLiteral("tiny"));
        m_size->addItem(tr("small (CPU)"), QStringLiteral("small"));
        if (puzzle)
            m_size->addItem(tr("paper (GPU, seed 000 sizes)"), QStringLiteral("paper"));
        else
            m_size->addItem(tr("medium (GPU)"), QStringLiteral("medium"));
        m_size->setProperty("kind", m_kind->currentData());
        const int keep = m_size->findData(size);
        m_size->setCurrentIndex(keep >= 0 ? keep : 1);
    }
    m_variant->setVisible(puzzle);
    m_variantLabel->setVisible(puzzle);
    m_valChart->setTitle(puzzle ? tr("Validation MAE (rating points)") : tr("Validation accuracy (top-1)"));
    m_useCheckpoint->setText(puzzle ? tr("Use for rating") : tr("Use for analysis"));
    const bool running = m_job != nullptr;
    const bool fineTune = m_fineTune->isChecked();
    m_initBundle->setEnabled(!running && fineTune);
    m_initBrowse->setEnabled(!running && fineTune);
    // A fine-tune takes its architecture from the bundle.
    m_size->setEnabled(!running && !fineTune);
    m_variant->setEnabled(!running && !fineTune);
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

void TrainingPage::startScan() {
    m_scanCancel.cancel();
    m_scanCancel = CancelToken();
    const quint64 generation = ++m_scanGeneration;
    const QStringList files = dataFiles();
    if (files.isEmpty()) {
        m_scanLabel->setText(tr("No data files"));
        return;
    }
    m_scanLabel->setText(tr("Scanning…"));
    const CancelToken cancel = m_scanCancel;
    runTask([this, files, cancel, generation] {
        const jobs::DataScan scan = jobs::scanTrainingData(files, kScanGames, kScanMs, cancel);
        QMetaObject::invokeMethod(this, [this, generation, scan] { onScan(generation, scan); });
    });
}

void TrainingPage::onScan(quint64 generation, const jobs::DataScan& scan) {
    if (generation != m_scanGeneration) return;
    QStringList parts;
    const QString unit = scan.puzzles ? tr("puzzles") : tr("games");
    parts << (scan.sampled ? tr("Sample of the first %1 %2 (%3 s):") : tr("%1 %2 (%3 s):"))
                 .arg(scan.games)
                 .arg(unit)
                 .arg(scan.seconds, 0, 'f', 1);
    parts << tr("%1 positions").arg(scan.positions);
    if (scan.eloMax > 0)
        parts << (scan.puzzles ? tr("rating %1–%2") : tr("Elo %1–%2")).arg(scan.eloMin).arg(scan.eloMax);
    if (!scan.puzzles && scan.games > 0)
        parts << tr("%1% with clocks").arg(100.0 * double(scan.withClocks) / double(scan.games), 0, 'f', 0);
    if (scan.skipped > 0) parts << tr("%1 skipped").arg(scan.skipped);
    QString text = parts.join(QStringLiteral(" "));
    if (!scan.errors.isEmpty()) text += QLatin1Char('\n') + scan.errors.join(QLatin1Char('\n'));
    m_scanLabel->setText(text);
    Q_EMIT scanned(scan);
}

void TrainingPage::addDataFiles() {
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Training data"), QString(), tr("Games and puzzles (*.pgn *.pgn.zst *.csv *.csv.zst);;All files (*)"));
    if (files.isEmpty()) return;
    QStringList all = dataFiles();
    for (const QString& f : files)
        if (!all.contains(f)) all << f;
    setDataFiles(all);
}

void TrainingPage::removeDataFiles() {
    for (QListWidgetItem* item : m_files->selectedItems()) delete item;
    startScan();
}

void TrainingPage::chooseRunsFolder() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Runs folder"), runsFolder());
    if (!dir.isEmpty()) setRunsFolder(dir);
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
    for (int i = 0; i < m_raw.size(); ++i) {
        QStringList& r = cell(qint64(m_raw[i].x()));
        r[1] = QString::number(m_raw[i].y(), 'g', 8);
        if (i < m_lossSmooth->count()) r[2] = QString::number(m_lossSmooth->at(i).y(), 'g', 8);
    }
    for (const QPointF& p : m_lrPoints) cell(qint64(p.x()))[3] = QString::number(p.y(), 'g', 8);
    for (const QPointF& p : m_speedPoints) cell(qint64(p.x()))[4] = QString::number(p.y(), 'g', 8);
    for (const QPointF& p : m_valPoints) cell(qint64(p.x()))[5] = QString::number(p.y(), 'g', 8);
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
