// SPDX-License-Identifier: GPL-3.0-or-later
// The time-use replay of `eval time --play`: the real games' side is read from their clocks and
// Termination tags (tests/data/games_sample.pgn, Lichess, CC0), the model's side from replays with a fake whose
// think-time head always says 2 s, so every timed move is recorded as 2 s and a side of a 60+0 game runs out of
// time on its 31st timed move (ply 62): on one of the game's moves if the game is longer than 62 plies, on the think
// after its last move if it is exactly 62 plies long.
#include "core/chess/pgn.h"
#include "core/chess/pgn_tags.h"
#include "core/encoding/game_conditioning.h"
#include "core/evaluation/time_use.h"
#include "tests/encoding/position_evaluator.h"

#include <QTest>

#include <cmath>

using namespace kibitz;

namespace {

/// Uniform over the legal moves; a think-time head of ln(1 + s) ~ N(ln 3, 1e-6^2): 2 s.
class TwoSeconds : public testing::PositionEvaluator {
public:
    Result<std::vector<encoding::MoveProb>> movesAt(const chess::Position& pos,
                                                    const encoding::Conditioning&) override {
        const auto legal = pos.legalMoves();
        if (legal.empty()) return makeError(ErrorCode::InvalidInput, "no legal move");
        std::vector<encoding::MoveProb> out;
        for (const auto& m : legal) out.push_back({m, 1.0f / float(legal.size())});
        return out;
    }
    encoding::Heads heads() const override { return {.thinkTime = true}; }
    Result<std::vector<encoding::ThinkTime>> readThinkTimes(const std::vector<chess::Position>& positions,
                                                            const std::vector<encoding::Conditioning>& conds,
                                                            const std::vector<encoding::RecentMoves>&,
                                                            const std::vector<encoding::RecentTimes>& times,
                                                            const std::vector<chess::Move>& played) override {
        seen.insert(seen.end(), conds.begin(), conds.end());
        for (std::size_t i = 0; i < played.size(); ++i) movesLegal += positions[i].isLegal(played[i]);
        for (const auto& t : times) knownLast += t.moverLastS.has_value();
        encoding::ThinkTime t;
        t.mu = float(std::log(3.0));
        t.sigma = 1e-6f;
        return std::vector<encoding::ThinkTime>(positions.size(), t);
    }
    std::string describe() const override { return "two seconds"; }
    std::vector<encoding::Conditioning> seen;
    int knownLast = 0;
    std::size_t movesLegal = 0;  ///< moves the head was told that are legal where they are played
};

}  // namespace

class TstTimeUse : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void replaysAgainstTheGames() {
        auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
        QVERIFY(reader.ok());
        std::vector<chess::PgnGame> games;
        chess::PgnGame g;
        std::int64_t dataMoves = 0, forfeits = 0, past62 = 0, exactly62 = 0;
        while ((*reader)->next(g))
            if (g.tag("TimeControl") == "60+0" && !g.moves.empty() && g.moves.front().clockSeconds >= 0) {
                games.push_back(g);
                for (const auto& t : encoding::plyThinkTimes(g)) dataMoves += t.has_value();
                forfeits += g.tag("Termination") == "Time forfeit";
                past62 += g.moves.size() > 62;
                exactly62 += g.moves.size() == 62;
            }
        QVERIFY(games.size() >= 20);
        QVERIFY(past62 > 0 && past62 < std::int64_t(games.size()));
        TwoSeconds model;
        auto r = evaluation::compareTimeUse(model, games, play::MovePolicy{}, 1);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        const evaluation::TimeUseRow& bullet = r->bySpeed[std::size_t(chess::GameSpeed::Bullet)];
        QCOMPARE(bullet.games, std::int64_t(games.size()));
        QCOMPARE(bullet.dataMoves, dataMoves);
        QCOMPARE(bullet.dataLostOnTime, double(forfeits) / double(games.size()));
        QCOMPARE(bullet.modelMedianS, 2.0);
        QVERIFY(bullet.modelMeanS > 1.9 && bullet.modelMeanS <= 2.0);  // forced moves take a short reaction time
        // Every replay that plays ply 62 flags there, and none before (2 s a move from 60 s); a few random games
        // end in mate or stalemate first. Ply 62 is one of the game's moves when it has more, the think after its
        // last move when it has exactly 62; a game of 61 plies ends with Black's think at 2 s left, in time.
        const double n = double(games.size());
        const double within = double(past62) / n, withLast = double(past62 + exactly62) / n;
        QVERIFY2(bullet.modelLostOnTimeWithin <= within + 1e-9 && bullet.modelLostOnTimeWithin >= within - 3.0 / n,
                 qPrintable(QString::number(bullet.modelLostOnTimeWithin) + " against " + QString::number(within)));
        QVERIFY2(bullet.modelLostOnTime <= withLast + 1e-9 && bullet.modelLostOnTime >= withLast - 3.0 / n,
                 qPrintable(QString::number(bullet.modelLostOnTime) + " against " + QString::number(withLast)));
        // The head was told the clocks and the players' last move times (2 s each).
        QVERIFY(model.knownLast > 0);
        // ... and each move about to be played, legal in its position (a forced one too).
        QCOMPARE(model.movesLegal, model.seen.size());
        QCOMPARE(model.seen.front().moverClockS, std::optional<int>(60));
        QVERIFY(r->toJson().find("\"bullet\":{\"games\":") != std::string::npos);
        QVERIFY(r->toJson().find("\"lost_on_time_within_moves\":") != std::string::npos);
    }

    /// A real game lost on time ends in a think after its last recorded move: the replay thinks there too. One game
    /// of the sample cut to 61, 62 and 63 plies: the side to move at 62 runs out there (2 s a move from 60 s).
    void lastThinkCanFlag() {
        auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
        QVERIFY(reader.ok());
        chess::PgnGame g;
        bool found = false;
        while (!found && (*reader)->next(g))
            found = g.tag("TimeControl") == "60+0" && g.moves.size() > 63 && g.moves.front().clockSeconds >= 0;
        QVERIFY(found);
        for (const std::size_t plies : {61, 62, 63}) {
            chess::PgnGame cut = g;
            cut.moves.resize(plies);
            TwoSeconds model;
            auto r = evaluation::compareTimeUse(model, {cut}, play::MovePolicy{}, 1);
            QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
            const evaluation::TimeUseRow& row = r->bySpeed[std::size_t(chess::GameSpeed::Bullet)];
            QCOMPARE(row.games, std::int64_t(1));
            QCOMPARE(row.modelLostOnTime, plies >= 62 ? 1.0 : 0.0);
            QCOMPARE(row.modelLostOnTimeWithin, plies >= 63 ? 1.0 : 0.0);
            // The last think is not a recorded move: each side's first move is untimed, the rest 2 s each.
            QCOMPARE(row.modelMoves, std::int64_t(std::min<std::size_t>(plies, 62) - 2));
        }
    }
};

QTEST_APPLESS_MAIN(TstTimeUse)
#include "tst_time_use.moc"
