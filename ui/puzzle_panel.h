// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/chess/puzzle_csv.h"
#include "core/chess/puzzle_filter.h"
#include "core/common/cancel_token.h"
#include "core/jobs/analysis_worker.h"
#include "core/jobs/puzzle_worker.h"
#include "core/jobs/worker_thread.h"

#include <QStringList>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QChart;
class QChartView;
class QLabel;
class QLineEdit;
class QLineSeries;
class QListWidget;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QTabWidget;
class QTimer;

namespace kibitz::ui {

class Session;

/// The puzzle panel. A puzzle is built on the board ("Start from current position", then the
/// next move played is the opponent's setup move and the following ones the solution: solver moves and
/// replies), or picked from an imported Lichess CSV or PGN file. PGN convention: a game with a FEN tag is a
/// puzzle; the FEN is the position before the setup move, the first move is the setup move, the rest is the
/// solution (jobs::puzzleFromPgn). For the current puzzle the panel shows the predicted rating ± the model's
/// predicted standard deviation (sigma), the human solve-probability curve for Elo 800..2800 and a per-move
/// difficulty table with the hardest move marked. "Rate file…" batch-rates a CSV into an output CSV in the
/// background (resumable like `kibitz-cli rate`), with progress and Cancel. Models, file reading and rating run
/// in worker threads (jobs::PuzzleWorker, jobs::PuzzleFileWorker): the GUI thread never waits for them.
class PuzzlePanel : public QWidget {
    Q_OBJECT
public:
    /// Elo levels of the difficulty table's probability columns.
    static constexpr int kTableElos[] = {1200, 1600, 2000};

    explicit PuzzlePanel(QWidget* parent = nullptr);
    /// Follows `session` from now on (see ui/session.h): the puzzle-rating and human models, and the position the
    /// builder starts from and extends (a move played on the board at the end of the line).
    void observe(const Session* session);
    /// The models this panel uses (empty: the shipped defaults).
    QString puzzleModelPath() const { return m_puzzleModelPath; }
    QString humanModelPath() const { return m_humanModelPath; }
    ~PuzzlePanel() override;

    /// Loads the puzzle model (empty: the shipped default) and the human-move model (factory run in the worker;
    /// empty factory: no solve curve) in the worker thread. Emits modelsReady or modelStatusChanged on failure.
    void setModels(const QString& puzzleModel, jobs::EvaluatorFactory human);

    /// Starts building a puzzle at `pos` (the position before the setup move).
    void startFrom(const chess::Position& pos);
    /// Shows `puzzle` (an imported one, or any Lichess-convention puzzle) and rates it.
    void setPuzzle(const chess::Puzzle& puzzle);
    /// The puzzle shown (its moves may be fewer than two while building).
    const chess::Puzzle& puzzle() const { return m_puzzle; }
    bool isBuilding() const { return m_building; }
    /// The line in SAN: "setup: Qxd6 | solution: Rxd8 Qxd8 Bxd8" style, as shown in the panel.
    QString lineText() const;

    /// Reads a puzzle file (CSV or PGN) in the background; emits fileLoaded or fileFailed. With a query in the filter
    /// box, only the puzzles it matches are kept (the others counted as left out): a file of millions of puzzles gives
    /// up to jobs::kMaxFilePuzzles of those asked for, not only its first rows.
    void loadFile(const QString& path);
    /// While a file is read, the import button stops the read: nothing of it is kept and the list stays as it was.
    void stopReading();
    bool isReading() const { return m_reading; }
    QPushButton* importButton() const { return m_import; }
    /// The button that reads the file again with the filter box's query, shown when that query could find puzzles
    /// the last read did not keep (it stopped at the limit, or kept only another query's).
    QPushButton* rereadButton() const { return m_reread; }
    /// Batch-rates `inPath` (Lichess CSV) into `outPath` in the background; rerunning after a cancel continues.
    void rateFile(const QString& inPath, const QString& outPath);
    /// Sets the cancel flag of the running batch (takes effect after the batch in flight).
    void cancelBatch();
    bool isBatchRunning() const { return m_batchRunning; }
    /// Batch size of rateFile (default 256).
    void setBatchSize(int size) { m_batchSize = size; }
    /// Writes the current result as JSON (".json") or one CSV row with header (anything else), atomically.
    /// Returns false (and shows why) when there is no result or the file cannot be written.
    bool exportResult(const QString& path);

