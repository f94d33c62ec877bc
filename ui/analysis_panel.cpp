// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/analysis_panel.h"

#include "core/chess/notation.h"
#include "ui/move_prob_model.h"
#include "ui/session.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QProgressBar>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace kibitz::ui {

namespace {

constexpr int kDebounceMs = 120;
constexpr int kChartMoves = 5;

QString clockText(int seconds) {
    return QStringLiteral("%1:%2").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

QSlider* makeSlider(int lo, int hi, int step, int value) {
    auto* s = new QSlider(Qt::Horizontal);
    s->setRange(lo, hi);
    s->setSingleStep(step);
    s->setPageStep(step * 4);
    s->setValue(value);
    return s;
}

// Arrow colours for ranks 1..5: a blue ramp so the order reads at a glance.
const QColor kArrowColors[] = {QColor(20, 90, 200), QColor(40, 130, 220), QColor(70, 160, 230), QColor(100, 180, 235),
                               QColor(130, 195, 240)};

}  // namespace

AnalysisPanel::AnalysisPanel(QWidget* parent) : QWidget(parent) {
    m_model = new MoveProbModel(this);
    QGroupBox* players = buildPlayersBox();
    buildResultWidgets();
    auto* splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_table);
    splitter->addWidget(m_chartView);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(players);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_humanEval);
    layout->addWidget(m_thinkTimeLabel);
    layout->addWidget(m_riskLabel);
    layout->addWidget(m_status);

    startWorker();
    connectControls();
    updateLabels();
}

/// The players' ratings, clocks and increment, and the number of arrows.
QGroupBox* AnalysisPanel::buildPlayersBox() {
    auto* players = new QGroupBox(tr("Players"));
    auto* form = new QFormLayout(players);
    m_whiteElo = makeSlider(encoding::kMinPlayableElo, encoding::kMaxPlayableElo, 50, 1500);
    m_blackElo = makeSlider(encoding::kMinPlayableElo, encoding::kMaxPlayableElo, 50, 1500);
    m_whiteEloLabel = new QLabel;
    m_blackEloLabel = new QLabel;
    auto row = [](QSlider* s, QLabel* l) {
        auto* w = new QWidget;
        auto* h = new QHBoxLayout(w);
        h->setContentsMargins(0, 0, 0, 0);
        h->addWidget(s, 1);
        l->setMinimumWidth(48);
        h->addWidget(l);
        return w;
    };
    form->addRow(tr("White Elo"), row(m_whiteElo, m_whiteEloLabel));
    form->addRow(tr("Black Elo"), row(m_blackElo, m_blackEloLabel));
    m_useClock = new QCheckBox(tr("Clock known"));
    m_useClock->setChecked(true);
    m_whiteClock = makeSlider(0, 1800, 5, 300);
    m_blackClock = makeSlider(0, 1800, 5, 300);
    m_whiteClockLabel = new QLabel;
    m_blackClockLabel = new QLabel;
    m_increment = makeSlider(0, 60, 1, 0);
    m_incrementLabel = new QLabel;
    m_whiteElo->setObjectName(QStringLiteral("whiteElo"));
    m_blackElo->setObjectName(QStringLiteral("blackElo"));
    m_whiteClock->setObjectName(QStringLiteral("whiteClock"));
    m_blackClock->setObjectName(QStringLiteral("blackClock"));
    m_increment->setObjectName(QStringLiteral("increment"));
    form->addRow(m_useClock);
    form->addRow(tr("White clock"), row(m_whiteClock, m_whiteClockLabel));
    form->addRow(tr("Black clock"), row(m_blackClock, m_blackClockLabel));
    form->addRow(tr("Increment"), row(m_increment, m_incrementLabel));
    m_topK = new QSpinBox;
    m_topK->setRange(1, 10);
    m_topK->setValue(5);
    form->addRow(tr("Arrows (top k)"), m_topK);
    return players;
}

