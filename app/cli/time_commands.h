// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The think-time commands (cmd_time.cpp): `train time` and `eval time`, dispatched by cmd_train.cpp and cmd_eval.cpp.

#include <string>
#include <vector>

namespace kibitz::cli {

int runTrainTime(const std::vector<std::string>& argv);
int runEvalTime(const std::vector<std::string>& argv);

}  // namespace kibitz::cli
