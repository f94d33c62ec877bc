// SPDX-License-Identifier: GPL-3.0-or-later
// Blunder risk: probability mass on moves losing >= 100 / >= 300 cp, mate conversion, top-lines bound.
#include "core/chess/notation.h"
#include "core/evaluation/blunder_risk.h"

#include <QTest>

using namespace kibitz;
using engines::UciScore;
using evaluation::MoveEval;

namespace {

UciScore cp(int v) { return UciScore{UciScore::Kind::Centipawns, v, UciScore::Bound::Exact}; }
UciScore mate(int v) { return UciScore{UciScore::Kind::Mate, v, UciScore::Bound::Exact}; }

chess::Move mv(const char* uci) {
    static const chess::Position start;
    auto m = chess::parseUci(start, uci);
    return m ? *m : chess::Move::none();
}

MoveEval ev(chess::Move m, UciScore s) { return MoveEval{m, s, 0, {}}; }

// The human distribution used by every row: e2e4 0.5, d2d4 0.3, g1f3 0.15, b1c3 0.05.
std::vector<encoding::MoveProb> human() {
    return {{mv("e2e4"), 0.5f}, {mv("d2d4"), 0.3f}, {mv("g1f3"), 0.15f}, {mv("b1c3"), 0.05f}};
}

}  // namespace

using Evals = std::vector<MoveEval>;
Q_DECLARE_METATYPE(Evals)

