// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/chess/position.h"
#include "core/encoding/game_conditioning.h"
#include "core/evaluation/blunder_risk.h"
#include "core/jobs/analysis_worker.h"
#include "core/jobs/worker_thread.h"
#include "ui/board_widget.h"
#include "ui/engine_panel.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QChart;
class QChartView;
class QGroupBox;
class QLabel;
class QProgressBar;
class QSlider;
class QSpinBox;
class QTableView;
class QTimer;

namespace kibitz::ui {

class Session;

class MoveProbModel;

/// The human-move panel: Elo, clock and increment controls, the move table and the Elo-sweep chart.
/// Inference runs in a worker thread (jobs::AnalysisWorker); control changes are debounced and coalesced,
/// so the GUI never waits for the model. Emits the arrows the board should draw.
class AnalysisPanel : public QWidget {
    Q_OBJECT
public:
    explicit AnalysisPanel(QWidget* parent = nullptr);
    /// Follows `session` from now on (see ui/session.h): the position, the players and the human model.
    void observe(const Session* session);
    ~AnalysisPanel() override;

    /// Loads a model in the worker thread (the factory runs there).
    void setEvaluatorFactory(jobs::EvaluatorFactory factory);
    /// Analyses `pos` (debounced). A finished game shows an empty table.
    /// `recent`: the moves that led to `pos` (newest first; empty after a FEN), read by encoding-v2 models.
    void setPosition(const chess::Position& pos, const encoding::RecentMoves& recent = {});
    /// Conditioning built from the controls for the side to move of the current position.
    encoding::Conditioning conditioning() const;
    /// The table model (for tests).
    MoveProbModel* moveModel() const { return m_model; }
    int topK() const;
    /// Sets the controls from the players (each field may be unknown: its label says "unknown" and the conditioning
    /// leaves it out until the user moves its slider). The clocks count only when both are known.
    void setPlayers(const encoding::PlayerState& white, const encoding::PlayerState& black);
    /// Both players' last move times for the think-time line (a loaded game's, at the ply shown; unknown otherwise).
    void setRecentTimes(const encoding::RecentTimes& times);
    /// Every field known: White/Black Elo, clocks in seconds or -1 for unknown, increment.
    void setControls(int whiteElo, int blackElo, int whiteClockS, int blackClockS, int incrementS);
    /// Milliseconds the last analysis took in the worker.
    double lastLatencyMs() const { return m_lastLatencyMs; }

    /// Engine lines for the current position (e.g. from EnginePanel::linesChanged): their scores appear next to
    /// the human moves and, with the human distribution, give the blunder risk at the chosen Elo. Lines whose
    /// first move is not legal here (a stale position) are ignored; a new position clears them.
    void setEngineLines(const QList<kibitz::ui::EngineLine>& lines);
    /// Probability mass of the human distribution on moves losing >= 100 and >= 300 cp against the engine's
    /// best (unlisted moves bounded by the worst line), or nothing while either side is missing.
    const std::optional<evaluation::BlunderRisk>& blunderRisk() const { return m_risk; }
    /// The blunder-risk line as shown under the table.
    QString blunderRiskText() const;
    /// The think-time line as shown ("A 1500 with 3:00 left (+2 s) takes about 8 s here (80% within 2-25 s)"), or
    /// empty when the model has no think-time head (or the move is forced).
    QString thinkTimeText() const;
    /// The value head's expected score for White in a game between the two chosen ratings (and clocks) from here,
    /// or nothing while unknown (no model result yet, or a model without a value head).
    std::optional<double> humanWhiteScore() const { return m_humanWhiteScore; }
    /// The human-evaluation line as shown ("At 1200 vs 1200, White scores 38% from here ...").
    QString humanEvalText() const;

