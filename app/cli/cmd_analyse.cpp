// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli analyse: the human-move distribution for positions, conditioned on Elo, clocks and increment.
#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/chess/notation.h"
#include "core/common/text_input.h"
#include "core/jobs/human_model.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <chrono>
#include <cstdio>

namespace kibitz::cli {
namespace {

void printHelp() {
    std::printf(
        "Usage: kibitz-cli analyse (--fen FEN | --fens FILE) [options]\n\n"
        "Prints the probability that a human plays each legal move (they sum to 1 over all legal moves), and, where\n"
        "the model has those heads, the expected result for the side to move (win/draw/loss of a game between\n"
        "humans as conditioned) and, with --clock, how long the mover takes over the move (median, 80%% range).\n"
        "  --fen FEN        position to analyse\n"
        "  --fens FILE      one FEN per line (.zst allowed); analysed in one process\n"
        "  --moves \"UCI..\"  with --fen (or alone: from the start position): play these moves first and analyse the\n"
        "                   position after them; models of encoding v2 also read the last four as the game so far\n"
        "  --elo N          Elo of the side to move (default: unknown)\n"
        "  --opp-elo N      Elo of the opponent (default: unknown)\n"
        "  --clock S        seconds left on the mover's clock (default: unknown)\n"
        "  --opp-clock S    seconds left on the opponent's clock (default: unknown)\n"
        "  --inc S          increment in seconds (default: unknown)\n"
        "  --top K          print only the K most likely moves (default: all)\n"
        "  --model PATH     .kibitz bundle, .pt checkpoint, lc0 net (.pb.gz, e.g. maia-1500) or a folder of\n"
        "                   rating-band nets (maia-1100 ... maia-1900; the mover's rating picks them) (default:\n"
        "                   the shipped model)\n"
        "  --json           one JSON object per position (JSON lines with --fens)\n");
}

struct Options {
    encoding::Conditioning cond;
    encoding::RecentMoves recent;
    int top = 0;
    bool json = false;
};

QJsonObject toJson(const chess::Position& pos, const encoding::PositionReading& reading, const Options& o, double ms) {
    const std::vector<encoding::MoveProb>& moves = reading.moves;
    QJsonArray arr;
    const int n = o.top > 0 ? std::min<int>(o.top, int(moves.size())) : int(moves.size());
    for (int i = 0; i < n; ++i) {
        const auto& mp = moves[std::size_t(i)];
        arr.append(QJsonObject{{QStringLiteral("uci"), QString::fromStdString(chess::toUci(mp.move))},
                               {QStringLiteral("san"), QString::fromStdString(chess::toSan(pos, mp.move))},
                               {QStringLiteral("prob"), double(mp.prob)}});
    }
    QJsonObject cond;
    auto put = [&cond](const char* k, const std::optional<int>& v) {
        cond[QLatin1String(k)] = v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
    };
    put("elo", o.cond.moverElo);
    put("opp_elo", o.cond.oppElo);
    put("clock", o.cond.moverClockS);
    put("opp_clock", o.cond.oppClockS);
    put("inc", o.cond.incrementS);
    QJsonObject out{{QStringLiteral("fen"), QString::fromStdString(pos.fen())},
                    {QStringLiteral("conditioning"), cond},
                    {QStringLiteral("legal_moves"), int(moves.size())},
                    {QStringLiteral("moves"), arr},
                    {QStringLiteral("ms"), ms}};
    if (const auto& v = reading.value)
        out[QStringLiteral("value")] = QJsonObject{{QStringLiteral("win"), double(v->win)},
                                                   {QStringLiteral("draw"), double(v->draw)},
                                                   {QStringLiteral("loss"), double(v->loss)},
                                                   {QStringLiteral("score"), double(v->score())}};
    if (const auto& t = reading.thinkTime)
        out[QStringLiteral("think_time")] = QJsonObject{{QStringLiteral("median_s"), t->quantileS(0.5)},
                                                        {QStringLiteral("p10_s"), t->quantileS(0.1)},
                                                        {QStringLiteral("p90_s"), t->quantileS(0.9)}};
    return out;
}

void printText(const chess::Position& pos, const encoding::PositionReading& reading, const Options& o) {
    const std::vector<encoding::MoveProb>& moves = reading.moves;
    std::printf("%s\n", pos.fen().c_str());
    if (const auto& v = reading.value)
        std::printf("expected score for the side to move %.1f%% (W %.1f / D %.1f / L %.1f)\n", 100.0 * v->score(),
                    100.0 * v->win, 100.0 * v->draw, 100.0 * v->loss);
    if (const auto& t = reading.thinkTime)
        std::printf("think time: median %.1f s (80%% within %.1f-%.1f s)\n", t->quantileS(0.5), t->quantileS(0.1),
                    t->quantileS(0.9));
    const int n = o.top > 0 ? std::min<int>(o.top, int(moves.size())) : int(moves.size());
    for (int i = 0; i < n; ++i) {
        const auto& mp = moves[std::size_t(i)];
        std::printf("%3d. %-8s %-6s %6.2f%%\n", i + 1, chess::toSan(pos, mp.move).c_str(),
                    chess::toUci(mp.move).c_str(), 100.0 * mp.prob);
    }
}

int analyseOne(encoding::Evaluator& ev, const chess::Position& pos, const Options& o, const std::string& where) {
    const auto t0 = std::chrono::steady_clock::now();
    // One pass of every head. The think time is asked before the move is chosen, with the last moves' times unknown,
    // and only when the mover's clock is given and there is a choice (a forced move gets no time line, as in the app).
    auto dist = ev.readPosition(pos, o.cond, o.recent, encoding::RecentTimes{}, o.cond.moverClockS.has_value());
    if (dist && dist->moves.size() <= 1) dist->thinkTime.reset();
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (!dist) {
        std::fprintf(stderr, "kibitz-cli analyse: %s%s\n", where.c_str(), dist.error().message.c_str());
        return kExitUsage;
    }
    if (o.json)
        std::printf("%s\n", QJsonDocument(toJson(pos, *dist, o, ms)).toJson(QJsonDocument::Compact).constData());
    else
        printText(pos, *dist, o);
    return kExitOk;
}

int runAnalyse(const std::vector<std::string>& argv) {
    Args args(argv, {"fen", "fens", "moves", "elo", "opp-elo", "clock", "opp-clock", "inc", "top", "model"}, {"json"});
    if (args.has("help")) {
        printHelp();
        return kExitOk;
    }
    Options o;
    auto optInt = [&args](const char* name, long long lo, long long hi) -> std::optional<int> {
        if (!args.value(name)) return std::nullopt;
        return int(args.intValue(name, 0, lo, hi));
    };
    o.cond.moverElo = optInt("elo", 100, 4000);
    o.cond.oppElo = optInt("opp-elo", 100, 4000);
    o.cond.moverClockS = optInt("clock", 0, 86400);
    o.cond.oppClockS = optInt("opp-clock", 0, 86400);
    o.cond.incrementS = optInt("inc", 0, 3600);
    o.top = int(args.intValue("top", 0, 1, 256));
    o.json = args.has("json");
    // --moves alone starts from the initial position.
    const bool single = args.has("fen") || (args.has("moves") && !args.has("fens"));
    if (!args.ok() || !args.positionals().empty() || single == args.has("fens") ||
        (args.has("moves") && args.has("fens"))) {
        std::fprintf(stderr, "kibitz-cli analyse: %s\n",
                     !args.ok()                    ? args.error().c_str()
                     : !args.positionals().empty() ? ("unexpected argument '" + args.positionals()[0] + "'").c_str()
                                                   : "give exactly one of --fen/--moves or --fens (see --help)");
        return kExitUsage;
    }
    auto ev = jobs::loadHumanEvaluator(QString::fromStdString(args.value("model").value_or("")));
    if (!ev) {
        std::fprintf(stderr, "kibitz-cli analyse: %s\n", ev.error().message.c_str());
        return kExitUsage;
    }
    if (single) {
        auto pos = args.value("fen") ? chess::Position::fromFen(*args.value("fen"))
                                     : Result<chess::Position>(chess::Position());
        if (!pos) {
            std::fprintf(stderr, "kibitz-cli analyse: --fen: %s\n", pos.error().message.c_str());
            return kExitUsage;
        }
        if (auto moves = args.value("moves")) {
            std::size_t i = 0, n = 0;
            const std::string& text = *moves;
            while (i < text.size()) {
                while (i < text.size() && text[i] == ' ') ++i;
                std::size_t j = i;
                while (j < text.size() && text[j] != ' ') ++j;
                if (j == i) break;
                ++n;
                auto m = chess::parseUci(*pos, std::string_view(text).substr(i, j - i));
                if (!m) {
                    std::fprintf(stderr, "kibitz-cli analyse: --moves: move %zu '%s': %s\n", n,
                                 text.substr(i, j - i).c_str(), m.error().message.c_str());
                    return kExitUsage;
                }
                o.recent.push(*pos, *m);
                pos->makeMove(*m);
                i = j;
            }
        }
        return analyseOne(**ev, *pos, o, "");
    }
    auto in = TextInput::open(*args.value("fens"));
    if (!in) {
        std::fprintf(stderr, "kibitz-cli analyse: %s\n", in.error().message.c_str());
        return kExitUsage;
    }
    int rc = kExitOk;
    std::string_view line;
    while ((*in)->readLine(line)) {
        while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
        if (line.empty() || line.front() == '#') continue;
        const std::string where = (*in)->name() + ":" + std::to_string((*in)->lineNumber()) + ": ";
        auto pos = chess::Position::fromFen(line);
        if (!pos) {
            std::fprintf(stderr, "kibitz-cli analyse: %s%s\n", where.c_str(), pos.error().message.c_str());
            rc = kExitUsage;
            continue;  // report and go on with the next line
        }
        if (int r = analyseOne(**ev, *pos, o, where); r != kExitOk) rc = r;
    }
    if (!(*in)->error().empty()) {
        std::fprintf(stderr, "kibitz-cli analyse: %s\n", (*in)->error().c_str());
        return kExitFailure;
    }
    return rc;
}

const bool kRegistered =
    registerCommand({"analyse", "human move probabilities for a position (Elo, clock, increment)", runAnalyse});

}  // namespace
}  // namespace kibitz::cli
