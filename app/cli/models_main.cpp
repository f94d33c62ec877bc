// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli-models: every kibitz-cli command, linked with LibTorch (the light front hands it what it does not run).
#include "app/cli/cli_main.h"
#include "app/cli/command.h"
#include "core/models/compute_device.h"

#include <cstdio>
#include <cstring>
#include <string>

namespace {

/// --device auto|cpu|cuda, for every model command and in any place after the program name: where the models run.
/// Taken out before the command parses its own options; `cuda` without CUDA is bad usage (exit 2).
std::optional<int> takeDeviceOption(int& argc, char** argv) {
    for (int i = 1; i < argc;) {
        std::string value;
        int used = 0;
        if (std::strcmp(argv[i], "--device") == 0) {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "kibitz-cli: --device needs a value: auto, cpu or cuda\n");
                return int(kibitz::cli::kExitUsage);
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
            return int(kibitz::cli::kExitUsage);
        }
        const auto usable = kibitz::models::useDevice(*choice);
        if (!usable.ok()) {
            std::fprintf(stderr, "kibitz-cli: --device cuda: %s\n", usable.error().message.c_str());
            return int(kibitz::cli::kExitUsage);
        }
        for (int j = i; j + used <= argc; ++j) argv[j] = argv[j + used];  // argv[argc] is the null pointer
        argc -= used;
    }
    return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
    kibitz::cli::MainHooks hooks;
    hooks.takeOptions = takeDeviceOption;
    return kibitz::cli::runMain(argc, argv, hooks);
}