    /// Hides the analysis while the board holds a question (a game being played, a sorting round): nothing is
    /// computed, the table, arrows and human evaluation are cleared, and `reason` shows. An empty reason resumes
    /// with the current position.
    void setSuspended(const QString& reason);
    bool isSuspended() const { return !m_suspended.isEmpty(); }
    /// Whether an engine is running (EnginePanel::isEngineEnabled): without one the blunder-risk line offers to
    /// start it instead of waiting for lines that will not come.
    void setEngineRunning(bool running);
    /// FEN of the position the shown table and arrows belong to (empty while none is shown).
    QString analysedFen() const { return m_analysedFen; }
    /// The active model as the worker described it when it loaded (empty before one has loaded).
    QString modelDescription() const { return m_modelDescription; }
    /// The status line (model name, loading, errors).
    QString statusText() const;

Q_SIGNALS:
    /// Arrows for the current top-k moves (empty while nothing is known).
    void arrowsChanged(const std::vector<kibitz::ui::BoardArrow>& arrows);
    /// The row under the mouse in the move table changed (-1: none); its index matches arrowsChanged's order.
    void arrowHighlighted(int index);
    /// The user double-clicked a move in the table.
    void moveActivated(kibitz::chess::Move move);
    /// A result for the current position arrived (tests and status bar).
    void analysisUpdated();
    void modelStatusChanged(const QString& text);
    /// The blunder risk was recomputed (or cleared).
    void blunderRiskChanged();
    /// humanWhiteScore()/humanEvalText() changed: a new result, or a finished game's exact result.
    void humanEvaluationChanged();
    /// The user asked to start the engine (from the blunder-risk line).
    void engineStartRequested();

private:
    QGroupBox* buildPlayersBox();
    void buildResultWidgets();
    void startWorker();
    void connectControls();
    void scheduleAnalysis();
    void runAnalysis();
    void onAnalysed(const jobs::AnalysisResult& result);
    /// Sets the human evaluation (White's win/draw/loss, or nothing) on the bar and announces it.
    void showHumanEvaluation(const std::optional<encoding::Wdl>& white);
    void updateLabels();
    void updateChart(const jobs::AnalysisResult& result);
    void emitArrows();
    void updateBlunderRisk();

    chess::Position m_position;
    encoding::RecentMoves m_recent;       ///< the moves that led to m_position
    encoding::RecentTimes m_recentTimes;  ///< both players' last move times, where a game says
    quint64 m_nextId = 1;
    quint64 m_currentId = 0;
    double m_lastLatencyMs = 0.0;
    jobs::WorkerThread m_thread{QStringLiteral("kibitz-analysis")};
    jobs::AnalysisWorker* m_worker = nullptr;
    QTimer* m_debounce = nullptr;
    MoveProbModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QSlider* m_whiteElo = nullptr;
    QSlider* m_blackElo = nullptr;
    QLabel* m_whiteEloLabel = nullptr;
    QLabel* m_blackEloLabel = nullptr;
    QCheckBox* m_useClock = nullptr;
    // What the controls send, exactly as the game (or the user) gave it: empty is unknown. A slider shows its value
    // within its range; a slider the user moves sets its field. The clocks count while "Clock known" is checked.
    std::optional<int> m_whiteEloValue = 1500;
    std::optional<int> m_blackEloValue = 1500;
    std::optional<int> m_whiteClockValue = 300;
    std::optional<int> m_blackClockValue = 300;
    std::optional<int> m_incrementValue = 0;
    QSlider* m_whiteClock = nullptr;
    QSlider* m_blackClock = nullptr;
    QLabel* m_whiteClockLabel = nullptr;
    QLabel* m_blackClockLabel = nullptr;
    QSlider* m_increment = nullptr;
    QLabel* m_incrementLabel = nullptr;
    QSpinBox* m_topK = nullptr;
    QChart* m_chart = nullptr;
    QChartView* m_chartView = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_riskLabel = nullptr;
    QLabel* m_thinkTimeLabel = nullptr;
    std::optional<encoding::ThinkTime> m_thinkTime;  ///< the current result's, for the mover as conditioned
    QProgressBar* m_humanEval = nullptr;
    std::optional<double> m_humanWhiteScore;
    std::optional<encoding::Wdl> m_humanWdlWhite;  // win/draw/loss for White
    bool m_humanAnswered = false;  // the model has answered since the last suspension (before: no value head claim)
    std::vector<encoding::MoveProb> m_humanMoves;     // the current position's distribution
    std::vector<evaluation::MoveEval> m_engineEvals;  // the current position's engine lines, side to move's view
    std::optional<evaluation::BlunderRisk> m_risk;
    QString m_suspended;         ///< why the analysis is hidden; empty while it runs
    QString m_analysedFen;       ///< the position the shown result belongs to
    QString m_modelDescription;  ///< the loaded model, for the status line after an error clears
    bool m_engineRunning = false;
};

}  // namespace kibitz::ui
