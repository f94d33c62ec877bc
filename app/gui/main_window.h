// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/pgn.h"
#include "core/common/cancel_token.h"
#include "core/jobs/play_controller.h"
#include "core/jobs/worker_thread.h"
#include "ui/pgn_loader.h"
#include "ui/session.h"

#include <QMainWindow>
#include <QPointer>

#include <memory>

class QAction;
class QDockWidget;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QSplitter;
class QTableView;
class QToolButton;

namespace kibitz::ui {
class PlayerModelDialog;
class PlayerProfilePage;
class AnalysisPanel;
class BoardWidget;
class EnginePanel;
class GameModel;
class MoveTreeView;
class PlayPanel;
class PuzzlePanel;
class ReviewPanel;
class Session;
class SortTrainer;
class TrainingPage;
}  // namespace kibitz::ui

namespace kibitz::app {

/// Kibitz's main window: the board in the centre, the move list with navigation beside it, file and board
/// actions, and a status bar with the side to move and the game state. Wiring only: the widgets and models
/// live in ui/, the PGN reading in a worker thread.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

public Q_SLOTS:
    /// Starts a new game from the standard position.
    void newGame();
    /// Sets up the FEN on the clipboard; if it is not a valid FEN, opens the FEN dialog showing why.
    void pasteFen();
    /// Puts the current position's FEN on the clipboard.
    void copyFen();
    /// Asks for a PGN file and opens it.
    void openPgn();
    /// Reads `path` in the background; one game opens directly, several show a chooser.
    void openPgnFile(const QString& path);
    /// Sets up a position from FEN text; returns false (and shows the error) when it is invalid.
    bool setFen(const QString& fen);
    void flipBoard();
    /// Asks for a human-move model bundle and uses it for analysis (remembered in the settings).
    void chooseHumanModel();
    /// A folder of lc0 rating-band nets (Maia-1): the Elo slider picks and blends them.
    void chooseHumanModelFolder();
    /// Switches back to the shipped default human-move model.
    void useDefaultHumanModel();
    /// Models -> Model of a player...: builds a personal model from a player's games (non-modal dialog).
    void openPlayerModelDialog();
    /// File -> Player profile...: where a player stands against people of their rating (a window of its own, kept
    /// while open). `files` and `player`, when given, fill its games and player (the Model of a player dialog's).
    void openPlayerProfile(const QStringList& files = {}, const QString& player = {});
    /// Uses a model of a player for analysis, both sliders at the player's rating and the clocks at their usual time
    /// control (base and increment in seconds, -1: left as they are).
    void usePlayerModel(const QString& model, int elo, int baseS, int incrementS);
    /// Opens the new-game dialog with a model of a player as the opponent, at the player's rating and usual time
    /// control.
    void playAgainstPlayer(const QString& model, const QString& player, int elo, int baseS, int incrementS);
    /// Asks for a puzzle-rating bundle (or checkpoint) for the puzzle panel (remembered in the settings).
    void choosePuzzleModel();
    /// Switches the puzzle panel back to the shipped default puzzle-rating model.
    void useDefaultPuzzleModel();
    /// Runs the human-move model on `device` ("auto", "cpu" or "cuda"; remembered in the settings) and reloads it
    /// there. Returns false, and keeps the current device, when the choice is unknown or CUDA is not available.
    bool setModelDevice(const QString& device);
    /// Opens the move-sorting trainer on the board's position.
    void sortCurrentPosition();
    /// Asks for a puzzle CSV and plays sorting games from its positions.
    void sortFromPuzzleFile();
    /// Shows the new-game dialog and starts a game against the human model.
    void playAgainstHuman();
    /// Starts a game against the human model as set (what the dialog's Play does).
    void startPlay(const jobs::PlaySettings& settings);
    /// True while a play-mode game runs.
    bool isPlaying() const;
    /// Opens `game` (e.g. a finished play-mode game) in the game review and starts the review.
    void reviewGame(const chess::PgnGame& game);
    /// Asks for a file name and saves the game on the board with all its variations and comments.
    void saveGameAs();
    /// Writes the game on the board (tags of the loaded game, moves and variations) to `path`; returns the
    /// error, or an empty string.
    QString saveGame(const QString& path) const;
    /// Ctrl+Z: takes back the last move made on the board.
    void takeBack();
    /// Makes the line shown the main line.
    void promoteVariation();
    /// Deletes the variation holding the current move.
    void deleteVariation();

Q_SIGNALS:
    /// Arrows of the human-move model were put on the board (`count` of them); the start-up benchmark waits for the
    /// first (kibitz --quit-on-arrows).
    void arrowsShown(int count);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void createLayout();
    void createDocks();
    void createAnalysisDocks();       ///< human moves and engine, tabbed, and their wiring to the board
    void createReviewAndSortDocks();  ///< the game review (bottom) and the move-sorting trainer
    void createPuzzleDock();
    void createPlayDock();
    void createTrainingDock();  ///< hidden until asked for, or until it finds a run to offer for resume
    /// Puts `panel` in a new dock of `area` (tabbed behind `tabWith` if given, the human moves kept in front).
    QDockWidget* addDock(QWidget* panel, const QString& panelName, const QString& title, const QString& dockName,
                         Qt::DockWidgetArea area, QDockWidget* tabWith = nullptr);
    void loadHumanModel(const QString& path);
    /// Checks the "Run models on" entry of the current device choice.
    void syncDeviceActions();
    /// Puzzle-rating model of the puzzle panel (empty = shipped default); keeps the current human model.
    void loadPuzzleModel(const QString& path);
    /// Sets the Elo/clock controls from the loaded game's tags and [%clk] comments at the current ply.
    void applyGameConditioning();
    void syncBoard();
    void updateStatus();
    void updateNavigation();
    void loadGame(const chess::PgnGame& game);
    /// The loaded game's tags (empty after New game / FEN) around the line shown: what conditioning and review read.
    chess::PgnGame shownLine() const;
    /// The review and the move-tree view follow the line shown.
    void onLineChanged();
    void onPgnLoaded(const std::shared_ptr<const ui::PgnLoadResult>& result);
    void onPgnFailed(const QString& message);
    void setLoading(bool loading);
    /// Play mode begins or ends: hints (arrows, engine, human evaluation) are hidden while a game runs.
    void setPlaying(bool playing);
    /// The user moved on the board during a game.
    void onPlayMove(chess::Move move);
    /// Hides (play mode, sorting rounds) or shows (analysis) the hints that would answer the board's question: the
    /// human-move analysis and its arrows, the engine (switched off and back on), the human bar.
    void onModeChanged(ui::Session::Mode mode);
    /// A sorting round shows its position: it becomes the board's position (so every dock agrees), hints hidden.
    void showSortPosition(const chess::Position& position);
    /// Ends a sorting round or a puzzle being solved (back to analysis, hints shown); nothing otherwise.
    void endSortRound();
    void restoreSettings();
    void saveSettings() const;

