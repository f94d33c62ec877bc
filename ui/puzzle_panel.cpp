// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/puzzle_panel.h"

#include "core/chess/notation.h"
#include "core/evaluation/solve_probability.h"
#include "core/jobs/export_files.h"
#include "ui/engine_panel.h"
#include "ui/session.h"

#include <QChart>
#include <QChartView>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QListWidget>
#include <QPushButton>
#include <QScatterSeries>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace kibitz::ui {

namespace {

QString percent(double p) { return QStringLiteral("%1%").arg(100.0 * p, 0, 'f', p < 0.1 ? 1 : 0); }

/// Level used to name "the" hard move: the middle of the table.
constexpr int kHardestElo = 1600;

}  // namespace

PuzzlePanel::PuzzlePanel(QWidget* parent) : QWidget(parent) {
    buildUi();

    m_worker = m_thread.make<jobs::PuzzleWorker>();
    connect(m_worker, &jobs::PuzzleWorker::rated, this, &PuzzlePanel::onRated);
    connect(m_worker, &jobs::PuzzleWorker::modelsReady, this, [this](const QString& d) {
        m_modelsReady = true;
        m_status->setText(tr("Models: %1").arg(d));
        Q_EMIT modelStatusChanged(m_status->text());
        Q_EMIT modelsReady(d);
    });
    connect(m_worker, &jobs::PuzzleWorker::failed, this, [this](quint64 id, const QString& message) {
        if (id == 0) {
            m_status->setText(tr("Puzzle model not loaded: %1").arg(message));
            Q_EMIT modelStatusChanged(m_status->text());
            return;
        }
        if (id != m_currentId) return;
        m_rating->setText(tr("—"));
        m_status->setText(tr("Rating failed: %1").arg(message));
        Q_EMIT ratingFailed(message);
    });

    connectFilesTab();
    puzzleChanged();
}

PuzzlePanel::~PuzzlePanel() {
    // The loops poll their tokens between batches, so the threads stop promptly.
    m_loadCancel.cancel();
    m_batchCancel.cancel();
    m_fileThread.stop();
    m_batchThread.stop();
    m_thread.stop();
}

void PuzzlePanel::buildUi() {
    m_tabs = new QTabWidget;
    m_tabs->addTab(buildPuzzleTab(), tr("Puzzle"));
    m_tabs->addTab(buildFilesTab(), tr("Files"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
    connectUi();
}

/// The puzzle tab: builder buttons, the line, the rating, the solve chart, the difficulty table.
QWidget* PuzzlePanel::buildPuzzleTab() {
    m_start = new QPushButton(tr("Start from current position"));
    m_start->setToolTip(
        tr("The board's position is the position before the setup move: play the opponent's "
           "setup move next, then the solution (solver moves and replies)."));
    m_undo = new QPushButton(tr("Undo"));
    m_clear = new QPushButton(tr("Clear"));
    m_export = new QPushButton(tr("Export result…"));
    m_solve = new QPushButton(tr("Solve it"));
    m_solve->setToolTip(
        tr("Set the board to the puzzle and find the moves there yourself; the solution and the move table stay "
           "hidden until you have solved it or ask for it."));
    m_solve->setEnabled(false);
    m_next = new QPushButton(tr("Next"));
    m_next->setToolTip(tr("Solve the next puzzle of the Files tab's list"));
    m_next->setEnabled(false);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_undo);
    buttons->addWidget(m_clear);
    buttons->addStretch(1);
    buttons->addWidget(m_export);

    m_line = new QLabel;
    m_line->setWordWrap(true);
    m_line->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_solveLine = new QLabel;
    m_solveLine->setWordWrap(true);
    m_solveLine->hide();
    m_rating = new QLabel(tr("—"));
    QFont big = m_rating->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    m_rating->setFont(big);
    m_ratingNote =
        new QLabel(tr("Predicted Lichess puzzle rating ± the model's predicted standard deviation "
                      "(sigma) of that rating, and the interval it spans: about two puzzles in three have their "
                      "Lichess rating inside it. With Stockfish installed the model's engine stage corrects the "
                      "rating with the engine's view of each solver move."));
    m_ratingNote->setWordWrap(true);

    buildSolveChart();
    buildDifficultyTable();
    m_status = new QLabel(tr("No model loaded"));
    m_status->setWordWrap(true);

    auto* puzzleTab = new QWidget;
    auto* pl = new QVBoxLayout(puzzleTab);
    pl->addLayout(buttons);
    pl->addWidget(m_line);
    auto* solveRow = new QHBoxLayout;  // a row of its own, so the dock stays as narrow as before
    solveRow->addWidget(m_solve);
    solveRow->addWidget(m_next);
    solveRow->addWidget(m_solveLine, 1);
    pl->addLayout(solveRow);
    pl->addWidget(m_rating);
    pl->addWidget(m_playerLine);
    pl->addWidget(m_ratingNote);
    pl->addWidget(m_maiaLine);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_chartView);
    split->addWidget(m_table);
    pl->addWidget(split, 1);
    pl->addWidget(m_status);
    return puzzleTab;
}

