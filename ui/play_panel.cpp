// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/play_panel.h"

#include "ui/session.h"
#include "ui/settings_keys.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTimer>
#include <QVBoxLayout>

namespace kibitz::ui {

namespace {

QLabel* clockLabel() {
    auto* l = new QLabel(QStringLiteral("–"));
    QFont f = l->font();
    f.setPointSizeF(f.pointSizeF() * 1.8);
    f.setBold(true);
    f.setStyleHint(QFont::Monospace);
    l->setFont(f);
    l->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    l->setFrameShape(QFrame::StyledPanel);
    l->setMargin(4);
    return l;
}

}  // namespace

PlayPanel::PlayPanel(QWidget* parent) : QWidget(parent) {
    m_controller = new jobs::PlayController(this);

    m_opponentName = new QLabel;
    m_opponentClock = clockLabel();
    m_opponentClock->setObjectName(QStringLiteral("opponentClock"));
    m_userName = new QLabel;
    m_userClock = clockLabel();
    m_userClock->setObjectName(QStringLiteral("userClock"));
    m_status = new QLabel(tr("Start a game with Play › New game against the human model."));
    m_status->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("playStatus"));

    m_offerRow = new QWidget;
    auto* offer = new QHBoxLayout(m_offerRow);
    offer->setContentsMargins(0, 0, 0, 0);
    offer->addWidget(new QLabel(tr("Your opponent offers a draw.")), 1);
    m_acceptDraw = new QPushButton(tr("Accept"));
    m_declineDraw = new QPushButton(tr("Decline"));
    offer->addWidget(m_acceptDraw);
    offer->addWidget(m_declineDraw);
    m_offerRow->hide();

    m_newGame = new QPushButton(tr("New game…"));
    m_offerDraw = new QPushButton(tr("Offer draw"));
    m_resign = new QPushButton(tr("Resign"));
    m_abort = new QPushButton(tr("Abort"));
    m_abort->setToolTip(tr("Stop the game without a result"));
    m_save = new QPushButton(tr("Save PGN…"));
    m_review = new QPushButton(tr("Review game"));
    m_review->setToolTip(
        tr("Open the game in the game review: the engine's evaluation, the human probability of "
           "each move, and how each side played"));

    auto* grid = new QGridLayout;
    grid->addWidget(m_opponentName, 0, 0);
    grid->addWidget(m_opponentClock, 0, 1);
    grid->addWidget(m_userName, 1, 0);
    grid->addWidget(m_userClock, 1, 1);
    grid->setColumnStretch(0, 1);

    auto* buttons = new QGridLayout;
    buttons->addWidget(m_newGame, 0, 0);
    buttons->addWidget(m_offerDraw, 0, 1);
    buttons->addWidget(m_resign, 0, 2);
    buttons->addWidget(m_abort, 1, 0);
    buttons->addWidget(m_save, 1, 1);
    buttons->addWidget(m_review, 1, 2);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(grid);
    layout->addWidget(m_status);
    layout->addWidget(m_offerRow);
    layout->addLayout(buttons);
    layout->addStretch(1);

    connect(m_newGame, &QPushButton::clicked, this, &PlayPanel::newGameRequested);
    connect(m_offerDraw, &QPushButton::clicked, this, [this] {
        m_controller->offerDraw();
        m_message = tr("You offered a draw.");
        updateState();
    });
    // Resigning takes a second click within three seconds (as on Lichess), so a slip does not lose the game; no
    // modal question stops the clocks' repaint.
    connect(m_resign, &QPushButton::clicked, this, [this] {
        if (m_resignArmed) {
            m_resignArmed = false;
            m_resign->setText(tr("Resign"));
            m_controller->resign();
            return;
        }
        m_resignArmed = true;
        m_resign->setText(tr("Really resign?"));
        QTimer::singleShot(3000, this, [this] {
            m_resignArmed = false;
            m_resign->setText(tr("Resign"));
        });
    });
    connect(m_abort, &QPushButton::clicked, m_controller, &jobs::PlayController::abort);
    connect(m_acceptDraw, &QPushButton::clicked, this, [this] { m_controller->acceptDraw(); });
    connect(m_declineDraw, &QPushButton::clicked, this, [this] {
        m_controller->declineDraw();
        m_message.clear();
        updateState();
    });
    connect(m_save, &QPushButton::clicked, this, &PlayPanel::askSavePgn);
    connect(m_review, &QPushButton::clicked, this, [this] { Q_EMIT reviewRequested(m_controller->pgn()); });

