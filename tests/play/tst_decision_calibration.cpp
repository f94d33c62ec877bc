// SPDX-License-Identifier: GPL-3.0-or-later
// Calibrating the play-mode opponent's resignations and draws against real games (core/play/decision_calibration):
// how a Lichess game ended is read right (checked against the SAN's own '#' and the Termination tags of the 300
// sample games), and the resign rule's replay counts exactly what a scripted value head makes it do.
#include "core/chess/pgn.h"
#include "core/play/decision_calibration.h"
#include "tests/encoding/position_evaluator.h"

#include <QTest>

#include <memory>

using namespace kibitz;
using namespace kibitz::play;

namespace {

std::vector<chess::PgnGame> sampleGames() {
    auto reader = chess::PgnReader::open(std::string(KIBITZ_TEST_DATA_DIR) + "/games_sample.pgn");
    if (!reader) qFatal("%s", reader.error().message.c_str());
    std::vector<chess::PgnGame> games;
    chess::PgnGame g;
    while ((*reader)->next(g)) games.push_back(g);
    return games;
}

/// A value head that knows the result: from ply `from` on, the side that lost the game scores `loserScore` (its
/// win share; draw share 1 %), the winner the mirror; before that an even game. Mover's view, as the real one.
class ScriptedValue : public testing::PositionEvaluator {
public:
    ScriptedValue(std::optional<chess::Color> loser, int from, float loserWin)
        : m_loser(loser), m_from(from), m_loserWin(loserWin) {}
    Result<std::vector<encoding::MoveProb>> movesAt(const chess::Position&, const encoding::Conditioning&) override {
        return makeError(ErrorCode::Unsupported, "value only");
    }
    encoding::Heads heads() const override { return {.value = true}; }
    Result<std::vector<encoding::Wdl>> readValues(const std::vector<chess::Position>& positions,
                                                  const std::vector<encoding::Conditioning>&,
                                                  const std::vector<encoding::RecentMoves>&) override {
        std::vector<encoding::Wdl> out;
        for (const chess::Position& p : positions) {
            const int ply = 2 * (p.fullmoveNumber() - 1) + (p.sideToMove() == chess::Black ? 1 : 0);
            encoding::Wdl w{0.45f, 0.1f, 0.45f};
            if (m_loser && ply >= m_from) {
                const encoding::Wdl lost{m_loserWin, 0.01f, 0.99f - m_loserWin};
                w = p.sideToMove() == *m_loser ? lost : encoding::Wdl{lost.loss, lost.draw, lost.win};
            }
            out.push_back(w);
        }
        ++calls;
        return out;
    }
    std::string describe() const override { return "scripted"; }
    int calls = 0;

private:
    std::optional<chess::Color> m_loser;
    int m_from;
    float m_loserWin;
};

bool endsWithMateSan(const chess::PgnGame& g) {
    return !g.moves.empty() && g.moves.back().san.find('#') != std::string::npos;
}

}  // namespace

class TstDecisionCalibration : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void endingsOfRealGames();
    void resignReplayCounts();
    void evenGamesNeverResign();
    void quantiles();
};

void TstDecisionCalibration::endingsOfRealGames() {
    const auto games = sampleGames();
    QCOMPARE(int(games.size()), 300);
    int counts[7] = {};
    for (const chess::PgnGame& g : games) {
        const RecordedEnding e = recordedEnding(g);
        ++counts[int(e)];
        const std::string term = g.tag("Termination");
        // Mate is read from the position; Lichess's SAN marks it with '#'.
        QCOMPARE(e == RecordedEnding::Checkmate, endsWithMateSan(g));
        if (e == RecordedEnding::Resignation) {
            QCOMPARE(term, std::string("Normal"));
            QVERIFY(g.result == "1-0" || g.result == "0-1");
        }
        if (e == RecordedEnding::TimeForfeit) QCOMPARE(term, std::string("Time forfeit"));
        if (e == RecordedEnding::AgreedDraw || e == RecordedEnding::RuleDraw)
            QCOMPARE(g.result, std::string("1/2-1/2"));
    }
    // The sample's tags: 242 Normal, 57 Time forfeit, 1 Abandoned; 12 draws.
    QCOMPARE(counts[int(RecordedEnding::TimeForfeit)], 57);
    QCOMPARE(counts[int(RecordedEnding::Other)], 1);
    QCOMPARE(counts[int(RecordedEnding::Unknown)], 0);
    QVERIFY(counts[int(RecordedEnding::Resignation)] > 100);  // most decisive Lichess games end by resignation
    QVERIFY(counts[int(RecordedEnding::Checkmate)] > 10);
    QVERIFY(counts[int(RecordedEnding::AgreedDraw)] + counts[int(RecordedEnding::RuleDraw)] >= 10);
}