void PuzzlePanel::buildSolveChart() {
    // The chance to solve: Glicko's expected score around the predicted rating (what a Lichess puzzle rating means:
    // a player of that rating solves it half the time; rising with the player's rating, flatter when sigma is
    // large). Beside it, dashed, the human model's own chance of finding every solver move, which shows where the
    // moves are hard but can fall with rating (it misses mates a strong player sees).
    m_curve = new QLineSeries;
    m_curve->setName(tr("P(solve) from the rating"));
    m_curve->setPointsVisible(true);
    m_humanCurve = new QLineSeries;
    m_humanCurve->setName(tr("human model: finds every move"));
    QPen dashed = m_humanCurve->pen();
    dashed.setStyle(Qt::DashLine);
    m_humanCurve->setPen(dashed);
    // The nine Maia-1 nets (one per 100-point band, trained on ~400M Lichess positions each; CSSLab/maia-chess,
    // GPL-3.0) when installed: each net's chance of finding the whole line, at its band's centre.
    m_maiaCurve = new QLineSeries;
    m_maiaCurve->setName(tr("Maia-1 nets: find every move"));
    m_maiaCurve->setPointsVisible(true);
    QPen dotted = m_maiaCurve->pen();
    dotted.setStyle(Qt::DotLine);
    m_maiaCurve->setPen(dotted);
    m_maiaLine = new QLabel;
    m_maiaLine->setWordWrap(true);
    m_maiaLine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_maiaLine->setToolTip(
        tr("The nine published Maia-1 nets (CSSLab/maia-chess, GPL-3.0), one per Lichess rating "
           "band 1100–1999: the chance that each band's net plays every solver move, the move "
           "a 1500 is least likely to find, and the band from which every net's first choice is "
           "the solution. The engine stage reads the same numbers."));
    m_maiaLine->hide();
    // A player profile's puzzle: the player's rating in that game, as a vertical line, and their chance under the
    // rating.
    m_playerMark = new QLineSeries;
    m_playerMark->setName(tr("the player's rating"));
    QPen mark = m_playerMark->pen();
    mark.setColor(QColor(0x80, 0x80, 0x80));
    mark.setWidthF(1.5);
    m_playerMark->setPen(mark);
    m_playerLine = new QLabel;
    m_playerLine->setWordWrap(true);
    m_playerLine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_playerLine->setToolTip(
        tr("The position comes from the player's own game (a player profile's puzzles): their chance to solve it at "
           "their rating in that game, by the puzzle's predicted rating and by the human model's curve. The curves "
           "are on Lichess's scale; a chess.com rating is converted first."));
    m_playerLine->hide();
    m_chart = new QChart;
    m_chart->setTitle(tr("Probability of solving, by player rating"));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->addSeries(m_curve);
    m_chart->addSeries(m_humanCurve);
    m_chart->addSeries(m_maiaCurve);
    m_chart->addSeries(m_playerMark);
    auto* ax = new QValueAxis;
    ax->setRange(evaluation::kSolveEloLevels.front(), evaluation::kSolveEloLevels.back());
    ax->setTickCount(6);
    ax->setLabelFormat(QStringLiteral("%d"));
    ax->setTitleText(tr("Player rating"));
    auto* ay = new QValueAxis;
    ay->setRange(0.0, 100.0);
    ay->setLabelFormat(QStringLiteral("%d%%"));
    ay->setTitleText(tr("P(solve)"));
    m_chart->addAxis(ax, Qt::AlignBottom);
    m_chart->addAxis(ay, Qt::AlignLeft);
    m_curve->attachAxis(ax);
    m_curve->attachAxis(ay);
    m_humanCurve->attachAxis(ax);
    m_humanCurve->attachAxis(ay);
    m_maiaCurve->attachAxis(ax);
    m_maiaCurve->attachAxis(ay);
    m_playerMark->attachAxis(ax);
    m_playerMark->attachAxis(ay);
    m_chartView = new QChartView(m_chart);
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumHeight(200);
}

