// SPDX-License-Identifier: GPL-3.0-or-later
// GameModel: table shape, SAN cells, navigation, extending and truncating the line; QAbstractItemModelTester
// watches every change.
#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "ui/game_model.h"
#include "ui/move_tree_view.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSignalSpy>
#include <QTest>

using namespace kibitz;

namespace {
std::vector<chess::Move> parseLine(const chess::Position& start, const QString& uciLine) {
    std::vector<chess::Move> moves;
    chess::Position pos = start;
    for (const QString& uci : uciLine.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        auto m = chess::parseUci(pos, uci.toStdString());
        if (!m) qFatal("bad test move %s", qPrintable(uci));
        moves.push_back(m.value());
        pos.makeMove(m.value());
    }
    return moves;
}
chess::Position fromFen(const QString& fen) { return chess::Position::fromFen(fen.toStdString()).value(); }
}  // namespace

class TestGameModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void tableShape_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("moves");
        QTest::addColumn<int>("rows");
        QTest::addColumn<QStringList>("lastRow");
        const QString start = QString::fromLatin1(chess::Position::kStartFen.data());
        QTest::newRow("empty") << start << "" << 0 << QStringList();
        QTest::newRow("one move") << start << "e2e4" << 1 << QStringList{"1.", "e4", ""};
        QTest::newRow("two moves") << start << "e2e4 e7e5" << 1 << QStringList{"1.", "e4", "e5"};
        QTest::newRow("castles and check")
            << start << "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 f6e4 c4f7" << 5 << QStringList{"5.", "Bxf7+", ""};
        QTest::newRow("black starts at move 30") << "8/8/4k3/8/8/4K3/4P3/8 b - - 4 30"
                                                 << "e6e5 e3d3 e5d5" << 2 << QStringList{"31.", "Kd3", "Kd5"};
        QTest::newRow("black starts, one move") << "8/8/4k3/8/8/4K3/4P3/8 b - - 4 30"
                                                << "e6e5" << 1 << QStringList{"30.", "…", "Ke5"};
        QTest::newRow("black starts, no move") << "8/8/4k3/8/8/4K3/4P3/8 b - - 4 30"
                                               << "" << 1 << QStringList{"30.", "…", ""};
    }
    void tableShape() {
        QFETCH(QString, fen);
        QFETCH(QString, moves);
        QFETCH(int, rows);
        QFETCH(QStringList, lastRow);
        ui::GameModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const chess::Position start = fromFen(fen);
        const auto line = parseLine(start, moves);
        QCOMPARE(model.setGame(start, line), int(line.size()));
        QCOMPARE(model.rowCount(), rows);
        QCOMPARE(model.columnCount(), 3);
        if (rows == 0) return;
        for (int c = 0; c < 3; ++c) QCOMPARE(model.index(rows - 1, c).data().toString(), lastRow[c]);
        // Every ply maps to a cell and back.
        for (int ply = 1; ply <= model.plyCount(); ++ply) {
            const QModelIndex idx = model.indexForPly(ply);
            QVERIFY(idx.isValid());
            QCOMPARE(model.plyForIndex(idx), ply);
            QCOMPARE(idx.data(ui::GameModel::PlyRole).toInt(), ply);
            QVERIFY(idx.flags() & Qt::ItemIsSelectable);
        }
        QCOMPARE(model.plyForIndex(model.index(0, ui::GameModel::NumberColumn)), -1);
        QVERIFY(!model.indexForPly(0).isValid());
        QVERIFY(!model.indexForPly(model.plyCount() + 1).isValid());
    }

    void navigation() {
        ui::GameModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const chess::Position start;
        model.setGame(start, parseLine(start, QStringLiteral("d2d4 d7d5 c2c4 e7e6")));
        QSignalSpy spy(&model, &ui::GameModel::currentPlyChanged);
        QCOMPARE(model.currentPly(), 0);
        model.setCurrentPly(3);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toInt(), 3);
        QCOMPARE(model.currentPosition().fen(), model.positionAt(3).fen());
        QCOMPARE(model.currentPosition().fen(),
                 std::string("rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2"));
        QCOMPARE(model.sanAt(3), QStringLiteral("c4"));
        QCOMPARE(model.moveAt(3), chess::Move(chess::C2, chess::C4));
        QVERIFY(model.moveAt(0).isNone());
        QCOMPARE(model.indexForPly(3).data(Qt::FontRole).value<QFont>().bold(), true);
        QVERIFY(!model.indexForPly(2).data(Qt::FontRole).isValid());
        model.setCurrentPly(99);  // clamped
        QCOMPARE(model.currentPly(), 4);
        model.setCurrentPly(-5);
        QCOMPARE(model.currentPly(), 0);
        QCOMPARE(model.currentPosition().fen(), start.fen());
        model.setCurrentPly(0);  // unchanged: no signal
        QCOMPARE(spy.count(), 3);
    }

    void playMove_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("fromPly");
        QTest::addColumn<QString>("move");
        QTest::addColumn<int>("expectedPlies");
        QTest::addColumn<QString>("expectedSan");
        QTest::addColumn<int>("treeMoves");  // nothing is ever cut: a new move adds one
        const QString line = QStringLiteral("e2e4 e7e5 g1f3 b8c6 f1b5");
        QTest::newRow("append at the end") << line << 5 << "a7a6" << 6 << "e4 e5 Nf3 Nc6 Bb5 a6" << 6;
        QTest::newRow("same as next move: only advances") << line << 2 << "g1f3" << 5 << "e4 e5 Nf3 Nc6 Bb5" << 5;
        QTest::newRow("variation after White's move") << line << 3 << "g8f6" << 4 << "e4 e5 Nf3 Nf6" << 6;
        QTest::newRow("variation after Black's move") << line << 4 << "f1c4" << 5 << "e4 e5 Nf3 Nc6 Bc4" << 6;
        QTest::newRow("variation from the start") << line << 0 << "d2d4" << 1 << "d4" << 6;
        QTest::newRow("variation, one row shown") << line << 1 << "c7c5" << 2 << "e4 c5" << 6;
        QTest::newRow("empty game") << "" << 0 << "g1f3" << 1 << "Nf3" << 1;
    }
    void playMove() {
        QFETCH(QString, line);
        QFETCH(int, fromPly);
        QFETCH(QString, move);
        QFETCH(int, expectedPlies);
        QFETCH(QString, expectedSan);
        QFETCH(int, treeMoves);
        ui::GameModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const chess::Position start;
        model.setGame(start, parseLine(start, line));
        model.setCurrentPly(fromPly);
        auto m = chess::parseUci(model.currentPosition(), move.toStdString());
        QVERIFY(m.ok());
        QVERIFY(model.playMove(m.value()));
        QCOMPARE(model.plyCount(), expectedPlies);
        QCOMPARE(model.currentPly(), fromPly + 1);
        QStringList san;
        for (int ply = 1; ply <= model.plyCount(); ++ply) san << model.indexForPly(ply).data().toString();
        QCOMPARE(san.join(QLatin1Char(' ')), expectedSan);
        QCOMPARE(model.rowCount(), (model.plyCount() + 1) / 2);
        QCOMPARE(model.index(model.rowCount() - 1, 2).data().toString(),
                 model.plyCount() % 2 == 0 ? san.last() : QString());
        QCOMPARE(model.tree().moveCount(), treeMoves);
        // The main line is still the game's: the new move is a variation unless it ended the line.
        QCOMPARE(model.inVariation(), treeMoves > int(line.split(QLatin1Char(' '), Qt::SkipEmptyParts).size()) &&
                                          fromPly < int(line.split(QLatin1Char(' '), Qt::SkipEmptyParts).size()));
    }

    void illegalMoveChangesNothing() {
        ui::GameModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const chess::Position start;
        model.setGame(start, parseLine(start, QStringLiteral("e2e4 e7e5")));
        model.setCurrentPly(1);
        QVERIFY(!model.playMove(chess::Move(chess::E2, chess::E4)));  // White's move while Black is to move
        QCOMPARE(model.plyCount(), 2);
        QCOMPARE(model.currentPly(), 1);
        // setGame stops at the first illegal move of a line.
        std::vector<chess::Move> bad = parseLine(start, QStringLiteral("e2e4 e7e5"));
        bad.insert(bad.begin() + 1, chess::Move(chess::D2, chess::D4));
        QCOMPARE(model.setGame(start, bad), 1);
        QCOMPARE(model.rowCount(), 1);
    }

    void realGameFromPgn() {
        auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/ui/lichess_three_games.pgn");
        QVERIFY(reader.ok());
        chess::PgnGame game;
        QVERIFY(reader.value()->next(game));
        QVERIFY(reader.value()->next(game));  // the second game has two promotions
        QCOMPARE(game.moves.size(), std::size_t(85));
        ui::GameModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        std::vector<chess::Move> moves;
        for (const auto& m : game.moves) moves.push_back(m.move);
        QCOMPARE(model.setGame(game.startPosition().value(), moves), 85);
        QCOMPARE(model.rowCount(), 43);
        for (int ply = 1; ply <= 85; ++ply) {
            // The file's SAN carries the same check marks as ours.
            QCOMPARE(model.sanAt(ply), QString::fromStdString(game.moves[std::size_t(ply - 1)].san));
        }
        QCOMPARE(model.index(40, 1).data().toString(), QStringLiteral("h8=Q"));
        QCOMPARE(model.index(41, 2).data().toString(), QStringLiteral("d1=Q"));
        QCOMPARE(model.index(42, 0).data().toString(), QStringLiteral("43."));
    }

    // A game with nested variations and comments (tests/data/pgn/opera_annotated.pgn): the line shown, moving
    // into a variation and back, the text view, and the edits (promote, delete, take back) never losing a move.
    void variations() {
        auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/pgn/opera_annotated.pgn");
        QVERIFY(reader.ok());
        chess::PgnGame game;
        QVERIFY(reader.value()->next(game));
        ui::GameModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy lineSpy(&model, &ui::GameModel::lineChanged);
        QVERIFY(model.setGame(game).ok());
        QCOMPARE(model.plyCount(), 33);
        QCOMPARE(model.tree().moveCount(), 52);
        QCOMPARE(lineSpy.count(), 1);

        // The whole game as text, variations in parentheses after the move they replace.
        const QString text = ui::MoveTreeView::plainText(model.tree());
        QVERIFY2(text.startsWith(QStringLiteral("{The Opera Game.} 1. e4 e5 2. Nf3 d6 {Philidor's Defence.} 3. d4 "
                                                "Bg4? ({Better:} 3... exd4 4. Nxd4 Nf6 (4... g6) 5. Nc3) (3... Nd7) "
                                                "4. dxe5 Bxf3 (4... dxe5 5. Qxd8+ Kxd8 6. Nxe5 {wins a pawn.}) 5. "
                                                "Qxf3")),
                 qPrintable(text));
        QVERIFY2(text.endsWith(QStringLiteral("16. Qb8+!! Nxb8 17. Rd8#")), qPrintable(text));

        // Into the first alternative to 3... Bg4: the line shown becomes that variation.
        const auto d4 = model.nodeAt(5);
        const auto exd4 = model.tree().node(d4).children[1];
        model.setCurrentNode(exd4);
        QCOMPARE(lineSpy.count(), 2);
        QCOMPARE(model.currentPly(), 6);
        QCOMPARE(model.plyCount(), 9);
        QCOMPARE(model.sanAt(9), QStringLiteral("Nc3"));
        QVERIFY(model.inVariation());
        QCOMPARE(model.currentPosition().fen(), model.tree().positionAt(exd4).fen());
        // Stepping back and forth stays on that line; the model's last moves are the line's.
        model.setCurrentPly(9);
        QCOMPARE(model.currentPosition().fen(),
                 std::string("rnbqkb1r/ppp2ppp/3p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R b KQkq - 2 5"));
        model.setCurrentPly(2);
        model.setCurrentPly(9);
        QCOMPARE(model.plyCount(), 9);
        QCOMPARE(lineSpy.count(), 2);
        QCOMPARE(model.recentMovesAt(9).count, encoding::kRecentPlies);     // 9 plies played: the last 7 are kept
        QCOMPARE(int(model.recentMovesAt(9).plies[0].to), int(chess::C3));  // the newest first: 5. Nc3

        // The line as a game: the loaded tags, the moves to the end of the line, an open result.
        const chess::PgnGame line = model.linePgn(game);
        QCOMPARE(int(line.moves.size()), 9);
        QCOMPARE(line.tag("White"), std::string("Paul Morphy"));
        QCOMPARE(line.result, std::string("*"));
        model.setCurrentNode(model.tree().lineThrough(chess::GameTree::kRoot).back());
        QCOMPARE(model.linePgn(game).result, std::string("1-0"));
        QCOMPARE(int(model.linePgn(game).moves.size()), 33);
        model.setCurrentNode(exd4);

        // A move played off the line makes a new variation; the old moves stay.
        model.setCurrentPly(7);  // after 4. Nxd4, Black to move
        const auto g6 = chess::parseUci(model.currentPosition(), "g7g6").value();
        QVERIFY(model.playMove(g6));  // 4... g6 is in the file already: only the line changes
        QCOMPARE(model.tree().moveCount(), 52);
        QVERIFY(!model.canTakeBack());
        const auto nc3 = chess::parseUci(model.currentPosition(), "b1c3").value();
        QVERIFY(model.playMove(nc3));
        QCOMPARE(model.tree().moveCount(), 53);
        QCOMPARE(model.sanAt(model.currentPly()), QStringLiteral("Nc3"));
        QVERIFY(model.canTakeBack());

        // Ctrl+Z takes back the move made on the board, and only that.
        QVERIFY(model.takeBack());
        QCOMPARE(model.tree().moveCount(), 52);
        QCOMPARE(model.sanAt(model.currentPly()), QStringLiteral("g6"));
        QVERIFY(!model.takeBack());

        // Promote the shown line (3... exd4 ... 4... g6) to the main line, then delete a variation.
        QVERIFY(model.promoteCurrentLine());
        QVERIFY(!model.inVariation());
        QVERIFY(ui::MoveTreeView::plainText(model.tree())
                    .startsWith(QStringLiteral("{The Opera Game.} 1. e4 e5 2. Nf3 d6 {Philidor's Defence.} 3. d4 "
                                               "{Better:} 3... exd4 (3... Bg4? 4. dxe5")));
        QVERIFY(!model.deleteCurrentVariation());  // on the main line now
        const auto bg4 = model.tree().node(d4).children[1];
        model.setCurrentNode(model.tree().lineThrough(bg4).back());  // 17. Rd8#, now in a variation
        QVERIFY(model.inVariation());
        QVERIFY(model.deleteCurrentVariation());
        QCOMPARE(model.currentNode(), d4);
        QCOMPARE(model.tree().moveCount(), 52 - 41);
        QVERIFY(!model.tree().isValid(bg4));

        // The whole game back out: the edited tree as PGN moves.
        const chess::PgnGame out = model.gamePgn(game);
        QCOMPARE(out.tag("Black"), game.tag("Black"));
        QCOMPARE(int(out.moves.size()), 8);  // e4 e5 Nf3 d6 d4 exd4 Nxd4 g6 (the old 4... Nf6 line is a variation)
        QCOMPARE(out.moves[5].variations.size(), std::size_t(1));  // 3... Nd7
    }

    void treeViewClicksGoToTheMove() {
        ui::GameModel model;
        const chess::Position start;
        model.setGame(start, parseLine(start, QStringLiteral("e2e4 e7e5 g1f3")));
        model.setCurrentPly(1);
        QVERIFY(model.playMove(chess::parseUci(model.currentPosition(), "c7c5").value()));
        ui::MoveTreeView view(&model);
        QCOMPARE(ui::MoveTreeView::plainText(model.tree()), QStringLiteral("1. e4 e5 (1... c5) 2. Nf3"));
        // The current move is the highlighted anchor; a click on "e5" goes back to the main line.
        const QString html = ui::MoveTreeView::html(model.tree(), model.currentNode());
        QVERIFY(html.contains(QStringLiteral("href=\"move:%1\" name=\"current\"").arg(model.currentNode())));
        const auto e5 = model.tree().node(model.nodeAt(1)).children.front();
        Q_EMIT view.anchorClicked(QUrl(QStringLiteral("move:%1").arg(e5)));
        QCOMPARE(model.currentNode(), e5);
        QCOMPARE(model.plyCount(), 3);
        QVERIFY(!model.inVariation());
        Q_EMIT view.anchorClicked(QUrl(QStringLiteral("https://example.org")));  // not a move: ignored
        QCOMPARE(model.currentNode(), e5);
    }
};

QTEST_MAIN(TestGameModel)
#include "tst_game_model.moc"
