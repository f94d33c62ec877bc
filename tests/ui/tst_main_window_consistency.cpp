// SPDX-License-Identifier: GPL-3.0-or-later
// The window shows one truth: after every path that changes the board (start, FEN, new game, PGN, moves
// and navigation, a sorting round and its submission, a model switch) the human-move analysis belongs to exactly the
// board's position and names the active model; a model error clears when the next model loads; while a sorting round
// is open the analysis is hidden, not stale. With the shipped default model (torch label).
#include "app/gui/main_window.h"
#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "core/chess/puzzle_csv.h"
#include "core/evaluation/chessort.h"
#include "core/models/compute_device.h"
#include "ui/analysis_panel.h"
#include "ui/board_widget.h"
#include "ui/game_model.h"
#include "ui/move_tree_view.h"
#include "ui/play_panel.h"
#include "ui/player_profile_page.h"
#include "ui/puzzle_panel.h"
#include "ui/review_panel.h"
#include "ui/session.h"
#include "ui/settings_keys.h"
#include "ui/sort_trainer.h"
#include "ui/training_page.h"

#include <QAction>
#include <QCheckBox>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace kibitz;

namespace {

/// Waits (up to 20 s) until the analysis panel shows the analysis of exactly the board's position.
bool analysesTheBoard(ui::AnalysisPanel* analysis, ui::BoardWidget* board) {
    return QTest::qWaitFor([&] { return analysis->analysedFen() == QString::fromStdString(board->position().fen()); },
                           20000);
}

QString settleFailure(ui::AnalysisPanel* analysis, ui::BoardWidget* board, const char* step) {
    return QStringLiteral("%1: analysed %2, board %3")
        .arg(QLatin1String(step), analysis->analysedFen(), QString::fromStdString(board->position().fen()));
}

}  // namespace

class TstMainWindowConsistency : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void everyPathEndsInTheBoardsAnalysis();
    void variationsEndToEnd();
    void modelDevice();
    void modelChoiceSurvivesDeviceSwitchAndRestart();
    void playerModelForAnalysis();
    void playerProfileWindow();

private:
    QTemporaryDir m_config;
};

