// SPDX-License-Identifier: GPL-3.0-or-later
// The player profile (core/evaluation/player_profile) on a real player's games (pnmadelaine's 90 Lichess games in
// tests/data/games_sample.pgn) with fake models and a fake engine: the positions are theirs alone, their loss is what
// the engine's scores say, the groups add up, the rating estimate follows the moves phase by phase, the puzzles read
// back through the puzzle CSV reader, bad input is refused, a chess.com player's ratings are reported on
// chess.com's scale, and peers of a chosen rating are asked for at that rating (and profile games without the
// player's rating). The phase rule and the kinds of
// position are checked against the Lichess puzzle sample's own themes.
#include "core/chess/game_phase.h"
#include "core/chess/notation.h"
#include "core/chess/openings.h"
#include "core/chess/pgn.h"
#include "core/chess/puzzle_csv.h"
#include "core/common/text_input.h"
#include "core/evaluation/player_profile.h"
#include "tests/evaluation/fakes.h"
#include "tests/evaluation/profile_games.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <memory>
#include <set>

using namespace kibitz;

namespace {

const char* kPlayer = "pnmadelaine";

std::vector<chess::Puzzle> samplePuzzles() {
    auto reader = chess::PuzzleCsvReader::open(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv");
    if (!reader.ok()) qFatal("cannot read puzzles_sample.csv");
    std::vector<chess::Puzzle> out;
    chess::Puzzle p;
    while (reader.value()->next(p)) out.push_back(p);
    return out;
}

bool hasTheme(const chess::Puzzle& p, const std::string& theme) {
    return std::find(p.themes.begin(), p.themes.end(), theme) != p.themes.end();
}

/// The played move gets a probability peaking at `endgamePeak` in endgames and at `otherPeak` elsewhere (by the
/// profile's own phase rule), the other legal moves share the rest: a player who plays endgames like a 1250 and the
/// rest like a 1950 (both between the model's 100-point grid ratings).
class PhasePeakedEvaluator : public testing::FakeEvaluator {
public:
    std::map<chess::Key, chess::Move> played;
    int endgamePeak = 1250, otherPeak = 1950;
    Result<std::vector<std::vector<encoding::MoveProb>>> readMoves(const std::vector<chess::Position>& positions,
                                                                   const std::vector<encoding::Conditioning>& conds,
                                                                   const std::vector<encoding::RecentMoves>&) override {
        std::vector<std::vector<encoding::MoveProb>> all;
        for (std::size_t i = 0; i < positions.size(); ++i) all.push_back(distribution(positions[i], conds[i]));
        return all;
    }
    std::vector<encoding::MoveProb> distribution(const chess::Position& pos, const encoding::Conditioning& cond) const {
        const chess::MoveList legal = pos.legalMoves();
        const auto it = played.find(pos.key());
        const chess::Move target = it == played.end() ? chess::Move::none() : it->second;
        const int peak = chess::gamePhase(pos) == chess::GamePhase::Endgame ? endgamePeak : otherPeak;
        const double d = (cond.moverElo.value_or(0) - peak) / 400.0;
        const double p = 0.1 + 0.8 * std::exp(-d * d);
        std::vector<encoding::MoveProb> out;
        for (chess::Move m : legal)
            out.push_back({m, float(m == target ? p : (1.0 - p) / double(std::max(1, legal.size() - 1)))});
        std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.prob > b.prob; });
        return out;
    }
    std::string describe() const override { return "phase-peaked fake"; }
    void learn(const std::vector<chess::PgnGame>& games) {
        for (const auto& g : games) {
            chess::Position pos = *g.startPosition();
            for (const auto& pm : g.moves) {
                played[pos.key()] = pm.move;
                pos.makeMove(pm.move);
            }
        }
    }
};

/// PhasePeakedEvaluator's model with the peak set per game instead: the positions of `learn`'s games peak at each
/// game's own rating of the player's play (a player who got better).
class GamePeakedEvaluator : public PhasePeakedEvaluator {
public:
    std::map<chess::Key, int> peak;
    Result<std::vector<std::vector<encoding::MoveProb>>> readMoves(const std::vector<chess::Position>& positions,
                                                                   const std::vector<encoding::Conditioning>& conds,
                                                                   const std::vector<encoding::RecentMoves>&) override {
        std::vector<std::vector<encoding::MoveProb>> all;
        for (std::size_t i = 0; i < positions.size(); ++i) {
            const auto it = peak.find(positions[i].key());
            endgamePeak = otherPeak = it == peak.end() ? 1600 : it->second;
            all.push_back(distribution(positions[i], conds[i]));
        }
        return all;
    }
    void learnAt(const chess::PgnGame& game, int rating) {
        learn({game});
        chess::Position pos = *game.startPosition();
        for (const auto& pm : game.moves) {
            peak[pos.key()] = rating;
            pos.makeMove(pm.move);
        }
    }
};

/// A model whose humans find the first legal move (OneAnswerAnalyser's answer) more often the higher their rating:
/// (rating - 200) / 3200 of the time, at least 5%; the rest share the other moves. It keeps each mover rating it is
/// asked for.
class SkillEvaluator : public testing::FakeEvaluator {
public:
    std::set<int> askedElo;
    Result<std::vector<encoding::MoveProb>> movesAt(const chess::Position& pos,
                                                    const encoding::Conditioning& cond) override {
        const chess::MoveList legal = pos.legalMoves();
        if (legal.empty()) return makeError(ErrorCode::InvalidInput, "no legal move");
        const int elo = cond.moverElo.value_or(0);
        askedElo.insert(elo);
        const double first = std::clamp((elo - 200) / 3200.0, 0.05, 0.95);
        std::vector<encoding::MoveProb> out;
        for (int i = 0; i < legal.size(); ++i)
            out.push_back({legal[i], float(legal.size() == 1 ? 1.0
                                           : i == 0          ? first
                                                             : (1.0 - first) / double(legal.size() - 1))});
        return out;
    }
    std::string describe() const override { return "skill fake"; }
};

/// The ladder engine's scores, counting its calls on a counter of its own and how many such engines are alive; from
/// call `failAt` on (counted over all engines of the run) it fails.
class CountingAnalyser : public testing::LadderAnalyser {
public:
    struct Counts {
        std::atomic<int> alive{0}, calls{0};
        int failAt = -1;
        std::vector<std::shared_ptr<std::atomic<int>>> perEngine;
    };
    explicit CountingAnalyser(std::shared_ptr<Counts> counts)
        : testing::LadderAnalyser(1), m_counts(std::move(counts)), m_mine(std::make_shared<std::atomic<int>>(0)) {
        ++m_counts->alive;
        m_counts->perEngine.push_back(m_mine);  // engines are made one at a time, before any scores
    }
    ~CountingAnalyser() override { --m_counts->alive; }
    Result<std::vector<evaluation::MoveEval>> analyse(const chess::Position& pos, int lines,
                                                      const CancelToken& cancel) override {
        ++*m_mine;
        const int call = m_counts->calls++;
        if (m_counts->failAt >= 0 && call >= m_counts->failAt)
            return makeError(ErrorCode::Io, "the engine stopped answering");
        return testing::LadderAnalyser::analyse(pos, lines, cancel);
    }

private:
    std::shared_ptr<Counts> m_counts;
    std::shared_ptr<std::atomic<int>> m_mine;
};

/// A counting engine that says another name: its scores are another engine's for the cache.
class RenamedAnalyser : public CountingAnalyser {
public:
    using CountingAnalyser::CountingAnalyser;
    QString describe() const override { return QStringLiteral("another engine (depth 8)"); }
};

evaluation::PlayerProfileOptions quickOptions() {
    evaluation::PlayerProfileOptions o;
    o.positions.every = 1;
    o.estimateRatings = false;
    o.bootstrapRounds = 50;
    return o;
}

/// quickOptions with the rating estimates, on one move in two.
evaluation::PlayerProfileOptions ratedOptions() {
    evaluation::PlayerProfileOptions o = quickOptions();
    o.positions.every = 2;
    o.estimateRatings = true;
    return o;
}

int groupTotal(const std::vector<evaluation::ProfileGroup>& groups) {
    int n = 0;
    for (const auto& g : groups) n += int(g.cell.positions);
    return n;
}

const evaluation::ProfileGroup* findGroup(const std::vector<evaluation::ProfileGroup>& groups, const char* name) {
    for (const auto& g : groups)
        if (g.name == name) return &g;
    return nullptr;
}

}  // namespace

