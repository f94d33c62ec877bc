// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/chess/data_stats.h"

#include "core/chess/pgn_tags.h"

#include <algorithm>

namespace kibitz::chess {

namespace {

/// The ultra-bullet part of Lichess's bullet class: an estimated duration under 30 s.
constexpr long long kUltraBulletEstimateS = 30;

void widen(int& lo, int& hi, int value) {
    lo = lo == 0 ? value : std::min(lo, value);
    hi = std::max(hi, value);
}

}  // namespace

std::string timeControlSpeedName(std::string_view tag) {
    if (tag == "-") return "correspondence";
    const auto tc = parseTimeControl(tag);
    if (tag.empty() || !tc) return "unknown";
    if (static_cast<long long>(tc->first) + 40LL * tc->second < kUltraBulletEstimateS) return "ultrabullet";
    return gameSpeedName(gameSpeed(tc->first, tc->second));
}

std::string skipReasonGroup(std::string_view reason) {
    std::size_t end = reason.size();
    for (std::size_t i = 0; i < reason.size(); ++i) {
        const char c = reason[i];
        const bool number = c >= '0' && c <= '9' && (i == 0 || reason[i - 1] == ' ');  // not the 960 of Chess960
        if (c == '\'' || c == '"' || c == '(' || c == ':' || number) {
            end = i;
            break;
        }
    }
    std::string g(reason.substr(0, end));
    while (!g.empty() && (g.back() == ' ' || g.back() == ',')) g.pop_back();
    if (g.size() > 3 && g.compare(g.size() - 3, 3, " at") == 0) g.resize(g.size() - 3);
    return g.empty() ? std::string(reason) : g;
}

GameStats::GameStats(int bucket, int maxExamples) : eloBucket(std::max(1, bucket)), maxSkipExamples(maxExamples) {}

void GameStats::add(const PgnGame& game) {
    ++games;
    positions += std::int64_t(game.moves.size());
    std::int64_t clocks = 0;
    for (const auto& m : game.moves) clocks += m.clockSeconds >= 0 ? 1 : 0;
    movesWithClock += clocks;
    if (clocks > 0) ++gamesWithClock;
    for (const char* tag : {"WhiteElo", "BlackElo"}) {
        const auto v = parseEloTag(game.tag(tag));
        if (!v || *v > kMaxPlausibleElo) {
            ++eloMissing;
            continue;
        }
        ++elo[*v / eloBucket * eloBucket];
        widen(eloMin, eloMax, *v);
    }
    const std::string tc = game.tag("TimeControl");
    ++timeControls[tc.empty() ? std::string("(none)") : tc];
    ++speeds[timeControlSpeedName(tc)];
}

void GameStats::addSkip(const PgnSkip& skip) {
    ++skipped;
    ++skipReasons[skipReasonGroup(skip.reason)];
    if (int(skipExamples.size()) < maxSkipExamples)
        skipExamples.push_back({skip.file + ":" + std::to_string(skip.line), skip.reason});
}

PuzzleStats::PuzzleStats(int bucket, int maxExamples)
    : ratingBucket(std::max(1, bucket)), maxSkipExamples(maxExamples) {}

void PuzzleStats::add(const Puzzle& p) {
    ++puzzles;
    solverMoves += p.solutionLength();
    ++rating[p.rating >= 0 ? p.rating / ratingBucket * ratingBucket : -ratingBucket];
    ++plies[int(p.moves.size())];
    ++solution[p.solutionLength()];
    ratingDeviations.push_back(p.ratingDeviation);
    ratingSum += p.rating;
    ratingSquareSum += double(p.rating) * p.rating;
    if (p.rating > 0) widen(ratingMin, ratingMax, p.rating);
    for (const auto& t : p.themes) ++themes[t];
}

void PuzzleStats::addSkip(const CsvSkip& skip) {
    ++skipped;
    const std::string group = skipReasonGroup(skip.reason);
    ++skipReasons[skip.column.empty() ? group : skip.column + ": " + group];
    if (int(skipExamples.size()) < maxSkipExamples) skipExamples.push_back(skip.message());
}

}  // namespace kibitz::chess
