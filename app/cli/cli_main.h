// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The body of kibitz-cli's two programs (the light front, front_main.cpp, and kibitz-cli-models, models_main.cpp):
// the application object, the usage text, --version and the dispatch to a registered command. What differs between
// the programs comes in as hooks, so this file is compiled once.

#include <functional>
#include <optional>

namespace kibitz::cli {

struct MainHooks {
    /// Before anything else: may end the run with an exit code (the front hands a command it does not run to
    /// kibitz-cli-models and returns only when that fails), or return nullopt to go on here.
    std::function<std::optional<int>(int argc, char** argv)> handOn;
    /// Takes program-wide options out of argv (shifting the rest down, argv[argc] staying the null pointer) before the
    /// command parses its own: kibitz-cli-models' --device. An exit code ends the run (bad usage).
    std::function<std::optional<int>(int& argc, char** argv)> takeOptions;
};

/// Runs the command named by argv[1] with the rest of the arguments; the usage text on none, --help or an unknown
/// name. Returns the process's exit code.
int runMain(int argc, char** argv, const MainHooks& hooks);

}  // namespace kibitz::cli
