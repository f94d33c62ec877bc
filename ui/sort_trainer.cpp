// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sort_trainer.h"
#include "core/encoding/conditioning.h"

#include "ui/engine_panel.h"
#include "ui/session.h"

#include <QFileInfo>
#include <QFontMetrics>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>
#include <numeric>
#include <random>

namespace kibitz::ui {
namespace {

constexpr int kGamesPerPosition = 2;
const QColor kPreviewColor(30, 110, 210);
const QColor kRightColor(40, 160, 60);
const QColor kWrongColor(210, 50, 40);

}  // namespace

SortTrainer::SortTrainer(QWidget* parent) : QWidget(parent) {
    auto* intro =
        new QLabel(tr("Sort the moves from strongest (top) to weakest. Drag the cards, or select one and "
                      "press Ctrl+Up/Down (Alt+Up/Down)."));
    intro->setWordWrap(true);
    m_cards = new QListWidget;
    m_cards->setDragDropMode(QAbstractItemView::InternalMove);
    m_cards->setDefaultDropAction(Qt::MoveAction);
    m_cards->setSelectionMode(QAbstractItemView::SingleSelection);
    m_cards->setSpacing(4);
    QFont cardFont = m_cards->font();
    cardFont.setPointSizeF(cardFont.pointSizeF() * 1.3);
    m_cards->setFont(cardFont);
    // Room for the four cards without scrolling; the labels below must never be squeezed.
    m_cards->setMinimumHeight(int(QFontMetrics(cardFont).height() * 4 * 1.8) + 24);
    m_cards->installEventFilter(this);
    connect(m_cards, &QListWidget::currentRowChanged, this, &SortTrainer::emitPreview);

    m_action = new QPushButton(tr("Submit"));
    m_action->setEnabled(false);
    m_action->setDefault(true);
    connect(m_action, &QPushButton::clicked, this, [this] {
        if (m_revealed)
            next();
        else
            submit();
    });

    m_elo = new QSpinBox;
    m_elo->setRange(encoding::kMinPlayableElo, encoding::kMaxPlayableElo);
    m_elo->setSingleStep(100);
    m_elo->setValue(1500);
    m_depth = new QSpinBox;
    m_depth->setRange(4, 30);
    m_depth->setValue(14);
    // New settings apply to games generated from now on.
    const auto dropQueue = [this] { m_queue.clear(); };
    connect(m_elo, &QSpinBox::valueChanged, this, dropQueue);
    connect(m_depth, &QSpinBox::valueChanged, this, dropQueue);
    auto* settings = new QFormLayout;
    settings->addRow(tr("Human Elo"), m_elo);
    settings->addRow(tr("Engine depth"), m_depth);

    m_difficulty = new QLabel;
    m_difficulty->setWordWrap(true);
    m_difficulty->setMinimumHeight(3 * m_difficulty->fontMetrics().lineSpacing() +
                                   4);  // engine line + human line, wrapped
    m_score = new QLabel;
    m_status = new QLabel(tr("Give a position to start."));
    m_status->setWordWrap(true);
    m_source = new QLabel;
    m_source->setWordWrap(true);
    m_source->setVisible(false);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_cards);
    layout->addWidget(m_action);
    layout->addWidget(m_difficulty);
    layout->addWidget(m_score);
    layout->addLayout(settings);
    layout->addWidget(m_status);
    layout->addWidget(m_source);
    layout->addStretch(1);

