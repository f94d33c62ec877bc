// SPDX-License-Identifier: GPL-3.0-or-later
// The play mode's clock (a Fischer clock on an injected time source) and the resign / draw decisions read from the
// value head.
#include "core/play/game_clock.h"

#include <QTest>

using namespace kibitz;
using namespace kibitz::play;

class TstGameClock : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fischerClock();
    void flagFalls();
    void resignOnlyWhenClearlyLost();
    void drawOffersAndAcceptance();
};

void TstGameClock::fischerClock() {
    std::int64_t now = 1000;
    GameClock clock(180000, 2000, [&now] { return now; });  // 3+2
    QVERIFY(!clock.isRunning());
    QCOMPARE(clock.remainingMs(chess::White), std::int64_t(180000));
    clock.start(chess::White);
    now += 5000;
    QCOMPARE(clock.remainingMs(chess::White), std::int64_t(175000));  // live
    QCOMPARE(clock.remainingMs(chess::Black), std::int64_t(180000));
    QCOMPARE(clock.punch(), std::int64_t(177000));  // 180 - 5 + 2
    QCOMPARE(clock.toMove(), chess::Black);
    now += 12500;
    QCOMPARE(clock.punch(), std::int64_t(169500));  // Black: 180 - 12.5 + 2
    QCOMPARE(clock.remainingMs(chess::White), std::int64_t(177000));
    now += 1000;
    clock.stop();  // game over or pause: White's second spent, then nothing runs
    now += 60000;
    QCOMPARE(clock.remainingMs(chess::White), std::int64_t(176000));
    QVERIFY(!clock.isRunning());
    clock.start(chess::White);  // resume
    now += 1000;
    QCOMPARE(clock.remainingMs(chess::White), std::int64_t(175000));
}

void TstGameClock::flagFalls() {
    std::int64_t now = 0;
    GameClock clock(3000, 1000, [&now] { return now; });
    clock.start(chess::White);
    now += 3500;
    QVERIFY(clock.flagged(chess::White));
    QCOMPARE(clock.punch(), std::int64_t(-500));  // no increment once the flag fell
    QVERIFY(clock.flagged(chess::White));
    QVERIFY(!clock.flagged(chess::Black));
}

void TstGameClock::resignOnlyWhenClearlyLost() {
    GameDecisions d;
    const encoding::Wdl lost{0.01f, 0.01f, 0.98f};  // expected score 0.015
    const encoding::Wdl fine{0.40f, 0.10f, 0.50f};
    // In the opening: never, however bad.
    QCOMPARE(d.decide(lost, 10), GameDecision::Play);
    QCOMPARE(d.decide(lost, 12), GameDecision::Play);
    d.reset();
    // Later: a single bad reading is not enough; two in a row are.
    QCOMPARE(d.decide(lost, 30), GameDecision::Play);
    QCOMPARE(d.decide(fine, 32), GameDecision::Play);  // the streak breaks
    QCOMPARE(d.decide(lost, 34), GameDecision::Play);
    QCOMPARE(d.decide(lost, 36), GameDecision::Resign);
    GameDecisionPolicy never;
    never.allowResign = false;
    GameDecisions stubborn(never);
    for (int ply = 30; ply < 40; ply += 2) QCOMPARE(stubborn.decide(lost, ply), GameDecision::Play);
}

void TstGameClock::drawOffersAndAcceptance() {
    GameDecisions d;
    const encoding::Wdl dead{0.15f, 0.70f, 0.15f};
    const encoding::Wdl winning{0.80f, 0.15f, 0.05f};
    QCOMPARE(d.decide(dead, 40), GameDecision::Play);  // too early to offer
    QCOMPARE(d.decide(dead, 70), GameDecision::OfferDraw);
    QCOMPARE(d.decide(winning, 70), GameDecision::Play);
    QVERIFY(d.acceptsDraw(dead, 70));
    QVERIFY(!d.acceptsDraw(winning, 70));  // plays on when winning
    QVERIFY(!d.acceptsDraw(dead, 8));      // and in the opening
}

QTEST_GUILESS_MAIN(TstGameClock)
#include "tst_game_clock.moc"
