// SPDX-License-Identifier: GPL-3.0-or-later
// Play mode's controller (core/jobs/play_controller): the opponent answers in its own thread, after a human-like
// time, only on its turn; it resigns, offers, accepts and declines draws from its value head; flags fall; abort and
// destruction while it thinks leave no move behind and no thread running. A fake model keeps it fast and exact.
#include "core/chess/notation.h"
#include "core/jobs/play_controller.h"
#include "tests/encoding/position_evaluator.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <memory>

using namespace kibitz;

namespace {

enum class Mood { Balanced, MoverLost, DeadDraw, MoverWinning };

/// Moves: the UCI-first legal move gets 70 %, the rest share 30 %. Value for the side to move by `mood`.
class FakeModel : public testing::PositionEvaluator {
public:
    explicit FakeModel(std::shared_ptr<std::atomic<Mood>> mood) : m_mood(std::move(mood)) {}
    Result<std::vector<encoding::MoveProb>> movesAt(const chess::Position& pos,
                                                    const encoding::Conditioning&) override {
        auto legal = pos.legalMoves();
        if (legal.empty()) return makeError(ErrorCode::InvalidInput, "no legal move");
        std::vector<chess::Move> moves(legal.begin(), legal.end());
        std::sort(moves.begin(), moves.end(),
                  [](chess::Move a, chess::Move b) { return chess::toUci(a) < chess::toUci(b); });
        std::vector<encoding::MoveProb> out;
        const float rest = moves.size() > 1 ? 0.3f / float(moves.size() - 1) : 0.0f;
        for (std::size_t i = 0; i < moves.size(); ++i)
            out.push_back({moves[i], i == 0 ? (moves.size() > 1 ? 0.7f : 1.0f) : rest});
        return out;
    }
    encoding::Heads heads() const override { return {.value = true}; }
    Result<std::vector<encoding::Wdl>> readValues(const std::vector<chess::Position>& positions,
                                                  const std::vector<encoding::Conditioning>&,
                                                  const std::vector<encoding::RecentMoves>&) override {
        encoding::Wdl w{0.4f, 0.2f, 0.4f};
        switch (m_mood->load()) {
            case Mood::Balanced: break;
            case Mood::MoverLost: w = {0.01f, 0.01f, 0.98f}; break;
            case Mood::DeadDraw: w = {0.05f, 0.9f, 0.05f}; break;
            case Mood::MoverWinning: w = {0.95f, 0.04f, 0.01f}; break;
        }
        return std::vector<encoding::Wdl>(positions.size(), w);
    }
    std::string describe() const override { return "fake"; }

private:
    std::shared_ptr<std::atomic<Mood>> m_mood;
};

chess::Move topMove(const chess::Position& pos) {
    auto legal = pos.legalMoves();
    std::vector<chess::Move> moves(legal.begin(), legal.end());
    return *std::min_element(moves.begin(), moves.end(),
                             [](chess::Move a, chess::Move b) { return chess::toUci(a) < chess::toUci(b); });
}

jobs::PlaySettings quickSettings(chess::Color user) {
    jobs::PlaySettings s;
    s.userColor = user;
    s.userElo = 1300;
    s.opponentElo = 1700;
    s.baseMs = 60'000;
    s.incrementMs = 0;
    s.policy.temperature = 0.0;  // always the most likely move: the fake's UCI-first
    s.humanThinkTime = false;
    s.seed = 7;
    return s;
}

chess::Move uci(const chess::Position& pos, const char* text) { return chess::parseUci(pos, text).value(); }

}  // namespace

class TstPlayController : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void opponentOpensAsWhite();
    void onlyOnTheUsersTurn();
    void thinksForAHumanTime();
    void resignsALostGame();
    void answersDrawOffers();
    void offersDrawsInDeadPositions();
    void userFlagFalls();
    void abortWhileThinking();
    void destroyWhileThinking();
    void modelThatDoesNotLoad();

