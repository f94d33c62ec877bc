// SPDX-License-Identifier: GPL-3.0-or-later
// PuzzleCsvReader: 500 real Lichess puzzles (plain and .csv.zst), RFC 4180 splitting, columns found by name,
// and a table of bad rows whose messages must name the row and column.
#include "core/chess/notation.h"
#include "core/chess/puzzle_csv.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <zstd.h>

using namespace kibitz;
using namespace kibitz::chess;

namespace {

const QByteArray kHeader = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n";
const QByteArray kGoodRow =
    "0000D,5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27,d3d6 f8d8 d6d8 f6d8,1492,74,96,"
    "33381,advantage endgame short,https://lichess.org/F8M8OS71#53,\n";

QByteArray row(const char* moves, const char* rating = "1492",
               const char* fen = "5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27", const char* tail = ",") {
    return QByteArray("0000D,") + fen + "," + moves + "," + rating +
           ",74,96,33381,advantage endgame short,"
           "https://lichess.org/F8M8OS71#53" +
           tail + "\n";
}

struct ReadAll {
    std::vector<Puzzle> puzzles;
    std::vector<CsvSkip> skips;
    std::string headerError;
};

ReadAll readAll(std::unique_ptr<PuzzleCsvReader> reader) {
    ReadAll out;
    reader->setOnSkip([&out](const CsvSkip& s) { out.skips.push_back(s); });
    Puzzle p;
    while (reader->next(p)) out.puzzles.push_back(p);
    out.headerError = reader->headerError();
    return out;
}

ReadAll readText(const QByteArray& text) {
    return readAll(std::make_unique<PuzzleCsvReader>(TextInput::fromString(text.toStdString(), "bad.csv")));
}

/// Empty when the skipped rows' messages hold `expected`, one each in order; else what differs.
QString skipsDiffer(const ReadAll& r, const QStringList& expected) {
    if (r.skips.size() != std::size_t(expected.size()))
        return QStringLiteral("%1 rows skipped, %2 expected").arg(r.skips.size()).arg(expected.size());
    for (int i = 0; i < expected.size(); ++i)
        if (const QString m = QString::fromStdString(r.skips[std::size_t(i)].message()); !m.contains(expected[i]))
            return m + QStringLiteral(" (expected: ") + expected[i] + QLatin1Char(')');
    return {};
}

}  // namespace

class TestPuzzleCsv : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void split_data();
    void split();
    void write();
    void realSample();
    void zstdSameAsPlain();
    void columnsByName();
    void playedMoveColumns();
    void playerRatingColumns();
    void badRows_data();
    void badRows();
    void headerErrors_data();
    void headerErrors();
};

void TestPuzzleCsv::split_data() {
    QTest::addColumn<QString>("record");
    QTest::addColumn<QStringList>("fields");  // empty list + error flag below
    QTest::addColumn<bool>("ok");
    QTest::newRow("plain") << "a,b,c" << QStringList{"a", "b", "c"} << true;
    QTest::newRow("quoted comma") << "a,\"b, c\",d" << QStringList{"a", "b, c", "d"} << true;
    QTest::newRow("doubled quotes") << "\"he said \"\"hi\"\"\",x" << QStringList{"he said \"hi\"", "x"} << true;
    QTest::newRow("empty fields") << "a,," << QStringList{"a", "", ""} << true;
    QTest::newRow("empty quoted") << "\"\",b" << QStringList{"", "b"} << true;
    QTest::newRow("newline inside quotes") << "\"a\nb\",c" << QStringList{"a\nb", "c"} << true;
    QTest::newRow("single empty") << "" << QStringList{""} << true;
    QTest::newRow("unterminated") << "a,\"bc" << QStringList{} << false;
    QTest::newRow("text after quote") << "\"a\"b,c" << QStringList{} << false;
}

void TestPuzzleCsv::split() {
    QFETCH(QString, record);
    QFETCH(QStringList, fields);
    QFETCH(bool, ok);
    const std::string text = record.toStdString();
    auto r = splitCsvRecord(text);
    QCOMPARE(r.ok(), ok);
    if (!ok) {
        QVERIFY(QString::fromStdString(r.error().message).contains(QStringLiteral("field ")));
        return;
    }
    QStringList got;
    for (const auto& f : *r) got << QString::fromStdString(f);
    QCOMPARE(got, fields);
    // The writer reads back to the same fields (it quotes only what needs quoting).
    std::string written = joinCsvRecord(*r);
    QVERIFY(written.ends_with('\n'));
    written.pop_back();
    auto again = splitCsvRecord(written);
    QVERIFY(again.ok());
    QCOMPARE(*again, *r);
}

