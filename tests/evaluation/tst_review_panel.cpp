// SPDX-License-Identifier: GPL-3.0-or-later
// ReviewPanel offscreen with a fake engine and a fake model: the chart fills, clicking it and the table jump to
// a ply, cancel stops a running review, a screenshot is saved for the docs.
#include "core/chess/pgn.h"
#include "tests/evaluation/fakes.h"
#include "ui/review_panel.h"

#include <QChart>
#include <QChartView>
#include <QDir>
#include <QLineSeries>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

using namespace kibitz;

namespace {

chess::PgnGame sampleGame(int plies) {
    auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    chess::PgnGame game;
    if (reader.ok()) (*reader)->next(game);
    if (int(game.moves.size()) > plies) game.moves.resize(std::size_t(plies));
    return game;
}

}  // namespace

class TestReviewPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void lossColumnSaysWhatAMateDid() {
        // Scores as the engine gives them, from the mover's view (Lichess game review shows the same cases).
        auto cp = [](int v) { return engines::UciScore{engines::UciScore::Kind::Centipawns, v}; };
        auto mate = [](int v) { return engines::UciScore{engines::UciScore::Kind::Mate, v}; };
        evaluation::PlyReview p;
        QCOMPARE(ui::ReviewPanel::lossText(p), QStringLiteral("–"));  // no engine
        p.before = cp(30);
        p.after = mate(-2);  // a blunder into mate in 2
        p.lossCp = 10000;
        QCOMPARE(ui::ReviewPanel::lossText(p), QStringLiteral("#-2"));
        p.before = mate(3);
        p.after = cp(450);  // a forced mate let go, still winning
        QCOMPARE(ui::ReviewPanel::lossText(p), QStringLiteral("missed #3"));
        p.before = mate(3);
        p.after = mate(5);  // a slower mate: a small loss, as a number
        p.lossCp = 2;
        QCOMPARE(ui::ReviewPanel::lossText(p), QStringLiteral("2"));
        p.before = cp(120);
        p.after = cp(-210);
        p.lossCp = 330;
        QCOMPARE(ui::ReviewPanel::lossText(p), QStringLiteral("330"));
    }

    void reviewAndJump() {
        ui::ReviewPanel panel;
        panel.resize(800, 600);
        panel.setAnalyserFactory(testing::ladderFactory());
        panel.setEvaluatorFactory(testing::fakeEvaluatorFactory());
        panel.setGame(sampleGame(40));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QSignalSpy finished(&panel, &ui::ReviewPanel::reviewFinished);
        panel.start();
        QVERIFY(panel.isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 10000);
        QVERIFY(!panel.isRunning());
        QCOMPARE(panel.humanSeries()->count(), 40);
        QCOMPARE(panel.evalSeries()->count(), 40);
        QCOMPARE(panel.table()->topLevelItemCount(), 40);
        QVERIFY(panel.review().has_value());
        // The fake model gives 0.6 to the alphabetically first move: every point is 60% or the small share.
        for (const QPointF& p : panel.humanSeries()->points()) QVERIFY(p.y() >= 0.0 && p.y() <= 60.0001);

        // Click on the chart where ply 12 is drawn.
        QSignalSpy activated(&panel, &ui::ReviewPanel::plyActivated);
        QChart* chart = panel.chartView()->chart();
        const QPointF target = panel.humanSeries()->at(11);
        const QPointF scenePos = chart->mapToScene(chart->mapToPosition(target, panel.humanSeries()));
        const QPoint viewPos = panel.chartView()->mapFromScene(scenePos);
        QCOMPARE(panel.plyAt(viewPos), 12);
        QTest::mouseClick(panel.chartView()->viewport(), Qt::LeftButton, {}, viewPos);
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toInt(), 12);
        QCOMPARE(panel.currentPly(), 12);
        // Outside the plot area nothing happens.
        QTest::mouseClick(panel.chartView()->viewport(), Qt::LeftButton, {}, QPoint(2, 2));
        QCOMPARE(activated.count(), 1);
        // A row of the table jumps too.
        QTreeWidgetItem* row = panel.table()->topLevelItem(4);
        QTest::mouseClick(panel.table()->viewport(), Qt::LeftButton, {}, panel.table()->visualItemRect(row).center());
        QCOMPARE(activated.count(), 2);
        QCOMPARE(activated.at(1).at(0).toInt(), 5);

        const QString shots = QDir::temp().filePath(QStringLiteral("kibitz-screenshots"));
        QDir().mkpath(shots);
        QVERIFY(panel.grab().save(QDir(shots).filePath(QStringLiteral("review_panel.png"))));
    }

    void cancel() {
        ui::ReviewPanel panel;
        panel.setAnalyserFactory(testing::ladderFactory(25));
        panel.setGame(sampleGame(400));
        QSignalSpy progress(&panel, &ui::ReviewPanel::progressChanged);
        QSignalSpy finished(&panel, &ui::ReviewPanel::reviewFinished);
        panel.start();
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty(), 5000);
        panel.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!panel.isRunning(), 5000);
        QCOMPARE(finished.count(), 0);
        QVERIFY(panel.statusText().contains(QStringLiteral("cancelled")));
        QVERIFY(!panel.review().has_value());
    }

    void noGame() {
        ui::ReviewPanel panel;
        panel.start();  // nothing to review: no effect
        QVERIFY(!panel.isRunning());
        QCOMPARE(panel.plyAt(QPointF(100, 100)), 0);
    }

    void playedLikeOnTheGamesScale() {
        evaluation::GameReview review;
        review.whitePlayedLike.valid = true;
        review.whitePlayedLike.estimate = 1500.0;  // the model's (Lichess) scale
        review.whitePlayedLike.low = 1300.0;
        review.whitePlayedLike.high = 1700.0;
        review.ratingSite = encoding::RatingSite::Lichess;
        QVERIFY(
            ui::ReviewPanel::playedLikeText(review).contains(QStringLiteral("White played like a 1500 (1300–1700).")));
        QVERIFY(!ui::ReviewPanel::playedLikeText(review).contains(QStringLiteral("Black")));
        // A chess.com game: chess.com's scale first (Lichess 1500 is chess.com (1500 - 614) / 0.797 = 1112), the
        // model's beside it.
        review.ratingSite = encoding::RatingSite::ChessCom;
        const QString text = ui::ReviewPanel::playedLikeText(review);
        QVERIFY2(text.contains(QStringLiteral("White played like a 1112 (")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("on chess.com's scale, 1500 on Lichess's.")), qPrintable(text));
    }
};

QTEST_MAIN(TestReviewPanel)
#include "tst_review_panel.moc"
