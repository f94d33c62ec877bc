// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/main_window.h"

#include "core/chess/notation.h"
#include "core/chess/pgn_tags.h"
#include "core/encoding/conditioning.h"
#include "core/encoding/game_conditioning.h"
#include "core/jobs/human_model.h"
#include "core/jobs/personal_model.h"
#include "core/jobs/puzzle_human.h"
#include "core/models/compute_device.h"
#include "ui/analysis_panel.h"
#include "ui/board_widget.h"
#include "ui/engine_panel.h"
#include "ui/fen_dialog.h"
#include "ui/game_chooser_dialog.h"
#include "ui/game_model.h"
#include "ui/move_tree_view.h"
#include "ui/new_game_dialog.h"
#include "ui/play_panel.h"
#include "ui/player_model_dialog.h"
#include "ui/puzzle_panel.h"
#include "ui/review_panel.h"
#include "ui/session.h"
#include "ui/settings_keys.h"
#include "ui/sort_trainer.h"
#include "ui/training_page.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDate>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QScreen>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace kibitz::app {

namespace {
/// Games listed in the chooser; more would make the dialog slow without helping anyone pick.
constexpr int kMaxListedGames = 1000;
}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    m_session = new ui::Session(this);
    m_session->setObjectName(QStringLiteral("session"));
    m_session->setPersistent(true);  // the one owner of the model choice, remembered across starts
    m_game = new ui::GameModel(this);
    createLayout();
    createDocks();
    createActions();
    connect(m_session, &ui::Session::modeChanged, this, &MainWindow::onModeChanged);

    m_pgnLoader = m_pgnThread.make<ui::PgnLoader>();
    connect(m_pgnLoader, &ui::PgnLoader::finished, this, &MainWindow::onPgnLoaded);
    connect(m_pgnLoader, &ui::PgnLoader::failed, this, &MainWindow::onPgnFailed);
    connect(m_pgnLoader, &ui::PgnLoader::progressChanged, this, [this](qint64 bytes, qint64 total, int games) {
        if (total > 0) {
            m_progress->setRange(0, 1000);
            m_progress->setValue(int(1000.0 * double(bytes) / double(total)));
        }
        m_progress->setFormat(tr("%n game(s)", nullptr, games));
    });

    connect(m_board, &ui::BoardWidget::moveMade, this, [this](chess::Move move) {
        if (isPlaying())
            onPlayMove(move);
        else
            m_game->playMove(move);
    });
    connect(m_game, &ui::GameModel::currentPlyChanged, this, &MainWindow::syncBoard);
    connect(m_game, &ui::GameModel::lineChanged, this, &MainWindow::onLineChanged);
    connect(m_game, &ui::GameModel::treeChanged, this, [this] {
        m_moveTree->setVisible(m_game->tree().hasVariations() || m_game->tree().hasComments());
        updateNavigation();
    });
    connect(m_moveList, &QTableView::clicked, this, [this](const QModelIndex& index) {
        const int ply = m_game->plyForIndex(index);
        if (ply > 0) m_game->setCurrentPly(ply);
    });

    restoreSettings();
    {
        // Where the models run, before they are loaded. A stale choice (cuda on a machine without it now, or a
        // hand-edited value) falls back to auto with a message instead of failing every model load.
        const QString device = QSettings().value(ui::settings_keys::kModelDevice, QStringLiteral("auto")).toString();
        const auto choice = parseDeviceChoice(device.toStdString());
        if (!choice || !models::useDevice(*choice).ok()) {
            (void)models::useDevice(DeviceChoice::Auto);  // auto always resolves
            statusBar()->showMessage(tr("Settings: device '%1' is not available here; the models run on: %2")
                                         .arg(device, QString::fromStdString(models::currentDeviceName())),
                                     10000);
        }
        syncDeviceActions();
    }
    m_session->restoreModels();
    newGame();
}

MainWindow::~MainWindow() {
    m_pgnCancel.cancel();
    m_pgnThread.stop();
}

