// SPDX-License-Identifier: GPL-3.0-or-later
// Game review over a real Lichess game with a fake human model and a scripted analyser: conditioning from tags
// and clocks, probabilities and ranks, evals before/after, losses, mates, JSON, progress and cancellation.
#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "core/evaluation/game_review.h"
#include "tests/encoding/position_evaluator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace kibitz;
using engines::UciScore;

namespace {

// Probability 0.6 for the legal move that sorts first by UCI text, the rest shared equally.
class FakeEvaluator : public testing::PositionEvaluator {
public:
    Result<std::vector<encoding::MoveProb>> movesAt(const chess::Position& pos,
                                                    const encoding::Conditioning&) override {
        const chess::MoveList legal = pos.legalMoves();
        std::vector<chess::Move> moves(legal.begin(), legal.end());
        std::sort(moves.begin(), moves.end(),
                  [](chess::Move a, chess::Move b) { return chess::toUci(a) < chess::toUci(b); });
        std::vector<encoding::MoveProb> out;
        for (std::size_t i = 0; i < moves.size(); ++i)
            out.push_back({moves[i], float(i == 0 ? 0.6 : 0.4 / double(moves.size() - 1))});
        return out;
    }
    Result<std::vector<std::vector<encoding::MoveProb>>> readMoves(
        const std::vector<chess::Position>& positions, const std::vector<encoding::Conditioning>& conds,
        const std::vector<encoding::RecentMoves>& recent) override {
        ++batches;
        seenConds.insert(seenConds.end(), conds.begin(), conds.end());
        return testing::PositionEvaluator::readMoves(positions, conds, recent);
    }
    std::string describe() const override { return "fake model"; }
    int batches = 0;
    std::vector<encoding::Conditioning> seenConds;
};

// FakeEvaluator with a think-time head: ln(1 + s) ~ N(ln 2, 0.3^2) everywhere (median 1 s, 5% 0.22 s, 95% 2.28 s).
class TimedEvaluator : public FakeEvaluator {
public:
    encoding::Heads heads() const override { return {.thinkTime = true}; }
    Result<std::vector<encoding::ThinkTime>> readThinkTimes(const std::vector<chess::Position>& positions,
                                                            const std::vector<encoding::Conditioning>&,
                                                            const std::vector<encoding::RecentMoves>&,
                                                            const std::vector<encoding::RecentTimes>& times,
                                                            const std::vector<chess::Move>& played) override {
        seenTimes.insert(seenTimes.end(), times.begin(), times.end());
        seenMoves.insert(seenMoves.end(), played.begin(), played.end());
        encoding::ThinkTime t;
        t.mu = float(std::log(2.0));
        t.sigma = 0.3f;
        return std::vector<encoding::ThinkTime>(positions.size(), t);
    }
    std::vector<encoding::RecentTimes> seenTimes;
    std::vector<chess::Move> seenMoves;
};

// Material balance from the side to move, in centipawns; the best move is the first legal move.
class MaterialAnalyser : public evaluation::PositionAnalyser {
public:
    Result<std::vector<evaluation::MoveEval>> analyse(const chess::Position& pos, int,
                                                      const CancelToken& cancel) override {
        if (cancel.isCancelled()) return makeError(ErrorCode::Cancelled, "cancelled");
        ++calls;
        if (cancelAfter > 0 && calls >= cancelAfter) token.cancel();
        static const int value[7] = {0, 100, 300, 300, 500, 900, 0};
        int v = 0;
        for (int s = 0; s < 64; ++s) {
            const chess::Piece p = pos.pieceOn(chess::Square(s));
            if (p == chess::NoPiece) continue;
            v += (chess::colorOf(p) == pos.sideToMove() ? 1 : -1) * value[chess::typeOf(p)];
        }
        return std::vector<evaluation::MoveEval>{
            {pos.legalMoves()[0], UciScore{UciScore::Kind::Centipawns, v, UciScore::Bound::Exact}, 1, {}}};
    }
    QString describe() const override { return QStringLiteral("material"); }
    int calls = 0;
    int cancelAfter = 0;
    CancelToken token;
};

chess::PgnGame firstSampleGame() {
    auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
    chess::PgnGame game;
    if (reader.ok()) (*reader)->next(game);
    return game;
}

chess::PgnGame parseGame(const std::string& text) {
    chess::PgnReader reader(TextInput::fromString(text, "inline.pgn"));
    chess::PgnGame game;
    reader.next(game);
    return game;
}

}  // namespace

