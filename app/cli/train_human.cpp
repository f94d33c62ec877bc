// SPDX-License-Identifier: GPL-3.0-or-later
// `train human`: the human-move trainer's command line, shared by kibitz-cli and the Qt-free kibitz-train.
#include "app/cli/train_human.h"

#include "app/cli/args.h"
#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "app/cli/train_common.h"
#include "core/training/human_trainer.h"

#include <cstdio>
#include <string>
#include <vector>

namespace kibitz::cli {

namespace {

void printTrainHelp(const std::string& prog) {
    std::printf(
        "Usage: %s human --pgn FILE|DIR... --out DIR [options]\n\n"
        "Trains the human-move model on .pgn/.pgn.zst games (Elo from tags, clocks from [%%clk], increment from\n"
        "TimeControl). 3%% of games (by Site hash) are held out for validation. Writes DIR/latest.pt every\n"
        "--checkpoint-every steps (atomically) and stops cleanly with a checkpoint on SIGINT/SIGTERM.\n"
        "  --config NAME        tiny | small (default) | medium; NAME-v2 (e.g. small-v2) for encoding v2 (last moves,\n"
        "                       move features, FiLM conditioning); with --init of a v1 checkpoint of the same shape\n"
        "                       it warm-starts from the v1 weights\n"
        "  --max-band-share X   cap any 200-point band of the mover's rating at this share of training positions\n"
        "  --max-player-share X cap any one player (as the mover) at this share (both: 0 = off, the default)\n"
        "  --view V             mover (default; board flipped for Black) | absolute\n"
        "  --steps N            length of the warm-up + cosine schedule (default 200000)\n"
        "  --stop-after N       stop at step N (with a checkpoint) although the schedule is longer\n"
        "  --batch B            global batch size (default 256)\n"
        "  --lr X               peak learning rate (default 1e-3)\n"
        "  --warmup N           warm-up steps (default 1000)\n"
        "  --threads T          torch threads per process (default 1)\n"
        "  --device D           auto (default: CUDA when LibTorch sees a GPU) | cpu | cuda (exit 2 without CUDA)\n"
        "  --fp32               on CUDA, train in fp32 instead of bf16 autocast (the CPU always trains in fp32)\n"
        "  --sync-every-step    on CUDA, read the loss and gradient norm every step (slower; by default a step\n"
        "                       reads nothing back until the next log line)\n"
        "  --seed S             seed for weights, data order and conditioning drop (default 1)\n"
        "  --checkpoint-every N (default 1000)   --validate-every N (default 2000)   --log-every N (default 50)\n"
        "  --no-bucket          do not group batches by piece count (more padding, plain shuffle)\n"
        "  --resume             continue from DIR/latest.pt if it exists (same batch, seed and data)\n"
        "  --init BUNDLE        fine-tune: start from the config and weights of a .kibitz bundle or checkpoint\n"
        "                       (fresh optimizer state; pick a lower --lr, e.g. 1e-4)\n"
        "  --teacher DIR        distil a folder of rating-band lc0 nets (Maia-1: maia-1100.pb.gz ... "
        "maia-1900.pb.gz):\n"
        "                       their distribution at the mover's rating becomes a second target\n"
        "  --teacher-weight W   loss = cross-entropy + W x KL(teacher || model) (default 1)\n"
        "  --teacher-relabel S  share of positions shown at a random band's rating with the teacher as the only\n"
        "                       target (default 0; at most 0.9)\n"
        "  --rating-contrast W  add W x the rating contrast: each position is read again with both ratings moved\n"
        "                       toward the middle (1700), and where that brings the mover nearer it (the ends of\n"
        "                       the range) the played move should tell the true ratings from the shifted ones\n"
        "                       (-log sigmoid of the two log-probabilities' difference; default 0: off; a second\n"
        "                       forward and backward pass a step)\n"
        "  --contrast-away N    how far the rating contrast moves the ratings, in points (default 800)\n"
        "  --world-size W --rank R --master HOST:PORT   data-parallel training over W processes (c10d Gloo)\n",
        prog.c_str());
}

}  // namespace

int runTrainHuman(const std::vector<std::string>& argv, const std::string& prog) {
    Args args(argv,
              {"pgn",
               "config",
               "view",
               "out",
               "steps",
               "stop-after",
               "batch",
               "lr",
               "warmup",
               "threads",
               "seed",
               "checkpoint-every",
               "validate-every",
               "log-every",
               "world-size",
               "rank",
               "master",
               "validation-positions",
               "chunk-games",
               "init",
               "max-band-share",
               "max-player-share",
               "device",
               "teacher",
               "teacher-weight",
               "teacher-relabel",
               "rating-contrast",
               "contrast-away"},
              {"resume", "no-bucket", "fp32", "sync-every-step"});
    if (args.has("help")) {
        printTrainHelp(prog);
        return kExitOk;
    }
    auto usage = [&prog](const std::string& msg) {
        std::fprintf(stderr, "%s: %s\n", prog.c_str(), msg.c_str());
        return int(kExitUsage);
    };
    if (!args.ok()) return usage(args.error());
    if (args.positionals().empty() || args.positionals().front() != "human")
        return usage("expected 'train human ...', 'train value ...', 'train time ...' or 'train puzzle ...'");
    training::TrainOptions o;
    std::string error;
    // Files after --pgn, repeated or (as a shell glob expands) following it as plain arguments.
    std::vector<std::string> given = args.values("pgn");
    given.insert(given.end(), args.positionals().begin() + 1, args.positionals().end());
    o.pgnFiles = expandDataArgs(given, {".pgn", ".pgn.zst", ".kgames"}, error);
    if (!error.empty()) return usage("--pgn: " + error);
    if (o.pgnFiles.empty()) return usage("--pgn is required");
    if (!args.value("out")) return usage("--out is required");
    o.outDir = *args.value("out");
    auto cfg = models::modelConfigByName(args.value("config").value_or("small"));
    if (!cfg.ok()) return usage("--config: " + cfg.error().message);
    o.config = cfg.value();
    const std::string view = args.value("view").value_or("mover");
    if (view != "mover" && view != "absolute") return usage("--view: expected mover or absolute");
    o.config.view = view == "mover" ? encoding::BoardView::Mover : encoding::BoardView::Absolute;
    o.batchSize = int(args.intValue("batch", o.batchSize, 1, 1 << 20));
    o.threads = int(args.intValue("threads", o.threads, 1, 256));
    if (const std::string e = deviceOption(args, o.device); !e.empty()) return usage(e);
    o.mixedPrecision = !args.has("fp32");
    if (args.has("sync-every-step")) o.stepReads = training::StepReads::EveryStep;
    o.seed = std::uint64_t(args.intValue("seed", 1, 0, 1LL << 62));
    readScheduleOptions(args, o);
    o.validationPositions = int(args.intValue("validation-positions", o.validationPositions, 0, 10000000));
    o.chunkGames = int(args.intValue("chunk-games", o.chunkGames, 1, 10000000));
    o.worldSize = int(args.intValue("world-size", 1, 1, 1024));
    o.rank = int(args.intValue("rank", 0, 0, 1023));
    o.resume = args.has("resume");
    o.bucketBySize = !args.has("no-bucket");
    o.maxRatingBandShare = args.doubleValue("max-band-share", 0.0, 0.0, 1.0);
    o.maxPlayerShare = args.doubleValue("max-player-share", 0.0, 0.0, 1.0);
    o.teacher = args.value("teacher").value_or("");
    o.teacherWeight = args.doubleValue("teacher-weight", o.teacherWeight, 0.0, 100.0);
    o.teacherRelabel = args.doubleValue("teacher-relabel", o.teacherRelabel, 0.0, 0.9);
    if (o.teacher.empty() && (args.value("teacher-weight") || args.value("teacher-relabel")))
        return usage("--teacher-weight and --teacher-relabel apply to --teacher");
    o.ratingContrast = args.doubleValue("rating-contrast", 0.0, 0.0, 100.0);
    o.ratingContrastAway = int(args.intValue("contrast-away", o.ratingContrastAway, 1, 4000));
    if (o.ratingContrast == 0.0 && args.value("contrast-away"))
        return usage("--contrast-away applies to --rating-contrast");
    if (auto m = args.value("master")) {
        const auto colon = m->rfind(':');
        if (colon == std::string::npos) return usage("--master: expected HOST:PORT");
        o.masterAddr = m->substr(0, colon);
        try {
            o.masterPort = std::stoi(m->substr(colon + 1));
        } catch (const std::exception&) {
            return usage("--master: bad port in '" + *m + "'");
        }
    }
    if (!args.ok()) return usage(args.error());
    if (o.rank >= o.worldSize) return usage("--rank must be below --world-size");
    if (auto init = args.value("init")) {
        // Every rank converts the bundle itself (into its own file: they run at the same time).
        const std::string name = o.worldSize > 1 ? "init.rank" + std::to_string(o.rank) + ".pt" : "init.pt";
        if (const std::string e = initOption("human", *init, o.outDir, name, o.initCheckpoint); !e.empty())
            return usage(e);
    }

    CancelToken cancel;
    const StopSignalScope stopOnSignal(cancel);

    training::TrainCallbacks cb;
    cb.log = [](const std::string& s) {
        std::printf("%s  %s\n", timestamp().c_str(), s.c_str());
        std::fflush(stdout);
    };
    cb.progress = [](const training::TrainProgress& p) {
        std::printf(
            "%s  step %lld/%lld  samples %lld  loss %.4f  acc %.2f%%  lr %.2e  %.0f samples/s  ETA %.1f h  "
            "train %.2f h  epoch %lld\n",
            timestamp().c_str(), static_cast<long long>(p.step), static_cast<long long>(p.totalSteps),
            static_cast<long long>(p.samplesSeen), p.loss, 100.0 * p.metric("accuracy"), p.learningRate,
            p.samplesPerSecond, p.etaSeconds / 3600.0, p.wallSeconds / 3600.0, static_cast<long long>(p.epoch));
        std::fflush(stdout);
    };
    cb.validation = [](std::int64_t step, const training::MoveMetrics& m) {
        std::printf("%s  validation step %lld: %s\n%s", timestamp().c_str(), static_cast<long long>(step),
                    m.summary().c_str(), m.table().c_str());
        std::printf("%s  validation-json step %lld %s\n", timestamp().c_str(), static_cast<long long>(step),
                    m.toJson().c_str());
        std::fflush(stdout);
    };
    const Status st = training::trainHumanModel(o, cancel, cb);
    return finishTraining(st, prog);
}

}  // namespace kibitz::cli
