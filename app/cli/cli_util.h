// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Small helpers shared by the long-running subcommands (train human, train puzzle).

#include "core/common/cancel_token.h"

#include <chrono>
#include <string>
#include <utility>
#include <vector>

namespace kibitz::cli {

/// Local time as "YYYY-MM-DD hh:mm:ss", for log lines.
std::string timestamp();

/// Files named on the command line; a directory stands for its files ending in one of `suffixes` (sorted).
/// Sets `error` (naming the argument) for a missing path or a directory without such files.
std::vector<std::string> expandDataArgs(const std::vector<std::string>& given, const std::vector<std::string>& suffixes,
                                        std::string& error);

/// Refusing to overwrite what a command reads: the message "OUTNAME OUT is also the NAME input; write to another
/// file" (names as the usage writes them: "--out", "CHECKPOINT") for the first of `inputs` (option name, path) that is
/// the output file itself (the same file by any path or link), else empty. An output that does not exist yet is no
/// input.
std::string outputIsInput(const std::string& outFlag, const std::string& out,
                          const std::vector<std::pair<std::string, std::string>>& inputs);

/// Fine-tuning (--init): writes the model of `source` (a .kibitz bundle or a checkpoint of `kind`, "human" or
/// "puzzle") as `outDir`/`fileName` (creating the folder), which the trainers read as their initial weights, and
/// returns that path. Sets `error` (naming the file) on failure. Only in kibitz-cli-models (init_checkpoint.cpp).
std::string prepareInitCheckpoint(const std::string& kind, const std::string& source, const std::string& outDir,
                                  const std::string& fileName, std::string& error);

/// A long command's progress on stderr. On a terminal the line is redrawn in place (a carriage return) at most ten
/// times a second; into a file or a pipe (a log, a script) each state is a line of its own, at most one every ten
/// seconds, so the log reads as lines and does not fill up. The last state of a stage (`last`) is always shown and
/// ends the line. Not thread-safe: one thread shows.
class ProgressLine {
public:
    ProgressLine();  ///< on a terminal when stderr is one
    explicit ProgressLine(bool terminal);
    /// Shows the state printf-style (no newline in the format).
    [[gnu::format(printf, 3, 4)]] void show(bool last, const char* format, ...);
    /// Ends a terminal line left open by a state that was not the last (before a message of another kind, or when a
    /// stage stops short); nothing otherwise.
    void end();

private:
    bool terminal_;
    bool shown_ = false;  // a state was shown since the last one that ended a line
    std::chrono::steady_clock::time_point at_{};
    std::size_t width_ = 0;  // of the line drawn on the terminal, blanked past a shorter one
};

/// While alive, SIGINT and SIGTERM set `token` (so a run stops at the next step with a checkpoint) instead of
/// killing the process. Restores the default handlers on destruction. One at a time.
class StopSignalScope {
public:
    explicit StopSignalScope(const CancelToken& token);
    ~StopSignalScope();
    StopSignalScope(const StopSignalScope&) = delete;
    StopSignalScope& operator=(const StopSignalScope&) = delete;
};

}  // namespace kibitz::cli
