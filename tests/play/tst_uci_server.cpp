// SPDX-License-Identifier: GPL-3.0-or-later
// The UCI engine mode (UciServer) driven line by line with a fake evaluator: the handshake and option lines as the
// app's own UCI parser reads them, conditioning from options and clocks, sampling policy, multipv info lines, search
// control (infinite, ponder, stop, quit) and bad input that must leave the engine alive.
#include "core/chess/notation.h"
#include "core/encoding/evaluator.h"
#include "core/engines/uci_parser.h"
#include "core/play/human_mover.h"
#include "core/play/uci_server.h"
#include "tests/encoding/position_evaluator.h"

#include <QTest>

#include <chrono>
#include <cmath>
#include <mutex>
#include <set>
#include <thread>

using namespace kibitz;
using namespace kibitz::engines;
using namespace kibitz::play;

namespace {

/// Every legal move gets weight 2^-(index in generation order) so the distribution is fixed and steep; records what
/// the server passed in.
struct Seen {
    std::mutex mutex;
    std::vector<encoding::Conditioning> conds;
    std::vector<encoding::RecentMoves> recents;
    std::vector<std::string> fens;
    int loads = 0;
    std::vector<std::string> loadPaths;
    std::vector<encoding::Conditioning> valueConds;
    std::vector<encoding::Conditioning> timeConds;
    std::vector<encoding::RecentTimes> recentTimes;
    std::vector<chess::Move> played;  ///< the moves the think-time head was told
};

class FakeEvaluator : public testing::PositionEvaluator {
public:
    explicit FakeEvaluator(Seen* seen) : m_seen(seen) {}
    /// Each legal move half as likely as the one before it, in generation order.
    Result<std::vector<encoding::MoveProb>> movesAt(const chess::Position& pos,
                                                    const encoding::Conditioning&) override {
        const auto moves = pos.legalMoves();
        std::vector<encoding::MoveProb> d;
        double sum = 0.0, w = 1.0;
        for (const auto& m : moves) {
            d.push_back({m, float(w)});
            sum += w;
            w *= 0.5;
        }
        for (auto& mp : d) mp.prob = float(mp.prob / sum);
        return d;
    }
    Result<std::vector<std::vector<encoding::MoveProb>>> readMoves(
        const std::vector<chess::Position>& positions, const std::vector<encoding::Conditioning>& conds,
        const std::vector<encoding::RecentMoves>& recent) override {
        {
            std::lock_guard lock(m_seen->mutex);
            for (std::size_t i = 0; i < positions.size(); ++i) {
                m_seen->conds.push_back(conds[i]);
                m_seen->recents.push_back(recent.empty() ? encoding::RecentMoves{} : recent[i]);
                m_seen->fens.push_back(positions[i].fen());
            }
        }
        return testing::PositionEvaluator::readMoves(positions, conds, recent);
    }
    encoding::Heads heads() const override { return {.value = true}; }
    /// The side to move of any position: win 20 %, draw 10 %, loss 70 %.
    Result<std::vector<encoding::Wdl>> readValues(const std::vector<chess::Position>& positions,
                                                  const std::vector<encoding::Conditioning>& conds,
                                                  const std::vector<encoding::RecentMoves>& /*recent*/) override {
        std::lock_guard lock(m_seen->mutex);
        for (const auto& c : conds) m_seen->valueConds.push_back(c);
        return std::vector<encoding::Wdl>(positions.size(), encoding::Wdl{0.2f, 0.1f, 0.7f});
    }
    std::string describe() const override { return "fake"; }

private:
    Seen* m_seen;
};

/// The fake with a think-time head: ln(1 + s) ~ N(ln 2.5, 0.01^2), about 1.5 s for every position.
class TimedFakeEvaluator : public FakeEvaluator {
public:
    explicit TimedFakeEvaluator(Seen* seen) : FakeEvaluator(seen), m_seen(seen) {}
    encoding::Heads heads() const override { return {.value = true, .thinkTime = true}; }
    Result<std::vector<encoding::ThinkTime>> readThinkTimes(const std::vector<chess::Position>& positions,
                                                            const std::vector<encoding::Conditioning>& conds,
                                                            const std::vector<encoding::RecentMoves>& /*recent*/,
                                                            const std::vector<encoding::RecentTimes>& times,
                                                            const std::vector<chess::Move>& played) override {
        std::lock_guard lock(m_seen->mutex);
        for (const auto& c : conds) m_seen->timeConds.push_back(c);
        for (const auto& t : times) m_seen->recentTimes.push_back(t);
        for (const auto& m : played) m_seen->played.push_back(m);
        encoding::ThinkTime t;
        t.mu = float(std::log(2.5));
        t.sigma = 0.001f;  // draws 1.5 s +- 0.015 s at 6 sigma, whatever the server's random seed
        return std::vector<encoding::ThinkTime>(positions.size(), t);
    }

private:
    Seen* m_seen;
};

class Harness {
public:
    Harness() {
        UciServerHooks hooks;
        hooks.name = "Kibitz test";
        hooks.loadModel = [this](const std::string& path) -> Result<std::unique_ptr<encoding::Evaluator>> {
            std::lock_guard lock(seen.mutex);
            ++seen.loads;
            seen.loadPaths.push_back(path);
            if (path == "missing.kibitz") return makeError(ErrorCode::InvalidInput, "missing.kibitz: no such file");
            if (path == "timed.kibitz") return std::unique_ptr<encoding::Evaluator>(new TimedFakeEvaluator(&seen));
            return std::unique_ptr<encoding::Evaluator>(new FakeEvaluator(&seen));
        };
        hooks.setThreads = [this](int n) { threads = n; };
        hooks.write = [this](const std::string& line) {
            std::lock_guard lock(m_mutex);
            m_lines.push_back(line);
        };
        server = std::make_unique<UciServer>(std::move(hooks));
    }
    bool send(const std::string& line) { return server->handleLine(line); }
    std::vector<std::string> lines() {
        std::lock_guard lock(m_mutex);
        return m_lines;
    }
    std::vector<std::string> take() {
        std::lock_guard lock(m_mutex);
        return std::exchange(m_lines, {});
    }
    /// Waits for a line starting with `prefix`; returns it, or an empty string after the timeout.
    std::string waitFor(const std::string& prefix, int timeoutMs = 5000) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
        for (;;) {  // looks at least once, so a timeout of 0 checks what is there
            {
                std::lock_guard lock(m_mutex);
                for (const auto& l : m_lines)
                    if (l.rfind(prefix, 0) == 0) return l;
            }
            if (std::chrono::steady_clock::now() >= until) return {};
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    }
    /// Sends `go ...` and returns the move of the bestmove line.
    std::string go(const std::string& args = "go movetime 100") {
        take();
        send(args);
        const std::string best = waitFor("bestmove ");
        return best.empty() ? std::string() : best.substr(9);
    }
    int errorCount() {
        int n = 0;
        for (const auto& l : lines())
            if (l.rfind("info string error:", 0) == 0) ++n;
        return n;
    }
    encoding::Conditioning lastCond() {
        std::lock_guard lock(seen.mutex);
        return seen.conds.back();
    }

