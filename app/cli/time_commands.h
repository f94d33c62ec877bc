// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The think-time commands (cmd_time.cpp): `train time` and `eval time`, dispatched by cmd_train.cpp and cmd_eval.cpp;
// and what `train value` and `train time` (heads on a frozen trunk) read alike (cmd_train.cpp).

#include "core/common/cancel_token.h"
#include "core/common/result.h"

#include <functional>
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

/// A head's training on a frozen trunk: given the cancel token and the log, the run's result as JSON.
using FrozenTrunkRun =
    std::function<Result<std::string>(const CancelToken&, const std::function<void(const std::string&)>&)>;
/// Runs `run` as `kibitz-cli COMMAND` does: Ctrl-C or SIGTERM stops it (the trainer writes its checkpoint), each log
/// line is stamped, the --init checkpoint frozenTrunkInit() made is removed however it ends, an error is printed with
/// the command's name (exit 2 for bad input, else 1) and the result's JSON after "TAG " (`value-json`, `time-json`).
int runFrozenTrunkTraining(const char* command, const char* tag, const std::string& initCheckpoint,
                           const FrozenTrunkRun& run);

int runTrainTime(const std::vector<std::string>& argv);
int runEvalTime(const std::vector<std::string>& argv);

}  // namespace kibitz::cli