/// The move table, the Elo sweep chart, the human evaluation bar and the notes under them.
void AnalysisPanel::buildResultWidgets() {
    // Move table.
    m_table = new QTableView;
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(MoveProbModel::MoveColumn, QHeaderView::Stretch);
    m_table->setMouseTracking(true);
    m_table->setMinimumHeight(120);

    // Elo sweep chart.
    m_chart = new QChart;
    m_chart->setTitle(tr("Probability by Elo (both players)"));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chartView = new QChartView(m_chart);
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumHeight(200);

    m_status = new QLabel(tr("No model loaded"));
    m_status->setWordWrap(true);
    m_riskLabel = new QLabel;
    m_riskLabel->setWordWrap(true);
    m_riskLabel->setTextFormat(Qt::RichText);
    connect(m_riskLabel, &QLabel::linkActivated, this, &AnalysisPanel::engineStartRequested);
    m_riskLabel->setToolTip(
        tr("Probability that a player of the chosen Elo plays a move losing at least 1 or 3 pawns "
           "against the engine's best move (moves outside the engine lines count as at least as bad "
           "as its worst line)"));

    m_thinkTimeLabel = new QLabel;
    m_thinkTimeLabel->setWordWrap(true);
    m_thinkTimeLabel->setVisible(false);
    m_thinkTimeLabel->setToolTip(
        tr("The model's think-time head: how long a player of the mover's rating, with the clocks and increment set "
           "above, spends on a move in this position (median, and the range 80% of such moves fall in). Learnt from "
           "the clocks of Lichess games."));

    // The value head's evaluation: what a game between the two chosen ratings is expected to give from here.
    m_humanEval = new QProgressBar;
    m_humanEval->setRange(0, 1000);
    m_humanEval->setTextVisible(true);
    m_humanEval->setFormat(humanEvalText());
    m_humanEval->setValue(500);
    m_humanEval->setToolTip(
        tr("The human model's value head: White's expected score (win + half a draw) in a game between players of the "
           "chosen ratings and clocks from this position. The filled part is White's share."));
}

/// The worker thread: the model lives and runs there.
void AnalysisPanel::startWorker() {
    m_worker = m_thread.make<jobs::AnalysisWorker>();
    connect(m_worker, &jobs::AnalysisWorker::analysed, this, &AnalysisPanel::onAnalysed);
    connect(m_worker, &jobs::AnalysisWorker::modelReady, this, [this](const QString& d) {
        m_modelDescription = d;
        m_status->setText(tr("Model: %1").arg(d));
        Q_EMIT modelStatusChanged(m_status->text());
        scheduleAnalysis();
    });
    connect(m_worker, &jobs::AnalysisWorker::failed, this, [this](quint64 id, const QString& message) {
        if (id != 0 && id != m_currentId) return;
        if (id == 0) m_modelDescription.clear();  // the model did not load: the old one is gone too
        m_status->setText(id == 0 ? tr("Model not loaded: %1").arg(message) : tr("Analysis failed: %1").arg(message));
        Q_EMIT modelStatusChanged(m_status->text());
    });
}

void AnalysisPanel::connectControls() {
    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kDebounceMs);
    connect(m_debounce, &QTimer::timeout, this, &AnalysisPanel::runAnalysis);
    // A slider the user moves says what they know: its field takes the slider's value.
    const std::pair<QSlider*, std::optional<int>*> sliders[] = {{m_whiteElo, &m_whiteEloValue},
                                                                {m_blackElo, &m_blackEloValue},
                                                                {m_whiteClock, &m_whiteClockValue},
                                                                {m_blackClock, &m_blackClockValue},
                                                                {m_increment, &m_incrementValue}};
    for (const auto& [s, value] : sliders)
        connect(s, &QSlider::valueChanged, this, [this, value = value](int v) {
            *value = v;
            updateLabels();
            scheduleAnalysis();
        });
    connect(m_useClock, &QCheckBox::toggled, this, [this](bool on) {
        m_whiteClock->setEnabled(on);
        m_blackClock->setEnabled(on);
        if (on) {  // the clocks the sliders show
            m_whiteClockValue = m_whiteClock->value();
            m_blackClockValue = m_blackClock->value();
        }
        updateLabels();
        scheduleAnalysis();
    });
    connect(m_topK, &QSpinBox::valueChanged, this, &AnalysisPanel::emitArrows);
    connect(m_table, &QTableView::entered, this, [this](const QModelIndex& idx) {
        Q_EMIT arrowHighlighted(idx.isValid() && idx.row() < topK() ? idx.row() : -1);
    });
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& idx) {
        const chess::Move m = m_model->moveAt(idx.row());
        if (m) Q_EMIT moveActivated(m);
    });
}