/// The probability that a human of each rating plays each solver move.
void PuzzlePanel::buildDifficultyTable() {
    m_table = new QTableWidget(0, 3 + int(std::size(kTableElos)));
    QStringList headers{tr("#"), tr("Solver move")};
    for (int elo : kTableElos) headers << tr("P @%1").arg(elo);
    headers << tr("Hardest");
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setToolTip(tr("Probability that a human of each rating plays the solution move (opponent of the same "
                           "rating). The hardest move is the least likely one at %1.")
                            .arg(kHardestElo));
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setMinimumHeight(110);
}

void PuzzlePanel::connectUi() {
    connect(m_start, &QPushButton::clicked, this, [this] {
        if (m_session) startFrom(m_session->position());
    });
    connect(m_undo, &QPushButton::clicked, this, &PuzzlePanel::undoMove);
    connect(m_clear, &QPushButton::clicked, this, &PuzzlePanel::clearPuzzle);
    connect(m_export, &QPushButton::clicked, this, &PuzzlePanel::chooseExport);
    connect(m_solve, &QPushButton::clicked, this, [this] {
        if (isSolving())
            showSolution();
        else
            startSolving();
    });
    connect(m_next, &QPushButton::clicked, this, [this] {
        const int row = m_list->currentRow() + 1;
        if (row <= 0 || row >= m_list->count()) return;
        m_list->setCurrentRow(row);  // shows it (setPuzzle), then
        startSolving();
    });
}

void PuzzlePanel::setModels(const QString& puzzleModel, jobs::EvaluatorFactory human) {
    m_puzzleModelPath = puzzleModel;  // the file rating uses it too
    m_modelsReady = false;
    m_status->setText(tr("Loading models…"));
    QMetaObject::invokeMethod(
        m_worker,
        [w = m_worker, path = puzzleModel, f = std::move(human), engine = EngineSettings::load().path] {
            w->setModels(path, f, engine);
        },
        Qt::QueuedConnection);
    requestRating();
}

void PuzzlePanel::startFrom(const chess::Position& pos) {
    m_puzzle = chess::Puzzle{};
    m_puzzle.id = tr("custom").toStdString();
    m_puzzle.fen = pos.fen();
    m_building = true;
    puzzleChanged();
}

void PuzzlePanel::setPuzzle(const chess::Puzzle& puzzle) {
    m_puzzle = puzzle;
    m_building = false;
    puzzleChanged();
}

chess::Position PuzzlePanel::endPosition() const {
    auto pos = chess::Position::fromFen(m_puzzle.fen);
    if (!pos) return chess::Position();
    chess::Position p = std::move(pos.value());
    for (chess::Move m : m_puzzle.moves) p.makeMove(m);
    return p;
}

void PuzzlePanel::recordMove(chess::Move move) {
    if (!m_building) return;
    if (!endPosition().isLegal(move)) return;
    m_puzzle.moves.push_back(move);
    puzzleChanged();
}

void PuzzlePanel::followBoard() {
    if (isSolving()) {
        followSolve();
        return;
    }
    // A move played on the board at the end of the line extends it: the session's position is then the line's end
    // after the session's last move. Navigating, or a move played elsewhere in the game, leaves the line as it is.
    if (!m_building || !m_session || m_session->uciMoves().isEmpty()) return;
    const chess::Position end = endPosition();
    const auto move = chess::parseUci(end, m_session->uciMoves().last().toStdString());
    if (!move || !end.isLegal(*move)) return;
    chess::Position after = end.snapshot();
    after.makeMove(*move);
    if (after.key() != m_session->position().key()) return;
    recordMove(*move);
}

void PuzzlePanel::undoMove() {
    if (!m_building || m_puzzle.moves.empty()) return;
    m_puzzle.moves.pop_back();
    puzzleChanged();
}

void PuzzlePanel::clearPuzzle() {
    m_puzzle = chess::Puzzle{};
    m_building = false;
    puzzleChanged();
}