class TestGameReview : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void conditioning_data() {
        QTest::addColumn<int>("ply");
        QTest::addColumn<int>("elo");
        QTest::addColumn<int>("oppElo");
        QTest::addColumn<int>("clock");
        QTest::addColumn<int>("oppClock");
        // DrNykterstein (3227) - C9C9C9C9C9 (3018), 60+0: before their first moves both clocks hold the base.
        QTest::newRow("1. c4") << 0 << 3227 << 3018 << 60 << 60;
        QTest::newRow("1... e6") << 1 << 3018 << 3227 << 60 << 60;
        // 3. d4: White's clock after 2. Nc3 (0:01:00), Black's after 2... d5 (0:01:00).
        QTest::newRow("3. d4") << 4 << 3227 << 3018 << 60 << 60;
        // 4. Nf3: White's after 3. d4 (0:00:59), Black's after 3... Be7 (0:01:00).
        QTest::newRow("4. Nf3") << 6 << 3227 << 3018 << 59 << 60;
        // 4... Nf6: Black's after 3... Be7 (60), White's after 4. Nf3 (59).
        QTest::newRow("4... Nf6") << 7 << 3018 << 3227 << 60 << 59;
    }
    void conditioning() {
        QFETCH(int, ply);
        QFETCH(int, elo);
        QFETCH(int, oppElo);
        QFETCH(int, clock);
        QFETCH(int, oppClock);
        const chess::PgnGame game = firstSampleGame();
        QVERIFY(game.moves.size() > 10);
        const auto conds = encoding::plyConditionings(game);
        QCOMPARE(conds.size(), game.moves.size());
        const auto& c = conds[std::size_t(ply)];
        QCOMPARE(c.moverElo, std::optional<int>(elo));
        QCOMPARE(c.oppElo, std::optional<int>(oppElo));
        QCOMPARE(c.moverClockS, std::optional<int>(clock));
        QCOMPARE(c.oppClockS, std::optional<int>(oppClock));
        QCOMPARE(c.incrementS, std::optional<int>(0));
    }

    void thinkTimes() {
        // 60+0, clocks after each move: 1. c4 1:00 e6 1:00 2. Nc3 1:00 d5 1:00 3. d4 0:59 Be7 1:00 4. Nf3 0:59 Nf6 0:59
        // 5. cxd5 0:58 exd5 0:58 6. Bf4 0:55: 2. Nc3 took 0 s (quicker than the model's 5%), 3. d4 1 s (usual),
        // 6. Bf4 3 s (slower than its 95%). The head is told both players' last move times (5. cxd5 1 s, 5... exd5 1
        // s).
        const chess::PgnGame game = firstSampleGame();
        TimedEvaluator human;
        evaluation::ReviewOptions options;
        options.maxPlies = 12;
        options.guessElo = false;
        auto r = evaluation::reviewGame(game, &human, nullptr, options, CancelToken());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        const auto& p = r->plies;
        QVERIFY(!p[0].spentS && !p[1].spentS);  // first moves: unknown
        QCOMPARE(p[2].spentS, std::optional<int>(0));
        QCOMPARE(p[2].timeUse, -1);
        QCOMPARE(p[4].spentS, std::optional<int>(1));
        QCOMPARE(p[4].timeUse, 0);
        QCOMPARE(p[10].spentS, std::optional<int>(3));
        QCOMPARE(p[10].timeUse, 1);
        QVERIFY(std::abs(*p[10].expectedS - 1.0) < 1e-4);
        QCOMPARE(human.seenTimes.size(), std::size_t(12));
        QCOMPARE(human.seenTimes[10].moverLastS, std::optional<int>(1));
        QCOMPARE(human.seenTimes[10].oppLastS, std::optional<int>(1));
        QVERIFY(!human.seenTimes[1].moverLastS);
        // The head is told each move played: 1. c4 ... 6. Bf4 (the game's twelve plies).
        QCOMPARE(human.seenMoves.size(), std::size_t(12));
        for (std::size_t i = 0; i < 12; ++i) QCOMPARE(human.seenMoves[i], game.moves[i].move);
        const QJsonObject json = evaluation::reviewToJson(*r);
        const QJsonObject ply10 = json.value(QStringLiteral("plies")).toArray().at(10).toObject();
        QCOMPARE(ply10.value(QStringLiteral("spent_s")).toInt(), 3);
        QCOMPARE(ply10.value(QStringLiteral("time_use")).toString(), QStringLiteral("slow"));
        QVERIFY(ply10.contains(QStringLiteral("expected_low_s")) && ply10.contains(QStringLiteral("expected_high_s")));
        QVERIFY(!json.value(QStringLiteral("plies")).toArray().at(0).toObject().contains(QStringLiteral("spent_s")));
    }

    void conditioningUnknown() {
        const auto game = parseGame("[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n");
        QCOMPARE(int(game.moves.size()), 3);
        for (const auto& c : encoding::plyConditionings(game)) {
            QVERIFY(!c.moverElo && !c.oppElo && !c.moverClockS && !c.oppClockS && !c.incrementS);
        }
    }

    void review() {
        const chess::PgnGame game = firstSampleGame();
        FakeEvaluator human;
        MaterialAnalyser engine;
        evaluation::ReviewOptions opt;
        opt.maxPlies = 40;
        opt.batchSize = 16;
        opt.guessElo = false;  // counted separately below
        std::vector<std::pair<int, int>> progress;
        auto r = evaluation::reviewGame(game, &human, &engine, opt, CancelToken(),
                                        [&progress](int done, int total) { progress.emplace_back(done, total); });
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(int(r->plies.size()), 40);
        QCOMPARE(human.batches, 3);  // 16 + 16 + 8
        QCOMPARE(engine.calls, 41);  // each position once, including the last
        QCOMPARE(progress.back(), std::make_pair(81, 81));
        QVERIFY(std::is_sorted(progress.begin(), progress.end()));
        QCOMPARE(r->white, std::string("DrNykterstein"));
        QCOMPARE(r->model, std::string("fake model"));
        QVERIFY(!r->whitePlayedLike.valid && !r->blackPlayedLike.valid);
        {
            // With the rating estimate: 27 grid ratings (600..3200) for each of the 40 reviewed plies (none forced
            // here): 1,080 queries, one batch per ply (its 27 ratings), and an estimate for each side from its 20
            // moves.
            FakeEvaluator h2;
            evaluation::ReviewOptions o2 = opt;
            o2.guessElo = true;
            auto r2 = evaluation::reviewGame(game, &h2, nullptr, o2, CancelToken(), {});
            QVERIFY2(r2.ok(), r2.ok() ? "" : r2.error().message.c_str());
            QCOMPARE(h2.batches, 3 + 40);
            QVERIFY(r2->whitePlayedLike.valid && r2->blackPlayedLike.valid);
            QCOMPARE(r2->whitePlayedLike.moves + r2->blackPlayedLike.moves, 40);
            QVERIFY(r2->whitePlayedLike.low <= r2->whitePlayedLike.estimate);
            QVERIFY(reviewToJson(*r2).contains(QStringLiteral("white_played_like")));
        }

        {
            // A model with a value head: the side to move's expected score is 0.6 + 0.1 / 2 = 0.65 wherever it is
            // asked, so White's is 0.65 before White's moves and 0.35 before Black's.
            struct ValueFake : FakeEvaluator {
                encoding::Heads heads() const override { return {.value = true}; }
                Result<std::vector<encoding::Wdl>> readValues(const std::vector<chess::Position>& positions,
                                                              const std::vector<encoding::Conditioning>&,
                                                              const std::vector<encoding::RecentMoves>&) override {
                    return std::vector<encoding::Wdl>(positions.size(), encoding::Wdl{0.6f, 0.1f, 0.3f});
                }
            } hv;
            auto rv = evaluation::reviewGame(game, &hv, nullptr, opt, CancelToken(), {});
            QVERIFY(rv.ok());
            for (const auto& p : rv->plies) {
                QVERIFY(p.humanWhiteScore.has_value());
                QVERIFY(std::abs(*p.humanWhiteScore - (p.mover == chess::White ? 0.65 : 0.35)) < 1e-6);
            }
            QVERIFY(QJsonDocument(reviewToJson(*rv)).toJson().contains("human_white_score"));
            QVERIFY(!r->plies.front().humanWhiteScore.has_value());  // the plain fake has no value head
        }

        chess::Position pos;
        for (const auto& p : r->plies) {
            QCOMPARE(p.san, chess::toSan(pos, p.move));
            // The fake gives 0.6 to the alphabetically first move.
            auto dist = human.moveDistribution(pos, {});
            const bool first = dist->front().move == p.move;
            QCOMPARE(*p.humanProb, double(first ? 0.6f : dist->back().prob));
            QCOMPARE(p.humanRank, first ? 1 : 2);
            // Material after the move from the mover's view is the negated material of the next position.
            QVERIFY(p.before && p.after);
            QCOMPARE(p.lossCp, std::max(0, p.before->value - p.after->value));
            pos.makeMove(p.move);
            auto next = engine.analyse(pos, 1, CancelToken());
            if (pos.countLegalMoves() > 0) QCOMPARE(p.after->value, -next->front().score.value);
        }
        // 5. cxd5 exd5: a pawn up after the capture (+100 for White), then level again.
        QCOMPARE(r->plies[8].san, std::string("cxd5"));
        QCOMPARE(r->plies[8].after->value, 100);
        QCOMPARE(r->plies[9].before->value, -100);
        QCOMPARE(r->plies[9].after->value, 0);

        const QJsonObject json = evaluation::reviewToJson(*r);
        const QJsonArray plies = json.value(QStringLiteral("plies")).toArray();
        QCOMPARE(plies.size(), 40);
        const QJsonObject p9 = plies.at(9).toObject();
        QCOMPARE(p9.value(QStringLiteral("ply")).toInt(), 10);
        QCOMPARE(p9.value(QStringLiteral("mover")).toString(), QStringLiteral("black"));
        QCOMPARE(p9.value(QStringLiteral("uci")).toString(), QStringLiteral("e6d5"));
        // White's view: +100 before 5... exd5, 0 after.
        QCOMPARE(p9.value(QStringLiteral("eval_before_cp")).toInt(), 100);
        QCOMPARE(p9.value(QStringLiteral("eval_after_cp")).toInt(), 0);
        QVERIFY(p9.value(QStringLiteral("mate_before")).isNull());
        QCOMPARE(p9.value(QStringLiteral("elo")).toInt(), 3018);
        QCOMPARE(p9.value(QStringLiteral("clock")).toInt(), 59);  // after 4... Nf6 (0:00:59)
    }

    void mateAtTheEnd() {
        // Fool's mate: the last move's score after is "mate in 1" for Black, seen from White as mate -1.
        const auto game = parseGame("[Event \"x\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
        QCOMPARE(int(game.moves.size()), 4);
        MaterialAnalyser engine;
        auto r = evaluation::reviewGame(game, nullptr, &engine, {}, CancelToken());
        QVERIFY(r.ok());
        QCOMPARE(engine.calls, 4);  // the checkmate is scored without a search
        const auto& last = r->plies.back();
        QVERIFY(last.after->isMate());
        QCOMPARE(last.after->value, 1);
        QCOMPARE(last.lossCp, 0);
        QVERIFY(!last.humanProb);
        const QJsonObject j = evaluation::reviewToJson(*r).value(QStringLiteral("plies")).toArray().last().toObject();
        QVERIFY(j.value(QStringLiteral("eval_after_cp")).isNull());
        QCOMPARE(j.value(QStringLiteral("mate_after")).toInt(), -1);
        QVERIFY(j.value(QStringLiteral("human_prob")).isNull());
    }

    void playedLikeOnTheGamesScale() {
        // A chess.com game (its Site tag): the estimates are the model's (Lichess) and the report gives them on
        // chess.com's scale, the model's beside them; a Lichess game's stay as they are.
        auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/chesscom_sample.pgn");
        QVERIFY(reader.ok());
        chess::PgnGame chessCom;
        QVERIFY((*reader)->next(chessCom));
        evaluation::ReviewOptions opt;
        opt.maxPlies = 12;
        for (const auto& [game, scale] : {std::pair{chessCom, "chess.com"}, std::pair{firstSampleGame(), "lichess"}}) {
            FakeEvaluator human;
            auto r = evaluation::reviewGame(game, &human, nullptr, opt, CancelToken(), {});
            QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
            QVERIFY(r->whitePlayedLike.valid);
            const QJsonObject white =
                evaluation::reviewToJson(*r).value(QStringLiteral("white_played_like")).toObject();
            QCOMPARE(white.value(QStringLiteral("scale")).toString(), QString::fromLatin1(scale));
            const double lichess = r->whitePlayedLike.estimate;
            if (QLatin1String(scale) == QLatin1String("lichess")) {
                QCOMPARE(white.value(QStringLiteral("estimate")).toDouble(), std::round(lichess));
                QVERIFY(!white.contains(QStringLiteral("lichess")));
                continue;
            }
            QCOMPARE(r->ratingSite, encoding::RatingSite::ChessCom);
            QCOMPARE(white.value(QStringLiteral("estimate")).toDouble(),
                     std::round(std::max(100.0, (std::clamp(lichess, 400.0, 3200.0) - 614.0) / 0.797)));
            QCOMPARE(white.value(QStringLiteral("lichess")).toObject().value(QStringLiteral("estimate")).toDouble(),
                     std::round(lichess));
        }
    }

    void cancel() {
        const chess::PgnGame game = firstSampleGame();
        MaterialAnalyser engine;
        engine.cancelAfter = 5;
        auto r = evaluation::reviewGame(game, nullptr, &engine, {}, engine.token);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, ErrorCode::Cancelled);
        QCOMPARE(engine.calls, 5);
    }
};

QTEST_APPLESS_MAIN(TestGameReview)
#include "tst_game_review.moc"