void TestPuzzleCsv::write() {
    QCOMPARE(joinCsvRecord({"0000D", "1492.5", ""}), std::string("0000D,1492.5,\n"));
    QCOMPARE(joinCsvRecord({"a,b", "say \"hi\"", "two\nlines"}),
             std::string("\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\"\n"));
    QCOMPARE(csvField("https://lichess.org/abcd"), std::string("https://lichess.org/abcd"));
}

void TestPuzzleCsv::realSample() {
    auto reader = PuzzleCsvReader::open(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv");
    QVERIFY2(reader.ok(), reader.ok() ? "" : reader.error().message.c_str());
    const ReadAll r = readAll(std::move(reader.value()));
    QCOMPARE(r.skips.size(), std::size_t(0));
    QCOMPARE(r.puzzles.size(), std::size_t(500));
    const Puzzle& first = r.puzzles.front();
    QCOMPARE(first.id, std::string("0000D"));
    QCOMPARE(first.rating, 1492);
    QCOMPARE(first.ratingDeviation, 74);
    QCOMPARE(first.popularity, 96);
    QCOMPARE(first.nbPlays, 33381);
    QCOMPARE(first.themes, (std::vector<std::string>{"advantage", "endgame", "short"}));
    QCOMPARE(first.gameUrl, std::string("https://lichess.org/F8M8OS71#53"));
    QCOMPARE(first.moves.size(), std::size_t(4));
    QCOMPARE(toUci(first.moves[0]), std::string("d3d6"));
    QCOMPARE(first.solutionLength(), 2);
    // After the setup move it is the solver's turn: Black here (White played d3d6).
    QCOMPARE(first.solverStart().sideToMove(), Black);
    const Puzzle& quoted = r.puzzles[235];
    QCOMPARE(quoted.id, std::string("00iLe"));
    QCOMPARE(quoted.openingTags, std::string("Queen's Pawn Game: Torre Attack, Gossip Variation"));
    QCOMPARE(r.puzzles.back().id, std::string("01utE"));
    for (const Puzzle& p : r.puzzles) {
        QVERIFY(p.moves.size() >= 2);
        QCOMPARE(p.moves.size() % 2, std::size_t(0));
        QVERIFY(p.rating > 0 && p.ratingDeviation > 0);
    }
}

void TestPuzzleCsv::zstdSameAsPlain() {
    QFile f(QStringLiteral(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray plain = f.readAll();
    QByteArray z(qsizetype(ZSTD_compressBound(size_t(plain.size()))), Qt::Uninitialized);
    const size_t n = ZSTD_compress(z.data(), size_t(z.size()), plain.constData(), size_t(plain.size()), 3);
    QVERIFY(!ZSTD_isError(n));
    z.resize(qsizetype(n));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("p.csv.zst"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(z);
    out.close();
    auto a = PuzzleCsvReader::open(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv");
    auto b = PuzzleCsvReader::open(path.toStdString());
    QVERIFY(a.ok() && b.ok());
    const ReadAll ra = readAll(std::move(a.value()));
    const ReadAll rb = readAll(std::move(b.value()));
    QCOMPARE(ra.puzzles.size(), rb.puzzles.size());
    for (std::size_t i = 0; i < ra.puzzles.size(); ++i) {
        QCOMPARE(ra.puzzles[i].id, rb.puzzles[i].id);
        QCOMPARE(ra.puzzles[i].moves, rb.puzzles[i].moves);
        QCOMPARE(ra.puzzles[i].rating, rb.puzzles[i].rating);
    }
}

void TestPuzzleCsv::columnsByName() {
    // Columns in another order, optional ones missing, an extra unknown column.
    const QByteArray text =
        "Rating,Extra,Moves,PuzzleId,RatingDeviation,FEN\n"
        "1492,zz,d3d6 f8d8 d6d8 f6d8,0000D,74,5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27\n";
    const ReadAll r = readText(text);
    QCOMPARE(r.skips.size(), std::size_t(0));
    QCOMPARE(r.puzzles.size(), std::size_t(1));
    QCOMPARE(r.puzzles[0].rating, 1492);
    QCOMPARE(r.puzzles[0].id, std::string("0000D"));
    QCOMPARE(r.puzzles[0].nbPlays, 0);
    QVERIFY(r.puzzles[0].themes.empty());
}

void TestPuzzleCsv::playedMoveColumns() {
    // Kibitz's own columns, as the player profile writes them after Lichess's: the move of the game where the solver's
    // first move was due (Black's here, after the setup move Qd6), and what it lost.
    const QByteArray header = kHeader.trimmed() + ",PlayedMove,PlayedLoss,PeerLoss\n";
    const QByteArray good = kGoodRow.trimmed() + ",f6e7,0.4123,0.0500\n";
    const QByteArray noColumns = kGoodRow.trimmed() + ",,,\n";
    const QByteArray text = header + good + noColumns + kGoodRow.trimmed() + ",d1d8,0.4,0.05\n" + kGoodRow.trimmed() +
                            ",f6e7,2.5,0.05\n" + kGoodRow.trimmed() + ",f6e7,0.4,abc\n" + kGoodRow.trimmed() +
                            ",f6e7,-0.1,0.05\n";
    const ReadAll r = readText(text);
    QCOMPARE(r.puzzles.size(), std::size_t(2));
    const Position faced = r.puzzles[0].solverStart();
    QCOMPARE(toSan(faced, r.puzzles[0].playedMove), std::string("Be7"));
    QCOMPARE(r.puzzles[0].playedLoss, 0.4123);
    QCOMPARE(r.puzzles[0].peerLoss, 0.05);
    // Empty: as in a Lichess file, which has none of them.
    QVERIFY(!r.puzzles[1].playedMove);
    QCOMPARE(r.puzzles[1].playedLoss, -1.0);
    QCOMPARE(r.puzzles[1].peerLoss, -1.0);
    const QStringList expected = {
        "row 3, column 'PlayedMove': illegal move 'd1d8' where the solver's first move is due",
        "row 4, column 'PlayedLoss': not a loss of winning chances from 0 to 2 '2.5'",
        "row 5, column 'PeerLoss': not a loss of winning chances from 0 to 2 'abc'",
        "row 6, column 'PlayedLoss': not a loss of winning chances from 0 to 2 '-0.1'",
    };
    const QString differ = skipsDiffer(r, expected);
    QVERIFY2(differ.isEmpty(), qPrintable(differ));
}

void TestPuzzleCsv::playerRatingColumns() {
    // The profile's ratings: the player's in that game, the chosen peers' (empty: their own), and the scale of both.
    const QByteArray header = kHeader.trimmed() + ",PlayerRating,PeerRating,RatingScale\n";
    const QByteArray base = kGoodRow.trimmed();
    const QByteArray text = header + base + ",1234,,chess.com\n" + base + ",1712,1800,lichess\n" + base + ",,,\n" +
                            base + ",abc,,lichess\n" + base + ",99,,chess.com\n" + base + ",1500,4001,lichess\n" +
                            base + ",1500,,fide\n" + base + ",1500,,Lichess\n";
    const ReadAll r = readText(text);
    QCOMPARE(r.puzzles.size(), std::size_t(3));
    QCOMPARE(r.puzzles[0].playerRating, 1234);
    QCOMPARE(r.puzzles[0].peerRating, 0);
    QVERIFY(r.puzzles[0].chessComRatings);
    QCOMPARE(r.puzzles[1].playerRating, 1712);
    QCOMPARE(r.puzzles[1].peerRating, 1800);
    QVERIFY(!r.puzzles[1].chessComRatings);
    // Empty, as in a Lichess file.
    QCOMPARE(r.puzzles[2].playerRating, 0);
    QCOMPARE(r.puzzles[2].peerRating, 0);
    QVERIFY(!r.puzzles[2].chessComRatings);
    const QStringList expected = {
        "row 4, column 'PlayerRating': not a rating from 100 to 4000 'abc'",
        "row 5, column 'PlayerRating': not a rating from 100 to 4000 '99'",
        "row 6, column 'PeerRating': not a rating from 100 to 4000 '4001'",
        "row 7, column 'RatingScale': neither 'lichess' nor 'chess.com': 'fide'",
        "row 8, column 'RatingScale': neither 'lichess' nor 'chess.com': 'Lichess'",
    };
    const QString differ = skipsDiffer(r, expected);
    QVERIFY2(differ.isEmpty(), qPrintable(differ));
}

void TestPuzzleCsv::badRows_data() {
    QTest::addColumn<QByteArray>("rows");
    QTest::addColumn<int>("good");
    QTest::addColumn<QStringList>("messages");  // substrings of CsvSkip::message(), in order

    QTest::newRow("non-integer rating") << row("d3d6 f8d8 d6d8 f6d8", "abc") + kGoodRow << 1
                                        << QStringList{"row 1, column 'Rating': not an integer 'abc' (line 2)"};
    QTest::newRow("non-integer rating deviation")
        << kGoodRow + QByteArray(kGoodRow).replace(",74,", ",7.5,") << 1
        << QStringList{"row 2, column 'RatingDeviation': not an integer '7.5'"};
    QTest::newRow("unterminated quote") << kGoodRow + row("d3d6 f8d8 d6d8 f6d8", "1492",
                                                          "5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27",
                                                          ",\"Queen's Pawn")
                                        << 1 << QStringList{"row 2, column 'OpeningTags': unterminated quote"};
    QTest::newRow("missing column") << QByteArray(
                                           "0000D,5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27,"
                                           "d3d6 f8d8,1492,74,96,33381,short,https://lichess.org/F8M8OS71\n") +
                                           kGoodRow
                                    << 1 << QStringList{"row 1, column 'OpeningTags': missing"};
    QTest::newRow("illegal move") << row("d3d6 f8d8 d6h2 f6d8") << 0
                                  << QStringList{"row 1, column 'Moves': illegal move 'd6h2' at index 2"};
    QTest::newRow("malformed move") << row("d3d6 zz") << 0 << QStringList{"row 1, column 'Moves': illegal move 'zz'"};
    QTest::newRow("bad FEN") << kGoodRow +
                                    row("d3d6 f8d8", "1492", "5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 x - - 2 27")
                             << 1 << QStringList{"row 2, column 'FEN': "};
    QTest::newRow("too few moves") << row("d3d6") << 0 << QStringList{"row 1, column 'Moves': needs at least 2 moves"};
    QTest::newRow("no moves") << row("") << 0 << QStringList{"row 1, column 'Moves': needs at least 2 moves"};
    QTest::newRow("quoted field spanning lines, then a bad row")
        << row("d3d6 f8d8", "1492", "5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27", ",\"first\nsecond\"") +
               row("d3d6 f8d8", "x1")
        << 1 << QStringList{"row 2, column 'Rating': not an integer 'x1' (line 4)"};
    QTest::newRow("blank lines ignored") << "\n" + kGoodRow + "\n" + kGoodRow << 2 << QStringList{};
}

void TestPuzzleCsv::badRows() {
    QFETCH(QByteArray, rows);
    QFETCH(int, good);
    QFETCH(QStringList, messages);
    const ReadAll r = readText(kHeader + rows);
    QCOMPARE(int(r.puzzles.size()), good);
    QCOMPARE(int(r.skips.size()), int(messages.size()));
    for (int i = 0; i < messages.size(); ++i) {
        const QString m = QString::fromStdString(r.skips[std::size_t(i)].message());
        QVERIFY2(m.startsWith(QStringLiteral("bad.csv: ")), qPrintable(m));
        QVERIFY2(m.contains(messages[i]), qPrintable(m));
    }
    if (good == 1 && r.puzzles[0].openingTags.find('\n') != std::string::npos)
        QCOMPARE(r.puzzles[0].openingTags, std::string("first\nsecond"));
}

void TestPuzzleCsv::headerErrors_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty file") << QByteArray() << "empty file";
    QTest::newRow("no header") << kGoodRow << "header lacks the required column 'PuzzleId'";
    QTest::newRow("missing Rating") << QByteArray("PuzzleId,FEN,Moves,RatingDeviation\n") + kGoodRow
                                    << "header lacks the required column 'Rating'";
}

void TestPuzzleCsv::headerErrors() {
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    const ReadAll r = readText(text);
    QVERIFY(r.puzzles.empty());
    QVERIFY2(QString::fromStdString(r.headerError).contains(message), r.headerError.c_str());
    QVERIFY(QString::fromStdString(r.headerError).startsWith(QStringLiteral("bad.csv")));
}

QTEST_APPLESS_MAIN(TestPuzzleCsv)
#include "tst_puzzle_csv.moc"
