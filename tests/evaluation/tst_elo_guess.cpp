// SPDX-License-Identifier: GPL-3.0-or-later
// guess-elo's estimator (core/evaluation/elo_guess): reading the maximum and the likelihood-ratio interval off a
// curve, and the whole path on a real game (tests/data/games_sample.pgn, Lichess) with a fake model whose
// probability of the move actually played peaks at a chosen rating for each side.
#include "core/chess/pgn.h"
#include "core/evaluation/elo_guess.h"
#include "tests/encoding/position_evaluator.h"

#include <QtTest>

#include <cmath>
#include <map>

using namespace kibitz;

namespace {

/// Gives the move that was played in the game a probability peaking at `peak[side to move]`; the other legal moves
/// share the rest. Also records what conditioning it was shown.
class PeakedEvaluator : public testing::PositionEvaluator {
public:
    std::map<chess::Key, chess::Move> played;
    int peak[2] = {1400, 2200};
    std::optional<int> seenOppElo[2];
    int calls = 0;
    int oppSameAsMover = 0;  ///< calls where the opponent's rating equalled the mover's
    int oppUnknown = 0;      ///< calls without an opponent rating
    Result<std::vector<encoding::MoveProb>> movesAt(const chess::Position& pos,
                                                    const encoding::Conditioning& cond) override {
        ++calls;
        const chess::MoveList legal = pos.legalMoves();
        const auto it = played.find(pos.key());
        const chess::Move target = it == played.end() ? chess::Move::none() : it->second;
        const int side = int(pos.sideToMove());
        seenOppElo[side] = cond.oppElo;
        if (cond.oppElo && cond.oppElo == cond.moverElo) ++oppSameAsMover;
        if (!cond.oppElo) ++oppUnknown;
        const double d = (cond.moverElo.value_or(0) - peak[side]) / 400.0;
        const double p = 0.1 + 0.8 * std::exp(-d * d);
        std::vector<encoding::MoveProb> out;
        for (chess::Move m : legal)
            out.push_back({m, float(m == target ? p : (1.0 - p) / double(std::max(1, legal.size() - 1)))});
        return out;
    }
    std::string describe() const override { return "peaked fake"; }
    /// Remembers the move played in each position of `game`.
    void learnGame(const chess::PgnGame& game) {
        chess::Position pos = *game.startPosition();
        for (const auto& pm : game.moves) {
            played[pos.key()] = pm.move;
            pos.makeMove(pm.move);
        }
    }
};

/// The first game of tests/data/games_sample.pgn.
chess::PgnGame firstSampleGame() {
    auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    chess::PgnGame game;
    if (!reader.ok() || !reader.value()->next(game)) qFatal("cannot read games_sample.pgn");
    return game;
}

}  // namespace

class TestEloGuess : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void curveMaximumAndInterval();
    void curveAtTheEdge();
    void realGameWithPeakedModel();
    void opponentModes();
    void posteriorMedianAndInterval();
    void temperWidensThePosterior();
    void calibratedUninformativeGame();
    void gaussianAndPopulationPriors();
    void pairPriorIsTheGamesTable();
    void pairsPriorEstimatesBothTogether();
};

void TestEloGuess::curveMaximumAndInterval() {
    // ll(E) = -0.5 ((E - 1730) / 150)^2: maximum 1730, and ll drops by 1.92 at 1730 -/+ 150 sqrt(3.84) = 293.9.
    evaluation::EloGuessOptions o;
    const auto grid = evaluation::eloGuessGrid(o);
    QCOMPARE(grid.front(), 600);
    QCOMPARE(grid.back(), 3200);  // the conditioning's top bracket
    std::vector<double> ll;
    for (int e : grid) ll.push_back(-0.5 * std::pow((e - 1730) / 150.0, 2));
    const auto est = evaluation::estimateFromCurve(grid, ll, 1.92);
    QVERIFY(est.valid);
    QVERIFY2(std::abs(est.estimate - 1730) < 1.0, qPrintable(QString::number(est.estimate)));
    QVERIFY2(std::abs(est.low - (1730 - 293.9)) < 10.0, qPrintable(QString::number(est.low)));
    QVERIFY2(std::abs(est.high - (1730 + 293.9)) < 10.0, qPrintable(QString::number(est.high)));
    // A smaller drop gives a narrower interval around the same maximum.
    const auto narrow = evaluation::estimateFromCurve(grid, ll, 0.5);
    QVERIFY(narrow.low > est.low && narrow.high < est.high);
}