void MainWindow::createLayout() {
    m_board = new ui::BoardWidget(this);
    m_board->setObjectName(QStringLiteral("board"));

    m_moveList = new QTableView(this);
    m_moveList->setObjectName(QStringLiteral("moveList"));
    m_moveList->setModel(m_game);
    m_moveList->verticalHeader()->hide();
    m_moveList->verticalHeader()->setDefaultSectionSize(m_moveList->fontMetrics().height() + 8);
    m_moveList->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_moveList->horizontalHeader()->setSectionResizeMode(ui::GameModel::NumberColumn, QHeaderView::ResizeToContents);
    m_moveList->setSelectionMode(QAbstractItemView::SingleSelection);
    m_moveList->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_moveList->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_moveList->setShowGrid(false);
    // Arrow keys belong to game navigation, not to the table's cell cursor.
    m_moveList->setFocusPolicy(Qt::NoFocus);

    // The line shown as a table; below it, when the game has variations or comments, the whole game as text.
    m_moveTree = new ui::MoveTreeView(m_game, this);
    m_moveTree->setVisible(false);
    m_moveSplitter = new QSplitter(Qt::Vertical, this);
    m_moveSplitter->setObjectName(QStringLiteral("moveSplitter"));
    m_moveSplitter->addWidget(m_moveList);
    m_moveSplitter->addWidget(m_moveTree);
    m_moveSplitter->setChildrenCollapsible(false);

    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(m_moveSplitter, 1);
    m_navLayout = new QHBoxLayout;
    sideLayout->addLayout(m_navLayout);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(m_board);
    m_splitter->addWidget(side);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setSizes({760, 300});
    setCentralWidget(m_splitter);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("gameStatus"));
    statusBar()->addWidget(m_status, 1);
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(true);
    m_progress->hide();
    statusBar()->addPermanentWidget(m_progress);
    m_cancelLoad = new QToolButton(this);
    m_cancelLoad->setIcon(style()->standardIcon(QStyle::SP_DialogCancelButton));
    m_cancelLoad->setToolTip(tr("Stop reading the file"));
    m_cancelLoad->hide();
    statusBar()->addPermanentWidget(m_cancelLoad);
    connect(m_cancelLoad, &QToolButton::clicked, this, [this] { m_pgnCancel.cancel(); });
}

void MainWindow::createDocks() {
    createAnalysisDocks();
    createReviewAndSortDocks();
    createPuzzleDock();
    createPlayDock();
    createTrainingDock();
}

QDockWidget* MainWindow::addDock(QWidget* panel, const QString& panelName, const QString& title,
                                 const QString& dockName, Qt::DockWidgetArea area, QDockWidget* tabWith) {
    panel->setObjectName(panelName);
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(dockName);
    dock->setWidget(panel);
    addDockWidget(area, dock);
    if (tabWith) {
        tabifyDockWidget(tabWith, dock);
        m_analysisDock->raise();  // the human moves stay in front of the docks tabbed with them
    }
    return dock;
}

void MainWindow::createAnalysisDocks() {
    m_analysis = new ui::AnalysisPanel(this);
    m_analysis->observe(m_session);
    m_analysisDock = addDock(m_analysis, QStringLiteral("analysisPanel"), tr("Human moves"),
                             QStringLiteral("analysisDock"), Qt::RightDockWidgetArea);

    m_engine = new ui::EnginePanel(this);
    m_engine->observe(m_session);
    m_engineDock = addDock(m_engine, QStringLiteral("enginePanel"), tr("Engine"), QStringLiteral("engineDock"),
                           Qt::RightDockWidgetArea, m_analysisDock);

    // While a game is played the arrows would give the moves away.
    connect(m_analysis, &ui::AnalysisPanel::arrowsChanged, this, [this](const std::vector<ui::BoardArrow>& arrows) {
        if (m_session->hintsHidden()) return;
        m_board->setArrows(arrows);
        if (!arrows.empty()) Q_EMIT arrowsShown(int(arrows.size()));
    });
    connect(m_analysis, &ui::AnalysisPanel::arrowHighlighted, m_board, &ui::BoardWidget::setHighlightedArrow);
    connect(m_analysis, &ui::AnalysisPanel::moveActivated, this, [this](chess::Move move) { m_game->playMove(move); });
    connect(m_analysis, &ui::AnalysisPanel::modelStatusChanged, this,
            [this](const QString& text) { statusBar()->showMessage(text, 6000); });
    connect(m_engine, &ui::EnginePanel::linesChanged, m_analysis, &ui::AnalysisPanel::setEngineLines);
    // The human bar beside the engine's follows the analysis panel (value head, at the chosen ratings).
    connect(m_analysis, &ui::AnalysisPanel::humanEvaluationChanged, this, [this] {
        if (!m_session->hintsHidden())
            m_engine->setHumanExpectation(m_analysis->humanWhiteScore(), m_analysis->humanEvalText());
    });
    // Blunder risk needs engine lines: the analysis panel knows whether any will come, and can start the engine.
    connect(m_engine, &ui::EnginePanel::engineEnabledChanged, m_analysis, &ui::AnalysisPanel::setEngineRunning);
    connect(m_analysis, &ui::AnalysisPanel::engineStartRequested, this, [this] {
        m_engine->setEngineEnabled(true);
        m_engineDock->show();
    });
}

