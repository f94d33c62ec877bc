// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `eval strength` (cmd_strength.cpp), dispatched by cmd_eval.cpp.

#include <string>
#include <vector>

namespace kibitz::cli {

int runEvalStrength(const std::vector<std::string>& argv);

}  // namespace kibitz::cli
