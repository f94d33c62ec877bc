// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Entry points of the puzzle subcommands, so `train` and `eval` can dispatch "train puzzle" / "eval puzzle" here.

#include <string>
#include <vector>

namespace kibitz::cli {

/// `train puzzle ...` (arguments after "puzzle"). Returns an exit code.
int runTrainPuzzle(const std::vector<std::string>& args);
/// `eval puzzle ...` (arguments after "puzzle").
int runEvalPuzzle(const std::vector<std::string>& args);

}  // namespace kibitz::cli
