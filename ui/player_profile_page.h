// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// File -> Player profile... (and the Model of a player dialog's Profile button): where one player stands against
// people of their rating. The user picks PGN files or a folder, the player and the human-move model; the profile
// runs in jobs::ProfileWorker's thread with a progress bar and Cancel; the results are bar charts (their loss beside
// the peer baseline by phase, clock, kind of position and speed; the rating estimates with their intervals), the
// positions they lost most in (exported as a puzzle CSV) and the HTML report.

#include "core/common/cancel_token.h"
#include "core/evaluation/engine_analyser.h"
#include "core/evaluation/player_profile.h"
#include "core/jobs/analysis_worker.h"
#include "core/jobs/profile_job.h"
#include "core/jobs/worker_thread.h"
#include "ui/game_download_ui.h"

#include <QStringList>
#include <QWidget>

#include <optional>

class QChartView;
class QCheckBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;
class QTreeWidget;

namespace kibitz::ui {

class BoardWidget;

class PlayerProfilePage : public QWidget {
    Q_OBJECT
public:
    /// The breakdowns shown as charts, one tab each (Rating: the estimates by phase and clock).
    enum class Chart { Phase = 0, Clock, Kind, Speed, Opening, Variation, Period, Rating };
    static constexpr int kCharts = 8;

    explicit PlayerProfilePage(QWidget* parent = nullptr);
    /// Cancels a running profile and waits for it (within one engine search).
    ~PlayerProfilePage() override;

    /// The games: PGN files (.pgn, .pgn.zst) or folders of them.
    void setGameFiles(const QStringList& files);
    QStringList gameFiles() const { return m_files; }
    void setPlayer(const QString& name);
    /// Downloads the account's games (Download…: Lichess or chess.com, the newest `maxGames`, 0: all) into the
    /// download folder; when complete they are the games, and the account the player. An interrupted download of the
    /// same account continues. Cancel stops it.
    void downloadGames(jobs::GameSite site, const QString& account, int maxGames);
    /// Where downloads go (default: defaultDownloadFolder(), the Model of a player dialog's too).
    void setDownloadFolder(const QString& folder) { m_downloader->setFolder(folder); }
    QString player() const;
    /// The human-move model (empty: the shipped default) and how the worker makes it.
    void setHumanModel(const QString& path, const jobs::EvaluatorFactory& factory);
    QString humanModelPath() const { return m_modelPath; }
    /// How the worker makes its engine; without one, Stockfish is located when a run starts (EngineSettings) and
    /// searched to the page's depth. A custom engine's scores are not Stockfish's: it keeps no score cache.
    /// How the worst positions are rated as puzzles (jobs::ProfileWorker::setPuzzleRater); the table then shows each
    /// one's puzzle rating and the player's chance beside their loss.
    void setPuzzleRater(const jobs::ProfileWorker::PuzzleRater& rater);
    void setAnalyserFactory(const evaluation::AnalyserFactory& factory);
    /// Where the engine's scores are kept between runs (default: jobs::profileScoreCachePath(); empty: nowhere).
    void setScoreCachePath(const QString& path) { m_cachePath = path; }
    /// The profile's settings beyond those on the page (tests shorten the run: fewer resamples, every position).
    void setProfileOptions(const evaluation::PlayerProfileOptions& options) { m_options = options; }

    /// The last finished profile, if any.
    const std::optional<evaluation::PlayerProfile>& profile() const { return m_profile; }
    bool isRunning() const { return m_running; }
    /// Writes the positions they lost most in as a Lichess puzzle CSV (atomically) and emits puzzlesExported; the
    /// error, or empty.
    QString exportPuzzles(const QString& path);
    /// Writes the HTML report (atomically); the error, or empty.
    QString saveReport(const QString& path);

