// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli eval human: top-1/top-3 accuracy and NLL of a human-move checkpoint, per 100-Elo bucket.
#include "app/cli/args.h"
#include "app/cli/command.h"
#include "core/training/human_trainer.h"

#include <cstdio>

namespace kibitz::cli {
namespace {

int runEval(const std::vector<std::string>& argv) {
    Args args(argv, {"pgn", "model", "max-games", "threads", "holdout-permille"}, {"json", "all-games"});
    if (args.has("help")) {
        std::printf(
            "Usage: kibitz-cli eval human --pgn FILE... --model CHECKPOINT [--max-games N] [--all-games] [--json]\n\n"
            "Top-1 and top-3 move accuracy and NLL, overall and per 100-Elo bucket of the mover, on the games held\n"
            "out from training (3%% by Site hash), or on every game with --all-games (for files never trained on).\n"
            "  --model PATH     checkpoint written by 'train human' (e.g. runs/human-small/latest.pt)\n"
            "  --threads T      torch threads (default 1)\n"
            "  --json           one JSON object {positions, top1, top3, nll, by_elo}\n");
        return kExitOk;
    }
    auto usage = [](const std::string& msg) {
        std::fprintf(stderr, "kibitz-cli eval: %s\n", msg.c_str());
        return int(kExitUsage);
    };
    if (!args.ok()) return usage(args.error());
    if (args.positionals().size() != 1 || args.positionals().front() != "human") return usage("expected 'eval human'");
    const auto files = args.values("pgn");
    if (files.empty()) return usage("--pgn is required");
    if (!args.value("model")) return usage("--model is required");
    const auto maxGames = args.intValue("max-games", 0, 0, 1LL << 40);
    const int threads = int(args.intValue("threads", 1, 1, 256));
    const int permille = int(args.intValue("holdout-permille", 30, 0, 1000));
    if (!args.ok()) return usage(args.error());
    auto r = training::evaluateHumanModel(*args.value("model"), files, !args.has("all-games"), permille, maxGames, threads);
    if (!r.ok()) {
        std::fprintf(stderr, "kibitz-cli eval: %s\n", r.error().message.c_str());
        return r.error().code == ErrorCode::InvalidInput ? kExitUsage : kExitFailure;
    }
    if (args.has("json"))
        std::printf("%s\n", r.value().toJson().c_str());
    else
        std::printf("%s\n%s", r.value().summary().c_str(), r.value().table().c_str());
    return kExitOk;
}

const bool kRegistered = registerCommand({"eval", "evaluate a model on held-out data (eval human ...)", runEval});

}  // namespace
}  // namespace kibitz::cli
