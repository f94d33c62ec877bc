// SPDX-License-Identifier: GPL-3.0-or-later
// Play mode in the whole window, with the shipped default model: the user moves on the board, the model answers
// into the move list, the board takes moves only on the user's turn at the game's end, no hints show during the game,
// and after it the window is an analysis board again with the game's ratings on the controls.
#include "app/gui/main_window.h"
#include "core/chess/notation.h"
#include "ui/analysis_panel.h"
#include "ui/board_widget.h"
#include "ui/game_model.h"
#include "ui/play_panel.h"

#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace kibitz;

class TstMainWindowPlay : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void playAGameOnTheBoard();

private:
    QTemporaryDir m_config;
};

void TstMainWindowPlay::initTestCase() {
    QVERIFY(m_config.isValid());
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_config.path());
    QCoreApplication::setOrganizationName(QStringLiteral("kibitz-test"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_main_window_play"));
}

void TstMainWindowPlay::playAGameOnTheBoard() {
    app::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* board = window.findChild<ui::BoardWidget*>(QStringLiteral("board"));
    auto* panel = window.findChild<ui::PlayPanel*>(QStringLiteral("playPanel"));
    auto* analysis = window.findChild<ui::AnalysisPanel*>(QStringLiteral("analysisPanel"));
    auto* moveList = window.findChild<QTableView*>(QStringLiteral("moveList"));
    QVERIFY(board && panel && analysis && moveList);
    auto* game = qobject_cast<ui::GameModel*>(moveList->model());
    QVERIFY(game);
    jobs::PlayController* play = panel->controller();

    jobs::PlaySettings s;
    s.userColor = chess::White;
    s.userElo = 1200;
    s.opponentElo = 1800;
    s.baseMs = 600'000;
    s.incrementMs = 5'000;
    s.humanThinkTime = false;
    s.seed = 3;
    window.startPlay(s);
    QVERIFY(window.isPlaying());
    QVERIFY(board->isInteractive());
    QVERIFY(board->arrows().empty());
    QVERIFY(!analysis->isEnabled());

    auto click = [&](const char* square) {
        QTest::mouseClick(board, Qt::LeftButton, Qt::NoModifier,
                          board->squareCenter(chess::parseSquare(square)).toPoint());
    };
    QSignalSpy moved(play, &jobs::PlayController::moved);
    click("e2");
    click("e4");
    QCOMPARE(game->plyCount(), 1);
    QVERIFY(!board->isInteractive());  // the opponent's turn
    QTRY_COMPARE_WITH_TIMEOUT(game->plyCount(), 2, 20000);
    QCOMPARE(moved.count(), 2);
    // The model's answer is a legal reply that entered the game at its end and shows on the board.
    QCOMPARE(game->currentPly(), 2);
    QCOMPARE(board->position().fen(), game->currentPosition().fen());
    QCOMPARE(play->session()->position().fen(), game->currentPosition().fen());
    QTRY_VERIFY_WITH_TIMEOUT(board->isInteractive(), 2000);
    QVERIFY(board->arrows().empty());
    // For looking at it: KIBITZ_SCREENSHOT_DIR=/tmp/shots saves the window in play.
    const QString shots = qEnvironmentVariable("KIBITZ_SCREENSHOT_DIR");
    if (!shots.isEmpty()) window.grab().save(shots + QStringLiteral("/play.png"));

    // Looking back at the first move: the board takes no move there.
    game->setCurrentPly(1);
    QVERIFY(!board->isInteractive());
    game->setCurrentPly(2);
    QVERIFY(board->isInteractive());

    // A second user move and reply, then resignation (two clicks).
    const chess::Move second = play->session()->position().legalMoves()[0];
    const std::string from = chess::squareName(second.from());
    const std::string to = chess::squareName(second.to());
    click(from.c_str());
    click(to.c_str());
    QTRY_COMPARE_WITH_TIMEOUT(game->plyCount(), 4, 20000);
    QTest::mouseClick(panel->resignButton(), Qt::LeftButton);
    QTest::mouseClick(panel->resignButton(), Qt::LeftButton);
    QVERIFY(!window.isPlaying());
    if (!shots.isEmpty()) window.grab().save(shots + QStringLiteral("/play-over.png"));
    QCOMPARE(play->pgn().result, std::string("0-1"));
    // An analysis board again: the board takes moves, the analysis panel works, and the game's ratings are set.
    QVERIFY(analysis->isEnabled());
    QVERIFY(board->isInteractive());
    QCOMPARE(game->plyCount(), 4);
    QTRY_VERIFY_WITH_TIMEOUT(!board->arrows().empty(), 20000);
    QVERIFY2(analysis->humanEvalText().isEmpty() || analysis->humanEvalText().contains(QStringLiteral("1200")),
             qPrintable(analysis->humanEvalText()));
}

QTEST_MAIN(TstMainWindowPlay)
#include "tst_main_window_play.moc"
