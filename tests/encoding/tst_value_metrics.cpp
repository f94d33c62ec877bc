// SPDX-License-Identifier: GPL-3.0-or-later
// Value-head metrics (torch-free): the three-class Brier score and log-loss worked by hand, the Elo baseline's
// formula, its draw shares fitted on real games (tests/data/games_sample.pgn: 300 Lichess games whose Result tags
// were counted with grep: 152 1-0, 136 0-1, 12 1/2-1/2), game phases, and the outcome each training position carries.
#include "core/chess/pgn.h"
#include "core/training/human_samples.h"
#include "core/training/value_metrics.h"

#include <QTest>

#include <cmath>

using namespace kibitz;
using namespace kibitz::training;

class TstValueMetrics : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void brierAndLoglossByHand();
    void phases();
    void calibrationBySideAndRatingDifference();
    void eloBaselineFormula();
    void eloBaselineFit();
    void outcomesOfTrainingPositions();
    void engineEvaluations();
};

void TstValueMetrics::brierAndLoglossByHand() {
    ValueMetrics m;
    // Win predicted 0.5/0.3/0.2 and won: (0.5-1)^2 + 0.3^2 + 0.2^2 = 0.38, log-loss -ln 0.5.
    // Drawn, predicted 0.1/0.1/0.8: 0.01 + 0.81 + 0.64 = 1.46, log-loss -ln 0.1.
    m.add({0.5f, 0.3f, 0.2f}, {1.0f / 3, 1.0f / 3, 1.0f / 3}, 0, 5);
    m.add({0.1f, 0.1f, 0.8f}, {1.0f / 3, 1.0f / 3, 1.0f / 3}, 1, 70);
    m.add({0.1f, 0.1f, 0.8f}, {1.0f / 3, 1.0f / 3, 1.0f / 3}, -1, 70);  // unknown result: not counted
    QCOMPARE(m.model().positions, std::int64_t(2));
    QVERIFY(std::abs(m.model().meanBrier() - (0.38 + 1.46) / 2) < 1e-6);
    QVERIFY(std::abs(m.model().meanLogloss() - (-std::log(0.5) - std::log(0.1)) / 2) < 1e-6);
    // The uniform baseline: (2/3)^2 + 2 (1/3)^2 = 2/3 whatever happened; log-loss ln 3.
    QVERIFY(std::abs(m.baseline().meanBrier() - 2.0 / 3.0) < 1e-6);
    QVERIFY(std::abs(m.baseline().meanLogloss() - std::log(3.0)) < 1e-6);
    const QString json = QString::fromStdString(m.toJson());
    QVERIFY2(json.contains(QStringLiteral("\"opening\":{\"positions\":1,\"brier\":0.38000")), qPrintable(json));
    QVERIFY2(json.contains(QStringLiteral("\"endgame\":{\"positions\":1,\"brier\":1.46000")), qPrintable(json));
    QVERIFY2(json.contains(QStringLiteral("\"middlegame\":{\"positions\":0")), qPrintable(json));
    ValueMetrics twice = m;
    twice.merge(m);
    QCOMPARE(twice.model().positions, std::int64_t(4));
    QVERIFY(std::abs(twice.model().meanBrier() - m.model().meanBrier()) < 1e-9);
}