AnalysisPanel::~AnalysisPanel() { m_thread.stop(); }

void AnalysisPanel::setEvaluatorFactory(jobs::EvaluatorFactory factory) {
    m_status->setText(tr("Loading model…"));
    m_modelDescription.clear();
    // What is on screen came from the previous model: clear it until the new one answers.
    m_analysedFen.clear();
    m_model->clear();
    m_humanMoves.clear();
    Q_EMIT arrowsChanged({});
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, f = std::move(factory)] { w->setModel(f); }, Qt::QueuedConnection);
}

void AnalysisPanel::setPosition(const chess::Position& pos, const encoding::RecentMoves& recent) {
    m_position = pos.snapshot();
    m_recent = recent;
    m_analysedFen.clear();
    m_model->clear();
    m_humanMoves.clear();
    m_engineEvals.clear();
    if (m_position.countLegalMoves() == 0 && m_humanWdlWhite) {
        // The game is over: the result is known, whoever plays. (Until a model has answered once, nothing is shown.)
        const bool whiteMated = m_position.inCheck() && m_position.sideToMove() == chess::White;
        const bool blackMated = m_position.inCheck() && m_position.sideToMove() == chess::Black;
        showHumanEvaluation(whiteMated   ? encoding::Wdl{0, 0, 1}
                            : blackMated ? encoding::Wdl{1, 0, 0}
                                         : encoding::Wdl{0, 1, 0});
    }
    updateBlunderRisk();
    Q_EMIT arrowsChanged({});
    scheduleAnalysis();
}

void AnalysisPanel::showHumanEvaluation(const std::optional<encoding::Wdl>& white) {
    m_humanWdlWhite = white;
    m_humanWhiteScore = white ? std::optional<double>(white->score()) : std::nullopt;
    m_humanEval->setValue(m_humanWhiteScore ? int(std::lround(1000.0 * *m_humanWhiteScore)) : 500);
    m_humanEval->setFormat(humanEvalText());
    Q_EMIT humanEvaluationChanged();
}

QString AnalysisPanel::humanEvalText() const {
    if (!m_humanWdlWhite)
        return m_humanAnswered ? tr("Human evaluation: needs a model with a value head")
                               : tr("Human evaluation: waiting for the model…");
    const encoding::Wdl& w = *m_humanWdlWhite;
    return tr("At %1 vs %2, White scores %3% from here (W %4 / D %5 / L %6)")
        .arg(m_whiteEloLabel->text(), m_blackEloLabel->text())
        .arg(100.0 * w.score(), 0, 'f', 0)
        .arg(100.0 * w.win, 0, 'f', 0)
        .arg(100.0 * w.draw, 0, 'f', 0)
        .arg(100.0 * w.loss, 0, 'f', 0);
}

encoding::Conditioning AnalysisPanel::conditioning() const {
    // The one rule (encoding::moverConditioning) over what the controls know.
    const bool clocks = m_useClock->isChecked() && m_whiteClockValue && m_blackClockValue;
    const encoding::PlayerState white{m_whiteEloValue, clocks ? m_whiteClockValue : std::nullopt, m_incrementValue};
    const encoding::PlayerState black{m_blackEloValue, clocks ? m_blackClockValue : std::nullopt, m_incrementValue};
    return encoding::moverConditioning(m_position.sideToMove(), white, black);
}

int AnalysisPanel::topK() const { return m_topK->value(); }

void AnalysisPanel::setControls(int whiteElo, int blackElo, int whiteClockS, int blackClockS, int incrementS) {
    auto clock = [](int s) { return s >= 0 ? std::optional<int>(s) : std::nullopt; };
    setPlayers({whiteElo, clock(whiteClockS), std::max(0, incrementS)},
               {blackElo, clock(blackClockS), std::max(0, incrementS)});
}

void AnalysisPanel::setRecentTimes(const encoding::RecentTimes& times) { m_recentTimes = times; }

