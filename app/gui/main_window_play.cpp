// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's play mode, sorting rounds and the hand-over of a game to the review.
#include "app/gui/main_window.h"

#include "core/jobs/play_controller.h"
#include "ui/analysis_panel.h"
#include "ui/board_widget.h"
#include "ui/engine_panel.h"
#include "ui/game_model.h"
#include "ui/new_game_dialog.h"
#include "ui/play_panel.h"
#include "ui/review_panel.h"

#include <QDockWidget>

namespace kibitz::app {

void MainWindow::playAgainstHuman() {
    ui::NewGameDialog dialog(m_game->currentPosition(), this);
    if (dialog.exec() != QDialog::Accepted) return;
    startPlay(dialog.settings());
}

void MainWindow::startPlay(const jobs::PlaySettings& settings) {
    jobs::PlayController* play = m_play->controller();
    play->abort();  // a game that runs ends without a result
    endSortRound();
    m_hasLoadedGame = false;
    setPlaying(true);
    m_board->setFlipped(settings.userColor == chess::Black);
    m_engine->setFlipped(m_board->isFlipped());
    m_game->reset(settings.start);
    m_playDock->show();
    m_playDock->raise();
    play->newGame(settings);
    const QString you = tr("%1 (%2)").arg(settings.userName).arg(settings.userElo);
    const bool userWhite = settings.userColor == chess::White;
    setWindowTitle(tr("%1 – %2").arg(userWhite ? you : play->opponentName(), userWhite ? play->opponentName() : you));
    if (!play->isPlaying())
        setPlaying(false);  // the start position was already decided
    else
        syncBoard();  // the board takes the user's first move (or waits for the opponent's)
}

void MainWindow::onPlayMove(chess::Move move) {
    jobs::PlayController* play = m_play->controller();
    // The controller emits moved(), which enters the move into the game; a refused move puts the board back.
    if (m_game->currentPly() != m_game->plyCount() || !play->userMove(move)) syncBoard();
}

bool MainWindow::isPlaying() const { return m_session->mode() == ui::Session::Mode::Play; }

void MainWindow::setPlaying(bool playing) {
    if (playing == isPlaying()) return;
    if (!playing && m_play->controller()->hasGame()) {
        // The finished game becomes the loaded game: its ratings and clocks set the analysis controls; the board
        // stays on its last move.
        m_loadedGame = m_play->controller()->pgn();
        m_hasLoadedGame = true;
        if (m_game->setGame(m_loadedGame)) m_game->setCurrentPly(m_game->plyCount());
    }
    m_session->setMode(playing ? ui::Session::Mode::Play : ui::Session::Mode::Analysis);
    syncBoard();
}

void MainWindow::onModeChanged(ui::Session::Mode mode) {
    using Mode = ui::Session::Mode;
    m_analysis->setSuspended(
        mode == Mode::Play        ? tr("Hidden while you play: the analysis comes back when the game ends.")
        : mode == Mode::SortRound ? tr("Hidden while you sort the moves: the analysis comes back when you submit.")
        : mode == Mode::Solve     ? tr("Hidden while you solve the puzzle: the analysis comes back when it ends.")
                                  : QString());
    if (mode != Mode::Analysis) {
        // Play and sorting follow each other directly (a sorting round aborts a game): the engine's state from
        // before the first one is what comes back.
        if (m_engine->isEngineEnabled()) {
            m_engineWasOn = true;
            m_engine->setEngineEnabled(false);
        }
        m_board->setArrows({});
        m_engine->setHumanExpectation(std::nullopt);
    } else {
        if (m_engineWasOn) m_engine->setEngineEnabled(true);
        m_engineWasOn = false;
    }
}

void MainWindow::showSortPosition(const chess::Position& position) {
    m_play->controller()->abort();  // a game that runs ends (gameOver: back to analysis)
    m_session->setMode(ui::Session::Mode::SortRound);
    m_hasLoadedGame = false;
    setWindowTitle(tr("Sort moves"));
    m_game->reset(position);
}

void MainWindow::endSortRound() {
    // A sorting round or a puzzle being solved: either owns the board until it ends.
    if (m_session->mode() != ui::Session::Mode::SortRound && m_session->mode() != ui::Session::Mode::Solve) return;
    m_session->setMode(ui::Session::Mode::Analysis);
    syncBoard();
}

void MainWindow::reviewGame(const chess::PgnGame& game) {
    loadGame(game);
    m_reviewDock->show();
    m_reviewDock->raise();
    m_review->start();
}

}  // namespace kibitz::app