private:
    std::shared_ptr<std::atomic<Mood>> m_mood;
    jobs::EvaluatorFactory factory() const {
        return [mood = m_mood]() -> Result<std::unique_ptr<encoding::Evaluator>> {
            return std::unique_ptr<encoding::Evaluator>(new FakeModel(mood));
        };
    }
};

void TstPlayController::init() { m_mood = std::make_shared<std::atomic<Mood>>(Mood::Balanced); }

void TstPlayController::opponentOpensAsWhite() {
    jobs::PlayController c;
    c.setEvaluatorFactory(factory());
    QSignalSpy moved(&c, &jobs::PlayController::moved);
    c.newGame(quickSettings(chess::Black));
    QVERIFY(!c.isUserTurn());
    QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 1, 5000);
    QCOMPARE(moved.at(0).at(0).value<chess::Move>(), topMove(chess::Position()));
    QCOMPARE(moved.at(0).at(1).toInt(), 1);
    QVERIFY(c.isUserTurn());
    QCOMPARE(c.session()->ply(), 1);
    // The user answers; the opponent replies with the model's favourite move in the new position.
    const chess::Position afterFirst = c.session()->position();
    QVERIFY(c.userMove(uci(afterFirst, "e7e5")));
    QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 3, 5000);
    chess::Position p = afterFirst;
    p.makeMove(uci(afterFirst, "e7e5"));
    QCOMPARE(moved.at(2).at(0).value<chess::Move>(), topMove(p));
    // The PGN names the players by side, with their ratings and clocks.
    const chess::PgnGame pgn = c.pgn();
    QCOMPARE(pgn.tag("White"), std::string("Kibitz human 1700"));
    QCOMPARE(pgn.tag("Black"), std::string("You"));
    QCOMPARE(pgn.tag("WhiteElo"), std::string("1700"));
    QCOMPARE(pgn.tag("TimeControl"), std::string("60+0"));
    QCOMPARE(pgn.moves.size(), std::size_t(3));
    for (const auto& m : pgn.moves) QVERIFY(m.clockSeconds >= 55 && m.clockSeconds <= 60);
}

void TstPlayController::onlyOnTheUsersTurn() {
    jobs::PlayController c;
    c.setEvaluatorFactory(factory());
    QSignalSpy moved(&c, &jobs::PlayController::moved);
    c.newGame(quickSettings(chess::White));
    QVERIFY(c.isUserTurn());
    QVERIFY(!c.userMove(chess::Move(chess::E2, chess::E5)));  // illegal
    QCOMPARE(c.session()->ply(), 0);
    QVERIFY(c.userMove(uci(chess::Position(), "d2d4")));
    QVERIFY(!c.isUserTurn());
    // A second move before the opponent's reply is refused, legal or not.
    chess::Position p;
    p.makeMove(uci(p, "d2d4"));
    QVERIFY(!c.userMove(uci(p, "d7d5")));
    QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 2, 5000);
    QVERIFY(c.isUserTurn());
    // After the game no move is taken.
    c.resign();
    QVERIFY(!c.isPlaying());
    QVERIFY(!c.userMove(topMove(c.session()->position())));
    QCOMPARE(c.session()->outcome().how, play::Termination::Resignation);
    QCOMPARE(c.session()->outcome().winner, std::optional<chess::Color>(chess::Black));
}

