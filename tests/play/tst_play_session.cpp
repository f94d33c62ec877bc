// SPDX-License-Identifier: GPL-3.0-or-later
// One play-mode game (core/play/play_session): the clocks and the [%clk] they leave in the PGN, every way a game ends
// (mate, stalemate, repetition, fifty moves, dead material, time with and without mating material, resignation,
// agreement), draw offers, and the model's conditioning for the side to move. Time is injected, so nothing waits.
#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "core/common/text_input.h"
#include "core/play/play_session.h"

#include <QTest>

using namespace kibitz;
using namespace kibitz::play;

namespace {

chess::Move uci(const chess::Position& pos, const char* text) {
    auto m = chess::parseUci(pos, text);
    if (!m) qFatal("bad test move %s", text);
    return m.value();
}

/// Plays UCI moves, advancing the fake clock by `thinkMs` before each.
void playLine(PlaySession& s, std::int64_t& now, std::initializer_list<const char*> moves, std::int64_t thinkMs = 0) {
    for (const char* m : moves) {
        now += thinkMs;
        const Status st = s.play(uci(s.position(), m));
        if (!st) qFatal("move %s refused: %s", m, st.error().message.c_str());
    }
}

SessionSetup setup3plus2() {
    SessionSetup s;
    s.baseMs = 180'000;
    s.incrementMs = 2'000;
    s.white = {"You", 1400};
    s.black = {"Kibitz human 1800", 1800};
    return s;
}

}  // namespace

class TstPlaySession : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void scholarsMateWithClocksAndPgn();
    void illegalMovesAndMovesAfterTheEnd();
    void conditioningFollowsTheClocks();
    void untimedGame();
    void flagFalls();
    void flagFallsAgainstBareKing();
    void mateMaterial();
    void drawRules();
    void drawOffers();
    void resignation();
    void customStartInPgn();
};

