// SPDX-License-Identifier: GPL-3.0-or-later
// Engine evals beside the human moves (MoveProbModel's eval column) and the blunder risk AnalysisPanel computes
// from the human distribution and the engine panel's lines.
#include "core/chess/notation.h"
#include "tests/evaluation/fakes.h"
#include "ui/analysis_panel.h"
#include "ui/move_prob_model.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace kibitz;

namespace {

engines::UciScore cp(int v) {
    return engines::UciScore{engines::UciScore::Kind::Centipawns, v, engines::UciScore::Bound::Exact};
}

ui::EngineLine line(int k, int whiteCp, const char* uci) {
    ui::EngineLine l;
    l.multiPv = k;
    l.depth = 12;
    l.whiteScore = cp(whiteCp);
    l.uciMoves = {QString::fromLatin1(uci)};
    return l;
}

}  // namespace

class TestMoveEvalColumn : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void modelColumn() {
        ui::MoveProbModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto pos = chess::Position::fromFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        QVERIFY(pos.ok());
        testing::FakeEvaluator ev;
        auto dist = ev.moveDistribution(*pos, {});
        QVERIFY(dist.ok());
        model.setMoves(*pos, *dist);
        QCOMPARE(model.columnCount(), 4);
        QCOMPARE(model.headerData(ui::MoveProbModel::EvalColumn, Qt::Horizontal).toString(), QStringLiteral("Engine"));
        const chess::Move e5 = *chess::parseUci(*pos, "e7e5");
        const chess::Move a6 = *chess::parseUci(*pos, "a7a6");
        // Black to move: +0.30 for Black is -0.30 on the engine panel's White scale.
        model.setEngineEvals(
            {{e5, cp(30), 12, {}},
             {a6, engines::UciScore{engines::UciScore::Kind::Mate, -3, engines::UciScore::Bound::Exact}, 12, {}}});
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex idx = model.index(row, ui::MoveProbModel::EvalColumn);
            const chess::Move m = model.moveAt(row);
            if (m == e5) {
                QCOMPARE(idx.data().toString(), QStringLiteral("-0.30"));
                QCOMPARE(idx.data(ui::MoveProbModel::EvalCpRole).toInt(), 30);
            } else if (m == a6) {
                QCOMPARE(idx.data().toString(), QStringLiteral("#3"));
                QCOMPARE(idx.data(ui::MoveProbModel::EvalCpRole).toInt(), -(evaluation::kMateCp - 3));
            } else {
                QCOMPARE(idx.data().toString(), QStringLiteral("–"));
                QVERIFY(!idx.data(ui::MoveProbModel::EvalCpRole).isValid());
            }
        }
        // New rows keep the evals until clear().
        model.setMoves(*pos, *dist);
        bool found = false;
        for (int row = 0; row < model.rowCount(); ++row)
            if (model.moveAt(row) == e5)
                found = model.index(row, ui::MoveProbModel::EvalColumn).data().toString() == QStringLiteral("-0.30");
        QVERIFY(found);
        model.clear();
        model.setMoves(*pos, *dist);
        QCOMPARE(model.index(0, ui::MoveProbModel::EvalColumn).data().toString(), QStringLiteral("–"));
    }

    void blunderRisk() {
        ui::AnalysisPanel panel;
        QSignalSpy updated(&panel, &ui::AnalysisPanel::analysisUpdated);
        panel.setEvaluatorFactory(testing::fakeEvaluatorFactory());
        panel.setPosition(chess::Position());
        QTRY_VERIFY_WITH_TIMEOUT(!updated.isEmpty(), 10000);
        QVERIFY(!panel.blunderRisk().has_value());
        // No engine running: the line offers to start one (the link asks the owner) instead of waiting forever.
        QVERIFY(panel.blunderRiskText().contains(QStringLiteral("start it")));
        panel.setEngineRunning(true);
        QVERIFY(panel.blunderRiskText().contains(QStringLiteral("waiting")));

        // The fake gives a2a3 0.6 and each other move 0.4 / 19. Best +0.50; a2a3 (-0.60) loses 110, and the 17
        // moves outside the three lines lose at least 110 too; nothing is known to lose 300.
        QSignalSpy riskChanged(&panel, &ui::AnalysisPanel::blunderRiskChanged);
        panel.setEngineLines({line(1, 50, "g1f3"), line(2, 40, "e2e4"), line(3, -60, "a2a3")});
        QCOMPARE(riskChanged.count(), 1);
        QVERIFY(panel.blunderRisk().has_value());
        const auto& risk = *panel.blunderRisk();
        const double other = 0.4 / 19.0;
        QVERIFY(std::abs(risk.levels[0].mass - (1.0 - 2 * other)) < 1e-5);
        QVERIFY(std::abs(risk.levels[1].mass) < 1e-9);
        QVERIFY(std::abs(risk.levels[1].unknownMass - 17 * other) < 1e-5);
        QVERIFY(panel.blunderRiskText().contains(QStringLiteral("96% lose ≥ 1")));
        // The evals show in the table.
        ui::MoveProbModel* model = panel.moveModel();
        QCOMPARE(model->index(0, ui::MoveProbModel::EvalColumn).data().toString(), QStringLiteral("-0.60"));

        // Lines of another position (first move illegal here) are ignored; a new position clears the risk.
        panel.setEngineLines({line(1, 20, "e7e5")});
        QVERIFY(!panel.blunderRisk().has_value());
        panel.setEngineLines({line(1, 50, "g1f3")});
        QVERIFY(panel.blunderRisk().has_value());
        panel.setPosition(chess::Position());
        QVERIFY(!panel.blunderRisk().has_value());
    }
};

QTEST_MAIN(TestMoveEvalColumn)
#include "tst_move_eval_column.moc"
