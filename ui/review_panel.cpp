// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/review_panel.h"

#include "ui/engine_panel.h"
#include "ui/session.h"

#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QMouseEvent>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QSpinBox>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace kibitz::ui {
namespace {

constexpr double kEvalClipPawns = 10.0;

// White's view, in pawns, clipped so one mate does not flatten the rest of the curve.
double evalPawns(const engines::UciScore& moverScore, chess::Color mover) {
    const engines::UciScore w = mover == chess::White ? moverScore : evaluation::flipSide(moverScore);
    if (w.isMate()) return w.value > 0 || (w.value == 0 && mover == chess::Black) ? kEvalClipPawns : -kEvalClipPawns;
    return std::clamp(w.value / 100.0, -kEvalClipPawns, kEvalClipPawns);
}

QString whiteScoreText(const std::optional<engines::UciScore>& s, chess::Color mover) {
    if (!s) return QStringLiteral("–");
    return evaluation::formatScore(mover == chess::White ? *s : evaluation::flipSide(*s));
}

enum Column { PlyColumn = 0, MoveColumn, HumanColumn, EvalColumn, LossColumn, TimeColumn, ColumnCount };

}  // namespace

QString ReviewPanel::lossText(const evaluation::PlyReview& p) {
    if (!p.before || !p.after) return QStringLiteral("–");
    const engines::UciScore& b = *p.before;  // both from the mover's view
    const engines::UciScore& a = *p.after;
    const bool matedAfter = a.isMate() && a.value <= 0;
    const bool matedBefore = b.isMate() && b.value <= 0;
    const bool matingBefore = b.isMate() && b.value > 0;
    const bool matingAfter = a.isMate() && a.value > 0;
    if (matedAfter && !matedBefore) return tr("#-%1").arg(std::max(1, -a.value));
    if (matingBefore && !matingAfter) return tr("missed #%1").arg(b.value);
    return QString::number(std::min(p.lossCp, 9999));
}

ReviewPanel::ReviewPanel(QWidget* parent) : QWidget(parent) {
    m_depth = new QSpinBox;
    m_depth->setRange(1, 40);
    m_depth->setValue(12);
    m_depth->setPrefix(tr("depth "));
    m_startButton = new QPushButton(tr("Review game"));
    m_cancelButton = new QPushButton(tr("Cancel"));
    m_cancelButton->setEnabled(false);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    auto* controls = new QHBoxLayout;
    controls->addWidget(m_depth);
    controls->addWidget(m_startButton);
    controls->addWidget(m_cancelButton);
    controls->addWidget(m_progress, 1);

    m_chart = new QChart;
    m_chart->setTitle(tr("Move played: human probability and engine eval"));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_humanSeries = new QLineSeries;
    m_humanSeries->setName(tr("Human probability of the move played (%)"));
    m_evalSeries = new QLineSeries;
    m_evalSeries->setName(tr("Eval after the move (pawns, White)"));
    m_humanValueSeries = new QLineSeries;
    m_humanValueSeries->setName(tr("Human expectation for White (%)"));
    m_marker = new QScatterSeries;
    m_marker->setName(tr("Current move"));
    m_marker->setMarkerSize(10);
    m_chart->addSeries(m_humanSeries);
    m_chart->addSeries(m_evalSeries);
    m_chart->addSeries(m_humanValueSeries);
    m_chart->addSeries(m_marker);
    m_axisX = new QValueAxis;
    m_axisX->setLabelFormat(QStringLiteral("%d"));
    m_axisX->setTitleText(tr("Ply"));
    m_axisX->setRange(0, 1);
    m_axisProb = new QValueAxis;
    m_axisProb->setRange(0, 100);
    m_axisProb->setLabelFormat(QStringLiteral("%d%%"));
    m_axisEval = new QValueAxis;
    m_axisEval->setRange(-kEvalClipPawns, kEvalClipPawns);
    m_axisEval->setLabelFormat(QStringLiteral("%+.0f"));
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_chart->addAxis(m_axisProb, Qt::AlignLeft);
    m_chart->addAxis(m_axisEval, Qt::AlignRight);
    for (QAbstractSeries* s : {static_cast<QAbstractSeries*>(m_humanSeries), static_cast<QAbstractSeries*>(m_marker),
                               static_cast<QAbstractSeries*>(m_humanValueSeries)}) {
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisProb);
    }
    m_evalSeries->attachAxis(m_axisX);
    m_evalSeries->attachAxis(m_axisEval);
    m_chartView = new QChartView(m_chart);
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumHeight(200);
    m_chartView->viewport()->installEventFilter(this);
    m_chartView->setToolTip(tr("Click to go to a move"));

    m_table = new QTreeWidget;
    m_table->setColumnCount(ColumnCount);
    m_table->setHeaderLabels({tr("Ply"), tr("Move"), tr("Human %"), tr("Eval"), tr("Loss"), tr("Time")});
    m_table->setRootIsDecorated(false);
    m_table->setUniformRowHeights(true);
    m_table->header()->setStretchLastSection(true);
    // At least eight moves show without scrolling (the dock opens at this height).
    m_table->setMinimumHeight(m_table->header()->sizeHint().height() + 8 * (m_table->fontMetrics().height() + 6) +
                              2 * m_table->frameWidth());
    connect(m_table, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        if (item) Q_EMIT plyActivated(item->data(PlyColumn, Qt::UserRole).toInt());
    });
    connect(m_table, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) {
        if (item) Q_EMIT plyActivated(item->data(PlyColumn, Qt::UserRole).toInt());
    });

    m_status = new QLabel(tr("Load a game to review it."));
    m_status->setWordWrap(true);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_chartView, 2);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_status);

    m_worker = m_thread.make<jobs::ReviewWorker>();
    connect(m_worker, &jobs::ReviewWorker::progressChanged, this, &ReviewPanel::onProgress);
    connect(m_worker, &jobs::ReviewWorker::finished, this, &ReviewPanel::onFinished);
    connect(m_worker, &jobs::ReviewWorker::cancelled, this, [this] { onStopped(tr("Review cancelled.")); });
    connect(m_worker, &jobs::ReviewWorker::failed, this,
            [this](const QString& m) { onStopped(tr("Review failed: %1").arg(m)); });

    connect(m_startButton, &QPushButton::clicked, this, &ReviewPanel::start);
    connect(m_cancelButton, &QPushButton::clicked, this, &ReviewPanel::cancel);
    m_startButton->setEnabled(false);
}

