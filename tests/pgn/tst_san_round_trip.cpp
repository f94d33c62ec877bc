// SPDX-License-Identifier: GPL-3.0-or-later
// SAN <-> Move round trip over every move of 300 real Lichess games: the file's SAN equals toSan of the move
// the reader decoded, parseSan(toSan(m)) == m, and the same for every legal move of every position reached.
#include "core/chess/notation.h"
#include "core/chess/pgn.h"

#include <QTest>

using namespace kibitz;
using namespace kibitz::chess;

class TestSanRoundTrip : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fileSanMatchesToSan();
    void everyLegalMoveRoundTrips();
    void readerDecoderAgreesWithParseSan();
    void annotatedSanParses_data();
    void annotatedSanParses();
};

namespace {

// Reads the sample and calls `f(position before the move, move)` for each move of each game.
template <class F>
int forEachMove(F f) {
    auto reader = PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    if (!reader) qFatal("cannot open games_sample.pgn: %s", reader.error().message.c_str());
    PgnGame g;
    int moves = 0;
    while ((*reader)->next(g)) {
        auto start = g.startPosition();
        if (!start) qFatal("bad start position");
        Position pos = std::move(start.value());
        for (const PgnMove& m : g.moves) {
            if (!f(pos, m)) return -1;
            pos.makeMove(m.move);
            ++moves;
        }
    }
    return moves;
}

}  // namespace

void TestSanRoundTrip::fileSanMatchesToSan() {
    QString failure;
    const int n = forEachMove([&failure](const Position& pos, const PgnMove& m) {
        const std::string san = toSan(pos, m.move);
        if (san != m.san) {
            failure =
                QStringLiteral("toSan gives '%1', the file says '%2' in %3")
                    .arg(QString::fromStdString(san), QString::fromStdString(m.san), QString::fromStdString(pos.fen()));
            return false;
        }
        auto back = parseSan(pos, m.san);
        if (!back.ok() || back.value() != m.move) {
            failure = QStringLiteral("parseSan('%1') does not give the reader's move in %2")
                          .arg(QString::fromStdString(m.san), QString::fromStdString(pos.fen()));
            return false;
        }
        return true;
    });
    QVERIFY2(n > 0, qPrintable(failure));
    QVERIFY(n > 15000);  // the sample has about 19,000 plies
}

void TestSanRoundTrip::everyLegalMoveRoundTrips() {
    QString failure;
    long checked = 0;
    const int n = forEachMove([&failure, &checked](const Position& pos, const PgnMove&) {
        for (const Move m : pos.legalMoves()) {
            const std::string san = toSan(pos, m);
            auto back = parseSan(pos, san);
            if (!back.ok() || back.value() != m) {
                failure = QStringLiteral("parseSan(toSan(%1)) = parseSan('%2') fails in %3")
                              .arg(QString::fromStdString(toUci(m)), QString::fromStdString(san),
                                   QString::fromStdString(pos.fen()));
                return false;
            }
            auto fast = matchSan(pos, san);  // the reader's own decoder
            if (!fast.ok() || fast.value() != m) {
                failure = QStringLiteral("matchSan(toSan(%1)) = matchSan('%2') fails in %3")
                              .arg(QString::fromStdString(toUci(m)), QString::fromStdString(san),
                                   QString::fromStdString(pos.fen()));
                return false;
            }
            ++checked;
        }
        return true;
    });
    QVERIFY2(n > 0, qPrintable(failure));
    QVERIFY(checked > 300000);
}

void TestSanRoundTrip::readerDecoderAgreesWithParseSan() {
    // Legal or not, every piece move, pawn push and pawn capture text: the reader's fast decoder (matchSan) must
    // agree with the notation module's parseSan.
    std::vector<std::string> texts;
    for (int sq = 0; sq < 64; ++sq) {
        const std::string dest = squareName(Square(sq));
        for (const char* piece : {"N", "B", "R", "Q", "K"}) texts.push_back(piece + dest);
        texts.push_back(dest);
        if (dest[1] == '1' || dest[1] == '8') texts.push_back(dest + "=Q");
        for (int df : {-1, 1}) {
            const int f = (sq & 7) + df;
            if (f >= 0 && f < 8) texts.push_back(std::string(1, char('a' + f)) + "x" + dest);
        }
    }
    for (const char* extra : {"O-O", "O-O-O", "Nbd2", "Ngf3", "R1e2", "Raxd1"}) texts.push_back(extra);
    QString failure;
    int position = 0;
    long compared = 0;
    const int n = forEachMove([&](const Position& pos, const PgnMove&) {
        if (position++ % 20 != 0) return true;
        for (const std::string& t : texts) {
            auto a = matchSan(pos, t);
            auto b = parseSan(pos, t);
            // matchSan must accept nothing parseSan rejects, and every text that is the canonical SAN of the move
            // parseSan found (parseSan is more lenient, e.g. it reads "e5" as a pawn capture).
            bool canonical = false;
            if (b.ok()) {
                std::string san = toSan(pos, *b);
                while (!san.empty() && (san.back() == '+' || san.back() == '#')) san.pop_back();
                canonical = san == t;
            }
            if ((a.ok() && (!b.ok() || a.value() != b.value())) || (canonical && !a.ok())) {
                failure =
                    QStringLiteral("'%1' in %2: matchSan %3, parseSan %4")
                        .arg(QString::fromStdString(t), QString::fromStdString(pos.fen()),
                             a.ok() ? QString::fromStdString(toUci(*a)) : QString::fromStdString(a.error().message),
                             b.ok() ? QString::fromStdString(toUci(*b)) : QString::fromStdString(b.error().message));
                return false;
            }
            ++compared;
        }
        return true;
    });
    QVERIFY2(n > 0, qPrintable(failure));
    QVERIFY(compared > 400000);
}

void TestSanRoundTrip::annotatedSanParses_data() {
    QTest::addColumn<QString>("fen");
    QTest::addColumn<QString>("san");
    QTest::addColumn<QString>("uci");
    const QString start = QString::fromLatin1(Position::kStartFen.data(), qsizetype(Position::kStartFen.size()));
    QTest::newRow("good move") << start << "e4!"
                               << "e2e4";
    QTest::newRow("dubious") << start << "Nf3?!"
                             << "g1f3";
    QTest::newRow("check and annotation") << "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
                                          << "Ra8+!!"
                                          << "a1a8";
    QTest::newRow("zeros castling") << "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
                                    << "0-0-0"
                                    << "e1c1";
    QTest::newRow("promotion without =") << "8/P6k/8/8/8/8/8/K7 w - - 0 1"
                                         << "a8Q"
                                         << "a7a8q";
}

void TestSanRoundTrip::annotatedSanParses() {
    QFETCH(QString, fen);
    QFETCH(QString, san);
    QFETCH(QString, uci);
    auto pos = Position::fromFen(fen.toStdString());
    QVERIFY(pos.ok());
    auto m = parseSan(*pos, san.toStdString());
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
    QCOMPARE(QString::fromStdString(toUci(*m)), uci);
    // The reader must decode the same text to the same move.
    const std::string text = "[FEN \"" + fen.toStdString() + "\"]\n\n" +
                             (pos->sideToMove() == White ? "1. " : "1... ") + san.toStdString() + " *\n";
    PgnReader reader(TextInput::fromString(text));
    PgnGame g;
    QVERIFY(reader.next(g));
    QCOMPARE(g.moves.size(), std::size_t(1));
    QCOMPARE(g.moves[0].move, *m);
}

QTEST_APPLESS_MAIN(TestSanRoundTrip)
#include "tst_san_round_trip.moc"