    connect(m_controller, &jobs::PlayController::clocksChanged, this, &PlayPanel::updateClocks);
    connect(m_controller, &jobs::PlayController::gameStarted, this, [this] {
        m_message.clear();
        m_resignArmed = false;
        m_resign->setText(tr("Resign"));
        updateState();
    });
    connect(m_controller, &jobs::PlayController::moved, this, [this] {
        // The user's move turns the page (a declined offer, an answer); the opponent's keeps what came with it.
        if (m_controller->session()->sideToMove() != m_controller->settings().userColor) m_message.clear();
        updateState();
    });
    connect(m_controller, &jobs::PlayController::thinkingChanged, this, &PlayPanel::updateState);
    connect(m_controller, &jobs::PlayController::drawOffered, this, [this] {
        m_message = tr("Your opponent offers a draw.");
        updateState();
    });
    connect(m_controller, &jobs::PlayController::drawAnswered, this, [this](bool accepted) {
        m_message = accepted ? QString() : tr("Your opponent declined the draw.");
        updateState();
    });
    connect(m_controller, &jobs::PlayController::gameOver, this, [this](const play::GameOutcome& outcome) {
        if (outcome.how != play::Termination::Aborted || m_message.isEmpty())
            m_message = outcomeText(outcome, m_controller->settings().userColor);
        updateState();
    });
    connect(m_controller, &jobs::PlayController::failed, this, [this](const QString& message) {
        m_message = tr("The opponent's model failed: %1").arg(message);
        updateState();
    });
    updateState();
    updateClocks();
}

QString PlayPanel::formatClock(std::int64_t ms) {
    ms = std::max<std::int64_t>(0, ms);
    const std::int64_t totalS = ms / 1000;
    const std::int64_t h = totalS / 3600;
    const std::int64_t m = (totalS / 60) % 60;
    const std::int64_t s = totalS % 60;
    if (h > 0) return QStringLiteral("%1:%2:%3").arg(h).arg(m, 2, 10, QLatin1Char('0')).arg(s, 2, 10, QLatin1Char('0'));
    if (totalS < 10) return QStringLiteral("%1:%2.%3").arg(m).arg(s, 2, 10, QLatin1Char('0')).arg((ms % 1000) / 100);
    return QStringLiteral("%1:%2").arg(m).arg(s, 2, 10, QLatin1Char('0'));
}

QString PlayPanel::outcomeText(const play::GameOutcome& outcome, chess::Color userColor) {
    const bool userWon = outcome.winner && *outcome.winner == userColor;
    const QString who = userWon ? tr("You win") : tr("You lose");
    switch (outcome.how) {
        case play::Termination::None: return {};
        case play::Termination::Checkmate:
            return tr("%1 by checkmate (%2).").arg(who, QString::fromStdString(outcome.result()));
        case play::Termination::TimeForfeit:
            return tr("%1 on time (%2).").arg(who, QString::fromStdString(outcome.result()));
        case play::Termination::Resignation:
            return userWon ? tr("Your opponent resigns: you win (%1).").arg(QString::fromStdString(outcome.result()))
                           : tr("You resigned (%1).").arg(QString::fromStdString(outcome.result()));
        case play::Termination::Stalemate: return tr("Draw by stalemate.");
        case play::Termination::InsufficientMaterial: return tr("Draw: neither side can mate.");
        case play::Termination::ThreefoldRepetition: return tr("Draw by threefold repetition.");
        case play::Termination::FiftyMoves: return tr("Draw by the fifty-move rule.");
        case play::Termination::TimeoutVsInsufficient: return tr("Draw: a flag fell, but the other side cannot mate.");
        case play::Termination::Agreement: return tr("Draw by agreement.");
        case play::Termination::Aborted: return tr("Game aborted.");
    }
    return {};
}