    Seen seen;
    int threads = 0;
    std::unique_ptr<UciServer> server;

private:
    std::mutex m_mutex;
    std::vector<std::string> m_lines;
};

}  // namespace

class TstUciServer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handshake();
    void lazyModelLoad();
    void conditioningFromClocks();
    void conditioningFromOptions();
    void temperatureZeroPlaysTopMove();
    void topPCut();
    void multiPvLines();
    void searchMoves();
    void infiniteUntilStop();
    void ponderHit();
    void quitDuringSearch();
    void noLegalMove();
    void badInputKeepsEngineAlive();
    void badPositionRefusesToPlay();
    void modelLoadFailure();
    void humanTime();
    void learnedHumanTime();
    void showWdl();
    void scoreFromExpectedScore();
    void seedReproduces();
};

void TstUciServer::handshake() {
    Harness h;
    QVERIFY(h.send("uci"));
    const auto lines = h.lines();
    QVERIFY(!lines.empty());
    QCOMPARE(QString::fromStdString(lines.back()), QStringLiteral("uciok"));
    QSet<QString> options;
    bool name = false;
    for (const auto& l : lines) {
        auto msg = parseUciLine(QString::fromStdString(l));
        QVERIFY2(msg.ok(), l.c_str());
        if (auto* id = std::get_if<UciId>(&msg.value()); id && id->field == UciId::Field::Name)
            name = id->value == QStringLiteral("Kibitz test");
        if (auto* o = std::get_if<UciOption>(&msg.value())) {
            options.insert(o->name);
            if (o->name == QLatin1String(uci_option::kElo)) {
                QCOMPARE(o->type, UciOption::Type::Spin);
                QCOMPARE(o->defaultValue, QStringLiteral("1500"));
                QVERIFY(o->min && o->max && *o->min <= 800 && *o->max >= 2600);
            }
        }
    }
    QVERIFY(name);
    for (const std::string_view want :
         {uci_option::kElo, uci_option::kLimitStrength, uci_option::kOpponentElo, uci_option::kTemperature,
          uci_option::kTopP, uci_option::kMultiPv, uci_option::kModelFile, uci_option::kThreads, uci_option::kOpponent,
          uci_option::kShowWdl, uci_option::kHumanTime, uci_option::kSeed, uci_option::kPonder})
        QVERIFY2(options.contains(QLatin1String(want)), std::string(want).c_str());
    QCOMPARE(h.seen.loads, 0);  // the handshake is quick: no model loaded yet
}