class TestBlunderRisk : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void scoreConversion_data() {
        QTest::addColumn<int>("kind");  // 0 cp, 1 mate
        QTest::addColumn<int>("value");
        QTest::addColumn<int>("cp");
        QTest::newRow("cp") << 0 << 37 << 37;
        QTest::newRow("negative cp") << 0 << -250 << -250;
        QTest::newRow("mate in 1") << 1 << 1 << evaluation::kMateCp - 1;
        QTest::newRow("mate in 7") << 1 << 7 << evaluation::kMateCp - 7;
        QTest::newRow("mated in 2") << 1 << -2 << -(evaluation::kMateCp - 2);
        QTest::newRow("checkmated") << 1 << 0 << -evaluation::kMateCp;
    }
    void scoreConversion() {
        QFETCH(int, kind);
        QFETCH(int, value);
        QFETCH(int, cp);
        QCOMPARE(evaluation::scoreToCp(kind ? mate(value) : ::cp(value)), cp);
    }

    void scoreBeforeMove_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("after");
        QTest::addColumn<int>("beforeKind");
        QTest::addColumn<int>("before");
        QTest::newRow("cp flips") << 0 << 120 << 0 << -120;
        QTest::newRow("mate delivered") << 1 << 0 << 1 << 1;        // opponent checkmated: the move was mate in 1
        QTest::newRow("opponent mated in 2") << 1 << -2 << 1 << 3;  // the move starts a mate in 3
        QTest::newRow("opponent mates in 4") << 1 << 4 << 1 << -4;
    }
    void scoreBeforeMove() {
        QFETCH(int, kind);
        QFETCH(int, after);
        QFETCH(int, beforeKind);
        QFETCH(int, before);
        const UciScore s = evaluation::scoreBeforeMove(kind ? mate(after) : cp(after));
        QCOMPARE(int(s.isMate()), beforeKind);
        QCOMPARE(s.value, before);
    }

    void risk_data() {
        QTest::addColumn<Evals>("evals");
        QTest::addColumn<bool>("topLines");
        QTest::addColumn<double>("mass100");
        QTest::addColumn<double>("unknown100");
        QTest::addColumn<double>("mass300");
        QTest::addColumn<double>("unknown300");
        QTest::addColumn<double>("evaluated");
        // e2e4 best (+50); d2d4 loses 110, g1f3 loses 350, b1c3 walks into a mate.
        const Evals all{ev(mv("e2e4"), cp(50)), ev(mv("d2d4"), cp(-60)), ev(mv("g1f3"), cp(-300)),
                        ev(mv("b1c3"), mate(-2))};
        QTest::newRow("all evaluated") << all << false << 0.5 << 0.0 << 0.2 << 0.0 << 1.0;
        // b1c3 missing: unknown without the top-lines bound ...
        const Evals three{all[0], all[1], all[2]};
        QTest::newRow("one missing") << three << false << 0.45 << 0.05 << 0.15 << 0.05 << 0.95;
        // ... but a top-3 list proves it loses at least 50 - (-300) = 350.
        QTest::newRow("one missing, top lines") << three << true << 0.5 << 0.0 << 0.2 << 0.0 << 0.95;
        // Top-2 list: unlisted moves lose at least 110 (>= 100, unknown for 300).
        const Evals two{all[0], all[1]};
        QTest::newRow("top two") << two << true << 0.5 << 0.0 << 0.0 << 0.2 << 0.8;
        // Exactly at the threshold counts.
        const Evals edge{ev(mv("e2e4"), cp(0)), ev(mv("d2d4"), cp(-100)), ev(mv("g1f3"), cp(-299)),
                         ev(mv("b1c3"), cp(-300))};
        QTest::newRow("threshold inclusive") << edge << false << 0.5 << 0.0 << 0.05 << 0.0 << 1.0;
        // A mate on the board: anything that is not a mate is a blunder, a longer mate is not.
        const Evals mates{ev(mv("e2e4"), mate(3)), ev(mv("d2d4"), mate(5)), ev(mv("g1f3"), cp(900)),
                          ev(mv("b1c3"), cp(0))};
        QTest::newRow("missed mate") << mates << false << 0.2 << 0.0 << 0.2 << 0.0 << 1.0;
        // The best move is one humans do not consider: everything listed loses.
        const Evals hidden{ev(mv("a2a3"), cp(400)), ev(mv("e2e4"), cp(250)), ev(mv("d2d4"), cp(100)),
                           ev(mv("g1f3"), cp(90)), ev(mv("b1c3"), cp(-10))};
        QTest::newRow("best not human") << hidden << false << 1.0 << 0.0 << 0.5 << 0.0 << 1.0;
    }
    void risk() {
        QFETCH(Evals, evals);
        QFETCH(bool, topLines);
        QFETCH(double, mass100);
        QFETCH(double, unknown100);
        QFETCH(double, mass300);
        QFETCH(double, unknown300);
        QFETCH(double, evaluated);
        evaluation::BlunderRiskOptions opt;
        opt.evalsAreTopLines = topLines;
        auto r = evaluation::computeBlunderRisk(human(), evals, opt);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(int(r->levels.size()), 2);
        QCOMPARE(r->levels[0].thresholdCp, 100);
        QCOMPARE(r->levels[1].thresholdCp, 300);
        const double eps = 1e-5;
        QVERIFY2(std::abs(r->levels[0].mass - mass100) < eps, qPrintable(QString::number(r->levels[0].mass)));
        QVERIFY2(std::abs(r->levels[0].unknownMass - unknown100) < eps,
                 qPrintable(QString::number(r->levels[0].unknownMass)));
        QVERIFY2(std::abs(r->levels[1].mass - mass300) < eps, qPrintable(QString::number(r->levels[1].mass)));
        QVERIFY2(std::abs(r->levels[1].unknownMass - unknown300) < eps,
                 qPrintable(QString::number(r->levels[1].unknownMass)));
        QVERIFY(std::abs(r->evaluatedMass - evaluated) < eps);
    }

    void expectedLoss() {
        const Evals evals{ev(mv("e2e4"), cp(50)), ev(mv("d2d4"), cp(-50))};
        auto r = evaluation::computeBlunderRisk({{mv("e2e4"), 0.6f}, {mv("d2d4"), 0.2f}, {mv("g1f3"), 0.2f}}, evals);
        QVERIFY(r.ok());
        // Renormalised over the evaluated 0.8: 0.25 * 100.
        QVERIFY(std::abs(r->expectedLossCp - 25.0) < 1e-4);
        QCOMPARE(r->best.value, 50);
    }

    void badInput() {
        QVERIFY(!evaluation::computeBlunderRisk(human(), {}).ok());
        evaluation::BlunderRiskOptions opt;
        opt.thresholdsCp = {-5};
        QVERIFY(!evaluation::computeBlunderRisk(human(), {ev(mv("e2e4"), cp(0))}, opt).ok());
    }
};

QTEST_APPLESS_MAIN(TestBlunderRisk)
#include "tst_blunder_risk.moc"
