// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/pgn.h"
#include "core/common/cancel_token.h"
#include "core/evaluation/engine_analyser.h"
#include "core/evaluation/game_review.h"
#include "core/jobs/analysis_worker.h"
#include "core/jobs/review_worker.h"
#include "core/jobs/worker_thread.h"

#include <QWidget>

#include <optional>

class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QProgressBar;
class QPushButton;
class QScatterSeries;
class QSpinBox;
class QTreeWidget;
class QValueAxis;

namespace kibitz::ui {

class Session;

/// Game review: runs jobs::ReviewWorker in its own thread over the loaded game and plots, per ply, the human
/// probability of the move played and the engine eval (White's view, clipped to +-10 pawns). Clicking the chart
/// or a row of the table emits plyActivated. Shows progress and can be cancelled; never blocks the GUI thread.
class ReviewPanel : public QWidget {
    Q_OBJECT
public:
    explicit ReviewPanel(QWidget* parent = nullptr);
    /// Follows `session` from now on (see ui/session.h): the human model.
    void observe(const Session* session);
    /// The human model this panel uses (empty: the shipped default).
    QString humanModelPath() const { return m_humanModelPath; }
    ~ReviewPanel() override;

    /// How the worker makes its engine. Without one, Stockfish is located (QSettings "engine/path", PATH, the
    /// usual places) when a review starts, and searched to depth().
    void setAnalyserFactory(evaluation::AnalyserFactory factory);
    /// How the worker makes the human model (empty: no human probabilities).
    void setEvaluatorFactory(jobs::EvaluatorFactory factory);
    /// The game to review; clears the previous review (and cancels one that runs).
    void setGame(const chess::PgnGame& game);
    /// The game set by setGame (none before the first).
    const std::optional<chess::PgnGame>& game() const { return m_game; }
    /// Marks ply `ply` (1-based, 0 for the start) on the chart, e.g. when the user navigates the game.
    void setCurrentPly(int ply);
    int currentPly() const { return m_currentPly; }
    /// Engine depth used with the default engine.
    int depth() const;
    void setDepth(int depth);

    /// The last finished review, if any.
    const std::optional<evaluation::GameReview>& review() const { return m_review; }
    bool isRunning() const { return m_running; }
    /// The Loss column's text: centipawns, or what a mate did ("#-2": the move walks into mate in 2; "missed #3": it
    /// lets a forced mate go; a mate kept, only slower, shows its small loss in centipawns).
    static QString lossText(const evaluation::PlyReview& p);
    /// The ply (1-based) under a point of the chart view's viewport, or 0 when there is none.
    int plyAt(QPointF viewportPos) const;
    /// Widgets and series, for tests.
    QChartView* chartView() const { return m_chartView; }
    QLineSeries* humanSeries() const { return m_humanSeries; }
    QLineSeries* evalSeries() const { return m_evalSeries; }
    QTreeWidget* table() const { return m_table; }
    QString statusText() const;

    /// " White played like a 1650 (1420–1880). Black ..." or empty without estimates; a chess.com game's on
    /// chess.com's scale first, the model's (Lichess's) beside it.
    static QString playedLikeText(const evaluation::GameReview& review);

public Q_SLOTS:
    /// Starts reviewing the current game (no effect while one runs or without a game).
    void start();
    /// Asks the running review to stop; the panel shows what was cancelled.
    void cancel();

Q_SIGNALS:
    /// The user picked the move at `ply` (1-based: 1 is White's first move); show the position after it.
    void plyActivated(int ply);
    /// A review finished and its results are shown.
    void reviewFinished();
    void progressChanged(int done, int total);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void onProgress(const jobs::JobProgress& progress);
    void onFinished(const evaluation::GameReview& review);
    void onStopped(const QString& text);
    void clearResults();
    void showReview();
    void updateMarker();
    void setRunning(bool running);

    jobs::WorkerThread m_thread{QStringLiteral("kibitz-review")};
    jobs::ReviewWorker* m_worker = nullptr;
    evaluation::AnalyserFactory m_analyserFactory;
    bool m_customAnalyser = false;
    int m_factoryDepth = 0;

    std::optional<chess::PgnGame> m_game;
    std::optional<evaluation::GameReview> m_review;
    bool m_running = false;
    int m_currentPly = 0;

    QChart* m_chart = nullptr;
    QChartView* m_chartView = nullptr;
    QLineSeries* m_humanSeries = nullptr;
    QLineSeries* m_evalSeries = nullptr;
    QLineSeries* m_humanValueSeries = nullptr;  // the value head's expectation for White before each move
    QScatterSeries* m_marker = nullptr;
    QValueAxis* m_axisX = nullptr;
    QValueAxis* m_axisProb = nullptr;
    QValueAxis* m_axisEval = nullptr;
    QTreeWidget* m_table = nullptr;
    QSpinBox* m_depth = nullptr;
    QPushButton* m_startButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    CancelToken m_reviewCancel;  ///< the running review's own token (a new one per start)
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QString m_humanModelPath;  ///< what observe() last set (empty: default)
};

}  // namespace kibitz::ui
