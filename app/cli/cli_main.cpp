// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_main.h"

#include "app/cli/command.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace kibitz::cli {
namespace {

void printUsage(std::FILE* out) {
    std::fprintf(out, "Usage: kibitz-cli <command> [options]\n\nCommands:\n");
    auto cmds = commands();
    std::sort(cmds.begin(), cmds.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    for (const auto& c : cmds) std::fprintf(out, "  %-14s %s\n", c.name.c_str(), c.summary.c_str());
    std::fprintf(out,
                 "\nRun 'kibitz-cli <command> --help' for the options of a command.\n"
                 "Every command that runs a model also takes --device auto|cpu|cuda (default auto: CUDA when LibTorch\n"
                 "sees a GPU, else the CPU); cuda without CUDA is exit code 2.\n"
                 "Exit codes: 0 ok, 1 runtime failure, 2 bad usage or bad input.\n");
}

}  // namespace

int runMain(int argc, char** argv, const MainHooks& hooks) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("kibitz-cli"));
    QCoreApplication::setOrganizationName(QStringLiteral("Kibitz"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KIBITZ_VERSION));

    if (hooks.handOn)
        if (const auto code = hooks.handOn(argc, argv)) return *code;
    if (hooks.takeOptions)
        if (const auto code = hooks.takeOptions(argc, argv)) return *code;
    if (argc < 2) {
        printUsage(stderr);
        return kExitUsage;
    }
    const std::string name = argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        printUsage(stdout);
        return kExitOk;
    }
    if (name == "--version") {
        std::printf("kibitz-cli %s\n", KIBITZ_VERSION);
        return kExitOk;
    }
    for (const auto& c : commands()) {
        if (c.name == name) {
            std::vector<std::string> args(argv + 2, argv + argc);
            return c.run(args);
        }
    }
    std::fprintf(stderr, "kibitz-cli: unknown command '%s'\n\n", name.c_str());
    printUsage(stderr);
    return kExitUsage;
}

}  // namespace kibitz::cli
