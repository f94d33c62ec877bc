// SPDX-License-Identifier: GPL-3.0-or-later
// SortTrainer offscreen: games generated in the worker thread from a fake engine, cards reordered by keys,
// preview arrows, submit scores and reveals, Next loads the following game; a precomputed game scores 4/4.
#include "tests/evaluation/fakes.h"
#include "ui/sort_trainer.h"

#include <QDir>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace kibitz;

namespace {

engines::UciScore cp(int v) {
    return engines::UciScore{engines::UciScore::Kind::Centipawns, v, engines::UciScore::Bound::Exact};
}

// A game in the start position with known scores, cards in engine order.
evaluation::SortGame knownGame() {
    const chess::Position start;
    std::vector<evaluation::RankedMove> ranked;
    const char* ucis[] = {"e2e4", "d2d4", "g1f3", "a2a3"};
    const int scores[] = {40, 25, 10, -60};
    for (int i = 0; i < 4; ++i) ranked.push_back({{*chess::parseUci(start, ucis[i]), cp(scores[i]), 12, {}}, i + 1});
    return *evaluation::makeSortGame(start, ranked, {0, 1, 2, 3}, "test", nullptr, std::nullopt);
}

}  // namespace

Q_DECLARE_METATYPE(std::vector<kibitz::ui::BoardArrow>)

class TestSortTrainer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<std::vector<ui::BoardArrow>>(); }

    void playGeneratedGames() {
        ui::SortTrainer trainer;
        trainer.resize(400, 500);
        trainer.setAnalyserFactory(testing::ladderFactory());
        trainer.setEvaluatorFactory(testing::fakeEvaluatorFactory());
        trainer.show();
        QVERIFY(QTest::qWaitForWindowExposed(&trainer));
        QSignalSpy shown(&trainer, &ui::SortTrainer::gameShown);
        QSignalSpy positions(&trainer, &ui::SortTrainer::positionChanged);
        trainer.setPositions({QString::fromLatin1(chess::Position::kStartFen.data())}, {QStringLiteral("start")});
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
        QVERIFY(trainer.game().has_value());
        QCOMPARE(positions.count(), 1);
        QCOMPARE(trainer.cardList()->count(), 4);
        QVERIFY(trainer.game()->human.has_value());  // the fake model at the trainer's Elo
        QVERIFY(!trainer.isRevealed());

        // Selecting a card previews its move.
        QSignalSpy arrows(&trainer, &ui::SortTrainer::arrowsChanged);
        trainer.cardList()->setFocus();
        trainer.cardList()->setCurrentRow(2);
        QVERIFY(arrows.count() >= 1);
        const auto preview = arrows.last().at(0).value<std::vector<ui::BoardArrow>>();
        QCOMPARE(int(preview.size()), 1);
        const int selectedCard = trainer.cardList()->item(2)->data(Qt::UserRole).toInt();
        QVERIFY(preview.front().move == trainer.game()->cards[std::size_t(selectedCard)].move);

        // Ctrl+Up moves the selected card up; Alt+Down moves it back.
        const std::vector<int> before = trainer.currentOrder();
        QTest::keyClick(trainer.cardList(), Qt::Key_Up, Qt::ControlModifier);
        std::vector<int> after = trainer.currentOrder();
        QCOMPARE(after[1], before[2]);
        QCOMPARE(after[2], before[1]);
        QCOMPARE(trainer.cardList()->currentRow(), 1);
        QTest::keyClick(trainer.cardList(), Qt::Key_Down, Qt::AltModifier);
        QCOMPARE(trainer.currentOrder(), before);

        // Submit: points as sortPoints says, evals revealed, the button turns into Next.
        QSignalSpy submitted(&trainer, &ui::SortTrainer::submitted);
        std::vector<engines::UciScore> scores;
        for (const auto& c : trainer.game()->cards) scores.push_back(c.score);
        const int expected = evaluation::sortPoints(scores, trainer.currentOrder());
        trainer.actionButton()->click();
        QCOMPARE(submitted.count(), 1);
        QCOMPARE(submitted.at(0).at(0).toInt(), expected);
        QCOMPARE(submitted.at(0).at(1).toInt(), 4);
        QVERIFY(trainer.isRevealed());
        QVERIFY(trainer.cardList()->item(0)->text().contains(QStringLiteral("engine #")));
        QCOMPARE(trainer.actionButton()->text(), QStringLiteral("Next"));
        QVERIFY(trainer.difficultyText().contains(QStringLiteral("Difficulty")));
        // Revealed cards no longer move.
        const std::vector<int> revealed = trainer.currentOrder();
        trainer.moveCard(0, 3);
        QCOMPARE(trainer.currentOrder(), revealed);

        QVERIFY(trainer.grab().save(QDir::temp().filePath(QStringLiteral("kibitz-sort-trainer.png"))));

        // Next: a new game, unrevealed, from the queue or freshly generated.
        trainer.actionButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 2, 10000);
        QVERIFY(!trainer.isRevealed());
        QCOMPARE(trainer.gamesPlayed(), 1);
        QCOMPARE(trainer.totalPoints(), expected);
    }

    void puzzleFile() {
        ui::SortTrainer trainer;
        trainer.setAnalyserFactory(testing::ladderFactory());
        QSignalSpy shown(&trainer, &ui::SortTrainer::gameShown);
        trainer.loadPuzzleFile(QStringLiteral(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv"), 5);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
        // The first puzzle of the sample, from the solver's side (after the setup move d3d6).
        QCOMPARE(trainer.game()->source, std::string("0000D"));
        QCOMPARE(trainer.game()->fen, std::string("5rk1/1p3ppp/pq1Q1b2/8/8/1P3N2/P4PPP/3R2K1 b - - 3 27"));
        QVERIFY(trainer.statusText().contains(QStringLiteral("0000D")));

        ui::SortTrainer missing;
        missing.setAnalyserFactory(testing::ladderFactory());
        missing.loadPuzzleFile(QStringLiteral(KIBITZ_TEST_DATA_DIR "/no-such-puzzles.csv"));
        QTRY_VERIFY_WITH_TIMEOUT(missing.statusText().contains(QStringLiteral("no-such-puzzles.csv")), 5000);
        QVERIFY(!missing.game().has_value());
    }

    void precomputedGame() {
        ui::SortTrainer trainer;
        trainer.setGame(knownGame());
        QCOMPARE(trainer.cardList()->count(), 4);
        // The cards never start in the right order.
        std::vector<engines::UciScore> scores;
        for (const auto& c : trainer.game()->cards) scores.push_back(c.score);
        QVERIFY(evaluation::sortPoints(scores, trainer.currentOrder()) < 4);
        // Put them right by moving cards: card i to row i.
        for (int want = 0; want < 4; ++want) {
            const auto order = trainer.currentOrder();
            const int row = int(std::find(order.begin(), order.end(), want) - order.begin());
            trainer.moveCard(row, want);
        }
        QCOMPARE(trainer.currentOrder(), (std::vector<int>{0, 1, 2, 3}));
        QSignalSpy submitted(&trainer, &ui::SortTrainer::submitted);
        trainer.submit();
        QCOMPARE(submitted.at(0).at(0).toInt(), 4);
        QCOMPARE(trainer.lastPoints(), 4);
        for (int row = 0; row < 4; ++row)
            QVERIFY(trainer.cardList()->item(row)->text().startsWith(QStringLiteral("✓")));
        trainer.submit();  // a second submit does not count twice
        QCOMPARE(trainer.gamesPlayed(), 1);
    }
};

QTEST_MAIN(TestSortTrainer)
#include "tst_sort_trainer.moc"
