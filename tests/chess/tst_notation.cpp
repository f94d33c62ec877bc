// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/notation.h"

#include <QTest>

using namespace kibitz::chess;

class TestNotation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sanParse_data();
    void sanParse();
    void sanWrite_data();
    void sanWrite();
    void sanErrors_data();
    void sanErrors();
    void uci_data();
    void uci();
    void everyLegalMoveRoundTrips();
};

namespace {
const char* kKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const char* kPromo = "4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1";  // black pawn b2: pushes and captures onto rank 1
const char* kDisambig = "4k3/8/1N6/8/1N3N2/8/1N6/4K2R w K - 0 1";
}  // namespace

void TestNotation::sanParse_data() {
    QTest::addColumn<QString>("fen");
    QTest::addColumn<QString>("san");
    QTest::addColumn<QString>("uci");
    const QString start = QString::fromLatin1(Position::kStartFen.data());
    QTest::newRow("pawn push") << start << "e4"
                               << "e2e4";
    QTest::newRow("knight") << start << "Nf3"
                            << "g1f3";
    QTest::newRow("long algebraic") << start << "Ng1-f3"
                                    << "g1f3";
    QTest::newRow("annotated") << start << "e4!?"
                               << "e2e4";
    QTest::newRow("castle O-O") << kKiwipete << "O-O"
                                << "e1g1";
    QTest::newRow("castle 0-0") << kKiwipete << "0-0"
                                << "e1g1";
    QTest::newRow("castle O-O-O") << kKiwipete << "O-O-O+"
                                  << "e1c1";
    QTest::newRow("capture") << kKiwipete << "Nxf7"
                             << "e5f7";
    QTest::newRow("pawn capture") << kKiwipete << "dxe6"
                                  << "d5e6";
    QTest::newRow("promotion =Q") << kPromo << "bxa1=Q"
                                  << "b2a1q";
    QTest::newRow("promotion Q") << kPromo << "bxa1Q"
                                 << "b2a1q";
    QTest::newRow("underpromotion") << kPromo << "b1=N"
                                    << "b2b1n";
    QTest::newRow("file disambiguation") << kDisambig << "Nfd3"
                                         << "f4d3";
    QTest::newRow("rank disambiguation") << kDisambig << "N2d3"
                                         << "b2d3";
    QTest::newRow("square disambiguation") << kDisambig << "Nb4d5"
                                           << "b4d5";
    QTest::newRow("redundant disambiguation") << kDisambig << "Nf4h5"
                                              << "f4h5";
    QTest::newRow("en passant") << "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
                                << "exd6"
                                << "e5d6";
    QTest::newRow("en passant e.p.") << "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
                                     << "exd6 e.p."
                                     << "e5d6";
}

void TestNotation::sanParse() {
    QFETCH(QString, fen);
    QFETCH(QString, san);
    QFETCH(QString, uci);
    auto pos = Position::fromFen(fen.toStdString());
    QVERIFY(pos.ok());
    auto m = parseSan(*pos, san.toStdString());
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
    QCOMPARE(QString::fromStdString(toUci(*m)), uci);
}

void TestNotation::sanWrite_data() {
    QTest::addColumn<QString>("fen");
    QTest::addColumn<QString>("uci");
    QTest::addColumn<QString>("san");
    QTest::newRow("castle") << kKiwipete << "e1g1"
                            << "O-O";
    QTest::newRow("castle long check") << "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"
                                       << "e8c8"
                                       << "O-O-O";
    QTest::newRow("file") << kDisambig << "f4d3"
                          << "Nfd3";
    QTest::newRow("rank") << kDisambig << "b2d3"
                          << "N2d3";
    QTest::newRow("square") << kDisambig << "b4d5"
                            << "Nb4d5";
    QTest::newRow("none needed") << kDisambig << "f4h5"
                                 << "Nh5";
    QTest::newRow("promotion") << kPromo << "b2a1q"
                               << "bxa1=Q+";
    QTest::newRow("check") << "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
                           << "h1h8"
                           << "Rh8+";
    QTest::newRow("mate") << "6k1/5ppp/8/8/8/8/8/1K1R4 w - - 0 1"
                          << "d1d8"
                          << "Rd8#";
    QTest::newRow("castle mate") << "8/8/8/8/8/8/7R/1k2K2R w K - 0 1"
                                 << "e1g1"
                                 << "O-O#";
    QTest::newRow("pawn capture") << kKiwipete << "d5e6"
                                  << "dxe6";
}

