// SPDX-License-Identifier: GPL-3.0-or-later
// Puzzle solve rate and advancement on real Lichess puzzles (tests/data/puzzles_sample.csv), with scripted
// evaluators whose answers are known, so the expected numbers follow from the puzzles' own solution lengths.
#include "core/chess/puzzle_csv.h"
#include "core/evaluation/puzzle_solving.h"
#include "tests/encoding/position_evaluator.h"

#include <QTest>

#include <map>

using namespace kibitz;

namespace {

/// Puts all probability on a scripted move where it knows one (by FEN), else on the first legal move that is
/// not the solution (so it never solves by accident). Records the conditioning it was given.
class ScriptedEvaluator : public testing::PositionEvaluator {
public:
    std::map<std::string, chess::Move> answers;
    std::map<std::string, chess::Move> avoid;
    std::vector<encoding::Conditioning> seen;

    Result<std::vector<encoding::MoveProb>> movesAt(const chess::Position& pos,
                                                    const encoding::Conditioning& cond) override {
        seen.push_back(cond);
        std::vector<encoding::MoveProb> out;
        const chess::MoveList legal = pos.legalMoves();
        chess::Move top;
        if (auto it = answers.find(pos.fen()); it != answers.end()) {
            top = it->second;
        } else {
            auto bad = avoid.find(pos.fen());
            for (chess::Move m : legal)
                if (bad == avoid.end() || m != bad->second) {
                    top = m;
                    break;
                }
        }
        out.push_back({top, 0.9f});
        const float rest = legal.size() > 1 ? 0.1f / float(legal.size() - 1) : 0.0f;
        for (chess::Move m : legal)
            if (m != top) out.push_back({m, rest});
        return out;
    }
    std::string describe() const override { return "scripted"; }
};

std::vector<chess::Puzzle> samplePuzzles(int n) {
    auto reader = chess::PuzzleCsvReader::open(KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv");
    std::vector<chess::Puzzle> out;
    if (!reader) return out;
    chess::Puzzle p;
    while (int(out.size()) < n && (*reader)->next(p)) out.push_back(p);
    return out;
}

/// Solver positions (FEN) with their solution moves, by walking the line.
std::vector<std::pair<std::string, chess::Move>> solverTurns(const chess::Puzzle& pz) {
    std::vector<std::pair<std::string, chess::Move>> out;
    chess::Position pos = *chess::Position::fromFen(pz.fen);
    for (std::size_t i = 0; i < pz.moves.size(); ++i) {
        if (i % 2 == 1) out.emplace_back(pos.fen(), pz.moves[i]);
        pos.makeMove(pz.moves[i]);
    }
    return out;
}

}  // namespace

class TestPuzzleSolving : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void oracleSolvesEverything();
    void firstMoveOnly();
    void neverRight();
    void usesPuzzleRating();
};

void TestPuzzleSolving::oracleSolvesEverything() {
    const auto puzzles = samplePuzzles(60);
    QCOMPARE(int(puzzles.size()), 60);
    ScriptedEvaluator ev;
    for (const auto& pz : puzzles)
        for (const auto& [fen, move] : solverTurns(pz)) ev.answers[fen] = move;
    auto r = evaluation::evaluatePuzzleSolving(ev, puzzles);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->overall.puzzles, std::int64_t(60));
    QCOMPARE(r->overall.solveRate(), 1.0);
    QCOMPARE(r->overall.advancement(), 1.0);
    std::int64_t inBuckets = 0;
    for (const auto& [lo, s] : r->byRating) inBuckets += s.puzzles;
    QCOMPARE(inBuckets, std::int64_t(60));
}

void TestPuzzleSolving::firstMoveOnly() {
    // Knowing only the first solver move solves exactly the one-move puzzles; advancement is 1/k per puzzle.
    const auto puzzles = samplePuzzles(80);
    ScriptedEvaluator ev;
    double expectedAdv = 0.0;
    std::int64_t oneMovers = 0;
    for (const auto& pz : puzzles) {
        const auto turns = solverTurns(pz);
        ev.answers[turns.front().first] = turns.front().second;
        for (std::size_t k = 1; k < turns.size(); ++k) ev.avoid[turns[k].first] = turns[k].second;
        expectedAdv += 1.0 / double(turns.size());
        oneMovers += turns.size() == 1;
    }
    QVERIFY(oneMovers > 0 && oneMovers < 80);  // the sample mixes lengths, so the test can tell them apart
    auto r = evaluation::evaluatePuzzleSolving(ev, puzzles);
    QVERIFY(r.ok());
    QCOMPARE(r->overall.solved, oneMovers);
    QVERIFY(qAbs(r->overall.advancement() - expectedAdv / 80.0) < 1e-12);
}

void TestPuzzleSolving::neverRight() {
    const auto puzzles = samplePuzzles(40);
    ScriptedEvaluator ev;
    for (const auto& pz : puzzles)
        for (const auto& [fen, move] : solverTurns(pz)) ev.avoid[fen] = move;
    auto r = evaluation::evaluatePuzzleSolving(ev, puzzles);
    QVERIFY(r.ok());
    QCOMPARE(r->overall.solved, std::int64_t(0));
    QCOMPARE(r->overall.advancement(), 0.0);
}

void TestPuzzleSolving::usesPuzzleRating() {
    const auto puzzles = samplePuzzles(1);
    ScriptedEvaluator ev;
    QVERIFY(evaluation::evaluatePuzzleSolving(ev, puzzles).ok());
    QVERIFY(!ev.seen.empty());
    QCOMPARE(ev.seen.front().moverElo.value_or(-1), puzzles.front().rating);
    QCOMPARE(ev.seen.front().oppElo.value_or(-1), puzzles.front().rating);
    QVERIFY(!ev.seen.front().moverClockS.has_value());
}

QTEST_APPLESS_MAIN(TestPuzzleSolving)
#include "tst_puzzle_solving.moc"