void AnalysisPanel::setPlayers(const encoding::PlayerState& white, const encoding::PlayerState& black) {
    const QSignalBlocker b1(m_whiteElo), b2(m_blackElo), b3(m_whiteClock), b4(m_blackClock), b5(m_increment),
        b6(m_useClock);
    // The values are kept as given (a 3,227 rating, a 45-minute clock); the sliders show them within their range.
    m_whiteEloValue = white.elo;
    m_blackEloValue = black.elo;
    if (white.elo) m_whiteElo->setValue(*white.elo);
    if (black.elo) m_blackElo->setValue(*black.elo);
    const bool clocks = white.clockS && black.clockS;
    m_useClock->setChecked(clocks);
    m_whiteClock->setEnabled(clocks);
    m_blackClock->setEnabled(clocks);
    if (clocks) {
        m_whiteClockValue = white.clockS;
        m_blackClockValue = black.clockS;
        m_whiteClock->setValue(*white.clockS);
        m_blackClock->setValue(*black.clockS);
    }
    // One increment for the game (the mover's counts; a game's TimeControl gives both the same).
    m_incrementValue = white.incrementS ? white.incrementS : black.incrementS;
    if (m_incrementValue) m_increment->setValue(*m_incrementValue);
    updateLabels();
    scheduleAnalysis();
}

void AnalysisPanel::updateLabels() {
    m_whiteEloLabel->setText(m_whiteEloValue ? QString::number(*m_whiteEloValue) : tr("unknown"));
    m_blackEloLabel->setText(m_blackEloValue ? QString::number(*m_blackEloValue) : tr("unknown"));
    const bool clocks = m_useClock->isChecked() && m_whiteClockValue && m_blackClockValue;
    m_whiteClockLabel->setText(clocks ? clockText(*m_whiteClockValue) : tr("unknown"));
    m_blackClockLabel->setText(clocks ? clockText(*m_blackClockValue) : tr("unknown"));
    m_incrementLabel->setText(m_incrementValue ? tr("%1 s").arg(*m_incrementValue) : tr("unknown"));
}

void AnalysisPanel::scheduleAnalysis() {
    if (m_suspended.isEmpty()) m_debounce->start();
}

void AnalysisPanel::setSuspended(const QString& reason) {
    if (reason == m_suspended) return;
    m_suspended = reason;
    if (!reason.isEmpty()) {
        m_debounce->stop();
        ++m_currentId;  // a result on its way is dropped
        m_analysedFen.clear();
        m_model->clear();
        m_humanMoves.clear();
        m_engineEvals.clear();
        m_chart->removeAllSeries();
        m_humanAnswered = false;
        showHumanEvaluation(std::nullopt);
        updateBlunderRisk();
        Q_EMIT arrowsChanged({});
        m_status->setText(reason);
    } else {
        m_status->setText(m_modelDescription.isEmpty() ? tr("Loading model…")
                                                       : tr("Model: %1").arg(m_modelDescription));
        scheduleAnalysis();
    }
    setEnabled(reason.isEmpty());
}

void AnalysisPanel::setEngineRunning(bool running) {
    m_engineRunning = running;
    m_riskLabel->setText(blunderRiskText());
}

QString AnalysisPanel::statusText() const { return m_status->text(); }

void AnalysisPanel::runAnalysis() {
    if (!m_suspended.isEmpty()) return;
    if (m_position.countLegalMoves() == 0) {
        m_analysedFen = QString::fromStdString(m_position.fen());
        m_model->clear();
        m_chart->removeAllSeries();
        Q_EMIT arrowsChanged({});
        return;
    }
    jobs::AnalysisRequest req;
    req.id = m_nextId++;
    req.position = m_position.snapshot();
    req.conditioning = conditioning();
    req.recent = m_recent;
    req.recentTimes = m_recentTimes;
    req.withEloSweep = true;
    m_currentId = req.id;
    m_worker->submit(std::move(req));
}

