// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace kibitz::cli {

/// Exit codes (docs/user/cli.md): 0 ok, 1 runtime failure, 2 bad usage or bad input.
enum ExitCode : int { kExitOk = 0, kExitFailure = 1, kExitUsage = 2 };

/// A kibitz-cli subcommand. `run` receives the arguments after the subcommand name and returns an exit code.
struct Command {
    std::string name;
    std::string summary;
    std::function<int(const std::vector<std::string>& args)> run;
};

/// All subcommands, in the order `--help` lists them. Each cmd_*.cpp registers itself via registerCommand.
std::vector<Command>& commands();
/// Registers a command at static-initialisation time; returns true so it can initialise a static bool.
bool registerCommand(Command command);

}  // namespace kibitz::cli
