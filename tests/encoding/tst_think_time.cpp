// SPDX-License-Identifier: GPL-3.0-or-later
// The think-time rules: the seconds each move took, read from the [%clk] comments of real Lichess games
// (tests/data/games_sample.pgn, CC0; the expected values below were read off the PGN text by hand), the game speeds
// of Lichess's rule, the plain clock rule every model is compared with, the scores of `eval time`, and the quantiles
// of a log-normal think time.
#include "core/chess/pgn.h"
#include "core/chess/pgn_tags.h"
#include "core/encoding/evaluator.h"
#include "core/encoding/game_conditioning.h"
#include "core/training/human_samples.h"
#include "core/training/time_metrics.h"
#include "tests/encoding/position_evaluator.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <random>

using namespace kibitz;

namespace {

/// The game of `site` in games_sample.pgn.
chess::PgnGame gameOfSite(const std::string& site) {
    auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    if (!reader.ok()) qFatal("cannot open games_sample.pgn");
    chess::PgnGame game;
    while (reader.value()->next(game))
        if (game.tag("Site") == site) return game;
    qFatal("game %s not in games_sample.pgn", site.c_str());
}

/// A think-time head that answers the same distribution everywhere, so that eval time's scores depend only on the
/// games it reads.
class ConstantTimeHead : public testing::PositionEvaluator {
public:
    Result<std::vector<encoding::MoveProb>> movesAt(const chess::Position& pos,
                                                    const encoding::Conditioning&) override {
        std::vector<encoding::MoveProb> out;
        const chess::MoveList legal = pos.legalMoves();
        for (const chess::Move m : legal) out.push_back({m, 1.0f / float(legal.size())});
        return out;
    }
    std::string describe() const override { return "constant think time"; }
    encoding::Heads heads() const override { return {.thinkTime = true}; }
    Result<std::vector<encoding::ThinkTime>> readThinkTimes(const std::vector<chess::Position>& positions,
                                                            const std::vector<encoding::Conditioning>&,
                                                            const std::vector<encoding::RecentMoves>&,
                                                            const std::vector<encoding::RecentTimes>&,
                                                            const std::vector<chess::Move>&) override {
        return std::vector<encoding::ThinkTime>(positions.size(), encoding::ThinkTime{1.0f, 0.5f});
    }
};

void setTag(chess::PgnGame& game, const std::string& name, const std::string& value) {
    for (auto& t : game.tags)
        if (t.first == name) t.second = value;
}

}  // namespace

