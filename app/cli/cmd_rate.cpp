// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli rate: predicted Lichess rating (with uncertainty) of one puzzle or of every puzzle of a CSV file.
// Batch mode is jobs::rateCsvFile (shared with the GUI puzzle panel): resumable through OUT.partial.
#include "app/cli/args.h"
#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "app/cli/puzzle_human_args.h"
#include "core/chess/notation.h"
#include "core/chess/puzzle_csv.h"
#include "core/common/cancel_token.h"
#include "core/evaluation/solve_probability.h"
#include "core/jobs/human_model.h"
#include "core/jobs/puzzle_bundle.h"
#include "core/jobs/puzzle_human.h"
#include "core/jobs/puzzle_rating.h"

#include <QJsonDocument>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sstream>

namespace kibitz::cli {
namespace {

void printHelp() {
    std::printf(
        "Usage: kibitz-cli rate --fen FEN --moves \"m1 m2 ...\" [--model PATH] [--json]\n"
        "       kibitz-cli rate --csv IN --out OUT [--filter QUERY] [--model PATH] [--batch N]\n\n"
        "FEN is the position BEFORE the setup move; --moves is the UCI line: the opponent's setup move, then the\n"
        "solver's moves and the forced replies (the Lichess puzzle convention).\n"
        "CSV mode reads Lichess puzzle CSV (.csv/.csv.zst) and writes PuzzleId,PredictedRating,Uncertainty,\n"
        "SolutionLength,Rating,RatingDeviation,PlayerRating,RatingScale,PlayerPSolve (the last three for the\n"
        "puzzles of `kibitz-cli profile --puzzles`: the player's rating in that game and their chance to solve it).\n"
        "Bad rows are reported (row, reason) and skipped. A killed run continues where it stopped when started\n"
        "again with the same arguments.\n"
        "  --filter QUERY (CSV mode) rate only the puzzles the query matches, as the puzzle panel's filter box\n"
        "                 reads it (see kibitz-cli puzzle-stats --help): \"mateIn2 1200-1600\"; a rerun with\n"
        "                 another query adds its puzzles to those already rated\n"
        "  --model PATH   .kibitz bundle or train-puzzle checkpoint (default: the shipped puzzle-default.kibitz)\n"
        "  --repeat N     (single puzzle) predict N times and print the latency p50/p95/max in ms (benchmark)\n"
        "%s",
        humanOptionsHelp());
}

int usageError(const std::string& msg) {
    std::fprintf(stderr, "kibitz-cli rate: %s\n", msg.c_str());
    return kExitUsage;
}

int rateOne(models::PuzzlePredictor& model, const std::string& fen, const std::string& movesText, bool json, int repeat,
            encoding::Evaluator* maia) {
    auto pos = chess::Position::fromFen(fen);
    if (!pos.ok()) return usageError("--fen: " + pos.error().message);
    chess::Puzzle p;
    p.id = "cli";
    p.fen = fen;
    chess::Position walk = pos.value();
    std::istringstream in(movesText);
    std::string tok;
    while (in >> tok) {
        auto m = chess::parseUci(walk, tok);
        if (!m.ok())
            return usageError("--moves: move " + std::to_string(p.moves.size() + 1) + " '" + tok +
                              "': " + m.error().message);
        p.moves.push_back(m.value());
        walk.makeMove(m.value());
    }
    if (p.moves.size() < 2) return usageError("--moves: needs the setup move and at least one solver move");
    // --repeat: the latency of one puzzle, everything included (features too, unless they come from the cache).
    // The record itself, with the nine Maia-1 nets' solve curve (the per-level chances the panel shows) when given.
    auto rated = jobs::ratePuzzle(model, nullptr, p, maia);
    std::vector<double> ms;
    for (int i = 0; i < repeat && rated.ok(); ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        auto r = model.predict(std::span<const chess::Puzzle>(&p, 1));
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
        if (!r.ok()) rated = r.error();
    }
    if (!rated.ok()) {
        std::fprintf(stderr, "kibitz-cli rate: %s\n", rated.error().message.c_str());
        return kExitFailure;
    }
    const jobs::PuzzleRating& rating = rated.value();
    const auto& pr = rating.prediction;
    if (!ms.empty()) {
        std::sort(ms.begin(), ms.end());
        auto at = [&ms](double q) { return ms[std::min(ms.size() - 1, std::size_t(q * double(ms.size())))]; };
        std::fprintf(json ? stderr : stdout, "latency over %zu runs: p50 %.2f ms  p95 %.2f ms  max %.2f ms\n",
                     ms.size(), at(0.5), at(0.95), ms.back());
    }
    if (json) {
        // The record the GUI's puzzle export writes too (jobs::puzzleRatingJson), on one line.
        std::printf("%s\n",
                    QJsonDocument(jobs::puzzleRatingJson(p, rating)).toJson(QJsonDocument::Compact).constData());
        return kExitOk;
    }
    // The solve curve: Glicko's expected score of a player of each rating against the puzzle (rating, sigma).
    const std::vector<double> curve = evaluation::ratingSolveCurve(pr.rating, pr.sigma);
    std::string curveText;
    for (std::size_t l = 0; l < curve.size(); ++l) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%s%d %.0f%%", l ? "  " : "", evaluation::kSolveEloLevels[l], 100.0 * curve[l]);
        curveText += buf;
    }
    std::printf("rating %.0f +- %.0f  (%d solver move%s)\n", pr.rating, pr.sigma, p.solutionLength(),
                p.solutionLength() == 1 ? "" : "s");
    if (pr.engineUsed)
        std::printf("engine stage: on (the boards alone say %.0f +- %.0f)\n", pr.boardRating, pr.boardSigma);
    else if (!model.meta().engineHead.empty())
        std::printf("engine stage: off (rated from the boards alone)\n");
    std::printf("chance to solve by player rating: %s\n", curveText.c_str());
    if (rating.maiaCurve) std::printf("%s\n", jobs::maiaSolveLine(*rating.maiaCurve, p).c_str());
    // What the GUI's panel reports too: the whole rating, features and the Maia-1 curve included.
    std::printf("rated in %.0f ms\n", rating.milliseconds);
    return kExitOk;
}

int rateCsv(models::PuzzlePredictor& model, const std::string& inPath, const std::string& outPath, int batchSize,
            const chess::PuzzleFilter& filter) {
    ProgressLine line;
    bool announced = false;
    auto draw = [&](const jobs::RateCsvProgress& p, bool final) {
        if (!announced && p.resumed > 0)
            std::fprintf(stderr, "resuming: %lld rows already rated in %s.partial\n", static_cast<long long>(p.resumed),
                         outPath.c_str());
        announced = true;
        const int width = 30, filled = int(p.fraction * width);
        line.show(final, "[%s%s] %5.1f%%  %lld rated  %lld bad  %.0f puzzles/s",
                  std::string(std::size_t(filled), '#').c_str(), std::string(std::size_t(width - filled), '.').c_str(),
                  100 * p.fraction, static_cast<long long>(p.rated), static_cast<long long>(p.bad),
                  p.seconds > 0 ? double(p.ratedThisRun) / p.seconds : 0.0);
    };
    auto r = jobs::rateCsvFile(
        model, inPath, outPath, batchSize, CancelToken(), [&](const jobs::RateCsvProgress& p) { draw(p, false); },
        [&line](const chess::CsvSkip& s) {
            line.end();
            std::fprintf(stderr, "skipped %s\n", s.message().c_str());
        },
        filter);
    if (!r) {
        line.end();
        if (r.error().code == ErrorCode::InvalidInput) return usageError(r.error().message);
        std::fprintf(stderr, "kibitz-cli rate: %s\n", r.error().message.c_str());
        return kExitFailure;
    }
    const auto& p = r.value().progress;
    draw(p, true);
    if (filter.empty())
        std::fprintf(stderr, "%lld puzzles rated, %lld bad rows skipped -> %s\n", static_cast<long long>(p.rated),
                     static_cast<long long>(p.bad), outPath.c_str());
    else
        std::fprintf(stderr, "%lld puzzles rated, %lld left out by the filter, %lld bad rows skipped -> %s\n",
                     static_cast<long long>(p.rated), static_cast<long long>(p.leftOut), static_cast<long long>(p.bad),
                     outPath.c_str());
    return kExitOk;
}

int runRate(const std::vector<std::string>& argv) {
    Args args(argv, withHumanValueOptions({"fen", "moves", "model", "csv", "out", "batch", "repeat", "filter"}),
              withHumanFlagOptions({"json", "help"}));
    if (args.has("help")) {
        printHelp();
        return kExitOk;
    }
    if (!args.ok()) return usageError(args.error());
    const int batch = int(args.intValue("batch", 256, 1, 65536));
    const int repeat = int(args.intValue("repeat", 0, 0, 1000000));
    const jobs::EngineFeatureOptions engine = engineFeatureOptions(args, "rate");
    if (!args.ok()) return usageError(args.error());
    const bool single = args.has("fen") || args.has("moves");
    const bool csv = args.has("csv") || args.has("out");
    if (single == csv) return usageError("give either --fen and --moves, or --csv and --out");
    if (single && (!args.value("fen") || !args.value("moves"))) return usageError("--fen and --moves go together");
    if (csv && (!args.value("csv") || !args.value("out"))) return usageError("--csv and --out go together");
    if (single && args.has("filter")) return usageError("--filter chooses puzzles of --csv; it does not go with --fen");
    const auto filter = chess::parsePuzzleFilter(args.value("filter").value_or(""));
    if (!filter) return usageError("--filter: " + filter.error().message);
    const std::string modelPath = args.value("model").value_or(jobs::defaultPuzzleModelPath());
    if (modelPath.empty()) return usageError("no --model given and no puzzle-default.kibitz found");
    if (csv)
        if (const std::string e =
                outputIsInput("--out", *args.value("out"), {{"--csv", *args.value("csv")}, {"--model", modelPath}});
            !e.empty())
            return usageError(e);
    auto model = jobs::loadPuzzleModel(modelPath, humanFeatureOptions(args, "rate"), engine);
    if (!model.ok()) return usageError(model.error().message);
    if (single) {
        // The Maia-1 nets for the per-level solve chances: --maia, else the installed folder (none: left out).
        std::unique_ptr<encoding::Evaluator> maia;
        const QString folder =
            args.value("maia") ? QString::fromStdString(*args.value("maia")) : jobs::defaultMaiaFolder();
        if (!folder.isEmpty()) {
            auto loaded = jobs::loadHumanEvaluator(folder);
            if (!loaded.ok()) return usageError("--maia: " + loaded.error().message);
            maia = std::move(loaded.value());
        }
        return rateOne(*model.value(), *args.value("fen"), *args.value("moves"), args.has("json"), repeat, maia.get());
    }
    return rateCsv(*model.value(), *args.value("csv"), *args.value("out"), batch, *filter);
}

const bool kRegistered = registerCommand({"rate", "predict the rating of a puzzle or of a puzzle CSV file", runRate});

}  // namespace
}  // namespace kibitz::cli