void TstPlayController::thinksForAHumanTime() {
    jobs::PlayController c;
    c.setEvaluatorFactory(factory());
    QSignalSpy moved(&c, &jobs::PlayController::moved);
    jobs::PlaySettings s = quickSettings(chess::White);
    s.humanThinkTime = true;
    s.baseMs = 20'000;  // a fifth of the clock at most: the reply comes within 4 s
    c.newGame(s);
    QElapsedTimer timer;
    timer.start();
    QVERIFY(c.userMove(uci(chess::Position(), "e2e4")));
    QVERIFY(c.isOpponentThinking());
    QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 2, 8000);
    const qint64 took = timer.elapsed();
    QVERIFY2(took >= 95, qPrintable(QString::number(took)));
    // The opponent's clock paid for the thinking.
    const std::int64_t spent = 20'000 - c.session()->remainingMs(chess::Black);
    QVERIFY2(spent >= 95 && spent <= took + 50, qPrintable(QStringLiteral("%1 of %2").arg(spent).arg(took)));
    QVERIFY(!c.isOpponentThinking());
}

void TstPlayController::resignsALostGame() {
    jobs::PlayController c;
    c.setEvaluatorFactory(factory());
    QSignalSpy moved(&c, &jobs::PlayController::moved);
    QSignalSpy over(&c, &jobs::PlayController::gameOver);
    jobs::PlaySettings s = quickSettings(chess::White);
    s.decisions.resignMinPly = 0;
    s.decisions.resignAfter = 2;
    c.newGame(s);
    m_mood->store(Mood::MoverLost);
    QVERIFY(c.userMove(uci(chess::Position(), "e2e4")));
    // One bad moment is not enough: it plays on.
    QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 2, 5000);
    QCOMPARE(over.count(), 0);
    QVERIFY(c.userMove(topMove(c.session()->position())));
    QTRY_COMPARE_WITH_TIMEOUT(over.count(), 1, 5000);
    QCOMPARE(moved.count(), 3);
    QCOMPARE(c.session()->outcome().how, play::Termination::Resignation);
    QCOMPARE(c.session()->outcome().winner, std::optional<chess::Color>(chess::White));
    QCOMPARE(c.pgn().result, std::string("1-0"));
}

void TstPlayController::answersDrawOffers() {
    jobs::PlaySettings s = quickSettings(chess::White);
    s.decisions.acceptDrawMinPly = 0;
    s.decisions.allowDrawOffers = false;  // only answers here
    {
        // The opponent is winning: it declines and plays on.
        jobs::PlayController c;
        c.setEvaluatorFactory(factory());
        QSignalSpy moved(&c, &jobs::PlayController::moved);
        QSignalSpy answered(&c, &jobs::PlayController::drawAnswered);
        c.newGame(s);
        m_mood->store(Mood::MoverWinning);
        c.offerDraw();
        QVERIFY(c.userMove(uci(chess::Position(), "e2e4")));
        QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 2, 5000);
        QCOMPARE(answered.count(), 1);
        QCOMPARE(answered.at(0).at(0).toBool(), false);
        QVERIFY(c.isPlaying());
        QVERIFY(!c.session()->pendingDrawOffer());
    }
    {
        // A dead draw: it accepts instead of moving.
        jobs::PlayController c;
        c.setEvaluatorFactory(factory());
        QSignalSpy moved(&c, &jobs::PlayController::moved);
        QSignalSpy over(&c, &jobs::PlayController::gameOver);
        c.newGame(s);
        m_mood->store(Mood::DeadDraw);
        QVERIFY(c.userMove(uci(chess::Position(), "e2e4")));
        QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 2, 5000);
        c.offerDraw();  // on the user's turn: answered when the opponent next thinks
        QVERIFY(c.userMove(topMove(c.session()->position())));
        QTRY_COMPARE_WITH_TIMEOUT(over.count(), 1, 5000);
        QCOMPARE(moved.count(), 3);
        QCOMPARE(c.session()->outcome().how, play::Termination::Agreement);
        QCOMPARE(c.pgn().result, std::string("1/2-1/2"));
    }
}

