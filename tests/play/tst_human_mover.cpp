// SPDX-License-Identifier: GPL-3.0-or-later
// The one human mover (core/play/human_mover.h) and the self-play ladder built on it (strength_ladder.h), with fake
// models: the rating's temperature and how it meets the user's, the careless stalemate a player ahead avoids, the
// think time's two sources, and the ladder's bookkeeping (every game ends and is counted once, the same seed plays
// the same games, a cancel stops it).
#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "core/chess/position.h"
#include "core/common/text_input.h"
#include "core/play/human_mover.h"
#include "core/play/strength_ladder.h"
#include "tests/encoding/position_evaluator.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace kibitz;

namespace {

/// The legal moves of `pos` with probabilities proportional to 1 / (rank + 1) in move-generation order.
std::vector<encoding::MoveProb> harmonic(const chess::Position& pos) {
    std::vector<encoding::MoveProb> out;
    double sum = 0.0;
    const auto list = pos.legalMoves();
    const std::vector<chess::Move> legal(list.begin(), list.end());
    for (std::size_t i = 0; i < legal.size(); ++i) sum += 1.0 / double(i + 1);
    for (std::size_t i = 0; i < legal.size(); ++i) out.push_back({legal[i], float(1.0 / double(i + 1) / sum)});
    return out;
}

/// Harmonic move probabilities, a value head that always says "even", no think-time head.
class Harmonic : public testing::PositionEvaluator {
public:
    Result<std::vector<encoding::MoveProb>> movesAt(const chess::Position& pos,
                                                    const encoding::Conditioning&) override {
        if (pos.countLegalMoves() == 0) return makeError(ErrorCode::InvalidInput, "no legal move");
        return harmonic(pos);
    }
    encoding::Heads heads() const override { return {.value = true}; }
    Result<std::vector<encoding::Wdl>> readValues(const std::vector<chess::Position>& positions,
                                                  const std::vector<encoding::Conditioning>&,
                                                  const std::vector<encoding::RecentMoves>&) override {
        return std::vector<encoding::Wdl>(positions.size(), encoding::Wdl{0.4f, 0.2f, 0.4f});
    }
    std::string describe() const override { return "harmonic"; }
};

/// Uniform moves; a value head that reads material: the side to move's win chance 0.5 + 0.05 (own - other's), no
/// draws.
class Material : public testing::PositionEvaluator {
public:
    Result<std::vector<encoding::MoveProb>> movesAt(const chess::Position& pos,
                                                    const encoding::Conditioning&) override {
        std::vector<encoding::MoveProb> out;
        const auto legal = pos.legalMoves();
        for (const auto& m : legal) out.push_back({m, 1.0f / float(legal.size())});
        return out;
    }
    encoding::Heads heads() const override { return {.value = true}; }
    Result<std::vector<encoding::Wdl>> readValues(const std::vector<chess::Position>& positions,
                                                  const std::vector<encoding::Conditioning>&,
                                                  const std::vector<encoding::RecentMoves>&) override {
        std::vector<encoding::Wdl> out;
        for (const auto& p : positions) {
            const int diff = play::materialPawns(p, p.sideToMove()) - play::materialPawns(p, ~p.sideToMove());
            const float win = std::clamp(0.5f + 0.05f * float(diff), 0.0f, 1.0f);
            out.push_back({win, 0.0f, 1.0f - win});
        }
        return out;
    }
    std::string describe() const override { return "material"; }
};

}  // namespace