void TstPlaySession::scholarsMateWithClocksAndPgn() {
    std::int64_t now = 0;
    PlaySession s(setup3plus2(), [&now] { return now; });
    s.start();
    QCOMPARE(s.remainingMs(chess::White), std::int64_t(180'000));
    now += 4'500;
    QVERIFY(bool(s.play(uci(s.position(), "e2e4"))));
    QCOMPARE(s.remainingMs(chess::White), std::int64_t(177'500));  // 180 - 4.5 + 2
    playLine(s, now, {"e7e5", "f1c4", "b8c6", "d1h5", "g8f6"}, 10'000);
    QVERIFY(!s.isOver());
    QCOMPARE(s.sideToMove(), chess::White);
    now += 1'200;
    QVERIFY(bool(s.play(uci(s.position(), "h5f7"))));
    QVERIFY(s.isOver());
    QCOMPARE(s.outcome().how, Termination::Checkmate);
    QCOMPARE(s.outcome().winner, std::optional<chess::Color>(chess::White));
    QCOMPARE(s.outcome().result(), std::string("1-0"));
    QVERIFY(!s.clock().isRunning());

    const chess::PgnGame game = s.toPgn("2026.11.25");
    QCOMPARE(game.result, std::string("1-0"));
    QCOMPARE(game.tag("TimeControl"), std::string("180+2"));
    QCOMPARE(game.tag("WhiteElo"), std::string("1400"));
    QCOMPARE(game.tag("BlackElo"), std::string("1800"));
    QCOMPARE(game.tag("Termination"), std::string("Normal"));
    QCOMPARE(game.tag("Date"), std::string("2026.11.25"));
    QCOMPARE(int(game.moves.size()), 7);
    // White: 180 - 4.5 + 2 = 177.5 -> 2:57 (rounded down); Black's first: 180 - 10 + 2 = 172.
    QCOMPARE(game.moves[0].clockSeconds, 177);
    QCOMPARE(game.moves[1].clockSeconds, 172);
    QCOMPARE(game.moves[6].san, std::string("Qxf7#"));

    // The written PGN reads back with the same moves and clocks (what review and training read).
    const std::string text = chess::writePgn(game);
    QVERIFY2(text.find("[%clk 0:02:57]") != std::string::npos, text.c_str());
    chess::PgnReader reader(TextInput::fromString(text, "play.pgn"));
    chess::PgnGame back;
    QVERIFY(reader.next(back));
    QCOMPARE(back.result, std::string("1-0"));
    QCOMPARE(back.moves.size(), game.moves.size());
    for (std::size_t i = 0; i < back.moves.size(); ++i) {
        QCOMPARE(back.moves[i].move, game.moves[i].move);
        QCOMPARE(back.moves[i].clockSeconds, game.moves[i].clockSeconds);
    }
}

void TstPlaySession::illegalMovesAndMovesAfterTheEnd() {
    std::int64_t now = 0;
    PlaySession s(setup3plus2(), [&now] { return now; });
    s.start();
    const chess::Move illegal(chess::E2, chess::E5);
    const Status st = s.play(illegal);
    QVERIFY(!st);
    QVERIFY2(st.error().message.find("e2e5") != std::string::npos, st.error().message.c_str());
    QCOMPARE(s.ply(), 0);
    s.resign(chess::White);
    QVERIFY(!s.play(uci(s.position(), "e2e4")));
    QCOMPARE(s.ply(), 0);
}

void TstPlaySession::conditioningFollowsTheClocks() {
    std::int64_t now = 0;
    PlaySession s(setup3plus2(), [&now] { return now; });
    s.start();
    encoding::Conditioning c = s.moverConditioning();
    QCOMPARE(c.moverElo, std::optional<int>(1400));
    QCOMPARE(c.oppElo, std::optional<int>(1800));
    QCOMPARE(c.moverClockS, std::optional<int>(180));
    QCOMPARE(c.incrementS, std::optional<int>(2));
    now += 30'700;  // live: White's clock runs while it thinks
    QCOMPARE(s.moverConditioning().moverClockS, std::optional<int>(149));
    playLine(s, now, {"d2d4"});
    now += 5'000;
    c = s.moverConditioning();  // Black to move, 5 s into its think
    QCOMPARE(c.moverElo, std::optional<int>(1800));
    QCOMPARE(c.oppElo, std::optional<int>(1400));
    QCOMPARE(c.moverClockS, std::optional<int>(175));
    QCOMPARE(c.oppClockS, std::optional<int>(151));  // 180 - 30.7 + 2 = 151.3
    // The recent moves the v2 model reads: the last ply, newest first.
    const encoding::RecentMoves recent = s.recentMoves();
    QCOMPARE(recent.count, 1);
}

void TstPlaySession::untimedGame() {
    SessionSetup setup;
    setup.white = {"A", 1200};
    setup.black = {"B", 2000};
    std::int64_t now = 0;
    PlaySession s(setup, [&now] { return now; });
    s.start();
    now += 10'000'000;
    QVERIFY(!s.checkTime());
    playLine(s, now, {"e2e4", "c7c5"}, 3'600'000);
    const encoding::Conditioning c = s.moverConditioning();
    QVERIFY(!c.moverClockS);
    QVERIFY(!c.oppClockS);
    QCOMPARE(c.moverElo, std::optional<int>(1200));
    const chess::PgnGame game = s.toPgn("2026.11.25");
    QCOMPARE(game.tag("TimeControl"), std::string("-"));
    QCOMPARE(game.moves[0].clockSeconds, -1);
    QVERIFY(chess::writePgn(game).find("%clk") == std::string::npos);
    QCOMPARE(game.result, std::string("*"));
}

void TstPlaySession::flagFalls() {
    std::int64_t now = 0;
    SessionSetup setup = setup3plus2();
    setup.baseMs = 10'000;
    setup.incrementMs = 0;
    PlaySession s(setup, [&now] { return now; });
    s.start();
    playLine(s, now, {"e2e4"}, 1'000);
    now += 9'999;
    QVERIFY(!s.checkTime());
    now += 2;
    QVERIFY(s.checkTime());
    QCOMPARE(s.outcome().how, Termination::TimeForfeit);
    QCOMPARE(s.outcome().winner, std::optional<chess::Color>(chess::White));
    QCOMPARE(s.outcome().result(), std::string("1-0"));
    QCOMPARE(s.toPgn("2026.11.25").tag("Termination"), std::string("Time forfeit"));
    QCOMPARE(s.remainingMs(chess::Black), std::int64_t(-1));  // the clock stopped where the flag fell was noticed

    // A move sent after the flag fell (before anyone checked) does not count.
    std::int64_t now2 = 0;
    PlaySession late(setup, [&now2] { return now2; });
    late.start();
    now2 += 10'500;
    QVERIFY(!late.play(uci(late.position(), "e2e4")));
    QCOMPARE(late.outcome().how, Termination::TimeForfeit);
    QCOMPARE(late.outcome().winner, std::optional<chess::Color>(chess::Black));
    QCOMPARE(late.ply(), 0);
}

void TstPlaySession::flagFallsAgainstBareKing() {
    // White (to move) runs out; Black has a lone king and cannot mate: a draw (FIDE 6.9).
    SessionSetup setup = setup3plus2();
    setup.start = chess::Position::fromFen("8/8/4k3/8/8/2QK4/8/8 w - - 0 60").value();
    setup.baseMs = 1'000;
    std::int64_t now = 0;
    PlaySession s(setup, [&now] { return now; });
    s.start();
    now += 1'500;
    QVERIFY(s.checkTime());
    QCOMPARE(s.outcome().how, Termination::TimeoutVsInsufficient);
    QCOMPARE(s.outcome().result(), std::string("1/2-1/2"));
}

void TstPlaySession::mateMaterial() {
    auto pos = [](const char* fen) { return chess::Position::fromFen(fen).value(); };
    QVERIFY(!hasMatingMaterial(pos("8/8/4k3/8/8/2QK4/8/8 w - - 0 1"), chess::Black));
    QVERIFY(hasMatingMaterial(pos("8/8/4k3/8/8/2QK4/8/8 w - - 0 1"), chess::White));
    QVERIFY(!hasMatingMaterial(pos("8/8/4k3/8/8/2NK4/8/8 w - - 0 1"), chess::White));
    QVERIFY(hasMatingMaterial(pos("8/8/4k3/8/8/2NKB3/8/8 w - - 0 1"), chess::White));
    QVERIFY(hasMatingMaterial(pos("8/8/4k3/8/8/3K4/6P1/8 w - - 0 1"), chess::White));
}

void TstPlaySession::drawRules() {
    std::int64_t now = 0;
    {
        // Knights out and back twice: the start position stands for the third time after Black's 8th ply.
        PlaySession s(setup3plus2(), [&now] { return now; });
        s.start();
        playLine(s, now, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"}, 100);
        QVERIFY(!s.isOver());
        playLine(s, now, {"f6g8"}, 100);
        QCOMPARE(s.outcome().how, Termination::ThreefoldRepetition);
        QCOMPARE(s.outcome().result(), std::string("1/2-1/2"));
    }
    {
        // Fifty moves: the 100th half-move without a capture or pawn move ends the game.
        SessionSetup setup = setup3plus2();
        setup.start = chess::Position::fromFen("8/8/4k3/8/8/2RK4/8/8 w - - 99 80").value();
        PlaySession s(setup, [&now] { return now; });
        s.start();
        playLine(s, now, {"c3c4"}, 100);
        QCOMPARE(s.outcome().how, Termination::FiftyMoves);
    }
    {
        // Stalemate.
        SessionSetup setup = setup3plus2();
        setup.start = chess::Position::fromFen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1").value();
        PlaySession s(setup, [&now] { return now; });
        s.start();
        playLine(s, now, {"f1f7"}, 100);
        QCOMPARE(s.outcome().how, Termination::Stalemate);
    }
    {
        // The last pawn taken with a knight against a knight: dead position.
        SessionSetup setup = setup3plus2();
        setup.start = chess::Position::fromFen("8/8/4k3/4p3/8/3N4/8/4K3 w - - 0 1").value();
        PlaySession s(setup, [&now] { return now; });
        s.start();
        playLine(s, now, {"d3e5"}, 100);
        QCOMPARE(s.outcome().how, Termination::InsufficientMaterial);
    }
    {
        // A start position that is already mate is a finished game.
        SessionSetup setup = setup3plus2();
        setup.start = chess::Position::fromFen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").value();
        PlaySession s(setup, [&now] { return now; });
        QCOMPARE(s.outcome().how, Termination::Checkmate);
        QCOMPARE(s.outcome().winner, std::optional<chess::Color>(chess::Black));
    }
}

void TstPlaySession::drawOffers() {
    std::int64_t now = 0;
    PlaySession s(setup3plus2(), [&now] { return now; });
    s.start();
    // No offer to accept yet, and one cannot accept one's own.
    QVERIFY(!s.acceptDraw(chess::Black));
    s.offerDraw(chess::White);
    QVERIFY(!s.acceptDraw(chess::White));
    // White's offer stands while White moves; Black's move declines it.
    playLine(s, now, {"e2e4"});
    QCOMPARE(s.pendingDrawOffer(), std::optional<chess::Color>(chess::White));
    playLine(s, now, {"e7e5"});
    QVERIFY(!s.pendingDrawOffer());
    s.offerDraw(chess::White);
    s.declineDraw(chess::White);  // one's own offer is not declined by oneself
    QCOMPARE(s.pendingDrawOffer(), std::optional<chess::Color>(chess::White));
    s.declineDraw(chess::Black);
    QVERIFY(!s.pendingDrawOffer());
    s.offerDraw(chess::Black);
    QVERIFY(bool(s.acceptDraw(chess::White)));
    QCOMPARE(s.outcome().how, Termination::Agreement);
    QCOMPARE(s.outcome().result(), std::string("1/2-1/2"));
    QVERIFY(!s.pendingDrawOffer());
}

void TstPlaySession::resignation() {
    std::int64_t now = 0;
    PlaySession s(setup3plus2(), [&now] { return now; });
    s.start();
    playLine(s, now, {"e2e4", "e7e5"}, 2'000);
    s.resign(chess::Black);
    QCOMPARE(s.outcome().how, Termination::Resignation);
    QCOMPARE(s.outcome().result(), std::string("1-0"));
    s.resign(chess::White);  // nothing changes once it is over
    QCOMPARE(s.outcome().result(), std::string("1-0"));
    s.abort();
    QCOMPARE(s.outcome().how, Termination::Resignation);

    PlaySession a(setup3plus2(), [&now] { return now; });
    a.start();
    a.abort();
    QCOMPARE(a.outcome().result(), std::string("*"));
    QCOMPARE(a.toPgn("2026.11.25").tag("Termination"), std::string("Abandoned"));
}

void TstPlaySession::customStartInPgn() {
    SessionSetup setup = setup3plus2();
    const char* fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    setup.start = chess::Position::fromFen(fen).value();
    std::int64_t now = 0;
    PlaySession s(setup, [&now] { return now; });
    s.start();
    playLine(s, now, {"h5f7"}, 500);
    QCOMPARE(s.outcome().how, Termination::Checkmate);
    const std::string text = chess::writePgn(s.toPgn("2026.11.25"));
    QVERIFY2(text.find(std::string("[FEN \"") + fen + "\"]") != std::string::npos, text.c_str());
    QVERIFY(text.find("[SetUp \"1\"]") != std::string::npos);
    chess::PgnReader reader(TextInput::fromString(text, "play.pgn"));
    chess::PgnGame back;
    QVERIFY(reader.next(back));
    QCOMPARE(back.startFen, std::string(fen));
    QCOMPARE(back.moves.size(), std::size_t(1));
    QCOMPARE(back.moves[0].san, std::string("Qxf7#"));
    // Move numbers continue from the FEN's: "4. Qxf7#".
    QVERIFY2(text.find("4. Qxf7#") != std::string::npos, text.c_str());
}

QTEST_GUILESS_MAIN(TstPlaySession)
#include "tst_play_session.moc"
