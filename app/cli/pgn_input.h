// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One way for the commands that read games from PGN files to number them, report the skipped ones and end: review
// and guess-elo read through PgnInput; eval human, eval time and personalize, whose games core reads, check their
// files with it and report the games core passes over through its skipHook; pgn-stats (which tabulates skips by
// reason) and pack-games (one pack section per file) keep their own loops but report skips with printSkippedGame and
// end with the same exit codes.

#include "core/chess/pgn.h"

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace kibitz::cli {

/// "kibitz-cli COMMAND: skipped game N of FILE:LINE: REASON" on stderr (without "N of" when `number` is 0) for the
/// first `limit` skips (`skippedSoFar` counts this one), then one line saying the rest are only counted.
void printSkippedGame(const std::string& command, std::int64_t number, const chess::PgnSkip& skip,
                      std::int64_t skippedSoFar, int limit = 20);

/// Reads the games of several .pgn / .pgn.zst files in order.
/// - Every file is opened first, so a typo fails before minutes of work (`openAll`).
/// - A game the reader cannot use (an illegal move, a Chess960 game, garbage) is reported on stderr as
///   "kibitz-cli CMD: skipped game N of FILE:LINE: REASON" (the first `reportLimit`, then counted only) and counted.
/// - Games are numbered per file, the skipped ones included: `--game N` means the file's N-th game.
/// - `finish` ends the input the same way everywhere: a damaged input (a truncated .zst, a read error) is named and
///   exit code 2, so is an input without a single usable game; otherwise 0, with "N games read, M skipped" on stderr
///   when games were skipped.
class PgnInput {
public:
    PgnInput(std::string command, std::vector<std::string> files, bool keepVariations = true);
    ~PgnInput();
    PgnInput(const PgnInput&) = delete;
    PgnInput& operator=(const PgnInput&) = delete;

    /// Opens every file once to check it; prints the error (naming the file) and returns false on the first that
    /// does not open.
    bool openAll();
    /// openAll, and each PGN file must be text: binary data in its first 64 KiB is refused, named ("FILE: binary
    /// data, not PGN text (byte 0x00 at line 1)"), as inputError(). For commands whose games core reads, so that a
    /// binary file is not reported as whatever core's first pass finds missing. Game packs (.kgames) are passed over:
    /// they are binary by design, and their reader checks them.
    bool openAllText();
    /// For commands whose games core reads (chess::GameSkipHook): each game core passes over is reported and counted
    /// as next() reports its own skips, once per file and number however many passes core makes over the files.
    chess::GameSkipHook skipHook();
    void reportSkip(std::int64_t number, const chess::PgnSkip& skip);
    /// "N game(s) skipped" on stderr when any was reported through skipHook.
    void printSkipSummary() const;
    /// The next usable game; false at the end of the input or at the first damaged file (see `finish`).
    bool next(chess::PgnGame& game);
    /// The file of the last game returned, and its number in that file (skipped games counted).
    const std::string& file() const { return m_file; }
    std::int64_t gameNumber() const { return m_gameNumber; }
    /// Usable games returned and games skipped so far.
    std::int64_t games() const { return m_games; }
    std::int64_t skipped() const { return m_skipped; }
    /// Keeps the skip of game `number` of the first file, if that game is skipped (review --game N).
    void watchGame(std::int64_t number) { m_watched = number; }
    /// The watched game's skip; empty reason when it was not skipped (or not reached).
    const chess::PgnSkip& watchedSkip() const { return m_watchedSkip; }
    /// The first damage met ("FILE: truncated zstd data ..."), empty if none.
    const std::string& inputError() const { return m_inputError; }
    void setReportLimit(int n) { m_reportLimit = n; }
    /// Skipped games are counted but not printed one by one (pgn-stats reports them in its own table).
    void setQuietSkips(bool on) { m_quietSkips = on; }

    /// The exit code the input leaves (0, or 2 with the reason printed), after printing the skip summary.
    /// `needGames`: an input without one usable game is an error (every command but pgn-stats' counting of one).
    int finish(bool needGames = true);

private:
    bool openNext();

    std::string m_command;
    std::vector<std::string> m_files;
    bool m_keepVariations = true;
    std::size_t m_nextFile = 0;
    std::unique_ptr<chess::PgnReader> m_reader;
    std::string m_file;
    std::string m_readerFile;
    std::int64_t m_gameNumber = 0;
    std::int64_t m_fileGames = 0;
    std::int64_t m_games = 0;
    std::int64_t m_skipped = 0;
    std::int64_t m_watched = 0;
    chess::PgnSkip m_watchedSkip;
    std::string m_inputError;
    std::set<std::pair<std::string, std::int64_t>> m_reported;  ///< (file, number) of skips reported by core
    int m_reportLimit = 20;
    bool m_quietSkips = false;
};

}  // namespace kibitz::cli