    /// The last result for the current puzzle, if any.
    const std::optional<jobs::PuzzleRating>& result() const { return m_result; }
    /// The rating text as shown ("1534 ± 210").
    QString ratingText() const;
    /// Widgets, for tests and screenshots.
    QLineSeries* curveSeries() const { return m_curve; }
    QLineSeries* humanCurveSeries() const { return m_humanCurve; }
    QLineSeries* maiaCurveSeries() const { return m_maiaCurve; }
    QString maiaText() const;  ///< the Maia-1 line as shown; empty when hidden
    /// For a player profile's puzzle (chess::Puzzle::playerRating), their chance to solve it, as shown under the
    /// rating ("At the player's rating in that game, 1530: 38% to solve by its rating, …"); empty when hidden. The
    /// chart marks their rating with a vertical line (playerMarkSeries: empty when none).
    QString playerChanceText() const;
    QLineSeries* playerMarkSeries() const { return m_playerMark; }
    QTableWidget* difficultyTable() const { return m_table; }
    QListWidget* puzzleList() const { return m_list; }
    /// Puzzles of the last imported file.
    const std::vector<chess::Puzzle>& filePuzzles() const;
    /// Lists only the imported puzzles that match `query` (chess::parsePuzzleFilter: themes, openings, ids, Lichess
    /// ratings), at once; typing in the filter box does the same after a pause. A bad query is shown with its
    /// reason and leaves the list as it was.
    void setFilter(const QString& query);
    QLineEdit* filterEdit() const { return m_filter; }
    /// "12 of 500 puzzles match" or why the query is refused, as shown.
    QString filterInfoText() const;
    /// The indices into filePuzzles() of the list's rows.
    const std::vector<std::size_t>& listedPuzzles() const { return m_listed; }
    /// The button that sends the listed puzzles to the sorting trainer (sortRequested).
    QPushButton* sortButton() const { return m_sortListed; }
    /// How many of the listed puzzles the sort button sends.
    static constexpr int kMaxSorted = 500;
    /// Skip messages of the last import and of the running/last batch.
    QStringList fileProblems() const { return m_fileProblems; }
    QStringList batchProblems() const { return m_batchProblems; }
    /// Selects the tab with the puzzle (0) or files (1).
    void showTab(int index);

    /// Solving: the board is set to the puzzle (its setup move played, solveRequested) and the moves played on it are
    /// judged: the solution's move, or any move that mates, is right and the opponent's reply follows
    /// (replyRequested); another move fails it. The solution, the difficulty table and the Maia line stay hidden
    /// until it ends (solveEnded). A new puzzle, or the board taken for something else (the session leaving
    /// Mode::Solve), ends it uncounted.
    void startSolving();
    /// Ends the solving as failed and shows the solution.
    void showSolution();
    bool isSolving() const { return m_solveNext >= 0; }
    /// The puzzles solved and tried since the panel was made.
    int solvedCount() const { return m_solved; }
    int triedCount() const { return m_tried; }
    QPushButton* solveButton() const { return m_solve; }
    /// Picks the next puzzle of the Files list and starts solving it (enabled when the puzzle shown is a listed one
    /// with another after it).
    QPushButton* nextButton() const { return m_next; }
    /// What the solving line says ("Right: …", "Not the move: …").
    QString solveText() const;

public Q_SLOTS:
    /// Appends `move` to the puzzle being built when it is legal at the end of the line (ignored otherwise).
    void recordMove(kibitz::chess::Move move);
    /// Takes back the last move of the line being built.
    void undoMove();
    /// Forgets the current puzzle.
    void clearPuzzle();

Q_SIGNALS:
    void modelsReady(const QString& description);
    void modelStatusChanged(const QString& text);
    /// A rating (and curve) arrived for the current puzzle.
    void ratingUpdated();
    /// Rating the current puzzle failed.
    void ratingFailed(const QString& message);
    /// The board should show this position (an imported puzzle's position after the setup move).
    void positionRequested(const kibitz::chess::Position& position);
    void fileLoaded(int puzzles, qint64 skipped);
    /// Set the board to `before` and play `setup` on it, for the user to solve the puzzle (the window puts the session
    /// in Mode::Solve).
    void solveRequested(const kibitz::chess::Position& before, kibitz::chess::Move setup);
    /// Play the opponent's reply on the board.
    void replyRequested(kibitz::chess::Move reply);
    /// The solving ended (solved or not, or uncounted): the board is the user's again.
    void solveEnded(bool solved);
    /// Sort their moves: the solver's positions of the listed puzzles (the first kMaxSorted), with their ids, for the
    /// sorting trainer (SortTrainer::setPositions).
    void sortRequested(const QStringList& fens, const QStringList& ids);
    void fileFailed(const QString& message);
    void batchProgress(const kibitz::jobs::RateCsvProgress& progress);
    void batchFinished(bool cancelled);
    void batchFailed(const QString& message);

private:
    void buildUi();
    QWidget* buildPuzzleTab();
    void buildSolveChart();  ///< m_chart: P(solve) from the rating, the human model's and the Maia nets' curves
    void buildDifficultyTable();
    QWidget* buildFilesTab();
    /// The file and batch workers and the Files tab's widgets, connected (ui/puzzle_panel_files.cpp).
    void connectFilesTab();
    void connectUi();
    /// The session's position changed: a board move at the end of the line extends it.
    void followBoard();
    void puzzleChanged();
    void requestRating();
    void onRated(const jobs::PuzzleResult& result);
    void showResult();
    void showMaia();          ///< the Maia-1 curve and line of the result (hidden without the nets)
    void showPlayerChance();  ///< the player's chance and their rating's mark (hidden for other puzzles)
    void clearResult();
    void onFileLoaded(const QString& path, const std::shared_ptr<const jobs::PuzzleFile>& file);
    /// Fills the list with the puzzles of the file that the filter box's query matches.
    void applyFilter();
    /// A move on the board while solving: judged against the solution (ui/puzzle_panel_solve.cpp).
    void followSolve();
    /// Whether the Next button has a next listed puzzle to go to.
    void updateNext();
    /// Ends the solving: counted (solved or failed, with what to say) or not; the hidden parts shown again.
    void endSolving(bool counted, bool solved, const QString& text);
    /// A read starts or ends: the import button stops it meanwhile.
    void setReading(bool reading);
    void onBatchProgress(const jobs::RateCsvProgress& p);
    void setBatchRunning(bool running);
    void chooseImport();
    void chooseRateFile();
    void chooseExport();
    /// The position at the end of the current line.
    chess::Position endPosition() const;