    ui::Session* m_session = nullptr;  ///< the position under analysis, the players, the models: every dock observes it
    QList<QAction*> m_deviceActions;   ///< the "Run models on" entries
    ui::BoardWidget* m_board = nullptr;
    ui::AnalysisPanel* m_analysis = nullptr;
    ui::EnginePanel* m_engine = nullptr;
    QDockWidget* m_analysisDock = nullptr;
    QDockWidget* m_engineDock = nullptr;
    ui::ReviewPanel* m_review = nullptr;
    ui::SortTrainer* m_sort = nullptr;
    QDockWidget* m_reviewDock = nullptr;
    QDockWidget* m_sortDock = nullptr;
    ui::PuzzlePanel* m_puzzle = nullptr;  ///< puzzle rating (board-built or imported puzzles, batch rating)
    QDockWidget* m_puzzleDock = nullptr;
    ui::PlayPanel* m_play = nullptr;  ///< play mode: a game against the human model
    QDockWidget* m_playDock = nullptr;
    bool m_engineWasOn = false;              ///< the engine panel's state before hints were hidden, restored after
    ui::TrainingPage* m_training = nullptr;  ///< the training studio, in a dock opened from the Models menu
    QDockWidget* m_trainingDock = nullptr;
    QPointer<ui::PlayerModelDialog> m_playerModels;  ///< Models -> Model of a player... while open
    QPointer<ui::PlayerProfilePage> m_profilePage;   ///< File -> Player profile... while open
    chess::PgnGame m_loadedGame;  ///< tags and clocks of the game on the board (empty after New game / FEN)
    bool m_hasLoadedGame = false;
    ui::GameModel* m_game = nullptr;
    QTableView* m_moveList = nullptr;
    ui::MoveTreeView* m_moveTree = nullptr;  ///< the whole game with variations and comments (shown when it has any)
    QSplitter* m_moveSplitter = nullptr;
    QSplitter* m_splitter = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancelLoad = nullptr;
    QHBoxLayout* m_navLayout = nullptr;

    QAction* m_saveGame = nullptr;
    QAction* m_takeBack = nullptr;
    QAction* m_promote = nullptr;
    QAction* m_deleteVariation = nullptr;
    QAction* m_newGame = nullptr;
    QAction* m_openPgn = nullptr;
    QAction* m_pasteFen = nullptr;
    QAction* m_copyFen = nullptr;
    QAction* m_flip = nullptr;
    QAction* m_first = nullptr;
    QAction* m_prev = nullptr;
    QAction* m_next = nullptr;
    QAction* m_last = nullptr;

    jobs::WorkerThread m_pgnThread{QStringLiteral("pgn-loader")};
    ui::PgnLoader* m_pgnLoader = nullptr;
    CancelToken m_pgnCancel;
};

}  // namespace kibitz::app