void TstPlayController::offersDrawsInDeadPositions() {
    jobs::PlaySettings s = quickSettings(chess::White);
    s.decisions.drawOfferMinPly = 0;
    jobs::PlayController c;
    c.setEvaluatorFactory(factory());
    QSignalSpy moved(&c, &jobs::PlayController::moved);
    QSignalSpy offered(&c, &jobs::PlayController::drawOffered);
    c.newGame(s);
    m_mood->store(Mood::DeadDraw);
    QVERIFY(c.userMove(uci(chess::Position(), "e2e4")));
    QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 2, 5000);
    QCOMPARE(offered.count(), 1);
    QCOMPARE(c.session()->pendingDrawOffer(), std::optional<chess::Color>(chess::Black));
    QVERIFY(c.acceptDraw());
    QCOMPARE(c.session()->outcome().how, play::Termination::Agreement);
    QVERIFY(!c.acceptDraw());
}

void TstPlayController::userFlagFalls() {
    jobs::PlayController c;
    c.setEvaluatorFactory(factory());
    QSignalSpy over(&c, &jobs::PlayController::gameOver);
    jobs::PlaySettings s = quickSettings(chess::White);
    s.baseMs = 300;
    c.newGame(s);
    QTRY_COMPARE_WITH_TIMEOUT(over.count(), 1, 3000);
    const auto outcome = over.at(0).at(0).value<play::GameOutcome>();
    QCOMPARE(outcome.how, play::Termination::TimeForfeit);
    QCOMPARE(outcome.winner, std::optional<chess::Color>(chess::Black));
    QVERIFY(!c.userMove(uci(chess::Position(), "e2e4")));
}

void TstPlayController::abortWhileThinking() {
    jobs::PlayController c;
    c.setEvaluatorFactory(factory());
    QSignalSpy moved(&c, &jobs::PlayController::moved);
    QSignalSpy over(&c, &jobs::PlayController::gameOver);
    jobs::PlaySettings s = quickSettings(chess::White);
    s.humanThinkTime = true;
    s.baseMs = 0;  // untimed: paced like 15+10, so it thinks for a while
    c.newGame(s);
    QVERIFY(c.userMove(uci(chess::Position(), "e2e4")));
    QTest::qWait(50);
    c.abort();
    QCOMPARE(over.count(), 1);
    QCOMPARE(c.session()->outcome().how, play::Termination::Aborted);
    QVERIFY(!c.isOpponentThinking());
    QTest::qWait(300);
    QCOMPARE(moved.count(), 1);  // only the user's
    QCOMPARE(c.pgn().result, std::string("*"));
    // A new game starts clean after an aborted one.
    c.newGame(quickSettings(chess::Black));
    QTRY_COMPARE_WITH_TIMEOUT(moved.count(), 2, 5000);
    QCOMPARE(c.session()->ply(), 1);
}

void TstPlayController::destroyWhileThinking() {
    QElapsedTimer timer;
    timer.start();
    {
        auto c = std::make_unique<jobs::PlayController>();
        c->setEvaluatorFactory(factory());
        jobs::PlaySettings s = quickSettings(chess::Black);
        s.humanThinkTime = true;
        c->newGame(s);
        QTest::qWait(20);
    }
    qInfo("destroyed during a human think time in %lld ms", static_cast<long long>(timer.elapsed()));
    QVERIFY(timer.elapsed() < 5000);  // the think time it interrupts is far longer; room for a loaded machine
}

void TstPlayController::modelThatDoesNotLoad() {
    jobs::PlayController c;
    QSignalSpy failed(&c, &jobs::PlayController::failed);
    QSignalSpy over(&c, &jobs::PlayController::gameOver);
    c.newGame(quickSettings(chess::Black));
    c.setEvaluatorFactory([]() -> Result<std::unique_ptr<encoding::Evaluator>> {
        return makeError(ErrorCode::Io, "cannot open broken.kibitz");
    });
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 5000);
    QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("broken.kibitz")));
    QCOMPARE(over.count(), 1);
    QCOMPARE(c.session()->outcome().how, play::Termination::Aborted);
}

QTEST_GUILESS_MAIN(TstPlayController)
#include "tst_play_controller.moc"