void MainWindow::createReviewAndSortDocks() {
    // Game review (bottom) and the move-sorting trainer (beside the engine). The sorting position becomes the board's
    // position like any other (so every dock agrees on it), with the hints hidden until the cards are submitted.
    m_review = new ui::ReviewPanel(this);
    m_review->observe(m_session);
    m_reviewDock = addDock(m_review, QStringLiteral("reviewPanel"), tr("Game review"), QStringLiteral("reviewDock"),
                           Qt::BottomDockWidgetArea);
    m_reviewDock->hide();
    connect(m_review, &ui::ReviewPanel::plyActivated, m_game, &ui::GameModel::setCurrentPly);
    connect(m_game, &ui::GameModel::currentPlyChanged, m_review, &ui::ReviewPanel::setCurrentPly);

    m_sort = new ui::SortTrainer(this);
    m_sort->observe(m_session);
    m_sortDock = addDock(m_sort, QStringLiteral("sortTrainer"), tr("Sort moves"), QStringLiteral("sortDock"),
                         Qt::RightDockWidgetArea, m_engineDock);
    connect(m_sort, &ui::SortTrainer::positionChanged, this, &MainWindow::showSortPosition);
    connect(m_sort, &ui::SortTrainer::submitted, this, [this] { endSortRound(); });
    connect(m_sort, &ui::SortTrainer::arrowsChanged, m_board, &ui::BoardWidget::setArrows);
}

void MainWindow::createPuzzleDock() {
    // Puzzles: built on the board or imported; rating, solve curve, per-move difficulty, batch rating.
    m_puzzle = new ui::PuzzlePanel(this);
    m_puzzle->observe(m_session);
    m_puzzleDock = addDock(m_puzzle, QStringLiteral("puzzlePanel"), tr("Puzzle"), QStringLiteral("puzzleDock"),
                           Qt::RightDockWidgetArea, m_sortDock);
    connect(m_puzzle, &ui::PuzzlePanel::positionRequested, this,
            [this](const chess::Position& p) { setFen(QString::fromStdString(p.fen())); });
    // Solving a puzzle on the board: set it up, play the replies, give the board back at the end.
    connect(m_puzzle, &ui::PuzzlePanel::solveRequested, this, [this](const chess::Position& before, chess::Move setup) {
        m_play->controller()->abort();
        endSortRound();
        m_hasLoadedGame = false;
        setWindowTitle(tr("Solve a puzzle"));
        m_game->reset(before);
        m_session->setMode(ui::Session::Mode::Solve);
        m_game->playMove(setup);
    });
    connect(m_puzzle, &ui::PuzzlePanel::replyRequested, this, [this](chess::Move reply) { m_game->playMove(reply); });
    connect(m_puzzle, &ui::PuzzlePanel::solveEnded, this, [this] { endSortRound(); });
    connect(m_puzzle, &ui::PuzzlePanel::sortRequested, this, [this](const QStringList& fens, const QStringList& ids) {
        m_sort->setPositions(fens, ids);
        m_sortDock->show();
        m_sortDock->raise();
    });
}

