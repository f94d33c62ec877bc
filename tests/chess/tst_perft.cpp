// SPDX-License-Identifier: GPL-3.0-or-later
// Perft over the published suite in tests/data/perft.epd (CPW positions + the classic perftsuite, each count
// verified against Stockfish 15.1; see /work-independent provenance in tests/data/README.md).
// KIBITZ_PERFT_MAX_NODES bounds the rows run (default 3,000,000 nodes for the fast label; 0 = all rows).
#include "core/chess/notation.h"
#include "core/chess/perft.h"

#include <QFile>
#include <QTest>

using namespace kibitz::chess;

class TestPerft : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void suite_data();
    void suite();
    void divideSumsToTotal();
};

void TestPerft::suite_data() {
    QTest::addColumn<QString>("fen");
    QTest::addColumn<int>("depth");
    QTest::addColumn<qulonglong>("nodes");
    qulonglong maxNodes = 3'000'000;
    if (qEnvironmentVariableIsSet("KIBITZ_PERFT_MAX_NODES"))
        maxNodes = qEnvironmentVariable("KIBITZ_PERFT_MAX_NODES").toULongLong();
    QFile f(QStringLiteral(KIBITZ_TEST_DATA_DIR "/perft.epd"));
    QVERIFY2(f.open(QIODevice::ReadOnly | QIODevice::Text), "tests/data/perft.epd is missing");
    int line = 0, rows = 0;
    while (!f.atEnd()) {
        const QString text = QString::fromUtf8(f.readLine()).trimmed();
        ++line;
        if (text.isEmpty()) continue;
        const QStringList parts = text.split(QLatin1Char(';'));
        QVERIFY2(parts.size() >= 2, qPrintable(QStringLiteral("perft.epd:%1: no depth entries").arg(line)));
        const QString fen = parts[0].trimmed();
        for (int i = 1; i < parts.size(); ++i) {
            const QStringList kv = parts[i].trimmed().split(QLatin1Char(' '));
            QVERIFY2(kv.size() == 2 && kv[0].startsWith(QLatin1Char('D')),
                     qPrintable(QStringLiteral("perft.epd:%1: bad entry '%2'").arg(line).arg(parts[i])));
            const int depth = kv[0].mid(1).toInt();
            const qulonglong nodes = kv[1].toULongLong();
            if (maxNodes != 0 && nodes > maxNodes) continue;
            QTest::addRow("line%d-D%d", line, depth) << fen << depth << nodes;
            ++rows;
        }
    }
    QVERIFY(line >= 132);
    QVERIFY(rows > 400);
}

void TestPerft::suite() {
    QFETCH(QString, fen);
    QFETCH(int, depth);
    QFETCH(qulonglong, nodes);
    auto pos = Position::fromFen(fen.toStdString());
    QVERIFY2(pos.ok(), pos.ok() ? "" : pos.error().message.c_str());
    const std::string before = pos->fen();
    const Key keyBefore = pos->key();
    QCOMPARE(qulonglong(perft(*pos, depth)), nodes);
    QCOMPARE(pos->fen(), before);  // make/unmake restored everything
    QCOMPARE(pos->key(), keyBefore);
}

void TestPerft::divideSumsToTotal() {
    // Kiwipete at depth 3: per-move counts must add up to the published total, and each root move's subtree
    // must be counted from a position whose key matches a fresh parse of its FEN (incremental Zobrist check).
    auto pos = Position::fromFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    QVERIFY(pos.ok());
    std::uint64_t total = 0;
    for (Move m : pos->legalMoves()) {
        pos->makeMove(m);
        auto fresh = Position::fromFen(pos->fen());
        QVERIFY(fresh.ok());
        QCOMPARE(pos->key(), fresh->key());
        total += perft(*pos, 2);
        pos->unmakeMove(m);
    }
    QCOMPARE(total, std::uint64_t(97862));
}

QTEST_APPLESS_MAIN(TestPerft)
#include "tst_perft.moc"
