// SPDX-License-Identifier: GPL-3.0-or-later
// The training page's form: what is trained, on which data, with which settings, and the run buttons.
#include "ui/training_page.h"
#include "ui/training_page_detail.h"

#include "core/jobs/export_files.h"
#include "core/models/compute_device.h"

#include <QButtonGroup>
#include <QChart>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QVBoxLayout>

#include <algorithm>

namespace kibitz::ui {

using namespace training_page_detail;

namespace {

/// The scan is a sample: this many games or puzzles, this much time.
constexpr qint64 kScanGames = 2000;
constexpr qint64 kScanMs = 5000;

}  // namespace

QWidget* TrainingPage::buildConfigPane() {
    auto* pane = new QWidget;
    auto* v = new QVBoxLayout(pane);
    v->addWidget(buildResumeBanner(pane));
    v->addWidget(buildModelBox(pane));
    v->addWidget(buildDataBox(pane));
    v->addWidget(buildConfigBox(pane));
    v->addLayout(buildRunButtons(pane));
    v->addStretch();
    return pane;
}

/// The banner offering to resume an interrupted run (hidden until checkResumableRuns finds one).
QWidget* TrainingPage::buildResumeBanner(QWidget* pane) {
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
    return m_resumeBanner;
}

/// What is trained: the kind, from scratch or fine-tuning a bundle.
QGroupBox* TrainingPage::buildModelBox(QWidget* pane) {
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
        if (on) m_lr->setValue(jobs::kFineTuneLearningRate);
        updateKindWidgets();
    });
    return modelBox;
}

/// The data files and the quick scan's summary of them.
QGroupBox* TrainingPage::buildDataBox(QWidget* pane) {
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
    return dataBox;
}

/// Size, variant, steps, batch, learning rate, threads, device, run name and folder.
QGroupBox* TrainingPage::buildConfigBox(QWidget* pane) {
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
    const jobs::TrainingRunConfig defaults = jobs::studioDefaults(jobs::ModelKind::Human);
    m_steps->setValue(int(defaults.steps));
    form->addRow(tr("Steps"), m_steps);
    m_batch = new QSpinBox(configBox);
    m_batch->setObjectName(QStringLiteral("batch"));
    m_batch->setRange(1, 65536);
    m_batch->setValue(defaults.batchSize);
    form->addRow(tr("Batch"), m_batch);
    m_lr = new QDoubleSpinBox(configBox);
    m_lr->setObjectName(QStringLiteral("learningRate"));
    m_lr->setDecimals(6);
    m_lr->setRange(1e-6, 1.0);
    m_lr->setSingleStep(1e-4);
    m_lr->setValue(defaults.learningRate);
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
    return configBox;
}

/// Start, pause, resume and stop.
QGridLayout* TrainingPage::buildRunButtons(QWidget* pane) {
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
    return buttons;
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
    const jobs::TrainingRunConfig defaults = jobs::studioDefaults(comboKind(m_kind));
    updateKindWidgets();
    m_batch->setValue(defaults.batchSize);
    if (!m_fineTune->isChecked()) m_lr->setValue(defaults.learningRate);
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

}  // namespace kibitz::ui
