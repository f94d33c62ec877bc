// SPDX-License-Identifier: GPL-3.0-or-later
// Human solve probabilities through a fake Evaluator (no torch): per-move probabilities, products, batching,
// conditioning, features, hardest move and errors, on a real puzzle.
#include "core/chess/notation.h"
#include "core/evaluation/solve_probability.h"
#include "tests/encoding/position_evaluator.h"

#include <QTest>

#include <cmath>
#include <map>

using namespace kibitz;
using namespace kibitz::chess;
using namespace kibitz::evaluation;

namespace {

/// P(move) = factor(move) * moverElo / 4000 for listed moves; the rest of the mass is spread evenly.
class FakeEvaluator : public testing::PositionEvaluator {
public:
    std::map<std::string, double> factor;
    int calls = 0;
    std::vector<encoding::Conditioning> seen;

    Result<std::vector<encoding::MoveProb>> movesAt(const Position& pos, const encoding::Conditioning& c) override {
        seen.push_back(c);
        const MoveList legal = pos.legalMoves();
        if (legal.empty()) return makeError(ErrorCode::InvalidInput, "no legal move");
        std::vector<encoding::MoveProb> out;
        double listed = 0;
        int others = 0;
        for (Move m : legal) {
            auto it = factor.find(toUci(m));
            if (it != factor.end())
                listed += it->second * *c.moverElo / 4000.0;
            else
                ++others;
        }
        for (Move m : legal) {
            auto it = factor.find(toUci(m));
            const double p = it != factor.end() ? it->second * *c.moverElo / 4000.0 : (1.0 - listed) / others;
            out.push_back({m, float(p)});
        }
        return out;
    }
    Result<std::vector<std::vector<encoding::MoveProb>>> readMoves(
        const std::vector<Position>& positions, const std::vector<encoding::Conditioning>& conds,
        const std::vector<encoding::RecentMoves>& recent) override {
        ++calls;
        return testing::PositionEvaluator::readMoves(positions, conds, recent);
    }
    std::string describe() const override { return "fake"; }
};

/// 01Dt6 (real): setup f6f5, White solves h5e8 (Qe8+), Black replies d8e8, White plays d7e8q#.
PuzzleLine realPuzzle() {
    PuzzleLine p;
    p.beforeSetup = Position::fromFen("3r2k1/1bqPn1pp/p3pp2/1pp3PQ/8/8/PPP4P/1K1R1R2 b - - 1 28").value();
    Position walk = p.beforeSetup;
    for (const char* m : {"f6f5", "h5e8", "d8e8", "d7e8q"}) {
        Move mv = parseUci(walk, m).value();
        p.line.push_back(mv);
        walk.makeMove(mv);
    }
    return p;
}

}  // namespace

class TestSolveProbability : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void curve_data();
    void curve();
    void batchingAndConditioning();
    void features();
    void errors();
    void maiaFeatures();
    void ratingCurveIsGlickoExpectedScore();
    void midpointAndMonotone();
};

void TestSolveProbability::ratingCurveIsGlickoExpectedScore() {
    // Glickman's worked example ("Example of the Glicko system"): a 1500 player against opponents 1400 (RD 30),
    // 1550 (RD 100) and 1700 (RD 300) has expected scores 0.639, 0.432 and 0.303.
    QVERIFY(std::abs(ratingSolveProbability(1500, 1400, 30) - 0.639) < 0.001);
    QVERIFY(std::abs(ratingSolveProbability(1500, 1550, 100) - 0.432) < 0.001);
    QVERIFY(std::abs(ratingSolveProbability(1500, 1700, 300) - 0.303) < 0.001);
    // Equal ratings: one half, whatever the uncertainty; 400 points up without uncertainty: 10 to 1.
    QCOMPARE(ratingSolveProbability(1800, 1800, 250), 0.5);
    QVERIFY(std::abs(ratingSolveProbability(2200, 1800, 0) - 10.0 / 11.0) < 1e-12);
    // More uncertainty, a flatter curve.
    QVERIFY(ratingSolveProbability(2200, 1800, 400) < ratingSolveProbability(2200, 1800, 100));
    const std::vector<double> c = ratingSolveCurve(1650, 200);
    QCOMPARE(c.size(), kSolveEloLevels.size());
    QVERIFY(isNonDecreasing(c));
    QVERIFY(std::abs(solveMidpoint(kSolveEloLevels, c) - 1650) < 15);  // linear between 1600 and 1800
}

