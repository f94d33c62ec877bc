// SPDX-License-Identifier: GPL-3.0-or-later
// Play mode with the shipped model (the blend of Kibitz's own and the Maia-1 nets): a short real game through
// jobs::PlayController, whose opponent moves come from the one human mover (play::chooseHumanMove). The user side
// plays the first legal move in UCI order; every opponent move must be legal, arrive in turn and be recorded.
#include "core/chess/notation.h"
#include "core/jobs/human_model.h"
#include "core/jobs/play_controller.h"

#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using namespace kibitz;

class TstPlayRealModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aShortGameAgainstTheShippedModel() {
        jobs::PlayController c;
        c.setEvaluatorFactory([]() { return jobs::loadHumanEvaluator(QString()); });
        QSignalSpy moved(&c, &jobs::PlayController::moved);
        jobs::PlaySettings s;
        s.userColor = chess::Black;
        s.userElo = 1500;
        s.opponentElo = 2200;
        s.baseMs = 180'000;
        s.humanThinkTime = false;
        s.seed = 11;
        c.newGame(s);
        for (int round = 0; round < 5; ++round) {
            QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 2 * round + 1, 60000);
            QVERIFY(c.isUserTurn());
            const chess::Position pos = c.session()->position();
            auto legal = pos.legalMoves();
            std::vector<chess::Move> moves(legal.begin(), legal.end());
            std::sort(moves.begin(), moves.end(),
                      [](chess::Move a, chess::Move b) { return chess::toUci(a) < chess::toUci(b); });
            QVERIFY(c.userMove(moves.front()));
        }
        QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 11, 60000);
        // Replaying the recorded game from the start checks every opponent move's legality.
        const chess::PgnGame pgn = c.pgn();
        QCOMPARE(pgn.moves.size(), std::size_t(11));
        chess::Position replay;
        for (const auto& m : pgn.moves) {
            QVERIFY(replay.isLegal(m.move));
            replay.makeMove(m.move);
        }
        QCOMPARE(pgn.tag("WhiteElo"), std::string("2200"));
    }
};

QTEST_MAIN(TstPlayRealModel)
#include "tst_play_real_model.moc"