QString PlayPanel::userClockText() const { return m_userClock->text(); }
QString PlayPanel::opponentClockText() const { return m_opponentClock->text(); }
QString PlayPanel::statusText() const { return m_status->text(); }

void PlayPanel::updateClocks() {
    const play::PlaySession* s = m_controller->session();
    if (!s || !s->timed()) {
        m_userClock->setText(QStringLiteral("–"));
        m_opponentClock->setText(QStringLiteral("–"));
        return;
    }
    const chess::Color user = m_controller->settings().userColor;
    m_userClock->setText(formatClock(s->remainingMs(user)));
    m_opponentClock->setText(formatClock(s->remainingMs(~user)));
    // The running clock stands out; a low one turns red.
    const bool running = s->clock().isRunning();
    auto style = [&](QLabel* l, chess::Color side) {
        const bool active = running && s->sideToMove() == side;
        const bool low = s->remainingMs(side) < 10'000;
        QString css;
        if (active) css += QStringLiteral("background: palette(highlight); color: palette(highlighted-text);");
        if (low) css += QStringLiteral("color: #c0392b;");
        l->setStyleSheet(css);
    };
    style(m_userClock, user);
    style(m_opponentClock, ~user);
}

void PlayPanel::updateState() {
    const jobs::PlayController* c = m_controller;
    const bool playing = c->isPlaying();
    const bool hasGame = c->hasGame();
    if (hasGame) {
        const auto& st = c->settings();
        m_opponentName->setText(c->opponentName());
        m_userName->setText(tr("%1 (%2)").arg(st.userName).arg(st.userElo));
    }
    QString text;
    if (playing) {
        if (c->isOpponentThinking())
            text = tr("%1 is thinking…").arg(c->opponentName());
        else if (c->isUserTurn())
            text = tr("Your move.");
    }
    if (!m_message.isEmpty()) text = text.isEmpty() ? m_message : m_message + QLatin1Char(' ') + text;
    if (!hasGame) text = tr("Start a game with New game…: choose your side, both ratings and the clock.");
    m_status->setText(text);

    const bool opponentOffers =
        playing && c->session()->pendingDrawOffer() && *c->session()->pendingDrawOffer() != c->settings().userColor;
    m_offerRow->setVisible(opponentOffers);
    const bool userOffers = playing && c->session()->pendingDrawOffer() == c->settings().userColor;
    m_offerDraw->setEnabled(playing && !userOffers && !opponentOffers);
    m_resign->setEnabled(playing);
    m_abort->setEnabled(playing);
    m_save->setEnabled(hasGame && c->session()->ply() > 0);
    m_review->setEnabled(hasGame && !playing && c->session()->ply() > 0);
}

QString PlayPanel::savePgn(const QString& path) const {
    // Written to a temporary and renamed: never a torn file.
    const Status st = chess::writePgnFile(path.toStdString(), {m_controller->pgn()});
    return st ? QString() : QString::fromStdString(st.error().message);
}

void PlayPanel::askSavePgn() {
    QSettings settings;
    const QString dir = settings.value(settings_keys::kPgnDir).toString();
    const chess::PgnGame game = m_controller->pgn();
    const QString name = QStringLiteral("kibitz-%1.pgn")
                             .arg(QString::fromStdString(game.tag("Date")).replace(QLatin1Char('.'), QLatin1Char('-')));
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save game"), dir.isEmpty() ? name : dir + QLatin1Char('/') + name, tr("PGN files (*.pgn)"));
    if (path.isEmpty()) return;
    settings.setValue(settings_keys::kPgnDir, QFileInfo(path).absolutePath());
    const QString error = savePgn(path);
    if (!error.isEmpty()) QMessageBox::warning(this, tr("Save game"), error);
}

void PlayPanel::observe(const Session* session) {
    connect(session, &Session::humanModelChanged, this, [this, session] {
        m_humanModelPath = session->humanModelPath();
        m_controller->setEvaluatorFactory(session->humanModelFactory());
    });
}

}  // namespace kibitz::ui
