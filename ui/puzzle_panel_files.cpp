// SPDX-License-Identifier: GPL-3.0-or-later
// The puzzle panel's Files tab: importing a CSV or PGN (narrowed by the filter box's query), the filtered list, sending
// its puzzles to the sorting trainer, and batch-rating a CSV.
#include "core/chess/openings.h"
#include "ui/engine_panel.h"
#include "ui/puzzle_panel.h"
#include "ui/settings_keys.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace kibitz::ui {

namespace {

constexpr int kMaxListed = 20000;    // puzzles shown in the list (the file may hold more)
constexpr int kFilterPauseMs = 250;  // typing pause before the filter box's query is applied

}  // namespace

/// The file and batch workers' answers, and the tab's buttons, list and filter box.
void PuzzlePanel::connectFilesTab() {
    m_fileWorker = m_fileThread.make<jobs::PuzzleFileWorker>();
    m_batchWorker = m_batchThread.make<jobs::PuzzleFileWorker>();
    // Answers of a read the panel no longer waits for (stopped, or replaced by a newer one) are dropped.
    connect(m_fileWorker, &jobs::PuzzleFileWorker::fileLoaded, this,
            [this](quint64 request, const QString& path, const std::shared_ptr<const jobs::PuzzleFile>& file) {
                if (m_reading && request == m_loadRequest) onFileLoaded(path, file);
            });
    connect(m_fileWorker, &jobs::PuzzleFileWorker::loadProgress, this,
            [this](quint64 request, double fraction, qint64 kept) {
                if (!m_reading || request != m_loadRequest) return;
                // One arg(): a % in the file's name stays as it is.
                m_fileInfo->setText(
                    tr("Reading %1… %2% (%n puzzle(s) kept)", nullptr, int(kept))
                        .arg(QFileInfo(m_readingPath).fileName(), QString::number(qRound(100.0 * fraction))));
            });
    connect(m_fileWorker, &jobs::PuzzleFileWorker::fileFailed, this,
            [this](quint64 request, const QString&, const QString& message) {
                if (!m_reading || request != m_loadRequest) return;
                setReading(false);
                m_fileInfo->setText(tr("Import failed: %1").arg(message));
                Q_EMIT fileFailed(message);
            });
    connect(m_batchWorker, &jobs::PuzzleFileWorker::rateProgress, this, &PuzzlePanel::onBatchProgress);
    connect(m_batchWorker, &jobs::PuzzleFileWorker::rateSkipped, this, [this](const QString& message) {
        m_batchProblems << message;
        m_problems->appendPlainText(tr("batch: %1").arg(message));
    });
    connect(m_batchWorker, &jobs::PuzzleFileWorker::rateFinished, this, [this](const jobs::RateCsvSummary& s) {
        setBatchRunning(false);
        const auto& p = s.progress;
        const double rate = p.seconds > 0 ? double(p.ratedThisRun) / p.seconds : 0.0;
        m_batchInfo->setText(s.cancelled
                                 ? tr("Cancelled after %1 rows (%2 this run); rate the same file again to continue.")
                                       .arg(p.rated)
                                       .arg(p.ratedThisRun)
                                 : tr("Done: %1 rows rated (%2 this run, %3 puzzles/s), %4 bad rows skipped.")
                                       .arg(p.rated)
                                       .arg(p.ratedThisRun)
                                       .arg(rate, 0, 'f', 0)
                                       .arg(p.bad));
        Q_EMIT batchFinished(s.cancelled);
    });
    connect(m_batchWorker, &jobs::PuzzleFileWorker::rateFailed, this, [this](const QString& message) {
        setBatchRunning(false);
        m_batchInfo->setText(tr("Batch failed: %1").arg(message));
        Q_EMIT batchFailed(message);
    });
    connect(m_import, &QPushButton::clicked, this, [this] {
        if (m_reading)
            stopReading();
        else
            chooseImport();
    });
    connect(m_rateFile, &QPushButton::clicked, this, &PuzzlePanel::chooseRateFile);
    connect(m_cancel, &QPushButton::clicked, this, &PuzzlePanel::cancelBatch);
    connect(m_filter, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, &PuzzlePanel::applyFilter);
    connect(m_reread, &QPushButton::clicked, this, [this] {
        if (!m_filePath.isEmpty()) loadFile(m_filePath);
    });
    connect(m_sortListed, &QPushButton::clicked, this, [this] {
        if (!m_file) return;
        QStringList fens, ids;
        for (const std::size_t i : m_listed) {
            if (fens.size() == kMaxSorted) break;
            fens << QString::fromStdString(m_file->puzzles[i].solverStart().fen());
            ids << QString::fromStdString(m_file->puzzles[i].id);
        }
        if (!fens.isEmpty()) Q_EMIT sortRequested(fens, ids);
    });
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (!m_file || row < 0 || row >= int(m_listed.size())) return;
        const chess::Puzzle& p = m_file->puzzles[m_listed[std::size_t(row)]];
        setPuzzle(p);
        Q_EMIT positionRequested(p.solverStart());
    });
}