    m_worker = m_thread.make<jobs::SortWorker>();
    connect(m_worker, &jobs::SortWorker::gameReady, this, &SortTrainer::onGameReady);
    connect(m_worker, &jobs::SortWorker::positionSkipped, this,
            [this](quint64, const QString& m) { m_status->setText(m); });
    connect(m_worker, &jobs::SortWorker::finished, this, [this](quint64 id) {
        if (id != m_requestId) return;
        m_generating = false;
        if (m_waitingForGame && m_queue.empty() && m_nextPosition % std::max<qsizetype>(1, m_fens.size()) != 0)
            requestGames();
        else if (m_waitingForGame && m_queue.empty())
            m_status->setText(tr("No game could be made from these positions."));
    });
    connect(m_worker, &jobs::SortWorker::puzzlesLoaded, this,
            [this](quint64 id, const QStringList& fens, const QStringList& ids, qint64 valid, qint64 skipped) {
                // A read finished just before another read, or other positions, took its place: not shown.
                if (id != m_loadId) return;
                setPositions(fens, ids);  // says "Generating a game…" when none is on screen yet
                // Kept on its own line while these positions are played: the status line changes with each game.
                // A file of no more than were asked for (a profile's worst positions) is played whole.
                QString text = fens.size() >= valid
                                   ? tr("all %Ln puzzle(s) of the file, in a random order", "", int(fens.size()))
                                   : tr("%Ln puzzle(s) drawn at random", "", int(fens.size())) + QLatin1Char(' ') +
                                         tr("from the file's %Ln", "", int(valid));
                if (skipped > 0) text += QLatin1Char(' ') + tr("(%Ln bad row(s) skipped)", "", int(skipped));
                m_source->setText(QFileInfo(m_loadPath).fileName() + QStringLiteral(": ") + text + QLatin1Char('.'));
                m_source->setVisible(true);
            });
    connect(m_worker, &jobs::SortWorker::failed, this, [this](quint64 id, const QString& m) {
        if (id == 0) {  // loading a puzzle file
            m_waitingForGame = false;
            m_status->setText(m);
            return;
        }
        if (id != m_requestId) return;
        m_generating = false;
        m_waitingForGame = false;
        m_status->setText(tr("Generation failed: %1").arg(m));
    });
    updateLabels();
}

SortTrainer::~SortTrainer() {
    m_requestCancel.cancel();
    m_loadCancel.cancel();
    m_thread.stop();
}

void SortTrainer::setAnalyserFactory(evaluation::AnalyserFactory factory) {
    m_customAnalyser = bool(factory);
    m_factoryDepth = 0;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, f = std::move(factory)] { w->setAnalyserFactory(f); }, Qt::QueuedConnection);
}

void SortTrainer::setEvaluatorFactory(jobs::EvaluatorFactory factory) {
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, f = std::move(factory)] { w->setEvaluatorFactory(f); }, Qt::QueuedConnection);
}

int SortTrainer::elo() const { return m_elo->value(); }
void SortTrainer::setElo(int elo) { m_elo->setValue(elo); }
int SortTrainer::depth() const { return m_depth->value(); }
void SortTrainer::setDepth(int depth) { m_depth->setValue(depth); }
QString SortTrainer::difficultyText() const { return m_difficulty->text(); }
QString SortTrainer::statusText() const { return m_status->text(); }

QString SortTrainer::sourceText() const { return m_source->text(); }

void SortTrainer::setPositions(const QStringList& fens, const QStringList& sources) {
    // A file read in flight, or one finished whose answer is still on its way, would replace these positions.
    m_loadCancel.cancel();
    ++m_loadId;
    m_fens = fens;
    m_sources = sources;
    m_source->clear();  // a file's draw says where it came from once these are set
    m_source->setVisible(false);
    m_nextPosition = 0;
    m_queue.clear();
    m_requestCancel.cancel();  // a running generation for the old positions stops at its next step
    m_generating = false;
    if (!m_game) {
        m_waitingForGame = true;
        m_status->setText(tr("Generating a game…"));
    }
    requestGames();
}

void SortTrainer::loadPuzzleFile(const QString& path, int limit, quint64 seed) {
    m_loadCancel.cancel();
    m_loadCancel = CancelToken();
    const quint64 id = ++m_loadId;
    if (seed == 0) seed = QRandomGenerator::global()->generate64();
    m_loadPath = path;
    m_status->setText(tr("Reading puzzles…"));
    QMetaObject::invokeMethod(
        m_worker,
        [w = m_worker, id, path, limit, seed, cancel = m_loadCancel] { w->loadPuzzles(id, path, limit, seed, cancel); },
        Qt::QueuedConnection);
}

bool SortTrainer::ensureEngine() {
    if (m_customAnalyser || m_factoryDepth == depth()) return true;
    // A few file checks; the process itself starts in the worker thread.
    auto program = EngineSettings::locateEngine();
    if (!program) {
        m_status->setText(tr("No engine: %1").arg(QString::fromStdString(program.error().message)));
        return false;
    }
    auto factory =
        evaluation::uciAnalyserFactory(evaluation::uciAnalyserOptions(*program, engines::SearchLimits::depth(depth())));
    m_factoryDepth = depth();
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, f = std::move(factory)] { w->setAnalyserFactory(f); }, Qt::QueuedConnection);
    return true;
}