void MainWindow::createPlayDock() {
    // Play mode: a game against the human model, its clocks and buttons; the board is wired to it while it runs.
    m_play = new ui::PlayPanel(this);
    m_play->observe(m_session);
    m_playDock = addDock(m_play, QStringLiteral("playPanel"), tr("Play"), QStringLiteral("playDock"),
                         Qt::RightDockWidgetArea, m_puzzleDock);
    jobs::PlayController* play = m_play->controller();
    connect(m_play, &ui::PlayPanel::newGameRequested, this, &MainWindow::playAgainstHuman);
    connect(m_play, &ui::PlayPanel::reviewRequested, this, &MainWindow::reviewGame);
    connect(play, &jobs::PlayController::moved, this, [this](chess::Move move, int) {
        // Both sides' moves enter the game here, at its end (the user may have been looking at an earlier move).
        m_game->setCurrentPly(m_game->plyCount());
        m_game->playMove(move);
    });
    connect(play, &jobs::PlayController::thinkingChanged, this, [this] {
        if (isPlaying()) syncBoard();
    });
    connect(play, &jobs::PlayController::gameOver, this, [this](const play::GameOutcome& outcome) {
        statusBar()->showMessage(ui::PlayPanel::outcomeText(outcome, m_play->controller()->settings().userColor),
                                 10000);
        setPlaying(false);
    });
}

void MainWindow::createTrainingDock() {
    // The training studio: hidden until asked for, or until it finds a run to offer for resume.
    m_training = new ui::TrainingPage(this);
    m_trainingDock = addDock(m_training, QStringLiteral("trainingPage"), tr("Training"), QStringLiteral("trainingDock"),
                             Qt::BottomDockWidgetArea);
    m_trainingDock->hide();
    connect(m_training, &ui::TrainingPage::useModelRequested, this, [this](const QString& path) {
        loadHumanModel(path);
        m_analysisDock->show();
        m_analysisDock->raise();
    });
    connect(m_training, &ui::TrainingPage::useRatingModelRequested, this, [this](const QString& path) {
        loadPuzzleModel(path);
        m_puzzleDock->show();
        m_puzzleDock->raise();
    });
    connect(m_training, &ui::TrainingPage::resumeOffered, m_trainingDock, &QWidget::show);
    m_training->checkResumableRuns();
}

