// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/command.h"

namespace kibitz::cli {

std::vector<Command>& commands() {
    static std::vector<Command> all;
    return all;
}

bool registerCommand(Command command) {
    commands().push_back(std::move(command));
    return true;
}

}  // namespace kibitz::cli
