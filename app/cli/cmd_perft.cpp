// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli perft: node counts and speed of the move generator.
#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/chess/bitboard.h"
#include "core/chess/notation.h"
#include "core/chess/perft.h"

#include <chrono>
#include <cstdio>

namespace kibitz::cli {
namespace {

int runPerft(const std::vector<std::string>& argv) {
    Args args(argv, {"fen", "depth"}, {"json", "divide"});
    if (args.has("help")) {
        std::printf(
            "Usage: kibitz-cli perft [--fen FEN] [--depth N] [--divide] [--json]\n\n"
            "Counts the leaf nodes of the legal move tree (bulk counting at the last ply) and prints\n"
            "nodes and nodes per second. Default: the start position at depth 5.\n"
            "  --fen FEN   position to search (default: start position)\n"
            "  --depth N   depth in plies, 1..12 (default 5)\n"
            "  --divide    also print the count below each root move\n"
            "  --json      print one JSON object {fen, depth, nodes, seconds, nps, sliders}\n"
            "Slider attacks use PEXT where the CPU runs it fast, magic multipliers elsewhere (KIBITZ_PEXT=0).\n");
        return kExitOk;
    }
    const int depth = int(args.intValue("depth", 5, 1, 12));
    if (!args.ok() || !args.positionals().empty()) {
        std::fprintf(
            stderr, "kibitz-cli perft: %s\n",
            args.ok() ? ("unexpected argument '" + args.positionals().front() + "'").c_str() : args.error().c_str());
        return kExitUsage;
    }
    auto parsed = chess::Position::fromFen(args.value("fen").value_or(std::string(chess::Position::kStartFen)));
    if (!parsed) {
        std::fprintf(stderr, "kibitz-cli perft: --fen: %s\n", parsed.error().message.c_str());
        return kExitUsage;
    }
    chess::Position pos = std::move(parsed.value());
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    if (args.has("divide")) {
        for (chess::Move m : pos.legalMoves()) {
            pos.makeMove(m);
            const std::uint64_t n = chess::perft(pos, depth - 1);
            pos.unmakeMove(m);
            nodes += n;
            if (!args.has("json")) std::printf("%s: %llu\n", chess::toUci(m).c_str(), (unsigned long long)n);
        }
    } else {
        nodes = chess::perft(pos, depth);
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double nps = secs > 0 ? double(nodes) / secs : 0.0;
    const char* sliders = chess::attacks::usesPext() ? "pext" : "magic";
    if (args.has("json")) {
        std::printf(
            "{\"fen\": \"%s\", \"depth\": %d, \"nodes\": %llu, \"seconds\": %.6f, \"nps\": %.0f, \"sliders\": "
            "\"%s\"}\n",
            pos.fen().c_str(), depth, (unsigned long long)nodes, secs, nps, sliders);
    } else {
        std::printf("Nodes searched: %llu\nTime: %.3f s\nNodes/second: %.0f\nSlider attacks: %s\n",
                    (unsigned long long)nodes, secs, nps, sliders);
    }
    return kExitOk;
}

const bool kRegistered =
    registerCommand({"perft", "count legal move tree leaves (move generator check and speed)", runPerft});

}  // namespace
}  // namespace kibitz::cli