void TestNotation::sanWrite() {
    QFETCH(QString, fen);
    QFETCH(QString, uci);
    QFETCH(QString, san);
    auto pos = Position::fromFen(fen.toStdString());
    QVERIFY2(pos.ok(), pos.ok() ? "" : pos.error().message.c_str());
    auto m = parseUci(*pos, uci.toStdString());
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
    QCOMPARE(QString::fromStdString(toSan(*pos, *m)), san);
}

void TestNotation::sanErrors_data() {
    QTest::addColumn<QString>("fen");
    QTest::addColumn<QString>("san");
    QTest::addColumn<QString>("expected");
    const QString start = QString::fromLatin1(Position::kStartFen.data());
    QTest::newRow("empty") << start << ""
                           << "empty";
    QTest::newRow("illegal") << start << "e5"
                             << "no legal move";
    QTest::newRow("garbage") << start << "Zz9"
                             << "no destination";
    QTest::newRow("ambiguous") << kDisambig << "Nd3"
                               << "ambiguous";
    QTest::newRow("missing promotion") << kPromo << "bxa1"
                                       << "promotion piece missing";
    QTest::newRow("castle through check") << "r3k2r/8/8/8/8/8/8/R3K1rR w KQkq - 0 1"
                                          << "O-O"
                                          << "not legal";
    QTest::newRow("bad char") << start << "N?f3"
                              << "unexpected character";
    // d4 pawn can capture on e5 but no pawn can push there: "e5" must not be read as dxe5.
    QTest::newRow("push is not a capture") << "4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1"
                                           << "e5"
                                           << "no legal move";
}

void TestNotation::sanErrors() {
    QFETCH(QString, fen);
    QFETCH(QString, san);
    QFETCH(QString, expected);
    auto pos = Position::fromFen(fen.toStdString());
    QVERIFY2(pos.ok(), pos.ok() ? "" : pos.error().message.c_str());
    auto m = parseSan(*pos, san.toStdString());
    QVERIFY(!m.ok());
    const QString msg = QString::fromStdString(m.error().message);
    QVERIFY2(msg.contains(expected), qPrintable(msg));
}

void TestNotation::uci_data() {
    QTest::addColumn<QString>("fen");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("canonical");  // empty = must be rejected
    const QString start = QString::fromLatin1(Position::kStartFen.data());
    QTest::newRow("push") << start << "e2e4"
                          << "e2e4";
    QTest::newRow("illegal") << start << "e2e5"
                             << "";
    QTest::newRow("short") << start << "e2e"
                           << "";
    QTest::newRow("promo") << kPromo << "b2a1q"
                           << "b2a1q";
    QTest::newRow("promo missing") << kPromo << "b2a1"
                                   << "";
    QTest::newRow("castle king-takes-rook") << kKiwipete << "e1h1"
                                            << "e1g1";
    QTest::newRow("castle standard") << kKiwipete << "e1c1"
                                     << "e1c1";
}

void TestNotation::uci() {
    QFETCH(QString, fen);
    QFETCH(QString, text);
    QFETCH(QString, canonical);
    auto pos = Position::fromFen(fen.toStdString());
    QVERIFY(pos.ok());
    auto m = parseUci(*pos, text.toStdString());
    QCOMPARE(m.ok(), !canonical.isEmpty());
    if (m.ok()) QCOMPARE(QString::fromStdString(toUci(*m)), canonical);
}

void TestNotation::everyLegalMoveRoundTrips() {
    // Every legal move two plies deep from CPW positions: SAN and UCI write -> parse gives the same move.
    const char* fens[] = {kKiwipete,
                          kPromo,
                          "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                          "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                          "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"};
    int checked = 0;
    for (const char* fen : fens) {
        auto pos = Position::fromFen(fen);
        QVERIFY(pos.ok());
        for (Move m : pos->legalMoves()) {
            for (Position* p : {&*pos}) {
                const std::string san = toSan(*p, m);
                auto back = parseSan(*p, san);
                QVERIFY2(back.ok() && *back == m, san.c_str());
                auto u = parseUci(*p, toUci(m));
                QVERIFY(u.ok() && *u == m);
                ++checked;
            }
            pos->makeMove(m);
            for (Move r : pos->legalMoves()) {
                auto back = parseSan(*pos, toSan(*pos, r));
                QVERIFY(back.ok() && *back == r);
                ++checked;
            }
            pos->unmakeMove(m);
        }
    }
    QVERIFY(checked > 5000);
}

QTEST_APPLESS_MAIN(TestNotation)
#include "tst_notation.moc"