QString PuzzlePanel::lineText() const {
    if (m_puzzle.fen.empty()) return tr("No puzzle: press “Start from current position” or import a file.");
    auto start = chess::Position::fromFen(m_puzzle.fen);
    if (!start) return tr("Bad FEN: %1").arg(QString::fromStdString(start.error().message));
    chess::Position pos = std::move(start.value());
    QStringList solution;
    QString setup;
    for (std::size_t i = 0; i < m_puzzle.moves.size(); ++i) {
        const chess::Move m = m_puzzle.moves[i];
        QString san = QString::fromStdString(chess::toSan(pos, m));
        // Move numbers make the line readable: "27. Qxd6", "27… Rxd8".
        const QString number = pos.sideToMove() == chess::White
                                   ? QStringLiteral("%1. ").arg(pos.fullmoveNumber())
                                   : (i == 0 || i == 1 ? QStringLiteral("%1… ").arg(pos.fullmoveNumber()) : QString());
        if (i == 0)
            setup = number + san;
        else
            solution << number + san;
        pos.makeMove(m);
    }
    QString text;
    if (m_puzzle.moves.empty())
        text = m_building ? tr("Play the opponent's setup move on the board.") : tr("No moves.");
    else if (solution.isEmpty())
        text = tr("Setup: %1. Now play the solution.").arg(setup);
    else if (isSolving())
        text = tr("Setup: %1 | Solution: yours to find.").arg(setup);
    else
        text = tr("Setup: %1 | Solution: %2").arg(setup, solution.join(QLatin1Char(' ')));
    if (!m_puzzle.id.empty() && !m_building) text = tr("Puzzle %1. ").arg(QString::fromStdString(m_puzzle.id)) + text;
    // A position of the player profile's: what they played in the game (after solving, not as a hint before).
    if (m_puzzle.playedMove && !m_building && !isSolving() && m_puzzle.moves.size() >= 2) {
        const chess::Position at = m_puzzle.solverStart();
        const QString number = at.sideToMove() == chess::White ? QStringLiteral("%1. ").arg(at.fullmoveNumber())
                                                               : QStringLiteral("%1… ").arg(at.fullmoveNumber());
        const QString played = number + QString::fromStdString(chess::toSan(at, m_puzzle.playedMove));
        if (m_puzzle.playedLoss >= 0 && m_puzzle.peerLoss >= 0 && m_puzzle.peerRating > 0)
            text += QLatin1Char('\n') + tr("In the game: %1, which lost %2 of winning chances where a human rated %3 "
                                           "loses %4 on average.")
                                            .arg(played)
                                            .arg(m_puzzle.playedLoss, 0, 'f', 2)
                                            .arg(m_puzzle.peerRating)
                                            .arg(m_puzzle.peerLoss, 0, 'f', 2);
        else if (m_puzzle.playedLoss >= 0 && m_puzzle.peerLoss >= 0)
            text += QLatin1Char('\n') + tr("In the game: %1, which lost %2 of winning chances where a human of the "
                                           "player's rating loses %3 on average.")
                                            .arg(played)
                                            .arg(m_puzzle.playedLoss, 0, 'f', 2)
                                            .arg(m_puzzle.peerLoss, 0, 'f', 2);
        else
            text += QLatin1Char('\n') + tr("In the game: %1.").arg(played);
    }
    return text;
}

void PuzzlePanel::puzzleChanged() {
    endSolving(false, false, {});  // another puzzle: the one being solved is left, uncounted
    m_line->setText(lineText());
    m_solve->setEnabled(!m_building && m_puzzle.moves.size() >= 2);
    updateNext();
    m_undo->setEnabled(m_building && !m_puzzle.moves.empty());
    m_clear->setEnabled(!m_puzzle.fen.empty());
    clearResult();
    requestRating();
}

void PuzzlePanel::requestRating() {
    m_currentId = m_nextId++;
    if (m_puzzle.moves.size() < 2) return;
    m_rating->setText(tr("rating…"));
    m_worker->submit(jobs::PuzzleRequest{m_currentId, m_puzzle});
}

void PuzzlePanel::onRated(const jobs::PuzzleResult& result) {
    if (result.id != m_currentId) return;  // an answer for a puzzle no longer shown
    m_result = result.rating;
    showResult();
    Q_EMIT ratingUpdated();
}

QString PuzzlePanel::ratingText() const {
    if (!m_result) return tr("—");
    const auto& p = m_result->prediction;
    // The interval one sigma wide on each side: about two puzzles in three lie within it (eval puzzle: sigma).
    return tr("%1 ± %2  (%3–%4)")
        .arg(std::lround(p.rating))
        .arg(std::lround(p.sigma))
        .arg(std::lround(p.rating - p.sigma))
        .arg(std::lround(p.rating + p.sigma));
}

void PuzzlePanel::clearResult() {
    m_result.reset();
    m_rating->setText(tr("—"));
    m_curve->clear();
    m_humanCurve->clear();
    m_maiaCurve->clear();
    m_maiaLine->hide();
    showPlayerChance();  // hidden: no result
    m_table->setRowCount(0);
    m_export->setEnabled(false);
}