void SortTrainer::requestGames() {
    if (m_generating || m_fens.isEmpty() || !ensureEngine()) return;
    jobs::SortRequest req;
    req.id = ++m_requestId;
    const int i = m_nextPosition % int(m_fens.size());
    m_nextPosition = i + 1;
    req.fens = {m_fens[i]};
    if (i < m_sources.size()) req.sources = {m_sources[i]};
    req.options.count = kGamesPerPosition;
    req.options.humanElo = elo();
    req.options.seed = std::uint32_t(req.id);
    m_requestCancel = CancelToken();  // this request's own token
    req.cancel = m_requestCancel;
    m_generating = true;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, req] { w->generate(req); }, Qt::QueuedConnection);
}

void SortTrainer::onGameReady(quint64 id, const evaluation::SortGame& game) {
    if (id != m_requestId) return;  // generated for positions or settings that were replaced
    m_queue.push_back(game);
    if (m_waitingForGame) next();
}

void SortTrainer::next() {
    if (m_queue.empty()) {
        m_waitingForGame = true;
        m_status->setText(tr("Generating a game…"));
        m_action->setEnabled(false);
        requestGames();
        return;
    }
    m_waitingForGame = false;
    evaluation::SortGame g = std::move(m_queue.front());
    m_queue.pop_front();
    setGame(g);
    if (m_queue.empty()) requestGames();  // prepare the next one while this one is played
}

void SortTrainer::setGame(const evaluation::SortGame& game) {
    auto pos = chess::Position::fromFen(game.fen);
    if (!pos) {
        m_status->setText(QString::fromStdString(pos.error().message));
        return;
    }
    m_position = *pos;
    m_game = game;
    m_revealed = false;
    // Cards start in a shuffled order that is never the answer itself (when another order exists).
    std::vector<int> order(game.cards.size());
    std::iota(order.begin(), order.end(), 0);
    std::mt19937 rng(std::uint32_t(std::hash<std::string>{}(game.fen + game.strategy)));
    std::shuffle(order.begin(), order.end(), rng);
    std::vector<engines::UciScore> scores;
    for (const auto& c : game.cards) scores.push_back(c.score);
    if (order.size() > 1 && evaluation::sortPoints(scores, order) == int(order.size()))
        std::rotate(order.begin(), order.begin() + 1, order.end());
    m_cards->clear();
    for (int i : order) {
        auto* item = new QListWidgetItem;
        item->setData(Qt::UserRole, i);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
        m_cards->addItem(item);
    }
    m_cards->setDragDropMode(QAbstractItemView::InternalMove);
    refreshCards();
    m_action->setText(tr("Submit"));
    m_action->setEnabled(true);
    m_status->setText(game.source.empty() ? tr("Sort the moves.")
                                          : tr("Puzzle %1: sort the moves.").arg(QString::fromStdString(game.source)));
    updateLabels();
    Q_EMIT positionChanged(m_position);
    Q_EMIT arrowsChanged({});
    Q_EMIT gameShown();
}

std::vector<int> SortTrainer::currentOrder() const {
    std::vector<int> order;
    for (int row = 0; row < m_cards->count(); ++row) order.push_back(m_cards->item(row)->data(Qt::UserRole).toInt());
    return order;
}

void SortTrainer::moveCard(int from, int to) {
    if (m_revealed || from < 0 || to < 0 || from >= m_cards->count() || to >= m_cards->count() || from == to) return;
    QListWidgetItem* item = m_cards->takeItem(from);
    m_cards->insertItem(to, item);
    m_cards->setCurrentRow(to);
}

