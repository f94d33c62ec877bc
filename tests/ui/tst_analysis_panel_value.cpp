// SPDX-License-Identifier: GPL-3.0-or-later
// The analysis panel's human evaluation: the value head's expected score, turned to White's side,
// follows the rating controls, is exact when the game is over, and says so when the model has no value head; and the
// think-time line: what the model's think-time head expects of the mover, following the clocks.
#include "core/chess/notation.h"
#include "core/encoding/evaluator.h"
#include "tests/encoding/position_evaluator.h"
#include "ui/analysis_panel.h"

#include <QSignalSpy>
#include <QTest>

#include <cmath>
#include <memory>

using namespace kibitz;

namespace {

/// Uniform move probabilities; with a value head: the side to move wins 60 %, draws 10 %, loses 30 %, shifted by
/// (mover Elo - opponent Elo) / 4000 from loss to win so the rating controls visibly move it.
class ValueFake : public testing::PositionEvaluator {
public:
    explicit ValueFake(bool withValue) : m_withValue(withValue) {}
    Result<std::vector<encoding::MoveProb>> movesAt(const chess::Position& pos,
                                                    const encoding::Conditioning&) override {
        const auto legal = pos.legalMoves();
        if (legal.empty()) return makeError(ErrorCode::InvalidInput, "no legal move");
        std::vector<encoding::MoveProb> out;
        for (const auto& m : legal) out.push_back({m, 1.0f / float(legal.size())});
        return out;
    }
    encoding::Heads heads() const override { return {.value = m_withValue}; }
    Result<std::vector<encoding::Wdl>> readValues(const std::vector<chess::Position>&,
                                                  const std::vector<encoding::Conditioning>& conds,
                                                  const std::vector<encoding::RecentMoves>&) override {
        std::vector<encoding::Wdl> out;
        for (const auto& c : conds) {
            const float shift = float(c.moverElo.value_or(0) - c.oppElo.value_or(0)) / 4000.0f;
            out.push_back({0.6f + shift, 0.1f, 0.3f - shift});
        }
        return out;
    }
    std::string describe() const override { return "value fake"; }

private:
    bool m_withValue;
};

/// ValueFake with a think-time head: ln(1 + s) ~ N(ln(1 + mover clock / 40), 0.5^2) (median clock / 40 seconds), or
/// around the mover's last move time when it is told one.
class TimeFake : public ValueFake {
public:
    TimeFake() : ValueFake(true) {}
    encoding::Heads heads() const override { return {.value = true, .thinkTime = true}; }
    Result<std::vector<encoding::ThinkTime>> readThinkTimes(const std::vector<chess::Position>&,
                                                            const std::vector<encoding::Conditioning>& conds,
                                                            const std::vector<encoding::RecentMoves>&,
                                                            const std::vector<encoding::RecentTimes>& times,
                                                            const std::vector<chess::Move>& /*played*/) override {
        std::vector<encoding::ThinkTime> out;
        for (std::size_t i = 0; i < conds.size(); ++i) {
            const auto& c = conds[i];
            encoding::ThinkTime t;
            // Told the mover's last move time, the fake expects that again.
            const auto last = i < times.size() ? times[i].moverLastS : std::nullopt;
            t.mu = float(std::log1p(last ? double(*last) : c.moverClockS.value_or(120) / 40.0));
            t.sigma = 0.5f;
            out.push_back(t);
        }
        return out;
    }
};

jobs::EvaluatorFactory factory(bool withValue) {
    return [withValue]() -> Result<std::unique_ptr<encoding::Evaluator>> {
        return std::unique_ptr<encoding::Evaluator>(new ValueFake(withValue));
    };
}

}  // namespace

class TstAnalysisPanelValue : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void followsControlsAndSide();
    void exactWhenGameIsOver();
    void modelWithoutValueHead();
    void thinkTimeLine();
};

void TstAnalysisPanelValue::followsControlsAndSide() {
    ui::AnalysisPanel panel;
    QSignalSpy updated(&panel, &ui::AnalysisPanel::analysisUpdated);
    panel.setControls(1500, 1500, -1, -1, 0);
    panel.setEvaluatorFactory(factory(true));
    chess::Position pos;
    panel.setPosition(pos);
    QTRY_VERIFY_WITH_TIMEOUT(panel.humanWhiteScore().has_value(), 5000);
    // White to move: 0.6 + 0.1 / 2.
    QVERIFY(std::abs(*panel.humanWhiteScore() - 0.65) < 1e-5);
    QVERIFY2(panel.humanEvalText().startsWith(QStringLiteral("At 1500 vs 1500, White scores 65% from here")),
             qPrintable(panel.humanEvalText()));
    // Black to move: the panel turns Black's 65 % into White's 35 %.
    encoding::RecentMoves recent;
    const auto e4 = *chess::parseUci(pos, "e2e4");
    recent.push(pos, e4);
    pos.makeMove(e4);
    updated.clear();
    panel.setPosition(pos, recent);
    QVERIFY(updated.wait(5000));
    QVERIFY(std::abs(*panel.humanWhiteScore() - 0.35) < 1e-5);
    // The sliders: Black 400 above White moves 0.1 more to Black.
    updated.clear();
    panel.setControls(1300, 1700, -1, -1, 0);
    panel.setPosition(pos, recent);
    QVERIFY(updated.wait(5000));
    QVERIFY2(std::abs(*panel.humanWhiteScore() - 0.25) < 1e-5, qPrintable(panel.humanEvalText()));
    QVERIFY(panel.humanEvalText().startsWith(QStringLiteral("At 1300 vs 1700, White scores 25%")));
}