void PuzzlePanel::showResult() {
    QString text = ratingText();
    if (m_puzzle.rating > 0) text += tr("   (Lichess: %1, RD %2)").arg(m_puzzle.rating).arg(m_puzzle.ratingDeviation);
    m_rating->setText(text);
    m_export->setEnabled(true);
    m_status->setText(tr("Rated in %1 ms").arg(m_result->milliseconds, 0, 'f', 0));
    if (m_result->prediction.engineUsed)
        m_status->setText(
            m_status->text() +
            tr(", with the engine stage (the boards alone say %1)").arg(std::lround(m_result->prediction.boardRating)));
    m_curve->clear();
    m_humanCurve->clear();
    m_table->setRowCount(0);
    QList<QPointF> points;
    const std::vector<double> rated =
        evaluation::ratingSolveCurve(m_result->prediction.rating, m_result->prediction.sigma);
    for (std::size_t l = 0; l < rated.size(); ++l)
        points.append(QPointF(evaluation::kSolveEloLevels[l], 100.0 * rated[l]));
    m_curve->replace(points);
    showMaia();
    showPlayerChance();
    if (!m_result->curve) {
        m_status->setText(m_status->text() + tr(" (no human model: no per-move difficulty)"));
        return;
    }
    const auto& c = *m_result->curve;
    QList<QPointF> human;
    for (std::size_t l = 0; l < c.elos.size(); ++l) human.append(QPointF(c.elos[l], 100.0 * c.solve[l]));
    m_humanCurve->replace(human);

    const int hardLevel = c.levelOf(kHardestElo);
    const int hardest = hardLevel >= 0 ? c.hardestMove(std::size_t(hardLevel)) : -1;
    auto pos = chess::Position::fromFen(m_puzzle.fen);
    if (!pos) return;
    chess::Position walk = std::move(pos.value());
    const int solverMoves = c.moveProb.empty() ? 0 : int(c.moveProb.front().size());
    m_table->setRowCount(solverMoves);
    for (std::size_t i = 0; i < m_puzzle.moves.size(); ++i) {
        const chess::Move m = m_puzzle.moves[i];
        const int k = int(i) / 2;
        if (i % 2 == 1 && k < solverMoves) {
            auto item = [](const QString& s) {
                auto* it = new QTableWidgetItem(s);
                it->setTextAlignment(Qt::AlignCenter);
                return it;
            };
            m_table->setItem(k, 0, item(QString::number(k + 1)));
            m_table->setItem(k, 1, item(QString::fromStdString(chess::toSan(walk, m))));
            int col = 2;
            for (int elo : kTableElos) {
                const int l = c.levelOf(elo);
                m_table->setItem(k, col++,
                                 item(l >= 0 ? percent(c.moveProb[std::size_t(l)][std::size_t(k)]) : QString()));
            }
            m_table->setItem(k, col, item(k == hardest ? tr("★ hardest") : QString()));
            if (k == hardest)
                for (int cc = 0; cc < m_table->columnCount(); ++cc) {
                    QFont f = m_table->item(k, cc)->font();
                    f.setBold(true);
                    m_table->item(k, cc)->setFont(f);
                }
        }
        walk.makeMove(m);
    }
}

void PuzzlePanel::showPlayerChance() {
    m_playerMark->clear();
    m_playerLine->hide();
    for (QLegendMarker* marker : m_chart->legend()->markers(m_playerMark)) marker->setVisible(false);
    if (!m_result) return;
    const std::optional<jobs::PlayerSolveChance> c = jobs::playerSolveChance(m_puzzle, *m_result);
    if (!c) return;
    m_playerLine->show();
    for (QLegendMarker* marker : m_chart->legend()->markers(m_playerMark)) marker->setVisible(true);
    m_playerMark->replace({QPointF(c->lichessRating, 0.0), QPointF(c->lichessRating, 100.0)});
    const QString rating =
        c->site == encoding::RatingSite::ChessCom
            ? tr("%1 on chess.com (about %2 on Lichess's scale)").arg(c->rating).arg(c->lichessRating)
            : QString::number(c->rating);
    QString text =
        tr("At the player's rating in that game, %1: %2 to solve by its rating").arg(rating, percent(c->rated));
    text += c->human ? tr(", %1 by the human model.").arg(percent(*c->human)) : QStringLiteral(".");
    m_playerLine->setText(text);
}