    /// Widgets, for tests.
    QChartView* chartView(Chart chart) const { return m_chartViews[int(chart)]; }
    QTreeWidget* table(Chart chart) const { return m_tables[int(chart)]; }
    /// The worst positions, a row each, in the core's order until a header is clicked (then sorted by that column).
    QTableWidget* positionsTable() const { return m_positions; }
    /// The selected worst position as the player faced it, their move and the best one drawn as arrows.
    BoardWidget* positionBoard() const { return m_positionBoard; }
    QSpinBox* maxGamesBox() const { return m_maxGames; }
    QSpinBox* everyBox() const { return m_every; }
    QCheckBox* ratingsBox() const { return m_ratings; }
    /// Peers of a chosen rating (checked) instead of the player's own, and that rating.
    QCheckBox* peerRatedBox() const { return m_peerRated; }
    QSpinBox* peerRatingBox() const { return m_peerRating; }
    QLabel* peersLabel() const { return m_modelLabel; }
    QPushButton* downloadButton() const { return m_download; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* exportButton() const { return m_exportPuzzles; }
    QPushButton* reportButton() const { return m_openReport; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* statusLabel() const { return m_status; }
    QLabel* summaryLabel() const { return m_summary; }
    /// Where they stand out from their peers, under the summary (ProfileCharts::standoutsText).
    QLabel* standoutsLabel() const { return m_standouts; }
    QTabWidget* tabs() const { return m_tabs; }

public Q_SLOTS:
    /// Profiles the player's games (no effect while one runs, or without files and a player).
    void start();
    /// Asks the running profile to stop; nothing is shown of it.
    void cancel();

Q_SIGNALS:
    /// A download ended: `ok` when its games are the page's games.
    void downloadFinished(bool ok);
    /// A run ended: `ok` when its profile is shown.
    void profileFinished(bool ok);
    /// The user double-clicked a position they lost in: show it on the board.
    void positionRequested(const QString& fen);
    /// The worst positions were written as a puzzle CSV at `path` (exportPuzzles): the window opens it in the puzzle
    /// dock, to be solved, rated and filtered there.
    void puzzlesExported(const QString& path);

private:
    QWidget* createInputs();
    QWidget* createResults();
    void chooseFiles();
    void chooseFolder();
    void chooseModel();
    /// Whose peers they are, and by which model, on the Peers line.
    void showPeers();
    /// A download ended: its file becomes the games and its account the player when complete.
    void onDownloaded(bool ok, const QString& message, const QString& path);
    void onProgress(const jobs::ProfileProgress& progress);
    void onFinished(const jobs::ProfileOutcome& outcome);
    void onStopped(const QString& text, bool badInput);
    void showProfile();
    void showPositions();
    /// The position of the worst positions' table row `row` (whichever position sorting put there) on the board
    /// beside them (an empty board for none).
    void showPositionBoard(int row);
    void clearResults();
    void setRunning(bool running);
    void askExportPuzzles();
    void askSaveReport();
    void openReport();

    jobs::WorkerThread m_thread{QStringLiteral("kibitz-profile")};
    jobs::ProfileWorker* m_worker = nullptr;
    evaluation::AnalyserFactory m_customAnalyser;
    evaluation::PlayerProfileOptions m_options;
    QString m_cachePath;
    QString m_modelPath;
    QStringList m_files;
    CancelToken m_cancelToken;  ///< the running profile's own token (a new one per start)
    bool m_running = false;
    GameDownloader* m_downloader = nullptr;
    std::optional<evaluation::PlayerProfile> m_profile;

    QPushButton* m_chooseFiles = nullptr;
    QPushButton* m_chooseFolder = nullptr;
    QPushButton* m_download = nullptr;
    QLabel* m_filesLabel = nullptr;
    QLineEdit* m_player = nullptr;
    QLabel* m_modelLabel = nullptr;
    QSpinBox* m_maxGames = nullptr;
    QSpinBox* m_every = nullptr;
    QSpinBox* m_depth = nullptr;
    QCheckBox* m_ratings = nullptr;
    QCheckBox* m_peerRated = nullptr;
    QSpinBox* m_peerRating = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_standouts = nullptr;
    QTabWidget* m_tabs = nullptr;
    QChartView* m_chartViews[kCharts] = {};
    QTreeWidget* m_tables[kCharts] = {};
    QTableWidget* m_positions = nullptr;
    BoardWidget* m_positionBoard = nullptr;
    QPushButton* m_exportPuzzles = nullptr;
    QPushButton* m_openReport = nullptr;
    QPushButton* m_saveReport = nullptr;
};

}  // namespace kibitz::ui
