// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli puzzle-stats: reads Lichess puzzle CSV files (every move validated) and summarises them.
#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/chess/data_stats.h"
#include "core/chess/puzzle_csv.h"
#include "core/chess/puzzle_filter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace kibitz::cli {
namespace {

double percentile(std::vector<int>& v, double p) {
    if (v.empty()) return 0;
    const std::size_t k = std::min(v.size() - 1, std::size_t(p * double(v.size() - 1) + 0.5));
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(k), v.end());
    return v[k];
}

void printHelp() {
    std::printf(
        "Usage: kibitz-cli puzzle-stats FILE... [--filter QUERY] [--bucket N] [--top N] [--json]\n\n"
        "Reads Lichess puzzle CSV files (.csv or .csv.zst, header required) and validates every row: FEN, and\n"
        "every move of Moves legal in sequence from FEN (Moves[0] is the opponent's setup move). Prints the\n"
        "number of puzzles, the rating histogram, RatingDeviation statistics, the histogram of the number of\n"
        "solver moves (solution length), the most common themes and skipped rows grouped by reason.\n"
        "  --filter Q  only the puzzles the query matches, as the puzzle panel's filter box reads it: items\n"
        "              separated by spaces, each a theme or its start (mateIn2, fork), a part of the opening\n"
        "              (Sicilian, \"Kings Gambit\" in quotes for a phrase), a puzzle id's start, a Lichess rating\n"
        "              range (1200-1600) or bound (>1500, <=1800); -word leaves out what it matches. The others\n"
        "              are counted as left out.\n"
        "  --bucket N  rating histogram bucket width, 50..1000 (default 200)\n"
        "  --top N     number of themes and skip examples listed (default 15)\n"
        "  --json      print one JSON object (keys: puzzles, skipped, left_out, rating_histogram, rating_mean,\n"
        "              rating_std, rd_mean, rd_min, rd_median, rd_p90, rd_max, plies_histogram,\n"
        "              solution_length_histogram, themes_top, skip_reasons,\n"
        "              skip_examples, seconds, puzzles_per_s)\n"
        "Exit codes: 0 ok (skipped rows are reported, not fatal), 1 I/O failure while reading,\n"
        "2 bad usage or a file that cannot be opened, lacks the header or is not valid (e.g. corrupt zstd), or\n"
        "holds no usable puzzle (the statistics are still printed).\n");
}

