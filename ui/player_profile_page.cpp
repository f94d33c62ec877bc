// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/player_profile_page.h"

#include "core/chess/board_svg.h"
#include "core/chess/notation.h"
#include "core/jobs/human_model.h"
#include "ui/board_widget.h"
#include "ui/engine_panel.h"
#include "ui/player_profile_charts.h"
#include "ui/session.h"
#include "ui/settings_keys.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextDocumentFragment>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace kibitz::ui {

namespace {

/// A worst position's cell: its sort key where its text does not sort as the user means it ("1505 ± 277", "9%").
constexpr int kSortRole = Qt::UserRole + 1;
/// On a row's Move cell: the position's index in the profile's list (rows move when the table is sorted).
constexpr int kIndexRole = Qt::UserRole + 2;

/// A cell that sorts by its key (kSortRole) when both have one, else by its text.
class PositionItem : public QTableWidgetItem {
public:
    using QTableWidgetItem::QTableWidgetItem;
    bool operator<(const QTableWidgetItem& other) const override {
        const QVariant a = data(kSortRole), b = other.data(kSortRole);
        if (a.isValid() && b.isValid()) return a.toDouble() < b.toDouble();
        return QTableWidgetItem::operator<(other);
    }
};

/// The worst positions' arrows, in the HTML report's colours: the move they played, the best move.
constexpr QRgb kPlayedColour = 0xc0392b;
constexpr QRgb kBestColour = 0x2e8b57;

QString kindsText(unsigned kinds) {
    QStringList names;
    for (int k = 0; k < evaluation::kPositionKinds; ++k)
        if (kinds & (1u << k))
            names << ProfileCharts::groupName(evaluation::positionKindName(evaluation::PositionKind(k)));
    return names.join(QStringLiteral(", "));
}

/// A file name from a player's name: letters, digits, '-' and '_' kept, the rest '_'.
QString fileStem(const QString& player) {
    QString name;
    for (const QChar c : player) name += (c.isLetterOrNumber() || c == u'-' || c == u'_') ? c : u'_';
    return name.isEmpty() ? QStringLiteral("player") : name;
}

enum PositionColumn {
    MoveCol,
    PlayedCol,
    BestCol,
    LossCol,
    PeerCol,
    PuzzleCol,  ///< its rating as a puzzle (shown when rated)
    ChanceCol,  ///< the player's chance to find the best move (shown when rated)
    PhaseCol,
    KindCol,
    EloCol,
    DateCol,
    OpeningCol,
    PositionCols
};

}  // namespace