void TestEloGuess::curveAtTheEdge() {
    // Likelihood still rising at 3000: the estimate is the grid's end and so is the interval's upper end.
    const std::vector<int> grid{600, 1000, 1400, 1800, 2200, 2600, 3000};
    const std::vector<double> ll{-60, -50, -40, -30, -20, -10, 0};
    const auto est = evaluation::estimateFromCurve(grid, ll, 1.92);
    QCOMPARE(est.estimate, 3000.0);
    QCOMPARE(est.high, 3000.0);
    QVERIFY(est.low > 2800 && est.low < 3000);
}

void TestEloGuess::realGameWithPeakedModel() {
    const chess::PgnGame game = firstSampleGame();
    QVERIFY(game.moves.size() > 40);
    PeakedEvaluator ev;
    auto start = game.startPosition();
    QVERIFY(start.ok());
    chess::Position pos = *start;
    int expectedMoves[2] = {0, 0};
    for (const auto& pm : game.moves) {
        ev.played[pos.key()] = pm.move;
        if (pos.countLegalMoves() > 1) ++expectedMoves[pos.sideToMove()];
        pos.makeMove(pm.move);
    }
    auto r = evaluation::guessGameElo(ev, game);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QVERIFY(r->white.valid && r->black.valid);
    QCOMPARE(r->white.moves, expectedMoves[0]);
    QCOMPARE(r->black.moves, expectedMoves[1]);
    QVERIFY2(std::abs(r->white.estimate - 1400) < 30, qPrintable(QString::number(r->white.estimate)));
    QVERIFY2(std::abs(r->black.estimate - 2200) < 30, qPrintable(QString::number(r->black.estimate)));
    QVERIFY(r->white.low < 1400 && r->white.high > 1400);
    QVERIFY(r->black.low < 2200 && r->black.high > 2200);
    QVERIFY(r->white.high - r->white.low < 600);
    // The opponent's rating comes from the game's tags.
    QCOMPARE(ev.seenOppElo[0], std::optional<int>(std::stoi(game.tag("BlackElo"))));
    QCOMPARE(ev.seenOppElo[1], std::optional<int>(std::stoi(game.tag("WhiteElo"))));
    // 27 grid ratings (600..3200) for every non-forced position.
    QCOMPARE(ev.calls, 27 * (expectedMoves[0] + expectedMoves[1]));
}

void TestEloGuess::opponentModes() {
    const chess::PgnGame game = firstSampleGame();
    QVERIFY(!game.tag("WhiteElo").empty() && game.tag("WhiteElo") != game.tag("BlackElo"));
    evaluation::EloGuessOptions o;
    // From the tag: the opponent's true rating, so it equals the grid value only where the grid passes it.
    PeakedEvaluator fromTag;
    fromTag.learnGame(game);
    QVERIFY(evaluation::guessGameElo(fromTag, game, o).ok());
    QVERIFY(fromTag.oppSameAsMover < fromTag.calls / 10);
    QCOMPARE(fromTag.oppUnknown, 0);
    // The game's level: every query is told the same rating for both players.
    PeakedEvaluator same;
    same.learnGame(game);
    o.opponent = evaluation::EloGuessOptions::Opponent::SameAsMover;
    auto r = evaluation::guessGameElo(same, game, o);
    QVERIFY(r.ok());
    QCOMPARE(same.oppSameAsMover, same.calls);
    QVERIFY2(std::abs(r->white.estimate - 1400) < 30, qPrintable(QString::number(r->white.estimate)));
    // Unknown: never told.
    PeakedEvaluator unknown;
    unknown.learnGame(game);
    o.opponent = evaluation::EloGuessOptions::Opponent::Unknown;
    QVERIFY(evaluation::guessGameElo(unknown, game, o).ok());
    QCOMPARE(unknown.oppUnknown, unknown.calls);
    QVERIFY(unknown.calls > 0);
}

