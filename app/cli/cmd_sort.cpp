// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli sort: Chessort move-sorting games from a position or a puzzle file, with difficulty.
#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/chess/puzzle_csv.h"
#include "core/chess/puzzle_filter.h"
#include "core/engines/engine_locator.h"
#include "core/evaluation/chessort.h"
#include "core/jobs/human_model.h"

#include <QJsonDocument>

#include <cstdio>

namespace kibitz::cli {
namespace {

void printHelp() {
    std::printf(
        "Usage: kibitz-cli sort (--fen FEN | --csv FILE) [options]\n\n"
        "Generates Chessort games: 4 candidate moves to sort from strongest to weakest, picked from the engine's\n"
        "multi-PV lines, with Chessort's difficulty (0-100, Beginner/Easy/Medium/Hard/Master) and, with --elo, the\n"
        "human difficulty: 100 x (1 - probability that a player of that Elo orders the cards right), the player's\n"
        "order modelled as Plackett-Luce over the human-move model's probabilities of the cards.\n"
        "  --fen FEN        position to sort moves in\n"
        "  --csv FILE       Lichess puzzle CSV (.zst allowed); the solver's position of each puzzle\n"
        "  --filter QUERY   only the puzzles of --csv the query matches, as the puzzle panel's filter box reads it\n"
        "                   (see kibitz-cli puzzle-stats --help): \"endgame 1500-1900 -mate\"\n"
        "  --limit N        puzzles to use from --csv (default 10)\n"
        "  --count N        games per position (default 1)\n"
        "  --cards N        moves per game (default 4)\n"
        "  --depth D        engine depth (default 14; a search still running after 120 s is stopped and\n"
        "                   reported as an error)\n"
        "  --lines L        multi-PV lines to choose from (default 16)\n"
        "  --elo E          Elo for the human difficulty (needs the human model)\n"
        "  --model PATH     .kibitz bundle, .pt checkpoint, lc0 net (.pb.gz) or folder of rating-band lc0 nets\n"
        "                   (default: the shipped model)\n"
        "  --seed S         seed of the random choices (default 1)\n"
        "  --engine PATH    UCI engine (default: Stockfish, found automatically)\n"
        "  --threads N      engine threads (default 1)\n"
        "  --json           one JSON object per game (JSON lines)\n");
}

void printGame(const evaluation::SortGame& g, int index) {
    std::printf("game %d%s%s: %s\n", index, g.source.empty() ? "" : " puzzle ", g.source.c_str(), g.fen.c_str());
    std::printf("  difficulty %.1f (%s), strategy %s\n", g.difficulty, evaluation::sortLabelName(g.label),
                g.strategy.c_str());
    if (g.human)
        std::printf(
            "  human at Elo %d: difficulty %.1f (%s), P(correct) %.3f, expected points %.2f, wrong pairs %.0f%%\n",
            g.humanElo.value_or(0), g.human->difficulty,
            evaluation::sortLabelName(evaluation::sortLabel(g.human->difficulty)), g.human->pCorrect,
            g.human->expectedPoints, 100.0 * g.human->expectedKendall);
    for (std::size_t i = 0; i < g.cards.size(); ++i) {
        const auto& c = g.cards[i];
        std::printf("  %zu. %-8s %-6s %8s  engine rank %2d", i + 1, c.san.c_str(), c.uci.c_str(),
                    evaluation::formatScore(c.score).toUtf8().constData(), c.engineRank);
        if (c.humanProb) std::printf("  human %5.1f%%", 100.0 * *c.humanProb);
        std::printf("\n");
    }
}

int runSort(const std::vector<std::string>& argv) {
    Args args(argv,
              {"fen", "csv", "filter", "limit", "count", "cards", "depth", "lines", "elo", "model", "seed", "engine",
               "threads"},
              {"json"});
    if (args.has("help")) {
        printHelp();
        return kExitOk;
    }
    evaluation::SortOptions opt;
    const int limit = int(args.intValue("limit", 10, 1, 100000000));
    opt.count = int(args.intValue("count", 1, 1, 1000));
    opt.cards = int(args.intValue("cards", 4, 2, 8));
    const int depth = int(args.intValue("depth", 14, 1, 60));
    opt.lines = int(args.intValue("lines", 16, 2, 500));
    opt.seed = std::uint32_t(args.intValue("seed", 1, 0, 4294967295LL));
    const int threads = int(args.intValue("threads", 1, 1, 256));
    if (args.has("elo")) opt.humanElo = int(args.intValue("elo", 1500, 100, 4000));
    if (!args.ok() || !args.positionals().empty() || args.has("fen") == args.has("csv")) {
        std::fprintf(stderr, "kibitz-cli sort: %s\n",
                     !args.ok()                    ? args.error().c_str()
                     : !args.positionals().empty() ? ("unexpected argument '" + args.positionals()[0] + "'").c_str()
                                                   : "give exactly one of --fen or --csv (see --help)");
        return kExitUsage;
    }

    // Positions first, so bad input is reported before the engine starts.
    struct Source {
        chess::Position pos;
        std::string label;
    };
    std::vector<Source> sources;
    if (args.has("fen") && args.has("filter")) {
        std::fprintf(stderr, "kibitz-cli sort: --filter chooses puzzles of --csv; it does not go with --fen\n");
        return kExitUsage;
    }
    if (auto fen = args.value("fen")) {
        auto pos = chess::Position::fromFen(*fen);
        if (!pos) {
            std::fprintf(stderr, "kibitz-cli sort: --fen: %s\n", pos.error().message.c_str());
            return kExitUsage;
        }
        sources.push_back({*pos, {}});
    } else {
        const auto filter = chess::parsePuzzleFilter(args.value("filter").value_or(""));
        if (!filter) {
            std::fprintf(stderr, "kibitz-cli sort: --filter: %s\n", filter.error().message.c_str());
            return kExitUsage;
        }
        auto reader = chess::PuzzleCsvReader::open(*args.value("csv"));
        if (!reader) {
            std::fprintf(stderr, "kibitz-cli sort: %s\n", reader.error().message.c_str());
            return kExitUsage;
        }
        (*reader)->setOnSkip([](const chess::CsvSkip& s) {
            std::fprintf(stderr, "kibitz-cli sort: skipped %s\n", s.message().c_str());
        });
        chess::Puzzle puzzle;
        std::int64_t leftOut = 0;
        while (int(sources.size()) < limit && (*reader)->next(puzzle)) {
            if (filter->matches(puzzle))
                sources.push_back({puzzle.solverStart(), puzzle.id});
            else
                ++leftOut;
        }
        if (!(*reader)->headerError().empty()) {
            std::fprintf(stderr, "kibitz-cli sort: %s\n", (*reader)->headerError().c_str());
            return kExitUsage;
        }
        if (!(*reader)->input().error().empty()) {
            std::fprintf(stderr, "kibitz-cli sort: %s\n", (*reader)->input().error().c_str());
            return kExitFailure;
        }
        if (sources.empty() && leftOut > 0) {
            std::fprintf(stderr, "kibitz-cli sort: %s: no puzzle matches --filter (%lld left out)\n",
                         args.value("csv")->c_str(), static_cast<long long>(leftOut));
            return kExitUsage;
        }
        if (sources.empty()) {
            std::fprintf(stderr, "kibitz-cli sort: %s: no usable puzzle (every row skipped)\n",
                         args.value("csv")->c_str());
            return kExitUsage;
        }
    }

    std::unique_ptr<encoding::Evaluator> human;
    if (opt.humanElo) {
        auto ev = jobs::loadHumanEvaluator(QString::fromStdString(args.value("model").value_or("")));
        if (!ev) {
            std::fprintf(stderr, "kibitz-cli sort: --elo needs the human model: %s\n", ev.error().message.c_str());
            return kExitUsage;
        }
        human = std::move(*ev);
    }
    auto program = engines::locateStockfish(QString::fromStdString(args.value("engine").value_or("")));
    if (!program) {
        std::fprintf(stderr, "kibitz-cli sort: %s\n", program.error().message.c_str());
        return kExitUsage;
    }
    evaluation::UciAnalyser engine(
        evaluation::uciAnalyserOptions(*program, engines::SearchLimits::depth(depth), threads));

    int rc = kExitOk;
    int index = 0;
    for (const Source& s : sources) {
        auto games = evaluation::generateSortGames(s.pos, engine, human.get(), opt, CancelToken());
        if (!games) {
            std::fprintf(stderr, "kibitz-cli sort: %s%s%s\n", s.label.empty() ? "" : "puzzle ",
                         s.label.empty() ? "" : (s.label + ": ").c_str(), games.error().message.c_str());
            if (games.error().code != ErrorCode::InvalidInput) return kExitFailure;
            rc = kExitUsage;
            continue;
        }
        for (auto& g : *games) {
            g.source = s.label;
            if (args.has("json"))
                std::printf("%s\n",
                            QJsonDocument(evaluation::sortGameToJson(g)).toJson(QJsonDocument::Compact).constData());
            else
                printGame(g, ++index);
        }
    }
    return rc;
}

const bool kRegistered =
    registerCommand({"sort", "Chessort move-sorting games with difficulty (engine multi-PV)", runSort});

}  // namespace
}  // namespace kibitz::cli