PlayerProfilePage::PlayerProfilePage(QWidget* parent) : QWidget(parent), m_cachePath(jobs::profileScoreCachePath()) {
    setWindowTitle(tr("Player profile"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("Where does a player stand against people of their rating? In the positions they faced, Stockfish scores "
           "every move; their loss of winning chances is set beside what a human of their rating and clock would "
           "lose there (the human-move model's peer baseline), by phase, clock, kind of position, speed, opening and "
           "period."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addWidget(createInputs());
    layout->addWidget(createResults(), 1);

    m_downloader = new GameDownloader(this);
    connect(m_downloader, &GameDownloader::status, this, [this](const QString& text) { m_status->setText(text); });
    connect(m_downloader, &GameDownloader::finished, this, &PlayerProfilePage::onDownloaded);

    m_worker = m_thread.make<jobs::ProfileWorker>();
    connect(m_worker, &jobs::ProfileWorker::progressChanged, this, &PlayerProfilePage::onProgress);
    connect(m_worker, &jobs::ProfileWorker::finished, this, &PlayerProfilePage::onFinished);
    connect(m_worker, &jobs::ProfileWorker::cancelled, this,
            [this] { onStopped(tr("Cancelled; nothing is shown (the engine's scores so far are kept)."), false); });
    connect(m_worker, &jobs::ProfileWorker::failed, this, &PlayerProfilePage::onStopped);
    setHumanModel(QString(), jobs::humanEvaluatorFactory(QString()));
    setGameFiles({});
    resize(900, 760);
}

PlayerProfilePage::~PlayerProfilePage() {
    delete m_downloader;  // aborts its request; what it wrote stays for a resume
    // The token is set directly, so a busy run stops at its next position; then the thread ends.
    m_cancelToken.cancel();
    m_thread.stop();
}

QWidget* PlayerProfilePage::createInputs() {
    auto* box = new QWidget(this);
    auto* form = new QFormLayout(box);
    form->setContentsMargins(0, 0, 0, 0);

    auto* filesRow = new QHBoxLayout;
    m_chooseFiles = new QPushButton(tr("&Games…"), box);
    m_chooseFolder = new QPushButton(tr("&Folder…"), box);
    m_download = new QPushButton(tr("&Download…"), box);
    m_download->setToolTip(tr("A player's public games from Lichess or chess.com, by account name"));
    m_filesLabel = new QLabel(box);
    m_filesLabel->setWordWrap(true);
    filesRow->addWidget(m_chooseFiles);
    filesRow->addWidget(m_chooseFolder);
    filesRow->addWidget(m_download);
    filesRow->addWidget(m_filesLabel, 1);
    form->addRow(tr("Games"), filesRow);
    connect(m_chooseFiles, &QPushButton::clicked, this, &PlayerProfilePage::chooseFiles);
    connect(m_chooseFolder, &QPushButton::clicked, this, &PlayerProfilePage::chooseFolder);
    connect(m_download, &QPushButton::clicked, this, [this] {
        if (const auto choice = GameDownloader::ask(this))
            downloadGames(choice->site, choice->account, choice->maxGames);
    });

    m_player = new QLineEdit(box);
    m_player->setPlaceholderText(tr("as in the games' White and Black tags"));
    connect(m_player, &QLineEdit::textChanged, this, [this] { setRunning(m_running); });
    form->addRow(tr("&Player"), m_player);

    auto* modelRow = new QHBoxLayout;
    m_modelLabel = new QLabel(box);
    auto* chooseModel = new QPushButton(tr("&Model…"), box);
    chooseModel->setToolTip(tr("The human-move model the peers play by (the model in use by default)"));
    connect(chooseModel, &QPushButton::clicked, this, &PlayerProfilePage::chooseModel);
    m_peerRated = new QCheckBox(tr("Peers ra&ted:"), box);
    m_peerRated->setToolTip(
        tr("Set their moves beside people of a chosen rating instead of their own, e.g. the "
           "rating they aim for (on chess.com's scale for chess.com games). Their own rating is then not "
           "needed: club games without rating tags can be profiled too."));
    m_peerRating = new QSpinBox(box);
    m_peerRating->setRange(encoding::kMinChessComElo, encoding::kMaxPlayableElo);
    m_peerRating->setSingleStep(50);
    m_peerRating->setValue(QSettings().value(settings_keys::kProfilePeerRating, 1800).toInt());
    m_peerRating->setEnabled(false);
    connect(m_peerRated, &QCheckBox::toggled, m_peerRating, &QWidget::setEnabled);
    connect(m_peerRated, &QCheckBox::toggled, this, &PlayerProfilePage::showPeers);
    connect(m_peerRating, &QSpinBox::valueChanged, this, &PlayerProfilePage::showPeers);
    modelRow->addWidget(m_modelLabel, 1);
    modelRow->addWidget(m_peerRated);
    modelRow->addWidget(m_peerRating);
    modelRow->addWidget(chooseModel);
    form->addRow(tr("Peers"), modelRow);

    QSettings settings;
    auto* settingsRow = new QHBoxLayout;
    // Each spin box has a whole label of its own (a sentence cut around the number does not translate).
    auto labelled = [&](const QString& text, QWidget* field) {
        auto* label = new QLabel(text, box);
        label->setBuddy(field);
        settingsRow->addWidget(label);
        settingsRow->addWidget(field);
    };
    m_maxGames = new QSpinBox(box);
    m_maxGames->setRange(0, 1000000);
    m_maxGames->setSpecialValueText(tr("all"));
    m_maxGames->setToolTip(tr("Profile only their newest games (all: every game of theirs in the files)"));
    m_every = new QSpinBox(box);
    m_every->setRange(0, 1000);
    m_every->setSpecialValueText(tr("auto"));
    m_every->setValue(settings.value(settings_keys::kProfileEvery, 0).toInt());
    m_every->setToolTip(tr("Score one of every N of their moves (chosen by hash): 1 scores all, 2 halves the time; "
                           "auto scores about %L1 of them (every move of about 30 games, one in seven of 200)")
                            .arg(evaluation::kProfileTargetPositions));
    m_depth = new QSpinBox(box);
    m_depth->setRange(1, 40);
    m_depth->setValue(settings.value(settings_keys::kProfileDepth, 8).toInt());
    m_depth->setToolTip(
        tr("Stockfish's search depth for scoring every legal move (8: about a quarter of a second a position)"));
    m_ratings = new QCheckBox(tr("Rating estimates"), box);
    m_ratings->setChecked(true);
    m_ratings->setToolTip(tr("The rating their moves play like, by phase and clock (27 model queries a position)"));
    labelled(tr("Newest games:"), m_maxGames);
    labelled(tr("Every Nth move:"), m_every);
    labelled(tr("Engine depth:"), m_depth);
    settingsRow->addWidget(m_ratings);
    settingsRow->addStretch(1);
    form->addRow(tr("Scope"), settingsRow);

    auto* runRow = new QHBoxLayout;
    m_run = new QPushButton(tr("&Run"), box);
    m_cancel = new QPushButton(tr("&Cancel"), box);
    m_progress = new QProgressBar(box);
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    runRow->addWidget(m_run);
    runRow->addWidget(m_cancel);
    runRow->addWidget(m_progress, 1);
    form->addRow(runRow);
    connect(m_run, &QPushButton::clicked, this, &PlayerProfilePage::start);
    connect(m_cancel, &QPushButton::clicked, this, &PlayerProfilePage::cancel);

    m_status = new QLabel(box);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(m_status);
    return box;
}

QWidget* PlayerProfilePage::createResults() {
    auto* box = new QWidget(this);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    m_summary = new QLabel(box);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    m_standouts = new QLabel(box);
    m_standouts->setWordWrap(true);
    m_standouts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_standouts);

    m_tabs = new QTabWidget(box);
    const QString titles[kCharts] = {tr("By phase"),   tr("By clock"),     tr("By kind of position"), tr("By speed"),
                                     tr("By opening"), tr("By variation"), tr("By period"),           tr("Rating")};
    for (int i = 0; i < kCharts; ++i) {
        auto* split = new QSplitter(Qt::Vertical, m_tabs);
        m_chartViews[i] = new QChartView(new QChart, split);
        m_chartViews[i]->setRenderHint(QPainter::Antialiasing);
        m_chartViews[i]->setMinimumHeight(240);
        m_tables[i] = new QTreeWidget(split);
        m_tables[i]->setRootIsDecorated(false);
        m_tables[i]->setUniformRowHeights(true);
        split->setStretchFactor(0, 3);
        split->setStretchFactor(1, 1);
        m_tabs->addTab(split, titles[i]);
    }
    auto* positions = new QWidget(m_tabs);
    auto* positionsLayout = new QVBoxLayout(positions);
    auto* positionsNote = new QLabel(tr("The positions where they lost most against their peers (double-click: show "
                                        "it on the board). Exported as puzzles: the position before the opponent's "
                                        "move, that move and the engine's answer."),
                                     positions);
    positionsNote->setWordWrap(true);
    positionsLayout->addWidget(positionsNote);
    m_positions = new QTableWidget(0, PositionCols, positions);
    m_positions->setHorizontalHeaderLabels({tr("Move"), tr("Played"), tr("Best"), tr("Their loss"), tr("Peer loss"),
                                            tr("As a puzzle"), tr("Their chance"), tr("Phase"), tr("Kind"),
                                            tr("Their rating"), tr("Date"), tr("Opening")});
    m_positions->horizontalHeaderItem(PuzzleCol)->setToolTip(
        tr("The position's rating as a puzzle, as the puzzle dock rates it, with its uncertainty"));
    m_positions->horizontalHeaderItem(ChanceCol)->setToolTip(
        tr("The chance that a player of their rating in that game finds the best move, by that rating"));
    m_positions->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_positions->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_positions->verticalHeader()->setVisible(false);
    m_positions->horizontalHeader()->setStretchLastSection(true);
    // Sorted by the column whose header is clicked (again: the other way); until then in the core's order, the
    // position they lost most in first. The header shows its arrow from the first click on.
    m_positions->horizontalHeader()->setSectionsClickable(true);
    connect(m_positions->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this,
            [this](int column, Qt::SortOrder order) {
                if (column < 0 || column >= PositionCols) return;
                m_positions->horizontalHeader()->setSortIndicatorShown(true);
                m_positions->sortItems(column, order);
            });
    connect(m_positions, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
        const QString fen = m_positions->item(row, MoveCol)->data(Qt::UserRole).toString();
        if (!fen.isEmpty()) Q_EMIT positionRequested(fen);
    });
    // Beside the table, the selected position as they faced it: their move in red, the best one in green.
    auto* positionsSplit = new QSplitter(Qt::Horizontal, positions);
    positionsSplit->addWidget(m_positions);
    m_positionBoard = new BoardWidget(positionsSplit);
    m_positionBoard->setInteractive(false);
    m_positionBoard->setMinimumSize(160, 160);
    m_positionBoard->setToolTip(
        tr("The selected position as they faced it: the move they played in red, the best move in green"));
    positionsSplit->addWidget(m_positionBoard);
    positionsSplit->setStretchFactor(0, 3);
    positionsSplit->setStretchFactor(1, 2);
    connect(m_positions, &QTableWidget::currentCellChanged, this,
            [this](int row, int, int, int) { showPositionBoard(row); });
    positionsLayout->addWidget(positionsSplit, 1);
    m_tabs->addTab(positions, tr("Worst positions"));
    layout->addWidget(m_tabs, 1);

    auto* exportRow = new QHBoxLayout;
    m_exportPuzzles = new QPushButton(tr("&Export puzzles…"), box);
    m_exportPuzzles->setToolTip(
        tr("The worst positions as a Lichess puzzle CSV, for the puzzle panel and the sorting "
           "trainer"));
    m_openReport = new QPushButton(tr("Open the &HTML report"), box);
    m_saveReport = new QPushButton(tr("&Save the report…"), box);
    exportRow->addWidget(m_exportPuzzles);
    exportRow->addStretch(1);
    exportRow->addWidget(m_openReport);
    exportRow->addWidget(m_saveReport);
    layout->addLayout(exportRow);
    connect(m_exportPuzzles, &QPushButton::clicked, this, &PlayerProfilePage::askExportPuzzles);
    connect(m_openReport, &QPushButton::clicked, this, &PlayerProfilePage::openReport);
    connect(m_saveReport, &QPushButton::clicked, this, &PlayerProfilePage::askSaveReport);
    clearResults();
    return box;
}

void PlayerProfilePage::setGameFiles(const QStringList& files) {
    if (m_running) return;
    m_files = files;
    if (files.isEmpty())
        m_filesLabel->setText(
            tr("PGN files or a folder of the player's games, or Download… for their account's games."));
    else
        m_filesLabel->setText(files.size() == 1 ? QFileInfo(files.front()).fileName()
                                                : tr("%n files or folders", nullptr, int(files.size())));
    QStringList native;
    for (const QString& f : files) native << QDir::toNativeSeparators(f);
    m_filesLabel->setToolTip(native.join(u'\n'));
    setRunning(false);
}

void PlayerProfilePage::setPlayer(const QString& name) { m_player->setText(name.trimmed()); }

void PlayerProfilePage::downloadGames(jobs::GameSite site, const QString& account, int maxGames) {
    if (m_running) return;
    setRunning(true);
    m_progress->setRange(0, 0);  // busy: the number of games is not known beforehand
    m_downloader->start({site, account, maxGames});
}

void PlayerProfilePage::onDownloaded(bool ok, const QString& message, const QString& path) {
    setRunning(false);
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    if (ok) {
        setGameFiles({path});
        setPlayer(m_downloader->choice().account);
    }
    m_status->setText(message);
    Q_EMIT downloadFinished(ok);
}

QString PlayerProfilePage::player() const { return m_player->text().trimmed(); }

void PlayerProfilePage::setHumanModel(const QString& path, const jobs::EvaluatorFactory& factory) {
    m_modelPath = path;
    showPeers();
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, factory] { w->setEvaluatorFactory(factory); }, Qt::QueuedConnection);
}

