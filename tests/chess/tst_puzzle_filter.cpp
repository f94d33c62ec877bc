// SPDX-License-Identifier: GPL-3.0-or-later
// The puzzle query of the puzzle panel and the command line (core/chess/puzzle_filter) on the 500 real Lichess puzzles
// of tests/data/puzzles_sample.csv. The expected counts were read from the file with awk (the themes, rating and
// OpeningTags columns), not with Kibitz; the file's tags come in both of Lichess's forms ("Sicilian_Defense ..." and,
// from one source, "Queen's Pawn Game").
#include "core/chess/puzzle_csv.h"
#include "core/chess/puzzle_filter.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace kibitz;

class TstPuzzleFilter : public QObject {
    Q_OBJECT

    std::vector<chess::Puzzle> m_puzzles;

    int count(const std::string& query) {
        const auto filter = chess::parsePuzzleFilter(query);
        if (!filter.ok()) {
            qWarning("%s: %s", query.c_str(), filter.error().message.c_str());
            return -1;
        }
        int n = 0;
        for (const auto& p : m_puzzles) n += filter->matches(p) ? 1 : 0;
        return n;
    }

private Q_SLOTS:
    void initTestCase() {
        auto reader = chess::PuzzleCsvReader::open(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv");
        QVERIFY(reader.ok());
        chess::Puzzle p;
        while ((*reader)->next(p)) m_puzzles.push_back(p);
        QCOMPARE(int(m_puzzles.size()), 500);
    }

    void matches_data() {
        QTest::addColumn<QString>("query");
        QTest::addColumn<int>("expected");
        QTest::newRow("empty") << "" << 500;
        QTest::newRow("spaces only") << "   " << 500;
        QTest::newRow("a theme") << "mateIn2" << 69;
        QTest::newRow("letter case aside") << "MATEIN2" << 69;
        QTest::newRow("a theme's start: mate and mateInN") << "mate" << 167;
        QTest::newRow("long, not veryLong") << "long" << 131;
        QTest::newRow("veryLong") << "veryLong" << 42;
        QTest::newRow("a rating range, inclusive") << "1200-1600" << 85;
        QTest::newRow("a rating bound") << ">1500" << 236;
        QTest::newRow("the same bound") << ">=1501" << 236;
        QTest::newRow("words, an excluded word and a bound") << "fork -long >1500" << 13;
        QTest::newRow("a family in both forms of the tags") << "sicilian" << 15;
        QTest::newRow("everything else") << "-Sicilian" << 485;
        QTest::newRow("a phrase with an apostrophe") << "\"Queen's Pawn Game\"" << 10;
        QTest::newRow("a phrase as Lichess keys it") << "\"Queens_Pawn_Game\"" << 10;
        QTest::newRow("King's Gambit Accepted, with spaces in the file") << "\"Kings Gambit\"" << 1;
        QTest::newRow("an id's start") << "000" << 5;
        QTest::newRow("an id") << "000rZ" << 1;
        QTest::newRow("nothing") << "mateIn2 -mate" << 0;
    }
    void matches() {
        QFETCH(QString, query);
        QFETCH(int, expected);
        QCOMPARE(count(query.toStdString()), expected);
    }

    /// 000rZ: "kingsideAttack mate mateIn1 oneMove opening", rated 633, Scandinavian Defense: Modern Variation.
    void onePuzzle() {
        const auto it = std::find_if(m_puzzles.begin(), m_puzzles.end(), [](const auto& p) { return p.id == "000rZ"; });
        QVERIFY(it != m_puzzles.end());
        for (const char* yes : {"Scandinavian Modern", "scandinavian_defense_modern", "oneMove opening 600-700",
                                "<=633", ">=633 <634", "kingside -\"Queens Gambit\""})
            QVERIFY2(chess::parsePuzzleFilter(yes)->matches(*it), yes);
        for (const char* no : {"Scandinavian -Modern", "<633", ">633", "Sicilian", "attack", "Scandinavian_Modern"})
            QVERIFY2(!chess::parsePuzzleFilter(no)->matches(*it), no);
        // A puzzle without a rating (from a PGN, or built on the board) matches no rating bound, and words still.
        chess::Puzzle unrated = *it;
        unrated.rating = 0;
        QVERIFY(!chess::parsePuzzleFilter("0-4000")->matches(unrated));
        QVERIFY(chess::parsePuzzleFilter("mateIn1")->matches(unrated));
    }

    /// A bad query names its item and says what is wrong.
    void refused_data() {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("message");
        QTest::newRow("range backwards") << "mate 1800-1200"
                                         << "'1800-1200': the lower rating comes first";
        QTest::newRow("not a rating") << ">abc"
                                      << "'>abc': a rating after '>' (e.g. >1500)";
        QTest::newRow("no rating") << "fork <="
                                   << "'<=': a rating after '<=' (e.g. <=1500)";
        QTest::newRow("too high") << "3000-5000"
                                  << "'3000-5000': a puzzle rating is at most 4000";
        QTest::newRow("a quote left open") << "fork \"Kings Gam"
                                           << "'\"Kings Gam': a quote opened and not closed";
        QTest::newRow("a lone minus") << "fork - long"
                                      << "'-': a word after '-' (e.g. -long)";
        QTest::newRow("nothing to look for") << "!!!"
                                             << "'!!!': no letter or digit to look for";
        QTest::newRow("bounds apart") << ">2000 <1500"
                                      << "no rating is within both bounds (2001 and more, 1499 and less)";
    }
    void refused() {
        QFETCH(QString, query);
        QFETCH(QString, message);
        const auto filter = chess::parsePuzzleFilter(query.toStdString());
        QVERIFY(!filter.ok());
        QCOMPARE(filter.error().code, ErrorCode::InvalidInput);
        QCOMPARE(QString::fromStdString(filter.error().message), message);
    }

    /// Words that look like ranges but are not ratings stay words.
    void wordsWithHyphens() {
        const auto filter = chess::parsePuzzleFilter("Caro-Kann 1-0a");
        QVERIFY(filter.ok());
        QCOMPARE(filter->words, (std::vector<std::string>{"caro-kann", "1-0a"}));
        QVERIFY(!filter->minRating && !filter->maxRating);
    }
};

QTEST_GUILESS_MAIN(TstPuzzleFilter)
#include "tst_puzzle_filter.moc"