void MainWindow::createActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_newGame = file->addAction(tr("&New game"), this, &MainWindow::newGame);
    m_newGame->setShortcut(QKeySequence::New);
    m_openPgn = file->addAction(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open PGN…"), this,
                                &MainWindow::openPgn);
    m_openPgn->setShortcut(QKeySequence::Open);
    m_saveGame = file->addAction(style()->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save game as PGN…"), this,
                                 &MainWindow::saveGameAs);
    m_saveGame->setShortcut(QKeySequence::Save);
    file->addSeparator();
    m_pasteFen = file->addAction(tr("&Paste FEN"), this, &MainWindow::pasteFen);
    m_pasteFen->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    m_copyFen = file->addAction(tr("&Copy FEN"), this, &MainWindow::copyFen);
    m_copyFen->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    file->addSeparator();
    file->addAction(tr("Player p&rofile…"), this, [this] { openPlayerProfile(); });
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu* board = menuBar()->addMenu(tr("&Board"));
    m_flip = board->addAction(tr("&Flip board"), this, &MainWindow::flipBoard);
    m_flip->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F));

    board->addSeparator();
    QAction* showHuman = m_analysisDock->toggleViewAction();
    showHuman->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    board->addAction(showHuman);
    board->addAction(m_engineDock->toggleViewAction());

    board->addAction(m_reviewDock->toggleViewAction());
    board->addAction(m_sortDock->toggleViewAction());
    board->addAction(m_puzzleDock->toggleViewAction());
    board->addSeparator();
    board->addAction(tr("&Sort moves in this position"), this, &MainWindow::sortCurrentPosition);
    board->addAction(tr("Sort moves from a &puzzle file…"), this, &MainWindow::sortFromPuzzleFile);

    QMenu* playMenu = menuBar()->addMenu(tr("&Play"));
    QAction* playAction =
        playMenu->addAction(tr("&New game against the human model…"), this, &MainWindow::playAgainstHuman);
    playAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    playMenu->addAction(m_playDock->toggleViewAction());

    QMenu* models = menuBar()->addMenu(tr("&Models"));
    models->addAction(tr("Load &human-move model…"), this, &MainWindow::chooseHumanModel);
    models->addAction(tr("Load a &folder of rating-band nets (Maia-1)…"), this, &MainWindow::chooseHumanModelFolder);
    models->addAction(tr("Use the &default human-move model"), this, &MainWindow::useDefaultHumanModel);
    models->addAction(tr("Model of a p&layer…"), this, &MainWindow::openPlayerModelDialog);
    QMenu* players = models->addMenu(tr("Models of pla&yers"));
    connect(players, &QMenu::aboutToShow, this, [this, players] {
        players->clear();
        const auto found = jobs::listPersonalModels(jobs::personalModelsFolder());
        if (found.isEmpty()) players->addAction(tr("(none yet: Model of a player…)"))->setEnabled(false);
        for (const jobs::PersonalModelInfo& m : found) {
            // Their rating as their games' site gives it; the model is told m.elo, its Lichess-scale equivalent.
            const QString rating = m.ratingScale == QLatin1String("chess.com") ? tr("chess.com %1").arg(m.siteElo)
                                                                               : QString::number(m.elo);
            const QString text = m.elo > 0 ? tr("%1 (%2, %n games)", nullptr, int(m.games)).arg(m.player, rating)
                                           : tr("%1 (%n games)", nullptr, int(m.games)).arg(m.player);
            QAction* a = players->addAction(text);
            a->setCheckable(true);
            a->setChecked(m.path == m_session->humanModelPath());
            connect(a, &QAction::triggered, this, [this, m] {
                const auto tc = chess::parseTimeControl(m.timeControl.toStdString());
                usePlayerModel(m.path, m.elo, tc ? tc->first : -1, tc ? tc->second : -1);
            });
        }
    });
    models->addAction(tr("Load &puzzle-rating model…"), this, &MainWindow::choosePuzzleModel);
    models->addAction(tr("Use the default puzzle-&rating model"), this, &MainWindow::useDefaultPuzzleModel);
    QMenu* deviceMenu = models->addMenu(tr("Run models &on"));
    auto* deviceGroup = new QActionGroup(this);
    const std::pair<DeviceChoice, QString> devices[] = {{DeviceChoice::Auto, tr("&Automatic (CUDA when available)")},
                                                        {DeviceChoice::Cpu, tr("&CPU")},
                                                        {DeviceChoice::Cuda, tr("C&UDA (NVIDIA GPU)")}};
    const bool cuda = models::cudaAvailable();
    for (const auto& [choice, text] : devices) {
        QAction* a = deviceMenu->addAction(text);
        a->setCheckable(true);
        a->setData(QString::fromLatin1(deviceChoiceName(choice)));
        if (choice == DeviceChoice::Cuda && !cuda) {
            a->setEnabled(false);
            a->setToolTip(tr("This LibTorch sees no CUDA device"));
        }
        deviceGroup->addAction(a);
        m_deviceActions << a;
        connect(a, &QAction::triggered, this, [this, a] { setModelDevice(a->data().toString()); });
    }
    models->addSeparator();
    QAction* training = m_trainingDock->toggleViewAction();
    training->setText(tr("&Training studio"));
    models->addAction(training);

    QMenu* go = menuBar()->addMenu(tr("&Go"));
    auto addNav = [&](const QString& text, QStyle::StandardPixmap icon, Qt::Key key, auto&& slot) {
        QAction* a = go->addAction(style()->standardIcon(icon), text);
        a->setShortcut(QKeySequence(key));
        connect(a, &QAction::triggered, this, slot);
        auto* button = new QToolButton(this);
        button->setDefaultAction(a);
        button->setAutoRaise(true);
        m_navLayout->addWidget(button);
        return a;
    };
    m_first =
        addNav(tr("First move"), QStyle::SP_MediaSkipBackward, Qt::Key_Home, [this] { m_game->setCurrentPly(0); });
    m_prev = addNav(tr("Previous move"), QStyle::SP_MediaSeekBackward, Qt::Key_Left,
                    [this] { m_game->setCurrentPly(m_game->currentPly() - 1); });
    m_next = addNav(tr("Next move"), QStyle::SP_MediaSeekForward, Qt::Key_Right,
                    [this] { m_game->setCurrentPly(m_game->currentPly() + 1); });
    m_last = addNav(tr("Last move"), QStyle::SP_MediaSkipForward, Qt::Key_End,
                    [this] { m_game->setCurrentPly(m_game->plyCount()); });
    go->addSeparator();
    m_takeBack = go->addAction(tr("&Take back move"), this, &MainWindow::takeBack);
    m_takeBack->setShortcut(QKeySequence::Undo);
    m_promote = go->addAction(tr("&Promote variation to main line"), this, &MainWindow::promoteVariation);
    m_deleteVariation = go->addAction(tr("&Delete variation"), this, &MainWindow::deleteVariation);
    // The move tree's context menu offers the same.
    m_moveTree->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_moveTree->addActions({m_promote, m_deleteVariation, m_takeBack});
}

