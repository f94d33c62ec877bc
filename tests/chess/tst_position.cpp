// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/notation.h"
#include "core/chess/position.h"
#include "core/chess/puzzle_csv.h"

#include <QFile>
#include <QTest>

#include <algorithm>
#include <random>

using namespace kibitz::chess;

class TestPosition : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fenRoundTrip_data();
    void fenRoundTrip();
    void malformedFen_data();
    void malformedFen();
    void fourFieldFenGetsDefaults();
    void status_data();
    void status();
    void threefoldRepetition();
    void fiftyMoveRule();
    void epSquareOnlyWhenCapturable();
    void incrementalKeyMatchesFresh();
    void makeUnmakeRestores();
    void mateInOneAgreesWithLichessThemes();
};

void TestPosition::fenRoundTrip_data() {
    QTest::addColumn<QString>("fen");
    // Every position of the published perft suite, plus real Lichess puzzle positions (tests/data/README.md).
    QFile f(QStringLiteral(KIBITZ_TEST_DATA_DIR "/perft.epd"));
    QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
    int line = 0;
    while (!f.atEnd()) {
        const QString fen = QString::fromUtf8(f.readLine()).section(QLatin1Char(';'), 0, 0).trimmed();
        ++line;
        if (!fen.isEmpty()) QTest::addRow("epd%d", line) << fen;
    }
    QTest::newRow("lichess-0000D") << QStringLiteral("5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27");
    QTest::newRow("lichess-000VW") << QStringLiteral("r4r2/1p3pkp/p5p1/3R1N1Q/3P4/8/P1q2P2/3R2K1 b - - 3 25");
    QTest::newRow("lichess-000Zo") << QStringLiteral("4r3/1k6/pp3r2/1b2P2p/3R1p2/P1R2P2/1P4PP/6K1 w - - 0 35");
    QTest::newRow("ep-capturable") << QStringLiteral("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
}

void TestPosition::fenRoundTrip() {
    QFETCH(QString, fen);
    auto pos = Position::fromFen(fen.toStdString());
    QVERIFY2(pos.ok(), pos.ok() ? "" : pos.error().message.c_str());
    QCOMPARE(QString::fromStdString(pos->fen()), fen);
}

void TestPosition::malformedFen_data() {
    QTest::addColumn<QString>("fen");
    QTest::addColumn<QString>("expected");  // substring the error must contain (names the field)
    QTest::newRow("empty") << QString() << QStringLiteral("empty");
    QTest::newRow("too few fields") << QStringLiteral("8/8/8/8/8/8/8/8 w") << QStringLiteral("expected 6");
    QTest::newRow("too many fields") << QStringLiteral("4k3/8/8/8/8/8/8/4K3 w - - 0 1 x")
                                     << QStringLiteral("more than 6");
    QTest::newRow("short rank") << QStringLiteral("4k3/8/8/8/8/8/7/4K3 w - - 0 1") << QStringLiteral("field 1");
    QTest::newRow("long rank") << QStringLiteral("4k3/8/8/8/8/8/45/4K3 w - - 0 1")
                               << QStringLiteral("more than 8 squares");
    QTest::newRow("nine ranks") << QStringLiteral("4k3/8/8/8/8/8/8/8/4K3 w - - 0 1")
                                << QStringLiteral("more than 8 ranks");
    QTest::newRow("seven ranks") << QStringLiteral("4k3/8/8/8/8/8/4K3 w - - 0 1")
                                 << QStringLiteral("fewer than 8 ranks");
    QTest::newRow("bad piece") << QStringLiteral("4k3/8/8/8/8/8/8/4X3 w - - 0 1")
                               << QStringLiteral("invalid character 'X'");
    QTest::newRow("no white king") << QStringLiteral("4k3/8/8/8/8/8/8/8 w - - 0 1")
                                   << QStringLiteral("White has 0 kings");
    QTest::newRow("two black kings") << QStringLiteral("k3k3/8/8/8/8/8/8/4K3 w - - 0 1")
                                     << QStringLiteral("Black has 2 kings");
    QTest::newRow("pawn on rank 8") << QStringLiteral("P3k3/8/8/8/8/8/8/4K3 w - - 0 1")
                                    << QStringLiteral("first or last rank");
    QTest::newRow("nine pawns") << QStringLiteral("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1")
                                << QStringLiteral("more than 8 pawns");
    // 15 queens a side: 16 pieces each, but 14 of the queens would be promotions of 8 pawns.
    QTest::newRow("thirty queens") << QStringLiteral("qqqqkqqq/qqqqqqqq/8/8/8/8/QQQQQQQQ/QQQQKQQQ w - - 0 1")
                                   << QStringLiteral(
                                          "White has more pieces than promotions allow (14 beyond the "
                                          "initial set, 8 pawns missing)");
    QTest::newRow("a second queen with every pawn on the board")
        << QStringLiteral("4k3/8/8/8/8/PPPPPPPP/8/QQ2K3 w - - 0 1")
        << QStringLiteral("White has more pieces than promotions allow (1 beyond the initial set, 0 pawns missing)");
    QTest::newRow("bad side") << QStringLiteral("4k3/8/8/8/8/8/8/4K3 x - - 0 1")
                              << QStringLiteral("field 2 (side to move)");
    QTest::newRow("bad castling char") << QStringLiteral("r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1")
                                       << QStringLiteral("field 3 (castling)");
    QTest::newRow("shredder castling") << QStringLiteral("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1")
                                       << QStringLiteral("Chess960");
    QTest::newRow("castling without rook")
        << QStringLiteral("r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1") << QStringLiteral("original square");
    QTest::newRow("castling repeated") << QStringLiteral("r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1")
                                       << QStringLiteral("repeated");
    QTest::newRow("ep not a square") << QStringLiteral("4k3/8/8/8/8/8/8/4K3 w - z9 0 1")
                                     << QStringLiteral("field 4 (en passant)");
    QTest::newRow("ep wrong rank") << QStringLiteral("4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1") << QStringLiteral("rank 6");
    QTest::newRow("ep no pawn") << QStringLiteral("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1")
                                << QStringLiteral("double pawn push");
    QTest::newRow("halfmove negative") << QStringLiteral("4k3/8/8/8/8/8/8/4K3 w - - -1 1")
                                       << QStringLiteral("field 5 (halfmove clock)");
    QTest::newRow("halfmove text") << QStringLiteral("4k3/8/8/8/8/8/8/4K3 w - - a 1") << QStringLiteral("field 5");
    QTest::newRow("fullmove zero") << QStringLiteral("4k3/8/8/8/8/8/8/4K3 w - - 0 0")
                                   << QStringLiteral("field 6 (fullmove number)");
    // Found by fuzz_fen: 2 * (fullmove - 1) overflowed int.
    QTest::newRow("fullmove huge") << QStringLiteral("4k3/8/8/8/8/8/8/4K3 w - - 2 0000001610319902")
                                   << QStringLiteral("field 6 (fullmove number)");
    QTest::newRow("fullmove missing") << QStringLiteral("4k3/8/8/8/8/8/8/4K3 w - - 0") << QStringLiteral("field 6");
    QTest::newRow("opponent in check") << QStringLiteral("4r1k1/8/8/8/8/8/8/4K3 b - - 0 1")
                                       << QStringLiteral("White is in check");
    QTest::newRow("double space") << QStringLiteral("4k3/8/8/8/8/8/8/4K3 w  - - 0 1") << QStringLiteral("two spaces");
}

void TestPosition::malformedFen() {
    QFETCH(QString, fen);
    QFETCH(QString, expected);
    auto pos = Position::fromFen(fen.toStdString());
    QVERIFY(!pos.ok());
    const QString msg = QString::fromStdString(pos.error().message);
    QVERIFY2(msg.contains(expected), qPrintable(QStringLiteral("'%1' does not contain '%2'").arg(msg, expected)));
}

void TestPosition::fourFieldFenGetsDefaults() {
    auto pos = Position::fromFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
    QVERIFY(pos.ok());
    QCOMPARE(pos->fen(), std::string("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
}

void TestPosition::status_data() {
    QTest::addColumn<QString>("fen");
    QTest::addColumn<int>("status");
    QTest::newRow("start") << QString::fromLatin1(Position::kStartFen.data()) << int(GameStatus::Ongoing);
    QTest::newRow("fool's mate") << QStringLiteral("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
                                 << int(GameStatus::Checkmate);
    QTest::newRow("rook on d1, no check")
        << QStringLiteral("6k1/5ppp/8/8/8/8/8/1K1R4 b - - 0 1") << int(GameStatus::Ongoing);
    QTest::newRow("rook mate") << QStringLiteral("3R2k1/5ppp/8/8/8/8/8/1K6 b - - 0 1") << int(GameStatus::Checkmate);
    QTest::newRow("stalemate") << QStringLiteral("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1") << int(GameStatus::Stalemate);
    QTest::newRow("K v K") << QStringLiteral("8/8/4k3/8/8/3K4/8/8 w - - 0 1") << int(GameStatus::InsufficientMaterial);
    QTest::newRow("KN v K") << QStringLiteral("8/8/4k3/8/8/3K4/6N1/8 w - - 0 1")
                            << int(GameStatus::InsufficientMaterial);
    QTest::newRow("KB v K") << QStringLiteral("8/8/4k3/8/8/3K4/6B1/8 b - - 0 1")
                            << int(GameStatus::InsufficientMaterial);
    QTest::newRow("KB v KB same colour") << QStringLiteral("8/8/4k3/5b2/8/3K4/6B1/8 w - - 0 1")
                                         << int(GameStatus::InsufficientMaterial);
    QTest::newRow("KB v KB opposite colour")
        << QStringLiteral("8/8/4k3/4b3/8/3K4/6B1/8 w - - 0 1") << int(GameStatus::Ongoing);
    QTest::newRow("KNN v K") << QStringLiteral("8/8/4k3/8/8/3K4/5NN1/8 w - - 0 1") << int(GameStatus::Ongoing);
    QTest::newRow("KP v K") << QStringLiteral("8/8/4k3/8/8/3K4/6P1/8 w - - 0 1") << int(GameStatus::Ongoing);
    QTest::newRow("fifty moves") << QStringLiteral("8/8/4k3/8/8/3K4/6R1/8 w - - 100 80")
                                 << int(GameStatus::FiftyMoveRule);
    QTest::newRow("mate beats fifty") << QStringLiteral("3R2k1/5ppp/8/8/8/8/8/1K6 b - - 100 80")
                                      << int(GameStatus::Checkmate);
}

void TestPosition::status() {
    QFETCH(QString, fen);
    QFETCH(int, status);
    auto pos = Position::fromFen(fen.toStdString());
    QVERIFY2(pos.ok(), pos.ok() ? "" : pos.error().message.c_str());
    QCOMPARE(int(pos->status()), status);
    QCOMPARE(pos->isCheckmate(), status == int(GameStatus::Checkmate));
    QCOMPARE(pos->isStalemate(), status == int(GameStatus::Stalemate));
}

void TestPosition::threefoldRepetition() {
    Position pos;
    const char* shuffle[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"};
    for (int i = 0; i < 8; ++i) {
        QVERIFY(!pos.isRepetition(3));
        auto m = parseUci(pos, shuffle[i]);
        QVERIFY(m.ok());
        pos.makeMove(*m);
        if (i == 3) QVERIFY(pos.isRepetition(2));
    }
    QVERIFY(pos.isRepetition(3));
    QCOMPARE(int(pos.status()), int(GameStatus::ThreefoldRepetition));
    // A pawn move is irreversible: the earlier occurrences no longer count.
    pos.makeMove(*parseUci(pos, "e2e4"));
    QVERIFY(!pos.isRepetition(2));
}

void TestPosition::fiftyMoveRule() {
    auto pos = Position::fromFen("8/8/4k3/8/8/3K4/6R1/8 w - - 99 80");
    QVERIFY(pos.ok());
    QVERIFY(!pos->isFiftyMoveDraw());
    pos->makeMove(*parseUci(*pos, "g2g3"));
    QVERIFY(pos->isFiftyMoveDraw());
    pos->unmakeMove(*parseUci(*Position::fromFen("8/8/4k3/8/8/3K4/6R1/8 w - - 99 80"), "g2g3"));
    QCOMPARE(pos->halfmoveClock(), 99);
}

void TestPosition::epSquareOnlyWhenCapturable() {
    Position pos;
    pos.makeMove(*parseUci(pos, "e2e4"));  // no black pawn can capture on e3
    QCOMPARE(pos.fen(), std::string("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
    pos.makeMove(*parseUci(pos, "a7a6"));
    pos.makeMove(*parseUci(pos, "e4e5"));
    pos.makeMove(*parseUci(pos, "d7d5"));  // e5 pawn attacks d6
    QCOMPARE(pos.fen(), std::string("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"));
    auto ep = parseUci(pos, "e5d6");
    QVERIFY(ep.ok());
    QVERIFY(ep->isEnPassant());
    pos.makeMove(*ep);
    QCOMPARE(pos.pieceOn(D5), NoPiece);
}

void TestPosition::incrementalKeyMatchesFresh() {
    // Random legal walks from every suite position: the incrementally updated key equals a fresh FEN parse.
    std::mt19937 rng(12345);
    QFile f(QStringLiteral(KIBITZ_TEST_DATA_DIR "/perft.epd"));
    QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
    int checked = 0;
    while (!f.atEnd()) {
        const QString fen = QString::fromUtf8(f.readLine()).section(QLatin1Char(';'), 0, 0).trimmed();
        if (fen.isEmpty()) continue;
        auto pos = Position::fromFen(fen.toStdString());
        QVERIFY(pos.ok());
        for (int ply = 0; ply < 40; ++ply) {
            MoveList moves = pos->legalMoves();
            if (moves.empty()) break;
            pos->makeMove(moves[int(rng() % unsigned(moves.size()))]);
            auto fresh = Position::fromFen(pos->fen());
            QVERIFY2(fresh.ok(), fresh.ok() ? "" : fresh.error().message.c_str());
            QCOMPARE(pos->key(), fresh->key());
            QCOMPARE(pos->checkers(), fresh->checkers());
            ++checked;
        }
    }
    QVERIFY(checked > 2000);
}

void TestPosition::makeUnmakeRestores() {
    auto pos = Position::fromFen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1");
    QVERIFY(pos.ok());
    const std::string fen = pos->fen();
    const Key key = pos->key();
    for (Move m : pos->legalMoves()) {
        pos->makeMove(m);
        pos->unmakeMove(m);
        QCOMPARE(pos->fen(), fen);
        QCOMPARE(pos->key(), key);
    }
}

void TestPosition::mateInOneAgreesWithLichessThemes() {
    // Lichess puzzles: after the opponent's setup move, a mateIn1 puzzle's solver mates with its one move, and a
    // mateIn2 (or longer) puzzle's solver has no mate in one.
    auto reader = PuzzleCsvReader::open(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv");
    QVERIFY(reader.ok());
    Puzzle p;
    int inOne = 0, longer = 0;
    while ((*reader)->next(p)) {
        const auto has = [&](const char* theme) {
            return std::find(p.themes.begin(), p.themes.end(), theme) != p.themes.end();
        };
        const bool one = has("mateIn1");
        if (!one && !has("mateIn2") && !has("mateIn3") && !has("mateIn4")) continue;
        auto pos = Position::fromFen(p.fen);
        QVERIFY(pos.ok());
        pos->makeMove(p.moves[0]);
        QCOMPARE(pos->hasMateInOne(), one);
        QCOMPARE(pos->givesMate(p.moves[1]), one);
        ++(one ? inOne : longer);
    }
    QVERIFY2(inOne >= 20 && longer >= 20, qPrintable(QStringLiteral("%1 and %2").arg(inOne).arg(longer)));
}

QTEST_APPLESS_MAIN(TestPosition)
#include "tst_position.moc"
