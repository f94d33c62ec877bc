// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a file of games or puzzles holds, counted one way for the training page's look at its data
// (jobs::scanTrainingData) and the CLI's pgn-stats and puzzle-stats: the readers' output goes in game by game, the
// counts come out.

#include "core/chess/pgn.h"
#include "core/chess/puzzle_csv.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace kibitz::chess {

/// The speed class of a TimeControl tag: "ultrabullet" for an estimated duration (gameSpeed's base + 40 x
/// increment) under 30 s, else gameSpeedName's ("bullet", "blitz", "rapid", "classical"); "correspondence" for "-";
/// "unknown" for an empty, "?" or malformed tag.
std::string timeControlSpeedName(std::string_view tag);

/// The group a reader's skip reason belongs to: its text before the first quote, number, parenthesis or colon, without
/// a trailing " at" ("illegal move 'Nf9' at ply 23" -> "illegal move"; "Chess960 is not supported" stays whole); the
/// whole reason when that is empty.
std::string skipReasonGroup(std::string_view reason);

/// Ratings above this are taken for garbage, not a rating (counted as missing).
inline constexpr int kMaxPlausibleElo = 5000;

/// Counts over games as the training readers see them (main lines). Add every game a reader returns and every game it
/// skips (PgnReader::setOnSkip).
struct GameStats {
    explicit GameStats(int bucket = 200, int maxExamples = 10);

    void add(const PgnGame& game);
    void addSkip(const PgnSkip& skip);

    int eloBucket;
    int maxSkipExamples;
    std::int64_t games = 0;
    std::int64_t positions = 0;       ///< plies of the main lines
    std::int64_t movesWithClock = 0;  ///< plies with a [%clk]
    std::int64_t gamesWithClock = 0;  ///< games with at least one
    std::map<int, std::int64_t> elo;  ///< bucket start -> player-games (WhiteElo and BlackElo each count)
    std::int64_t eloMissing = 0;      ///< player-games without a plausible rating
    int eloMin = 0;                   ///< lowest and highest rating read; 0 when none
    int eloMax = 0;
    std::map<std::string, std::int64_t> timeControls;  ///< TimeControl tag ("(none)" without one) -> games
    std::map<std::string, std::int64_t> speeds;        ///< timeControlSpeedName -> games
    std::int64_t skipped = 0;
    std::map<std::string, std::int64_t> skipReasons;  ///< skipReasonGroup -> games
    struct SkipExample {
        std::string where;  ///< file:line
        std::string reason;
    };
    std::vector<SkipExample> skipExamples;  ///< the first maxSkipExamples skips
};

/// Counts over puzzles as the puzzle readers see them. Add every puzzle a reader returns and every row it skips
/// (PuzzleCsvReader::setOnSkip).
struct PuzzleStats {
    explicit PuzzleStats(int bucket = 200, int maxExamples = 15);

    void add(const Puzzle& puzzle);
    void addSkip(const CsvSkip& skip);

    int ratingBucket;
    int maxSkipExamples;
    std::int64_t puzzles = 0;
    std::int64_t solverMoves = 0;
    std::map<int, std::int64_t> rating;    ///< bucket start (-bucket for a negative rating) -> puzzles
    std::map<int, std::int64_t> plies;     ///< moves including the setup move -> puzzles
    std::map<int, std::int64_t> solution;  ///< solver moves -> puzzles
    std::vector<int> ratingDeviations;
    double ratingSum = 0;
    double ratingSquareSum = 0;
    int ratingMin = 0;  ///< lowest and highest positive rating; 0 when none
    int ratingMax = 0;
    std::unordered_map<std::string, std::int64_t> themes;
    std::int64_t skipped = 0;
    std::map<std::string, std::int64_t> skipReasons;  ///< "column: skipReasonGroup" -> rows
    std::vector<std::string> skipExamples;            ///< CsvSkip::message of the first maxSkipExamples
};

}  // namespace kibitz::chess