/// The files tab: import a CSV/PGN and pick a puzzle; batch-rate a CSV.
QWidget* PuzzlePanel::buildFilesTab() {
    m_import = new QPushButton(tr("Import CSV/PGN…"));
    m_import->setToolTip(
        tr("Lichess puzzle CSV (.csv, .csv.zst) or PGN: a game with a FEN tag is a puzzle, its "
           "first move the setup move, the rest the solution."));
    m_rateFile = new QPushButton(tr("Rate file…"));
    m_rateFile->setToolTip(
        tr("Rate every puzzle of a Lichess CSV into an output CSV. A cancelled run continues "
           "where it stopped when the same files are chosen again."));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(false);
    m_fileInfo = new QLabel(tr("No file imported"));
    m_fileInfo->setWordWrap(true);
    m_batchInfo = new QLabel;
    m_batchInfo->setWordWrap(true);
    m_list = new QListWidget;
    m_list->setUniformItemSizes(true);
    m_filter = new QLineEdit;
    m_filter->setClearButtonEnabled(true);
    m_filter->setPlaceholderText(tr("Filter: fork Sicilian 1200-1600 -long"));
    m_filter->setToolTip(
        tr("Shows the puzzles that match every item: a theme or the start of one (mateIn2, fork, endgame), a "
           "part of the opening (Sicilian, Alapin, \"King's Gambit\" in quotes for a phrase), a puzzle id, a "
           "Lichess rating range (1200-1600) or bound (>1500, <=1800); -word leaves out what it matches."));
    m_filterInfo = new QLabel;
    m_reread = new QPushButton(tr("Read with this filter"));
    m_reread->setToolTip(tr("Read the file again keeping only the puzzles the filter matches, so that puzzles past "
                            "the first %L1 of a large file are found too")
                             .arg(qulonglong(jobs::kMaxFilePuzzles)));
    m_reread->hide();
    m_sortListed = new QPushButton(tr("Sort their moves"));
    m_sortListed->setToolTip(tr("Play the listed puzzles' positions in the sorting trainer (the first %1): order "
                                "four candidate moves from strongest to weakest")
                                 .arg(kMaxSorted));
    m_sortListed->setEnabled(false);
    m_filterTimer = new QTimer(this);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(kFilterPauseMs);
    m_problems = new QPlainTextEdit;
    m_problems->setReadOnly(true);
    m_problems->setPlaceholderText(tr("Skipped rows and games are listed here with their place."));
    m_problems->setMaximumBlockCount(1000);

    auto* filesTab = new QWidget;
    auto* fl = new QVBoxLayout(filesTab);
    auto* importRow = new QHBoxLayout;
    importRow->addWidget(m_import);
    importRow->addWidget(m_fileInfo, 1);
    importRow->addWidget(m_reread);
    fl->addLayout(importRow);
    auto* filterRow = new QHBoxLayout;
    filterRow->addWidget(m_filter, 1);
    filterRow->addWidget(m_filterInfo);
    filterRow->addWidget(m_sortListed);
    fl->addLayout(filterRow);
    auto* fsplit = new QSplitter(Qt::Vertical);
    fsplit->addWidget(m_list);
    fsplit->addWidget(m_problems);
    fl->addWidget(fsplit, 1);
    auto* batchRow = new QHBoxLayout;
    batchRow->addWidget(m_rateFile);
    batchRow->addWidget(m_progress, 1);
    batchRow->addWidget(m_cancel);
    fl->addLayout(batchRow);
    fl->addWidget(m_batchInfo);
    return filesTab;
}

const std::vector<chess::Puzzle>& PuzzlePanel::filePuzzles() const {
    static const std::vector<chess::Puzzle> kNone;
    return m_file ? m_file->puzzles : kNone;
}

void PuzzlePanel::setReading(bool reading) {
    m_reading = reading;
    m_import->setText(reading ? tr("Stop reading") : tr("Import CSV/PGN…"));
}