bool SortTrainer::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_cards && event->type() == QEvent::KeyPress) {
        auto* ke = static_cast<QKeyEvent*>(event);
        const bool modifier = ke->modifiers() & (Qt::ControlModifier | Qt::AltModifier);
        if (modifier && (ke->key() == Qt::Key_Up || ke->key() == Qt::Key_Down)) {
            const int row = m_cards->currentRow();
            moveCard(row, ke->key() == Qt::Key_Up ? row - 1 : row + 1);
            return true;
        }
        if (ke->key() == Qt::Key_Return || ke->key() == Qt::Key_Enter) {
            m_action->click();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void SortTrainer::submit() {
    if (!m_game || m_revealed) return;
    std::vector<engines::UciScore> scores;
    for (const auto& c : m_game->cards) scores.push_back(c.score);
    m_lastPoints = evaluation::sortPoints(scores, currentOrder());
    m_totalPoints += m_lastPoints;
    m_maxPoints += int(scores.size());
    ++m_gamesPlayed;
    m_revealed = true;
    m_cards->setDragDropMode(QAbstractItemView::NoDragDrop);
    refreshCards();
    m_action->setText(tr("Next"));
    updateLabels();
    emitPreview();
    Q_EMIT submitted(m_lastPoints, int(scores.size()));
}

void SortTrainer::refreshCards() {
    if (!m_game) return;
    for (int row = 0; row < m_cards->count(); ++row) {
        QListWidgetItem* item = m_cards->item(row);
        const auto& card = m_game->cards[std::size_t(item->data(Qt::UserRole).toInt())];
        const QString san = QString::fromStdString(card.san);
        if (!m_revealed) {
            item->setText(san);
            item->setBackground(QBrush());
            item->setToolTip(tr("Select to preview on the board"));
            continue;
        }
        // Right when the card's score equals the score of the card the engine puts on this row.
        const bool right =
            evaluation::scoreToCp(card.score) == evaluation::scoreToCp(m_game->cards[std::size_t(row)].score);
        const QString eval = evaluation::formatScore(card.score);
        QString text = tr("%1  %2  engine #%3").arg(san, eval).arg(card.engineRank);
        if (card.humanProb) text += QStringLiteral("  ") + tr("human %1%").arg(100.0 * *card.humanProb, 0, 'f', 1);
        item->setText((right ? QStringLiteral("✓ ") : QStringLiteral("✗ ")) + text);
        QColor bg = right ? kRightColor : kWrongColor;
        bg.setAlpha(60);
        item->setBackground(bg);
        item->setToolTip(right ? tr("In the right place")
                               : tr("Should be in place %1")
                                     .arg(1 + int(std::find_if(m_game->cards.begin(), m_game->cards.end(),
                                                               [&](const evaluation::SortCard& c) {
                                                                   return evaluation::scoreToCp(c.score) ==
                                                                          evaluation::scoreToCp(card.score);
                                                               }) -
                                                  m_game->cards.begin())));
    }
}

void SortTrainer::emitPreview() {
    std::vector<BoardArrow> arrows;
    const int row = m_cards->currentRow();
    if (m_game && row >= 0 && row < m_cards->count()) {
        const int i = m_cards->item(row)->data(Qt::UserRole).toInt();
        const auto& card = m_game->cards[std::size_t(i)];
        BoardArrow a;
        a.move = card.move;
        a.weight = 1.0;
        a.label = QString::fromStdString(card.san);
        a.color = kPreviewColor;
        if (m_revealed) {
            const bool right =
                evaluation::scoreToCp(card.score) == evaluation::scoreToCp(m_game->cards[std::size_t(row)].score);
            a.color = right ? kRightColor : kWrongColor;
            a.label = evaluation::formatScore(card.score);
        }
        arrows.push_back(a);
    }
    Q_EMIT arrowsChanged(arrows);
}

void SortTrainer::updateLabels() {
    if (!m_game) {
        m_difficulty->clear();
    } else if (!m_revealed) {
        m_difficulty->setText(tr("Difficulty: %1").arg(QString::fromLatin1(evaluation::sortLabelName(m_game->label))));
    } else {
        QString text = tr("Difficulty: %1 (%2)")
                           .arg(QString::fromLatin1(evaluation::sortLabelName(m_game->label)))
                           .arg(m_game->difficulty, 0, 'f', 1);
        if (m_game->human)
            text += QStringLiteral("\n") + tr("For a %1 player: %2 (%3), perfect order %4%")
                                               .arg(m_game->humanElo.value_or(0))
                                               .arg(QString::fromLatin1(evaluation::sortLabelName(
                                                   evaluation::sortLabel(m_game->human->difficulty))))
                                               .arg(m_game->human->difficulty, 0, 'f', 1)
                                               .arg(100.0 * m_game->human->pCorrect, 0, 'f', 1);
        m_difficulty->setText(text);
    }
    m_score->setText(m_gamesPlayed == 0 ? QString()
                                        : tr("Last game %1/%2 · total %3/%4 over %n game(s)", nullptr, m_gamesPlayed)
                                              .arg(m_lastPoints)
                                              .arg(m_game ? int(m_game->cards.size()) : 0)
                                              .arg(m_totalPoints)
                                              .arg(m_maxPoints));
}

void SortTrainer::observe(const Session* session) {
    connect(session, &Session::humanModelChanged, this, [this, session] {
        m_humanModelPath = session->humanModelPath();
        setEvaluatorFactory(session->humanModelFactory());
    });
}

}  // namespace kibitz::ui