void PlayerProfilePage::showPeers() {
    const QString model = Session::modelName(m_modelPath);
    m_modelLabel->setText(
        m_peerRated->isChecked()
            ? tr("a human rated %1, by the human-move model: %2").arg(QString::number(m_peerRating->value()), model)
            : tr("a human of their rating, by the human-move model: %1").arg(model));
}

void PlayerProfilePage::setPuzzleRater(const jobs::ProfileWorker::PuzzleRater& rater) {
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, rater] { w->setPuzzleRater(rater); }, Qt::QueuedConnection);
}

void PlayerProfilePage::setAnalyserFactory(const evaluation::AnalyserFactory& factory) {
    m_customAnalyser = factory;
    if (factory) m_cachePath.clear();
}

void PlayerProfilePage::chooseFiles() {
    QSettings settings;
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Games of the player"),
                                                            settings.value(settings_keys::kPgnDir).toString(),
                                                            tr("PGN files (*.pgn *.pgn.zst);;All files (*)"));
    if (files.isEmpty()) return;
    settings.setValue(settings_keys::kPgnDir, QFileInfo(files.front()).absolutePath());
    setGameFiles(files);
}

void PlayerProfilePage::chooseFolder() {
    QSettings settings;
    const QString dir = QFileDialog::getExistingDirectory(this, tr("A folder of the player's PGN files"),
                                                          settings.value(settings_keys::kPgnDir).toString());
    if (dir.isEmpty()) return;
    settings.setValue(settings_keys::kPgnDir, dir);
    setGameFiles({dir});
}

