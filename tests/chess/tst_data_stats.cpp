// SPDX-License-Identifier: GPL-3.0-or-later
// The counts of a file of games or puzzles (chess::GameStats, chess::PuzzleStats): the one scanner behind the training
// page's data scan, pgn-stats and puzzle-stats. The speed classes follow Lichess's rule (base + 40 x increment) with
// gameSpeed's thresholds; the sample counts are checked against what the readers return (tests/data, Lichess, CC0) and
// against the first puzzle row read by eye (rating 1492, RD 74, two solver moves, three themes).
#include "core/chess/data_stats.h"
#include "core/chess/pgn.h"
#include "core/chess/puzzle_csv.h"

#include <QTest>

#include <algorithm>
#include <numeric>

using namespace kibitz;

class TstDataStats : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void speedNames_data() {
        QTest::addColumn<QString>("tag");
        QTest::addColumn<QString>("speed");
        QTest::newRow("empty") << ""
                               << "unknown";
        QTest::newRow("?") << "?"
                           << "unknown";
        QTest::newRow("malformed") << "5min"
                                   << "unknown";
        QTest::newRow("-") << "-"
                           << "correspondence";
        QTest::newRow("15+0") << "15+0"
                              << "ultrabullet";
        QTest::newRow("29+0") << "29+0"
                              << "ultrabullet";
        QTest::newRow("30+0") << "30+0"
                              << "bullet";
        QTest::newRow("0+1") << "0+1"
                             << "bullet";
        QTest::newRow("179+0") << "179+0"
                               << "bullet";
        QTest::newRow("180+0") << "180+0"
                               << "blitz";
        QTest::newRow("120+2") << "120+2"
                               << "blitz";
        QTest::newRow("300+4") << "300+4"
                               << "blitz";
        QTest::newRow("300+5") << "300+5"
                               << "rapid";
        QTest::newRow("1499") << "1499"
                              << "rapid";
        QTest::newRow("1500+0") << "1500+0"
                                << "classical";
        QTest::newRow("1800+30") << "1800+30"
                                 << "classical";
    }
    void speedNames() {
        QFETCH(QString, tag);
        QFETCH(QString, speed);
        QCOMPARE(QString::fromStdString(chess::timeControlSpeedName(tag.toStdString())), speed);
    }

    void reasonGroups_data() {
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("group");
        QTest::newRow("quoted move") << "illegal move 'Nf9' at ply 23"
                                     << "illegal move";
        QTest::newRow("plain") << "Chess960 is not supported"
                               << "Chess960 is not supported";
        QTest::newRow("number") << "variations nested deeper than 200 levels"
                                << "variations nested deeper than";
        QTest::newRow("colon") << "bad FEN: too few fields"
                               << "bad FEN";
        QTest::newRow("nothing before") << "'x' is not a move"
                                        << "'x' is not a move";
    }
    void reasonGroups() {
        QFETCH(QString, reason);
        QFETCH(QString, group);
        QCOMPARE(QString::fromStdString(chess::skipReasonGroup(reason.toStdString())), group);
    }

    void gamesOfTheSample() {
        auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
        QVERIFY(reader.ok());
        reader.value()->setKeepVariations(false);
        chess::GameStats s(100);
        chess::PgnGame g;
        std::int64_t games = 0, plies = 0, clocked = 0;
        while (reader.value()->next(g)) {
            s.add(g);
            ++games;
            plies += std::int64_t(g.moves.size());
            clocked += std::any_of(g.moves.begin(), g.moves.end(), [](const auto& m) { return m.clockSeconds >= 0; });
        }
        QCOMPARE(games, std::int64_t{300});
        QCOMPARE(s.games, games);
        QCOMPARE(s.positions, plies);
        QCOMPARE(s.gamesWithClock, clocked);
        const auto sum = [](const auto& m) {
            return std::accumulate(m.begin(), m.end(), std::int64_t{0},
                                   [](std::int64_t a, const auto& kv) { return a + kv.second; });
        };
        QCOMPARE(sum(s.elo) + s.eloMissing, 2 * games);
        QCOMPARE(sum(s.speeds), games);
        QCOMPARE(sum(s.timeControls), games);
        QVERIFY(s.eloMin > 0 && s.eloMin <= s.eloMax && s.eloMax <= chess::kMaxPlausibleElo);
        QCOMPARE(s.elo.begin()->first, s.eloMin / 100 * 100);
        QCOMPARE(s.elo.rbegin()->first, s.eloMax / 100 * 100);
    }

    /// A rating above kMaxPlausibleElo, or none, counts as missing and leaves the range alone.
    void implausibleRatingsAreMissing() {
        chess::GameStats s;
        chess::PgnGame g;
        g.tags = {{"WhiteElo", "6000"}, {"BlackElo", "1234"}, {"TimeControl", "60+0"}};
        s.add(g);
        g.tags = {{"WhiteElo", "?"}, {"BlackElo", "1500?"}};
        s.add(g);
        QCOMPARE(s.eloMissing, std::int64_t{3});
        QCOMPARE(s.eloMin, 1234);
        QCOMPARE(s.eloMax, 1234);
        QCOMPARE(s.elo.size(), std::size_t{1});
        QCOMPARE(s.elo.at(1200), std::int64_t{1});
        QCOMPARE(s.speeds.at("bullet"), std::int64_t{1});
        QCOMPARE(s.timeControls.at("(none)"), std::int64_t{1});
    }

    void skipsAreGroupedWithExamples() {
        chess::GameStats s(200, 1);
        s.addSkip({"a.pgn", 7, "illegal move 'Nf9' at ply 23"});
        s.addSkip({"a.pgn", 90, "illegal move 'Kx' at ply 4"});
        QCOMPARE(s.skipped, std::int64_t{2});
        QCOMPARE(s.skipReasons.at("illegal move"), std::int64_t{2});
        QCOMPARE(s.skipExamples.size(), std::size_t{1});
        QCOMPARE(s.skipExamples.front().where, std::string("a.pgn:7"));
    }

    void puzzlesOfTheSample() {
        auto reader = chess::PuzzleCsvReader::open(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv");
        QVERIFY(reader.ok());
        chess::PuzzleStats s;
        chess::Puzzle p;
        QVERIFY(reader.value()->next(p));
        s.add(p);
        QCOMPARE(s.puzzles, std::int64_t{1});
        QCOMPARE(s.solverMoves, std::int64_t{2});
        QCOMPARE(s.ratingMin, 1492);
        QCOMPARE(s.ratingMax, 1492);
        QCOMPARE(s.rating.at(1400), std::int64_t{1});
        QCOMPARE(s.plies.at(4), std::int64_t{1});
        QCOMPARE(s.ratingDeviations, std::vector<int>{74});
        QCOMPARE(s.themes.size(), std::size_t{3});
        std::int64_t puzzles = 1, solver = 2;
        while (reader.value()->next(p)) {
            s.add(p);
            ++puzzles;
            solver += p.solutionLength();
        }
        QCOMPARE(s.puzzles, puzzles);
        QCOMPARE(s.solverMoves, solver);
        QVERIFY(s.ratingMin <= s.ratingMax);
    }
};

QTEST_APPLESS_MAIN(TstDataStats)
#include "tst_data_stats.moc"