void TestEloGuess::posteriorMedianAndInterval() {
    // A Gaussian posterior (mean 1730, sd 150): median 1730, central 95% interval 1730 -/+ 1.96 * 150 = 294.
    evaluation::EloGuessOptions o;
    const auto grid = evaluation::eloGuessGrid(o);
    std::vector<double> lp;
    for (int e : grid) lp.push_back(-0.5 * std::pow((e - 1730) / 150.0, 2) - 40.0);
    const auto est = evaluation::posteriorFromCurve(grid, lp, 0.95);
    QVERIFY(est.valid);
    QVERIFY2(std::abs(est.estimate - 1730) < 3.0, qPrintable(QString::number(est.estimate)));
    QVERIFY2(std::abs(est.low - (1730 - 294)) < 15.0, qPrintable(QString::number(est.low)));
    QVERIFY2(std::abs(est.high - (1730 + 294)) < 15.0, qPrintable(QString::number(est.high)));
    // A skewed one: density exp(-(E - 600) / 200) from 600 on. Its mode is 600, its median 600 + 200 ln 2 = 738.6,
    // its 97.5% point 600 + 200 ln 40 = 1337.8.
    std::vector<double> skew;
    for (int e : grid) skew.push_back(-(e - 600) / 200.0);
    const auto s = evaluation::posteriorFromCurve(grid, skew, 0.95);
    QVERIFY2(std::abs(s.estimate - 738.6) < 8.0, qPrintable(QString::number(s.estimate)));
    QVERIFY2(std::abs(s.high - 1337.8) < 15.0, qPrintable(QString::number(s.high)));
    QVERIFY(s.low >= 600 && s.low < 610);
    QCOMPARE(evaluation::estimateFromCurve(grid, skew, 1.92).estimate, 600.0);
}

void TestEloGuess::temperWidensThePosterior() {
    const chess::PgnGame game = firstSampleGame();
    PeakedEvaluator ev;
    ev.learnGame(game);
    evaluation::EloGuessOptions o;
    o.prior = evaluation::EloGuessOptions::Prior::Gaussian;
    o.priorMean = 1800;
    o.priorSd = 300;
    o.estimate = evaluation::EloGuessOptions::Estimate::PosteriorMedian;
    auto full = evaluation::guessGameElo(ev, game, o);
    o.temper = 0.3;
    auto tempered = evaluation::guessGameElo(ev, game, o);
    QVERIFY(full.ok() && tempered.ok());
    // The moves' own log-likelihood does not depend on the temper; the posterior does.
    QCOMPARE(full->white.movesLogLikelihood, tempered->white.movesLogLikelihood);
    QCOMPARE(full->white.movesLogLikelihood.size(), evaluation::eloGuessGrid(o).size());
    for (const auto* e : {&full->white, &tempered->white}) QVERIFY(e->low < 1400 + 60 && e->high > 1400 - 60);
    QVERIFY(tempered->white.high - tempered->white.low > full->white.high - full->white.low);
    // Less evidence, more prior: the tempered estimates sit nearer the prior's 1800 on both sides.
    QVERIFY2(std::abs(full->white.estimate - 1400) < 60, qPrintable(QString::number(full->white.estimate)));
    QVERIFY(tempered->white.estimate > full->white.estimate);
    QVERIFY(tempered->black.estimate < full->black.estimate);
}