// Calibration: mean predicted and observed score for the mover, by side to move, by rating
// difference and at the first position between equal ratings, worked by hand.
void TstValueMetrics::calibrationBySideAndRatingDifference() {
    ValueMetrics m;
    const encoding::Wdl even{1.0f / 3, 1.0f / 3, 1.0f / 3};
    // White at the start, 1500 vs 1550, predicted 0.45/0.06/0.49 (score 0.48), White won.
    m.add({0.45f, 0.06f, 0.49f}, even, 0, 0, std::nullopt, 0, -50);
    // White later, 1500 vs 1900 (-400): predicted 0.2/0.1/0.7 (0.25), drawn.
    m.add({0.2f, 0.1f, 0.7f}, even, 1, 30, std::nullopt, 0, -400);
    // Black, 1900 vs 1500 (+400): predicted 0.7/0.1/0.2 (0.75), lost.
    m.add({0.7f, 0.1f, 0.2f}, even, 2, 31, std::nullopt, 1, 400);
    // Side and difference unknown: counted in the scores only.
    m.add({0.5f, 0.0f, 0.5f}, even, 0, 40);
    QCOMPARE(m.model().positions, std::int64_t(4));
    QCOMPARE(m.bySide(0).positions, std::int64_t(2));
    QVERIFY(std::abs(m.bySide(0).predicted / 2 - (0.48 + 0.25) / 2) < 1e-6);
    QVERIFY(std::abs(m.bySide(0).observed / 2 - 0.75) < 1e-9);
    QCOMPARE(m.bySide(1).positions, std::int64_t(1));
    QVERIFY(std::abs(m.bySide(1).observed) < 1e-9);
    QCOMPARE(m.byDiff(ValueMetrics::diffBin(-400)).positions, std::int64_t(1));
    QCOMPARE(m.byDiff(ValueMetrics::diffBin(-50)).positions, std::int64_t(1));
    QCOMPARE(ValueMetrics::diffBin(-50), 2);
    QCOMPARE(ValueMetrics::diffBin(100), 2);
    QCOMPARE(ValueMetrics::diffBin(101), 3);
    QCOMPARE(ValueMetrics::diffBin(-301), 0);
    QCOMPARE(m.startEqual().positions, std::int64_t(1));
    QVERIFY(std::abs(m.startEqual().predicted - 0.48) < 1e-6);
    const QString json = QString::fromStdString(m.toJson());
    QVERIFY2(json.contains(QStringLiteral("\"start_equal_ratings\":{\"positions\":1,\"predicted\":0.48000,\"baseline\":"
                                          "0.50000,\"observed\":1.00000}")),
             qPrintable(json));
    QVERIFY2(json.contains(QStringLiteral("\"black\":{\"positions\":1,\"predicted\":0.75000")), qPrintable(json));
    QVERIFY2(json.contains(QStringLiteral("\">300\":{\"positions\":1")), qPrintable(json));
    ValueMetrics twice = m;
    twice.merge(m);
    QCOMPARE(twice.bySide(0).positions, std::int64_t(4));
    QCOMPARE(twice.startEqual().positions, std::int64_t(2));
}

void TstValueMetrics::phases() {
    QCOMPARE(phaseOfPly(0), GamePhase::Opening);
    QCOMPARE(phaseOfPly(19), GamePhase::Opening);
    QCOMPARE(phaseOfPly(20), GamePhase::Middlegame);
    QCOMPARE(phaseOfPly(59), GamePhase::Middlegame);
    QCOMPARE(phaseOfPly(60), GamePhase::Endgame);
}

void TstValueMetrics::eloBaselineFormula() {
    EloBaseline b;
    b.drawOverall = 0.1;
    b.drawByBand[1500 / 200] = 0.2;  // mean rating 1400..1599
    // Equal ratings in the 1400 band: expected 0.5, draws 0.2 -> 0.4 / 0.2 / 0.4.
    auto w = b.predict(1500, 1500);
    QVERIFY(std::abs(w.win - 0.4f) < 1e-6 && std::abs(w.draw - 0.2f) < 1e-6 && std::abs(w.loss - 0.4f) < 1e-6);
    // 400 points up, mean 1900 (no band fitted: overall 0.1): expected 10/11, win 10/11 - 0.05.
    w = b.predict(2100, 1700);
    QVERIFY(std::abs(w.win - (10.0 / 11.0 - 0.05)) < 1e-6);
    QVERIFY(std::abs(w.score() - 10.0 / 11.0) < 1e-6);
    // 2000 points down: the expectation is below half the draw share; every class keeps its floor, sums to 1.
    w = b.predict(500, 2500);
    QVERIFY(w.win > 0.0f && w.win < 0.005f && w.loss > 0.8f);  // floor 0.002, draw 0.2, loss 0.9, renormalised
    QVERIFY(std::abs(w.win + w.draw + w.loss - 1.0f) < 1e-6);
}

void TstValueMetrics::eloBaselineFit() {
    const std::string file = KIBITZ_TEST_DATA_DIR "/games_sample.pgn";
    auto b = fitEloBaseline({file}, 0, 1000000);  // nothing held out: all 300 games
    QVERIFY2(b.ok(), b.ok() ? "" : b.error().message.c_str());
    QCOMPARE(b->games, std::int64_t(300));
    QVERIFY(std::abs(b->drawOverall - 12.0 / 300.0) < 1e-12);
    auto limited = fitEloBaseline({file}, 0, 50);
    QCOMPARE(limited->games, std::int64_t(50));
    auto heldBack = fitEloBaseline({file}, 500, 1000000);  // half the games held out
    QVERIFY(heldBack->games > 100 && heldBack->games < 200);
    QVERIFY(!fitEloBaseline({KIBITZ_TEST_DATA_DIR "/no_such.pgn"}, 0, 10).ok());
}

