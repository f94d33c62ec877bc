// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli pgn-stats: reads PGN files in full (every move validated) and summarises them.
#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/chess/data_stats.h"
#include "core/chess/pgn.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace kibitz::cli {
namespace {

std::vector<std::pair<std::string, std::int64_t>> sortedByCount(const std::map<std::string, std::int64_t>& m) {
    std::vector<std::pair<std::string, std::int64_t>> v(m.begin(), m.end());
    std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    return v;
}

void printHelp() {
    std::printf(
        "Usage: kibitz-cli pgn-stats FILE... [--bucket N] [--top N] [--json]\n\n"
        "Reads PGN files (.pgn or .pgn.zst) in full, validating every move, and prints: games, positions\n"
        "(plies of the main lines), the Elo histogram of player-games, TimeControl tags and speed classes\n"
        "(base + 40 * increment, as Lichess), the share of moves with a [%%clk] clock, skipped games grouped by\n"
        "reason (with the first examples as file:line), elapsed time, games/s and positions/s.\n"
        "  --bucket N  Elo histogram bucket width, 50..1000 (default 200)\n"
        "  --top N     number of TimeControl tags and skip examples listed (default 10)\n"
        "  --json      print one JSON object (keys: games, positions, skipped, elo_histogram, time_controls,\n"
        "              speeds, clock_move_share, skip_reasons, skip_examples, seconds, games_per_s,\n"
        "              positions_per_s)\n"
        "Exit codes: 0 ok (skipped games are reported, not fatal), 1 I/O failure while reading,\n"
        "2 bad usage or a file that cannot be opened or is not valid (e.g. corrupt zstd).\n");
}

int runPgnStats(const std::vector<std::string>& argv) {
    Args args(argv, {"bucket", "top"}, {"json"});
    if (args.has("help")) {
        printHelp();
        return kExitOk;
    }
    const int bucket = int(args.intValue("bucket", 200, 50, 1000));
    const int top = int(args.intValue("top", 10, 1, 1000));
    if (!args.ok() || args.positionals().empty()) {
        std::fprintf(stderr, "kibitz-cli pgn-stats: %s\n(see kibitz-cli pgn-stats --help)\n",
                     args.ok() ? "no input file given" : args.error().c_str());
        return kExitUsage;
    }
    const bool json = args.has("json");

    // Check that every file opens first, so a typo fails before minutes of work; then read them one at a time
    // (each open reader holds its buffers and zstd window).
    for (const std::string& path : args.positionals()) {
        auto r = chess::PgnReader::open(path);
        if (!r) {
            std::fprintf(stderr, "kibitz-cli pgn-stats: %s\n", r.error().message.c_str());
            return kExitUsage;
        }
    }

    chess::GameStats s(bucket, top);
    const auto start = std::chrono::steady_clock::now();
    chess::PgnGame game;
    for (const std::string& path : args.positionals()) {
        auto opened = chess::PgnReader::open(path);
        if (!opened) {
            std::fprintf(stderr, "kibitz-cli pgn-stats: %s\n", opened.error().message.c_str());
            return kExitUsage;
        }
        std::unique_ptr<chess::PgnReader> reader = std::move(opened.value());
        reader->setKeepVariations(false);  // the statistics of what training reads: main lines
        reader->setOnSkip([&s](const chess::PgnSkip& skip) { s.addSkip(skip); });
        while (reader->next(game)) s.add(game);
        if (!reader->ioError().empty()) {
            const std::string& e = reader->ioError();
            std::fprintf(stderr, "kibitz-cli pgn-stats: %s\n", e.c_str());
            return e.find("read error") != std::string::npos ? kExitFailure : kExitUsage;
        }
    }
    // The statistics say what was found; an input without one readable game is still bad input (exit 2).
    auto exitCode = [&s]() {
        if (s.games > 0) return int(kExitOk);
        std::fprintf(stderr, "kibitz-cli pgn-stats: no readable game (%lld skipped)\n",
                     static_cast<long long>(s.skipped));
        return int(kExitUsage);
    };
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double gps = secs > 0 ? double(s.games) / secs : 0.0;
    const double pps = secs > 0 ? double(s.positions) / secs : 0.0;
    const double clockShare = s.positions > 0 ? double(s.movesWithClock) / double(s.positions) : 0.0;
    const auto tcs = sortedByCount(s.timeControls);
    const auto reasons = sortedByCount(s.skipReasons);

    if (json) {
        QJsonObject o;
        o[QStringLiteral("games")] = double(s.games);
        o[QStringLiteral("positions")] = double(s.positions);
        o[QStringLiteral("skipped")] = double(s.skipped);
        QJsonObject elo;
        for (const auto& [b, n] : s.elo)
            elo[QString::number(b) + QLatin1Char('-') + QString::number(b + bucket - 1)] = double(n);
        o[QStringLiteral("elo_histogram")] = elo;
        o[QStringLiteral("elo_bucket")] = bucket;
        o[QStringLiteral("elo_missing")] = double(s.eloMissing);
        QJsonObject tcObj;
        for (const auto& [k, n] : s.timeControls) tcObj[QString::fromStdString(k)] = double(n);
        o[QStringLiteral("time_controls")] = tcObj;
        QJsonObject sp;
        for (const auto& [k, n] : s.speeds) sp[QString::fromStdString(k)] = double(n);
        o[QStringLiteral("speeds")] = sp;
        o[QStringLiteral("clock_move_share")] = clockShare;
        o[QStringLiteral("games_with_clock")] = double(s.gamesWithClock);
        QJsonObject rs;
        for (const auto& [k, n] : s.skipReasons) rs[QString::fromStdString(k)] = double(n);
        o[QStringLiteral("skip_reasons")] = rs;
        QJsonArray ex;
        for (const auto& e : s.skipExamples)
            ex.append(QJsonObject{{QStringLiteral("where"), QString::fromStdString(e.where)},
                                  {QStringLiteral("reason"), QString::fromStdString(e.reason)}});
        o[QStringLiteral("skip_examples")] = ex;
        o[QStringLiteral("seconds")] = secs;
        o[QStringLiteral("games_per_s")] = gps;
        o[QStringLiteral("positions_per_s")] = pps;
        std::printf("%s\n", QJsonDocument(o).toJson(QJsonDocument::Compact).constData());
        return exitCode();
    }

    std::printf("Games:      %lld\n", (long long)s.games);
    std::printf("Positions:  %lld (plies of the main lines)\n", (long long)s.positions);
    std::printf("Skipped:    %lld\n", (long long)s.skipped);
    for (const auto& [k, n] : reasons) std::printf("  %8lld  %s\n", (long long)n, k.c_str());
    for (const auto& e : s.skipExamples) std::printf("  e.g. %s: %s\n", e.where.c_str(), e.reason.c_str());
    std::printf("Clocks:     %.1f%% of moves carry [%%clk] (%lld games)\n", 100.0 * clockShare,
                (long long)s.gamesWithClock);
    std::printf("Elo histogram (player-games, %d-point buckets):\n", bucket);
    for (const auto& [b, n] : s.elo) std::printf("  %4d-%4d  %lld\n", b, b + bucket - 1, (long long)n);
    if (s.eloMissing > 0) std::printf("  missing    %lld\n", (long long)s.eloMissing);
    std::printf("Speed (base + 40*inc):\n");
    for (const auto& [k, n] : sortedByCount(s.speeds)) std::printf("  %-14s %lld\n", k.c_str(), (long long)n);
    std::printf("TimeControl tags (top %d of %zu):\n", top, tcs.size());
    for (int i = 0; i < int(tcs.size()) && i < top; ++i)
        std::printf("  %-14s %lld\n", tcs[std::size_t(i)].first.c_str(), (long long)tcs[std::size_t(i)].second);
    std::printf("Elapsed:    %.3f s\n", secs);
    std::printf("Games/s:    %.0f\n", gps);
    std::printf("Positions/s: %.0f\n", pps);
    return exitCode();
}

const bool kRegistered =
    registerCommand({"pgn-stats", "read PGN files in full and summarise games, Elo, clocks and speed", runPgnStats});

}  // namespace
}  // namespace kibitz::cli