void TstUciServer::lazyModelLoad() {
    Harness h;
    h.send("uci");
    h.send("setoption name Threads value 3");
    h.take();
    h.send("isready");
    QCOMPARE(h.lines(), std::vector<std::string>{"readyok"});
    QCOMPARE(h.seen.loads, 1);
    QCOMPARE(h.threads, 3);
    h.send("isready");
    QCOMPARE(h.seen.loads, 1);  // loaded once
    h.send("setoption name ModelFile value other.kibitz");
    h.send("isready");
    QCOMPARE(h.seen.loads, 2);
    QCOMPARE(h.seen.loadPaths.back(), std::string("other.kibitz"));
}

void TstUciServer::conditioningFromClocks() {
    Harness h;
    h.send("position startpos moves e2e4 e7e5");
    const std::string best = h.go("go wtime 61900 btime 30000 winc 2000 binc 1500");
    auto pos = chess::Position::fromFen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    QVERIFY(chess::parseUci(*pos, best).ok());
    encoding::Conditioning c = h.lastCond();
    QCOMPARE(c.moverElo, std::optional<int>(1500));
    QCOMPARE(c.oppElo, std::optional<int>(1500));     // OpponentElo 0: same as UCI_Elo
    QCOMPARE(c.moverClockS, std::optional<int>(61));  // rounded down like [%clk]
    QCOMPARE(c.oppClockS, std::optional<int>(30));
    QCOMPARE(c.incrementS, std::optional<int>(2));
    QCOMPARE(h.seen.recents.back().count, 2);
    // Black to move: its own clock and increment.
    h.send("position startpos moves e2e4");
    h.go("go wtime 61900 btime 30000 winc 2000 binc 1500");
    c = h.lastCond();
    QCOMPARE(c.moverClockS, std::optional<int>(30));
    QCOMPARE(c.oppClockS, std::optional<int>(61));
    QCOMPARE(c.incrementS, std::optional<int>(2));  // 1.5 s rounds to 2 like a TimeControl tag
    // movetime alone: clocks unknown.
    h.go("go movetime 50");
    c = h.lastCond();
    QVERIFY(!c.moverClockS && !c.oppClockS && !c.incrementS);
}

void TstUciServer::conditioningFromOptions() {
    Harness h;
    h.send("setoption name UCI_Elo value 1100");
    h.send("setoption name OpponentElo value 1900");
    h.go();
    QCOMPARE(h.lastCond().moverElo, std::optional<int>(1100));
    QCOMPARE(h.lastCond().oppElo, std::optional<int>(1900));
    // Up to the highest rating measured at its strength a rating says nothing more; above it the engine output says
    // what the rating means there.
    h.take();
    h.send("setoption name UCI_Elo value " + std::to_string(play::kStrengthMeasuredUpTo));
    QVERIFY(h.waitFor("info string UCI_Elo", 0).empty());
    h.send("setoption name UCI_Elo value 2900");
    const std::string note = h.waitFor("info string UCI_Elo 2900:", 0);
    QVERIFY2(note.find("the strength of about a " + std::to_string(play::kStrengthMeasuredUpTo)) != std::string::npos,
             note.c_str());
    h.go();
    QCOMPARE(h.lastCond().moverElo, std::optional<int>(2900));
    h.send("setoption name UCI_Elo value 1100");
    h.send("setoption name OpponentElo value 0");
    h.send("setoption name UCI_Opponent value GM 2500 human Garry Kasparov");
    h.go();
    QCOMPARE(h.lastCond().oppElo, std::optional<int>(2500));
    h.send("setoption name UCI_Opponent value none none computer Stockfish");
    h.send("setoption name uci_limitstrength value false");  // option names are case-insensitive
    h.go();
    QVERIFY(!h.lastCond().moverElo);
    QVERIFY(!h.lastCond().oppElo);
    QCOMPARE(h.errorCount(), 0);
}