ReviewPanel::~ReviewPanel() {
    // The token is set directly, so a busy review stops at its next position; then the thread ends.
    m_reviewCancel.cancel();
    m_thread.stop();
}

void ReviewPanel::setAnalyserFactory(evaluation::AnalyserFactory factory) {
    m_customAnalyser = bool(factory);
    m_analyserFactory = factory;
    m_factoryDepth = 0;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, f = std::move(factory)] { w->setAnalyserFactory(f); }, Qt::QueuedConnection);
}

void ReviewPanel::setEvaluatorFactory(jobs::EvaluatorFactory factory) {
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, f = std::move(factory)] { w->setEvaluatorFactory(f); }, Qt::QueuedConnection);
}

void ReviewPanel::setGame(const chess::PgnGame& game) {
    if (m_running) cancel();
    m_game = game;
    m_review.reset();
    clearResults();
    m_startButton->setEnabled(!m_running);
    m_status->setText(tr("%1 – %2, %n plies", nullptr, int(game.moves.size()))
                          .arg(QString::fromStdString(game.tag("White")), QString::fromStdString(game.tag("Black"))));
}

int ReviewPanel::depth() const { return m_depth->value(); }

void ReviewPanel::setDepth(int depth) { m_depth->setValue(depth); }

QString ReviewPanel::statusText() const { return m_status->text(); }

void ReviewPanel::start() {
    if (m_running || !m_game) return;
    if (!m_customAnalyser && m_factoryDepth != depth()) {
        // Locating the engine is a few file checks, fine on the GUI thread; the process starts in the worker.
        auto program = EngineSettings::locateEngine();
        if (!program) {
            m_status->setText(tr("No engine: %1").arg(QString::fromStdString(program.error().message)));
            return;
        }
        auto factory = evaluation::uciAnalyserFactory(
            evaluation::uciAnalyserOptions(*program, engines::SearchLimits::depth(depth())));
        m_factoryDepth = depth();
        QMetaObject::invokeMethod(
            m_worker, [w = m_worker, f = std::move(factory)] { w->setAnalyserFactory(f); }, Qt::QueuedConnection);
    }
    clearResults();
    setRunning(true);
    m_status->setText(tr("Reviewing…"));
    const chess::PgnGame game = *m_game;
    m_reviewCancel = CancelToken();  // this request's own token
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, game, token = m_reviewCancel] { w->review(game, evaluation::ReviewOptions{}, token); },
        Qt::QueuedConnection);
}

