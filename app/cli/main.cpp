// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli: headless front end. Each subcommand lives in its own cmd_*.cpp and registers itself.
#include "app/cli/command.h"
#include "core/storage/bundle.h"

#if KIBITZ_HAVE_TORCH
#include "core/models/compute_device.h"
#endif

#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

void printUsage(std::FILE* out) {
    std::fprintf(out, "Usage: kibitz-cli <command> [options]\n\nCommands:\n");
    auto cmds = kibitz::cli::commands();
    std::sort(cmds.begin(), cmds.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    for (const auto& c : cmds) std::fprintf(out, "  %-14s %s\n", c.name.c_str(), c.summary.c_str());
    std::fprintf(out,
                 "\nRun 'kibitz-cli <command> --help' for the options of a command.\n"
                 "Every command that runs a model also takes --device auto|cpu|cuda (default auto: CUDA when LibTorch\n"
                 "sees a GPU, else the CPU); cuda without CUDA is exit code 2.\n"
                 "Exit codes: 0 ok, 1 runtime failure, 2 bad usage or bad input.\n");
}

#if KIBITZ_CLI_FRONT
/// The light front hands a command it does not run itself to kibitz-cli-models (the same program with LibTorch),
/// replacing this process: same pid, same standard streams, same exit code. Returns only when that fails.
int handToModels(char** argv) {
    const QString dir = QCoreApplication::applicationDirPath();
    const QString candidates[] = {dir + QStringLiteral("/kibitz-cli-models"),
                                  dir + QLatin1Char('/') + QStringLiteral(KIBITZ_CLI_MODELS_RELATIVE)};
    for (const QString& c : candidates) {
        if (!QFileInfo(c).isExecutable()) continue;
        const std::string path = QFileInfo(c).absoluteFilePath().toStdString();
        argv[0] = const_cast<char*>(path.c_str());
        ::execv(path.c_str(), argv);
        std::fprintf(stderr, "kibitz-cli: cannot run %s: %s\n", path.c_str(), std::strerror(errno));
        return kibitz::cli::kExitFailure;
    }
    std::fprintf(stderr,
                 "kibitz-cli: '%s' needs the model part of Kibitz (kibitz-cli-models), which is not installed\n"
                 "next to this program (looked in %s and %s)\n",
                 argv[1] ? argv[1] : "help", qPrintable(candidates[0]), qPrintable(candidates[1]));
    return kibitz::cli::kExitFailure;
}
#endif

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("kibitz-cli"));
    QCoreApplication::setOrganizationName(QStringLiteral("Kibitz"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KIBITZ_VERSION));

#if KIBITZ_CLI_FRONT
    {
        // Here: --version and the commands compiled into this binary (not bundle). The rest, the help
        // and the usage text (which lists every command) come from kibitz-cli-models.
        const std::string first = argc >= 2 ? argv[1] : std::string();
        bool local = first == "--version";
        for (const auto& c : kibitz::cli::commands()) local = local || c.name == first;
        // `bundle info` runs the loaders' checks (tensor shapes come from the model code) and `bundle export`
        // writes from a checkpoint: both need LibTorch. A file the storage layer already refuses (not a zip, a
        // checksum, a zip bomb) is refused here, in milliseconds and without loading LibTorch.
        if (first == "bundle") {
            local = false;
            std::vector<std::string> files;
            for (int i = 3; i < argc; ++i)
                if (argv[i][0] != '-') files.emplace_back(argv[i]);
            if (argc >= 4 && std::string(argv[2]) == "info" && files.size() == 1) {
                if (auto b = kibitz::storage::readBundle(QString::fromLocal8Bit(files.front().c_str())); !b) {
                    std::fprintf(stderr, "kibitz-cli bundle: %s\n", b.error().message.c_str());
                    return kibitz::cli::kExitUsage;
                }
            }
        }
        if (!local) return handToModels(argv);
    }
#endif
#if KIBITZ_HAVE_TORCH
    // --device auto|cpu|cuda, for every model command (and in any place after the program name): where the models
    // run. Taken out here, before the command parses its own options; `cuda` without CUDA is bad usage (exit 2).
    for (int i = 1; i < argc;) {
        std::string value;
        int used = 0;
        if (std::strcmp(argv[i], "--device") == 0) {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "kibitz-cli: --device needs a value: auto, cpu or cuda\n");
                return kibitz::cli::kExitUsage;
            }
            value = argv[i + 1];
            used = 2;
        } else if (std::strncmp(argv[i], "--device=", 9) == 0) {
            value = argv[i] + 9;
            used = 1;
        } else {
            ++i;
            continue;
        }
        const auto choice = kibitz::parseDeviceChoice(value);
        if (!choice) {
            std::fprintf(stderr, "kibitz-cli: --device: '%s' is not one of auto, cpu, cuda\n", value.c_str());
            return kibitz::cli::kExitUsage;
        }
        const auto usable = kibitz::models::useDevice(*choice);
        if (!usable.ok()) {
            std::fprintf(stderr, "kibitz-cli: --device cuda: %s\n", usable.error().message.c_str());
            return kibitz::cli::kExitUsage;
        }
        for (int j = i; j + used <= argc; ++j) argv[j] = argv[j + used];  // argv[argc] is the null pointer
        argc -= used;
    }
#endif
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