void TstValueMetrics::outcomesOfTrainingPositions() {
    auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    QVERIFY(reader.ok());
    chess::PgnGame game;
    int checked = 0;
    while ((*reader)->next(game) && checked < 20) {
        std::vector<encoding::EncodedPosition> out;
        SampleStats stats;
        gameToPositions(game, encoding::BoardView::Mover, out, stats, 2);
        QVERIFY(!out.empty());
        const int white = game.result == "1-0" ? 0 : game.result == "0-1" ? 2 : 1;
        for (const auto& e : out) QCOMPARE(int(e.outcome), e.sideToMove == 0 ? white : 2 - white);
        ++checked;
    }
    QCOMPARE(checked, 20);
}

void TstValueMetrics::engineEvaluations() {
    // The sample's first game: "1. c4 { [%eval 0.2] } 1... e6 { [%eval 0.2] } 2. Nc3 { [%eval 0.05] } ...": the
    // position before 1... e6 is +0.2 for White, so -20 for Black to move; before 2. Nc3 +20; before 2... d5 Black's
    // -5.
    auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    chess::PgnGame game;
    QVERIFY((*reader)->next(game));
    QCOMPARE(QString::fromStdString(game.moves[0].san), QStringLiteral("c4"));
    std::vector<encoding::EncodedPosition> out;
    SampleStats stats;
    gameToPositions(game, encoding::BoardView::Mover, out, stats, 2);
    QCOMPARE(out[0].engineCp, encoding::kNoEngineCp);  // nothing was written before the first move
    QCOMPARE(int(out[1].engineCp), -20);
    QCOMPARE(int(out[2].engineCp), 20);
    QCOMPARE(int(out[3].engineCp), -5);
    // Its last move "45... Qg1+ { [%eval #-7] }": Black mates, but no position follows it. The one before:
    // 45. Qd4 { [%eval #-8] } makes 45... Qg1+ a position where Black (to move) mates: +limit.
    QCOMPARE(int(out.back().engineCp), encoding::kEngineCpLimit);

    auto fit = fitEngineBaseline({KIBITZ_TEST_DATA_DIR "/games_sample.pgn"}, 0, 1000000, 1000000);
    QVERIFY2(fit.ok(), fit.ok() ? "" : fit.error().message.c_str());
    QVERIFY(fit->positions > 1000);
    QVERIFY(fit->a >= 0.0 && fit->b > 0.0);
    const auto up = fit->predict(400), even = fit->predict(0), down = fit->predict(-400);
    QVERIFY(up.win > even.win && even.win > down.win);
    QVERIFY(std::abs(even.win - even.loss) < 1e-6);  // the shape is symmetric
    QVERIFY(std::abs(up.win + up.draw + up.loss - 1.0f) < 1e-6);
    // A fit can only be as good as its data allows, but it must beat a coin on its own positions: scored by hand.
    ValueMetrics m;
    for (const auto& e : out)
        if (e.engineCp != encoding::kNoEngineCp)
            m.add({1.0f / 3, 1.0f / 3, 1.0f / 3}, {1.0f / 3, 1.0f / 3, 1.0f / 3}, e.outcome, e.ply,
                  fit->predict(e.engineCp));
    QVERIFY(m.engine().positions > 50);
    QVERIFY(m.engine().meanLogloss() < std::log(3.0));
    QCOMPARE(m.modelWhereEngine().positions, m.engine().positions);
    QVERIFY(QString::fromStdString(m.toJson()).contains(QStringLiteral("\"baseline_engine\":{\"positions\":")));
    // No annotations at all: a clear error, not a fit.
    QVERIFY(!fitEngineBaseline({KIBITZ_TEST_DATA_DIR "/games_sample.pgn"}, 1000, 100, 100).ok());
}

QTEST_GUILESS_MAIN(TstValueMetrics)
#include "tst_value_metrics.moc"
