// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli uci: the human-move model as a UCI engine for chess GUIs and bot loops (protocol in
// core/play/uci_server.h).
#include "app/cli/command.h"
#include "core/jobs/human_model.h"
#include "core/play/uci_server.h"

#include <cstdio>
#include <iostream>
#include <string>

namespace kibitz::cli {
namespace {

void printHelp() {
    std::printf(
        "Usage: kibitz-cli uci [--model FILE]\n\n"
        "Speaks UCI on stdin/stdout and plays like a human of the chosen rating: it samples its move from the "
        "human-move\n"
        "model (options UCI_Elo, UCI_LimitStrength, OpponentElo, Temperature, TopP, MultiPV, ModelFile, Threads,\n"
        "HumanTime, Seed). Each multipv line carries a move's human probability as score cp in tenths of a percent\n"
        "(cp 421 = 42.1%%); an info string line gives the percentages. Errors are reported as 'info string error: "
        "...'.\n"
        "  --model PATH     .kibitz bundle, .pt checkpoint, lc0 net (.pb.gz) or folder of rating-band lc0 nets\n"
        "                   (maia-NNNN.pb.gz: UCI_Elo picks them) (default: the shipped model; the ModelFile option\n"
        "                   overrides)\n");
}

int runUci(const std::vector<std::string>& argv) {
    std::string model;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        if (argv[i] == "--help" || argv[i] == "-h") {
            printHelp();
            return kExitOk;
        }
        if (argv[i] == "--model" && i + 1 < argv.size()) {
            model = argv[++i];
            continue;
        }
        std::fprintf(stderr, "kibitz-cli uci: unexpected argument '%s' (see --help)\n", argv[i].c_str());
        return kExitUsage;
    }
    play::UciServerHooks hooks;
    hooks.name = std::string("Kibitz ") + KIBITZ_VERSION;
    hooks.loadModel = [model](const std::string& path) -> Result<std::unique_ptr<encoding::Evaluator>> {
        return jobs::loadHumanEvaluator(QString::fromStdString(path.empty() ? model : path));
    };
    hooks.setThreads = [](int n) { jobs::setModelComputeThreads(n); };
    hooks.write = [](const std::string& line) {
        std::fwrite(line.data(), 1, line.size(), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
    };
    jobs::setModelComputeThreads(1);
    play::UciServer server(std::move(hooks));
    std::string line;
    while (std::getline(std::cin, line)) {
        if (!server.handleLine(line)) return kExitOk;
    }
    server.shutdown();  // end of input: as quit
    return kExitOk;
}

const bool kRegistered =
    registerCommand({"uci", "the human-move model as a UCI engine (for chess GUIs and bots)", runUci});

}  // namespace
}  // namespace kibitz::cli
