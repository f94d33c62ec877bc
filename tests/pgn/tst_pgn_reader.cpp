// SPDX-License-Identifier: GPL-3.0-or-later
// PgnReader and writePgn: a table of edge cases (comments, variations, missing results, CRLF, BOM, escape
// lines, NAGs, refused variants, illegal moves with their line), clock/eval extraction, the real sample checked
// move by move against pgn-extract's UCI output, and write -> read round trips.
#include "core/chess/notation.h"
#include "core/chess/pgn.h"

#include <QFile>
#include <QTest>

#include <string>
#include <vector>

using namespace kibitz;
using namespace kibitz::chess;

namespace {

struct ReadAll {
    std::vector<PgnGame> games;
    std::vector<PgnSkip> skips;
};

ReadAll readAll(const QByteArray& text, const std::string& name = "test.pgn") {
    ReadAll out;
    PgnReader reader(TextInput::fromString(text.toStdString(), name));
    reader.setOnSkip([&out](const PgnSkip& s) { out.skips.push_back(s); });
    PgnGame g;
    while (reader.next(g)) out.games.push_back(g);
    if (qsizetype(out.skips.size()) != reader.skippedCount()) qFatal("skippedCount disagrees with onSkip");
    if (qsizetype(out.games.size()) != reader.gamesRead()) qFatal("gamesRead disagrees with next()");
    return out;
}

QString sans(const PgnGame& g) {
    QStringList l;
    for (const auto& m : g.moves) l << QString::fromStdString(m.san);
    return l.join(QLatin1Char(' '));
}

const QByteArray kScholar =
    "[Event \"A\"]\n[Site \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

QByteArray readFile(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot open %s", qPrintable(path));
    return f.readAll();
}

}  // namespace

class TestPgnReader : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void edgeCases_data();
    void edgeCases();
    void clocksEvalsComments();
    void nags();
    void tagsAndStartPosition();
    void castlingAndPromotion();
    void realSampleMatchesPgnExtract();
    void tagsOnlyMode();
    void writerLayout();
    void writeReadRoundTrip();
};