void TstMainWindowConsistency::initTestCase() {
    QVERIFY(m_config.isValid());
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_config.path());
    QCoreApplication::setOrganizationName(QStringLiteral("kibitz-test"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_main_window_consistency"));
    // A human model that cannot load: the window starts with an error to clear.
    QSettings().setValue(ui::settings_keys::kHumanModel, m_config.filePath(QStringLiteral("missing.kibitz")));
}

void TstMainWindowConsistency::everyPathEndsInTheBoardsAnalysis() {
    app::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* board = window.findChild<ui::BoardWidget*>(QStringLiteral("board"));
    auto* analysis = window.findChild<ui::AnalysisPanel*>(QStringLiteral("analysisPanel"));
    auto* sort = window.findChild<ui::SortTrainer*>(QStringLiteral("sortTrainer"));
    auto* moveList = window.findChild<QTableView*>(QStringLiteral("moveList"));
    QVERIFY(board && analysis && sort && moveList);
    auto* game = qobject_cast<ui::GameModel*>(moveList->model());

    // The missing model is named in the status; nothing is analysed with it.
    QTRY_VERIFY_WITH_TIMEOUT(analysis->statusText().contains(QStringLiteral("missing.kibitz")), 20000);
    QVERIFY(analysis->modelDescription().isEmpty());
    // Every dock that uses the human model follows the one session: the review and the sorting
    // trainer once kept the start-up model until a restart.
    auto* review = window.findChild<ui::ReviewPanel*>(QStringLiteral("reviewPanel"));
    auto* puzzle = window.findChild<ui::PuzzlePanel*>(QStringLiteral("puzzlePanel"));
    auto* play = window.findChild<ui::PlayPanel*>(QStringLiteral("playPanel"));
    QVERIFY(review && puzzle && play);
    const auto everyDockUses = [&](const QString& path) {
        return review->humanModelPath() == path && sort->humanModelPath() == path && puzzle->humanModelPath() == path &&
               play->humanModelPath() == path;
    };
    const QString missing = m_config.filePath(QStringLiteral("missing.kibitz"));
    QTRY_VERIFY_WITH_TIMEOUT(everyDockUses(missing), 5000);
    // Switching to the default model clears the error and names the model.
    window.useDefaultHumanModel();
    QTRY_VERIFY_WITH_TIMEOUT(everyDockUses(QString()), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(!analysis->modelDescription().isEmpty(), 20000);
    const QString model = analysis->modelDescription();
    QVERIFY(model.contains(QStringLiteral("human-default")));

    auto boardFen = [&] { return QString::fromStdString(board->position().fen()); };
    auto settled = [&](const char* step) {
        QVERIFY2(analysesTheBoard(analysis, board), qPrintable(settleFailure(analysis, board, step)));
        QCOMPARE(analysis->modelDescription(), model);
        QVERIFY2(analysis->statusText().contains(model), qPrintable(analysis->statusText()));
        QVERIFY(!analysis->isSuspended());
    };
    settled("start");

    QVERIFY(window.setFen(QStringLiteral("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")));
    settled("FEN");

    {
        // One real game in its own file (one game opens directly, without the chooser), read in the loader thread.
        auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
        QVERIFY(bool(reader));
        chess::PgnGame first;
        QVERIFY((*reader)->next(first));
        const QString path = m_config.filePath(QStringLiteral("one.pgn"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const std::string text = chess::writePgn(first);
        f.write(text.data(), qint64(text.size()));
        f.close();
        window.openPgnFile(path);
        QTRY_COMPARE_WITH_TIMEOUT(game->plyCount(), int(first.moves.size()), 20000);
        settled("PGN");
        game->setCurrentPly(7);
        settled("PGN navigation");
    }

    window.newGame();
    settled("new game");
    QVERIFY(game->playMove(chess::parseUci(chess::Position(), "d2d4").value()));
    settled("move");
    game->setCurrentPly(0);
    settled("navigation back");
    game->setCurrentPly(1);
    settled("navigation forward");

    // A sorting round: its position is on the board and in the game; the analysis is hidden, not stale.
    const chess::Position sortPos =
        chess::Position::fromFen("r2q1rk1/pp2bppp/2n1bn2/3p4/3P4/2NBBN2/PP3PPP/R2Q1RK1 w - - 4 11").value();
    std::vector<evaluation::RankedMove> ranked;
    const char* ucis[] = {"h2h3", "a2a3", "f3e5", "d3h7"};
    const int cps[] = {35, 20, 0, -250};
    for (int i = 0; i < 4; ++i)
        ranked.push_back({{chess::parseUci(sortPos, ucis[i]).value(),
                           engines::UciScore{engines::UciScore::Kind::Centipawns, cps[i]},
                           12,
                           {}},
                          i + 1});
    auto sortGame = evaluation::makeSortGame(sortPos, ranked, {0, 1, 2, 3}, "test", nullptr, std::nullopt);
    QVERIFY(sortGame.ok());
    sort->setGame(*sortGame);
    QCOMPARE(boardFen(), QString::fromStdString(sortPos.fen()));
    QCOMPARE(QString::fromStdString(game->currentPosition().fen()), boardFen());
    QVERIFY(analysis->isSuspended());
    QVERIFY(analysis->analysedFen().isEmpty());
    QVERIFY(analysis->statusText().contains(QStringLiteral("sort")));
    sort->submit();
    settled("sorting submitted");

    // Solving a puzzle (Lichess 00Cfq, mate in 2): the board shows it after the setup move, the analysis is hidden,
    // the reply comes by itself after the right move, and the mate gives the board and its analysis back.
    {
        auto reader = chess::PuzzleCsvReader::open(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv");
        QVERIFY(reader.ok());
        chess::Puzzle mate;
        while ((*reader)->next(mate) && mate.id != "00Cfq") {}
        QCOMPARE(mate.id, std::string("00Cfq"));
        puzzle->setPuzzle(mate);
        puzzle->solveButton()->click();
        QVERIFY(puzzle->isSolving());
        QCOMPARE(boardFen(), QString::fromStdString(mate.solverStart().fen()));
        QVERIFY(analysis->isSuspended());
        QVERIFY2(analysis->statusText().contains(QStringLiteral("solve")), qPrintable(analysis->statusText()));
        QVERIFY(game->playMove(mate.moves[1]));  // as a move made on the board
        QCOMPARE(game->plyCount(), 3);           // the setup, the move and the reply
        QVERIFY(puzzle->isSolving());
        QVERIFY(game->playMove(mate.moves[3]));
        QVERIFY(!puzzle->isSolving());
        QCOMPARE(puzzle->solvedCount(), 1);
        settled("puzzle solved");
    }

    // A model switch: the analysis is redone with the (re)loaded model.
    window.useDefaultHumanModel();
    QVERIFY(analysis->analysedFen().isEmpty());  // what was shown came from the previous load
    settled("model switch");
}

// A PGN with nested variations and comments: it opens with its variations shown, a click into a variation moves the
// board, the analysis and the review to that line, a move played inside the game adds a variation instead of
// cutting the game, Ctrl+Z takes it back, and Save writes every variation and comment back.
void TstMainWindowConsistency::variationsEndToEnd() {
    app::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.useDefaultHumanModel();
    auto* board = window.findChild<ui::BoardWidget*>(QStringLiteral("board"));
    auto* analysis = window.findChild<ui::AnalysisPanel*>(QStringLiteral("analysisPanel"));
    auto* moveList = window.findChild<QTableView*>(QStringLiteral("moveList"));
    auto* tree = window.findChild<ui::MoveTreeView*>(QStringLiteral("moveTree"));
    auto* review = window.findChild<ui::ReviewPanel*>();
    QVERIFY(board && analysis && moveList && tree && review);
    auto* game = qobject_cast<ui::GameModel*>(moveList->model());
    auto boardFen = [&] { return QString::fromStdString(board->position().fen()); };
    auto settled = [&](const char* step) {
        QVERIFY2(analysesTheBoard(analysis, board), qPrintable(settleFailure(analysis, board, step)));
    };

    QVERIFY(!tree->isVisible());  // a new game has no variations to show
    window.openPgnFile(QStringLiteral(KIBITZ_TEST_DATA_DIR "/pgn/opera_annotated.pgn"));
    QTRY_COMPARE_WITH_TIMEOUT(game->tree().moveCount(), 52, 20000);
    QCOMPARE(game->plyCount(), 33);
    QVERIFY(tree->isVisible());
    QVERIFY(tree->toPlainText().contains(QStringLiteral("(4... dxe5 5. Qxd8+ Kxd8 6. Nxe5 wins a pawn.)")));
    QCOMPARE(int(review->game()->moves.size()), 33);

    // Into 3... exd4 (the first alternative to 3... Bg4), at its end.
    const auto exd4 = game->tree().node(game->nodeAt(5)).children[1];
    game->setCurrentNode(game->tree().lineThrough(exd4).back());
    QCOMPARE(boardFen(), QStringLiteral("rnbqkb1r/ppp2ppp/3p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R b KQkq - 2 5"));
    settled("variation");
    QCOMPARE(int(review->game()->moves.size()), 9);  // the review is of the line shown
    QCOMPARE(review->game()->tag("White"), std::string("Paul Morphy"));

    // Back to the main line at 10. Nxb5 and a different move: a new variation, the game's moves all kept.
    game->setCurrentNode(game->tree().lineThrough(chess::GameTree::kRoot)[18]);
    QCOMPARE(game->sanAt(game->currentPly()), QStringLiteral("Nxb5"));
    QVERIFY(game->playMove(chess::parseUci(game->currentPosition(), "a7a6").value()));
    settled("move inside the game");
    QCOMPARE(game->tree().moveCount(), 53);
    QCOMPARE(int(game->tree().lineThrough(chess::GameTree::kRoot).size()), 33);
    QVERIFY(game->inVariation());
    QCOMPARE(int(review->game()->moves.size()), 20);

    // Save with the variation, then Ctrl+Z takes the move back.
    const QString path = m_config.filePath(QStringLiteral("opera-edited.pgn"));
    QCOMPARE(window.saveGame(path), QString());
    window.takeBack();
    QCOMPARE(game->tree().moveCount(), 52);
    QCOMPARE(game->sanAt(game->currentPly()), QStringLiteral("Nxb5"));
    settled("take back");

    auto reader = chess::PgnReader::open(path.toStdString());
    QVERIFY(reader.ok());
    chess::PgnGame saved;
    QVERIFY(reader.value()->next(saved));
    QCOMPARE(saved.tag("White"), std::string("Paul Morphy"));
    QCOMPARE(saved.result, std::string("1-0"));
    QCOMPARE(saved.preComment, std::string("The Opera Game."));
    QCOMPARE(int(saved.moves.size()), 33);
    QCOMPARE(int(saved.moves[5].variations.size()), 2);
    QCOMPARE(saved.moves[5].variations[0].preComment, std::string("Better:"));
    QCOMPARE(int(saved.moves[19].variations.size()), 1);  // 10... a6 beside 10... cxb5
    QCOMPARE(saved.moves[19].variations[0].moves.front().san, std::string("a6"));
    QCOMPARE(saved.moves[29].variations[0].moves[3].comment, std::string("and mates soon."));
}

/// Models -> Run models on: the choice is checked, remembered and applied (the models are loaded
/// again and analyse the board); a stale or impossible one falls back to auto instead of failing every load.
void TstMainWindowConsistency::modelDevice() {
    const bool cuda = models::cudaAvailable();
    QSettings().remove(ui::settings_keys::kHumanModel);
    QSettings().setValue(ui::settings_keys::kModelDevice, cuda ? QStringLiteral("tpu") : QStringLiteral("cuda"));
    app::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(preferredDevice(), DeviceChoice::Auto);  // the stale setting fell back
    auto* board = window.findChild<ui::BoardWidget*>(QStringLiteral("board"));
    auto* analysis = window.findChild<ui::AnalysisPanel*>(QStringLiteral("analysisPanel"));
    QVERIFY(board && analysis);
    auto action = [&window](const char* name) -> QAction* {
        for (QAction* a : window.findChildren<QAction*>())
            if (a->isCheckable() && a->data().toString() == QLatin1String(name)) return a;
        return nullptr;
    };
    QVERIFY(action("auto") && action("cpu") && action("cuda"));
    QVERIFY(action("auto")->isChecked());
    QCOMPARE(action("cuda")->isEnabled(), cuda);

    QVERIFY(!window.setModelDevice(QStringLiteral("gpu")));
    QCOMPARE(preferredDevice(), DeviceChoice::Auto);
    action("cpu")->trigger();
    QCOMPARE(preferredDevice(), DeviceChoice::Cpu);
    QVERIFY(action("cpu")->isChecked() && !action("auto")->isChecked());
    QCOMPARE(QSettings().value(ui::settings_keys::kModelDevice).toString(), QStringLiteral("cpu"));
    QVERIFY2(analysesTheBoard(analysis, board), qPrintable(settleFailure(analysis, board, "after the device switch")));
    QVERIFY(!analysis->modelDescription().isEmpty());
    if (!cuda) {
        QVERIFY(!window.setModelDevice(QStringLiteral("cuda")));
        QCOMPARE(preferredDevice(), DeviceChoice::Cpu);  // unchanged, and still remembered as cpu
        QCOMPARE(QSettings().value(ui::settings_keys::kModelDevice).toString(), QStringLiteral("cpu"));
    }
    QVERIFY(window.setModelDevice(QStringLiteral("auto")));
    QSettings().remove(ui::settings_keys::kModelDevice);
}

// A model put in use by the training studio ("Use for analysis") stays in use through a device
// switch and a restart. Before, both brought back the model last picked in a file dialog (QSettings), because only
// the dialogs remembered their choice.
/// Analyse as a player: the model of the player goes to every dock, and both sliders and clocks to the
/// player's rating and usual time control (the shipped bundle stands in for a model of a player).
void TstMainWindowConsistency::playerModelForAnalysis() {
    app::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* analysis = window.findChild<ui::AnalysisPanel*>(QStringLiteral("analysisPanel"));
    auto* review = window.findChild<ui::ReviewPanel*>(QStringLiteral("reviewPanel"));
    auto* play = window.findChild<ui::PlayPanel*>(QStringLiteral("playPanel"));
    QVERIFY(analysis && review && play);
    const QString model = QStringLiteral(KIBITZ_MODELS_DIR "/human-default.kibitz");
    window.usePlayerModel(model, 1830, 300, 2);
    QTRY_VERIFY_WITH_TIMEOUT(review->humanModelPath() == model && play->humanModelPath() == model, 5000);
    const encoding::Conditioning c = analysis->conditioning();
    QCOMPARE(c.moverElo.value_or(-1), 1830);
    QCOMPARE(c.oppElo.value_or(-1), 1830);
    QCOMPARE(c.moverClockS.value_or(-1), 300);
    QCOMPARE(c.incrementS.value_or(-1), 2);
}

/// File > Player profile... opens one profile window, its peers by the model in use; the Model of a player dialog's
/// games and player fill that same window; a position asked for from its table is set up on the board.
void TstMainWindowConsistency::playerProfileWindow() {
    app::MainWindow window;
    auto* session = window.findChild<ui::Session*>(QStringLiteral("session"));
    auto* board = window.findChild<ui::BoardWidget*>(QStringLiteral("board"));
    QVERIFY(session && board);
    QAction* open = nullptr;
    for (QAction* a : window.findChildren<QAction*>())
        if (a->text() == QStringLiteral("Player p&rofile…")) open = a;
    QVERIFY(open);
    open->trigger();
    auto pages = window.findChildren<ui::PlayerProfilePage*>();
    QCOMPARE(pages.size(), 1);
    ui::PlayerProfilePage* page = pages.front();
    QVERIFY(page->isWindow() && page->isVisible());
    QCOMPARE(page->humanModelPath(), session->humanModelPath());
    const QString games = QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    window.openPlayerProfile({games}, QStringLiteral("pnmadelaine"));
    QCOMPARE(window.findChildren<ui::PlayerProfilePage*>().size(), 1);
    QCOMPARE(page->gameFiles(), QStringList{games});
    QCOMPARE(page->player(), QStringLiteral("pnmadelaine"));
    const QString fen = QStringLiteral("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    Q_EMIT page->positionRequested(fen);
    QCOMPARE(QString::fromStdString(board->position().fen()), fen);

    // A run of the window's page: its worst positions rated as puzzles by the window's rater (the shipped puzzle
    // model, loaded in the page's worker), each with the player's chance.
    if (QStandardPaths::findExecutable(QStringLiteral("stockfish"), {QStringLiteral("/usr/games")}).isEmpty() &&
        QStandardPaths::findExecutable(QStringLiteral("stockfish")).isEmpty())
        QSKIP("no Stockfish on this machine");
    QTemporaryDir dir;
    page->setScoreCachePath(dir.filePath(QStringLiteral("scores.tsv")));
    page->maxGamesBox()->setValue(8);
    page->everyBox()->setValue(2);
    page->ratingsBox()->setChecked(false);
    QSignalSpy done(page, &ui::PlayerProfilePage::profileFinished);
    page->start();
    QVERIFY(done.wait(90000));
    QVERIFY2(done.front().front().toBool(), qPrintable(page->statusLabel()->text()));
    QVERIFY(!page->profile()->puzzles.empty());
    for (const auto& z : page->profile()->puzzles) {
        QVERIFY2(z.difficulty > 400.0 && z.difficulty < 3500.0, qPrintable(page->statusLabel()->text()));
        QVERIFY(z.solveChance >= 0.0 && z.solveChance <= 1.0);
    }
    // The rater follows the session's puzzle model: one that cannot be loaded leaves them unrated, named.
    session->setPuzzleModel(dir.filePath(QStringLiteral("no-such-puzzle-model.kibitz")));
    done.clear();
    page->start();
    QVERIFY(done.wait(90000));
    session->setPuzzleModel(QString());  // the shipped one again, for what follows
    QVERIFY(done.front().front().toBool());
    QVERIFY2(page->statusLabel()->text().contains(QStringLiteral("not rated as puzzles")) &&
                 page->statusLabel()->text().contains(QStringLiteral("no-such-puzzle-model.kibitz")),
             qPrintable(page->statusLabel()->text()));
    QCOMPARE(page->profile()->puzzles.front().difficulty, 0.0);
}

void TstMainWindowConsistency::modelChoiceSurvivesDeviceSwitchAndRestart() {
    QSettings().remove(ui::settings_keys::kHumanModel);
    QTemporaryDir dir;
    const QString trained = dir.filePath(QStringLiteral("trained-run.kibitz"));
    QVERIFY(QFile::copy(QStringLiteral(KIBITZ_MODELS_DIR "/human-default.kibitz"), trained));
    {
        app::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* session = window.findChild<ui::Session*>(QStringLiteral("session"));
        auto* training = window.findChild<ui::TrainingPage*>(QStringLiteral("trainingPage"));
        auto* analysis = window.findChild<ui::AnalysisPanel*>(QStringLiteral("analysisPanel"));
        QVERIFY(session && training && analysis);
        QCOMPARE(session->humanModelPath(), QString());  // the shipped default
        Q_EMIT training->useModelRequested(trained);
        QCOMPARE(session->humanModelPath(), trained);
        QVERIFY(QTest::qWaitFor([&] { return analysis->modelDescription().contains(QStringLiteral("trained-run")); },
                                20000));
        QVERIFY(window.setModelDevice(QStringLiteral("cpu")));
        QCOMPARE(session->humanModelPath(), trained);
        QVERIFY(window.setModelDevice(QStringLiteral("auto")));
        QCOMPARE(session->humanModelPath(), trained);
    }
    {
        app::MainWindow restarted;
        auto* session = restarted.findChild<ui::Session*>(QStringLiteral("session"));
        QVERIFY(session);
        QCOMPARE(session->humanModelPath(), trained);
    }
    QSettings().remove(ui::settings_keys::kHumanModel);
    QSettings().remove(ui::settings_keys::kModelDevice);
}

QTEST_MAIN(TstMainWindowConsistency)
#include "tst_main_window_consistency.moc"