void PlayerProfilePage::chooseModel() {
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Human-move model of the peers"), settings.value(settings_keys::kModelDir).toString(),
        tr("Human-move models (*.kibitz *.pt *.pb.gz *.pb);;All files (*)"));
    if (path.isEmpty()) return;
    settings.setValue(settings_keys::kModelDir, QFileInfo(path).absolutePath());
    setHumanModel(path, jobs::humanEvaluatorFactory(path));
}

void PlayerProfilePage::start() {
    if (m_running || m_files.isEmpty() || player().isEmpty()) return;
    evaluation::AnalyserFactory engine = m_customAnalyser;
    if (!engine) {
        // Locating the engine is a few file checks, fine on the GUI thread; the process starts in the worker.
        auto program = EngineSettings::locateEngine();
        if (!program) {
            onStopped(tr("No engine: %1").arg(QString::fromStdString(program.error().message)), false);
            return;
        }
        engine = jobs::profileAnalyserFactory(*program, m_depth->value());
    }
    QSettings settings;
    settings.setValue(settings_keys::kProfileEvery, m_every->value());
    settings.setValue(settings_keys::kProfileDepth, m_depth->value());
    if (m_peerRated->isChecked()) settings.setValue(settings_keys::kProfilePeerRating, m_peerRating->value());

    jobs::ProfileRequest request;
    request.files = m_files;
    request.player = player();
    request.maxGames = m_maxGames->value();
    request.options = m_options;
    request.options.positions.every = m_every->value();
    request.options.estimateRatings = m_ratings->isChecked();
    request.options.peerRating = m_peerRated->isChecked() ? m_peerRating->value() : 0;
    request.options.positions.cachePath = m_cachePath.toStdString();
    request.options.positions.cacheTag = jobs::profileCacheTag(m_depth->value());
    m_cancelToken = CancelToken();  // this request's own token
    request.cancel = m_cancelToken;
    clearResults();
    setRunning(true);
    m_progress->setRange(0, 0);
    m_status->setText(tr("Reading %1's games…").arg(request.player));
    QMetaObject::invokeMethod(
        m_worker,
        [w = m_worker, engine, request] {
            w->setAnalyserFactory(engine);
            w->run(request);
        },
        Qt::QueuedConnection);
}