void TstUciServer::temperatureZeroPlaysTopMove() {
    Harness h;
    h.send("setoption name Temperature value 0");
    const auto first = chess::toUci(chess::Position().legalMoves()[0]);
    for (int i = 0; i < 20; ++i) QCOMPARE(h.go(), first);
}

void TstUciServer::topPCut() {
    // The fake's start position: 20 moves with weights 1, 1/2, 1/4, ...: the first two hold 75 % of the mass, the
    // first three 87.5 %. TopP 80 keeps three moves (the third crosses 80 %).
    Harness h;
    h.send("setoption name TopP value 80");
    const auto moves = chess::Position().legalMoves();
    std::set<std::string> allowed;
    for (int i = 0; i < 3; ++i) allowed.insert(chess::toUci(moves[i]));
    std::set<std::string> played;
    for (int i = 0; i < 200; ++i) played.insert(h.go("go movetime 10"));
    QCOMPARE(played, allowed);  // never outside the cut; all three appear in 200 draws (P(miss) < 1e-9)

    // The policy itself, by hand: temperature 2 turns p into sqrt(p) renormalised.
    std::vector<encoding::MoveProb> dist = {{moves[0], 0.64f}, {moves[1], 0.32f}, {moves[2], 0.04f}};
    auto c = play::candidateMoves(dist, {2.0, 1.0});
    QCOMPARE(c.size(), std::size_t(3));
    const double s = 0.8 + std::sqrt(0.32) + 0.2;
    QVERIFY(std::abs(c[0].prob - 0.8 / s) < 1e-5);
    QVERIFY(std::abs(c[2].prob - 0.2 / s) < 1e-5);
    c = play::candidateMoves(dist, {1.0, 0.9});
    QCOMPARE(c.size(), std::size_t(2));
    QVERIFY(std::abs(c[0].prob - 2.0 / 3.0) < 1e-5);
    c = play::candidateMoves(dist, {0.0, 1.0});
    QCOMPARE(c.size(), std::size_t(1));
    QCOMPARE(c[0].move, moves[0]);
}

void TstUciServer::multiPvLines() {
    Harness h;
    h.send("setoption name MultiPV value 3");
    h.go();
    std::vector<int> slots;
    std::vector<int> cps;
    const auto moves = chess::Position().legalMoves();
    for (const auto& l : h.lines()) {
        auto msg = parseUciLine(QString::fromStdString(l));
        QVERIFY2(msg.ok(), l.c_str());
        auto* info = std::get_if<UciInfo>(&msg.value());
        if (!info || !info->multiPv) continue;
        slots.push_back(*info->multiPv);
        QVERIFY(info->score);
        cps.push_back(info->score->value);
        QCOMPARE(info->pv.size(), 1);
        QCOMPARE(info->pv.first().toStdString(), chess::toUci(moves[*info->multiPv - 1]));
    }
    QCOMPARE(slots, (std::vector<int>{1, 2, 3}));
    // The score is the value head's, never the move's probability: every child is 20/10/70 for the opponent, so
    // 75 % for the mover, +191 (400 log10 3) on every line.
    QCOMPARE(cps, (std::vector<int>{191, 191, 191}));
    // Weights 1, 1/2, 1/4 over sum (2 - 2^-19): the probabilities are in the info string, 50.0 %, 25.0 %, 12.5 %.
    const std::string summary = h.waitFor("info string human 1500 vs 1500:");
    QVERIFY2(summary.find(chess::toUci(moves[0]) + " 50.0% " + chess::toUci(moves[1]) + " 25.0%") != std::string::npos,
             summary.c_str());
    QVERIFY2(summary.find("expected score 75.0% after " + chess::toUci(moves[0])) != std::string::npos,
             summary.c_str());
}