void PuzzlePanel::stopReading() {
    if (!m_reading) return;
    m_loadCancel.cancel();  // the worker stops at its next row and says nothing more
    setReading(false);
    m_fileInfo->setText(tr("Stopped reading %1; the list is as it was.").arg(QFileInfo(m_readingPath).fileName()));
    if (m_file) applyFilter();  // the button to read again, where it applies
}

void PuzzlePanel::loadFile(const QString& path) {
    m_loadCancel.cancel();
    m_loadCancel = CancelToken();
    m_readingPath = path;
    setReading(true);
    m_reread->hide();
    auto filter = chess::parsePuzzleFilter(m_filter->text().toStdString());
    if (!filter.ok()) filter = chess::PuzzleFilter{};  // a query the box refuses does not narrow the read
    m_loadingQuery = filter->empty() ? QString() : m_filter->text().trimmed();
    m_fileInfo->setText(
        m_loadingQuery.isEmpty()
            ? tr("Reading %1…").arg(QFileInfo(path).fileName())
            : tr("Reading the puzzles of %1 that match “%2”…").arg(QFileInfo(path).fileName(), m_loadingQuery));
    QMetaObject::invokeMethod(
        m_fileWorker,
        [w = m_fileWorker, id = ++m_loadRequest, path, c = m_loadCancel, f = filter.value()] {
            w->loadFile(id, path, c, f);
        },
        Qt::QueuedConnection);
}

void PuzzlePanel::onFileLoaded(const QString& path, const std::shared_ptr<const jobs::PuzzleFile>& file) {
    setReading(false);
    m_file = file;
    m_fileProblems.clear();
    for (const auto& s : file->skips) m_fileProblems << QString::fromStdString(s);
    m_problems->setPlainText(m_fileProblems.join(QLatin1Char('\n')));
    if (file->skipped > qint64(file->skips.size()))
        m_problems->appendPlainText(tr("… and %1 more").arg(file->skipped - qint64(file->skips.size())));
    m_filePath = path;
    m_readQuery = m_loadingQuery;
    QString info = tr("%1: %n puzzle(s)", nullptr, int(file->puzzles.size())).arg(QFileInfo(path).fileName());
    if (!m_readQuery.isEmpty())
        info +=
            tr(" that match “%1” (%2 others left out)")
                .arg(m_readQuery, QLocale().toString(qlonglong(file->leftOut)));  // one arg(): a % in the query stays
    if (file->skipped > 0) info += tr(", %n bad row(s)/game(s) skipped", nullptr, int(file->skipped));
    if (file->truncated) info += tr(" (stopped at %L1: a filter reads further)").arg(qulonglong(jobs::kMaxFilePuzzles));
    m_fileInfo->setText(info);
    applyFilter();
    Q_EMIT fileLoaded(int(file->puzzles.size()), file->skipped);
}

void PuzzlePanel::setFilter(const QString& query) {
    const QSignalBlocker quiet(m_filter);  // applied here, not again by the timer
    m_filter->setText(query);
    m_filterTimer->stop();
    applyFilter();
}

QString PuzzlePanel::filterInfoText() const { return m_filterInfo->text(); }

void PuzzlePanel::applyFilter() {
    m_filterTimer->stop();
    const auto filter = chess::parsePuzzleFilter(m_filter->text().toStdString());
    if (!filter.ok()) {
        m_filterInfo->setText(tr("Filter: %1").arg(QString::fromStdString(filter.error().message)));
        return;
    }
    if (!m_file) {
        m_filterInfo->clear();
        return;
    }
    const auto& puzzles = m_file->puzzles;
    m_listed.clear();
    std::size_t matching = 0;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        if (!filter->matches(puzzles[i])) continue;
        ++matching;
        if (m_listed.size() < std::size_t(kMaxListed)) m_listed.push_back(i);
    }
    const QSignalBlocker quiet(m_list);  // a new list selects nothing until the user picks
    m_list->clear();
    for (const std::size_t i : m_listed) {
        const auto& p = puzzles[i];
        QString text = tr("%1 — %n solver move(s)", nullptr, p.solutionLength()).arg(QString::fromStdString(p.id));
        if (p.rating > 0) text += tr(" — Lichess %1").arg(p.rating);
        const QString opening = QString::fromStdString(chess::openingTagsLabel(p.openingTags));
        if (!opening.isEmpty()) text += QStringLiteral(" — ") + opening;
        auto* item = new QListWidgetItem(text, m_list);
        QStringList themes;
        for (const auto& t : p.themes) themes << QString::fromStdString(t);
        item->setToolTip(tr("Themes: %1").arg(themes.isEmpty() ? tr("none") : themes.join(QLatin1Char(' '))));
    }
    m_sortListed->setEnabled(!m_listed.empty());
    updateNext();  // the list is new: nothing in it is picked
    // Another query may find puzzles this read did not keep: offer to read the file with it.
    const QString query = filter->empty() ? QString() : m_filter->text().trimmed();
    m_reread->setVisible((m_file->truncated || !m_readQuery.isEmpty()) && query != m_readQuery);
    if (filter->empty())
        m_filterInfo->setText(tr("%n puzzle(s)", nullptr, int(puzzles.size())));
    else
        m_filterInfo->setText(tr("%L1 of %n puzzle(s) match", nullptr, int(puzzles.size())).arg(matching));
    if (matching > m_listed.size())
        m_filterInfo->setText(m_filterInfo->text() + tr(", the first %L1 listed").arg(kMaxListed));
}

