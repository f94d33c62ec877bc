// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/train_puzzle.h"

#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "app/cli/train_common.h"
#include "core/common/cancel_token.h"

#include <cstdio>

namespace kibitz::cli {
namespace {

void printHelp(const std::string& prog, const std::string& extra) {
    std::printf(
        "Usage: %s --csv FILE|DIR... --out DIR [options]\n\n"
        "Trains the GlickFormer puzzle-rating model (seed 000) on Lichess puzzle CSV (.csv/.csv.zst). Puzzles with\n"
        "FNV-1a(PuzzleId) %% 20 == 0 are held out. Writes DIR/latest.pt atomically every --checkpoint-every steps\n"
        "and on SIGINT/SIGTERM; --resume continues exactly where it stopped.\n"
        "  --config NAME        tiny | small (default) | paper; NAME+human (e.g. small+human) adds the human\n"
        "                       solve-probability features (kibitz-cli only: computed with the human-move model,\n"
        "                       cached on disk)\n"
        "  --variant V          fe (factorized encoder, default) | fsa (factorized self-attention) | stacked\n"
        "  --steps N            schedule length (default 40000)     --stop-after N  stop early at step N\n"
        "  --batch B            (default 64)      --lr X  peak learning rate (default 5e-4)   --warmup N (500)\n"
        "  --optimizer O        adamw (default) | rmsprop (paper: rho 0.99)   --weight-decay X (default 0)\n"
        "  --no-target-sampling use the rating itself instead of N(mu, RD^2) samples\n"
        "  --device D           auto (default: CUDA when LibTorch sees a GPU) | cpu | cuda (exit 2 without CUDA)\n"
        "  --threads T (1)  --seed S (1)  --chunk N (50000)  --checkpoint-every N (500)  --validate-every N (2000)\n"
        "  --validation-puzzles N (5000)   --log-every N (50)   --keep-every N (0)   --resume\n"
        "  --init BUNDLE        fine-tune: start from the config, weights and rating normalisation of a .kibitz\n"
        "                       bundle or checkpoint (fresh optimizer state; pick a lower --lr, e.g. 1e-4; a model\n"
        "                       with human features needs NAME+human in --config too)\n"
        "%s",
        prog.c_str(), extra.c_str());
}

}  // namespace

int runTrainPuzzleCommand(const std::vector<std::string>& argv, const std::string& prog,
                          const PuzzleTrainExtras& extras) {
    std::set<std::string> values = {"csv",
                                    "out",
                                    "config",
                                    "variant",
                                    "steps",
                                    "stop-after",
                                    "batch",
                                    "lr",
                                    "warmup",
                                    "optimizer",
                                    "weight-decay",
                                    "threads",
                                    "seed",
                                    "chunk",
                                    "checkpoint-every",
                                    "validate-every",
                                    "validation-puzzles",
                                    "log-every",
                                    "keep-every",
                                    "nll-weight",
                                    "init",
                                    "device"};
    values.insert(extras.valueOptions.begin(), extras.valueOptions.end());
    std::set<std::string> flags = {"resume", "no-target-sampling", "help"};
    flags.insert(extras.flagOptions.begin(), extras.flagOptions.end());
    Args args(argv, values, flags);
    if (args.has("help")) {
        printHelp(prog, extras.help);
        return kExitOk;
    }
    auto usage = [&prog](const std::string& msg) {
        std::fprintf(stderr, "%s: %s\n", prog.c_str(), msg.c_str());
        return int(kExitUsage);
    };
    if (!args.ok()) return usage(args.error());
    training::PuzzleTrainOptions o;
    std::string error;
    o.csvFiles = expandDataArgs(args.values("csv"), {".csv", ".csv.zst"}, error);
    if (!error.empty()) return usage("--csv: " + error);
    if (o.csvFiles.empty()) return usage("--csv is required");
    if (!args.value("out")) return usage("--out is required");
    o.outDir = *args.value("out");
    auto cfg = models::puzzleConfigByName(args.value("config").value_or("small"));
    if (!cfg.ok()) return usage("--config: " + cfg.error().message);
    o.config = cfg.value();
    if (auto v = args.value("variant")) {
        auto variant = models::puzzleVariantFromName(*v);
        if (!variant.ok()) return usage("--variant: " + variant.error().message);
        o.config.variant = variant.value();
    }
    auto optKind = training::optimizerKindFromName(args.value("optimizer").value_or("adamw"));
    if (!optKind.ok()) return usage("--optimizer: " + optKind.error().message);
    o.optimizer.kind = optKind.value();
    o.optimizer.weightDecay = args.doubleValue("weight-decay", 0.0, 0.0, 1.0);
    o.batchSize = int(args.intValue("batch", o.batchSize, 1, 1 << 16));
    o.threads = int(args.intValue("threads", 1, 1, 256));
    o.seed = std::uint64_t(args.intValue("seed", 1, 0, 1LL << 62));
    o.chunkPuzzles = int(args.intValue("chunk", o.chunkPuzzles, 1, 10000000));
    o.validationPuzzles = int(args.intValue("validation-puzzles", o.validationPuzzles, 0, 10000000));
    readScheduleOptions(args, o);
    o.nllWeight = args.doubleValue("nll-weight", o.nllWeight, 0.0, 100.0);
    o.sampleTargets = !args.has("no-target-sampling");
    o.resume = args.has("resume");
    if (!args.ok()) return usage(args.error());
    if (const std::string e = deviceOption(args, o.device); !e.empty()) return usage(e);
    if (auto init = args.value("init")) {
        if (const std::string e = initOption("puzzle", *init, o.outDir, "init.pt", o.initCheckpoint); !e.empty())
            return usage(e);
    }
    if (extras.prepare) {
        if (const std::string e = extras.prepare(args, o); !e.empty()) return usage(e);
    } else if (o.config.humanFeatures > 0) {
        return usage("--config " + *args.value("config") +
                     ": human solve features need the human-move model's jobs; train this config with kibitz-cli");
    }

    CancelToken cancel;
    const StopSignalScope stopOnSignal(cancel);
    training::PuzzleTrainCallbacks cb;
    cb.log = [](const std::string& s) {
        std::printf("%s  %s\n", timestamp().c_str(), s.c_str());
        std::fflush(stdout);
    };
    cb.progress = [&extras](const training::TrainProgress& p) {
        const double mae = p.metric("train_mae");
        const std::string suffix = extras.progressSuffix ? extras.progressSuffix() : std::string();
        std::printf(
            "%s  step %lld/%lld  samples %lld  loss %.4f  train MAE %.1f  lr %.2e  %.0f puzzles/s  ETA %.2f h  "
            "train %.2f h  epoch %lld%s\n",
            timestamp().c_str(), static_cast<long long>(p.step), static_cast<long long>(p.totalSteps),
            static_cast<long long>(p.samplesSeen), p.loss, mae, p.learningRate, p.samplesPerSecond,
            p.etaSeconds / 3600.0, p.wallSeconds / 3600.0, static_cast<long long>(p.epoch), suffix.c_str());
        std::fflush(stdout);
    };
    cb.validation = [](const training::PuzzleValidation& v) {
        std::printf("%s  validation step %lld: model %s\n%s    predict-mean %s\n%s    mean-by-length %s\n",
                    timestamp().c_str(), static_cast<long long>(v.step), v.model.summary().c_str(), timestamp().c_str(),
                    v.predictMean.summary().c_str(), timestamp().c_str(), v.meanByLength.summary().c_str());
        std::printf("%s  validation-json step %lld %s\n", timestamp().c_str(), static_cast<long long>(v.step),
                    v.model.toJson().c_str());
        std::fflush(stdout);
    };
    const Status st = training::trainPuzzleModel(o, cancel, cb);
    if (extras.finish) extras.finish();
    return finishTraining(st, prog);
}

}  // namespace kibitz::cli
