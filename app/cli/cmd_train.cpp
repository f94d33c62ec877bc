// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli train human: trains or resumes the human-move model on PGN files.
#include "app/cli/args.h"
#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "app/cli/puzzle_commands.h"
#include "app/cli/time_commands.h"
#include "app/cli/train_common.h"
#include "app/cli/train_human.h"
#include "core/jobs/training_job.h"
#include "core/training/human_trainer.h"
#include "core/training/value_trainer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>

namespace kibitz::cli {
namespace {

void printTrainValueHelp() {
    std::printf(
        "Usage: kibitz-cli train value --pgn FILE|DIR... --init MODEL --out FILE.pt [options]\n\n"
        "Trains the value head (win/draw/loss of a game between humans of the conditioned ratings and clocks, for the\n"
        "side to move) on game results, with the trunk of MODEL frozen; FILE.pt holds the trunk unchanged plus the "
        "head\n"
        "(export it with 'bundle export'). Validation: Brier score and log-loss on held-out games beside the Elo "
        "baseline.\n"
        "  --init MODEL        .kibitz bundle or .pt checkpoint whose trunk is used (a value head in it is continued)\n"
        "  --steps N           optimizer steps (default 4000)\n"
        "  --batch N           positions per step (default 256)\n"
        "  --lr X              peak learning rate (default 1e-3; warm-up 100 steps, cosine to a tenth)\n"
        "  --threads N         torch threads (default 1)\n"
        "  --seed N            data order and initialisation (default 1)\n"
        "  --validate-every N  steps between validations (default 1000; the last step always validates)\n"
        "  --validation-positions N   held-out positions (default 8000)\n"
        "  --baseline-games N  training-split games that fit the Elo baseline's draw shares (default 20000)\n"
        "  --log-every N       steps between progress lines (default 50)\n"
        "  --clock-dropout P   share of positions shown with both clocks and the increment unknown (default 0)\n"
        "  --opening-share S   share of each batch drawn from the training games' first positions (default 0):\n"
        "                      the start position is in every game, so its answer can learn from all of them\n"
        "  --opening-plies K   how many first positions of each game that stream holds (default 2)\n"
        "  --ema D             validate and save the moving average of the head's weights, decay D per step\n"
        "                      (default 0: the weights as they are)\n"
        "  --new-head          start a new head even when MODEL has one (default: continue it; an older kind of\n"
        "                      head is widened with zero columns for the material and the ply)\n");
}

}  // namespace

std::string frozenTrunkInputs(const Args& args, std::vector<std::string>& pgnFiles, std::string& out,
                              std::string& init) {
    std::string error;
    std::vector<std::string> given = args.values("pgn");
    given.insert(given.end(), args.positionals().begin(), args.positionals().end());
    pgnFiles = expandDataArgs(given, {".pgn", ".pgn.zst", ".kgames"}, error);
    if (!error.empty()) return "--pgn: " + error;
    if (pgnFiles.empty()) return "--pgn is required";
    if (!args.value("out")) return "--out is required";
    if (!args.value("init")) return "--init is required";
    out = *args.value("out");
    init = *args.value("init");
    std::vector<std::pair<std::string, std::string>> inputs{{"--init", init}};
    for (const auto& f : pgnFiles) inputs.emplace_back("--pgn", f);
    return outputIsInput("--out", out, inputs);
}

std::string frozenTrunkInit(const std::string& init, const std::string& out, std::string& checkpoint) {
    const std::string outDir = std::filesystem::path(out).parent_path().string();
    std::string error;
    checkpoint = prepareInitCheckpoint("human", init, outDir.empty() ? "." : outDir,
                                       std::filesystem::path(out).stem().string() + ".init.pt", error);
    return error.empty() ? std::string() : "--init: " + error;
}

int runFrozenTrunkTraining(const char* command, const char* tag, const std::string& initCheckpoint,
                           const FrozenTrunkRun& run) {
    CancelToken cancel;
    const StopSignalScope stopOnSignal(cancel);
    auto r = run(cancel, [](const std::string& s) {
        std::printf("%s  %s\n", timestamp().c_str(), s.c_str());
        std::fflush(stdout);
    });
    std::error_code ec;
    std::filesystem::remove(initCheckpoint, ec);
    if (!r) {
        std::fprintf(stderr, "kibitz-cli %s: %s\n", command, r.error().message.c_str());
        return r.error().code == ErrorCode::InvalidInput ? kExitUsage : kExitFailure;
    }
    std::printf("%s  %s %s\n", timestamp().c_str(), tag, r->c_str());
    return kExitOk;
}

namespace {

int runTrainValue(const std::vector<std::string>& argv) {
    Args args(
        argv,
        {"pgn", "init", "out", "steps", "batch", "lr", "threads", "seed", "validate-every", "validation-positions",
         "baseline-games", "log-every", "clock-dropout", "opening-share", "opening-plies", "ema"},
        {"new-head"});
    if (args.has("help")) {
        printTrainValueHelp();
        return kExitOk;
    }
    auto usage = [](const std::string& msg) {
        std::fprintf(stderr, "kibitz-cli train value: %s\n", msg.c_str());
        return int(kExitUsage);
    };
    if (!args.ok()) return usage(args.error());
    training::ValueTrainOptions o;
    std::string init;
    if (const std::string e = frozenTrunkInputs(args, o.pgnFiles, o.outCheckpoint, init); !e.empty()) return usage(e);
    o.batchSize = int(args.intValue("batch", o.batchSize, 1, 1 << 20));
    o.threads = int(args.intValue("threads", o.threads, 1, 256));
    o.seed = std::uint64_t(args.intValue("seed", 1, 0, 1LL << 62));
    o.validationPositions = int(args.intValue("validation-positions", o.validationPositions, 1, 10000000));
    o.baselineGames = args.intValue("baseline-games", o.baselineGames, 1, 1LL << 40);
    readScheduleOptions(args, o);
    o.clockDropout = args.doubleValue("clock-dropout", o.clockDropout, 0.0, 1.0);
    o.openingShare = args.doubleValue("opening-share", o.openingShare, 0.0, 1.0);
    o.openingPlies = int(args.intValue("opening-plies", o.openingPlies, 1, 400));
    o.emaDecay = args.doubleValue("ema", o.emaDecay, 0.0, 0.999999);
    o.newHead = args.has("new-head");
    if (!args.ok()) return usage(args.error());
    if (const std::string e = frozenTrunkInit(init, o.outCheckpoint, o.initCheckpoint); !e.empty()) return usage(e);

    return runFrozenTrunkTraining("train value", "value-json", o.initCheckpoint,
                                  [&](const CancelToken& cancel, const auto& log) -> Result<std::string> {
                                      auto r = training::trainValueHead(o, cancel, log);
                                      if (!r) return r.error();
                                      return r->toJson();
                                  });
}

int runTrain(const std::vector<std::string>& argv) {
    // "train puzzle ..." goes to the puzzle-rating trainer with its own options.
    if (!argv.empty() && argv.front() == "puzzle") return runTrainPuzzle({argv.begin() + 1, argv.end()});
    if (!argv.empty() && argv.front() == "value") return runTrainValue({argv.begin() + 1, argv.end()});
    if (!argv.empty() && argv.front() == "time") return runTrainTime({argv.begin() + 1, argv.end()});
    return runTrainHuman(argv, "kibitz-cli train");
}

const bool kRegistered =
    registerCommand({"train", "train a model (train human|value|time --pgn ... | train puzzle --csv ...)", runTrain});

}  // namespace
}  // namespace kibitz::cli
