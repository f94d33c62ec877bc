// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/jobs/play_controller.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QWidget;

namespace kibitz::ui {

class Session;

/// The play-mode panel: both clocks (the opponent's above, the user's below, as on the board turned to the user),
/// who is to move or thinking, the opponent's draw offer with Accept / Decline, and Offer draw, Resign, Abort; after
/// the game, Save PGN and Review. It owns the jobs::PlayController; the main window connects the board to it.
class PlayPanel : public QWidget {
    Q_OBJECT
public:
    explicit PlayPanel(QWidget* parent = nullptr);
    /// Follows `session` from now on (see ui/session.h): the human model, for the next game (a running game keeps its
    /// own).
    void observe(const Session* session);
    /// The human model the next game is played with (empty: the shipped default).
    QString humanModelPath() const { return m_humanModelPath; }

    jobs::PlayController* controller() const { return m_controller; }

    /// Writes the game (with clocks) to `path` atomically; returns the error text, empty on success.
    QString savePgn(const QString& path) const;

    /// "4:59", "0:09.7": clocks show tenths under ten seconds, never below zero.
    static QString formatClock(std::int64_t ms);
    /// "White wins by checkmate", "Draw by agreement", ... from the user's view when `userColor` is given.
    static QString outcomeText(const play::GameOutcome& outcome, chess::Color userColor);

    /// Texts, for tests and accessibility.
    QString userClockText() const;
    QString opponentClockText() const;
    QString statusText() const;
    QPushButton* resignButton() const { return m_resign; }
    QPushButton* offerDrawButton() const { return m_offerDraw; }
    QPushButton* acceptDrawButton() const { return m_acceptDraw; }
    QPushButton* reviewButton() const { return m_review; }
    QPushButton* saveButton() const { return m_save; }

Q_SIGNALS:
    /// The user asked for a new game (the owner shows the dialog).
    void newGameRequested();
    /// The user asked to review the finished game.
    void reviewRequested(const kibitz::chess::PgnGame& game);

private:
    void updateClocks();
    void updateState();
    void askSavePgn();

    jobs::PlayController* m_controller = nullptr;
    QLabel* m_opponentName = nullptr;
    QLabel* m_opponentClock = nullptr;
    QLabel* m_userName = nullptr;
    QLabel* m_userClock = nullptr;
    QLabel* m_status = nullptr;
    QWidget* m_offerRow = nullptr;
    QPushButton* m_acceptDraw = nullptr;
    QPushButton* m_declineDraw = nullptr;
    QPushButton* m_newGame = nullptr;
    QPushButton* m_offerDraw = nullptr;
    QPushButton* m_resign = nullptr;
    QPushButton* m_abort = nullptr;
    QPushButton* m_save = nullptr;
    QPushButton* m_review = nullptr;
    bool m_resignArmed = false;
    QString m_message;         ///< the last event worth saying (draw declined, game over, failure)
    QString m_humanModelPath;  ///< what observe() last set (empty: default)
};

}  // namespace kibitz::ui