void TestPgnReader::edgeCases_data() {
    QTest::addColumn<QByteArray>("pgn");
    QTest::addColumn<int>("games");
    QTest::addColumn<QString>("firstSans");
    QTest::addColumn<QString>("firstResult");
    QTest::addColumn<QStringList>("skips");  // "line|part of the reason"

    QTest::newRow("scholar") << kScholar << 1 << "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#"
                             << "1-0" << QStringList{};
    QTest::newRow("braces in comments")
        << QByteArray(
               "[Event \"c\"]\n\n{Start} 1. e4 {a comment with ( parens ), a ; semicolon, [brackets] and "
               "\"quotes\"} e5 {multi\nline\n[Event \"not a tag\"]\ncomment} 2. Nf3 ; to end of line { ( \n"
               "Nc6 *\n")
        << 1 << "e4 e5 Nf3 Nc6"
        << "*" << QStringList{};
    QTest::newRow("nested variations")
        << QByteArray(
               "[Event \"v\"]\n\n1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3)) 2. c4) 1... e5 (1... c5 2. Nf3\n"
               "(2. c3 d5)) 2. Nf3 {after (} Nc6 1-0\n")
        << 1 << "e4 e5 Nf3 Nc6"
        << "1-0" << QStringList{};
    QTest::newRow("illegal moves inside variations are reported")
        << QByteArray("[Event \"v\"]\n\n1. e4 (1. Ke5 Qxz9) e5 *\n\n[Event \"ok\"]\n\n1. e4 e5 *\n") << 1 << "e4 e5"
        << "*" << QStringList{"3|illegal move 'Ke5' at 1. in a variation (opened at line 3)"};
    QTest::newRow("missing result, next game")
        << QByteArray("[Event \"a\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5\n\n[Event \"b\"]\n\n1. d4 d5 0-1\n") << 2
        << "e4 e5"
        << "1/2-1/2" << QStringList{};
    QTest::newRow("missing result, no blank line")
        << QByteArray("[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4 d5 0-1\n") << 2 << "e4 e5"
        << "*" << QStringList{};
    QByteArray crlf = kScholar;
    crlf.replace("\n", "\r\n");
    QTest::newRow("crlf") << crlf << 1 << "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#"
                          << "1-0" << QStringList{};
    QTest::newRow("bom") << QByteArray("\xEF\xBB\xBF") + kScholar << 1 << "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#"
                         << "1-0" << QStringList{};
    QTest::newRow("percent escape lines")
        << QByteArray(
               "% escape before the game\n[Event \"p\"]\n%escape among tags\n[Site \"s\"]\n\n1. e4\n"
               "% inside movetext: Ke7 is not a move\ne5 *\n")
        << 1 << "e4 e5"
        << "*" << QStringList{};
    QTest::newRow("nags and annotations")
        << QByteArray("1. e4! e5?? 2. Nf3 !? Nc6?! 3. Bb5!! $14 a6 $2 *\n") << 1 << "e4 e5 Nf3 Nc6 Bb5 a6"
        << "*" << QStringList{};
    QTest::newRow("no tags") << QByteArray("1.e4 e5 2.Nf3 Nc6 *\n") << 1 << "e4 e5 Nf3 Nc6"
                             << "*" << QStringList{};
    QTest::newRow("tags without movetext")
        << QByteArray("[Event \"a\"]\n[Result \"1-0\"]\n\n[Event \"b\"]\n\n1. e4 *\n") << 2 << ""
        << "1-0" << QStringList{};
    QTest::newRow("empty input") << QByteArray() << 0 << ""
                                 << "" << QStringList{};
    QTest::newRow("chess960 refused with its line")
        << QByteArray(
               "[Event \"960\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
               "[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n1. e4 e5 *\n\n"
               "[Event \"next\"]\n\n1. d4 *\n")
        << 1 << "d4"
        << "*" << QStringList{"2|Chess960 is not supported"};
    QTest::newRow("other variant refused")
        << QByteArray("[Event \"x\"]\n[Variant \"Atomic\"]\n\n1. e4 e5 *\n\n[Event \"ok\"]\n\n1. c4 *\n") << 1 << "c4"
        << "*" << QStringList{"2|variant 'Atomic' is not supported"};
    QTest::newRow("illegal move reported, next game read")
        << QByteArray("[Event \"bad\"]\n\n1. e4 e5\n2. Ke3 Nc6 *\n\n[Event \"good\"]\n\n1. e4 c5 *\n") << 1 << "e4 c5"
        << "*" << QStringList{"4|illegal move 'Ke3' at ply 3"};
    QTest::newRow("ambiguous move") << QByteArray("1. Nf3 Nf6 2. d3 d6 3. Nd2 *\n\n1. d4 *\n") << 1 << "d4"
                                    << "*" << QStringList{"1|ambiguous move 'Nd2'"};
    QTest::newRow("malformed move") << QByteArray("1. e4 e5 2. Nf9 *\n\n1. d4 *\n") << 1 << "d4"
                                    << "*" << QStringList{"1|malformed move 'Nf9'"};
    QTest::newRow("unterminated comment recovers at next tags")
        << QByteArray("[Event \"bad\"]\n\n1. e4 { never closed e5 2. Nf3\n\n[Event \"good\"]\n\n1. d4 *\n") << 1 << "d4"
        << "*" << QStringList{"3|unterminated comment"};
    QTest::newRow("unbalanced parenthesis") << QByteArray("1. e4 ) e5 *\n\n1. d4 *\n") << 1 << "d4"
                                            << "*" << QStringList{"1|unbalanced ')'"};
    QTest::newRow("unterminated variation at end") << QByteArray("1. e4 *\n\n1. d4 (1. c4\n") << 1 << "e4"
                                                   << "*" << QStringList{"3|unterminated variation"};
    QTest::newRow("bad FEN tag") << QByteArray("[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n[Event \"ok\"]\n1. e4 *\n") << 1
                                 << "e4"
                                 << "*" << QStringList{"1|FEN tag"};
    QTest::newRow("malformed tag") << QByteArray("[Event x]\n\n1. e4 *\n\n[Event \"ok\"]\n\n1. f4 *\n") << 1 << "f4"
                                   << "*" << QStringList{"1|malformed tag"};
    QTest::newRow("null move refused") << QByteArray("1. e4 -- 2. d4 *\n\n1. g3 *\n") << 1 << "g3"
                                       << "*" << QStringList{"1|null move"};
    QTest::newRow("two skips then a game")
        << QByteArray("1. e5 *\n\n[Variant \"Chess960\"]\n\n1. e4 *\n\n1. b3 *\n") << 1 << "b3"
        << "*" << QStringList{"1|illegal move 'e5' at ply 1", "3|Chess960"};
}