void TestSolveProbability::midpointAndMonotone() {
    const int elos[] = {800, 1000, 1200};
    QCOMPARE(solveMidpoint(elos, std::vector<double>{0.2, 0.4, 0.8}), 1050.0);
    QCOMPARE(solveMidpoint(elos, std::vector<double>{0.6, 0.7, 0.8}), 800.0);   // above from the start
    QCOMPARE(solveMidpoint(elos, std::vector<double>{0.1, 0.2, 0.3}), 1200.0);  // never reaches it
    QVERIFY(isNonDecreasing(std::vector<double>{0.1, 0.1, 0.3}));
    QVERIFY(!isNonDecreasing(std::vector<double>{0.1, 0.3, 0.2}));
    // A curve read between its levels (a player's own rating): linear, the end levels' values beyond them.
    SolveCurve c;
    c.elos = {800, 1000, 1200};
    c.solve = {0.2, 0.4, 0.8};
    QVERIFY(std::abs(c.solveAt(900) - 0.3) < 1e-12);
    QVERIFY(std::abs(c.solveAt(1150) - 0.7) < 1e-12);
    QCOMPARE(c.solveAt(1000), 0.4);
    QCOMPARE(c.solveAt(500), 0.2);
    QCOMPARE(c.solveAt(2500), 0.8);
    QCOMPARE(SolveCurve{}.solveAt(1500), 0.0);
}

void TestSolveProbability::curve_data() {
    QTest::addColumn<int>("level");
    QTest::addColumn<int>("elo");
    QTest::addColumn<double>("first");
    QTest::addColumn<double>("second");
    QTest::addColumn<double>("solve");
    // first = elo/4000, second = 0.5 * elo/4000.
    QTest::newRow("800") << 0 << 800 << 0.2 << 0.1 << 0.02;
    QTest::newRow("1600") << 4 << 1600 << 0.4 << 0.2 << 0.08;
    QTest::newRow("2800") << 10 << 2800 << 0.7 << 0.35 << 0.245;
}

void TestSolveProbability::curve() {
    QFETCH(int, level);
    QFETCH(int, elo);
    QFETCH(double, first);
    QFETCH(double, second);
    QFETCH(double, solve);
    FakeEvaluator ev;
    ev.factor = {{"h5e8", 1.0}, {"d7e8q", 0.5}};
    auto r = computeSolveCurve(ev, realPuzzle());
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    const SolveCurve& c = r.value();
    QCOMPARE(int(c.elos.size()), 11);
    QCOMPARE(c.elos[std::size_t(level)], elo);
    QCOMPARE(int(c.moveProb[std::size_t(level)].size()), 2);
    QVERIFY(std::abs(c.moveProb[std::size_t(level)][0] - first) < 1e-6);
    QVERIFY(std::abs(c.moveProb[std::size_t(level)][1] - second) < 1e-6);
    QVERIFY(std::abs(c.solve[std::size_t(level)] - solve) < 1e-6);
    QCOMPARE(c.hardestMove(std::size_t(level)), 1);
}

void TestSolveProbability::batchingAndConditioning() {
    FakeEvaluator ev;
    ev.factor = {{"h5e8", 1.0}, {"d7e8q", 0.5}};
    const PuzzleLine p = realPuzzle();
    std::vector<PuzzleLine> two{p, p};
    // 2 puzzles x 2 solver positions x 11 levels = 44 queries; batches of 10 -> 5 calls.
    auto r = computeSolveCurves(ev, two, kSolveEloLevels, 10);
    QVERIFY(r.ok());
    QCOMPARE(ev.calls, 5);
    QCOMPARE(int(ev.seen.size()), 44);
    for (const auto& c : ev.seen) {
        QVERIFY(c.moverElo.has_value());
        QCOMPARE(c.oppElo, c.moverElo);
        QVERIFY(!c.moverClockS && !c.oppClockS && !c.incrementS);
    }
    QCOMPARE(r.value()[0].solve, r.value()[1].solve);
}