void TstAnalysisPanelValue::exactWhenGameIsOver() {
    ui::AnalysisPanel panel;
    panel.setEvaluatorFactory(factory(true));
    panel.setPosition(chess::Position());
    QTRY_VERIFY_WITH_TIMEOUT(panel.humanWhiteScore().has_value(), 5000);
    // Fool's mate: White is mated. The change is announced (the human bar beside the engine's listens).
    QSignalSpy changed(&panel, &ui::AnalysisPanel::humanEvaluationChanged);
    auto mated = chess::Position::fromFen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    panel.setPosition(*mated);
    QCOMPARE(*panel.humanWhiteScore(), 0.0);
    QCOMPARE(changed.count(), 1);
    auto stalemate = chess::Position::fromFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    panel.setPosition(*stalemate);
    QCOMPARE(*panel.humanWhiteScore(), 0.5);
}

void TstAnalysisPanelValue::modelWithoutValueHead() {
    ui::AnalysisPanel panel;
    QSignalSpy updated(&panel, &ui::AnalysisPanel::analysisUpdated);
    // Before the model has answered, the panel does not claim the model lacks a value head.
    QVERIFY2(panel.humanEvalText().contains(QStringLiteral("waiting")), qPrintable(panel.humanEvalText()));
    panel.setEvaluatorFactory(factory(false));
    panel.setPosition(chess::Position());
    QVERIFY(updated.wait(5000));
    QVERIFY(!panel.humanWhiteScore().has_value());
    QVERIFY(panel.humanEvalText().contains(QStringLiteral("value head")));
}

void TstAnalysisPanelValue::thinkTimeLine() {
    ui::AnalysisPanel panel;
    QSignalSpy updated(&panel, &ui::AnalysisPanel::analysisUpdated);
    panel.setControls(1500, 1700, 400, 300, 2);
    panel.setEvaluatorFactory([]() -> Result<std::unique_ptr<encoding::Evaluator>> {
        return std::unique_ptr<encoding::Evaluator>(new TimeFake());
    });
    panel.setPosition(chess::Position());
    QVERIFY(updated.wait(5000));
    // White (1500) has 6:40: median 400 / 40 = 10 s; 80% within 10 s x exp(-+0.5 x 1.2816) (+ the 1 s offset).
    QCOMPARE(panel.thinkTimeText(), QStringLiteral("A 1500 with 6:40 left (+2 s) takes about 10 s here (80% within "
                                                   "5 s–20 s)"));
    // The clock slider moves it: 13:20 left, 20 s.
    updated.clear();
    panel.setControls(1500, 1700, 800, 300, 0);
    panel.setPosition(chess::Position());
    QVERIFY(updated.wait(5000));
    QVERIFY2(panel.thinkTimeText().startsWith(QStringLiteral("A 1500 with 13:20 left takes about 20 s here")),
             qPrintable(panel.thinkTimeText()));
    // A loaded game tells the players' last move times (MainWindow through the session): the head is told them.
    updated.clear();
    panel.setRecentTimes({.moverLastS = 33, .oppLastS = 4, .moverPaceS = 21.5, .oppPaceS = 6.0});
    panel.setPosition(chess::Position());
    QVERIFY(updated.wait(5000));
    QVERIFY2(panel.thinkTimeText().contains(QStringLiteral("takes about 33 s here")),
             qPrintable(panel.thinkTimeText()));
    panel.setRecentTimes({});
    // A forced move: nothing to expect.
    updated.clear();
    panel.setPosition(*chess::Position::fromFen("7k/8/8/8/8/8/1r6/K7 w - - 0 1"));
    QVERIFY(updated.wait(5000));
    QVERIFY(panel.thinkTimeText().isEmpty());
    // A model without the head: no line.
    ui::AnalysisPanel plain;
    QSignalSpy plainUpdated(&plain, &ui::AnalysisPanel::analysisUpdated);
    plain.setEvaluatorFactory(factory(true));
    plain.setPosition(chess::Position());
    QVERIFY(plainUpdated.wait(5000));
    QVERIFY(plain.thinkTimeText().isEmpty());
}

QTEST_MAIN(TstAnalysisPanelValue)
#include "tst_analysis_panel_value.moc"