void TestPgnReader::edgeCases() {
    QFETCH(QByteArray, pgn);
    QFETCH(int, games);
    QFETCH(QString, firstSans);
    QFETCH(QString, firstResult);
    QFETCH(QStringList, skips);
    const ReadAll r = readAll(pgn, "edge.pgn");
    QCOMPARE(int(r.games.size()), games);
    if (games > 0) {
        QCOMPARE(sans(r.games[0]), firstSans);
        QCOMPARE(QString::fromStdString(r.games[0].result), firstResult);
    }
    QCOMPARE(int(r.skips.size()), int(skips.size()));
    for (int i = 0; i < skips.size(); ++i) {
        const QStringList parts = skips[i].split(QLatin1Char('|'));
        const PgnSkip& s = r.skips[std::size_t(i)];
        QCOMPARE(QString::fromStdString(s.file), QStringLiteral("edge.pgn"));
        QVERIFY2(QString::fromStdString(s.reason).contains(parts[1]), s.reason.c_str());
        QCOMPARE(s.line, parts[0].toLongLong());
        QVERIFY(
            QString::fromStdString(s.message()).startsWith(QStringLiteral("edge.pgn:") + parts[0] + QLatin1Char(':')));
    }
}

void TestPgnReader::clocksEvalsComments() {
    const ReadAll r = readAll(
        "{ Opening remark } 1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%clk 1:02:03.4] [%eval #-3] Good\n"
        "reply } 2. Nf3 { [%eval -1.5] [%csl Gd4] } { second } 2... Nc6 { [%clk 0:00:09.9] } 3. Bc4 { [%clk "
        "11111111111111111111111:00:00] [%eval 1e400] } *\n");
    QCOMPARE(r.games.size(), std::size_t(1));
    const PgnGame& g = r.games[0];
    QCOMPARE(g.preComment, std::string("Opening remark"));
    QCOMPARE(g.moves.size(), std::size_t(5));
    QCOMPARE(g.moves[0].clockSeconds, 180);
    QCOMPARE(g.moves[0].evalCp.value_or(-9999), 17);
    QVERIFY(!g.moves[0].evalMate);
    QCOMPARE(g.moves[0].comment, std::string());
    QCOMPARE(g.moves[1].clockSeconds, 3723);
    QCOMPARE(g.moves[1].evalMate.value_or(0), -3);
    QVERIFY(!g.moves[1].evalCp);
    QCOMPARE(g.moves[1].comment, std::string("Good\nreply"));
    QCOMPARE(g.moves[2].clockSeconds, -1);
    QCOMPARE(g.moves[2].evalCp.value_or(0), -150);
    QCOMPARE(g.moves[2].comment, std::string("second"));
    QCOMPARE(g.moves[3].clockSeconds, 9);
    QCOMPARE(g.moves[4].clockSeconds, -1);  // absurd values are ignored, the game is kept
    QVERIFY(!g.moves[4].evalCp);
}

void TestPgnReader::nags() {
    const ReadAll r = readAll("1. e4! e5?? 2. Nf3 !? Nc6?! 3. Bb5!! $14 a6 $2 4. Ba4 $1 $18 *\n");
    QCOMPARE(r.games.size(), std::size_t(1));
    const std::vector<std::vector<int>> expected = {{1}, {4}, {5}, {6}, {3, 14}, {2}, {1, 18}};
    QCOMPARE(r.games[0].moves.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) QCOMPARE(r.games[0].moves[i].nags, expected[i]);
}