void TstDecisionCalibration::resignReplayCounts() {
    // The first resigned game of the sample long enough for the rule (it never resigns before ply 20).
    const auto games = sampleGames();
    const chess::PgnGame* game = nullptr;
    for (const auto& g : games)
        if (recordedEnding(g) == RecordedEnding::Resignation && g.moves.size() >= 40) {
            game = &g;
            break;
        }
    QVERIFY(game);
    const int n = int(game->moves.size());
    const chess::Color loser = game->result == "1-0" ? chess::Black : chess::White;
    // Lost (1 % win) from ply 24: at 3 % the loser resigns on its second own move from there, i.e. ply 26 or 27.
    ScriptedValue value(loser, 24, 0.01f);
    DecisionCalibrator cal(GameDecisionPolicy{}, {0.005, 0.03});
    QVERIFY(bool(cal.addGame(value, *game)));
    QCOMPARE(value.calls, 1);  // one batch per game
    const DecisionCalibration& r = cal.result();
    QCOMPARE(r.games, std::int64_t(1));
    QCOMPARE(r.positions, std::int64_t(n + 1));  // a resigned game's last position still has moves
    QCOMPARE(r.resignScores.size(), std::size_t(1));
    QVERIFY(std::abs(r.resignScores[0] - (0.01 + 0.005)) < 1e-6);  // its score: win + draw / 2
    // Threshold 0.5 %: never below it.
    QCOMPARE(r.replays[0].resigns, std::int64_t(0));
    QCOMPARE(r.replays[0].humanResigned, std::int64_t(1));
    QCOMPARE(r.replays[0].recall(), 0.0);
    // Threshold 3 %: resigns for the loser only, in a game it lost.
    const ResignReplay& at3 = r.replays[1];
    QCOMPARE(at3.resigns, std::int64_t(1));
    QCOMPARE(at3.precision(), 1.0);
    QCOMPARE(at3.recall(), 1.0);
    const int firstOwn = (loser == chess::White) ? 24 : 25;  // White moves on even plies
    QVERIFY(at3.leadPlies == std::vector<int>{n - (firstOwn + 2)});
}

void TstDecisionCalibration::evenGamesNeverResign() {
    const auto games = sampleGames();
    DecisionCalibrator cal(GameDecisionPolicy{}, {0.03});
    ScriptedValue even(std::nullopt, 0, 0.0f);
    int resigned = 0;
    for (const auto& g : games) {
        QVERIFY(bool(cal.addGame(even, g)));
        resigned += recordedEnding(g) == RecordedEnding::Resignation;
    }
    const DecisionCalibration& r = cal.result();
    QCOMPARE(r.games + r.skipped, std::int64_t(300));
    QCOMPARE(r.replays[0].resigns, std::int64_t(0));
    QCOMPARE(r.replays[0].humanResigned, std::int64_t(resigned));
    QCOMPARE(std::int64_t(r.resignScores.size()), std::int64_t(resigned));
    for (double s : r.resignScores) QVERIFY(std::abs(s - 0.5) < 1e-6);
    QCOMPARE(r.drawOffers, std::int64_t(0));  // a 10 % draw share never asks for one
}

void TstDecisionCalibration::quantiles() {
    QCOMPARE(quantile({}, 0.5), 0.0);
    QCOMPARE(quantile({3.0, 1.0, 2.0}, 0.5), 2.0);
    QCOMPARE(quantile({1.0, 2.0, 3.0, 4.0}, 0.5), 2.5);
    QCOMPARE(quantile({1.0, 2.0, 3.0, 4.0}, 0.0), 1.0);
    QCOMPARE(quantile({1.0, 2.0, 3.0, 4.0}, 1.0), 4.0);
}

QTEST_GUILESS_MAIN(TstDecisionCalibration)
#include "tst_decision_calibration.moc"