class TstPlayerProfile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void clockBuckets_data() {
        QTest::addColumn<int>("seconds");
        QTest::addColumn<QString>("bucket");
        QTest::newRow("9 s") << 9 << "<10s";
        QTest::newRow("10 s") << 10 << "10-29s";
        QTest::newRow("59 s") << 59 << "30-59s";
        QTest::newRow("60 s") << 60 << "1-3min";
        QTest::newRow("180 s") << 180 << "3-10min";
        QTest::newRow("600 s") << 600 << "10min+";
    }
    void clockBuckets() {
        QFETCH(int, seconds);
        QFETCH(QString, bucket);
        QCOMPARE(QString(evaluation::clockBucketName(evaluation::clockBucket(seconds))), bucket);
    }

    /// Lichess tags its puzzles opening / middlegame / endgame by its own game divider; the one rule agrees with it
    /// on most of the sample (it reads one position, Lichess's divider the whole game).
    void phaseRuleAgreesWithLichess() {
        int tagged = 0, agree = 0, endgames = 0, endgamesAgree = 0;
        for (const auto& p : samplePuzzles()) {
            const chess::Position pos = p.solverStart();
            for (int ph = 0; ph < chess::kGamePhases; ++ph) {
                const char* name = chess::gamePhaseName(chess::GamePhase(ph));
                if (!hasTheme(p, name)) continue;
                ++tagged;
                const bool same = chess::gamePhase(pos) == chess::GamePhase(ph);
                agree += same;
                if (ph == int(chess::GamePhase::Endgame)) {
                    ++endgames;
                    endgamesAgree += same;
                }
            }
        }
        qInfo("phase: %d of %d tagged puzzles agree; endgames %d of %d", agree, tagged, endgamesAgree, endgames);
        QVERIFY(tagged > 300);
        QVERIFY2(agree >= 0.8 * tagged, qPrintable(QString::number(agree)));
        QVERIFY(endgamesAgree >= 0.9 * endgames);
    }

    /// Every puzzle Lichess tags mateIn1 has a mate in one for the solver; a hangingPiece puzzle offers a capture that
    /// wins material; the positions before the setup move (the opponent to move) of mateIn1 puzzles, where the
    /// solver's mate is the threat, are "mate threatened" for the opponent whenever they are not in check.
    void kindsMatchLichessThemes() {
        int mates = 0, hanging = 0, hangingWins = 0;
        for (const auto& p : samplePuzzles()) {
            const chess::Position pos = p.solverStart();
            const unsigned kinds = evaluation::positionKinds(pos, {});
            auto has = [kinds](evaluation::PositionKind k) { return (kinds & (1u << int(k))) != 0; };
            QCOMPARE(has(evaluation::PositionKind::InCheck), pos.inCheck());
            if (hasTheme(p, "mateIn1")) {
                ++mates;
                QVERIFY2(has(evaluation::PositionKind::MateInOne), p.id.c_str());
                QVERIFY(!has(evaluation::PositionKind::Quiet));
            }
            if (hasTheme(p, "hangingPiece")) {
                ++hanging;
                hangingWins += has(evaluation::PositionKind::WinsMaterial);
            }
        }
        qInfo("mateIn1 puzzles %d; hangingPiece puzzles %d, %d with a capture that wins material", mates, hanging,
              hangingWins);
        QVERIFY(mates > 20);
        QVERIFY(hanging > 10);
        QVERIFY(hangingWins >= 0.9 * hanging);
    }

    /// Only the player's moves are scored, their loss is the engine's, and every breakdown covers every position.
    void theirPositionsAndLosses() {
        const auto games = testing::sampleGamesOf(kPlayer, 12);
        QCOMPARE(games.size(), std::size_t(12));
        testing::FakeEvaluator model;
        testing::LadderAnalyser engine;
        auto r = evaluation::profilePlayer(games, kPlayer, model, engine, quickOptions(), CancelToken());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        // Independently: the player's non-forced moves, and the ladder engine's loss of each (legal-move order i
        // scores 50 - 40 i centipawns).
        int moves = 0;
        double loss = 0.0;
        auto chances = [](int cp) {
            return evaluation::winningChances(
                {engines::UciScore::Kind::Centipawns, cp, engines::UciScore::Bound::Exact});
        };
        for (const auto& g : games) {
            const chess::Color colour = *evaluation::playerColor(g, kPlayer);
            chess::Position pos = *g.startPosition();
            for (const auto& pm : g.moves) {
                const chess::MoveList legal = pos.legalMoves();
                if (pos.sideToMove() == colour && legal.size() > 1) {
                    ++moves;
                    const int i = int(std::find(legal.begin(), legal.end(), pm.move) - legal.begin());
                    loss += chances(50) - chances(50 - 40 * i);
                }
                pos.makeMove(pm.move);
            }
        }
        QCOMPARE(int(r->all.positions), moves);
        QCOMPARE(r->games, std::int64_t(12));
        QVERIFY(std::abs(r->all.loss - loss / moves) < 1e-9);
        QCOMPARE(groupTotal(r->byPhase), moves);
        QCOMPARE(groupTotal(r->byClock), moves);
        QCOMPARE(groupTotal(r->bySpeed), moves);
        QVERIFY(groupTotal(r->byKind) >= moves);  // a position may be of several kinds
        QCOMPARE(r->gamesWithClock, std::int64_t(12));
        QVERIFY(!findGroup(r->byClock, "no clock"));
        QVERIFY(r->all.peerLoss > 0.0);
        QVERIFY(!r->rating.valid);  // not asked for
        const std::string text = r->toText();
        QVERIFY(text.find("middlegame") != std::string::npos);
        const std::string json = r->toJson().write();
        QVERIFY(json.find("\"by_phase\"") != std::string::npos);
    }

    /// The rating estimate is guess-elo's restricted to the group's moves: the endgame moves say 1250, the rest 1950,
    /// read between the grid's ratings.
    /// The engine's scores are cached under its name and limits: a second run with the same engine scores nothing
    /// again (one search of the start position to learn its name), a run with another engine scores every position
    /// again and leaves the first engine's lines in the file.
    /// The breakdown by opening files each game under the player's side and its opening's family as Lichess names it
    /// (the names checked against the Opening tags Lichess gave the sample's games it exported with them), lists the
    /// most played openings with enough games, most games first, and pools every other position under "other
    /// openings".
    /// Without a step the profile scores about kProfileTargetPositions of their moves: every move of a dozen games,
    /// one in a few of all the sample's, and it says which step it took (the report's JSON too).
    void defaultStepScoresAboutAThousand() {
        testing::FakeEvaluator model;
        testing::LadderAnalyser engine;
        evaluation::PlayerProfileOptions o = quickOptions();
        o.positions.every = 0;
        const auto few = testing::sampleGamesOf(kPlayer, 12);
        auto r = evaluation::profilePlayer(few, kPlayer, model, engine, o, CancelToken());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->every, 1);
        auto all = evaluation::profilePlayer(few, kPlayer, model, engine, quickOptions(), CancelToken());
        QVERIFY(all.ok());
        QCOMPARE(r->all.positions, all->all.positions);

        const auto many = testing::sampleGamesOf(kPlayer, 1000);  // all of theirs in the sample
        QVERIFY(many.size() >= 80);
        int theirs = 0;  // their moves with a choice, counted from the games
        for (const auto& g : many) {
            const chess::Color colour = *evaluation::playerColor(g, kPlayer);
            chess::Position pos = *g.startPosition();
            for (const auto& pm : g.moves) {
                if (pos.sideToMove() == colour && pos.legalMoves().size() > 1) ++theirs;
                pos.makeMove(pm.move);
            }
        }
        QVERIFY(theirs > 2 * evaluation::kProfileTargetPositions);
        r = evaluation::profilePlayer(many, kPlayer, model, engine, o, CancelToken());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        qInfo("%d of their moves, one in %d scored: %lld positions", theirs, r->every,
              static_cast<long long>(r->all.positions));
        QVERIFY(r->every >= 2);
        QVERIFY2(r->all.positions >= evaluation::kProfileTargetPositions / 2 &&
                     r->all.positions <= evaluation::kProfileTargetPositions * 11 / 10,
                 qPrintable(QString::number(r->all.positions)));
        QVERIFY(r->toJson().write().find("\"every\":" + std::to_string(r->every) + ",") != std::string::npos);
    }

    void openingsAsPlayed() {
        const auto games = testing::sampleGamesOf(kPlayer, 40);
        QCOMPARE(games.size(), std::size_t(40));
        // Lichess named the openings of the sample's games it exported with names (their Opening tags, 2021-2023):
        // Kibitz names the same family from the moves alone, for all but three, each for a known reason.
        {
            const std::map<std::string, std::string> differ{
                // 1. d4 g6: the table has since renamed it "Queen's Pawn Game: Modern Defense" (ECO A40 both).
                {"https://lichess.org/U3IvM4fq", "Queen's Pawn Game"},
                // 1. d4 d5 2. Nc3 e6 3. Bf4 then ...Nf6: the Rapport-Jobava System's position, reached later.
                {"https://lichess.org/gfDErVGk", "Rapport-Jobava System"},
                // 1. d4 d5 2. Bf4 c5 3. e3 cxd4 4. exd4: a Caro-Kann Exchange's position, reached later.
                {"https://lichess.org/9Qbfegyi", "Caro-Kann Defense"}};
            auto reader = chess::PgnReader::open(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
            QVERIFY(reader.ok());
            chess::PgnGame game;
            int tagged = 0, same = 0;
            while (reader.value()->next(game)) {
                const std::string tag = game.tag("Opening");
                if (tag.empty()) continue;
                ++tagged;
                std::vector<chess::Move> moves;
                for (const auto& m : game.moves) moves.push_back(m.move);
                const chess::OpeningName named = chess::openingOf(*game.startPosition(), moves);
                const auto known = differ.find(game.tag("Site"));
                const std::string want = known != differ.end() ? known->second : std::string(chess::openingFamily(tag));
                QCOMPARE(std::string(chess::openingFamily(named.name)), want);
                QCOMPARE(named.eco.size(), std::size_t(3));
                same += named.name == tag;
                if (named.name == tag) {
                    // Its variation: the tag's name up to the first comma ("Sicilian Defense: Alapin Variation" of
                    // "Sicilian Defense: Alapin Variation, Smith-Morra Declined").
                    QCOMPARE(evaluation::variationGroupName(game, chess::Black),
                             "Black: " + tag.substr(0, tag.find(',')));
                }
            }
            QCOMPARE(tagged, 41);
            qInfo("%d of %d games named exactly as their Opening tag (the rest: renamed variations, transpositions)",
                  same, tagged);
            QVERIFY(same >= 31);
            // No name without moves, or from another start (even for a move that opens games from the standard one).
            QVERIFY(chess::openingOf(chess::Position(), {}).name.empty());
            const chess::Position setUp = *chess::Position::fromFen("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
            QVERIFY(chess::openingOf(setUp, {*chess::parseSan(setUp, "e4")}).name.empty());
            QCOMPARE(std::string(chess::openingOf(chess::Position(), {*chess::parseSan(chess::Position(), "e4")}).name),
                     std::string("King's Pawn Game"));
        }
        QCOMPARE(chess::openingFamily("Sicilian Defense: Najdorf Variation, English Attack"),
                 std::string_view("Sicilian Defense"));
        QCOMPARE(chess::openingFamily("Modern Defense"), std::string_view("Modern Defense"));
        // The player's side, then the family of the game's opening (their first game: 1. e4 e6), and its first
        // variation.
        QCOMPARE(evaluation::openingGroupName(games[0], chess::White), std::string("White: French Defense"));
        QCOMPARE(evaluation::variationGroupName(games[0], chess::White), std::string("White: French Defense"));
        testing::FakeEvaluator model;
        testing::LadderAnalyser engine;
        auto r = evaluation::profilePlayer(games, kPlayer, model, engine, quickOptions(), CancelToken());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        // Independently: each game's opening or variation (named as checked above) and the player's moves in it that
        // had a choice; the most played listed, the rest pooled.
        const auto checkBreakdown = [&](const std::vector<evaluation::ProfileGroup>& groups,
                                        std::string (*nameOf)(const chess::PgnGame&, chess::Color), const char* other) {
            struct Want {
                std::int64_t games = 0, moves = 0, openingMoves = 0;
            };
            std::map<std::string, Want> want;
            for (const auto& g : games) {
                const chess::Color colour = *evaluation::playerColor(g, kPlayer);
                chess::Position pos = *g.startPosition();
                const std::string name = nameOf(g, colour);
                std::int64_t moves = 0, openingMoves = 0;
                for (std::size_t ply = 0; ply < g.moves.size(); ++ply) {
                    if (pos.sideToMove() == colour && pos.legalMoves().size() > 1) {
                        ++moves;
                        openingMoves += chess::gamePhase(pos) == chess::GamePhase::Opening;
                    }
                    pos.makeMove(g.moves[ply].move);
                }
                want[name].games += 1;
                want[name].moves += moves;
                want[name].openingMoves += openingMoves;
            }
            QCOMPARE(groupTotal(groups), int(r->all.positions));
            const bool pooled = !groups.empty() && groups.back().name == other;
            const std::size_t named = groups.size() - (pooled ? 1 : 0);
            QVERIFY(named >= 2);
            QVERIFY(named <= evaluation::kMaxOpeningGroups);
            for (std::size_t i = 0; i < named; ++i) {
                const evaluation::ProfileGroup& g = groups[i];
                const auto it = want.find(g.name);
                QVERIFY2(it != want.end(), g.name.c_str());
                QCOMPARE(g.cell.games, it->second.games);
                QCOMPARE(g.cell.positions, it->second.moves);
                // The group's opening phase: its moves there (their loss and their peers' are checked below, summed
                // over the openings against the phase's own group).
                QCOMPARE(g.openingPhase.positions, it->second.openingMoves);
                QVERIFY(g.openingPhase.positions > 0 && g.openingPhase.positions < g.cell.positions);
                QVERIFY(g.openingPhase.games <= g.cell.games);
                QVERIFY(g.cell.games >= evaluation::kMinOpeningGames);
                QVERIFY(g.cell.enough());
                if (i > 0) QVERIFY(g.cell.games <= groups[i - 1].cell.games);
                want.erase(it);
            }
            // What is left is pooled: openings with too few games or positions, or beyond the most played.
            std::int64_t rest = 0;
            for (const auto& [name, w] : want) {
                rest += w.moves;
                if (named < evaluation::kMaxOpeningGroups)
                    QVERIFY2(w.games < evaluation::kMinOpeningGames || w.moves < evaluation::kMinGroupPositions,
                             name.c_str());
                else
                    QVERIFY2(w.games <= groups[named - 1].cell.games, name.c_str());
            }
            QCOMPARE(pooled, rest > 0);
            if (pooled) QCOMPARE(groups.back().cell.positions, rest);
            qInfo("%zu listed (%s first), %lld positions pooled", named, groups.front().name.c_str(),
                  static_cast<long long>(rest));
        };
        checkBreakdown(r->byOpening, &evaluation::openingGroupName, evaluation::kOtherOpenings);
        if (QTest::currentTestFailed()) return;
        checkBreakdown(r->byVariation, &evaluation::variationGroupName, evaluation::kOtherVariations);
        if (QTest::currentTestFailed()) return;
        // A variation is its family's opening with the first variation of the game's opening, or the family alone.
        for (const auto& g : games) {
            const chess::Color colour = *evaluation::playerColor(g, kPlayer);
            const std::string family = evaluation::openingGroupName(g, colour);
            const std::string variation = evaluation::variationGroupName(g, colour);
            QVERIFY2(variation == family || variation.rfind(family + ": ", 0) == 0, variation.c_str());
        }
        const std::string text = r->toText();
        QVERIFY(text.find("by opening") != std::string::npos);
        QVERIFY(text.find(r->byOpening.front().name) != std::string::npos);
        QVERIFY(r->toJson().write().find("\"by_opening\"") != std::string::npos);
        QVERIFY(text.find("by variation") != std::string::npos);
        QVERIFY(r->toJson().write().find("\"opening_phase\"") != std::string::npos);
        // The opening phase's cells of all openings together are the opening phase's group.
        std::int64_t openingMoves = 0;
        double openingLoss = 0.0, openingPeerLoss = 0.0;
        for (const auto& g : r->byOpening) {
            openingMoves += g.openingPhase.positions;
            openingLoss += g.openingPhase.loss * double(g.openingPhase.positions);
            openingPeerLoss += g.openingPhase.peerLoss * double(g.openingPhase.positions);
        }
        const evaluation::ProfileCell& phase = r->byPhase.front().cell;
        QCOMPARE(openingMoves, phase.positions);
        QVERIFY(std::abs(openingLoss - phase.loss * double(phase.positions)) < 1e-9);
        QVERIFY(std::abs(openingPeerLoss - phase.peerLoss * double(phase.positions)) < 1e-9);
        QCOMPARE(r->byPhase.front().name, std::string("opening"));
        for (const auto* groups : {&r->byPhase, &r->byClock, &r->bySpeed, &r->byKind, &r->byPeriod})
            for (const auto& g : *groups) QCOMPARE(g.openingPhase.positions, std::int64_t(0));
        QVERIFY(text.find(r->byVariation.front().name) != std::string::npos);
        QVERIFY(r->toJson().write().find("\"by_variation\"") != std::string::npos);
    }

    void theCacheIsTheEngines() {
        const auto games = testing::sampleGamesOf(kPlayer, 12);
        testing::FakeEvaluator model;
        QTemporaryDir dir;
        auto options = quickOptions();
        const QString path = dir.filePath(QStringLiteral("scores.tsv"));
        options.positions.cachePath = path.toStdString();
        const auto lines = [&path] {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? int(f.readAll().count('\n')) : -1;
        };
        auto counts = std::make_shared<CountingAnalyser::Counts>();
        int scored = 0;
        double loss = 0.0;
        {
            CountingAnalyser engine(counts);
            auto first = evaluation::profilePlayer(games, kPlayer, model, engine, options, CancelToken());
            QVERIFY2(first.ok(), first.ok() ? "" : first.error().message.c_str());
            scored = counts->calls.load();
            loss = first->all.loss;
            QVERIFY2(scored > 20, qPrintable(QString::number(scored)));
            QCOMPARE(lines(), scored - 1);  // a line a position; the naming search none
        }
        {
            CountingAnalyser engine(counts);
            auto again = evaluation::profilePlayer(games, kPlayer, model, engine, options, CancelToken());
            QVERIFY2(again.ok(), again.ok() ? "" : again.error().message.c_str());
            QCOMPARE(counts->calls.load(), scored + 1);
            QCOMPARE(again->all.loss, loss);
            QCOMPARE(lines(), scored - 1);
        }
        {
            auto others = std::make_shared<CountingAnalyser::Counts>();
            RenamedAnalyser engine(others);
            auto another = evaluation::profilePlayer(games, kPlayer, model, engine, options, CancelToken());
            QVERIFY2(another.ok(), another.ok() ? "" : another.error().message.c_str());
            QCOMPARE(others->calls.load(), scored);
            QCOMPARE(lines(), 2 * (scored - 1));
        }
    }

    /// Engines side by side (ErrorProfileOptions::engines) give the profile one engine gives, each position scored
    /// once, the extra engines used and closed when the call returns; an engine's error ends the run with it.
    void enginesShareTheWork() {
        const auto games = testing::sampleGamesOf(kPlayer, 12);
        testing::FakeEvaluator model;
        testing::LadderAnalyser one;
        auto alone = evaluation::profilePlayer(games, kPlayer, model, one, quickOptions(), CancelToken());
        QVERIFY2(alone.ok(), alone.ok() ? "" : alone.error().message.c_str());

        auto counts = std::make_shared<CountingAnalyser::Counts>();
        auto options = quickOptions();
        options.positions.engines = 3;
        options.positions.moreEngines = [counts]() -> Result<std::unique_ptr<evaluation::PositionAnalyser>> {
            return std::unique_ptr<evaluation::PositionAnalyser>(std::make_unique<CountingAnalyser>(counts));
        };
        {
            CountingAnalyser first(counts);
            auto shared = evaluation::profilePlayer(games, kPlayer, model, first, options, CancelToken());
            QVERIFY2(shared.ok(), shared.ok() ? "" : shared.error().message.c_str());
            QCOMPARE(counts->alive.load(), 1);  // the two extra engines are closed; the caller's is the caller's
            QCOMPARE(shared->all.positions, alone->all.positions);
            QCOMPARE(shared->all.loss, alone->all.loss);
            QCOMPARE(shared->all.peerLoss, alone->all.peerLoss);
            for (std::size_t i = 0; i < alone->byPhase.size(); ++i)
                QCOMPARE(shared->byPhase[i].cell.loss, alone->byPhase[i].cell.loss);
            QCOMPARE(counts->perEngine.size(), std::size_t(3));
            for (const auto& n : counts->perEngine) QVERIFY2(n->load() > 0, "an engine scored nothing");
            // Each distinct position once (a game may reach a position twice; the profile counts both).
            QVERIFY(counts->calls.load() <= int(shared->all.positions));
            QVERIFY(counts->calls.load() >= int(shared->all.positions) * 9 / 10);
        }

        auto failing = std::make_shared<CountingAnalyser::Counts>();
        failing->failAt = 40;
        options.positions.moreEngines = [failing]() -> Result<std::unique_ptr<evaluation::PositionAnalyser>> {
            return std::unique_ptr<evaluation::PositionAnalyser>(std::make_unique<CountingAnalyser>(failing));
        };
        {
            CountingAnalyser first(failing);
            auto broken = evaluation::profilePlayer(games, kPlayer, model, first, options, CancelToken());
            QVERIFY(!broken.ok());
            QVERIFY2(broken.error().message.find("the engine stopped answering") != std::string::npos,
                     broken.error().message.c_str());
            QVERIFY2(broken.error().message.find("engine on ") != std::string::npos, broken.error().message.c_str());
            QCOMPARE(failing->alive.load(), 1);
        }
    }

    void ratingFollowsThePhase() {
        const auto games = testing::sampleGamesOf(kPlayer, 40);
        PhasePeakedEvaluator model;
        model.learn(games);
        testing::LadderAnalyser engine;
        evaluation::PlayerProfileOptions o = ratedOptions();
        auto r = evaluation::profilePlayer(games, kPlayer, model, engine, o, CancelToken());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        const auto* end = findGroup(r->byPhase, "endgame");
        const auto* middle = findGroup(r->byPhase, "middlegame");
        QVERIFY(end && middle && end->rating.valid && middle->rating.valid);
        qInfo("endgame %.0f (%.0f-%.0f), middlegame %.0f (%.0f-%.0f)", end->rating.estimate, end->rating.low,
              end->rating.high, middle->rating.estimate, middle->rating.low, middle->rating.high);
        QVERIFY(std::abs(end->rating.estimate - 1250) < 20);
        QVERIFY(std::abs(middle->rating.estimate - 1950) < 20);
        QVERIFY(end->rating.low <= end->rating.estimate && end->rating.estimate <= end->rating.high);
        QVERIFY(r->rating.valid && r->rating.estimate > end->rating.estimate);
    }

    /// The breakdown in time: the player's games, oldest first by their UTCDate and UTCTime tags, in four periods of
    /// ten games, named by the dates of their first and last games; an undated game pooled last; no split of fewer
    /// than 20 dated games. Its rating estimates follow a player who got better: a model whose played moves peak at
    /// 1300 in their older 20 games and at 1900 in the newer 20 reads about those in the periods.
    void periodsInTime() {
        auto games = testing::sampleGamesOf(kPlayer, 40);
        // Independently: the games in time by their tags.
        std::vector<std::pair<std::string, std::size_t>> order;
        for (std::size_t i = 0; i < games.size(); ++i)
            order.emplace_back(games[i].tag("UTCDate") + " " + games[i].tag("UTCTime"), i);
        std::sort(order.begin(), order.end());
        GamePeakedEvaluator model;
        for (std::size_t k = 0; k < order.size(); ++k) model.learnAt(games[order[k].second], k < 20 ? 1300 : 1900);
        testing::LadderAnalyser engine;
        evaluation::PlayerProfileOptions o = ratedOptions();
        auto r = evaluation::profilePlayer(games, kPlayer, model, engine, o, CancelToken());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->byPeriod.size(), evaluation::kMaxPeriods);
        QCOMPARE(groupTotal(r->byPeriod), int(r->all.positions));
        auto day = [](std::string key) {
            key = key.substr(0, 10);
            std::replace(key.begin(), key.end(), '.', '-');
            return key;
        };
        for (std::size_t k = 0; k < r->byPeriod.size(); ++k) {
            const evaluation::ProfileGroup& g = r->byPeriod[k];
            QCOMPARE(g.cell.games, std::int64_t(10));
            const std::string from = day(order[10 * k].first), to = day(order[10 * k + 9].first);
            QCOMPARE(g.name, from == to ? from : from + " to " + to);
            QVERIFY(g.rating.valid);
            qInfo("%s: %.0f (%.0f-%.0f), their rating %.0f", g.name.c_str(), g.rating.estimate, g.rating.low,
                  g.rating.high, g.cell.meanElo);
            QVERIFY2(std::abs(g.rating.estimate - (k < 2 ? 1300 : 1900)) < 60, g.name.c_str());
            QVERIFY(g.cell.meanElo > 0);
        }
        const std::string text = r->toText();
        QVERIFY(text.find("by period") != std::string::npos);
        QVERIFY(text.find("their rating") != std::string::npos);
        QVERIFY(r->toJson().write().find("\"by_period\"") != std::string::npos);
        const std::string html = evaluation::playerProfileHtml(*r);
        QVERIFY(html.find("Rating by period") != std::string::npos);
        QCOMPARE(int(QString::fromStdString(html).count(QStringLiteral("class=\"actual\""))),
                 2 + int(r->byPeriod.size()));  // one line each by phase and clock, a mark each period

        // A game without a date and one whose date is not yyyy.mm.dd are pooled last; the other 38 make three periods.
        auto setDate = [](chess::PgnGame& g, const char* date) {
            g.tags.erase(std::remove_if(g.tags.begin(), g.tags.end(),
                                        [](const auto& tag) { return tag.first == "UTCDate" || tag.first == "Date"; }),
                         g.tags.end());
            if (*date) g.tags.emplace_back("Date", date);
        };
        setDate(games[order[0].second], "");
        setDate(games[order[1].second], "2023.5.4");
        games[order[1].second].tags.emplace_back("Time", "12:00:00");
        o.estimateRatings = false;
        auto undated = evaluation::profilePlayer(games, kPlayer, model, engine, o, CancelToken());
        QVERIFY(undated.ok());
        QCOMPARE(undated->byPeriod.size(), std::size_t(4));
        QCOMPARE(undated->byPeriod.back().name, std::string(evaluation::kNoDate));
        QCOMPARE(undated->byPeriod.back().cell.games, std::int64_t(2));
        QCOMPARE(undated->byPeriod[0].cell.games, std::int64_t(12));  // 38 games: 12, 13, 13
        for (std::size_t k = 1; k < 3; ++k) QCOMPARE(undated->byPeriod[k].cell.games, std::int64_t(13));
        QCOMPARE(groupTotal(undated->byPeriod), int(undated->all.positions));

        // Fewer than 20 dated games: no split in time.
        const std::vector<chess::PgnGame> few(games.begin(), games.begin() + 19);
        auto short19 = evaluation::profilePlayer(few, kPlayer, model, engine, o, CancelToken());
        QVERIFY(short19.ok());
        QVERIFY(short19->byPeriod.empty());
    }

    /// The loss ratio's interval comes from resampling the games. Checked against another method on the same games:
    /// each game profiled alone gives its summed loss and peer loss, and the delta method's normal interval of the
    /// ratio of sums over games (1.645 standard errors for 90%) must agree with the bootstrap's to within a quarter of
    /// its width; four times the games narrow it (about halve it); the text, JSON and HTML carry it.
    void ratioIntervalResamplesTheGames() {
        const auto games = testing::sampleGamesOf(kPlayer, 48);
        QCOMPARE(games.size(), std::size_t(48));
        testing::FakeEvaluator model;
        testing::LadderAnalyser engine;
        evaluation::PlayerProfileOptions o = quickOptions();
        o.bootstrapRounds = 2000;
        auto all48 = evaluation::profilePlayer(games, kPlayer, model, engine, o, CancelToken());
        const std::vector<chess::PgnGame> first12(games.begin(), games.begin() + 12);
        auto all12 = evaluation::profilePlayer(first12, kPlayer, model, engine, o, CancelToken());
        QVERIFY(all48.ok() && all12.ok());
        const evaluation::ProfileCell& c = all48->all;
        QVERIFY(c.hasRatioInterval());
        QVERIFY(c.ratioLow < c.lossRatio() && c.lossRatio() < c.ratioHigh);

        std::vector<double> loss, peer;  // each game's sums
        evaluation::PlayerProfileOptions one = o;
        one.minGames = 1;
        for (const auto& g : games) {
            auto r = evaluation::profilePlayer({g}, kPlayer, model, engine, one, CancelToken());
            QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
            loss.push_back(r->all.loss * double(r->all.positions));
            peer.push_back(r->all.peerLoss * double(r->all.positions));
        }
        double sumLoss = 0, sumPeer = 0;
        for (std::size_t i = 0; i < loss.size(); ++i) sumLoss += loss[i], sumPeer += peer[i];
        const double ratio = sumLoss / sumPeer;
        QVERIFY(std::abs(ratio - c.lossRatio()) < 1e-9);
        double var = 0;
        for (std::size_t i = 0; i < loss.size(); ++i) var += std::pow(loss[i] - ratio * peer[i], 2);
        const double n = double(loss.size());
        const double se = std::sqrt(var * n / (n - 1)) / sumPeer;
        const double halfWidth = 0.5 * (c.ratioHigh - c.ratioLow);
        qInfo("ratio %.3f: bootstrap %.3f-%.3f, delta method %.3f-%.3f; 12 games %.3f-%.3f", c.lossRatio(), c.ratioLow,
              c.ratioHigh, ratio - 1.645 * se, ratio + 1.645 * se, all12->all.ratioLow, all12->all.ratioHigh);
        QVERIFY(std::abs(halfWidth - 1.645 * se) < 0.25 * halfWidth);
        QVERIFY(std::abs(c.ratioLow - (ratio - 1.645 * se)) < 0.25 * halfWidth);
        const double width12 = all12->all.ratioHigh - all12->all.ratioLow;
        QVERIFY2(c.ratioHigh - c.ratioLow < 0.7 * width12, "48 games should narrow the interval of 12");

        // How far from 1 beyond chance: the p of the same resamples of the same games' sums.
        std::vector<evaluation::GameSums> sums;
        for (std::size_t i = 0; i < loss.size(); ++i) sums.push_back({loss[i], peer[i]});
        const auto resampled = evaluation::resampledRatio(sums, o.bootstrapRounds, o.seed, o.interval);
        QVERIFY(resampled && c.ratioP >= 0.0);
        QVERIFY2(std::abs(c.ratioP - resampled->p) <= 1e-6 * std::max(resampled->p, 1e-12),
                 qPrintable(QString("%1 %2").arg(c.ratioP).arg(resampled->p)));

        const std::string json = all48->toJson().write();
        QVERIFY(json.find("\"loss_ratio_low\"") != std::string::npos);
        QVERIFY(json.find("\"interval\":0.9") != std::string::npos);
        char range[32];
        std::snprintf(range, sizeof range, "%.2f-%.2f", c.ratioLow, c.ratioHigh);
        QVERIFY2(all48->toText().find(range) != std::string::npos, range);
        QVERIFY(evaluation::playerProfileHtml(*all48).find(std::string("(") + range + ")") != std::string::npos);
        // A group too small for a ratio has no interval either.
        for (const auto& g : all48->byKind)
            if (!g.cell.enough()) QVERIFY(!g.cell.hasRatioInterval());
    }

    /// Where they stand out: every group with a p is weighed at once by Holm's rule at kStandoutLevel (10%), the
    /// pooled groups (other openings, other variations, no date), the kinds of position and the groups without a
    /// ratio left out. Six groups weighed: p 0.001 and 0.019 pass (against 0.1 / 6 and 0.1 / 5), 0.03 does not
    /// (0.1 / 4), though on its own it would; the pooled groups' 0.0001 and a kind's 1e-9 are not counted. Each way's
    /// list, the text, the JSON and the HTML say so.
    void standoutsWeighAllGroupsAtOnce() {
        const auto group = [](const char* name, double ratio, double p) {
            evaluation::ProfileGroup g;
            g.name = name;
            g.cell.positions = 100;
            g.cell.games = 20;
            g.cell.peerLoss = 0.1;
            g.cell.loss = 0.1 * ratio;
            g.cell.ratioLow = ratio * 0.8;
            g.cell.ratioHigh = ratio * 1.2;
            g.cell.ratioP = p;
            return g;
        };
        evaluation::PlayerProfile p;
        p.player = kPlayer;
        p.all = group("all", 1.0, 0.9).cell;
        p.byPhase = {group("opening", 1.3, 0.001), group("middlegame", 0.8, 0.019), group("endgame", 1.0, 0.6)};
        p.byClock = {group("1-3min", 1.2, 0.03), group("3-10min", 1.0, 0.9)};
        p.byOpening = {group("White: Scotch Game", 1.1, 0.5), group(evaluation::kOtherOpenings, 2.0, 0.0001)};
        p.byVariation = {group(evaluation::kOtherVariations, 2.0, 0.0001)};
        p.byPeriod = {group(evaluation::kNoDate, 0.5, 0.0001)};
        p.byKind = {group("in check", 3.0, -1.0), group("piece hanging", 0.5, 1e-9)};  // no p; a kind
        const evaluation::ProfileStandouts s = p.standouts();
        QCOMPARE(s.groups, std::size_t(6));
        QCOMPARE(s.worse.size(), std::size_t(1));
        QCOMPARE(s.worse[0].name, std::string("opening"));
        QVERIFY(s.worse[0].section == evaluation::ProfileSection::Phase);
        QCOMPARE(s.better.size(), std::size_t(1));
        QCOMPARE(s.better[0].name, std::string("middlegame"));

        const std::string text = p.toText();
        QVERIFY2(text.find("all 6 groups weighed at once") != std::string::npos, text.c_str());
        QVERIFY(text.find("they lose more than their peers:\n    opening ") != std::string::npos);
        QVERIFY(text.find("they lose less than their peers:\n    middlegame ") != std::string::npos);
        QVERIFY(text.find("1-3min                                   clock") == std::string::npos);
        const std::string json = p.toJson().write();
        QVERIFY2(json.find("\"standouts\":{\"better\":[{\"loss_ratio\":0.8") != std::string::npos, json.c_str());
        QVERIFY(json.find("\"groups\":6") != std::string::npos);
        const std::string html = evaluation::playerProfileHtml(p);
        QVERIFY(html.find("all 6 groups weighed at once") != std::string::npos);
        QCOMPARE(int(QString::fromStdString(html).count(QStringLiteral("<table class=\"standouts\">"))), 2);

        // Nowhere: one group alone at p 0.2.
        p.byPhase = {group("opening", 1.3, 0.2)};
        p.byClock.clear();
        p.byOpening.clear();
        const evaluation::ProfileStandouts none = p.standouts();
        QCOMPARE(none.groups, std::size_t(1));
        QVERIFY(none.worse.empty() && none.better.empty());
        QVERIFY(p.toText().find("  nowhere: every group is within chance of their peers") != std::string::npos);
    }

    /// A chess.com player: the same real games with chess.com's Site tag and their ratings on chess.com's scale
    /// ((r - 614) / 0.797, rounded). The model reads them back on Lichess's scale, so the peer baseline is the one of
    /// the Lichess games (the fake's distribution moves with the mover's rating: read raw, a 1500's chess.com 1112
    /// would make other peers); the estimates (1250 in endgames, 1950 elsewhere on Lichess's scale) and the mean
    /// rating are reported on chess.com's: 798 and 1676 by hand.
    void chessComPlayerOnTheirScale() {
        const auto lichess = testing::sampleGamesOf(kPlayer, 40);
        auto chessCom = lichess;
        for (auto& g : chessCom)
            for (auto& [k, v] : g.tags) {
                if (k == "Site") v = "Chess.com";
                if (k == "WhiteElo" || k == "BlackElo") v = std::to_string(std::lround((std::stoi(v) - 614) / 0.797));
            }
        PhasePeakedEvaluator model;
        model.learn(lichess);
        testing::LadderAnalyser engine;
        evaluation::PlayerProfileOptions o = quickOptions();  // every move: which are sampled depends on the Site
        o.estimateRatings = true;
        auto onLichess = evaluation::profilePlayer(lichess, kPlayer, model, engine, o, CancelToken());
        auto onChessCom = evaluation::profilePlayer(chessCom, kPlayer, model, engine, o, CancelToken());
        QVERIFY(onLichess.ok() && onChessCom.ok());
        QCOMPARE(int(onLichess->ratingScale), int(encoding::RatingSite::Lichess));
        QCOMPARE(int(onChessCom->ratingScale), int(encoding::RatingSite::ChessCom));
        QCOMPARE(onChessCom->chessComGames, std::int64_t(40));
        QCOMPARE(onChessCom->all.positions, onLichess->all.positions);
        // The peers: each rating back on Lichess's scale within a point of the original.
        qInfo("peer loss %.5f (Lichess games) and %.5f (the same as chess.com games)", onLichess->all.peerLoss,
              onChessCom->all.peerLoss);
        QVERIFY(std::abs(onChessCom->all.peerLoss - onLichess->all.peerLoss) < 0.002 * onLichess->all.peerLoss);
        // The mean rating (over their positions): the chess.com tags', within the rounding of the two conversions.
        qInfo("mean rating %.1f on Lichess's scale, %.1f on chess.com's", onLichess->all.meanElo,
              onChessCom->all.meanElo);
        QVERIFY(std::abs(onChessCom->all.meanElo - (onLichess->all.meanElo - 614) / 0.797) < 1.5);
        QVERIFY(onChessCom->all.meanElo < onLichess->all.meanElo - 250);
        const auto* end = findGroup(onChessCom->byPhase, "endgame");
        const auto* middle = findGroup(onChessCom->byPhase, "middlegame");
        QVERIFY(end && middle && end->rating.valid && middle->rating.valid);
        qInfo("on chess.com's scale: endgame %.0f (%.0f-%.0f), middlegame %.0f (%.0f-%.0f)", end->rating.estimate,
              end->rating.low, end->rating.high, middle->rating.estimate, middle->rating.low, middle->rating.high);
        QVERIFY(std::abs(end->rating.estimate - 798) < 30);      // (1250 - 614) / 0.797 = 798.0
        QVERIFY(std::abs(middle->rating.estimate - 1676) < 30);  // (1950 - 614) / 0.797 = 1676.3
        const auto* endL = findGroup(onLichess->byPhase, "endgame");
        QVERIFY(std::abs(end->rating.estimate - (endL->rating.estimate - 614) / 0.797) < 2.0);
        QVERIFY(std::abs(end->rating.low - (endL->rating.low - 614) / 0.797) < 2.0);
        QVERIFY(std::abs(end->rating.high - (endL->rating.high - 614) / 0.797) < 2.0);
        // Every report says the scale; a Lichess player's says nothing new.
        QVERIFY(onChessCom->toText().find("Ratings on chess.com's scale") != std::string::npos);
        QVERIFY(onChessCom->toJson().write().find("\"rating_scale\":\"chess.com\"") != std::string::npos);
        QVERIFY(evaluation::playerProfileHtml(*onChessCom).find("Ratings on chess.com&#39;s scale") !=
                std::string::npos);
        QVERIFY(onLichess->toText().find("scale") == std::string::npos);
        QVERIFY(onLichess->toJson().write().find("\"rating_scale\":\"lichess\"") != std::string::npos);
        // A mix of the two sites is reported on Lichess's scale, and says how many games were converted.
        auto mixed = lichess;
        std::copy(chessCom.begin(), chessCom.begin() + 5, mixed.begin());
        auto onBoth = evaluation::profilePlayer(mixed, kPlayer, model, engine, quickOptions(), CancelToken());
        QVERIFY(onBoth.ok());
        QCOMPARE(int(onBoth->ratingScale), int(encoding::RatingSite::Lichess));
        QCOMPARE(onBoth->chessComGames, std::int64_t(5));
        QVERIFY(std::abs(onBoth->all.meanElo - onLichess->all.meanElo) < 1.0);
        QVERIFY2(onBoth->toText().find("the 5 chess.com games' ratings converted") != std::string::npos,
                 onBoth->toText().c_str());
    }

    /// The puzzles read back through Kibitz's puzzle CSV reader: the setup move leads to the position the player
    /// faced, the answer is the engine's best move there.
    void puzzlesReadBack() {
        const auto games = testing::sampleGamesOf(kPlayer, 12);
        testing::FakeEvaluator model;
        testing::OneAnswerAnalyser engine;
        evaluation::PlayerProfileOptions o = quickOptions();
        o.puzzles = 5;
        auto r = evaluation::profilePlayer(games, kPlayer, model, engine, o, CancelToken());
        QVERIFY(r.ok());
        QVERIFY(!r->puzzles.empty() && r->puzzles.size() <= 5);
        for (std::size_t i = 1; i < r->puzzles.size(); ++i)
            QVERIFY(r->puzzles[i - 1].loss - r->puzzles[i - 1].peerLoss >=
                    r->puzzles[i].loss - r->puzzles[i].peerLoss - 1e-12);
        chess::PuzzleCsvReader reader(TextInput::fromString(r->puzzlesCsv(), "puzzles.csv"));
        std::vector<chess::Puzzle> back;
        chess::Puzzle p;
        while (reader.next(p)) back.push_back(p);
        QCOMPARE(reader.skippedCount(), std::int64_t(0));
        QCOMPARE(back.size(), r->puzzles.size());
        for (std::size_t i = 0; i < back.size(); ++i) {
            QCOMPARE(back[i].moves.size(), std::size_t(2));
            const chess::Position faced = back[i].solverStart();
            // The engine's best move is the first legal move.
            QCOMPARE(chess::toUci(back[i].moves[1]), chess::toUci(faced.legalMoves()[0]));
            QVERIFY(chess::toUci(back[i].moves[1]) != r->puzzles[i].playedMove);
            // What they played there, read back from the game itself, and what it cost beside their peers.
            const auto game = std::find_if(games.begin(), games.end(),
                                           [&](const chess::PgnGame& g) { return g.tag("Site") == back[i].gameUrl; });
            QVERIFY(game != games.end());
            QCOMPARE(chess::toUci(back[i].playedMove), chess::toUci(game->moves[std::size_t(r->puzzles[i].ply)].move));
            QVERIFY(std::abs(back[i].playedLoss - r->puzzles[i].loss) < 1e-4);
            QVERIFY(std::abs(back[i].peerLoss - r->puzzles[i].peerLoss) < 1e-4);
            QVERIFY(back[i].playedLoss - back[i].peerLoss >= 0.1 - 1e-4);
            // Their rating in that game, from its own tags (Lichess games: Lichess's scale); the peers were theirs.
            const auto side = evaluation::playerColor(*game, kPlayer);
            QVERIFY(side);
            QCOMPARE(back[i].playerRating, std::stoi(game->tag(*side == chess::White ? "WhiteElo" : "BlackElo")));
            QVERIFY(!back[i].chessComRatings);
            QCOMPARE(back[i].peerRating, 0);
            // The reports people read name it as the game's PGN does (SAN), not as the CSV does.
            const std::string& san = game->moves[std::size_t(r->puzzles[i].ply)].san;
            QCOMPARE(r->puzzles[i].san(r->puzzles[i].playedMove), san);
            QVERIFY2(r->toText().find("played " + san + " ") != std::string::npos, san.c_str());
            QVERIFY2(evaluation::playerProfileHtml(*r).find("<td>" + san + "</td>") != std::string::npos, san.c_str());
            QVERIFY2(r->toJson().write().find("\"played_san\":\"" + san + "\"") != std::string::npos, san.c_str());
        }
        // The HTML shows each on a board, linked from its row of the table; the pieces are defined once.
        const QString html = QString::fromStdString(evaluation::playerProfileHtml(*r));
        QCOMPARE(int(html.count(QStringLiteral("<figure class=\"position\""))), int(r->puzzles.size()));
        QCOMPARE(int(html.count(QStringLiteral("<symbol id=\"kibitz-wK\""))), 1);
        for (const auto& z : r->puzzles) {
            const QString id = QString::fromStdString(z.id);
            QVERIFY(html.contains(QStringLiteral("<a href=\"#position-%1\">%1</a>").arg(id)));
            QVERIFY(html.contains(QStringLiteral("id=\"position-%1\"").arg(id)));
        }
        // Unrated as puzzles (no puzzle model here): no columns and no figure; rated (jobs::rateProfilePuzzles sets
        // these), two columns after the peer's loss, the note, the text's line and the JSON's values.
        QVERIFY(!html.contains(QStringLiteral("<th>as a puzzle</th>")));
        QVERIFY(r->toJson().write().find("\"solve_chance\":null") != std::string::npos);
        auto rated = *r;
        for (std::size_t i = 0; i < rated.puzzles.size(); ++i) {
            rated.puzzles[i].difficulty = 1500.0 + 100.0 * double(i);
            rated.puzzles[i].difficultySigma = 250.0;
            rated.puzzles[i].solveChance = 0.25;
        }
        const QString ratedHtml = QString::fromStdString(evaluation::playerProfileHtml(rated));
        QVERIFY(
            ratedHtml.contains(QStringLiteral("<th>peer</th><th>as a puzzle</th><th>their chance</th><th>phase</th>")));
        QVERIFY(ratedHtml.contains(QStringLiteral("<td>1500 &#177; 250</td><td>25%</td>")));
        QVERIFY(ratedHtml.contains(QStringLiteral("As a puzzle: the rating Kibitz")));
        // Each board's caption says the same as its row: the second board, rated 1600.
        QVERIFY(ratedHtml.contains(QStringLiteral("<br>as a puzzle 1600 &#177; 250<br>their chance 25%</figcaption>")));
        QVERIFY(!html.contains(QStringLiteral("<br>as a puzzle")));
        QVERIFY(rated.toText().find("as a puzzle 1500 +- 250; their chance to find " +
                                    rated.puzzles[0].san(rated.puzzles[0].bestMove) + ": 25%") != std::string::npos);
        // A game without their rating (peers of a chosen rating): its difficulty, and no chance made up.
        rated.puzzles[0].solveChance = -1.0;
        const QString noChance = QString::fromStdString(evaluation::playerProfileHtml(rated));
        QVERIFY(noChance.contains(QStringLiteral("<td>1500 &#177; 250</td><td>-</td>")));
        QVERIFY(noChance.contains(QStringLiteral("<br>as a puzzle 1500 &#177; 250</figcaption>")));
        QVERIFY(rated.toText().find("as a puzzle 1500 +- 250\n") != std::string::npos);
        rated.puzzles[0].solveChance = 0.25;
        const std::string ratedJson = rated.toJson().write();
        QVERIFY2(ratedJson.find("\"difficulty\":1500") != std::string::npos, ratedJson.c_str());
        QVERIFY(ratedJson.find("\"solve_chance\":0.25") != std::string::npos);

        // Opening tags as Lichess gives its puzzles: the game's opening's, for a puzzle that starts before move 20.
        o.puzzles = 40;
        r = evaluation::profilePlayer(games, kPlayer, model, engine, o, CancelToken());
        QVERIFY(r.ok());
        chess::PuzzleCsvReader all(TextInput::fromString(r->puzzlesCsv(), "puzzles.csv"));
        int early = 0, late = 0;
        while (all.next(p)) {
            const auto game = std::find_if(games.begin(), games.end(),
                                           [&p](const chess::PgnGame& g) { return g.tag("Site") == p.gameUrl; });
            QVERIFY(game != games.end());
            std::vector<chess::Move> moves;
            for (const auto& m : game->moves) moves.push_back(m.move);
            const int fullMove = std::stoi(p.fen.substr(p.fen.rfind(' ') + 1));
            const std::string_view opening = chess::openingOf(chess::Position(), moves).name;
            const auto z = std::find_if(r->puzzles.begin(), r->puzzles.end(),
                                        [&p](const evaluation::ProfilePuzzle& q) { return q.id == p.id; });
            QVERIFY(z != r->puzzles.end());
            QCOMPARE(z->opening, std::string(opening));
            if (fullMove < 20) {
                ++early;
                QCOMPARE(p.openingTags, chess::openingTags(opening));
                QVERIFY(p.openingTags.find('_') != std::string::npos);
            } else {
                ++late;
                QCOMPARE(p.openingTags, std::string());
            }
        }
        QVERIFY2(early > 0 && late > 0, (std::to_string(early) + " early, " + std::to_string(late) + " late").c_str());
    }

    void htmlIsSelfContained() {
        const auto games = testing::sampleGamesOf(kPlayer, 12);
        testing::FakeEvaluator model;
        testing::LadderAnalyser engine;
        auto r = evaluation::profilePlayer(games, kPlayer, model, engine, quickOptions(), CancelToken());
        QVERIFY(r.ok());
        const QString html = QString::fromStdString(evaluation::playerProfileHtml(*r));
        QVERIFY(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
        QVERIFY(!html.contains(QStringLiteral("<script")));
        QVERIFY(!html.contains(QStringLiteral("<link")));
        QVERIFY(!html.contains(QStringLiteral(" src=")));
        int enough = 0;
        for (const auto* groups : {&r->byPhase, &r->byClock, &r->bySpeed, &r->byKind, &r->byOpening, &r->byVariation})
            for (const auto& g : *groups) enough += g.cell.enough();
        QCOMPARE(int(html.count(QStringLiteral("class=\"bar player\""))), enough);
        QCOMPARE(int(html.count(QStringLiteral("<svg"))), 6);  // the loss charts; no rating charts without estimates
        // The openings' and variations' tables have the opening phase's columns, and theirs alone.
        QCOMPARE(int(html.count(QStringLiteral("<th>ratio in the opening (interval)</th>"))), 2);
        // All, phase, clock, speed, kind, opening, variation, and the puzzles' where there are some.
        QCOMPARE(int(html.count(QStringLiteral("<table>"))), 7 + (r->puzzles.empty() ? 0 : 1));
    }

    /// Peers of a chosen rating: the model is asked for a mover of that rating (and no other, without the estimates),
    /// stronger peers lose less against the same moves of the player, the reports say whose peers they are, and a
    /// rating the model does not know is refused. A chess.com player's chosen rating is on chess.com's scale.
    void peersOfAChosenRating() {
        const auto games = testing::sampleGamesOf(kPlayer, 12);
        testing::OneAnswerAnalyser engine;
        auto at = [&](int rating, SkillEvaluator& model) {
            evaluation::PlayerProfileOptions o = quickOptions();
            o.peerRating = rating;
            return evaluation::profilePlayer(games, kPlayer, model, engine, o, CancelToken());
        };
        SkillEvaluator own, weak, strong;
        auto theirs = at(0, own), r800 = at(800, weak), r2400 = at(2400, strong);
        QVERIFY2(theirs.ok() && r800.ok() && r2400.ok(), r800.ok() ? "" : r800.error().message.c_str());
        QCOMPARE(weak.askedElo, std::set<int>{800});
        QCOMPARE(strong.askedElo, std::set<int>{2400});
        QVERIFY(own.askedElo.size() > 5);  // each game's own ratings
        QCOMPARE(r800->all.positions, theirs->all.positions);
        QCOMPARE(r800->all.loss, theirs->all.loss);
        QCOMPARE(r2400->all.loss, theirs->all.loss);
        qInfo("peer loss: rated 800 %.4f, their own %.4f, rated 2400 %.4f", r800->all.peerLoss, theirs->all.peerLoss,
              r2400->all.peerLoss);
        QVERIFY(r2400->all.peerLoss < 0.8 * theirs->all.peerLoss);
        QVERIFY(theirs->all.peerLoss < 0.8 * r800->all.peerLoss);
        QCOMPARE(r2400->peerRating, 2400);
        QCOMPARE(theirs->peerRating, 0);
        QVERIFY(r2400->toJson().write().find("\"peer_rating\":2400") != std::string::npos);
        QVERIFY(theirs->toJson().write().find("\"peer_rating\":null") != std::string::npos);
        QVERIFY(r2400->toText().find("a human rated 2400") != std::string::npos);
        QVERIFY(evaluation::playerProfileHtml(*r2400).find("a human rated 2400") != std::string::npos);
        QVERIFY(evaluation::playerProfileHtml(*theirs).find("a human of their rating") != std::string::npos);

        for (const int wrong : {300, 3300}) {
            SkillEvaluator model;
            auto r = at(wrong, model);
            QVERIFY(!r.ok());
            QCOMPARE(r.error().code, ErrorCode::InvalidInput);
            QVERIFY2(r.error().message.find("400 to 3200 on Lichess's scale") != std::string::npos,
                     r.error().message.c_str());
        }

        auto chessCom = games;
        for (auto& g : chessCom)
            for (auto& [k, v] : g.tags)
                if (k == "Site") v = "Chess.com";
        SkillEvaluator model;
        evaluation::PlayerProfileOptions o = quickOptions();
        o.peerRating = 1000;  // chess.com 1000 is Lichess 614 + 797
        auto r = evaluation::profilePlayer(chessCom, kPlayer, model, engine, o, CancelToken());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(model.askedElo, std::set<int>{1411});
        QCOMPARE(r->peerRating, 1000);
        // The puzzles carry both ratings on chess.com's scale, their own as the games' tags give it.
        QVERIFY(!r->puzzles.empty());
        chess::PuzzleCsvReader reader(TextInput::fromString(r->puzzlesCsv(), "puzzles.csv"));
        std::set<int> tagged;  // the player's ratings in the games' own tags, unconverted
        for (const auto& g : chessCom)
            if (const auto side = evaluation::playerColor(g, kPlayer))
                tagged.insert(std::stoi(g.tag(*side == chess::White ? "WhiteElo" : "BlackElo")));
        chess::Puzzle p;
        int read = 0;
        while (reader.next(p)) {
            ++read;
            QVERIFY(p.chessComRatings);
            QCOMPARE(p.peerRating, 1000);
            QVERIFY2(tagged.count(p.playerRating), std::to_string(p.playerRating).c_str());
        }
        QCOMPARE(reader.skippedCount(), std::int64_t(0));
        QCOMPARE(read, int(r->puzzles.size()));
    }

    /// Peers of a chosen rating need no rating of the player: games without rating tags (club games) are profiled
    /// against them, with the same positions and figures as the same games with their ratings (the fake model reads
    /// only the mover's rating, asked at the chosen one either way), and no made-up rating of theirs in the report.
    void unratedGamesAgainstChosenPeers() {
        const auto games = testing::sampleGamesOf(kPlayer, 12);
        auto unrated = games;
        for (auto& g : unrated)
            for (auto& [k, v] : g.tags)
                if (k == "WhiteElo" || k == "BlackElo") v = "?";
        testing::OneAnswerAnalyser engine;
        evaluation::PlayerProfileOptions o = quickOptions();
        o.estimateRatings = true;
        o.bootstrapRounds = 20;

        SkillEvaluator refusedModel;
        auto refused = evaluation::profilePlayer(unrated, kPlayer, refusedModel, engine, o, CancelToken());
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, ErrorCode::InvalidInput);
        QVERIFY2(refused.error().message.find("--peers-rated") != std::string::npos, refused.error().message.c_str());

        o.peerRating = 1500;
        SkillEvaluator ratedModel, unratedModel;
        auto rated = evaluation::profilePlayer(games, kPlayer, ratedModel, engine, o, CancelToken());
        auto r = evaluation::profilePlayer(unrated, kPlayer, unratedModel, engine, o, CancelToken());
        QVERIFY2(rated.ok() && r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->games, std::int64_t(12));
        QCOMPARE(r->unratedGames, std::int64_t(12));
        QCOMPARE(rated->unratedGames, std::int64_t(0));
        QCOMPARE(r->all.positions, rated->all.positions);
        QCOMPARE(r->all.loss, rated->all.loss);
        QCOMPARE(r->all.peerLoss, rated->all.peerLoss);
        QVERIFY(r->all.peerLoss > 0.0);
        QVERIFY(rated->all.meanElo > 400.0);
        QCOMPARE(r->all.meanElo, 0.0);  // not known: no figure made up
        QVERIFY(r->rating.valid);       // the rating their moves play like is the point of such a profile
        QVERIFY(!r->puzzles.empty());
        for (const auto& z : r->puzzles) QCOMPARE(z.playerElo, 0);
        const std::string json = r->toJson().write();
        QVERIFY2(json.find("\"mean_elo\":null") != std::string::npos, json.c_str());
        QVERIFY(json.find("\"player_elo\":null") != std::string::npos);
        QVERIFY(json.find("\"unrated_games\":12") != std::string::npos);
        const std::string text = r->toText();
        QVERIFY2(text.find("their rating: not in their games' tags") != std::string::npos, text.c_str());
        QVERIFY(text.find("12 of them without their rating") != std::string::npos);
        QVERIFY(text.find("left out") == std::string::npos);
        const std::string html = evaluation::playerProfileHtml(*r);
        QVERIFY(html.find("Their games do not give their rating.") != std::string::npos);
        QVERIFY(html.find("the grey line") == std::string::npos);     // no line at a rating nobody gave
        QVERIFY(html.find("class=\"actual\"") == std::string::npos);  // (the line itself)
        QVERIFY(evaluation::playerProfileHtml(*rated).find("class=\"actual\"") != std::string::npos);

        // Half of them rated: their mean rating is that of the rated half's positions alone.
        auto mixed = games;
        std::vector<chess::PgnGame> ratedHalf;
        for (std::size_t i = 0; i < mixed.size(); ++i)
            if (i % 2 == 0)
                mixed[i] = unrated[i];
            else
                ratedHalf.push_back(games[i]);
        SkillEvaluator mixedModel, halfModel;
        evaluation::PlayerProfileOptions few = o;
        few.minGames = 1;
        auto m = evaluation::profilePlayer(mixed, kPlayer, mixedModel, engine, o, CancelToken());
        auto h = evaluation::profilePlayer(ratedHalf, kPlayer, halfModel, engine, few, CancelToken());
        QVERIFY2(m.ok() && h.ok(), m.ok() ? "" : m.error().message.c_str());
        QCOMPARE(m->unratedGames, std::int64_t(6));
        QCOMPARE(m->all.positions, rated->all.positions);
        QCOMPARE(m->all.meanElo, h->all.meanElo);
        QVERIFY(m->all.meanElo > 400.0);
    }

    /// --games N and the page's newest games: N games the profile can use, so a game without their rating among
    /// the newest does not take a rated one's place (it stays, to be counted as left out); with the peers' rating
    /// chosen any game counts.
    void newestGamesCountTheUsableOnes() {
        const auto games = testing::sampleGamesOf(kPlayer, 12);
        auto some = games;
        for (const std::size_t i : {std::size_t(9), std::size_t(11)})
            for (auto& [k, v] : some[i].tags)
                if (k == "WhiteElo" || k == "BlackElo") v = "?";
        auto site = [](const std::vector<chess::PgnGame>& gs) {
            std::vector<std::string> out;
            for (const auto& g : gs) out.push_back(g.tag("Site"));
            return out;
        };
        auto rated = some;
        evaluation::keepNewestProfileGames(rated, kPlayer, 5, false);
        QCOMPARE(site(rated), site({games.begin() + 5, games.end()}));  // 5..11: five rated and the two unrated
        auto any = some;
        evaluation::keepNewestProfileGames(any, kPlayer, 5, true);
        QCOMPARE(site(any), site({games.begin() + 7, games.end()}));
        for (const int all : {0, 10, 100}) {  // 10: as many as give their rating
            auto kept = some;
            evaluation::keepNewestProfileGames(kept, kPlayer, all, false);
            QCOMPARE(kept.size(), some.size());
        }
        // What is kept profiles five rated games, and counts the two without their rating as left out.
        testing::FakeEvaluator model;
        testing::LadderAnalyser engine;
        auto r = evaluation::profilePlayer(rated, kPlayer, model, engine, quickOptions(), CancelToken());
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->games, std::int64_t(5));
        QCOMPARE(r->unratedGames, std::int64_t(2));
    }

    void refusals() {
        testing::FakeEvaluator model;
        testing::LadderAnalyser engine;
        const auto games = testing::sampleGamesOf(kPlayer, 12);
        // One game.
        auto r = evaluation::profilePlayer({games.front()}, kPlayer, model, engine, quickOptions(), CancelToken());
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, ErrorCode::InvalidInput);
        QVERIFY2(r.error().message.find("at least 5") != std::string::npos, r.error().message.c_str());
        // Games without the player's rating.
        auto unrated = games;
        for (auto& g : unrated)
            for (auto& [k, v] : g.tags)
                if (k == "WhiteElo" || k == "BlackElo") v = "?";
        r = evaluation::profilePlayer(unrated, kPlayer, model, engine, quickOptions(), CancelToken());
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("rating") != std::string::npos, r.error().message.c_str());
        // Nobody of that name.
        r = evaluation::profilePlayer(games, "nobody-at-all", model, engine, quickOptions(), CancelToken());
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, ErrorCode::InvalidInput);
        // Cancelled before it starts: an error, no figures.
        CancelToken cancel;
        cancel.cancel();
        r = evaluation::profilePlayer(games, kPlayer, model, engine, quickOptions(), cancel);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, ErrorCode::Cancelled);
    }
};

QTEST_APPLESS_MAIN(TstPlayerProfile)
#include "tst_player_profile.moc"