void AnalysisPanel::onAnalysed(const jobs::AnalysisResult& result) {
    if (result.id != m_currentId || !m_suspended.isEmpty()) return;  // superseded by a newer request
    m_lastLatencyMs = result.milliseconds;
    m_analysedFen = QString::fromStdString(m_position.fen());
    // A success clears an earlier error: the status names the active model again, and what it made of the
    // controls when it reads only part of them (an lc0 net: which rating-band net answered, no clocks).
    if (!m_modelDescription.isEmpty()) {
        QString text = tr("Model: %1").arg(m_modelDescription);
        if (!result.conditioningNote.empty())
            text += QStringLiteral("\n") + tr("Conditioning: %1").arg(QString::fromStdString(result.conditioningNote));
        m_status->setText(text);
    }
    m_model->setMoves(m_position, result.moves);
    m_humanMoves = result.moves;
    m_humanAnswered = true;
    std::optional<encoding::Wdl> white;
    if (const auto& v = result.value)  // the value is the side to move's
        white = m_position.sideToMove() == chess::White ? *v : encoding::Wdl{v->loss, v->draw, v->win};
    showHumanEvaluation(white);
    m_thinkTime = result.thinkTime;
    m_thinkTimeLabel->setText(thinkTimeText());
    m_thinkTimeLabel->setVisible(m_thinkTime.has_value());
    updateBlunderRisk();
    updateChart(result);
    emitArrows();
    Q_EMIT analysisUpdated();
}

void AnalysisPanel::emitArrows() {
    std::vector<BoardArrow> arrows;
    const int k = std::min(topK(), m_model->rowCount());
    const double top = k > 0 ? m_model->probabilityAt(0) : 1.0;
    for (int i = 0; i < k; ++i) {
        const double p = m_model->probabilityAt(i);
        if (p < 0.005) break;  // below half a percent an arrow is noise
        BoardArrow a;
        a.move = m_model->moveAt(i);
        a.weight = top > 0 ? std::clamp(p / top, 0.05, 1.0) : p;
        a.label = QStringLiteral("%1%").arg(p * 100.0, 0, 'f', 0);
        a.color = kArrowColors[std::min(i, 4)];
        arrows.push_back(a);
    }
    Q_EMIT arrowsChanged(arrows);
}

void AnalysisPanel::updateChart(const jobs::AnalysisResult& result) {
    m_chart->removeAllSeries();
    for (QAbstractAxis* axis : m_chart->axes()) {
        m_chart->removeAxis(axis);
        delete axis;
    }
    if (result.sweepProbs.empty()) return;
    auto* x = new QValueAxis;
    x->setRange(result.sweepElos.front(), result.sweepElos.back());
    x->setTickCount(6);
    x->setLabelFormat(QStringLiteral("%d"));
    x->setTitleText(tr("Elo"));
    auto* y = new QValueAxis;
    // Scale to the largest plotted probability so that a flat 5-10% spread is still readable.
    double peak = 0.0;
    const int plotted = std::min<int>(kChartMoves, int(result.moves.size()));
    for (const auto& level : result.sweepProbs)
        for (int i = 0; i < plotted; ++i) peak = std::max(peak, 100.0 * level[std::size_t(i)]);
    y->setRange(0, std::min(100.0, std::max(10.0, std::ceil(peak * 1.15 / 5.0) * 5.0)));
    y->setLabelFormat(QStringLiteral("%d%%"));
    m_chart->addAxis(x, Qt::AlignBottom);
    m_chart->addAxis(y, Qt::AlignLeft);
    const int n = std::min<int>(kChartMoves, int(result.moves.size()));
    for (int i = 0; i < n; ++i) {
        auto* series = new QLineSeries;
        series->setName(QString::fromStdString(chess::toSan(m_position, result.moves[std::size_t(i)].move)));
        for (std::size_t level = 0; level < result.sweepElos.size(); ++level)
            series->append(result.sweepElos[level], 100.0 * result.sweepProbs[level][std::size_t(i)]);
        m_chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    }
}

}  // namespace kibitz::ui

