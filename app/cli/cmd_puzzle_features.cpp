// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli puzzle-features: Stockfish's view of each solver move of Lichess puzzles, computed
// once into a feature cache that training, evaluation and rating read, and optionally written as CSV for study.
#include "app/cli/args.h"
#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "core/chess/puzzle_csv.h"
#include "core/common/atomic_file.h"
#include "core/common/cancel_token.h"
#include "core/engines/engine_locator.h"
#include "core/evaluation/puzzle_engine_features.h"
#include "core/evaluation/puzzle_metrics.h"
#include "core/evaluation/solve_feature_cache.h"
#include "core/evaluation/solve_probability.h"
#include "core/jobs/puzzle_human.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <sstream>
#include <thread>

namespace kibitz::cli {
namespace {

void printHelp() {
    std::printf(
        "Usage: kibitz-cli puzzle-features --csv FILE|DIR... --cache FILE [options]\n\n"
        "Runs a multi-PV engine search (%d lines) of every solver position of each puzzle and stores the puzzle's\n"
        "%d engine features (best-minus-second gap, moves that keep the advantage, whether and from which depth\n"
        "the solution is the engine's best, quiet move, check, sacrifice, ...) in the cache FILE, keyed by engine,\n"
        "depth and line count. Puzzles already in the cache are not searched again, so a killed run continues.\n"
        "  --cache FILE     the feature cache to fill (created when missing; saved every 100 puzzles)\n"
        "  --csv-out FILE   also write PuzzleId,Split,Rating,RatingDeviation,Themes and the features as CSV\n"
        "  --depth D        search depth (default %d; a search still running after 120 s is stopped and\n"
        "                   reported as an error)\n"
        "  --engine PATH    UCI engine (default: Stockfish, found as the app finds it)\n"
        "  --split S        all (default) | train | held-out (the puzzle split of training and eval puzzle)\n"
        "  --every K        take every K-th puzzle of the input (default 1), for a spread-out sample\n"
        "  --max N          stop after N puzzles (default: all)\n"
        "  --jobs J         engines searching in parallel, one thread each (default 1)\n"
        "  --human-model PATH  also write the human solve features of each puzzle (P(solve), the lowest and the\n"
        "                   first solver move's log-probability /10, at Elo 800..2800) to --csv-out, from this\n"
        "                   human-move model ('default': the shipped one), through its solve-feature cache\n"
        "  --no-engine      no engine search (then --cache is not needed): only the human features\n",
        evaluation::kEngineFeatureLines, evaluation::kEngineFeatureCount, evaluation::kEngineFeatureDepth);
}

int usageError(const std::string& msg) {
    std::fprintf(stderr, "kibitz-cli puzzle-features: %s\n", msg.c_str());
    return kExitUsage;
}

struct Row {
    chess::Puzzle puzzle;
    std::vector<float> features;
};

/// Searches every row's puzzle with `jobs` engines (one thread each) where the cache lacks its features, saving the
/// cache every 100 puzzles, with a progress line. The exit code.
int searchAll(const Args& args, int depth, int jobs, std::vector<Row>& rows) {
    auto program = engines::locateStockfish(QString::fromStdString(args.value("engine").value_or(std::string())));
    if (!program) return usageError("--engine: " + program.error().message);
    const evaluation::UciAnalyserOptions eo = evaluation::engineFeatureAnalyserOptions(program.value(), depth);
    std::vector<std::unique_ptr<evaluation::UciAnalyser>> analysers;
    for (int j = 0; j < jobs; ++j) analysers.push_back(std::make_unique<evaluation::UciAnalyser>(eo));
    CancelToken cancel;
    auto key = evaluation::engineFeatureKey(*analysers.front(), cancel);
    if (!key) {
        std::fprintf(stderr, "kibitz-cli puzzle-features: %s\n", key.error().message.c_str());
        return kExitFailure;
    }
    auto opened =
        evaluation::SolveFeatureCache::open(*args.value("cache"), key.value(), evaluation::kEngineFeatureCount);
    if (!opened) return usageError(opened.error().message);
    evaluation::SolveFeatureCache cache = std::move(opened.value());
    std::fprintf(stderr, "features of %s; cache %s holds %zu puzzles\n", key.value().c_str(), cache.path().c_str(),
                 cache.size());

    std::mutex mutex;  // guards the cache, the counters and the first error
    std::atomic<std::size_t> next{0};
    std::int64_t searched = 0, fromCache = 0, done = 0;
    std::string failure;
    ProgressLine line;  // shown under the mutex
    const auto start = std::chrono::steady_clock::now();
    auto work = [&](evaluation::UciAnalyser& analyser) {
        for (std::size_t i = next++; i < rows.size(); i = next++) {
            Row& row = rows[i];
            {
                std::lock_guard lock(mutex);
                if (!failure.empty()) return;
                if (const auto* f = cache.find(row.puzzle)) {
                    row.features = *f;
                    ++fromCache;
                    ++done;
                    continue;
                }
            }
            auto facts = evaluation::analysePuzzleWithEngine(analyser, row.puzzle, cancel);
            std::lock_guard lock(mutex);
            if (!facts) {
                failure = facts.error().message;
                cancel.cancel();
                return;
            }
            row.features = evaluation::engineFeatures(facts.value());
            cache.insert(row.puzzle, row.features);
            ++searched;
            ++done;
            if (searched % 100 == 0) {
                if (auto saved = cache.save(); !saved.ok()) {
                    failure = saved.error().message;
                    cancel.cancel();
                    return;
                }
                const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                line.show(false, "%lld/%zu puzzles (%lld searched, %lld from the cache)  %.1f puzzles/s",
                          static_cast<long long>(done), rows.size(), static_cast<long long>(searched),
                          static_cast<long long>(fromCache), double(searched) / secs);
            }
        }
    };
    std::vector<std::thread> threads;
    for (int j = 1; j < jobs; ++j) threads.emplace_back(work, std::ref(*analysers[std::size_t(j)]));
    work(*analysers.front());
    for (auto& t : threads) t.join();
    if (auto saved = cache.save(); !saved.ok() && failure.empty()) failure = saved.error().message;
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    line.show(true, "%lld puzzles: %lld searched in %.0f s (%.2f puzzles/s), %lld from the cache",
              static_cast<long long>(done), static_cast<long long>(searched), secs,
              secs > 0 ? double(searched) / secs : 0.0, static_cast<long long>(fromCache));
    if (!failure.empty()) {
        std::fprintf(stderr, "kibitz-cli puzzle-features: %s\n", failure.c_str());
        return kExitFailure;
    }
    return kExitOk;
}

/// Human solve features (a study of what the stage can read) of every row from `humanModel` ("default": the shipped
/// one), computed where its cache lacks them. The exit code.
int readHumanFeatures(const std::string& humanModel, const std::vector<Row>& rows,
                      std::vector<std::vector<float>>& human) {
    jobs::HumanFeatureOptions ho;
    if (humanModel != "default") ho.humanModel = QString::fromStdString(humanModel);
    ho.warn = [](const std::string& msg) {
        std::fprintf(stderr, "kibitz-cli puzzle-features: warning: %s\n", msg.c_str());
    };
    auto humanOpened = jobs::HumanFeatures::open(ho);
    if (!humanOpened) return usageError("--human-model: " + humanOpened.error().message);
    std::vector<chess::Puzzle> puzzles;
    puzzles.reserve(rows.size());
    for (const Row& r : rows) puzzles.push_back(r.puzzle);
    if (auto st = humanOpened.value()->features(puzzles, human); !st.ok()) {
        std::fprintf(stderr, "kibitz-cli puzzle-features: %s\n", st.error().message.c_str());
        return kExitFailure;
    }
    if (auto st = humanOpened.value()->saveCache(); !st.ok())
        std::fprintf(stderr, "kibitz-cli puzzle-features: warning: %s\n", st.error().message.c_str());
    std::fprintf(stderr, "human solve features of %zu puzzles from %s (%lld computed in %.0f s)\n", rows.size(),
                 humanOpened.value()->identity().name.c_str(),
                 static_cast<long long>(humanOpened.value()->computedPuzzles()), humanOpened.value()->computeSeconds());
    return kExitOk;
}

/// The rows as CSV (PuzzleId, Split, Rating, RatingDeviation, Themes, the engine features, the human features),
/// written atomically to `csvOut`. The exit code.
int writeFeatureCsv(const std::string& csvOut, const std::vector<Row>& rows,
                    const std::vector<std::vector<float>>& human, bool noEngine) {
    std::ostringstream out;
    out << "PuzzleId,Split,Rating,RatingDeviation,Themes";
    if (!noEngine)
        for (const auto& n : evaluation::engineFeatureNames()) out << ',' << n;
    if (!human.empty()) {
        for (const char* kind : {"solve", "minlog", "firstlog"})
            for (int elo : evaluation::kSolveEloLevels) out << ',' << kind << '_' << elo;
    }
    out << '\n';
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row& r = rows[i];
        std::string themes;
        for (const auto& t : r.puzzle.themes) themes += (themes.empty() ? "" : " ") + t;
        std::vector<std::string> fields{r.puzzle.id, evaluation::isHeldOutPuzzle(r.puzzle.id) ? "held-out" : "train",
                                        std::to_string(r.puzzle.rating), std::to_string(r.puzzle.ratingDeviation),
                                        themes};
        char buf[32];
        for (float f : r.features) {
            std::snprintf(buf, sizeof buf, "%.4g", double(f));
            fields.emplace_back(buf);
        }
        if (!human.empty()) {
            for (float f : human[i]) {
                std::snprintf(buf, sizeof buf, "%.5g", double(f));
                fields.emplace_back(buf);
            }
        }
        out << chess::joinCsvRecord(fields);
    }
    if (auto w = writeBytesAtomically(csvOut, out.str()); !w.ok()) {
        std::fprintf(stderr, "kibitz-cli puzzle-features: %s\n", w.error().message.c_str());
        return kExitFailure;
    }
    std::fprintf(stderr, "%zu rows -> %s\n", rows.size(), csvOut.c_str());
    return kExitOk;
}

int runPuzzleFeatures(const std::vector<std::string>& argv) {
    Args args(argv, {"csv", "cache", "csv-out", "depth", "engine", "split", "every", "max", "jobs", "human-model"},
              {"help", "no-engine"});
    if (args.has("help")) {
        printHelp();
        return kExitOk;
    }
    if (!args.ok()) return usageError(args.error());
    const int depth = int(args.intValue("depth", evaluation::kEngineFeatureDepth, 1, 60));
    const std::int64_t every = args.intValue("every", 1, 1, 1LL << 40);
    const std::int64_t maxPuzzles = args.intValue("max", 0, 0, 1LL << 40);
    const int jobs = int(args.intValue("jobs", 1, 1, 64));
    if (!args.ok()) return usageError(args.error());
    const std::string split = args.value("split").value_or("all");
    if (split != "all" && split != "train" && split != "held-out")
        return usageError("--split: '" + split + "' is not one of all, train, held-out");
    if (!args.value("csv") || (!args.value("cache") && !args.has("no-engine")))
        return usageError("--csv and --cache are required");
    std::vector<std::string> given{*args.value("csv")};
    for (const auto& p : args.positionals()) given.push_back(p);
    std::string expandError;
    const std::vector<std::string> files = expandDataArgs(given, {".csv", ".csv.zst"}, expandError);
    if (!expandError.empty()) return usageError("--csv: " + expandError);

    // Select the puzzles first (reading is fast), then search them with `jobs` engines (unless --no-engine).
    std::vector<Row> rows;
    std::int64_t seen = 0;
    for (const std::string& path : files) {
        auto reader = chess::PuzzleCsvReader::open(path);
        if (!reader) return usageError(reader.error().message);
        chess::Puzzle p;
        while ((maxPuzzles == 0 || std::int64_t(rows.size()) < maxPuzzles) && reader.value()->next(p)) {
            const bool held = evaluation::isHeldOutPuzzle(p.id);
            if ((split == "train" && held) || (split == "held-out" && !held)) continue;
            if (seen++ % every != 0) continue;
            rows.push_back({p, {}});
        }
        if (!reader.value()->input().error().empty()) return usageError(reader.value()->input().error());
    }

    const bool noEngine = args.has("no-engine");
    if (noEngine && !args.value("human-model")) return usageError("--no-engine needs --human-model");
    if (!noEngine) {
        if (const int rc = searchAll(args, depth, jobs, rows); rc != kExitOk) return rc;
    }

    // Human solve features (a study of what the stage can read), computed where the cache lacks them.
    std::vector<std::vector<float>> human;
    if (const auto humanModel = args.value("human-model"))
        if (const int rc = readHumanFeatures(*humanModel, rows, human); rc != kExitOk) return rc;

    if (const auto csvOut = args.value("csv-out")) return writeFeatureCsv(*csvOut, rows, human, noEngine);
    return kExitOk;
}

const bool kRegistered = registerCommand(
    {"puzzle-features", "engine features of puzzles (multi-PV search of each solver move), cached", runPuzzleFeatures});

}  // namespace
}  // namespace kibitz::cli