int runPuzzleStats(const std::vector<std::string>& argv) {
    Args args(argv, {"bucket", "top", "filter"}, {"json"});
    if (args.has("help")) {
        printHelp();
        return kExitOk;
    }
    const int bucket = int(args.intValue("bucket", 200, 50, 1000));
    const int top = int(args.intValue("top", 15, 1, 1000));
    if (!args.ok() || args.positionals().empty()) {
        std::fprintf(stderr, "kibitz-cli puzzle-stats: %s\n(see kibitz-cli puzzle-stats --help)\n",
                     args.ok() ? "no input file given" : args.error().c_str());
        return kExitUsage;
    }
    const auto filter = chess::parsePuzzleFilter(args.value("filter").value_or(""));
    if (!filter) {
        std::fprintf(stderr, "kibitz-cli puzzle-stats: --filter: %s\n", filter.error().message.c_str());
        return kExitUsage;
    }
    // Check that every file opens first, so a typo fails before minutes of work; then read them one at a time
    // (each open reader holds its buffers and zstd window).
    for (const std::string& path : args.positionals()) {
        auto r = chess::PuzzleCsvReader::open(path);
        if (!r) {
            std::fprintf(stderr, "kibitz-cli puzzle-stats: %s\n", r.error().message.c_str());
            return kExitUsage;
        }
    }

    chess::PuzzleStats s(bucket, top);
    const auto start = std::chrono::steady_clock::now();
    chess::Puzzle p;
    std::int64_t leftOut = 0;  // valid puzzles the filter does not match
    for (const std::string& path : args.positionals()) {
        auto opened = chess::PuzzleCsvReader::open(path);
        if (!opened) {
            std::fprintf(stderr, "kibitz-cli puzzle-stats: %s\n", opened.error().message.c_str());
            return kExitUsage;
        }
        std::unique_ptr<chess::PuzzleCsvReader> reader = std::move(opened.value());
        reader->setOnSkip([&s](const chess::CsvSkip& skip) { s.addSkip(skip); });
        while (reader->next(p)) {
            if (filter->matches(p))
                s.add(p);
            else
                ++leftOut;
        }
        const std::string& e = reader->input().error();
        if (!e.empty()) {
            std::fprintf(stderr, "kibitz-cli puzzle-stats: %s\n", e.c_str());
            return e.find("read error") != std::string::npos ? kExitFailure : kExitUsage;
        }
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    auto exitCode = [&s, leftOut]() {
        if (s.puzzles > 0) return int(kExitOk);
        if (leftOut > 0)
            std::fprintf(stderr, "kibitz-cli puzzle-stats: no puzzle matches the filter (%lld left out)\n",
                         static_cast<long long>(leftOut));
        else
            std::fprintf(stderr, "kibitz-cli puzzle-stats: no usable puzzle (%lld rows skipped)\n",
                         static_cast<long long>(s.skipped));
        return int(kExitUsage);
    };
    const double n = double(s.puzzles);
    const double mean = n > 0 ? s.ratingSum / n : 0;
    const double stdev = n > 1 ? std::sqrt(std::max(0.0, s.ratingSquareSum / n - mean * mean)) : 0;
    double rdMean = 0;
    for (int rd : s.ratingDeviations) rdMean += rd;
    rdMean = s.ratingDeviations.empty() ? 0 : rdMean / double(s.ratingDeviations.size());
    const double rdMin =
        s.ratingDeviations.empty() ? 0 : *std::min_element(s.ratingDeviations.begin(), s.ratingDeviations.end());
    const double rdMax =
        s.ratingDeviations.empty() ? 0 : *std::max_element(s.ratingDeviations.begin(), s.ratingDeviations.end());
    const double rdMedian = percentile(s.ratingDeviations, 0.5);
    const double rdP90 = percentile(s.ratingDeviations, 0.9);
    std::vector<std::pair<std::string, std::int64_t>> themes(s.themes.begin(), s.themes.end());
    std::sort(themes.begin(), themes.end(), [](const auto& a, const auto& b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    if (int(themes.size()) > top) themes.resize(std::size_t(top));
    const double pps = secs > 0 ? n / secs : 0;

    if (args.has("json")) {
        QJsonObject o;
        o[QStringLiteral("puzzles")] = double(s.puzzles);
        o[QStringLiteral("skipped")] = double(s.skipped);
        o[QStringLiteral("left_out")] = double(leftOut);
        QJsonObject rh;
        for (const auto& [b, c] : s.rating)
            rh[QString::number(b) + QLatin1Char('-') + QString::number(b + bucket - 1)] = double(c);
        o[QStringLiteral("rating_histogram")] = rh;
        o[QStringLiteral("rating_bucket")] = bucket;
        o[QStringLiteral("rating_mean")] = mean;
        o[QStringLiteral("rating_std")] = stdev;
        o[QStringLiteral("rd_mean")] = rdMean;
        o[QStringLiteral("rd_min")] = rdMin;
        o[QStringLiteral("rd_median")] = rdMedian;
        o[QStringLiteral("rd_p90")] = rdP90;
        o[QStringLiteral("rd_max")] = rdMax;
        QJsonObject ph;
        for (const auto& [k, c] : s.plies) ph[QString::number(k)] = double(c);
        o[QStringLiteral("plies_histogram")] = ph;
        QJsonObject sh;
        for (const auto& [k, c] : s.solution) sh[QString::number(k)] = double(c);
        o[QStringLiteral("solution_length_histogram")] = sh;
        QJsonArray th;
        for (const auto& [k, c] : themes)
            th.append(QJsonObject{{QStringLiteral("theme"), QString::fromStdString(k)},
                                  {QStringLiteral("count"), double(c)}});
        o[QStringLiteral("themes_top")] = th;
        QJsonObject rs;
        for (const auto& [k, c] : s.skipReasons) rs[QString::fromStdString(k)] = double(c);
        o[QStringLiteral("skip_reasons")] = rs;
        QJsonArray ex;
        for (const auto& e : s.skipExamples) ex.append(QString::fromStdString(e));
        o[QStringLiteral("skip_examples")] = ex;
        o[QStringLiteral("seconds")] = secs;
        o[QStringLiteral("puzzles_per_s")] = pps;
        std::printf("%s\n", QJsonDocument(o).toJson(QJsonDocument::Compact).constData());
        return exitCode();
    }

    std::printf("Puzzles:    %lld\n", (long long)s.puzzles);
    if (args.has("filter")) std::printf("Left out:   %lld (not matching the filter)\n", (long long)leftOut);
    std::printf("Skipped:    %lld\n", (long long)s.skipped);
    for (const auto& [k, c] : s.skipReasons) std::printf("  %8lld  %s\n", (long long)c, k.c_str());
    for (const auto& e : s.skipExamples) std::printf("  e.g. %s\n", e.c_str());
    std::printf("Rating:     mean %.1f, std %.1f\n", mean, stdev);
    std::printf("Rating histogram (%d-point buckets):\n", bucket);
    for (const auto& [b, c] : s.rating) std::printf("  %5d-%5d  %lld\n", b, b + bucket - 1, (long long)c);
    std::printf("RatingDeviation: mean %.1f, min %.0f, median %.0f, p90 %.0f, max %.0f\n", rdMean, rdMin, rdMedian,
                rdP90, rdMax);
    std::printf("Solution length (solver moves; the Moves column has 2 x solver moves incl. the setup move):\n");
    for (const auto& [k, c] : s.solution) std::printf("  %3d  %lld\n", k, (long long)c);
    if (s.plies.size() != s.solution.size()) {
        std::printf("Plies incl. the setup move:\n");
        for (const auto& [k, c] : s.plies) std::printf("  %3d  %lld\n", k, (long long)c);
    }
    std::printf("Themes (top %d):\n", top);
    for (const auto& [k, c] : themes) std::printf("  %-20s %lld\n", k.c_str(), (long long)c);
    std::printf("Elapsed:    %.3f s\n", secs);
    std::printf("Puzzles/s:  %.0f\n", pps);
    return exitCode();
}

const bool kRegistered = registerCommand(
    {"puzzle-stats", "read Lichess puzzle CSV files and summarise ratings, RD, lengths and themes", runPuzzleStats});

}  // namespace
}  // namespace kibitz::cli
