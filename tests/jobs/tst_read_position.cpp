// SPDX-License-Identifier: GPL-3.0-or-later
// Evaluator::readPosition (one pass of the trunk for moves, value and think time) agrees with the three separate
// calls, for the shipped default human-move model (which has both heads) and for the shipped Maia-1 folder (the lc0
// nets: moves and value in one pass, no think-time head), on the positions of a real opening line.
#include "core/chess/notation.h"
#include "core/jobs/human_model.h"
#include "core/jobs/puzzle_human.h"

#include <QCoreApplication>
#include <QTest>

#include <cmath>

using namespace kibitz;

namespace {

void compareReadings(encoding::Evaluator& ev, bool expectTime, bool expectMoveTimes) {
    chess::Position pos = chess::Position::fromFen(chess::Position::kStartFen).value();
    encoding::RecentMoves recent;
    encoding::Conditioning cond{1620, 1580, 170, 162, 2};
    const encoding::RecentTimes times{.moverLastS = 6, .oppLastS = 3, .moverPaceS = 4.4, .oppPaceS = 2.0};
    int read = 0;
    // Ruy Lopez, Morphy defence: every position before and after each move, with its history.
    for (const char* uci : {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1"}) {
        auto reading = ev.readPosition(pos, cond, recent, times, true);
        QVERIFY2(reading.ok(), reading.ok() ? "" : reading.error().message.c_str());
        auto moves = ev.moveDistributionsWithHistory({pos}, {cond}, {recent});
        QVERIFY(moves.ok());
        QCOMPARE(reading->moves.size(), moves->front().size());
        for (std::size_t i = 0; i < reading->moves.size(); ++i) {
            QCOMPARE(reading->moves[i].move, moves->front()[i].move);
            QVERIFY(std::abs(reading->moves[i].prob - moves->front()[i].prob) < 1e-5f);
        }
        QVERIFY(ev.hasValueHead());
        auto value = ev.valueEstimates({pos}, {cond}, {recent});
        QVERIFY(value.ok() && reading->value);
        QVERIFY(std::abs(reading->value->win - value->front().win) < 1e-5f);
        QVERIFY(std::abs(reading->value->loss - value->front().loss) < 1e-5f);
        QCOMPARE(ev.hasTimeHead(), expectTime);
        QCOMPARE(reading->thinkTime.has_value(), expectTime);
        if (expectTime) {
            auto t = ev.thinkTimes({pos}, {cond}, {recent}, {times}, {});
            QVERIFY(t.ok());
            QVERIFY(std::abs(reading->thinkTime->mu - t->front().mu) < 1e-5);
            QVERIFY(std::abs(reading->thinkTime->sigma - t->front().sigma) < 1e-5);
            // A head that reads the move chosen answers for each move in the same pass, as thinkTimes told it.
            QCOMPARE(reading->moveThinkTimes.size(), expectMoveTimes ? reading->moves.size() : std::size_t(0));
            for (std::size_t i = 0; i < reading->moveThinkTimes.size(); i += 3) {
                auto told = ev.thinkTimes({pos}, {cond}, {recent}, {times}, {reading->moves[i].move});
                QVERIFY(told.ok());
                QVERIFY(std::abs(reading->moveThinkTimes[i].mu - told->front().mu) < 1e-4);
                QVERIFY(std::abs(reading->moveThinkTimes[i].sigma - told->front().sigma) < 1e-4);
            }
            // A move that is not legal there is refused, naming it.
            auto illegal = ev.thinkTimes({pos}, {cond}, {recent}, {times}, {chess::Move(chess::A1, chess::H8)});
            QVERIFY(!illegal.ok() && illegal.error().code == ErrorCode::InvalidInput);
            QVERIFY2(illegal.error().message.find("a1h8") != std::string::npos, illegal.error().message.c_str());
            // Asked without the time, none is computed.
            auto noTime = ev.readPosition(pos, cond, recent, times, false);
            QVERIFY(noTime.ok() && !noTime->thinkTime);
        }
        const chess::Move m = chess::parseUci(pos, uci).value();
        recent.push(pos, m);
        pos.makeMove(m);
        std::swap(cond.moverElo, cond.oppElo);
        std::swap(cond.moverClockS, cond.oppClockS);
        ++read;
    }
    QCOMPARE(read, 9);
}

}  // namespace

class TstReadPosition : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shippedModelInOnePass() {
        auto ev = jobs::loadHumanEvaluator(QString());
        QVERIFY2(ev.ok(), ev.ok() ? "" : ev.error().message.c_str());
        compareReadings(*ev.value(), true, true);
    }
    void maiaFolderByTheDefault() {
        const QString folder = jobs::defaultMaiaFolder();
        QVERIFY2(!folder.isEmpty(), "the shipped Maia-1 nets are not found");
        auto ev = jobs::loadHumanEvaluator(folder);
        QVERIFY2(ev.ok(), ev.ok() ? "" : ev.error().message.c_str());
        compareReadings(*ev.value(), false, false);
    }
};

QTEST_GUILESS_MAIN(TstReadPosition)
#include "tst_read_position.moc"
