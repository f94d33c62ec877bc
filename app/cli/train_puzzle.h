// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `train-puzzle ...`: parses the options, runs training::trainPuzzleModel and prints its log. Plain C++ (no Qt):
// kibitz-cli (with the human solve features, which need the human-move model's jobs) and the Qt-free kibitz-train
// (app/trainer; board-only configs, e.g. on a lent GPU machine) both call it. What only kibitz-cli has comes in
// through PuzzleTrainExtras.

#include "app/cli/args.h"
#include "core/training/puzzle_trainer.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace kibitz::cli {

struct PuzzleTrainExtras {
    std::set<std::string> valueOptions;  ///< more options that take a value
    std::set<std::string> flagOptions;   ///< more flags
    std::string help;                    ///< printed after the common options
    /// After the common options are parsed: sets what the extras add (e.g. o.features); returns an error message
    /// (a usage error) or "".
    std::function<std::string(Args& args, training::PuzzleTrainOptions& o)> prepare;
    /// Appended to every progress line (e.g. the feature cost so far).
    std::function<std::string()> progressSuffix;
    /// After training, whatever its outcome (e.g. save a cache).
    std::function<void()> finish;
};

/// `prog` is the command as the user types it ("kibitz-cli train-puzzle"), for the usage line and messages.
int runTrainPuzzleCommand(const std::vector<std::string>& argv, const std::string& prog,
                          const PuzzleTrainExtras& extras);

}  // namespace kibitz::cli
