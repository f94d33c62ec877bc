// SPDX-License-Identifier: GPL-3.0-or-later
// Chessort (seed 003): difficulty, labels, points, human-aware difficulty, move selection strategies and game
// generation from a scripted analyser. Expected values are computed by hand from the formulas in the seed.
#include "core/chess/notation.h"
#include "core/evaluation/chessort.h"
#include "tests/encoding/position_evaluator.h"

#include <QJsonArray>
#include <QTest>

#include <set>

using namespace kibitz;
using engines::UciScore;
using Scores = std::vector<UciScore>;
using Ints = std::vector<int>;
using Doubles = std::vector<double>;
Q_DECLARE_METATYPE(Scores)
Q_DECLARE_METATYPE(Ints)
Q_DECLARE_METATYPE(Doubles)

namespace {

UciScore cp(int v) { return UciScore{UciScore::Kind::Centipawns, v, UciScore::Bound::Exact}; }
UciScore mate(int v) { return UciScore{UciScore::Kind::Mate, v, UciScore::Bound::Exact}; }

// Returns fixed lines for any position: the first `scores.size()` legal moves in generation order.
class ScriptedAnalyser : public evaluation::PositionAnalyser {
public:
    explicit ScriptedAnalyser(Scores scores) : m_scores(std::move(scores)) {}
    Result<std::vector<evaluation::MoveEval>> analyse(const chess::Position& pos, int lines,
                                                      const CancelToken&) override {
        ++calls;
        lastLines = lines;
        std::vector<evaluation::MoveEval> out;
        const chess::MoveList legal = pos.legalMoves();
        for (int i = 0; i < legal.size() && i < int(m_scores.size()) && i < lines; ++i)
            out.push_back({legal[i], m_scores[std::size_t(i)], 10, {}});
        return out;
    }
    QString describe() const override { return QStringLiteral("scripted"); }
    int calls = 0;
    int lastLines = 0;

private:
    Scores m_scores;
};

// Uniform over the legal moves except that the first legal move gets `firstShare`.
class FakeEvaluator : public testing::PositionEvaluator {
public:
    Result<std::vector<encoding::MoveProb>> movesAt(const chess::Position& pos,
                                                    const encoding::Conditioning& c) override {
        lastCond = c;
        const chess::MoveList legal = pos.legalMoves();
        std::vector<encoding::MoveProb> out;
        for (int i = 0; i < legal.size(); ++i)
            out.push_back({legal[i], float(i == 0 ? 0.5 : 0.5 / (legal.size() - 1))});
        return out;
    }
    std::string describe() const override { return "fake"; }
    encoding::Conditioning lastCond;
};

}  // namespace

