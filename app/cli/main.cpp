// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli: headless front end. Each subcommand lives in its own cmd_*.cpp and registers itself.
#include "app/cli/command.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

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

namespace {

void printUsage(std::FILE* out) {
    std::fprintf(out, "Usage: kibitz-cli <command> [options]\n\nCommands:\n");
    auto cmds = kibitz::cli::commands();
    std::sort(cmds.begin(), cmds.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    for (const auto& c : cmds) std::fprintf(out, "  %-14s %s\n", c.name.c_str(), c.summary.c_str());
    std::fprintf(out,
                 "\nRun 'kibitz-cli <command> --help' for the options of a command.\n"
                 "Exit codes: 0 ok, 1 runtime failure, 2 bad usage or bad input.\n");
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("kibitz-cli"));
    QCoreApplication::setOrganizationName(QStringLiteral("Kibitz"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KIBITZ_VERSION));

    if (argc < 2) {
        printUsage(stderr);
        return kibitz::cli::kExitUsage;
    }
    const std::string name = argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        printUsage(stdout);
        return kibitz::cli::kExitOk;
    }
    if (name == "--version") {
        std::printf("kibitz-cli %s\n", KIBITZ_VERSION);
        return kibitz::cli::kExitOk;
    }
    for (const auto& c : kibitz::cli::commands()) {
        if (c.name == name) {
            std::vector<std::string> args(argv + 2, argv + argc);
            return c.run(args);
        }
    }
    std::fprintf(stderr, "kibitz-cli: unknown command '%s'\n\n", name.c_str());
    printUsage(stderr);
    return kibitz::cli::kExitUsage;
}
