// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli: the light front (perft, pgn-stats, puzzle-stats, pack-games, --version). In a build with LibTorch it
// hands every other command, and the help, to kibitz-cli-models; in a build without, it is the whole CLI (bundle
// included).
#include "app/cli/cli_main.h"
#include "app/cli/command.h"
#include "core/storage/bundle.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

#if KIBITZ_CLI_FRONT
/// Replaces this process by kibitz-cli-models (the same program with LibTorch): same pid, same standard streams, same
/// exit code. Returns only when that fails.
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

/// Here: --version and the commands compiled into this binary. The rest, the help and the usage text (which lists
/// every command) come from kibitz-cli-models.
std::optional<int> runHereOrHandOn(int argc, char** argv) {
    const std::string first = argc >= 2 ? argv[1] : std::string();
    bool local = first == "--version";
    for (const auto& c : kibitz::cli::commands()) local = local || c.name == first;
    // `bundle info` runs the loaders' checks (tensor shapes come from the model code) and `bundle export` writes from
    // a checkpoint: both need LibTorch. A file the storage layer already refuses (not a zip, a checksum, a zip bomb)
    // is refused here, in milliseconds and without loading LibTorch.
    if (first == "bundle") {
        std::vector<std::string> files;
        for (int i = 3; i < argc; ++i)
            if (argv[i][0] != '-') files.emplace_back(argv[i]);
        if (argc >= 4 && std::string(argv[2]) == "info" && files.size() == 1) {
            if (auto b = kibitz::storage::readBundle(QString::fromLocal8Bit(files.front().c_str())); !b) {
                std::fprintf(stderr, "kibitz-cli bundle: %s\n", b.error().message.c_str());
                return int(kibitz::cli::kExitUsage);
            }
        }
    }
    if (local) return std::nullopt;
    return handToModels(argv);
}
#endif

}  // namespace

int main(int argc, char** argv) {
    kibitz::cli::MainHooks hooks;
#if KIBITZ_CLI_FRONT
    hooks.handOn = runHereOrHandOn;
#endif
    return kibitz::cli::runMain(argc, argv, hooks);
}
