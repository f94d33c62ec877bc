// SPDX-License-Identifier: GPL-3.0-or-later
// SortTrainer offscreen: games generated in the worker thread from a fake engine, cards reordered by keys,
// preview arrows, submit scores and reveals, Next loads the following game; a precomputed game scores 4/4.
#include "core/chess/puzzle_csv.h"
#include "core/jobs/review_worker.h"
#include "tests/evaluation/fakes.h"
#include "ui/sort_trainer.h"

#include <QDir>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

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

const QString kSample = QStringLiteral(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv");

std::vector<chess::Puzzle> samplePuzzles() {
    std::vector<chess::Puzzle> out;
    auto reader = chess::PuzzleCsvReader::open(kSample.toStdString());
    if (!reader) return out;
    chess::Puzzle p;
    while ((*reader)->next(p)) out.push_back(p);
    return out;
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
        trainer.loadPuzzleFile(kSample, 5);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 10000);
        // One of the sample's puzzles, from the solver's side (after its setup move).
        const auto sample = samplePuzzles();
        const auto drawn = std::find_if(sample.begin(), sample.end(),
                                        [&](const chess::Puzzle& p) { return p.id == trainer.game()->source; });
        QVERIFY(drawn != sample.end());
        QCOMPARE(trainer.game()->fen, drawn->solverStart().fen());
        QVERIFY(trainer.statusText().contains(QString::fromStdString(drawn->id)));
        // Where the positions came from stays on its own line while the games are played, not in the status the
        // first game replaces; positions given afterwards come from no file.
        // (The English plural comes from the app's translation, which no test loads: "puzzle(s)" here.)
        QVERIFY2(
            QRegularExpression(QStringLiteral("^puzzles_sample[.]csv: 5 puzzle(s|[(]s[)]) drawn at random from the "
                                              "file's 500[.]$"))
                .match(trainer.sourceText())
                .hasMatch(),
            qPrintable(trainer.sourceText()));
        trainer.setPositions({QString::fromStdString(drawn->solverStart().fen())});
        QVERIFY(trainer.sourceText().isEmpty());
        // A file with no more puzzles than were asked for is played whole, and says so.
        trainer.loadPuzzleFile(kSample, 600);
        QTRY_VERIFY_WITH_TIMEOUT(!trainer.sourceText().isEmpty(), 10000);
        QVERIFY2(trainer.sourceText().startsWith(QStringLiteral("puzzles_sample.csv: all 500 puzzle")),
                 qPrintable(trainer.sourceText()));

        ui::SortTrainer missing;
        missing.setAnalyserFactory(testing::ladderFactory());
        missing.loadPuzzleFile(QStringLiteral(KIBITZ_TEST_DATA_DIR "/no-such-puzzles.csv"));
        QTRY_VERIFY_WITH_TIMEOUT(missing.statusText().contains(QStringLiteral("no-such-puzzles.csv")), 5000);
        QVERIFY(!missing.game().has_value());
    }

    /// The file's puzzles are drawn at random from all of it, not its first rows: each of the sample's 500 valid rows
    /// equally likely (reservoir sampling), in a random order; the same seed draws the same puzzles.
    void puzzlesDrawnFromTheWholeFile() {
        const auto sample = samplePuzzles();
        QCOMPARE(sample.size(), std::size_t(500));
        std::map<std::string, int> row;
        for (std::size_t i = 0; i < sample.size(); ++i) row[sample[i].id] = int(i);
        jobs::SortWorker worker;
        QSignalSpy loaded(&worker, &jobs::SortWorker::puzzlesLoaded);
        constexpr int kDraws = 400, kLimit = 10;
        std::vector<int> byFifth(5, 0);
        bool outOfFileOrder = false;
        for (int seed = 1; seed <= kDraws; ++seed) {
            worker.loadPuzzles(quint64(1000 + seed), kSample, kLimit, quint64(seed), CancelToken());
            QCOMPARE(loaded.size(), seed);
            const QStringList ids = loaded.last().at(2).toStringList();
            QCOMPARE(ids.size(), kLimit);
            QCOMPARE(loaded.last().at(0).toULongLong(), quint64(1000 + seed));  // the read's own id back
            QCOMPARE(loaded.last().at(3).toLongLong(), qint64(500));
            QCOMPARE(loaded.last().at(4).toLongLong(), qint64(0));
            std::set<std::string> distinct;
            int previous = -1;
            for (const QString& id : ids) {
                QVERIFY(row.count(id.toStdString()));
                distinct.insert(id.toStdString());
                const int r = row[id.toStdString()];
                ++byFifth[std::size_t(r / 100)];
                if (r < previous) outOfFileOrder = true;
                previous = r;
            }
            QCOMPARE(int(distinct.size()), kLimit);
        }
        // 4,000 draws, 800 expected in each fifth of the file (sd about 25): the first rows are not favoured.
        for (int f = 0; f < 5; ++f)
            QVERIFY2(std::abs(byFifth[std::size_t(f)] - 800) < 150,
                     qPrintable(QString::number(byFifth[std::size_t(f)])));
        QVERIFY(outOfFileOrder);
        worker.loadPuzzles(9, kSample, kLimit, 7, CancelToken());
        worker.loadPuzzles(9, kSample, kLimit, 7, CancelToken());
        QCOMPARE(loaded.last().at(2).toStringList(), loaded.at(loaded.size() - 2).at(2).toStringList());
        // More asked for than the file has: all of them. A cancelled read says nothing.
        worker.loadPuzzles(9, kSample, 1000, 3, CancelToken());
        QCOMPARE(loaded.last().at(2).toStringList().size(), 500);
        const int before = int(loaded.size());
        CancelToken cancelled;
        cancelled.cancel();
        worker.loadPuzzles(9, kSample, kLimit, 3, cancelled);
        QCOMPARE(int(loaded.size()), before);
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