    chess::Puzzle m_puzzle;
    bool m_building = false;
    const Session* m_session = nullptr;
    quint64 m_nextId = 1;
    quint64 m_currentId = 0;
    std::optional<jobs::PuzzleRating> m_result;
    bool m_modelsReady = false;

    jobs::WorkerThread m_thread{QStringLiteral("kibitz-puzzle")};
    jobs::PuzzleWorker* m_worker = nullptr;
    // Imports and batch runs each get their own thread, so a long batch never delays an import.
    jobs::WorkerThread m_fileThread{QStringLiteral("kibitz-puzzle-import")};
    jobs::PuzzleFileWorker* m_fileWorker = nullptr;  // imports
    jobs::WorkerThread m_batchThread{QStringLiteral("kibitz-puzzle-batch")};
    jobs::PuzzleFileWorker* m_batchWorker = nullptr;  // batch rating
    CancelToken m_loadCancel;
    CancelToken m_batchCancel;
    bool m_batchRunning = false;
    int m_batchSize = 256;
    std::shared_ptr<const jobs::PuzzleFile> m_file;
    std::vector<std::size_t> m_listed;  ///< the list's rows, as indices into m_file->puzzles
    QString m_filePath;                 ///< where m_file was read from
    QString m_readQuery;                ///< the query m_file was read with (empty: none)
    QString m_loadingQuery;             ///< the query of the read in flight
    int m_solveNext = -1;               ///< while solving, the index in m_puzzle.moves of the solver's next move
    chess::Position m_solveAt;          ///< while solving, the position the solver moves in
    int m_solved = 0;
    int m_tried = 0;
    QString m_readingPath;      ///< the file of the read in flight
    quint64 m_loadRequest = 0;  ///< the read in flight, or the last one
    bool m_reading = false;
    QStringList m_fileProblems;
    QStringList m_batchProblems;

    QTabWidget* m_tabs = nullptr;
    QPushButton* m_start = nullptr;
    QPushButton* m_undo = nullptr;
    QPushButton* m_clear = nullptr;
    QPushButton* m_export = nullptr;
    QPushButton* m_solve = nullptr;
    QPushButton* m_next = nullptr;
    QLabel* m_solveLine = nullptr;
    QLabel* m_line = nullptr;
    QLabel* m_rating = nullptr;
    QLabel* m_ratingNote = nullptr;
    QChart* m_chart = nullptr;
    QChartView* m_chartView = nullptr;
    QLineSeries* m_curve = nullptr;       ///< P(solve) from the predicted rating and sigma
    QLineSeries* m_humanCurve = nullptr;  ///< the human model's P(finding every solver move)
    QLineSeries* m_maiaCurve = nullptr;   ///< the nine Maia-1 nets' P(finding every solver move), per band
    QLabel* m_maiaLine = nullptr;         ///< "Solved by 20% of 1100s, ..." (hidden without the nets)
    QLineSeries* m_playerMark = nullptr;  ///< a profile puzzle's player's rating (Lichess's scale), 0-100%
    QLabel* m_playerLine = nullptr;       ///< their chance to solve it (hidden for other puzzles)
    QTableWidget* m_table = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_import = nullptr;
    QLabel* m_fileInfo = nullptr;
    QListWidget* m_list = nullptr;
    QLineEdit* m_filter = nullptr;
    QLabel* m_filterInfo = nullptr;
    QPushButton* m_sortListed = nullptr;
    QPushButton* m_reread = nullptr;
    QTimer* m_filterTimer = nullptr;  ///< applies the query a moment after the last key
    QPlainTextEdit* m_problems = nullptr;
    QPushButton* m_rateFile = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_batchInfo = nullptr;
    QString m_puzzleModelPath;
    QString m_humanModelPath;  ///< what observe() last set (empty: default)
    bool m_modelsFollowPending = false;
};

}  // namespace kibitz::ui
