// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The human-feature options shared by train puzzle, eval puzzle and rate: --human-model, --feature-cache,
// --no-feature-cache, --allow-human-mismatch; and the engine-stage options of eval puzzle and rate: --engine,
// --engine-cache, --no-engine, --engine-jobs.

#include "app/cli/args.h"
#include "core/jobs/puzzle_engine.h"
#include "core/jobs/puzzle_human.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <set>
#include <string>

namespace kibitz::cli {

/// Value options of the human-feature group (add to the command's Args).
inline std::set<std::string> withHumanValueOptions(std::set<std::string> options) {
    options.insert({"human-model", "feature-cache", "engine", "engine-cache", "engine-jobs", "maia", "maia-cache"});
    return options;
}
/// Flag options of the human-feature group.
inline std::set<std::string> withHumanFlagOptions(std::set<std::string> flags) {
    flags.insert({"no-feature-cache", "allow-human-mismatch", "no-engine"});
    return flags;
}

/// The options as given; warnings go to stderr prefixed with `command`.
inline jobs::HumanFeatureOptions humanFeatureOptions(const Args& args, const std::string& command) {
    jobs::HumanFeatureOptions h;
    h.humanModel = QString::fromStdString(args.value("human-model").value_or(""));
    h.cachePath = args.value("feature-cache").value_or("");
    h.useCache = !args.has("no-feature-cache");
    h.allowMismatch = args.has("allow-human-mismatch");
    h.maiaFolder = QString::fromStdString(args.value("maia").value_or(""));
    h.maiaCachePath = args.value("maia-cache").value_or("");
    h.warn = [command](const std::string& msg) {
        std::fprintf(stderr, "kibitz-cli %s: warning: %s\n", command.c_str(), msg.c_str());
    };
    return h;
}

/// A HumanFeatureOptions::progress that prints, one line per computed part, how many solve features this command
/// has computed so far (over all its calls) and at what rate.
inline std::function<void(std::int64_t, std::int64_t)> solveFeatureProgress() {
    return [total = std::make_shared<std::int64_t>(0), start = std::chrono::steady_clock::now()](std::int64_t done,
                                                                                                 std::int64_t missing) {
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::fprintf(stderr, "\rsolve features: %lld puzzles computed (%.1f puzzles/s)%s",
                     static_cast<long long>(*total + done), secs > 0 ? double(*total + done) / secs : 0.0,
                     done == missing ? "\n" : "");
        if (done == missing) *total += missing;
    };
}

/// The engine-stage options as given (validate --engine-jobs with args.intValue first); warnings go to stderr.
inline jobs::EngineFeatureOptions engineFeatureOptions(Args& args, const std::string& command) {
    jobs::EngineFeatureOptions e;
    e.attach = !args.has("no-engine");
    e.engine = QString::fromStdString(args.value("engine").value_or(""));
    e.cachePath = args.value("engine-cache").value_or("");
    e.jobs = int(args.intValue("engine-jobs", 1, 1, 64));
    e.warn = [command](const std::string& msg) {
        std::fprintf(stderr, "kibitz-cli %s: warning: %s\n", command.c_str(), msg.c_str());
    };
    return e;
}

/// Help text of the group.
inline const char* humanOptionsHelp() {
    return "  --human-model PATH   human-move model for the solve features of +human models (default: the default\n"
           "                       human model; must be the one the puzzle model was trained with)\n"
           "  --feature-cache F    solve-feature cache file (default: $KIBITZ_CACHE_DIR or ~/.cache/kibitz/\n"
           "                       solve-features-<human sha256>.bin)   --no-feature-cache  always recompute\n"
           "  --allow-human-mismatch  use a puzzle model with another human model than it was trained with (warns)\n"
           "  --maia DIR           the nine Maia-1 nets, for engine stages that take their features (default:\n"
           "                       $KIBITZ_MAIA_DIR or the installed maia-1 folder)   --maia-cache F  their cache\n"
           "  --engine PATH        UCI engine for the engine stage of models that have one (default: Stockfish on\n"
           "                       PATH or in /usr/games; without one such models rate from the boards alone)\n"
           "  --engine-cache F     engine-feature cache (default: $KIBITZ_CACHE_DIR or ~/.cache/kibitz/\n"
           "                       engine-features-<hash of engine, depth, lines>.bin)\n"
           "  --engine-jobs N      engines searching in parallel (default 1)   --no-engine  skip the engine stage\n";
}

}  // namespace kibitz::cli