QString PuzzlePanel::playerChanceText() const { return m_playerLine->isHidden() ? QString() : m_playerLine->text(); }

QString PuzzlePanel::maiaText() const { return m_maiaLine->isHidden() ? QString() : m_maiaLine->text(); }

void PuzzlePanel::showMaia() {
    m_maiaCurve->clear();
    m_maiaLine->setVisible(m_result && m_result->maiaCurve && !isSolving());  // it names the hard move
    if (!m_result || !m_result->maiaCurve) return;
    const auto& c = *m_result->maiaCurve;
    QList<QPointF> points;
    for (std::size_t l = 0; l < c.elos.size(); ++l) points.append(QPointF(c.elos[l], 100.0 * c.solve[l]));
    m_maiaCurve->replace(points);
    const jobs::MaiaSolveSummary s = jobs::summarizeMaiaCurve(c);
    QStringList shares;
    for (const auto& [band, p] : s.byBand) shares << tr("%1% of %2s").arg(std::lround(100.0 * p)).arg(band);
    QString text = tr("Solved by %1 (Maia-1 nets).").arg(shares.join(QStringLiteral(", ")));
    if (s.hardestMove >= 0)
        if (auto pos = chess::Position::fromFen(m_puzzle.fen);
            pos && std::size_t(2 * s.hardestMove + 1) < m_puzzle.moves.size()) {
            chess::Position walk = std::move(pos.value());
            const std::size_t at = std::size_t(2 * s.hardestMove + 1);
            for (std::size_t i = 0; i < at; ++i) walk.makeMove(m_puzzle.moves[i]);
            text += QLatin1Char(' ') + tr("Hardest for a 1500: %1. %2.")
                                           .arg(s.hardestMove + 1)
                                           .arg(QString::fromStdString(chess::toSan(walk, m_puzzle.moves[at])));
        }
    text += QLatin1Char(' ') + (s.topFromBand ? tr("Every net's first choice from the %1s.").arg(*s.topFromBand)
                                              : tr("Not the first choice of any net."));
    m_maiaLine->setText(text);
}

void PuzzlePanel::showTab(int index) { m_tabs->setCurrentIndex(index); }

void PuzzlePanel::chooseExport() {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export result"), QString(), tr("JSON (*.json);;CSV (*.csv)"));
    if (!path.isEmpty()) exportResult(path);
}

bool PuzzlePanel::exportResult(const QString& path) {
    if (!m_result) {
        m_status->setText(tr("Nothing to export: no rated puzzle."));
        return false;
    }
    // The record is the CLI's (`kibitz-cli rate --json`), written by core/jobs.
    QByteArray bytes;
    if (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) {
        bytes = QJsonDocument(jobs::puzzleRatingJson(m_puzzle, *m_result, kHardestElo)).toJson(QJsonDocument::Indented);
    } else {
        const jobs::CsvRow csv = jobs::puzzleRatingCsv(m_puzzle, *m_result, kHardestElo);
        QStringList header, row;
        for (const auto& h : csv.header) header << QString::fromStdString(h);
        for (const auto& f : csv.row) row << QString::fromStdString(f);
        bytes = jobs::csvTable(header, {row});
    }
    if (Status st = jobs::writeExportFile(path, bytes); !st.ok()) {
        m_status->setText(tr("Cannot write %1").arg(QString::fromStdString(st.error().message)));
        return false;
    }
    m_status->setText(tr("Exported to %1").arg(QFileInfo(path).fileName()));
    return true;
}

void PuzzlePanel::observe(const Session* session) {
    // Both models changing at once (the window's start) load them once: the reload runs when control returns.
    auto follow = [this, session] {
        if (m_modelsFollowPending) return;
        m_modelsFollowPending = true;
        QTimer::singleShot(0, this, [this, session] {
            m_modelsFollowPending = false;
            m_puzzleModelPath = session->puzzleModelPath();
            m_humanModelPath = session->humanModelPath();
            setModels(m_puzzleModelPath, session->humanModelFactory());
        });
    };
    connect(session, &Session::humanModelChanged, this, follow);
    connect(session, &Session::puzzleModelChanged, this, follow);
    m_session = session;
    connect(session, &Session::positionChanged, this, &PuzzlePanel::followBoard);
    connect(session, &Session::modeChanged, this, [this](Session::Mode mode) {
        if (mode != Session::Mode::Solve)
            endSolving(false, false, tr("Stopped: the board was taken for something else."));
    });
}

}  // namespace kibitz::ui