class TstHumanMover : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void openingKeepsTheModelsOwnDistribution() {
        for (int elo : {400, 1200, 2000, 3200})
            for (int ply = 0; ply < play::kUnshapedOpeningPlies; ++ply) {
                QCOMPARE(play::strengthAt(elo, ply).temperature, 1.0);
                QCOMPARE(play::strengthAt(elo, ply).tilt, 0.0);
            }
    }

    void strongerPlayersPlaySharper() {
        // After the opening the temperature never rises with the rating and the tilt never falls, and both span a
        // real range from 400 to 3200.
        play::Strength last{1e9, -1.0};
        for (int elo = 400; elo <= 3200; elo += 50) {
            const play::Strength s = play::strengthAt(elo, 30);
            QVERIFY2(s.temperature <= last.temperature + 1e-12, qPrintable(QString("T(%1) rises").arg(elo)));
            QVERIFY2(s.tilt >= last.tilt - 1e-12, qPrintable(QString("tilt(%1) falls").arg(elo)));
            QVERIFY(s.temperature > 0.05 && s.temperature < 8.0);
            last = s;
        }
        QVERIFY(play::strengthAt(800, 30).temperature > 1.3 * play::strengthAt(2400, 30).temperature);
        QCOMPARE(play::strengthAt(1200, 30).tilt, 0.0);
        QVERIFY(play::strengthAt(2600, 30).tilt > 0.0);
        QVERIFY(play::weighsOutcomes(2600, 30, play::MovePolicy{}));
        QVERIFY(!play::weighsOutcomes(1200, 30, play::MovePolicy{}));
    }

    void userTemperatureMultipliesTheRatings() {
        play::MovePolicy user;
        user.temperature = 1.5;
        user.topP = 0.9;
        const auto p = play::policyForRating(user, 2000, 40);
        QCOMPARE(p.temperature, 1.5 * play::strengthAt(2000, 40).temperature);
        QCOMPARE(p.topP, 0.9);
        user.calibrated = false;
        QCOMPARE(play::policyForRating(user, 2000, 40).temperature, 1.5);
        QVERIFY(!play::weighsOutcomes(2600, 30, user));
    }

    void theTiltPrefersTheBetterOutcome() {
        const chess::Position start;
        auto dist = harmonic(start);
        // The first two moves equally likely; the second leads to the better outcome.
        dist[1].prob = dist[0].prob;
        const play::MoveOutcomes outcomes{0.2, 0.8, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5};
        play::MovePolicy user;
        const auto strong = play::humanCandidates(start, dist, 2800, 40, user, outcomes);
        QCOMPARE(strong.front().move, dist[1].move);
        const auto weak = play::humanCandidates(start, dist, 1200, 40, user, outcomes);  // no tilt there
        double first = 0.0, second = 0.0;
        for (const auto& c : weak) {
            if (c.move == dist[0].move) first = c.prob;
            if (c.move == dist[1].move) second = c.prob;
        }
        QVERIFY(std::abs(first - second) < 1e-6);
        // The opening keeps the model's own distribution, outcomes or not.
        const auto opening = play::humanCandidates(start, dist, 2800, 2, user, outcomes);
        QCOMPARE(opening.size(), dist.size());
    }

    void weighMovesAsksTheValueHeadFromTheOpponentsSide() {
        // White's rook takes a hanging queen on d5; a value head that reads material says that outcome is best.
        auto pos = chess::Position::fromFen("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
        QVERIFY(pos.ok());
        Material model;
        auto dist = model.moveDistribution(*pos, {});
        QVERIFY(dist.ok());
        const auto take = chess::parseUci(*pos, "d2d5");
        QVERIFY(take.ok());
        // Put the capture among the weighed moves.
        std::stable_partition(dist->begin(), dist->end(), [&](const auto& m) { return m.move == *take; });
        auto w =
            play::weighMoves(model, {*pos}, {encoding::Conditioning{}}, {encoding::RecentMoves{}}, {*dist}, {true});
        QVERIFY(w.ok());
        QCOMPARE(w->front().size(), std::size_t(play::kWeighedMoves));
        QVERIFY(std::abs(w->front()[0] - 0.75) < 1e-6);  // black, to move, 0 against 5: 0.25 for them
        for (std::size_t k = 1; k < w->front().size(); ++k) QVERIFY(w->front()[k] < 0.5);
        // Not wanted: nothing asked.
        auto none =
            play::weighMoves(model, {*pos}, {encoding::Conditioning{}}, {encoding::RecentMoves{}}, {*dist}, {false});
        QVERIFY(none.ok() && none->front().empty());
    }

    void aMoveThatAllowsMateInOneIsLost() {
        // Lichess puzzle 000rZ (mateIn1): White's Nxe6 wins a bishop, and Black mates with Qh2. A value head that
        // reads material likes the capture; the outcome says the game is lost.
        auto pos = chess::Position::fromFen("2kr1b1r/p1p2pp1/2pqb3/7p/3N2n1/2NPB3/PPP2PPP/R2Q1RK1 w - - 2 13");
        QVERIFY(pos.ok());
        Material model;
        auto dist = model.moveDistribution(*pos, {});
        QVERIFY(dist.ok());
        const auto capture = chess::parseUci(*pos, "d4e6");
        const auto guard = chess::parseUci(*pos, "f2f4");  // blocks the queen's diagonal to h2
        QVERIFY(capture.ok() && guard.ok());
        std::stable_partition(dist->begin(), dist->end(),
                              [&](const auto& m) { return m.move == *capture || m.move == *guard; });
        const std::size_t captureAt = dist->front().move == *capture ? 0 : 1;
        auto w =
            play::weighMoves(model, {*pos}, {encoding::Conditioning{}}, {encoding::RecentMoves{}}, {*dist}, {true});
        QVERIFY(w.ok());
        QCOMPARE(w->front()[captureAt], 0.0);
        QVERIFY(w->front()[1 - captureAt] > 0.4);
        // A strong player does not take; the rating's tilt is what reads it, so a weak one still may.
        const auto strong = play::humanCandidates(*pos, *dist, 2800, 30, play::MovePolicy{}, w->front());
        for (const auto& c : strong)
            if (c.move == *capture) QVERIFY2(c.prob < 0.01, qPrintable(QString("takes with %1").arg(c.prob)));
        const auto weak = play::humanCandidates(*pos, *dist, 1100, 30, play::MovePolicy{}, w->front());
        const auto taken = std::find_if(weak.begin(), weak.end(), [&](const auto& c) { return c.move == *capture; });
        QVERIFY(taken != weak.end() && taken->prob > 0.01);
    }

    void aMoveThatRepeatsForTheThirdTimeIsADraw() {
        // White is a queen up; the kings walk e1-d1-e1 and e8-d8-e8 twice, so Ke1-d1 now repeats a position for the
        // third time. The value head reads it as won for White (material), but the game would end drawn there.
        auto pos = chess::Position::fromFen("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1");
        QVERIFY(pos.ok());
        for (int round = 0; round < 2; ++round)
            for (const char* uci : {"e1d1", "e8d8", "d1e1", "d8e8"}) {
                const auto m = chess::parseUci(*pos, uci);
                QVERIFY(m.ok());
                pos->makeMove(*m);
            }
        Material model;
        auto dist = model.moveDistribution(*pos, {});
        QVERIFY(dist.ok());
        const auto repeat = chess::parseUci(*pos, "e1d1");
        const auto other = chess::parseUci(*pos, "e1f2");
        QVERIFY(repeat.ok() && other.ok());
        std::stable_partition(dist->begin(), dist->end(),
                              [&](const auto& m) { return m.move == *repeat || m.move == *other; });
        const std::size_t repeatAt = dist->front().move == *repeat ? 0 : 1;
        auto w =
            play::weighMoves(model, {*pos}, {encoding::Conditioning{}}, {encoding::RecentMoves{}}, {*dist}, {true});
        QVERIFY(w.ok());
        QCOMPARE(w->front()[repeatAt], 0.5);
        QVERIFY(std::abs(w->front()[1 - repeatAt] - 0.95) < 1e-6);
        // Without the game's history the same move is just a king move, as good as the other.
        auto fresh = play::weighMoves(model, {pos->snapshot()}, {encoding::Conditioning{}}, {encoding::RecentMoves{}},
                                      {*dist}, {true});
        QVERIFY(fresh.ok());
        QVERIFY(std::abs(fresh->front()[repeatAt] - 0.95) < 1e-6);
        // A strong player ahead then rarely repeats.
        const auto cands = play::humanCandidates(*pos, *dist, 2800, 60, play::MovePolicy{}, w->front());
        for (const auto& c : cands)
            if (c.move == *repeat) QVERIFY2(c.prob < 0.01, qPrintable(QString("repeats with %1").arg(c.prob)));
    }

    void aPlayerAheadRarelyStalemates() {
        // Black's king on a8, White's on b6: Qc1-c7 stalemates (a7, b7, b8 covered, a8 not attacked).
        auto pos = chess::Position::fromFen("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1");
        QVERIFY(pos.ok());
        const auto stalemate = chess::parseUci(*pos, "c1c7");
        QVERIFY(stalemate.ok());
        std::vector<encoding::MoveProb> dist;
        for (const auto& m : pos->legalMoves()) dist.push_back({m, m == *stalemate ? 0.6f : 0.0f});
        const float rest = 0.4f / float(dist.size() - 1);
        for (auto& m : dist)
            if (m.move != *stalemate) m.prob = rest;
        std::stable_sort(dist.begin(), dist.end(), [](const auto& a, const auto& b) { return a.prob > b.prob; });
        play::MovePolicy raw;
        raw.calibrated = false;
        const auto cands = play::humanCandidates(*pos, dist, 1500, 60, raw);
        double p = 0.0;
        for (const auto& c : cands)
            if (c.move == *stalemate) p = c.prob;
        QVERIFY2(p > 0.0 && p < 0.1, qPrintable(QString("stalemate kept at %1").arg(p)));
        // Level material: the same move keeps its weight (a lone king against a lone king has no such move, so
        // check the rule through a position where nobody is ahead: the start).
        const chess::Position start;
        const auto even = harmonic(start);
        const auto same = play::humanCandidates(start, even, 1500, 60, raw);
        QCOMPARE(same.size(), even.size());
        QCOMPARE(same.front().prob, even.front().prob);
    }

    void thinkTimeFromTheHeadWhenThereIsOne() {
        const chess::Position start;
        const auto dist = harmonic(start);
        std::mt19937_64 a(7), b(7);
        encoding::ThinkTime t;
        t.mu = float(std::log(1.0 + 20.0));
        t.sigma = 1e-6f;
        // 20 s from the head; the rule on a 3+0 clock gives a few seconds.
        const auto learned = play::humanMoveTimeMs({180000, 0}, 30, dist, t, a);
        QVERIFY(std::abs(double(learned) - 20000.0) < 5.0);
        const auto rule = play::humanMoveTimeMs({180000, 0}, 30, dist, std::nullopt, b);
        QVERIFY(rule >= 100 && rule <= 180000 / 5);
    }

    void ladderPlaysEveryGameToAnEnd() {
        Harmonic model;
        play::LadderOptions o;
        o.pairs = {{1900, 1500}, {1500, 1100}};
        o.gamesPerPair = 6;
        o.baseMs = 60000;
        o.maxPlies = 120;
        o.seed = 3;
        auto r = play::playLadder(model, o, CancelToken());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->size(), std::size_t(2));
        for (const auto& p : *r) {
            QCOMPARE(p.games, std::int64_t(6));
            QCOMPARE(p.highWins + p.draws + p.lowWins, p.games);
            const auto& e = p.endings;
            QCOMPARE(e.checkmate + e.stalemate + e.repetition + e.fiftyMoves + e.insufficient + e.time + e.resignation +
                         e.agreement + e.moveCap,
                     p.games);
            QVERIFY(p.meanPlies > 8.0 && p.meanPlies <= 120.0);
            QVERIFY(p.distinctOpenings >= 2);  // six sampled games do not all open alike
            QVERIFY(std::isfinite(p.impliedGap()));
        }
        QVERIFY((*r)[0].records.empty());  // kept only when asked for
        // The same seed plays the same games.
        auto again = play::playLadder(model, o, CancelToken());
        QVERIFY(again.ok());
        QCOMPARE((*again)[0].highWins, (*r)[0].highWins);
        QCOMPARE((*again)[0].meanPlies, (*r)[0].meanPlies);
        QCOMPARE((*again)[1].distinctOpenings, (*r)[1].distinctOpenings);
    }

    void ladderKeepsItsGamesAsPgn() {
        Harmonic model;
        play::LadderOptions o;
        o.pairs = {{1900, 1100}};
        o.gamesPerPair = 5;
        o.baseMs = 60000;
        o.maxPlies = 40;  // some games reach the cap
        o.seed = 5;
        o.keepGames = true;
        auto r = play::playLadder(model, o, CancelToken());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        const play::LadderPairResult& pair = r->front();
        QCOMPARE(pair.records.size(), std::size_t(5));
        // Written out and read back by the PGN reader, every game replays legally and scores as the report counted.
        std::string text;
        for (const auto& g : pair.records) text += chess::writePgn(g) + "\n";
        chess::PgnReader reader(TextInput::fromString(text));
        chess::PgnGame g;
        int games = 0, highWins = 0, draws = 0, lowWins = 0, capped = 0;
        double plies = 0;
        while (reader.next(g)) {
            const bool highIsWhite = games % 2 == 0;
            QCOMPARE(g.tag("WhiteElo"), std::string(highIsWhite ? "1900" : "1100"));
            QCOMPARE(g.tag("Round"), std::to_string(games + 1));
            QCOMPARE(g.tag("Event"), std::string("Kibitz strength ladder"));
            QVERIFY(g.result == "1-0" || g.result == "0-1" || g.result == "1/2-1/2");
            if (g.result == "1/2-1/2")
                ++draws;
            else if ((g.result == "1-0") == highIsWhite)
                ++highWins;
            else
                ++lowWins;
            if (g.moves.size() >= 40) {
                QCOMPARE(g.tag("Termination"), std::string("Adjudication"));
                ++capped;
            }
            QVERIFY(g.moves.front().clockSeconds >= 0);  // the clocks are kept
            plies += double(g.moves.size());
            ++games;
        }
        QCOMPARE(reader.skippedCount(), std::int64_t(0));
        QCOMPARE(games, 5);
        QVERIFY(capped > 0);
        QCOMPARE(highWins, int(pair.highWins));
        QCOMPARE(draws, int(pair.draws));
        QCOMPARE(lowWins, int(pair.lowWins));
        QCOMPARE(plies / 5.0, pair.meanPlies);
    }

    void ladderCancels() {
        Harmonic model;
        play::LadderOptions o;
        o.pairs = {{1900, 1500}};
        o.gamesPerPair = 4;
        CancelToken cancel;
        cancel.cancel();
        auto r = play::playLadder(model, o, cancel);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, ErrorCode::Cancelled);
    }

    void impliedGapIsTheEloCurve() {
        play::LadderPairResult r;
        r.games = 100;
        r.highWins = 75;
        QVERIFY(std::abs(r.impliedGap() - 190.8) < 0.1);  // 400 log10(3)
        r.highWins = 50;
        QVERIFY(std::abs(r.impliedGap()) < 1e-9);
    }
};

QTEST_GUILESS_MAIN(TstHumanMover)
#include "tst_human_mover.moc"
