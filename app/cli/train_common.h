// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the trainer commands (train human, train-puzzle; in kibitz-cli and the Qt-free kibitz-train) share: the
// --device and --init options and the exit of a finished run. Plain C++, compiled once (kibitz_cli_train); where an
// init converter is installed (kibitz-cli-models: init_checkpoint.cpp) --init also takes bundles.

#include "app/cli/args.h"
#include "core/common/device_choice.h"
#include "core/common/result.h"
#include "core/training/trainer_common.h"

#include <functional>
#include <string>

namespace kibitz::cli {

/// The schedule options every trainer command shares, read with one set of bounds into `o`, whose values are the
/// defaults: --steps N (1..2^40), --stop-after N (-1: the schedule's end), --lr X (1e-9..1), --warmup N (0..),
/// --log-every N (1..), --validate-every N (0: the trainer's rule), --checkpoint-every N (1..), --keep-every N
/// (0: never). A command that does not declare an option never receives it, so its default stays. A value out of
/// bounds is the first error of `args` (args.ok() is false), naming the option and its bounds.
void readScheduleOptions(Args& args, training::ScheduleOptions& o);

/// --device (default: kibitz-cli's global choice); "" or a usage error.
std::string deviceOption(const Args& args, DeviceChoice& device);

/// Turns --init's SOURCE (a bundle or a checkpoint of `kind`) into outDir/fileName and returns that path; sets
/// `error` on failure. The signature of prepareInitCheckpoint (cli_util.h).
using InitConverter =
    std::function<std::string(const std::string& kind, const std::string& source, const std::string& outDir,
                              const std::string& fileName, std::string& error)>;
/// Installs the converter --init uses (kibitz-cli-models installs prepareInitCheckpoint at start-up). Without one
/// (the Qt-free kibitz-train) --init takes checkpoints (.pt) only.
void setInitConverter(InitConverter convert);

/// --init SOURCE as the checkpoint a fine-tune starts from: a bundle is converted to outDir/fileName (kibitz-cli),
/// a checkpoint is used as it is. "" or a usage error.
std::string initOption(const std::string& kind, const std::string& source, const std::string& outDir,
                       const std::string& fileName, std::string& checkpoint);

/// The exit code of a finished run, printing how it ended (a cancelled run checkpointed: exit 0).
int finishTraining(const Status& st, const std::string& prog);

}  // namespace kibitz::cli
