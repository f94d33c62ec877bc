// SPDX-License-Identifier: GPL-3.0-or-later
// A folder of Maia-1 rating-band nets in the analysis panel: the arrows and the table follow the
// Elo slider across the bands (the net of the mover's band, blends between band centres, the nearest net outside
// the range, said so), the model line names the source and licence, and the panel says that clocks are not read.
// Real nets: tests/data/maia-1 (maia-1100, -1500, -1900; GPL-3.0, provenance in tests/data/README.md).
#include "core/chess/notation.h"
#include "core/jobs/human_model.h"
#include "core/models/lc0_evaluator.h"
#include "ui/analysis_panel.h"
#include "ui/move_prob_model.h"

#include <QSignalSpy>
#include <QTest>

#include <map>

using namespace kibitz;

namespace {

const std::string kDir = KIBITZ_TEST_DATA_DIR "/maia-1";

std::map<std::uint16_t, double> tableOf(const ui::AnalysisPanel& panel) {
    std::map<std::uint16_t, double> out;
    const ui::MoveProbModel* m = panel.moveModel();
    for (int r = 0; r < m->rowCount(); ++r) out[m->moveAt(r).raw()] = m->probabilityAt(r);
    return out;
}

std::map<std::uint16_t, double> netOf(const std::string& file, const chess::Position& pos,
                                      const encoding::RecentMoves& recent) {
    auto ev = models::Lc0Evaluator::load(kDir + "/" + file);
    std::map<std::uint16_t, double> out;
    if (!ev) return out;
    auto r = (*ev)->evaluate({pos}, {recent});
    if (!r) return out;
    for (const auto& mp : r->moves[0]) out[mp.move.raw()] = mp.prob;
    return out;
}

double maxDiff(const std::map<std::uint16_t, double>& a, const std::map<std::uint16_t, double>& b) {
    double d = a.size() == b.size() ? 0.0 : 1.0;
    for (const auto& [m, p] : a) d = std::max(d, std::abs(p - (b.count(m) ? b.at(m) : -1.0)));
    return d;
}

}  // namespace

class TstAnalysisPanelLc0 : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void arrowsFollowTheEloSliderAcrossBands();
};

void TstAnalysisPanelLc0::arrowsFollowTheEloSliderAcrossBands() {
    ui::AnalysisPanel panel;
    QSignalSpy updated(&panel, &ui::AnalysisPanel::analysisUpdated);
    std::vector<ui::BoardArrow> shownArrows;
    connect(&panel, &ui::AnalysisPanel::arrowsChanged, this,
            [&](const std::vector<ui::BoardArrow>& a) { shownArrows = a; });
    panel.setEvaluatorFactory(jobs::humanEvaluatorFactory(QString::fromStdString(kDir)));
    // A real opening position with its history: 1.e4 e5 2.Nf3 Nc6 3.Bc4, Black to move.
    chess::Position pos;
    encoding::RecentMoves recent;
    for (const char* u : {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4"}) {
        const auto m = chess::parseUci(pos, u);
        QVERIFY(m.ok());
        recent.push(pos, *m);
        pos.makeMove(*m);
    }
    const auto low = netOf("maia-1100.pb.gz", pos, recent);
    const auto mid = netOf("maia-1500.pb.gz", pos, recent);
    const auto high = netOf("maia-1900.pb.gz", pos, recent);
    QVERIFY(!low.empty() && !mid.empty() && !high.empty());
    QVERIFY(maxDiff(low, high) > 0.01);  // the bands disagree here, so following the slider is visible

    struct Step {
        int elo;
        const std::map<std::uint16_t, double>* expect;
        const char* note;
    };
    // Black moves: the Black rating is the mover's. 1150 and 1950 are band centres; 800 is outside.
    for (const Step& s : {Step{1150, &low, "maia-1100.pb.gz"}, Step{1950, &high, "maia-1900.pb.gz"},
                          Step{1550, &mid, "maia-1500.pb.gz"}, Step{800, &low, "outside the nets"}}) {
        updated.clear();
        shownArrows.clear();
        panel.setControls(1500, s.elo, 300, 300, 3);
        panel.setPosition(pos, recent);
        QTRY_VERIFY_WITH_TIMEOUT(!updated.isEmpty() && panel.moveModel()->rowCount() > 0, 20000);
        const auto shown = tableOf(panel);
        QVERIFY2(maxDiff(shown, *s.expect) < 1e-4,
                 qPrintable(QStringLiteral("Elo %1: %2").arg(s.elo).arg(maxDiff(shown, *s.expect))));
        QVERIFY(!shownArrows.empty());
        QCOMPARE(shownArrows.front().move, panel.moveModel()->moveAt(0));
        QVERIFY2(panel.statusText().contains(QString::fromLatin1(s.note)), qPrintable(panel.statusText()));
        QVERIFY2(panel.statusText().contains(QStringLiteral("no clocks")), qPrintable(panel.statusText()));
    }
    // Between two band centres the two nets are blended by rating: 1250 is a quarter of the way to 1550... from
    // 1150, so three quarters of maia-1100 and a quarter of maia-1500.
    updated.clear();
    panel.setControls(1500, 1250, 300, 300, 3);
    panel.setPosition(pos, recent);
    QTRY_VERIFY_WITH_TIMEOUT(!updated.isEmpty() && panel.moveModel()->rowCount() > 0, 20000);
    std::map<std::uint16_t, double> blend;
    for (const auto& [m, p] : low) blend[m] = 0.75 * p + 0.25 * mid.at(m);
    QVERIFY(maxDiff(tableOf(panel), blend) < 1e-4);
    QVERIFY2(panel.statusText().contains(QStringLiteral("75% + maia-1500.pb.gz 25%")), qPrintable(panel.statusText()));
    // The model line names the source and the licence.
    QVERIFY2(panel.modelDescription().contains(QStringLiteral("GPL-3.0")), qPrintable(panel.modelDescription()));
    QVERIFY(panel.modelDescription().contains(QStringLiteral("maia-chess")));
}

QTEST_MAIN(TstAnalysisPanelLc0)
#include "tst_analysis_panel_lc0.moc"