void PlayerProfilePage::cancel() {
    if (!m_running) return;
    if (m_downloader->isRunning()) return m_downloader->cancel();
    m_cancelToken.cancel();
    m_status->setText(tr("Cancelling…"));
}

void PlayerProfilePage::onProgress(const jobs::ProfileProgress& p) {
    if (!m_running || m_cancelToken.isCancelled()) return;
    if (p.stage == jobs::ProfileProgress::Stage::Reading || p.total <= 0) {
        m_progress->setRange(0, 0);
        return;
    }
    // Scoring is most of the run; the rating queries the rest.
    const bool scoring = p.stage == jobs::ProfileProgress::Stage::Scoring;
    const double share = double(std::min(p.done, p.total)) / double(p.total);
    m_progress->setRange(0, 1000);
    m_progress->setValue(int(1000 * (scoring ? 0.8 * share : 0.8 + 0.2 * share)));
    m_status->setText(scoring ? tr("Scoring their positions: %1 of %2").arg(p.done).arg(p.total)
                              : tr("Rating their moves: %1 of %2").arg(p.done).arg(p.total));
}

void PlayerProfilePage::onFinished(const jobs::ProfileOutcome& outcome) {
    setRunning(false);
    m_progress->setRange(0, 100);
    m_progress->setValue(100);
    m_profile = outcome.profile;
    showProfile();
    const QString positions =
        m_profile->every > 1
            ? tr("%L1 positions, one of their moves in %2").arg(m_profile->all.positions).arg(m_profile->every)
            : tr("%L1 positions, all their moves").arg(m_profile->all.positions);
    m_status->setText(
        tr("Profiled %n game(s) (%1): the peers by %2, %3. %4", nullptr, int(m_profile->games))
            .arg(positions, Session::modelName(m_modelPath), QString::fromStdString(m_profile->engine), outcome.note)
            .trimmed());
    m_status->setToolTip(QString::fromStdString(m_profile->model));
    Q_EMIT profileFinished(true);
}

void PlayerProfilePage::onStopped(const QString& text, bool badInput) {
    setRunning(false);
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    m_status->setText(badInput ? tr("Cannot profile: %1").arg(text) : text);
    Q_EMIT profileFinished(false);
}

void PlayerProfilePage::clearResults() {
    m_profile.reset();
    m_summary->setText(tr("Choose the games and the player, then Run."));
    m_standouts->clear();
    for (int i = 0; i < kCharts; ++i) {
        ProfileCharts::clear(m_chartViews[i]);
        m_tables[i]->clear();
    }
    m_positions->setRowCount(0);
    m_exportPuzzles->setEnabled(false);
    m_openReport->setEnabled(false);
    m_saveReport->setEnabled(false);
}

