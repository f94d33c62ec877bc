// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `train human ...` (argv starts with "human"): parses the options, runs training::trainHumanModel and prints its
// log. Plain C++ (no Qt): kibitz-cli and the Qt-free kibitz-train (app/trainer) both call it. `prog` names the
// program in messages. Without an init converter (the Qt-free build) --init takes checkpoints only.

#include <string>
#include <vector>

namespace kibitz::cli {

int runTrainHuman(const std::vector<std::string>& argv, const std::string& prog);

}  // namespace kibitz::cli