void TestPgnReader::tagsAndStartPosition() {
    const ReadAll r = readAll(
        "[Event \"The \\\"Big\\\" Game\"]\n[Site \"a\\\\b\"] [Round \"3\"]\n[SetUp \"1\"]\n"
        "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... e5 2. Nf3 *\n");
    QCOMPARE(r.games.size(), std::size_t(1));
    const PgnGame& g = r.games[0];
    QCOMPARE(g.tags.size(), std::size_t(5));
    QCOMPARE(g.tags[0].first, std::string("Event"));
    QCOMPARE(g.tag("Event"), std::string("The \"Big\" Game"));
    QCOMPARE(g.tag("Site"), std::string("a\\b"));
    QCOMPARE(g.tag("Round"), std::string("3"));
    QCOMPARE(g.tag("Missing"), std::string());
    QCOMPARE(g.startFen, std::string("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
    QCOMPARE(sans(g), QStringLiteral("e5 Nf3"));
    QCOMPARE(g.firstLine, qint64(1));
    auto start = g.startPosition();
    QVERIFY(start.ok());
    QCOMPARE(start->sideToMove(), Black);

    const ReadAll plain = readAll(kScholar);
    QCOMPARE(plain.games[0].startFen, std::string(Position::kStartFen));
}

void TestPgnReader::castlingAndPromotion() {
    const ReadAll r = readAll(
        "[FEN \"r3k2r/P7/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n"
        "1. 0-0 0-0-0 2. a8Q+ Kc7 3. Qxd8+ Kxd8 *\n\n"
        "[FEN \"4k2r/P7/8/8/8/8/8/R3K2R w Qk - 0 1\"]\n\n"
        "1. O-O-O O-O 2. a8=N Kg7 *\n");
    QCOMPARE(r.skips.size(), std::size_t(0));
    QCOMPARE(r.games.size(), std::size_t(2));
    const auto& a = r.games[0].moves;
    QCOMPARE(sans(r.games[0]), QStringLiteral("0-0 0-0-0 a8Q+ Kc7 Qxd8+ Kxd8"));
    QVERIFY(a[0].move.isCastling());
    QCOMPARE(a[0].move.to(), G1);
    QVERIFY(a[1].move.isCastling());
    QCOMPARE(a[1].move.to(), C8);
    QVERIFY(a[2].move.isPromotion());
    QCOMPARE(a[2].move.promotion(), Queen);
    const auto& b = r.games[1].moves;
    QCOMPARE(b[0].move.to(), C1);
    QCOMPARE(b[1].move.to(), G8);
    QCOMPARE(b[2].move.promotion(), Knight);
}

void TestPgnReader::realSampleMatchesPgnExtract() {
    // games_sample_uci.txt is pgn-extract's own -Wuci rendering of the same games (an independent decoder).
    const QList<QByteArray> oracle = readFile(QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample_uci.txt")).split('\n');
    auto reader = PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    QVERIFY(reader.ok());
    PgnGame g;
    int n = 0;
    int withClock = 0;
    int withEval = 0;
    while ((*reader)->next(g)) {
        QVERIFY(n < oracle.size());
        // pgn-extract writes the promotion piece in upper case ("g7h8Q"); UCI uses lower case.
        QList<QByteArray> expected = oracle[n].trimmed().toLower().split(' ');
        const QByteArray result = expected.takeLast();
        QCOMPARE(QByteArray::fromStdString(g.result), result);
        QCOMPARE(qsizetype(g.moves.size()), expected.size());
        for (std::size_t i = 0; i < g.moves.size(); ++i)
            QCOMPARE(QByteArray::fromStdString(toUci(g.moves[i].move)), expected[qsizetype(i)]);
        bool allClocks = !g.moves.empty();
        for (const auto& m : g.moves) allClocks = allClocks && m.clockSeconds >= 0;
        withClock += allClocks ? 1 : 0;
        for (const auto& m : g.moves) {
            if (m.evalCp || m.evalMate) {
                ++withEval;
                break;
            }
        }
        QVERIFY(!g.tag("Site").empty());
        ++n;
    }
    QCOMPARE(n, 300);
    QCOMPARE((*reader)->skippedCount(), qint64(0));
    QCOMPARE(withClock, 130);  // 40 + 90 games taken from the clocked files (tests/data/README.md)
    QCOMPARE(withEval, 40);
    QVERIFY((*reader)->ioError().empty());
    QCOMPARE((*reader)->input().bytesRead(), (*reader)->input().totalBytes());
}

void TestPgnReader::tagsOnlyMode() {
    auto reader = PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    QVERIFY(reader.ok());
    (*reader)->setTagsOnly(true);
    PgnGame g;
    int n = 0;
    while ((*reader)->next(g)) {
        QVERIFY(g.moves.empty());
        QVERIFY(!g.tag("White").empty());
        ++n;
    }
    QCOMPARE(n, 300);
}

void TestPgnReader::writerLayout() {
    PgnGame g;
    g.tags = {{"Opening", "Sicilian"}, {"White", "Ann \"A\""}, {"Event", "Cup"}, {"Result", "0-1"}};
    g.result = "1-0";
    Position pos;
    for (const char* uci : {"e2e4", "c7c5", "g1f3"}) {
        auto m = parseUci(pos, uci);
        QVERIFY(m.ok());
        PgnMove pm;
        pm.move = *m;  // SAN left empty: the writer must compute it
        pos.makeMove(*m);
        g.moves.push_back(pm);
    }
    g.moves[0].clockSeconds = 3599;
    g.moves[0].evalCp = -5;
    g.moves[1].evalMate = 2;
    g.moves[1].comment = "a } brace, and a comment long enough to wrap the movetext";
    g.moves[2].nags = {1};
    const std::string text = writePgn(g);
    const QStringList lines = QString::fromStdString(text).split(QLatin1Char('\n'));
    const QStringList roster = {"[Event \"Cup\"]",
                                "[Site \"?\"]",
                                "[Date \"????.??.??\"]",
                                "[Round \"?\"]",
                                "[White \"Ann \\\"A\\\"\"]",
                                "[Black \"?\"]",
                                "[Result \"1-0\"]",
                                "[Opening \"Sicilian\"]",
                                ""};
    QCOMPARE(lines.mid(0, roster.size()), roster);
    const QStringList movetext = lines.mid(roster.size());
    QVERIFY(movetext.size() >= 2);  // wrapped
    for (const QString& l : movetext) QVERIFY2(l.size() <= 80, qPrintable(l));
    QCOMPARE(movetext.join(QLatin1Char(' ')).trimmed(),
             QStringLiteral("1. e4 { [%eval -0.05] [%clk 0:59:59] } 1... c5 { [%eval #2] a ) brace, and a comment long "
                            "enough to wrap the movetext } 2. Nf3 $1 1-0"));

    const ReadAll back = readAll(QByteArray::fromStdString(text));
    QCOMPARE(back.games.size(), std::size_t(1));
    QCOMPARE(back.games[0].tag("White"), std::string("Ann \"A\""));
    QCOMPARE(back.games[0].moves[0].evalCp.value_or(0), -5);
    QCOMPARE(back.games[0].moves[1].evalMate.value_or(0), 2);
}

void TestPgnReader::writeReadRoundTrip() {
    auto reader = PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    QVERIFY(reader.ok());
    PgnGame g;
    int n = 0;
    while ((*reader)->next(g)) {
        const std::string text = writePgn(g);
        for (const QString& line : QString::fromStdString(text).split(QLatin1Char('\n')))
            if (!line.startsWith(QLatin1Char('['))) QVERIFY2(line.size() <= 80, qPrintable(line));
        const ReadAll back = readAll(QByteArray::fromStdString(text), "written.pgn");
        QCOMPARE(back.skips.size(), std::size_t(0));
        QCOMPARE(back.games.size(), std::size_t(1));
        const PgnGame& h = back.games[0];
        QCOMPARE(h.result, g.result);
        QVERIFY(h.tags.size() >= g.tags.size());  // the writer adds missing Seven Tag Roster tags
        for (const auto& [k, v] : g.tags) QCOMPARE(h.tag(k), v);
        QCOMPARE(h.moves.size(), g.moves.size());
        for (std::size_t i = 0; i < g.moves.size(); ++i) {
            QCOMPARE(h.moves[i].move, g.moves[i].move);
            QCOMPARE(h.moves[i].san, g.moves[i].san);
            QCOMPARE(h.moves[i].clockSeconds, g.moves[i].clockSeconds);
            QCOMPARE(h.moves[i].evalCp, g.moves[i].evalCp);
            QCOMPARE(h.moves[i].evalMate, g.moves[i].evalMate);
        }
        ++n;
    }
    QCOMPARE(n, 300);
}

QTEST_APPLESS_MAIN(TestPgnReader)
#include "tst_pgn_reader.moc"