void PlayerProfilePage::showProfile() {
    const evaluation::PlayerProfile& p = *m_profile;
    const QString who = QString::fromStdString(p.player).toHtmlEscaped();
    // One arg() for all: a %-marker in the name stays as it is.
    QString summary =
        p.all.meanElo > 0
            ? tr("<b>%1</b>: %n game(s), %2 of their positions; their rating in these games %3 on average.", nullptr,
                 int(p.games))
                  .arg(who, QString::number(p.all.positions), QString::number(qRound(p.all.meanElo)))
            : tr("<b>%1</b>: %n game(s), %2 of their positions; their games do not give their rating.", nullptr,
                 int(p.games))
                  .arg(who, QString::number(p.all.positions));
    if (p.all.enough()) {
        // Their peers: people of their rating, or of the rating chosen on the page.
        const QString lose =
            p.peerRating > 0
                ? tr("They lose %1 of winning chances a move where a human rated %6 would lose %2, a ratio of %3 (its "
                     "interval over resamples of their games in brackets); blunders %4% against %5%.")
                : tr("They lose %1 of winning chances a move where a human of their rating would lose %2, a ratio of "
                     "%3 (its interval over resamples of their games in brackets); blunders %4% against %5%.");
        QString line = lose.arg(p.all.loss, 0, 'f', 4)
                           .arg(p.all.peerLoss, 0, 'f', 4)
                           .arg(ProfileCharts::ratioText(p.all))
                           .arg(100.0 * p.all.blunders, 0, 'f', 1)
                           .arg(100.0 * p.all.peerBlunders, 0, 'f', 1);
        if (p.peerRating > 0) line = line.arg(p.peerRating);
        summary += QStringLiteral(" ") + line;
    }
    if (p.rating.valid)
        summary += QStringLiteral(" ") + tr("Their moves play like %1.").arg(ProfileCharts::ratingText(p.rating));
    if (p.unratedGames > 0 && p.peerRating > 0 && p.all.meanElo > 0)
        summary += QStringLiteral(" ") + tr("%n game(s) without their rating profiled all the same (the peers' rating "
                                            "is chosen); their average rating is that of the others.",
                                            nullptr, int(p.unratedGames));
    else if (p.unratedGames > 0 && p.peerRating <= 0)
        summary += QStringLiteral(" ") + tr("%n game(s) without their rating left out.", nullptr, int(p.unratedGames));
    if (p.ratingScale == encoding::RatingSite::ChessCom)
        summary += QStringLiteral(" ") + tr("Ratings are on chess.com's scale (the model and the peers read them on "
                                            "Lichess's: Lichess = 614 + 0.797 × chess.com).");
    else if (p.chessComGames > 0)
        summary += QStringLiteral(" ") + tr("Ratings are on Lichess's scale (the ratings of %n chess.com game(s) "
                                            "converted to it).",
                                            nullptr, int(p.chessComGames));
    m_summary->setText(summary);
    m_standouts->setText(ProfileCharts::standoutsText(p.standouts()));
    ProfileCharts::showLoss(m_chartViews[int(Chart::Phase)], p.byPhase,
                            tr("Mean loss of winning chances per move, theirs and their peers', by phase"),
                            p.peerRating);
    ProfileCharts::showLoss(
        m_chartViews[int(Chart::Clock)], p.byClock,
        tr("Mean loss of winning chances per move, theirs and their peers', by time left on their clock"),
        p.peerRating);
    ProfileCharts::showLoss(m_chartViews[int(Chart::Kind)], p.byKind,
                            tr("Mean loss of winning chances per move, theirs and their peers', by kind of position"),
                            p.peerRating);
    ProfileCharts::showLoss(m_chartViews[int(Chart::Speed)], p.bySpeed,
                            tr("Mean loss of winning chances per move, theirs and their peers', by speed"),
                            p.peerRating);
    ProfileCharts::showLoss(m_chartViews[int(Chart::Opening)], p.byOpening,
                            tr("Mean loss of winning chances per move, theirs and their peers', by opening (their "
                               "side and the opening's family)"),
                            p.peerRating);
    ProfileCharts::showLoss(m_chartViews[int(Chart::Variation)], p.byVariation,
                            tr("Mean loss of winning chances per move, theirs and their peers', by variation (the "
                               "opening's family and its first variation)"),
                            p.peerRating, true);
    ProfileCharts::showPeriods(m_chartViews[int(Chart::Period)], p, m_options.interval);
    ProfileCharts::showRatings(m_chartViews[int(Chart::Rating)], p, m_options.interval);
    const bool ratings = p.rating.valid;
    ProfileCharts::fillTable(m_tables[int(Chart::Phase)], p.byPhase, ratings);
    ProfileCharts::fillTable(m_tables[int(Chart::Clock)], p.byClock, ratings);
    ProfileCharts::fillTable(m_tables[int(Chart::Kind)], p.byKind, false);
    ProfileCharts::fillTable(m_tables[int(Chart::Speed)], p.bySpeed, false);
    ProfileCharts::fillTable(m_tables[int(Chart::Opening)], p.byOpening, false, false, true);
    ProfileCharts::fillTable(m_tables[int(Chart::Variation)], p.byVariation, false, false, true);
    ProfileCharts::fillTable(m_tables[int(Chart::Period)], p.byPeriod, ratings, true);
    std::vector<evaluation::ProfileGroup> rated{
        evaluation::ProfileGroup{tr("all moves").toStdString(), p.all, p.rating, {}}};
    rated.insert(rated.end(), p.byPhase.begin(), p.byPhase.end());
    rated.insert(rated.end(), p.byClock.begin(), p.byClock.end());
    ProfileCharts::fillTable(m_tables[int(Chart::Rating)], rated, true);
    showPositions();
    m_exportPuzzles->setEnabled(!p.puzzles.empty());
    m_openReport->setEnabled(true);
    m_saveReport->setEnabled(true);
}

