// SPDX-License-Identifier: GPL-3.0-or-later
// guess-elo's estimator (core/evaluation/elo_guess): reading the maximum and the likelihood-ratio interval off a
// curve, and the whole path on a real game (tests/data/games_sample.pgn, Lichess) with a fake model whose
// probability of the move actually played peaks at a chosen rating for each side.
#include "core/chess/pgn.h"
#include "core/evaluation/elo_guess.h"

#include <QtTest>

#include <cmath>
#include <map>

using namespace kibitz;

namespace {

/// Gives the move that was played in the game a probability peaking at `peak[side to move]`; the other legal moves
/// share the rest. Also records what conditioning it was shown.
class PeakedEvaluator : public encoding::Evaluator {
public:
    std::map<chess::Key, chess::Move> played;
    int peak[2] = {1400, 2200};
    std::optional<int> seenOppElo[2];
    int calls = 0;
    int oppSameAsMover = 0;  ///< calls where the opponent's rating equalled the mover's
    int oppUnknown = 0;      ///< calls without an opponent rating
    Result<std::vector<encoding::MoveProb>> moveDistribution(const chess::Position& pos,
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
};

}  // namespace

class TestEloGuess : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void curveMaximumAndInterval();
    void curveAtTheEdge();
    void realGameWithPeakedModel();
    void opponentModes();
};

void TestEloGuess::curveMaximumAndInterval() {
    // ll(E) = -0.5 ((E - 1730) / 150)^2: maximum 1730, and ll drops by 1.92 at 1730 -/+ 150 sqrt(3.84) = 293.9.
    evaluation::EloGuessOptions o;
    const auto grid = evaluation::eloGuessGrid(o);
    QCOMPARE(grid.front(), 600);
    QCOMPARE(grid.back(), 3000);
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
    auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    QVERIFY(reader.ok());
    chess::PgnGame game;
    QVERIFY(reader.value()->next(game));
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
    // 25 grid ratings for every non-forced position.
    QCOMPARE(ev.calls, 25 * (expectedMoves[0] + expectedMoves[1]));
}

void TestEloGuess::opponentModes() {
    auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    QVERIFY(reader.ok());
    chess::PgnGame game;
    QVERIFY(reader.value()->next(game));
    QVERIFY(!game.tag("WhiteElo").empty() && game.tag("WhiteElo") != game.tag("BlackElo"));
    auto playedMoves = [&](PeakedEvaluator& ev) {
        chess::Position pos = *game.startPosition();
        for (const auto& pm : game.moves) {
            ev.played[pos.key()] = pm.move;
            pos.makeMove(pm.move);
        }
    };
    evaluation::EloGuessOptions o;
    // From the tag: the opponent's true rating, so it equals the grid value only where the grid passes it.
    PeakedEvaluator fromTag;
    playedMoves(fromTag);
    QVERIFY(evaluation::guessGameElo(fromTag, game, o).ok());
    QVERIFY(fromTag.oppSameAsMover < fromTag.calls / 10);
    QCOMPARE(fromTag.oppUnknown, 0);
    // The game's level: every query is told the same rating for both players.
    PeakedEvaluator same;
    playedMoves(same);
    o.opponent = evaluation::EloGuessOptions::Opponent::SameAsMover;
    auto r = evaluation::guessGameElo(same, game, o);
    QVERIFY(r.ok());
    QCOMPARE(same.oppSameAsMover, same.calls);
    QVERIFY2(std::abs(r->white.estimate - 1400) < 30, qPrintable(QString::number(r->white.estimate)));
    // Unknown: never told.
    PeakedEvaluator unknown;
    playedMoves(unknown);
    o.opponent = evaluation::EloGuessOptions::Opponent::Unknown;
    QVERIFY(evaluation::guessGameElo(unknown, game, o).ok());
    QCOMPARE(unknown.oppUnknown, unknown.calls);
    QVERIFY(unknown.calls > 0);
}

QTEST_APPLESS_MAIN(TestEloGuess)
#include "tst_elo_guess.moc"