class TestChessort : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void strength_data() {
        QTest::addColumn<Scores>("score");
        QTest::addColumn<double>("strength");
        // (sigmoid(cp / 400) + 0.5) / 2 for centipawns; mates (1 + sigmoid(-(n-1)/2) + 0.5) / 2.
        QTest::newRow("0") << Scores{cp(0)} << 0.5;
        QTest::newRow("+400") << Scores{cp(400)} << 0.6155292893150024;
        QTest::newRow("#1") << Scores{mate(1)} << 1.0;
        QTest::newRow("#3") << Scores{mate(3)} << 0.8844707106849976;
        QTest::newRow("#-1") << Scores{mate(-1)} << 0.0;
        QTest::newRow("#-3") << Scores{mate(-3)} << 0.11552928931500245;
    }
    void strength() {
        QFETCH(Scores, score);
        QFETCH(double, strength);
        QVERIFY2(std::abs(evaluation::normalisedStrength(score.front()) - strength) < 1e-12,
                 qPrintable(QString::number(evaluation::normalisedStrength(score.front()), 'g', 17)));
    }

    void difficulty_data() {
        QTest::addColumn<Scores>("scores");
        QTest::addColumn<double>("difficulty");
        QTest::addColumn<QString>("label");
        // #1 against #-1: one difference of 1, the easiest possible sort.
        QTest::newRow("mate vs mated") << Scores{mate(1), mate(-1)} << 0.0 << "Beginner";
        // 0.531088 vs 0.5: 100 * (1 - 0.0310883).
        QTest::newRow("+1.00 vs 0.00") << Scores{cp(100), cp(0)} << 96.89117495571008 << "Master";
        // The seed's "extremely easy" game.
        QTest::newRow("seed easy") << Scores{mate(1), cp(500), cp(-500), mate(-1)} << 1.5425381540302374 << "Beginner";
        // The seed's "impossible" game, in shuffled order.
        QTest::newRow("seed impossible") << Scores{cp(-2), cp(2), cp(-4), cp(1)} << 99.84659186789413 << "Master";
        QTest::newRow("all equal") << Scores{cp(50), cp(50), cp(50), cp(50)} << 0.0 << "Beginner";
        // Two equal +3.00 leave two differences of 0.0895891: 100 * (1 - 2 * 0.0895891).
        QTest::newRow("tie excluded") << Scores{cp(300), cp(300), cp(0), cp(-300)} << 82.08213008246071 << "Medium";
        QTest::newRow("mate vs mate") << Scores{mate(1), mate(4)} << 84.12127619031781 << "Medium";
        QTest::newRow("mate and cps") << Scores{mate(3), cp(200), cp(-100), cp(-600)} << 58.633462430373754 << "Easy";
        QTest::newRow("mated") << Scores{cp(-50), mate(-5), mate(-1), cp(100)} << 70.06989104748673 << "Easy";
        QTest::newRow("single card") << Scores{cp(10)} << 0.0 << "Beginner";
    }
    void difficulty() {
        QFETCH(Scores, scores);
        QFETCH(double, difficulty);
        QFETCH(QString, label);
        const double d = evaluation::sortDifficulty(scores);
        QVERIFY2(std::abs(d - difficulty) < 1e-9, qPrintable(QString::number(d, 'g', 17)));
        QCOMPARE(QString::fromLatin1(evaluation::sortLabelName(evaluation::sortLabel(d))), label);
    }

    void labels_data() {
        QTest::addColumn<double>("difficulty");
        QTest::addColumn<QString>("label");
        QTest::newRow("0") << 0.0 << "Beginner";
        QTest::newRow("49.99") << 49.99 << "Beginner";
        QTest::newRow("50") << 50.0 << "Easy";
        QTest::newRow("75") << 75.0 << "Medium";
        QTest::newRow("87.49") << 87.49 << "Medium";
        QTest::newRow("87.5") << 87.5 << "Hard";
        QTest::newRow("94.9") << 94.9 << "Hard";
        QTest::newRow("95") << 95.0 << "Master";
        QTest::newRow("100") << 100.0 << "Master";
    }
    void labels() {
        QFETCH(double, difficulty);
        QFETCH(QString, label);
        QCOMPARE(QString::fromLatin1(evaluation::sortLabelName(evaluation::sortLabel(difficulty))), label);
    }

    void points_data() {
        QTest::addColumn<Scores>("scores");
        QTest::addColumn<Ints>("order");
        QTest::addColumn<int>("points");
        const Scores s{cp(100), cp(0), cp(-50), cp(-200)};
        QTest::newRow("right") << s << Ints{0, 1, 2, 3} << 4;
        QTest::newRow("first two swapped") << s << Ints{1, 0, 2, 3} << 2;
        QTest::newRow("reversed") << s << Ints{3, 2, 1, 0} << 0;
        QTest::newRow("tie either way") << Scores{cp(100), cp(100), cp(0), cp(-5)} << Ints{1, 0, 2, 3} << 4;
        QTest::newRow("repeated index") << s << Ints{0, 0, 1, 2} << 0;
        QTest::newRow("short") << s << Ints{0, 1, 2} << 0;
    }
    void points() {
        QFETCH(Scores, scores);
        QFETCH(Ints, order);
        QFETCH(int, points);
        QCOMPARE(evaluation::sortPoints(scores, order), points);
    }

    void human_data() {
        QTest::addColumn<Doubles>("probs");
        QTest::addColumn<Scores>("scores");
        QTest::addColumn<double>("pCorrect");
        QTest::addColumn<double>("points");
        QTest::addColumn<double>("kendall");
        // Two cards: the order is right when the 0.8 card is drawn first.
        QTest::newRow("two") << Doubles{0.8, 0.2} << Scores{cp(100), cp(0)} << 0.8 << 1.6 << 0.2;
        // 0.5 * (0.3 / 0.5) = 0.3.
        QTest::newRow("three") << Doubles{0.5, 0.3, 0.2} << Scores{cp(300), cp(0), cp(-300)} << 0.3
                               << 1.3892857142857142 << 0.3535714285714286;
        // Tied first two: right when the third card comes last: 0.5 * 0.6 + 0.3 * 0.5 / 0.7.
        QTest::newRow("tie") << Doubles{0.5, 0.3, 0.2} << Scores{cp(100), cp(100), cp(0)} << 0.5142857142857143
                             << 2.028571428571429 << 0.34285714285714286;
        // Uniform over 4 cards: 1/24, one point on average, half the pairs wrong.
        QTest::newRow("uniform") << Doubles{0.1, 0.1, 0.1, 0.1} << Scores{cp(50), cp(20), cp(-10), cp(-90)} << 1.0 / 24
                                 << 1.0 << 0.5;
        // Human preference reversed against the engine.
        QTest::newRow("reversed") << Doubles{0.1, 0.2, 0.3, 0.4} << Scores{cp(50), cp(20), cp(-10), cp(-90)}
                                  << 0.009523809523809528 << 0.6809523809523811 << 0.6757936507936512;
    }
    void human() {
        QFETCH(Doubles, probs);
        QFETCH(Scores, scores);
        QFETCH(double, pCorrect);
        QFETCH(double, points);
        QFETCH(double, kendall);
        auto h = evaluation::humanSortDifficulty(probs, scores);
        QVERIFY(h.ok());
        QVERIFY2(std::abs(h->pCorrect - pCorrect) < 1e-9, qPrintable(QString::number(h->pCorrect, 'g', 17)));
        QVERIFY2(std::abs(h->expectedPoints - points) < 1e-9, qPrintable(QString::number(h->expectedPoints, 'g', 17)));
        QVERIFY2(std::abs(h->expectedKendall - kendall) < 1e-9,
                 qPrintable(QString::number(h->expectedKendall, 'g', 17)));
        QVERIFY(std::abs(h->difficulty - 100.0 * (1.0 - pCorrect)) < 1e-7);
        QVERIFY(!evaluation::humanSortDifficulty({0.5}, {cp(1), cp(2)}).ok());
    }

    void topSpread_data() {
        QTest::addColumn<int>("spreadCp");
        QTest::addColumn<Ints>("picked");  // empty: the strategy cannot fill the game
        QTest::newRow("+500") << 500 << Ints{};
        QTest::newRow("+300") << 300 << Ints{};
        // 300 (0.58959) -> next <= 0.54325: +1.00 (0.53109) -> next <= 0.48475: -1.50 (0.45367) -> -4.00 (0.38447).
        QTest::newRow("+150") << 150 << Ints{0, 2, 5, 6};
        QTest::newRow("+50") << 50 << Ints{0, 2, 4, 5};
        // Spread 0: the top four distinct scores (the second +1.00 is in the same bucket).
        QTest::newRow("0") << 0 << Ints{0, 1, 2, 4};
    }
    void topSpread() {
        QFETCH(int, spreadCp);
        QFETCH(Ints, picked);
        const Scores s{cp(300), cp(290), cp(100), cp(100), cp(0), cp(-150), cp(-400), cp(-800)};
        std::vector<evaluation::RankedMove> moves;
        for (std::size_t i = 0; i < s.size(); ++i) moves.push_back({{chess::Move::none(), s[i], 10, {}}, int(i) + 1});
        evaluation::TopSpreadStrategy strategy(evaluation::TopSpreadStrategy::spreadForCp(spreadCp));
        std::mt19937 rng(1);
        auto got = strategy.select(moves, 4, rng);
        if (picked.empty()) {
            QVERIFY(!got);
        } else {
            QVERIFY(got);
            QCOMPARE(*got, picked);
        }
        QCOMPARE(QString::fromStdString(strategy.name()), QStringLiteral("top-spread(%1cp)").arg(spreadCp));
    }

    void randomStrategy() {
        std::vector<evaluation::RankedMove> moves(6);
        evaluation::RandomStrategy strategy;
        std::mt19937 rng(7);
        for (int round = 0; round < 20; ++round) {
            auto got = strategy.select(moves, 4, rng);
            QVERIFY(got);
            QCOMPARE(int(got->size()), 4);
            QVERIFY(std::is_sorted(got->begin(), got->end()));
            QVERIFY(std::adjacent_find(got->begin(), got->end()) == got->end());
            QVERIFY(got->back() < 6);
        }
        QVERIFY(!strategy.select(moves, 7, rng));
    }

    void generate() {
        // Eight distinct scores: the first game is the +500 spread rung if it fits, later games move down the ladder.
        ScriptedAnalyser engine({mate(2), cp(650), cp(300), cp(120), cp(40), cp(-30), cp(-200), cp(-700)});
        FakeEvaluator human;
        evaluation::SortOptions opt;
        opt.count = 3;
        opt.lines = 8;
        opt.humanElo = 1500;
        auto games = evaluation::generateSortGames(chess::Position(), engine, &human, opt, CancelToken());
        QVERIFY2(games.ok(), games.ok() ? "" : games.error().message.c_str());
        QCOMPARE(engine.calls, 1);
        QCOMPARE(engine.lastLines, 8);
        QCOMPARE(int(games->size()), 3);
        QCOMPARE(human.lastCond.moverElo, std::optional<int>(1500));
        std::set<std::vector<std::string>> seen;
        for (const auto& g : *games) {
            QCOMPARE(int(g.cards.size()), 4);
            std::vector<std::string> ucis;
            for (std::size_t i = 0; i < g.cards.size(); ++i) {
                ucis.push_back(g.cards[i].uci);
                if (i > 0)
                    QVERIFY(evaluation::scoreToCp(g.cards[i - 1].score) >= evaluation::scoreToCp(g.cards[i].score));
                QVERIFY(g.cards[i].humanProb.has_value());
            }
            QVERIFY(seen.insert(ucis).second);  // distinct games
            std::vector<UciScore> scores;
            for (const auto& c : g.cards) scores.push_back(c.score);
            QCOMPARE(g.difficulty, evaluation::sortDifficulty(scores));
            QVERIFY(g.human.has_value());
            QVERIFY(g.human->pCorrect > 0.0 && g.human->pCorrect < 1.0);
        }
        // Game 0 starts at the +500 rung: mate, +6.50, ... every pick at least 500 cp apart in strength.
        QCOMPARE(games->front().strategy, std::string("top-spread(500cp)"));
        QCOMPARE(games->front().cards.front().engineRank, 1);
        const QJsonObject json = evaluation::sortGameToJson(games->front());
        QCOMPARE(json.value(QStringLiteral("cards")).toArray().size(), 4);
        QCOMPARE(json.value(QStringLiteral("cards")).toArray().at(0).toObject().value(QStringLiteral("mate")).toInt(),
                 2);
        QVERIFY(json.value(QStringLiteral("human")).isObject());
    }

    void generateErrors() {
        ScriptedAnalyser engine({cp(1), cp(2), cp(3), cp(4)});
        evaluation::SortOptions opt;
        // Only three legal moves (king in the corner with pawns): fewer than four cards.
        auto pos = chess::Position::fromFen("7k/8/8/8/8/8/8/K7 w - - 0 1");
        QVERIFY(pos.ok());
        auto r = evaluation::generateSortGames(*pos, engine, nullptr, opt, CancelToken());
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, ErrorCode::InvalidInput);
        QCOMPARE(engine.calls, 0);
        // Enough games asked for to exhaust the possible sets of 4 of 4 moves: exactly one game.
        opt.count = 5;
        auto one = evaluation::generateSortGames(chess::Position(), engine, nullptr, opt, CancelToken());
        QVERIFY(one.ok());
        QCOMPARE(int(one->size()), 1);
        QVERIFY(!one->front().human.has_value());
    }
};

QTEST_APPLESS_MAIN(TestChessort)
#include "tst_chessort.moc"