void PlayerProfilePage::showPositions() {
    const auto& puzzles = m_profile->puzzles;
    m_positions->setRowCount(int(puzzles.size()));
    for (int row = 0; row < int(puzzles.size()); ++row) {
        const evaluation::ProfilePuzzle& z = puzzles[std::size_t(row)];
        const auto faced = z.faced();
        const int moveNumber = z.ply / 2 + 1;
        const QString cells[PositionCols] = {
            z.ply % 2 == 0 ? tr("%1.").arg(moveNumber) : tr("%1…").arg(moveNumber),
            QString::fromStdString(z.san(z.playedMove)),
            QString::fromStdString(z.san(z.bestMove)),
            QString::number(z.loss, 'f', 3),
            QString::number(z.peerLoss, 'f', 3),
            z.rated() ? tr("%1 ± %2").arg(std::lround(z.difficulty)).arg(std::lround(z.difficultySigma))
                      : QStringLiteral("-"),
            z.solveChance >= 0.0 ? QStringLiteral("%1%").arg(std::lround(100.0 * z.solveChance)) : QStringLiteral("-"),
            ProfileCharts::groupName(chess::gamePhaseName(z.phase)),
            kindsText(z.kinds),
            z.playerElo > 0 ? QString::number(z.playerElo) : QStringLiteral("-"),
            QString::fromStdString(z.date),
            QString::fromStdString(z.opening)};
        // Numbers sort as numbers; a position without a figure (unrated, no rating of theirs) sorts first.
        std::array<std::optional<double>, PositionCols> keys{};
        keys[MoveCol] = z.ply;
        keys[LossCol] = z.loss;
        keys[PeerCol] = z.peerLoss;
        keys[PuzzleCol] = z.rated() ? z.difficulty : -1.0;
        keys[ChanceCol] = z.solveChance;
        keys[PhaseCol] = int(z.phase);
        keys[EloCol] = z.playerElo;
        for (int col = 0; col < PositionCols; ++col) {
            auto* item = new PositionItem(cells[col]);
            if (col == LossCol || col == PeerCol || col == PuzzleCol || col == ChanceCol || col == EloCol)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (const auto& key = keys[std::size_t(col)]) item->setData(kSortRole, *key);
            m_positions->setItem(row, col, item);
        }
        m_positions->item(row, MoveCol)
            ->setData(Qt::UserRole, faced ? QString::fromStdString(faced->fen()) : QString());
        m_positions->item(row, MoveCol)->setData(kIndexRole, row);
        m_positions->item(row, MoveCol)->setToolTip(QString::fromStdString(z.site));
    }
    const bool rated = m_profile->puzzlesRated();
    m_positions->setColumnHidden(PuzzleCol, !rated);
    m_positions->setColumnHidden(ChanceCol, !rated);
    m_positions->resizeColumnsToContents();
    const QHeaderView* header = m_positions->horizontalHeader();
    if (header->isSortIndicatorShown())  // the user's order, kept for the next profile
        m_positions->sortItems(header->sortIndicatorSection(), header->sortIndicatorOrder());
    if (!puzzles.empty()) m_positions->setCurrentCell(0, 0);
    showPositionBoard(m_positions->currentRow());
}