void MainWindow::newGame() {
    m_play->controller()->abort();
    endSortRound();
    m_hasLoadedGame = false;
    setWindowTitle(tr("New game"));
    m_game->reset(chess::Position());
}

bool MainWindow::setFen(const QString& fen) {
    auto parsed = chess::Position::fromFen(fen.trimmed().toStdString());
    if (!parsed) {
        statusBar()->showMessage(tr("Invalid FEN: %1").arg(QString::fromStdString(parsed.error().message)), 8000);
        return false;
    }
    m_play->controller()->abort();
    endSortRound();
    setWindowTitle(tr("Position from FEN"));
    m_hasLoadedGame = false;
    m_game->reset(parsed.value());
    return true;
}

void MainWindow::pasteFen() {
    const QString text = QApplication::clipboard()->text().trimmed();
    if (!text.isEmpty() && !text.contains(QLatin1Char('\n')) && setFen(text)) return;
    ui::FenDialog dialog(this);
    dialog.setFen(text.section(QLatin1Char('\n'), 0, 0));
    if (dialog.exec() == QDialog::Accepted && dialog.position())
        setFen(QString::fromStdString(dialog.position()->fen()));
}

void MainWindow::copyFen() {
    QApplication::clipboard()->setText(QString::fromStdString(m_game->currentPosition().fen()));
    statusBar()->showMessage(tr("FEN copied to the clipboard"), 3000);
}

void MainWindow::flipBoard() {
    m_board->setFlipped(!m_board->isFlipped());
    m_engine->setFlipped(m_board->isFlipped());
}

void MainWindow::openPgn() {
    QSettings settings;
    const QString dir = settings.value(ui::settings_keys::kPgnDir).toString();
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open PGN"), dir, tr("PGN files (*.pgn *.pgn.zst);;All files (*)"));
    if (path.isEmpty()) return;
    settings.setValue(ui::settings_keys::kPgnDir, QFileInfo(path).absolutePath());
    openPgnFile(path);
}

void MainWindow::openPgnFile(const QString& path) {
    m_pgnCancel.cancel();
    m_pgnCancel = CancelToken();
    setLoading(true);
    statusBar()->showMessage(tr("Reading %1…").arg(QFileInfo(path).fileName()));
    QMetaObject::invokeMethod(
        m_pgnLoader, [loader = m_pgnLoader, path, token = m_pgnCancel] { loader->load(path, kMaxListedGames, token); },
        Qt::QueuedConnection);
}

void MainWindow::setLoading(bool loading) {
    m_openPgn->setEnabled(!loading);
    m_progress->setRange(0, 0);
    m_progress->setFormat(QString());
    m_progress->setVisible(loading);
    m_cancelLoad->setVisible(loading);
}

void MainWindow::onPgnFailed(const QString& message) {
    setLoading(false);
    statusBar()->clearMessage();
    QMessageBox::warning(this, tr("Open PGN"), tr("Could not read the file.\n\n%1").arg(message));
}

void MainWindow::onPgnLoaded(const std::shared_ptr<const ui::PgnLoadResult>& result) {
    setLoading(false);
    statusBar()->clearMessage();
    if (result->cancelled) return;
    const QString name = QFileInfo(result->path).fileName();
    if (result->games.empty()) {
        QString text = tr("%1 holds no game that could be read.").arg(name);
        if (!result->firstSkip.isEmpty())
            text += QLatin1String("\n\n") + tr("First problem: %1").arg(result->firstSkip);
        QMessageBox::warning(this, tr("Open PGN"), text);
        return;
    }
    if (result->games.size() == 1) {
        loadGame(result->games.front());
        return;
    }
    QString note = result->truncated
                       ? tr("%1 holds more games; showing the first %n.", nullptr, int(result->games.size())).arg(name)
                       : tr("%1 holds %n game(s).", nullptr, int(result->games.size())).arg(name);
    if (result->skipped > 0)
        note += QLatin1Char(' ') +
                tr("%n malformed game(s) skipped (first: %1).", nullptr, int(result->skipped)).arg(result->firstSkip);
    ui::GameChooserDialog chooser(result->games, note, this);
    if (chooser.exec() != QDialog::Accepted) return;
    const int index = chooser.selectedGame();
    if (index >= 0) loadGame(result->games[std::size_t(index)]);
}

