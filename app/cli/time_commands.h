// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The think-time commands (cmd_time.cpp): `train time` and `eval time`, dispatched by cmd_train.cpp and cmd_eval.cpp;
// and what `train value` and `train time` (heads on a frozen trunk) read alike (cmd_train.cpp).

#include <string>
#include <vector>

namespace kibitz::cli {

class Args;

/// The inputs of a head trained on a frozen trunk (`train value`, `train time`): the game files of --pgn and the
/// positional arguments (.pgn, .pgn.zst, .kgames), --out and --init, refusing an --out that is one of them. Returns ""
/// or a usage error.
std::string frozenTrunkInputs(const Args& args, std::vector<std::string>& pgnFiles, std::string& out,
                              std::string& init);
/// Once every other option is read: the --init model as a checkpoint beside `out` (a bundle becomes
/// <out's stem>.init.pt, which the caller removes when the run ends). Returns "" or a usage error.
std::string frozenTrunkInit(const std::string& init, const std::string& out, std::string& checkpoint);

int runTrainTime(const std::vector<std::string>& argv);
int runEvalTime(const std::vector<std::string>& argv);

}  // namespace kibitz::cli