void TestEloGuess::calibratedUninformativeGame() {
    // A model whose probabilities do not depend on the rating says nothing about it: the calibrated estimate is the
    // prior's median, not a grid end as the maximum likelihood of a flat curve gives, and its interval is the
    // prior's central 95%. The prior is the training players' ratings, so both must be theirs: counted over the
    // 249,964 player-games of the training split (../shared/data/games) the 2.5%, 50% and 97.5% points are 955,
    // 1724 and 3140 (the table is 100-point cells, so a few tens of points of slack).
    const auto o = evaluation::EloGuessOptions::calibrated();
    QVERIFY(o.prior == evaluation::EloGuessOptions::Prior::Population);
    QCOMPARE(o.temper, evaluation::kGuessEloTemper);
    QVERIFY(o.estimate == evaluation::EloGuessOptions::Estimate::PosteriorMedian);
    const chess::PgnGame game = firstSampleGame();
    PeakedEvaluator flat;  // peaks out of reach: the same probabilities at every rating on the grid
    flat.peak[0] = flat.peak[1] = 100000;
    auto r = evaluation::guessGameElo(flat, game, o);
    QVERIFY(r.ok());
    for (const auto* e : {&r->white, &r->black}) {
        QVERIFY(e->valid);
        QVERIFY2(std::abs(e->estimate - 1724) < 20, qPrintable(QString::number(e->estimate)));
        QVERIFY2(std::abs(e->low - 955) < 30, qPrintable(QString::number(e->low)));
        QVERIFY2(std::abs(e->high - 3140) < 40, qPrintable(QString::number(e->high)));
    }
}

void TestEloGuess::gaussianAndPopulationPriors() {
    // The Gaussian prior (1780:500, the players' mean and sd) on the same flat game: its median is 1780 cut to the
    // grid (a little above: 0.91% of it lies below 600, 0.23% above 3200), its 2.5% and 97.5% points at z = -1.83
    // and +1.93, i.e. 867 and 2744: the Gaussian misses the players' long top tail (97.5% at 3140).
    evaluation::EloGuessOptions o = evaluation::EloGuessOptions::calibrated();
    o.prior = evaluation::EloGuessOptions::Prior::Gaussian;
    o.priorMean = evaluation::kPopulationRatingMean;
    o.priorSd = evaluation::kPopulationRatingSd;
    const chess::PgnGame game = firstSampleGame();
    PeakedEvaluator flat;
    flat.peak[0] = flat.peak[1] = 100000;
    auto r = evaluation::guessGameElo(flat, game, o);
    QVERIFY(r.ok());
    QVERIFY2(r->white.estimate > 1775 && r->white.estimate < 1800, qPrintable(QString::number(r->white.estimate)));
    QVERIFY2(std::abs(r->white.low - 867) < 15, qPrintable(QString::number(r->white.low)));
    QVERIFY2(std::abs(r->white.high - 2744) < 15, qPrintable(QString::number(r->white.high)));
    // The population prior's shape: the crowded middle (10.5% of the players rated 1550..1649) is far denser than
    // the trough near 2700 (0.4% rated 2650..2749), and the bullet tail rises again (1.8% rated 3050..3149).
    using evaluation::populationLogPrior;
    QVERIFY(populationLogPrior(1600) - populationLogPrior(2700) > std::log(10.0));
    QVERIFY(populationLogPrior(3100) > populationLogPrior(2700));
    // Beyond the table's end cells the density is flat, and it integrates to about one over the grid.
    QCOMPARE(populationLogPrior(100), populationLogPrior(600));
    QCOMPARE(populationLogPrior(4000), populationLogPrior(3200));
    double mass = 0.0;
    for (int elo = 600; elo < 3200; ++elo) mass += std::exp(populationLogPrior(elo + 0.5));
    QVERIFY2(std::abs(mass - 1.0) < 0.02, qPrintable(QString::number(mass)));
    // A game that clearly says 1400 for White still moves the estimate there under either prior.
    PeakedEvaluator peaked;
    peaked.learnGame(game);
    for (const auto prior :
         {evaluation::EloGuessOptions::Prior::Gaussian, evaluation::EloGuessOptions::Prior::Population}) {
        o.prior = prior;
        o.temper = 1.0;
        auto e = evaluation::guessGameElo(peaked, game, o);
        QVERIFY(e.ok());
        QVERIFY2(std::abs(e->white.estimate - 1400) < 120, qPrintable(QString::number(e->white.estimate)));
    }
}