void MainWindow::loadGame(const chess::PgnGame& game) {
    auto start = game.startPosition();
    if (!start) {
        QMessageBox::warning(this, tr("Open PGN"), QString::fromStdString(start.error().message));
        return;
    }
    m_play->controller()->abort();
    endSortRound();
    m_loadedGame = game;
    m_hasLoadedGame = true;
    if (const Status st = m_game->setGame(game); !st) {
        // PgnReader checked every move, variations included; a game built elsewhere may still be wrong.
        m_hasLoadedGame = false;
        QMessageBox::warning(this, tr("Open PGN"), QString::fromStdString(st.error().message));
        m_game->reset(start.value());
        return;
    }
    applyGameConditioning();
    const QString white = QString::fromStdString(game.tag("White"));
    const QString black = QString::fromStdString(game.tag("Black"));
    setWindowTitle(tr("%1 – %2").arg(white.isEmpty() ? tr("?") : white, black.isEmpty() ? tr("?") : black));
}

void MainWindow::syncBoard() {
    const int ply = m_game->currentPly();
    m_board->setPosition(m_game->currentPosition(), m_game->moveAt(ply));
    if (isPlaying()) {
        // During a game: moves only at its end and on the user's turn; no hints.
        m_board->setInteractive(ply == m_game->plyCount() && m_play->controller()->isUserTurn());
        const QModelIndex cell = m_game->indexForPly(ply);
        if (cell.isValid()) {
            m_moveList->setCurrentIndex(cell);
            m_moveList->scrollTo(cell);
        }
        updateNavigation();
        updateStatus();
        return;
    }
    m_board->setInteractive(true);
    applyGameConditioning();
    QStringList uciMoves;
    for (int p = 1; p <= ply; ++p) uciMoves << QString::fromStdString(chess::toUci(m_game->moveAt(p)));
    m_session->setPosition(m_game->currentPosition(), m_game->recentMovesAt(ply),
                           QString::fromStdString(m_game->startPosition().fen()), uciMoves);
    const QModelIndex cell = m_game->indexForPly(ply);
    if (cell.isValid()) {
        m_moveList->setCurrentIndex(cell);
        m_moveList->scrollTo(cell);
    } else {
        m_moveList->clearSelection();
        m_moveList->scrollToTop();
    }
    updateNavigation();
    updateStatus();
}

void MainWindow::updateNavigation() {
    const int ply = m_game->currentPly();
    m_first->setEnabled(ply > 0);
    m_prev->setEnabled(ply > 0);
    m_next->setEnabled(ply < m_game->plyCount());
    m_last->setEnabled(ply < m_game->plyCount());
    // A running game or sorting round owns the board's moves.
    const bool editable = m_session->mode() == ui::Session::Mode::Analysis;
    m_takeBack->setEnabled(editable && m_game->canTakeBack());
    m_promote->setEnabled(editable && m_game->tree().hasVariations());
    m_deleteVariation->setEnabled(editable && m_game->inVariation());
    m_saveGame->setEnabled(!isPlaying() && m_game->tree().moveCount() > 0);
}

chess::PgnGame MainWindow::shownLine() const {
    return m_game->linePgn(m_hasLoadedGame ? m_loadedGame : chess::PgnGame{});
}

void MainWindow::onLineChanged() {
    // The review is of the line shown: another line (a variation, a new move) is a new game to review.
    const chess::PgnGame line = shownLine();
    const auto& reviewed = m_review->game();
    bool same = reviewed && reviewed->moves.size() == line.moves.size() && reviewed->startFen == line.startFen;
    for (std::size_t i = 0; same && i < line.moves.size(); ++i) same = reviewed->moves[i].move == line.moves[i].move;
    if (!same) m_review->setGame(line);
    updateNavigation();
}