void TestSolveProbability::features() {
    FakeEvaluator ev;
    ev.factor = {{"h5e8", 1.0}, {"d7e8q", 0.5}};
    auto r = computeSolveCurve(ev, realPuzzle());
    QVERIFY(r.ok());
    const auto f = solveFeatures(r.value());
    QCOMPARE(int(f.size()), kSolveFeatureCount);
    QVERIFY(std::abs(f[0] - 0.02f) < 1e-6f);
    QVERIFY(std::abs(f[11] - float(std::log(0.1) / 10)) < 1e-5f);  // lowest move log-prob at 800
    QVERIFY(std::abs(f[22] - float(std::log(0.2) / 10)) < 1e-5f);  // first move log-prob at 800
    QVERIFY(std::abs(f[10] - 0.245f) < 1e-6f);
}

void TestSolveProbability::errors() {
    FakeEvaluator ev;
    PuzzleLine p = realPuzzle();
    p.line.resize(1);
    auto r = computeSolveCurve(ev, p);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::InvalidInput);
    PuzzleLine bad = realPuzzle();
    bad.line[3] = Move(D1, D8);  // blocked by the d7 pawn
    auto r2 = computeSolveCurve(ev, bad);
    QVERIFY(!r2.ok());
    QVERIFY2(QString::fromStdString(r2.error().message).contains(QLatin1String("move 4 'd1d8' is illegal")),
             r2.error().message.c_str());
}

/// The Maia layout: per band P(solve) and the two log-probabilities, then from which band the solution is the top
/// move. The fake makes d7e8q (the second solver move) overtake the evenly spread rest somewhere inside the bands;
/// the band is worked out here from the position's legal moves, independently of the code under test.
void TestSolveProbability::maiaFeatures() {
    FakeEvaluator ev;
    ev.factor = {{"h5e8", 1.0}, {"d7e8q", 0.1}};
    const PuzzleLine p = realPuzzle();
    auto r = computeSolveCurve(ev, p, maiaLevelElos());
    QVERIFY(r.ok());
    const std::vector<float> f = maiaSolveFeatures(r.value());
    QCOMPARE(int(f.size()), kMaiaFeatureCount);
    QVERIFY(hasMaiaFeatures(f));
    Position second = p.beforeSetup;
    for (std::size_t m = 0; m < 3; ++m) second.makeMove(p.line[m]);
    const double others = double(second.legalMoves().size()) - 1.0;
    std::size_t from = kMaiaBands.size();
    while (from > 0) {
        const double elo = kMaiaBands[from - 1] + 50.0, mate = 0.1 * elo / 4000.0;
        if (mate <= (1.0 - mate) / others) break;
        --from;
    }
    QVERIFY2(from > 0 && from < kMaiaBands.size(), "the fake should make the top-move band nontrivial");
    QCOMPARE(f[27], float(double(from) / 9.0));                     // the whole line
    QCOMPARE(f[28], 0.0f);                                          // the first move (Qe8+) is every net's top move
    const double p1 = 1550.0 / 4000.0, p2 = 0.1 * 1550.0 / 4000.0;  // maia-1500 at its centre
    QVERIFY(std::abs(f[4] - float(p1 * p2)) < 1e-6f);
    QVERIFY(std::abs(f[9 + 4] - float(std::log(p2) / 10)) < 1e-5f);
    QVERIFY(std::abs(f[18 + 4] - float(std::log(p1) / 10)) < 1e-5f);
    // A curve at other levels leaves the bands unknown.
    auto other = computeSolveCurve(ev, p);
    QVERIFY(other.ok());
    QVERIFY(!hasMaiaFeatures(maiaSolveFeatures(other.value())));
}

QTEST_APPLESS_MAIN(TestSolveProbability)
#include "tst_solve_probability.moc"