class TestThinkTime : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void secondsPerMoveFromTheClocks() {
        // 60+0: 1. c4 {1:00} e6 {1:00} 2. Nc3 {1:00} d5 {1:00} 3. d4 {0:59} Be7 {1:00} 4. Nf3 {0:59} Nf6 {0:59}
        // 5. cxd5 {0:58} exd5 {0:58} 6. Bf4 {0:55}
        const chess::PgnGame game = gameOfSite("https://lichess.org/0JWc9Xbd");
        const auto spent = encoding::plyThinkTimes(game);
        QCOMPARE(spent.size(), game.moves.size());
        QVERIFY(!spent[0] && !spent[1]);  // first moves: Lichess does not run the clock
        const int expected[] = {0, 0, 1, 0, 0, 1, 1, 1, 3};
        for (int i = 0; i < 9; ++i) {
            QVERIFY2(spent[std::size_t(2 + i)].has_value(), qPrintable(QString::number(2 + i)));
            QCOMPARE(*spent[std::size_t(2 + i)], expected[i]);
        }
    }

    void incrementIsAddedAndGivenTimeIsUnknown() {
        // The game above told 60+2: each move's time is before + 2 - after. Then with one clock raised by 15 s after
        // Black's move 3 (the opponent gave time): that move's time is unknown, the next one counts from it.
        chess::PgnGame game = gameOfSite("https://lichess.org/0JWc9Xbd");
        for (auto& t : game.tags)
            if (t.first == "TimeControl") t.second = "60+2";
        auto spent = encoding::plyThinkTimes(game);
        QCOMPARE(*spent[2], 2);                // 60 + 2 - 60
        QCOMPARE(*spent[10], 5);               // 58 + 2 - 55
        game.moves[5].clockSeconds = 60 + 15;  // 3... Be7 {1:15}
        spent = encoding::plyThinkTimes(game);
        QVERIFY(!spent[5].has_value());    // 60 + 2 - 75 < 0
        QCOMPARE(*spent[7], 75 + 2 - 59);  // 4... Nf6: from the raised clock
        // Without a TimeControl tag the increment is unknown, so every time is.
        std::erase_if(game.tags, [](const auto& t) { return t.first == "TimeControl"; });
        for (const auto& s : encoding::plyThinkTimes(game)) QVERIFY(!s.has_value());
    }

    void recentTimesAndPaces() {
        // The game above (60+0), its move times by ply: 2:0 3:0 4:1 5:0 6:0 7:1 8:1 9:1 10:3 (plies 0 and 1 unknown).
        const chess::PgnGame game = gameOfSite("https://lichess.org/0JWc9Xbd");
        const auto spent = encoding::plyThinkTimes(game);
        // Before ply 11 (Black to move): Black's last move is ply 9 (1 s), White's ply 10 (3 s); Black's pace is the
        // mean of plies 9, 7, 5, 3 (1, 1, 0, 0: ply 1 is unknown), White's of plies 10, 8, 6, 4, 2 (3, 1, 0, 1, 0).
        auto t = encoding::recentTimesAt(spent, 11);
        QCOMPARE(t.moverLastS, std::optional<int>(1));
        QCOMPARE(t.oppLastS, std::optional<int>(3));
        QCOMPARE(*t.moverPaceS, 0.5);
        QCOMPARE(*t.oppPaceS, 1.0);
        // Only the last five timed moves count: with ply 12 at 10 s, before ply 14 White's pace is plies 12, 10, 8,
        // 6, 4 (10, 3, 1, 0, 1), not ply 2.
        std::vector<std::optional<int>> longer(spent.begin(), spent.begin() + 11);
        longer.push_back(2);   // ply 11
        longer.push_back(10);  // ply 12
        longer.push_back(4);   // ply 13
        t = encoding::recentTimesAt(longer, 14);
        QCOMPARE(*t.moverPaceS, 3.0);
        QCOMPARE(*t.oppPaceS, (4 + 2 + 1 + 1 + 0) / 5.0);
        // Entries from the ply on are ignored; at the start nothing is known.
        QCOMPARE(encoding::recentTimesAt(longer, 11), encoding::recentTimesAt(spent, 11));
        t = encoding::recentTimesAt(spent, 2);
        QVERIFY(!t.moverLastS && !t.oppLastS && !t.moverPaceS && !t.oppPaceS);
        // Training samples carry them, in tenths of a second.
        std::vector<encoding::EncodedPosition> out;
        training::SampleStats stats;
        training::gameToPositions(game, encoding::BoardView::Mover, out, stats, 2);
        bool seen = false;
        for (const auto& e : out) {
            if (e.ply != 11) continue;
            seen = true;
            QCOMPARE(int(e.moverPaceDs), 5);
            QCOMPARE(int(e.oppPaceDs), 10);
            QCOMPARE(encoding::recentTimesOf(e), encoding::recentTimesAt(spent, 11));
        }
        QVERIFY(seen);
    }

    void unclockedGamesHaveNoTimes() {
        auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
        QVERIFY(reader.ok());
        chess::PgnGame game;
        int clocked = 0, unclocked = 0;
        while (reader.value()->next(game)) {
            const auto spent = encoding::plyThinkTimes(game);
            const bool hasClock = !game.moves.empty() && game.moves.front().clockSeconds >= 0;
            int known = 0;
            for (const auto& s : spent) known += s.has_value();
            if (hasClock) {
                ++clocked;
                QVERIFY(game.moves.size() < 3 || known > 0);
            } else {
                ++unclocked;
                QCOMPARE(known, 0);
            }
        }
        QCOMPARE(clocked, 130);  // tests/data/README.md: 40 + 90 clocked games, 170 without
        QCOMPARE(unclocked, 170);
    }

    // Impossible clocks and time controls, one rule (encoding::clockProblem): a real 60+0 game edited to have them
    // reads no clock (plyConditionings, plyThinkTimes), is unusable for training (unusableReason), and eval time
    // skips and counts it instead of scoring it.
    void impossibleClocksAreOneRule() {
        const chess::PgnGame real = gameOfSite("https://lichess.org/0JWc9Xbd");  // 60+0, 90 plies, clocks 1:00..0:12
        QCOMPARE(encoding::clockProblem(real), std::string());
        // No real game of the sample trips the rule (130 with clocks, some given time, increments up to 180 s).
        auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
        QVERIFY(reader.ok());
        chess::PgnGame game;
        int read = 0;
        while (reader.value()->next(game)) {
            ++read;
            QVERIFY2(encoding::clockProblem(game).empty(),
                     (game.tag("Site") + ": " + encoding::clockProblem(game)).c_str());
        }
        QCOMPARE(read, 300);
        // Given time stays possible: White's clock raised by a minute after move 3.
        chess::PgnGame given = real;
        given.moves[4].clockSeconds = 119;
        QCOMPARE(encoding::clockProblem(given), std::string());

        struct Case {
            const char* what;
            std::function<void(chess::PgnGame&)> edit;
            const char* reason;  // part of clockProblem's answer
        };
        const std::vector<Case> cases = {
            {"0:99:99 in a 60+0 game", [](chess::PgnGame& g) { g.moves[6].clockSeconds = 99 * 60 + 99; },
             "ply 7: a clock of 6039 s is more than the time control \"60+0\" gives after 4 move(s) with 300 s given "
             "by "
             "the opponent"},
            {"a 9,999-hour clock", [](chess::PgnGame& g) { g.moves[11].clockSeconds = 9999 * 3600; },
             "ply 12: a clock of 35996400 s"},
            {"9,999 hours without a TimeControl",
             [](chess::PgnGame& g) {
                 g.tags.erase(std::remove_if(g.tags.begin(), g.tags.end(),
                                             [](const auto& t) { return t.first == "TimeControl"; }),
                              g.tags.end());
                 g.moves[11].clockSeconds = 9999 * 3600;
             },
             "more than any clock gives"},
            {"every clock 0",
             [](chess::PgnGame& g) {
                 for (auto& m : g.moves) m.clockSeconds = 0;
             },
             "every clock reads 0:00:00"},
            {"600+1000000000", [](chess::PgnGame& g) { setTag(g, "TimeControl", "600+1000000000"); },
             "an increment of 1000000000 s"},
            {"0+0", [](chess::PgnGame& g) { setTag(g, "TimeControl", "0+0"); }, "\"0+0\" gives no time"},
            {"a base of 100 hours", [](chess::PgnGame& g) { setTag(g, "TimeControl", "360000+0"); },
             "a base of 360000 s"},
        };
        QTemporaryDir dir;
        for (const Case& c : cases) {
            chess::PgnGame bad = real;
            c.edit(bad);
            const std::string why = encoding::clockProblem(bad);
            QVERIFY2(why.find(c.reason) != std::string::npos, (std::string(c.what) + ": " + why).c_str());
            QCOMPARE(training::unusableReason(bad), std::string("impossible clocks"));
            for (const auto& t : encoding::plyThinkTimes(bad)) QVERIFY2(!t, c.what);
            for (const auto& cond : encoding::plyConditionings(bad, true)) {
                QVERIFY2(!cond.moverClockS && !cond.oppClockS && !cond.incrementS, c.what);
                QVERIFY(cond.moverElo.has_value());  // the ratings are still read
            }
            // eval time over the real game and the edited one: the edited one is skipped and counted, and the scores
            // are those of the real game alone.
            const QString path = dir.filePath(QStringLiteral("games.pgn"));
            {
                std::ofstream out(path.toStdString(), std::ios::binary | std::ios::trunc);
                out << chess::writePgn(real) << "\n" << chess::writePgn(bad) << "\n";
            }
            ConstantTimeHead head;
            const auto both = training::evaluateThinkTime(head, {path.toStdString()}, false, 0);
            QVERIFY2(both.ok(), both.ok() ? "" : both.error().message.c_str());
            {
                std::ofstream out(path.toStdString(), std::ios::binary | std::ios::trunc);
                out << chess::writePgn(real) << "\n";
            }
            const auto alone = training::evaluateThinkTime(head, {path.toStdString()}, false, 0);
            QVERIFY(alone.ok());
            QCOMPARE(both->games, 1);
            QCOMPARE(both->gamesSkipped, 1);
            QCOMPARE(alone->gamesSkipped, 0);
            QCOMPARE(both->baseline.moves, alone->baseline.moves);
            QCOMPARE(both->baseline.maeS, alone->baseline.maeS);
            QCOMPARE(both->model.maeS, alone->model.maeS);
            QVERIFY(alone->baseline.maeS < 10.0);
        }
    }

    void trainingSamplesCarryTheTime() {
        // gameToPositions sets thinkTimeS from the same rule for every position it emits.
        auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
        QVERIFY(reader.ok());
        chess::PgnGame game;
        std::int64_t withTime = 0, checked = 0;
        while (reader.value()->next(game)) {
            if (!training::unusableReason(game).empty()) continue;
            std::vector<encoding::EncodedPosition> out;
            training::SampleStats stats;
            training::gameToPositions(game, encoding::BoardView::Mover, out, stats, 2);
            const auto spent = encoding::plyThinkTimes(game);
            for (const auto& e : out) {
                const auto& s = spent[e.ply];
                QCOMPARE(int(e.thinkTimeS), s ? std::min(*s, 32767) : -1);
                withTime += e.thinkTimeS >= 0;
                ++checked;
            }
        }
        QVERIFY(checked > 10000);
        QVERIFY(withTime > 3000);
    }

    void lichessSpeeds() {
        // Lichess's examples: 2+1 bullet, 3+0 blitz, 5+3 blitz, 8+0 rapid, 15+10 rapid, 30+0 classical.
        QCOMPARE(chess::gameSpeed(15, 0), chess::GameSpeed::Bullet);
        QCOMPARE(chess::gameSpeed(120, 1), chess::GameSpeed::Bullet);
        QCOMPARE(chess::gameSpeed(180, 0), chess::GameSpeed::Blitz);
        QCOMPARE(chess::gameSpeed(300, 3), chess::GameSpeed::Blitz);
        QCOMPARE(chess::gameSpeed(480, 0), chess::GameSpeed::Rapid);
        QCOMPARE(chess::gameSpeed(900, 10), chess::GameSpeed::Rapid);
        QCOMPARE(chess::gameSpeed(1800, 0), chess::GameSpeed::Classical);
        QCOMPARE(QString(chess::gameSpeedName(chess::GameSpeed::Classical)), QStringLiteral("classical"));
    }

    void baselineRule() {
        encoding::Conditioning c;
        QCOMPARE(training::baselineThinkTimeS(c, 30), 0.0);  // no clock: no rule
        c.moverClockS = 300;
        c.incrementS = 2;
        QCOMPARE(training::baselineThinkTimeS(c, 30), 300 / 40.0 + 1.6);
        QCOMPARE(training::baselineThinkTimeS(c, 15), (300 / 40.0 + 1.6) / 3.0);
        c.incrementS.reset();
        QCOMPARE(training::baselineThinkTimeS(c, 16), 7.5);
    }

    void scores() {
        // Predictions 1, 2, 3, 4 s for real 2, 4, 6, 8 s: r = 1; errors 1, 2, 3, 4: MAE 2.5, median 2.5.
        training::TimeSample s;
        for (int i = 1; i <= 4; ++i) s.add(i, 2 * i);
        auto sc = s.scores();
        QCOMPARE(sc.moves, std::int64_t(4));
        QVERIFY(std::abs(sc.pearsonR - 1.0) < 1e-9);
        QVERIFY(sc.pearsonRLog > 0.99 && sc.pearsonRLog < 1.0);  // ln(1+x) is not linear
        QCOMPARE(sc.maeS, 2.5);
        QCOMPARE(sc.medianAeS, 2.5);
        // Anti-correlated: r = -1. A constant prediction: r = 0 (undefined, reported as 0).
        training::TimeSample anti, flat;
        for (int i = 1; i <= 5; ++i) {
            anti.add(10 - i, i);
            flat.add(3, i);
        }
        QVERIFY(std::abs(anti.scores().pearsonR + 1.0) < 1e-9);
        QCOMPARE(flat.scores().pearsonR, 0.0);
        QCOMPARE(flat.scores().medianAeS, 1.0);  // errors 2 1 0 1 2
    }

    void evaluationJsonHasEveryKey() {
        training::TimeEvaluator acc;
        acc.add(chess::GameSpeed::Blitz, 3.0, 2.0, 4.0);
        acc.add(chess::GameSpeed::Bullet, 1.0, 1.5, 1.0);
        acc.counts.games = 2;
        QVERIFY(acc.result().toJson().find("pearson_r_expected") == std::string::npos);  // medians only: unknown
        encoding::ThinkTime t;
        t.mu = 1.0f;
        t.sigma = 0.5f;
        training::TimeEvaluator dist;
        dist.add(chess::GameSpeed::Blitz, t, 2.0, 4.0);
        t.mu = 2.0f;
        dist.add(chess::GameSpeed::Blitz, t, 3.0, 9.0);
        const std::string withExpected = dist.result().toJson();
        QVERIFY(withExpected.find("\"pearson_r_expected\"") != std::string::npos);
        // ... for the model, never for the rule
        QVERIFY(withExpected.find("pearson_r_expected", withExpected.find("\"baseline\"")) == std::string::npos);
        const std::string json = acc.result().toJson();
        for (const char* key :
             {"\"moves\":2", "\"pearson_r\"", "\"pearson_r_log\"", "\"mae_s\":0.500", "\"median_ae_s\"", "\"by_speed\"",
              "\"bullet\":{\"moves\":1", "\"blitz\":{\"moves\":1", "\"rapid\":{\"moves\":0", "\"classical\"",
              "\"baseline\":{\"moves\":2", "\"games\":2", "\"games_skipped\":0"})
            QVERIFY2(json.find(key) != std::string::npos, key);
    }

    void logNormalQuantiles() {
        // ln(1 + s) ~ N(ln 11, 0.5^2): median 10 s; the 90% quantile exp(ln 11 + 0.5 x 1.2815516) - 1.
        encoding::ThinkTime t;
        t.mu = float(std::log(11.0));
        t.sigma = 0.5f;
        QVERIFY(std::abs(t.quantileS(0.5) - 10.0) < 1e-4);
        QVERIFY(std::abs(t.quantileS(0.9) - (11.0 * std::exp(0.5 * 1.2815516) - 1.0)) < 1e-3);
        QVERIFY(std::abs(t.quantileS(0.1) - (11.0 * std::exp(-0.5 * 1.2815516) - 1.0)) < 1e-3);
        QCOMPARE(t.atDeviateS(-100.0), 0.0);  // never negative
    }

    void logNormalMoments() {
        // Far from 0 the clamp does not matter: the log-normal's textbook mean exp(mu + s^2/2) - 1 and variance
        // (exp(s^2) - 1) exp(2 mu + s^2).
        encoding::ThinkTime t;
        t.mu = float(std::log(11.0));
        t.sigma = 0.5f;
        const double mean = 11.0 * std::exp(0.125) - 1.0, var = (std::exp(0.25) - 1.0) * 121.0 * std::exp(0.25);
        QVERIFY2(std::abs(t.meanS() - mean) < 1e-3, qPrintable(QString::number(t.meanS())));
        QVERIFY2(std::abs(t.varianceS() - var) < 1e-2, qPrintable(QString::number(t.varianceS())));
        // Near 0 half the draws are clamped to 0 (mu = 0): against a numerical integral of atDeviateS over the normal.
        t.mu = 0.0f;
        t.sigma = 1.0f;
        double m1 = 0.0, m2 = 0.0;
        const double dz = 1e-3;
        for (double z = -9.0; z < 9.0; z += dz) {
            const double w = std::exp(-z * z / 2.0) / std::sqrt(2.0 * M_PI) * dz, x = t.atDeviateS(z);
            m1 += w * x;
            m2 += w * x * x;
        }
        QVERIFY2(std::abs(t.meanS() - m1) < 1e-4,
                 qPrintable(QString::number(t.meanS()) + " vs " + QString::number(m1)));
        QVERIFY2(std::abs(t.varianceS() - (m2 - m1 * m1)) < 1e-3, qPrintable(QString::number(t.varianceS())));
        QVERIFY(t.meanS() < std::exp(0.5) - 1.0 + 0.3);  // the clamp raises it above the unclamped e^0.5 - 1
        QVERIFY(t.meanS() > std::exp(0.5) - 1.0);
    }

    void expectedRMatchesDrawsFromTheDistributions() {
        // 60,000 moves whose real seconds are drawn from the very distributions predicted: their r comes out at the
        // expected r (within sampling error), and a flatter prediction of the same moves expects and gets less.
        std::mt19937_64 rng(7);
        std::normal_distribution<double> z;
        std::uniform_real_distribution<double> u(0.0, 2.5);
        training::TimeSample sharp, blurred;
        for (int i = 0; i < 60000; ++i) {
            encoding::ThinkTime t;
            t.mu = float(u(rng));
            t.sigma = float(0.3 + 0.2 * u(rng));
            const double real = t.atDeviateS(z(rng));
            sharp.add(t, real);
            encoding::ThinkTime b = t;  // a flatter, wider guess at the same moves
            b.mu = float(0.5 * t.mu + 0.625);
            b.sigma = float(std::sqrt(double(t.sigma) * t.sigma + 0.25 * 0.52));
            blurred.add(b, real);
        }
        const auto s = sharp.scores(), b = blurred.scores();
        QVERIFY(s.pearsonRExpected.has_value());
        QVERIFY2(std::abs(s.pearsonR - *s.pearsonRExpected) < 0.02,
                 qPrintable(QString("r %1 expected %2").arg(s.pearsonR).arg(*s.pearsonRExpected)));
        QVERIFY2(*b.pearsonRExpected < *s.pearsonRExpected - 0.05, qPrintable(QString::number(*b.pearsonRExpected)));
        // A rule without a distribution has no expected r, and one such move in a sample takes it away.
        training::TimeSample mixed = sharp;
        mixed.add(3.0, 2.0);
        QVERIFY(!mixed.scores().pearsonRExpected.has_value());
    }
};

QTEST_APPLESS_MAIN(TestThinkTime)
#include "tst_think_time.moc"