namespace kibitz::ui {

void AnalysisPanel::setEngineLines(const QList<EngineLine>& lines) {
    std::vector<evaluation::MoveEval> evals;
    for (const EngineLine& line : lines) {
        if (line.uciMoves.isEmpty()) continue;
        auto move = chess::parseUci(m_position, line.uciMoves.front().toStdString());
        if (!move) continue;
        // The panel shows White's view; blunder risk needs the mover's.
        const engines::UciScore score =
            m_position.sideToMove() == chess::White ? line.whiteScore : evaluation::flipSide(line.whiteScore);
        evals.push_back(evaluation::MoveEval{*move, score, line.depth, line.uciMoves});
    }
    m_engineEvals = std::move(evals);
    m_model->setEngineEvals(m_engineEvals);
    updateBlunderRisk();
}

void AnalysisPanel::updateBlunderRisk() {
    m_risk.reset();
    if (!m_humanMoves.empty() && !m_engineEvals.empty()) {
        evaluation::BlunderRiskOptions opt;
        opt.evalsAreTopLines = true;  // multi-PV lines: every other move is no better than the last line
        auto r = evaluation::computeBlunderRisk(m_humanMoves, m_engineEvals, opt);
        if (r) m_risk = std::move(*r);
    }
    m_riskLabel->setText(blunderRiskText());
    Q_EMIT blunderRiskChanged();
}

QString AnalysisPanel::thinkTimeText() const {
    if (!m_thinkTime) return {};
    const encoding::Conditioning c = conditioning();
    auto seconds = [](double s) {
        if (s < 9.5) return QString::number(std::max(0.0, s), 'f', s < 1.0 ? 1 : 0) + QStringLiteral(" s");
        if (s < 90.0) return QString::number(std::lround(s)) + QStringLiteral(" s");
        return QStringLiteral("%1:%2").arg(std::lround(s) / 60).arg(std::lround(s) % 60, 2, 10, QLatin1Char('0'));
    };
    const QString who = c.moverElo ? tr("A %1").arg(*c.moverElo) : tr("A player of unknown rating");
    QString clock;
    if (c.moverClockS)
        clock =
            tr(" with %1 left")
                .arg(
                    QStringLiteral("%1:%2").arg(*c.moverClockS / 60).arg(*c.moverClockS % 60, 2, 10, QLatin1Char('0')));
    else
        clock = tr(" (clock unknown)");
    if (c.incrementS && *c.incrementS > 0) clock += tr(" (+%1 s)").arg(*c.incrementS);
    return tr("%1%2 takes about %3 here (80% within %4–%5)")
        .arg(who, clock, seconds(m_thinkTime->quantileS(0.5)), seconds(m_thinkTime->quantileS(0.1)),
             seconds(m_thinkTime->quantileS(0.9)));
}

QString AnalysisPanel::blunderRiskText() const {
    if (!m_risk) {
        if (m_humanMoves.empty()) return {};
        return m_engineRunning ? tr("Blunder risk: waiting for engine lines")
                               : tr("Blunder risk needs the engine: <a href=\"start\">start it</a>");
    }
    const encoding::Conditioning c = conditioning();
    QStringList parts;
    double unknown = 0.0;
    for (const auto& level : m_risk->levels) {
        parts << tr("%1% lose ≥ %2").arg(100.0 * level.mass, 0, 'f', 0).arg(level.thresholdCp / 100.0, 0, 'f', 0);
        unknown = std::max(unknown, level.unknownMass);
    }
    QString text =
        tr("Blunder risk at %1: %2")
            .arg(c.moverElo ? QString::number(*c.moverElo) : tr("unknown"), parts.join(QStringLiteral(", ")));
    if (unknown >= 0.005)
        text += QStringLiteral(" ") + tr("(up to %1% more outside the engine lines)").arg(100.0 * unknown, 0, 'f', 0);
    return text;
}

void AnalysisPanel::observe(const Session* session) {
    connect(session, &Session::humanModelChanged, this,
            [this, session] { setEvaluatorFactory(session->humanModelFactory()); });
    // The players first: a position that arrives with new players is analysed once, with them.
    connect(session, &Session::playersChanged, this, [this, session] {
        const auto& p = session->players();
        setRecentTimes(p ? p->recentTimes : encoding::RecentTimes{});
        if (p) setPlayers(p->white, p->black);
    });
    connect(session, &Session::positionChanged, this,
            [this, session] { setPosition(session->position(), session->recentMoves()); });
}

}  // namespace kibitz::ui