void ReviewPanel::cancel() {
    if (!m_running) return;
    m_reviewCancel.cancel();
    m_status->setText(tr("Cancelling…"));
}

void ReviewPanel::setRunning(bool running) {
    m_running = running;
    m_startButton->setEnabled(!running && m_game.has_value());
    m_cancelButton->setEnabled(running);
    m_depth->setEnabled(!running);
}

void ReviewPanel::onProgress(const jobs::JobProgress& progress) {
    if (!m_running) return;
    m_progress->setRange(0, std::max(1, progress.total));
    m_progress->setValue(progress.done);
    Q_EMIT progressChanged(progress.done, progress.total);
}

QString ReviewPanel::playedLikeText(const evaluation::GameReview& review) {
    auto one = [site = review.ratingSite](const QString& side, const evaluation::EloEstimate& e) {
        if (site != encoding::RatingSite::ChessCom)
            return tr("%1 played like a %2 (%3–%4).")
                .arg(side)
                .arg(qRound(e.estimate))
                .arg(qRound(e.low))
                .arg(qRound(e.high));
        // The model's ratings are Lichess's; a chess.com player reads their own scale first.
        const evaluation::EloEstimate c = evaluation::estimateOnScale(e, site);
        return tr("%1 played like a %2 (%3–%4) on chess.com's scale, %5 on Lichess's.")
            .arg(side)
            .arg(qRound(c.estimate))
            .arg(qRound(c.low))
            .arg(qRound(c.high))
            .arg(qRound(e.estimate));
    };
    QString s;
    if (review.whitePlayedLike.valid) s += QStringLiteral(" ") + one(tr("White"), review.whitePlayedLike);
    if (review.blackPlayedLike.valid) s += QStringLiteral(" ") + one(tr("Black"), review.blackPlayedLike);
    return s;
}

void ReviewPanel::onFinished(const evaluation::GameReview& review) {
    setRunning(false);
    m_review = review;
    m_progress->setValue(m_progress->maximum());
    showReview();
    m_status->setText(
        tr("Reviewed %n plies.", nullptr, int(review.plies.size())) +
        (review.engine.empty() ? QString()
                               : QStringLiteral(" ") + tr("Engine: %1.").arg(QString::fromStdString(review.engine))) +
        (review.model.empty() ? QString()
                              : QStringLiteral(" ") + tr("Model: %1.").arg(QString::fromStdString(review.model))) +
        playedLikeText(review));
    Q_EMIT reviewFinished();
}

void ReviewPanel::onStopped(const QString& text) {
    setRunning(false);
    m_progress->setValue(0);
    m_status->setText(text);
}

void ReviewPanel::clearResults() {
    m_humanSeries->clear();
    m_evalSeries->clear();
    m_humanValueSeries->clear();
    m_marker->clear();
    m_table->clear();
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_axisX->setRange(0, m_game ? std::max<int>(1, int(m_game->moves.size())) : 1);
}