void TstUciServer::searchMoves() {
    Harness h;
    std::string firstOfTwo;
    for (const auto& m : chess::Position().legalMoves()) {
        const auto u = chess::toUci(m);
        if (u == "g1f3" || u == "b1c3") {
            firstOfTwo = u;
            break;
        }
    }
    h.send("setoption name Temperature value 0");
    QCOMPARE(h.go("go movetime 10 searchmoves g1f3 b1c3"), firstOfTwo);
    h.send("setoption name Temperature value 100");
    h.send("setoption name TopP value 100");
    std::set<std::string> played;
    for (int i = 0; i < 60; ++i) played.insert(h.go("go searchmoves g1f3 b1c3 movetime 1"));
    QCOMPARE(played, (std::set<std::string>{"g1f3", "b1c3"}));
}

void TstUciServer::infiniteUntilStop() {
    Harness h;
    h.send("position startpos");
    h.send("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    QVERIFY(h.waitFor("bestmove", 0).empty());
    QVERIFY(h.server->searching());
    h.take();
    h.send("isready");  // answered while searching
    QCOMPARE(h.waitFor("readyok", 1000), std::string("readyok"));
    h.send("stop");
    QVERIFY(!h.waitFor("bestmove ", 0).empty());  // written before stop returns
    QVERIFY(!h.server->searching());
}

void TstUciServer::ponderHit() {
    Harness h;
    h.send("go ponder wtime 10000 btime 10000");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    QVERIFY(h.waitFor("bestmove", 0).empty());
    h.send("ponderhit");
    QVERIFY(!h.waitFor("bestmove ", 2000).empty());
}

void TstUciServer::quitDuringSearch() {
    Harness h;
    h.send("go infinite");
    QVERIFY(!h.send("quit"));
    QVERIFY(!h.waitFor("bestmove ", 0).empty());
    QVERIFY(!h.server->searching());
}

void TstUciServer::noLegalMove() {
    Harness h;
    // Fool's mate: White is checkmated.
    h.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    QCOMPARE(h.go(), std::string("(none)"));
    h.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");  // stalemate
    QCOMPARE(h.go(), std::string("(none)"));
}

void TstUciServer::badInputKeepsEngineAlive() {
    Harness h;
    QVERIFY(h.send("foo bar"));
    QVERIFY(h.waitFor("info string error: unknown command 'foo bar'", 0).size());
    h.take();
    QVERIFY(h.send("joho debug on"));  // UCI: skip the unknown token, run the rest
    QCOMPARE(h.errorCount(), 0);
    h.send("setoption name UCI_Elo value abc");
    h.send("setoption name UCI_Elo value 99999");
    h.send("setoption name NoSuchOption value 1");
    h.send("setoption name UCI_LimitStrength value maybe");
    h.send("setoption");
    QCOMPARE(h.errorCount(), 5);
    h.take();
    h.send("go wtime x btime 1000");  // reported, the search still runs
    QVERIFY(!h.waitFor("bestmove ").empty());
    QCOMPARE(h.errorCount(), 1);
    h.send("");
    h.send("   ");
    h.take();
    QVERIFY(h.send("isready"));
    QCOMPARE(h.lines(), std::vector<std::string>{"readyok"});
}

void TstUciServer::badPositionRefusesToPlay() {
    Harness h;
    h.send("position startpos moves e2e4 e2e4");
    const std::string err = h.waitFor("info string error:", 0);
    QVERIFY2(err.find("move 2 'e2e4'") != std::string::npos, err.c_str());
    QCOMPARE(h.go(), std::string("0000"));
    h.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1");  // 7 ranks
    QVERIFY(!h.waitFor("info string error: position fen").empty());
    QCOMPARE(h.go(), std::string("0000"));
    h.send("position sideways");
    QCOMPARE(h.go(), std::string("0000"));
    // A good position makes it play again.
    h.send("position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 moves e7e5");
    const std::string best = h.go();
    auto pos = chess::Position::fromFen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    QVERIFY2(chess::parseUci(*pos, best).ok(), best.c_str());
    QCOMPARE(h.seen.recents.back().count, 1);  // after a FEN only the moves given count as history
}

void TstUciServer::modelLoadFailure() {
    Harness h;
    h.send("setoption name ModelFile value missing.kibitz");
    h.send("isready");
    QVERIFY(!h.waitFor("info string error: ModelFile 'missing.kibitz'", 0).empty());
    QCOMPARE(h.lines().back(), std::string("readyok"));
    // Nothing was loaded before: it plays on the default model rather than answer 0000 in a legal position.
    QVERIFY(!h.waitFor("info string error: ModelFile 'missing.kibitz': missing.kibitz: no such file (using the default "
                       "model instead)",
                       0)
                 .empty());
    {
        std::lock_guard lock(h.seen.mutex);
        QCOMPARE(h.seen.loadPaths, (std::vector<std::string>{"missing.kibitz", ""}));
    }
    QVERIFY(chess::parseUci(chess::Position(), h.go()).ok());
    // A second bad file keeps the model in use.
    h.send("setoption name ModelFile value missing.kibitz");
    h.send("setoption name ModelFile value other.kibitz");
    h.send("isready");
    h.send("setoption name ModelFile value missing.kibitz");
    h.send("isready");
    QVERIFY(!h.waitFor("info string error: ModelFile 'missing.kibitz': missing.kibitz: no such file (keeping the model "
                       "loaded before)",
                       0)
                 .empty());
    QVERIFY(chess::parseUci(chess::Position(), h.go()).ok());
}

void TstUciServer::humanTime() {
    Harness h;
    h.send("setoption name HumanTime value true");
    const auto t0 = std::chrono::steady_clock::now();
    h.go("go wtime 2000 btime 2000");
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    QVERIFY2(ms >= 100 && ms < 2000, qPrintable(QString::number(ms)));  // at least 100 ms, at most a fifth + slack
    // stop cuts the thinking short
    h.take();
    h.send("go wtime 600000 btime 600000");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    h.send("stop");
    QVERIFY(!h.waitFor("bestmove ", 0).empty());

    // The time model on its own: bounded, a forced move quick, hard moves slower than obvious ones on average.
    std::mt19937_64 rng(1);
    const auto moves = chess::Position().legalMoves();
    std::vector<encoding::MoveProb> obvious = {{moves[0], 0.95f}, {moves[1], 0.05f}};
    std::vector<encoding::MoveProb> hard = {{moves[0], 0.2f}, {moves[1], 0.2f}, {moves[2], 0.2f}, {moves[3], 0.4f}};
    std::sort(hard.begin(), hard.end(), [](auto& a, auto& b) { return a.prob > b.prob; });
    std::vector<encoding::MoveProb> forced = {{moves[0], 1.0f}};
    const play::ClockState clock{300000, 2000};
    double sumObvious = 0, sumHard = 0, sumForced = 0, sumOpening = 0;
    for (int i = 0; i < 400; ++i) {
        const auto a = play::humanThinkTimeMs(clock, 30, obvious, rng);
        const auto b = play::humanThinkTimeMs(clock, 30, hard, rng);
        const auto f = play::humanThinkTimeMs(clock, 30, forced, rng);
        const auto o = play::humanThinkTimeMs(clock, 2, hard, rng);
        for (auto t : {a, b, f, o}) QVERIFY(t >= 100 && t <= 300000 / 5 + 2000);
        sumObvious += a;
        sumHard += b;
        sumForced += f;
        sumOpening += o;
    }
    QVERIFY(sumHard > 1.5 * sumObvious);
    QVERIFY(sumForced < sumObvious);
    QVERIFY(sumOpening < 0.5 * sumHard);
    QCOMPARE(play::humanThinkTimeMs({500, 0}, 30, hard, rng), std::int64_t(100));  // 0.5 s left: cap 100 ms floor
}

void TstUciServer::learnedHumanTime() {
    // A model with a think-time head: HumanTime waits for a draw from the head (1.5 s here, where the hand
    // rule would take about 60 s / 40 x 0.35 x 1.2 = 0.63 s, spread by a factor exp(0.5 z)), asked with the GUI's
    // clocks.
    Harness h;
    h.send("setoption name ModelFile value timed.kibitz");
    h.send("setoption name HumanTime value true");
    h.send("position startpos moves e2e4");
    const auto t0 = std::chrono::steady_clock::now();
    const std::string best = h.go("go wtime 50000 btime 60000 winc 0 binc 0");
    QVERIFY(!best.empty());
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    QVERIFY2(ms >= 1450 && ms < 3000, qPrintable(QString::number(ms)));
    {
        std::lock_guard lock(h.seen.mutex);
        // The head is told the move the engine is about to play (a recapture is quick, a sacrifice slow).
        QCOMPARE(h.seen.played.size(), std::size_t(1));
        QCOMPARE(chess::toUci(h.seen.played.back()), best.substr(0, best.find(' ')));
        QCOMPARE(h.seen.timeConds.size(), std::size_t(1));
        QCOMPARE(h.seen.timeConds.back().moverClockS, std::optional<int>(60));  // Black to move
        QCOMPARE(h.seen.timeConds.back().oppClockS, std::optional<int>(50));
    }
    // Two plies later in the same game, the clocks tell how long each side took over its last move: the head is
    // asked with Black's 60 + 1 - 59 = 2 s and White's 50 + 1 - 48 = 3 s (a 1 s increment).
    h.send("position startpos moves e2e4 e7e5 g1f3");
    QVERIFY(!h.go("go wtime 48000 btime 59000 winc 1000 binc 1000").empty());
    {
        std::lock_guard lock(h.seen.mutex);
        QCOMPARE(h.seen.recentTimes.size(), std::size_t(2));
        QVERIFY(!h.seen.recentTimes.front().moverLastS && !h.seen.recentTimes.front().oppLastS);  // first go: unknown
        QCOMPARE(h.seen.recentTimes.back().moverLastS, std::optional<int>(2));
        QCOMPARE(h.seen.recentTimes.back().oppLastS, std::optional<int>(3));
        QCOMPARE(h.seen.recentTimes.back().moverPaceS, std::optional<double>(2.0));
        QCOMPARE(h.seen.recentTimes.back().oppPaceS, std::optional<double>(3.0));
    }
    // Two plies more: Black took 59 + 1 - 55 = 5 s, White 48 + 1 - 46 = 3 s. Each pace is the mean of that side's
    // moves the gos have timed (encoding::recentTimesAt): Black (5 + 2) / 2, White (3 + 3) / 2.
    h.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4");
    QVERIFY(!h.go("go wtime 46000 btime 55000 winc 1000 binc 1000").empty());
    {
        std::lock_guard lock(h.seen.mutex);
        QCOMPARE(h.seen.recentTimes.back().moverLastS, std::optional<int>(5));
        QCOMPARE(h.seen.recentTimes.back().oppLastS, std::optional<int>(3));
        QCOMPARE(h.seen.recentTimes.back().moverPaceS, std::optional<double>(3.5));
        QCOMPARE(h.seen.recentTimes.back().oppPaceS, std::optional<double>(3.0));
    }
    // Another game (a different start): unknown again.
    h.send("position fen 4k3/8/8/8/8/8/4P3/4K3 b - - 0 1 moves e8d7 e2e4");
    QVERIFY(!h.go("go wtime 40000 btime 50000").empty());
    {
        std::lock_guard lock(h.seen.mutex);
        QVERIFY(!h.seen.recentTimes.back().moverLastS && !h.seen.recentTimes.back().oppLastS);
    }
    // Without HumanTime the head is not asked and the move comes at once (analysis stays instant).
    h.send("setoption name HumanTime value false");
    h.go("go wtime 50000 btime 60000");
    {
        std::lock_guard lock(h.seen.mutex);
        QCOMPARE(h.seen.timeConds.size(), std::size_t(4));
    }

    // The draw on its own: it follows the head's distribution, never runs the clock out, and a forced move is quick.
    encoding::ThinkTime t;
    t.mu = float(std::log(1.0 + 4.0));  // median 4 s
    t.sigma = 0.6f;
    std::mt19937_64 rng(7);
    std::vector<double> draws;
    int inside80 = 0;
    const double lo = 1000.0 * t.quantileS(0.1), hi = 1000.0 * t.quantileS(0.9);
    for (int i = 0; i < 4000; ++i) {
        const double d = double(play::learnedThinkTimeMs({600000, 0}, t, 20, rng));
        draws.push_back(d);
        inside80 += d >= lo && d <= hi;
    }
    std::nth_element(draws.begin(), draws.begin() + 2000, draws.end());
    QVERIFY2(std::abs(draws[2000] - 4000.0) < 250.0, qPrintable(QString::number(draws[2000])));
    QVERIFY2(inside80 > 3040 && inside80 < 3360, qPrintable(QString::number(inside80)));  // 80% +- 4 points
    for (int i = 0; i < 500; ++i) {
        QVERIFY(play::learnedThinkTimeMs({2000, 0}, t, 20, rng) <= 1700);  // 2 s left: at most 1.7 s
        QVERIFY(play::learnedThinkTimeMs({200, 0}, t, 20, rng) == 100);    // 0.2 s left: the 100 ms floor
    }
    double forced = 0.0;
    for (int i = 0; i < 400; ++i) forced += double(play::learnedThinkTimeMs({600000, 0}, t, 1, rng));
    QVERIFY(forced / 400.0 < 1000.0);
}

void TstUciServer::scoreFromExpectedScore() {
    QCOMPARE(expectedScoreToCp(0.5), 0);
    QCOMPARE(expectedScoreToCp(0.75), 191);  // 400 log10(3)
    QCOMPARE(expectedScoreToCp(0.25), -191);
    QCOMPARE(expectedScoreToCp(0.64), 100);  // 400 log10(0.64 / 0.36) = 99.9
    QCOMPARE(expectedScoreToCp(1.0), 1200);  // clamped at 0.999: 400 log10(999)
    QCOMPARE(expectedScoreToCp(0.0), -1200);
    int last = expectedScoreToCp(0.0);
    for (int i = 1; i <= 1000; ++i) {
        const int cp = expectedScoreToCp(i / 1000.0);
        QVERIFY(cp >= last);
        last = cp;
    }
}

void TstUciServer::showWdl() {
    Harness h;
    h.send("setoption name MultiPV value 2");
    h.go();
    for (const auto& l : h.lines()) QVERIFY2(l.find(" wdl ") == std::string::npos, l.c_str());  // off by default
    h.send("setoption name UCI_ShowWDL value true");
    h.send("setoption name UCI_Elo value 1200");
    h.send("setoption name OpponentElo value 1800");
    h.send("position startpos moves e2e4");
    h.go("go wtime 50000 btime 70000");
    int withWdl = 0;
    for (const auto& l : h.lines()) {
        auto msg = parseUciLine(QString::fromStdString(l));
        QVERIFY2(msg.ok(), l.c_str());
        auto* info = std::get_if<UciInfo>(&msg.value());
        if (!info || !info->multiPv) continue;
        QVERIFY2(info->wdl.has_value(), l.c_str());
        // The child is scored for the opponent (20/10/70) and flipped to the mover.
        QCOMPARE(*info->wdl, (UciWdl{700, 100, 200}));
        ++withWdl;
    }
    QCOMPARE(withWdl, 2);
    // After Black's move, White (the 1800 opponent, 50 s on the clock) is to move in the child positions.
    std::lock_guard lock(h.seen.mutex);
    // One value batch: the children of the listed moves.
    QVERIFY(h.seen.valueConds.size() >= 2);
    const encoding::Conditioning& child = h.seen.valueConds.back();
    QCOMPARE(child.moverElo, std::optional<int>(1800));
    QCOMPARE(child.oppElo, std::optional<int>(1200));
    QCOMPARE(child.moverClockS, std::optional<int>(50));
    QCOMPARE(child.oppClockS, std::optional<int>(70));
    QVERIFY(!h.waitFor("info string human 1200 vs 1800:", 0).empty());
    // Every expected score printed for the position is one number: the first line's wdl (700 100 200 = 75 %), its
    // score (+191) and the info string's.
    QVERIFY(h.waitFor("info string human", 0).find("expected score 75.0% after") != std::string::npos);
    QVERIFY(!h.waitFor("info depth 1 seldepth 1 multipv 1 score cp 191 wdl 700 100 200", 0).empty());
}

void TstUciServer::seedReproduces() {
    auto sequence = [] {
        Harness h;
        h.send("setoption name Seed value 42");
        h.send("setoption name Temperature value 300");
        h.send("setoption name TopP value 100");
        std::vector<std::string> out;
        for (int i = 0; i < 10; ++i) out.push_back(h.go("go movetime 1"));
        return out;
    };
    const auto a = sequence();
    QCOMPARE(sequence(), a);
    QVERIFY(std::set<std::string>(a.begin(), a.end()).size() > 1);  // it does sample
}

QTEST_GUILESS_MAIN(TstUciServer)
#include "tst_uci_server.moc"