void PlayerProfilePage::showPositionBoard(int row) {
    const QTableWidgetItem* cell = row >= 0 ? m_positions->item(row, MoveCol) : nullptr;
    const int index = cell ? cell->data(kIndexRole).toInt() : -1;
    if (!m_profile || !cell || index < 0 || std::size_t(index) >= m_profile->puzzles.size()) {
        m_positionBoard->setArrows({});
        m_positionBoard->setFlipped(false);
        m_positionBoard->setPosition(chess::Position());
        return;
    }
    const evaluation::ProfilePuzzle& z = m_profile->puzzles[std::size_t(index)];
    const auto faced = z.faced();
    if (!faced) return;
    chess::Move setup = chess::Move::none();  // the opponent's move before theirs, shown as the last move
    if (const auto before = chess::Position::fromFen(z.fen))
        if (const auto m = chess::parseUci(*before, z.setupMove)) setup = *m;
    m_positionBoard->setFlipped(faced->sideToMove() == chess::Black);
    m_positionBoard->setPosition(*faced, setup);
    std::vector<BoardArrow> arrows;  // labelled with the words of the table's header (ProfileCharts)
    if (const auto played = chess::parseUci(*faced, z.playedMove))
        arrows.push_back({*played, 1.0, ProfileCharts::tr("played"), QColor(kPlayedColour)});
    if (const auto best = chess::parseUci(*faced, z.bestMove))
        arrows.push_back({*best, 1.0, ProfileCharts::tr("best"), QColor(kBestColour)});
    if (arrows.size() == 2 && chess::arrowLength(arrows[0].move) < chess::arrowLength(arrows[1].move))
        std::swap(arrows[0], arrows[1]);  // the longer below (chess::arrowLength)
    m_positionBoard->setArrows(std::move(arrows));
}

void PlayerProfilePage::setRunning(bool running) {
    m_running = running;
    m_run->setEnabled(!running && !m_files.isEmpty() && !player().isEmpty());
    m_chooseFiles->setEnabled(!running);
    m_chooseFolder->setEnabled(!running);
    m_download->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_player->setEnabled(!running);
    m_maxGames->setEnabled(!running);
    m_every->setEnabled(!running);
    m_depth->setEnabled(!running && !m_customAnalyser);
    m_ratings->setEnabled(!running);
}

QString PlayerProfilePage::exportPuzzles(const QString& path) {
    if (!m_profile) return tr("No profile yet.");
    const Status st = jobs::writeProfilePuzzles(*m_profile, path);
    if (!st.ok()) return QString::fromStdString(st.error().message);
    Q_EMIT puzzlesExported(path);
    return {};
}

QString PlayerProfilePage::saveReport(const QString& path) {
    if (!m_profile) return tr("No profile yet.");
    const QString summary = QTextDocumentFragment::fromHtml(m_summary->text()).toPlainText();
    const Status st = jobs::writeProfileReport(*m_profile, path, ProfileCharts::htmlText(*m_profile, summary));
    return st.ok() ? QString() : QString::fromStdString(st.error().message);
}

void PlayerProfilePage::askExportPuzzles() {
    if (!m_profile) return;
    QSettings settings;
    const QString dir = settings.value(settings_keys::kPuzzlePanelDir, QDir::homePath()).toString();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export the worst positions as puzzles"),
        QDir(dir).filePath(fileStem(QString::fromStdString(m_profile->player)) + QStringLiteral("-puzzles.csv")),
        tr("Lichess puzzle CSV (*.csv)"));
    if (path.isEmpty()) return;
    settings.setValue(settings_keys::kPuzzlePanelDir, QFileInfo(path).absolutePath());
    const QString error = exportPuzzles(path);
    if (!error.isEmpty()) {
        m_status->setText(error);
        return;
    }
    m_status->setText(
        tr("%n puzzle(s) written to %1 and opened in the puzzle dock", nullptr, int(m_profile->puzzles.size()))
            .arg(QDir::toNativeSeparators(path)));
}

void PlayerProfilePage::askSaveReport() {
    if (!m_profile) return;
    QSettings settings;
    const QString dir = settings.value(settings_keys::kProfileReportDir, QDir::homePath()).toString();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save the HTML report"),
        QDir(dir).filePath(fileStem(QString::fromStdString(m_profile->player)) + QStringLiteral("-profile.html")),
        tr("HTML (*.html)"));
    if (path.isEmpty()) return;
    settings.setValue(settings_keys::kProfileReportDir, QFileInfo(path).absolutePath());
    const QString error = saveReport(path);
    m_status->setText(error.isEmpty() ? tr("Report written to %1").arg(QDir::toNativeSeparators(path)) : error);
}

void PlayerProfilePage::openReport() {
    if (!m_profile) return;
    // Kept in the cache folder: the browser reads it after this returns, and may reload it later.
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    if (!QDir().mkpath(dir)) {
        m_status->setText(tr("%1: cannot create the folder").arg(QDir::toNativeSeparators(dir)));
        return;
    }
    const QString path =
        QDir(dir).filePath(fileStem(QString::fromStdString(m_profile->player)) + QStringLiteral("-profile.html"));
    if (const QString error = saveReport(path); !error.isEmpty()) {
        m_status->setText(error);
        return;
    }
    if (!QDesktopServices::openUrl(QUrl::fromLocalFile(path)))
        m_status->setText(tr("No browser opened the report; it is at %1").arg(QDir::toNativeSeparators(path)));
}

}  // namespace kibitz::ui