void MainWindow::takeBack() {
    if (m_session->hintsHidden()) return;
    if (!m_game->takeBack()) statusBar()->showMessage(tr("No move made on the board to take back"), 3000);
}

void MainWindow::promoteVariation() {
    if (m_session->hintsHidden()) return;
    if (!m_game->promoteCurrentLine()) statusBar()->showMessage(tr("This line is already the main line"), 3000);
}

void MainWindow::deleteVariation() {
    if (m_session->hintsHidden()) return;
    if (!m_game->deleteCurrentVariation())
        statusBar()->showMessage(tr("The current move is on the main line: no variation to delete"), 3000);
}

QString MainWindow::saveGame(const QString& path) const {
    chess::PgnGame header = m_hasLoadedGame ? m_loadedGame : chess::PgnGame{};
    if (header.tag("Date").empty())
        header.tags.emplace_back("Date", QDate::currentDate().toString(QStringLiteral("yyyy.MM.dd")).toStdString());
    const Status st = chess::writePgnFile(path.toStdString(), {m_game->gamePgn(header)});
    return st ? QString() : QString::fromStdString(st.error().message);
}

void MainWindow::saveGameAs() {
    QSettings settings;
    const QString dir = settings.value(ui::settings_keys::kPgnDir).toString();
    const QString path = QFileDialog::getSaveFileName(this, tr("Save game"), dir, tr("PGN files (*.pgn)"));
    if (path.isEmpty()) return;
    settings.setValue(ui::settings_keys::kPgnDir, QFileInfo(path).absolutePath());
    const QString error = saveGame(path);
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Save game"), error);
    else
        statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
}

void MainWindow::updateStatus() {
    const chess::Position& pos = m_board->position();
    const bool white = pos.sideToMove() == chess::White;
    QString text;
    switch (pos.status()) {
        case chess::GameStatus::Checkmate:
            text = white ? tr("Checkmate: Black wins") : tr("Checkmate: White wins");
            break;
        case chess::GameStatus::Stalemate: text = tr("Stalemate: draw"); break;
        case chess::GameStatus::InsufficientMaterial: text = tr("Draw: insufficient material"); break;
        case chess::GameStatus::FiftyMoveRule:
            text = (white ? tr("White to move") : tr("Black to move")) + QStringLiteral(" · ") +
                   tr("a draw can be claimed (fifty-move rule)");
            break;
        case chess::GameStatus::ThreefoldRepetition:
            text = (white ? tr("White to move") : tr("Black to move")) + QStringLiteral(" · ") +
                   tr("a draw can be claimed (threefold repetition)");
            break;
        case chess::GameStatus::Ongoing:
            text = pos.inCheck() ? (white ? tr("White to move, in check") : tr("Black to move, in check"))
                                 : (white ? tr("White to move") : tr("Black to move"));
            break;
    }
    m_status->setText(text);
}

void MainWindow::restoreSettings() {
    QSettings settings;
    if (!restoreGeometry(settings.value(ui::settings_keys::kWindowGeometry).toByteArray())) {
        // First start: most of the screen, so the board, the move list and a dock fit side by side.
        const QScreen* screen = QGuiApplication::primaryScreen();
        const QRect avail = screen ? screen->availableGeometry() : QRect(0, 0, 1280, 800);
        resize(std::max(900, avail.width() * 9 / 10), std::max(640, avail.height() * 9 / 10));
        move(avail.center() - rect().center());
    }
    restoreState(settings.value(ui::settings_keys::kWindowState).toByteArray());
    m_splitter->restoreState(settings.value(ui::settings_keys::kWindowSplitter).toByteArray());
    m_board->setFlipped(settings.value(ui::settings_keys::kBoardFlipped, false).toBool());
    m_engine->setFlipped(m_board->isFlipped());
}

void MainWindow::saveSettings() const {
    QSettings settings;
    settings.setValue(ui::settings_keys::kWindowGeometry, saveGeometry());
    settings.setValue(ui::settings_keys::kWindowState, saveState());
    settings.setValue(ui::settings_keys::kWindowSplitter, m_splitter->saveState());
    settings.setValue(ui::settings_keys::kBoardFlipped, m_board->isFlipped());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    m_pgnCancel.cancel();
    saveSettings();
    event->accept();
}

}  // namespace kibitz::app