void PuzzlePanel::rateFile(const QString& inPath, const QString& outPath) {
    if (m_batchRunning) return;
    m_batchCancel = CancelToken();
    m_batchProblems.clear();
    setBatchRunning(true);
    m_progress->setValue(0);
    m_batchInfo->setText(tr("Rating %1 into %2…").arg(QFileInfo(inPath).fileName(), QFileInfo(outPath).fileName()));
    jobs::RateFileRequest request;
    request.inPath = inPath;
    request.outPath = outPath;
    request.batchSize = m_batchSize;
    request.puzzleModel = m_puzzleModelPath;  // the model the panel shows, not always the default
    request.configuredEngine = EngineSettings::load().path;
    QMetaObject::invokeMethod(
        m_batchWorker, [w = m_batchWorker, request, c = m_batchCancel] { w->rateFile(request, c); },
        Qt::QueuedConnection);
}

void PuzzlePanel::cancelBatch() {
    if (!m_batchRunning) return;
    m_batchCancel.cancel();
    m_cancel->setEnabled(false);
    m_batchInfo->setText(tr("Cancelling after the batch in flight…"));
}

void PuzzlePanel::setBatchRunning(bool running) {
    m_batchRunning = running;
    m_rateFile->setEnabled(!running);
    m_cancel->setEnabled(running);
}

void PuzzlePanel::onBatchProgress(const jobs::RateCsvProgress& p) {
    m_progress->setValue(int(std::lround(1000.0 * std::clamp(p.fraction, 0.0, 1.0))));
    if (m_batchRunning && !m_batchCancel.isCancelled()) {
        const double rate = p.seconds > 0 ? double(p.ratedThisRun) / p.seconds : 0.0;
        QString text = tr("%1 rows rated, %2 bad, %3 puzzles/s").arg(p.rated).arg(p.bad).arg(rate, 0, 'f', 0);
        if (p.resumed > 0) text += tr(" (resumed after %1)").arg(p.resumed);
        m_batchInfo->setText(text);
    }
    Q_EMIT batchProgress(p);
}

void PuzzlePanel::chooseImport() {
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(this, tr("Import puzzles"),
                                                      settings.value(settings_keys::kPuzzlePanelDir).toString(),
                                                      tr("Puzzles (*.csv *.csv.zst *.pgn *.pgn.zst);;All files (*)"));
    if (path.isEmpty()) return;
    settings.setValue(settings_keys::kPuzzlePanelDir, QFileInfo(path).absolutePath());
    loadFile(path);
}

void PuzzlePanel::chooseRateFile() {
    QSettings settings;
    const QString in = QFileDialog::getOpenFileName(this, tr("Puzzle CSV to rate"),
                                                    settings.value(settings_keys::kPuzzlePanelDir).toString(),
                                                    tr("Lichess puzzle CSV (*.csv *.csv.zst);;All files (*)"));
    if (in.isEmpty()) return;
    QString suggestion = in;
    suggestion.replace(QRegularExpression(QStringLiteral("\\.csv(\\.zst)?$")), QString());
    const QString out = QFileDialog::getSaveFileName(this, tr("Write ratings to"), suggestion + tr("-rated.csv"),
                                                     tr("CSV (*.csv)"), nullptr, QFileDialog::DontConfirmOverwrite);
    if (out.isEmpty()) return;
    settings.setValue(settings_keys::kPuzzlePanelDir, QFileInfo(in).absolutePath());
    rateFile(in, out);
}

}  // namespace kibitz::ui