void ReviewPanel::showReview() {
    QList<QPointF> human;
    QList<QPointF> evals;
    QList<QPointF> humanValue;
    QList<QTreeWidgetItem*> rows;
    auto start = chess::Position::fromFen(m_review->startFen);
    const int firstMove = start ? start->fullmoveNumber() : 1;
    const int blackFirst = start && start->sideToMove() == chess::Black ? 1 : 0;
    for (const auto& p : m_review->plies) {
        const int ply = p.ply + 1;
        if (p.humanProb) human.append(QPointF(ply, 100.0 * *p.humanProb));
        if (p.after) evals.append(QPointF(ply, evalPawns(*p.after, p.mover)));
        if (p.humanWhiteScore) humanValue.append(QPointF(p.ply, 100.0 * *p.humanWhiteScore));  // before the move
        auto* item = new QTreeWidgetItem;
        item->setText(PlyColumn, QString::number(ply));
        item->setData(PlyColumn, Qt::UserRole, ply);
        const int moveNo = firstMove + (p.ply + blackFirst) / 2;
        item->setText(MoveColumn, QStringLiteral("%1%2 %3")
                                      .arg(moveNo)
                                      .arg(p.mover == chess::White ? QStringLiteral(".") : QStringLiteral("..."))
                                      .arg(QString::fromStdString(p.san)));
        item->setText(HumanColumn, p.humanProb ? QString::number(100.0 * *p.humanProb, 'f', 1) : QStringLiteral("–"));
        item->setText(EvalColumn, whiteScoreText(p.after, p.mover));
        item->setText(LossColumn, lossText(p));
        if (p.before && p.lossCp >= 300)
            item->setForeground(LossColumn, QColor(200, 30, 30));
        else if (p.before && p.lossCp >= 100)
            item->setForeground(LossColumn, QColor(210, 130, 0));
        // Time spent (from the clocks) beside what the think-time head expected: far quicker or slower is marked.
        if (p.spentS) {
            QString t = tr("%1 s").arg(*p.spentS);
            if (p.expectedS) {
                t += QStringLiteral(" ") + tr("(exp. %1 s)").arg(*p.expectedS, 0, 'f', *p.expectedS < 10.0 ? 1 : 0);
                item->setToolTip(TimeColumn, tr("Spent %1 s; the model expected %2 s (90% of such moves take %3–%4 s)")
                                                 .arg(*p.spentS)
                                                 .arg(*p.expectedS, 0, 'f', 1)
                                                 .arg(*p.expectedLowS, 0, 'f', 1)
                                                 .arg(*p.expectedHighS, 0, 'f', 1));
            }
            if (p.timeUse > 0) {
                t = QStringLiteral("▲ ") + t;
                item->setForeground(TimeColumn, QColor(170, 60, 170));
            } else if (p.timeUse < 0) {
                t = QStringLiteral("▼ ") + t;
                item->setForeground(TimeColumn, QColor(30, 110, 190));
            }
            item->setText(TimeColumn, t);
        }
        rows.append(item);
    }
    // One replace() per series rather than a signal per point.
    m_humanSeries->replace(human);
    m_evalSeries->replace(evals);
    m_humanValueSeries->replace(humanValue);
    m_humanValueSeries->setVisible(!humanValue.isEmpty());
    m_table->addTopLevelItems(rows);
    m_axisX->setRange(0, std::max<qsizetype>(1, m_review->plies.size()));
    updateMarker();
}

void ReviewPanel::setCurrentPly(int ply) {
    m_currentPly = ply;
    updateMarker();
}

void ReviewPanel::updateMarker() {
    m_marker->clear();
    if (!m_review || m_currentPly < 1 || m_currentPly > int(m_review->plies.size())) return;
    const auto& p = m_review->plies[std::size_t(m_currentPly - 1)];
    m_marker->append(QPointF(m_currentPly, p.humanProb ? 100.0 * *p.humanProb : 0.0));
    if (QTreeWidgetItem* item = m_table->topLevelItem(m_currentPly - 1)) {
        const QSignalBlocker block(m_table);
        m_table->setCurrentItem(item);
    }
}

int ReviewPanel::plyAt(QPointF viewportPos) const {
    const int plies = m_review ? int(m_review->plies.size()) : 0;
    if (plies == 0) return 0;
    const QPointF scenePos = m_chartView->mapToScene(viewportPos.toPoint());
    const QPointF chartPos = m_chart->mapFromScene(scenePos);
    if (!m_chart->plotArea().adjusted(-6, -6, 6, 6).contains(chartPos)) return 0;
    const QPointF value = m_chart->mapToValue(chartPos, m_humanSeries);
    const int ply = int(std::lround(value.x()));
    return ply >= 1 && ply <= plies ? ply : 0;
}

bool ReviewPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_chartView->viewport() && event->type() == QEvent::MouseButtonPress) {
        auto* me = static_cast<QMouseEvent*>(event);
        if (me->button() == Qt::LeftButton) {
            if (const int ply = plyAt(me->position()); ply > 0) {
                setCurrentPly(ply);
                Q_EMIT plyActivated(ply);
                return true;
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ReviewPanel::observe(const Session* session) {
    connect(session, &Session::humanModelChanged, this, [this, session] {
        m_humanModelPath = session->humanModelPath();
        m_startButton->setToolTip(
            tr("Review the game with Stockfish and the human model (%1)").arg(Session::modelName(m_humanModelPath)));
        setEvaluatorFactory(session->humanModelFactory());
    });
}

}  // namespace kibitz::ui