void TestEloGuess::pairPriorIsTheGamesTable() {
    using evaluation::populationLogPrior;
    using evaluation::populationPairLogPrior;
    // Symmetric: a game is the same pair whichever colour each player had.
    QCOMPARE(populationPairLogPrior(1500, 2100), populationPairLogPrior(2100, 1500));
    // A ridge along the diagonal: Lichess pairs similar ratings (the median |WhiteElo - BlackElo| of the training
    // games is 44 points), so for a player at 1000, 1600 or 2200 the likeliest opponent is within 100 points, and one
    // 500 points away is at least ten times less likely.
    for (const int a : {1000, 1600, 2200}) {
        int best = 600;
        for (int b = 600; b <= 3200; b += 100)
            if (populationPairLogPrior(a, b) > populationPairLogPrior(a, best)) best = b;
        QVERIFY2(std::abs(best - a) <= 100, qPrintable(QString("%1: %2").arg(a).arg(best)));
        QVERIFY(populationPairLogPrior(a, a) - populationPairLogPrior(a, a + 500) > std::log(10.0));
    }
    // Summed over one rating on the grid (100-point cells, the end ones half) it is the players' histogram: every
    // training game has both ratings, so the two tables count the same players. Within 1% from 800 to 2700; near the
    // ends the half-width end cells bend the smoothing across the other rating (up to 8% at 3000, where the bullet
    // players above 3200 crowd the end cell).
    for (int a = 600; a <= 3200; a += 100) {
        double sum = 0.0;
        for (int b = 600; b <= 3200; b += 100)
            sum += (b == 600 || b == 3200 ? 50.0 : 100.0) * std::exp(populationPairLogPrior(a, b));
        const double ratio = sum / std::exp(populationLogPrior(a));
        QVERIFY2(std::abs(ratio - 1.0) < (a >= 800 && a <= 2700 ? 0.01 : 0.1),
                 qPrintable(QString("%1: %2").arg(a).arg(ratio)));
    }
}

void TestEloGuess::pairsPriorEstimatesBothTogether() {
    // White's moves say 1400; Black's say nothing (the same probabilities at every rating). Alone, Black's estimate
    // is the players' median (1724); estimated together, Black is pulled toward the opponent Lichess would have
    // paired them with, and White stays where the moves put them.
    const chess::PgnGame game = firstSampleGame();
    PeakedEvaluator ev;
    ev.learnGame(game);
    ev.peak[1] = 100000;
    evaluation::EloGuessOptions o = evaluation::EloGuessOptions::calibrated();
    o.opponent = evaluation::EloGuessOptions::Opponent::Unknown;
    auto alone = evaluation::guessGameElo(ev, game, o);
    o.prior = evaluation::EloGuessOptions::Prior::PopulationPairs;
    auto together = evaluation::guessGameElo(ev, game, o);
    QVERIFY(alone.ok() && together.ok());
    QVERIFY(!alone->jointly && together->jointly);
    QVERIFY2(std::abs(alone->black.estimate - 1724) < 20, qPrintable(QString::number(alone->black.estimate)));
    QVERIFY2(together->black.estimate < 1550, qPrintable(QString::number(together->black.estimate)));
    QVERIFY(together->black.high - together->black.low < alone->black.high - alone->black.low);
    QVERIFY2(std::abs(together->white.estimate - 1400) < 100, qPrintable(QString::number(together->white.estimate)));
    QCOMPARE(together->white.movesLogLikelihood, alone->white.movesLogLikelihood);
    // Told the opponents' real ratings (the tags), each player keeps the players' histogram alone: the pairing would
    // pull the estimate to the known rating instead of reading the moves.
    o.opponent = evaluation::EloGuessOptions::Opponent::FromTag;
    auto told = evaluation::guessGameElo(ev, game, o);
    o.prior = evaluation::EloGuessOptions::Prior::Population;
    auto toldAlone = evaluation::guessGameElo(ev, game, o);
    QVERIFY(told.ok() && toldAlone.ok());
    QVERIFY(!told->jointly);
    QCOMPARE(told->black.estimate, toldAlone->black.estimate);
    QCOMPARE(told->white.estimate, toldAlone->white.estimate);
}

QTEST_APPLESS_MAIN(TestEloGuess)
#include "tst_elo_guess.moc"
