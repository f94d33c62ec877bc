// SPDX-License-Identifier: GPL-3.0-or-later
// guess-elo's speed: games per second of evaluation::guessGameElo with the shipped human-move model
// and guess-elo's default options, as guess-elo runs it (all rating levels of a position in one forward; --batch N:
// N queries a forward instead), beside the level-by-level way (one forward per rating level of each position) and
// the former 512 (position, level) queries a forward, in the same run on the same games. The estimates must agree:
// the batch size changes only how the forwards are grouped, so each query's probability, and each estimate, is the
// same up to the last bits of the matrix products.
//
//   kibitz-guess-elo-bench [--pgn FILE] [--games N] [--threads T] [--model PATH] [--batch N]
// Default: the first 4 games of tests/data/games_sample.pgn (real Lichess games), one thread.
#include "core/chess/game_pack.h"
#include "core/evaluation/elo_guess.h"
#include "core/jobs/human_model.h"

#include <QString>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using namespace kibitz;

namespace {

struct Run {
    double seconds = 0.0;
    std::vector<evaluation::GameEloGuess> guesses;
};

bool guessAll(encoding::Evaluator& ev, const std::vector<chess::PgnGame>& games, int batch, Run& run) {
    evaluation::EloGuessOptions opt = evaluation::EloGuessOptions::calibratedPairs();
    opt.batchSize = batch;
    const auto start = std::chrono::steady_clock::now();
    for (const chess::PgnGame& g : games) {
        auto r = evaluation::guessGameElo(ev, g, opt);
        if (!r) {
            std::fprintf(stderr, "guess_elo_bench: %s\n", r.error().message.c_str());
            return false;
        }
        run.guesses.push_back(*r);
    }
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return true;
}

/// The largest difference between two runs' estimates and interval ends (rating points), and whether they agree as
/// guess-elo prints them (rounded to whole points).
double largestDifference(const Run& a, const Run& b, bool& samePrinted) {
    double worst = 0.0;
    samePrinted = true;
    for (std::size_t i = 0; i < a.guesses.size(); ++i)
        for (const auto side : {&evaluation::GameEloGuess::white, &evaluation::GameEloGuess::black}) {
            const evaluation::EloEstimate& x = a.guesses[i].*side;
            const evaluation::EloEstimate& y = b.guesses[i].*side;
            if (x.valid != y.valid) {
                samePrinted = false;
                continue;
            }
            for (const auto field :
                 {&evaluation::EloEstimate::estimate, &evaluation::EloEstimate::low, &evaluation::EloEstimate::high}) {
                worst = std::max(worst, std::abs(x.*field - y.*field));
                samePrinted = samePrinted && std::lround(x.*field) == std::lround(y.*field);
            }
        }
    return worst;
}

}  // namespace

int main(int argc, char** argv) {
    std::string pgn = KIBITZ_SOURCE_DIR "/tests/data/games_sample.pgn";
    std::string model;
    int maxGames = 4;
    int threads = 1;
    int batch = evaluation::EloGuessOptions().batchSize;  // 0: a position's levels a forward
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--pgn")
            pgn = argv[i + 1];
        else if (a == "--games")
            maxGames = std::stoi(argv[i + 1]);
        else if (a == "--threads")
            threads = std::stoi(argv[i + 1]);
        else if (a == "--model")
            model = argv[i + 1];
        else if (a == "--batch")
            batch = std::stoi(argv[i + 1]);
    }
    jobs::setModelComputeThreads(threads);
    auto ev = jobs::loadHumanEvaluator(QString::fromStdString(model));
    if (!ev) {
        std::fprintf(stderr, "guess_elo_bench: %s\n", ev.error().message.c_str());
        return 1;
    }
    auto reader = chess::GameReader::open(pgn);
    if (!reader) {
        std::fprintf(stderr, "guess_elo_bench: %s\n", reader.error().message.c_str());
        return 1;
    }
    std::vector<chess::PgnGame> games;
    chess::PgnGame g;
    while (int(games.size()) < maxGames && (*reader)->next(g)) games.push_back(g);
    std::size_t plies = 0;
    for (const auto& game : games) plies += game.moves.size();
    const int levels = int(evaluation::eloGuessGrid(evaluation::EloGuessOptions::calibratedPairs()).size());

    std::printf("%zu games (%zu plies), %d rating levels, %d thread(s)\n", games.size(), plies, levels, threads);

    Run warm;  // the first forwards allocate
    if (games.empty() || !guessAll(**ev, {games.front()}, batch, warm)) return 1;
    Run batched, wide, levelByLevel;
    if (!guessAll(**ev, games, batch, batched) || !guessAll(**ev, games, 512, wide) ||
        !guessAll(**ev, games, 1, levelByLevel))
        return 1;
    const double n = double(games.size());
    const std::string label = batch > 0 ? "batched (" + std::to_string(batch) + " queries a forward)"
                                        : "guess-elo (a position's levels a forward)";
    std::printf("%-44s %8.3f games/s  %6.2f s/game\n", label.c_str(), n / batched.seconds, batched.seconds / n);
    std::printf("%-44s %8.3f games/s  %6.2f s/game\n", "512 queries a forward (guess-elo before)", n / wide.seconds,
                wide.seconds / n);
    std::printf("%-44s %8.3f games/s  %6.2f s/game\n", "level by level (one forward per level)",
                n / levelByLevel.seconds, levelByLevel.seconds / n);
    bool same1 = true, same2 = true;
    const double d1 = largestDifference(batched, levelByLevel, same1);
    const double d2 = largestDifference(batched, wide, same2);
    std::printf("speed-up: %.2fx over level by level, %.2fx over 512 a forward\n",
                levelByLevel.seconds / batched.seconds, wide.seconds / batched.seconds);
    std::printf("estimates: largest difference %.2g points (level by level), %.2g (512 a forward); as printed: %s\n",
                d1, d2, same1 && same2 ? "identical" : "DIFFERENT");
    return same1 && same2 ? 0 : 1;
}
