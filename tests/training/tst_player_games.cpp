// SPDX-License-Identifier: GPL-3.0-or-later
// One player's games (issue 38): name matching, time order and the split by date, on the real Lichess games of
// tests/data/games_sample.pgn (pnmadelaine: 90 games, 46 as White and 44 as Black, by grep).
#include "core/training/player_games.h"

#include <QTest>

using namespace kibitz;

namespace {
const std::vector<std::string> kGames{KIBITZ_TEST_DATA_DIR "/games_sample.pgn"};
}

class TestPlayerGames : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void findsThePlayerInTimeOrder() {
        auto g = training::readPlayerGames(kGames, "PnMadelaine");
        QVERIFY2(g.ok(), g.ok() ? "" : g.error().message.c_str());
        QCOMPARE(g->name, std::string("pnmadelaine"));
        QCOMPARE(g->games.size(), std::size_t(90));
        int white = 0;
        for (std::size_t i = 0; i < g->games.size(); ++i) {
            if (g->games[i].tag("White") == "pnmadelaine") ++white;
            if (i > 0) QVERIFY(training::gameTimeKey(g->games[i - 1]) <= training::gameTimeKey(g->games[i]));
        }
        QCOMPARE(white, 46);
        // A part of one name is taken as that name, and said so.
        std::string note;
        auto part = training::readPlayerGames(kGames, "madel", &note);
        QVERIFY(part.ok());
        QCOMPARE(part->games.size(), std::size_t(90));
        QVERIFY2(note.find("taken as pnmadelaine") != std::string::npos, note.c_str());
    }

    void refusesUnknownAndAmbiguousNames() {
        auto none = training::readPlayerGames(kGames, "nobody");
        QVERIFY(!none.ok());
        QVERIFY2(none.error().message.find("pnmadelaine (90)") != std::string::npos, none.error().message.c_str());
        auto two = training::readPlayerGames(kGames, "stein");  // DrNykterstein, DrDrunkenstein
        QVERIFY(!two.ok());
        QVERIFY2(two.error().message.find("matches 2 players") != std::string::npos, two.error().message.c_str());
    }

    void splitsByDate() {
        auto g = training::readPlayerGames(kGames, "pnmadelaine");
        QVERIFY(g.ok());
        const auto split = training::splitPlayerGames(g->games, 0.10, 0);
        QCOMPARE(split.validation.size(), std::size_t(9));
        QCOMPARE(split.train.size(), std::size_t(81));
        QVERIFY(training::gameTimeKey(*split.train.back()) <= training::gameTimeKey(*split.validation.front()));
        const auto newest20 = training::splitPlayerGames(g->games, 0.10, 20);
        QCOMPARE(newest20.train.size(), std::size_t(20));
        QCOMPARE(newest20.train.back(), split.train.back());
        QCOMPARE(newest20.validation, split.validation);
        // Two games: one of each; one game: nothing to validate on.
        const std::vector<chess::PgnGame> two(g->games.begin(), g->games.begin() + 2);
        QCOMPARE(training::splitPlayerGames(two, 0.10, 0).validation.size(), std::size_t(1));
        const std::vector<chess::PgnGame> one(g->games.begin(), g->games.begin() + 1);
        QCOMPARE(training::splitPlayerGames(one, 0.10, 0).train.size(), std::size_t(1));
        QVERIFY(training::splitPlayerGames(one, 0.10, 0).validation.empty());
    }
};

QTEST_GUILESS_MAIN(TestPlayerGames)
#include "tst_player_games.moc"
