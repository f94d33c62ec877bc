// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli train time | eval time: the think-time head (how long a human takes over a move) trained on the clocks
// of clocked games, and scored against the seconds really spent beside the plain clock rule.
#include "app/cli/args.h"
#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "app/cli/pgn_input.h"
#include "app/cli/time_commands.h"
#include "app/cli/train_common.h"
#include "core/chess/game_pack.h"
#include "core/common/atomic_file.h"
#include "core/evaluation/time_use.h"
#include "core/jobs/human_model.h"
#include "core/models/model_config.h"
#include "core/training/human_samples.h"
#include "core/training/time_trainer.h"

#include <array>
#include <cstdio>
#include <optional>

namespace kibitz::cli {
namespace {

void printTrainTimeHelp() {
    std::printf(
        "Usage: kibitz-cli train time --pgn FILE|DIR... --init MODEL --out FILE.pt [options]\n\n"
        "Trains the think-time head (the seconds a human of the conditioned ratings and clocks spends on the move, a\n"
        "log-normal distribution) on the [%%clk] comments of clocked games, with the trunk of MODEL frozen; FILE.pt\n"
        "holds the trunk and its value head unchanged plus the head (export it with 'bundle export'). The time of a\n"
        "move: own clock before + increment - own clock after; first moves and moves where time was given are left\n"
        "out. Validation: NLL, Pearson r, MAE on held-out games beside the rule remaining/40 + 0.8 x increment.\n"
        "  --init MODEL        .kibitz bundle or .pt checkpoint whose trunk is used (a time head in it is continued)\n"
        "  --inputs board|board-without-move|clocks   read the board (trunk features, policy entropy) and the move\n"
        "                      chosen (the policy's probability and rank of it, capture, recapture, check, static\n"
        "                      exchange, the piece moved), the board without the move, or clocks, ratings and move\n"
        "                      number only (default board)\n"
        "  --positions N       training moves read through the trunk once (default 300000)\n"
        "  --every N           keep every N-th timed move of the training games (default 4: about 750,000 in the\n"
        "                      clocked files; 1: all, about 3M)\n"
        "  --hidden N          a new head's hidden width (default 128; 8-2048; a head of another width in\n"
        "                      --init is replaced)\n"
        "  --validation-positions N   held-out moves (default 20000)\n"
        "  --steps N           optimizer steps over them (default 6000)\n"
        "  --batch N           moves per step (default 512)\n"
        "  --lr X              peak learning rate (default 1e-3; warm-up 200 steps, cosine to a tenth)\n"
        "  --threads N         torch threads (default 1)\n"
        "  --seed N            data order and initialisation (default 1)\n"
        "  --validate-every N  steps between validations (default 2000; the last step always validates)\n"
        "  --log-every N       steps between progress lines (default 200)\n"
        "  --recent-dropout P  share of moves shown without both players' last move times and paces (the mean of\n"
        "                      their last five timed moves), so the head also answers for a position out of its\n"
        "                      game (default 0.25)\n"
        "  --move-dropout P    share of moves shown without the move chosen, so the head also answers before a\n"
        "                      move is chosen (the analysis panel; default 0.3)\n"
        "  --fit normal|median the head's centre: the normal's mean of ln(1 + s) by the likelihood, or the median\n"
        "                      by the absolute error, its spread by the likelihood around it (default normal)\n"
        "  --cache DIR         keep the moves read through the trunk in DIR (GBs) and read them back when a later\n"
        "                      run reads the same (same trunk, data and reading options)\n");
}

void printEvalTimeHelp() {
    std::printf(
        "Usage: kibitz-cli eval time --pgn FILE|DIR... [--model BUNDLE] [--max-games N] [--all-games]\n"
        "                            [--without-move] [--moves-out FILE.csv] [--json]\n\n"
        "How well the model's think-time head predicts the seconds players spent on their moves: Pearson r of the\n"
        "predicted median against the real seconds (and on ln(1 + s)), mean and median absolute error, overall and by\n"
        "speed (bullet, blitz, rapid, classical), beside the rule remaining/40 + 0.8 x increment (a third of it in\n"
        "the first 16 plies) on the same moves. Games held out from training (3%% by Site hash), or every game with\n"
        "--all-games. Games without [%%clk] comments or a TimeControl tag are skipped and counted; so are games that\n"
        "cannot be read or used (impossible clocks or time controls among them, the rule training uses), each named\n"
        "on stderr (skipped game N of FILE:LINE: reason); exit 2 when none is usable. A head that reads the move "
        "chosen is told the move played (as in play mode and uci, which choose\n"
        "the move first), unless --without-move (as in the analysis panel, which asks before a move is chosen).\n"
        "  --play N   also replay N of those games per speed as games between two copies of the model (moves from\n"
        "             its distribution, times from its head, the games' clocks, ratings and length) and compare the\n"
        "             time use: median and mean seconds per move, share of games lost on time (JSON key \"play\"; the\n"
        "             replays also think once after the game's last move, where a game lost on time ends)\n"
        "  --seed N   the replays' seed (default 1)\n"
        "  --moves-out FILE   also write every scored move as a CSV row (written whole or not at all): game, time\n"
        "             control, speed, ply, both ratings and clocks, increment, the head's median, 10th and 90th\n"
        "             percentile seconds, the rule's seconds and the real seconds\n");
}

int runTrainTimeImpl(const std::vector<std::string>& argv) {
    Args args(
        argv,
        {"pgn", "init", "out", "inputs", "positions", "every", "hidden", "validation-positions", "steps", "batch", "lr",
         "threads", "seed", "validate-every", "log-every", "recent-dropout", "move-dropout", "fit", "cache"},
        {});
    if (args.has("help")) {
        printTrainTimeHelp();
        return kExitOk;
    }
    auto usage = [](const std::string& msg) {
        std::fprintf(stderr, "kibitz-cli train time: %s\n", msg.c_str());
        return int(kExitUsage);
    };
    if (!args.ok()) return usage(args.error());
    training::TimeTrainOptions o;
    std::string init;
    if (const std::string e = frozenTrunkInputs(args, o.pgnFiles, o.outCheckpoint, init); !e.empty()) return usage(e);
    const std::string inputs = args.value("inputs").value_or("board");
    if (inputs != "board" && inputs != "board-without-move" && inputs != "clocks")
        return usage("--inputs: '" + inputs + "' is not board, board-without-move or clocks");
    o.withBoard = inputs != "clocks";
    o.withMove = inputs == "board";
    o.trainPositions = args.intValue("positions", o.trainPositions, 1, 1LL << 40);
    o.trainEvery = int(args.intValue("every", o.trainEvery, 1, 1000));
    o.hiddenWidth = int(args.intValue("hidden", 0, models::kTimeHiddenMin, models::kTimeHiddenMax));
    o.validationPositions = int(args.intValue("validation-positions", o.validationPositions, 1, 10000000));
    o.batchSize = int(args.intValue("batch", o.batchSize, 1, 1 << 20));
    o.threads = int(args.intValue("threads", o.threads, 1, 256));
    o.seed = std::uint64_t(args.intValue("seed", 1, 0, 1LL << 62));
    readScheduleOptions(args, o);
    o.recentTimesDropout = args.doubleValue("recent-dropout", o.recentTimesDropout, 0.0, 1.0);
    o.moveDropout = args.doubleValue("move-dropout", o.moveDropout, 0.0, 1.0);
    const std::string fit = args.value("fit").value_or("normal");
    if (fit != "normal" && fit != "median") return usage("--fit: '" + fit + "' is not normal or median");
    o.medianFit = fit == "median";
    o.cacheDir = args.value("cache").value_or("");
    if (!args.ok()) return usage(args.error());
    if (const std::string e = frozenTrunkInit(init, o.outCheckpoint, o.initCheckpoint); !e.empty()) return usage(e);

    return runFrozenTrunkTraining("train time", "time-json", o.initCheckpoint,
                                  [&](const CancelToken& cancel, const auto& log) -> Result<std::string> {
                                      auto r = training::trainTimeHead(o, cancel, log);
                                      if (!r) return r.error();
                                      return r->toJson();
                                  });
}

}  // namespace

int runTrainTime(const std::vector<std::string>& argv) { return runTrainTimeImpl(argv); }

int runEvalTime(const std::vector<std::string>& argv) {
    Args args(argv, {"pgn", "model", "max-games", "threads", "play", "seed", "moves-out"},
              {"json", "all-games", "without-move"});
    if (args.has("help")) {
        printEvalTimeHelp();
        return kExitOk;
    }
    auto usage = [](const std::string& msg) {
        std::fprintf(stderr, "kibitz-cli eval time: %s\n", msg.c_str());
        return int(kExitUsage);
    };
    if (!args.ok()) return usage(args.error());
    std::string dataError;
    std::vector<std::string> given = args.values("pgn");
    given.insert(given.end(), args.positionals().begin(), args.positionals().end());
    const auto files = expandDataArgs(given, {".pgn", ".pgn.zst", ".kgames"}, dataError);
    if (!dataError.empty()) return usage("--pgn: " + dataError);
    if (files.empty()) return usage("--pgn is required");
    const auto maxGames = args.intValue("max-games", 0, 0, 1LL << 40);
    const int threads = int(args.intValue("threads", 1, 1, 256));
    const std::int64_t perSpeed = args.intValue("play", 0, 0, 100000);
    const auto seed = std::uint64_t(args.intValue("seed", 1, 0, 1LL << 62));
    if (!args.ok()) return usage(args.error());
    PgnInput input("eval time", files);
    if (!input.openAllText()) return kExitUsage;  // a missing or binary file, named, before the model loads
    jobs::setModelComputeThreads(threads);
    auto evaluator = jobs::loadHumanEvaluator(QString::fromStdString(args.value("model").value_or("")));
    if (!evaluator) return usage(evaluator.error().message);
    if (!(*evaluator)->hasTimeHead()) return usage("the model has no think-time head (train one with 'train time')");
    CancelToken cancel;
    const StopSignalScope stopOnSignal(cancel);
    const std::optional<std::string> movesOut = args.value("moves-out");
    if (movesOut)
        for (const auto& f : files)
            if (auto st = refuseToOverwriteInput(f, *movesOut); !st) return usage("--moves-out: " + st.error().message);
    std::vector<training::ScoredMove> scored;
    auto r = training::evaluateThinkTime(**evaluator, files, !args.has("all-games"), maxGames, cancel,
                                         args.has("without-move"), movesOut ? &scored : nullptr, input.skipHook());
    input.printSkipSummary();
    if (!r) {
        std::fprintf(stderr, "kibitz-cli eval time: %s\n", r.error().message.c_str());
        return r.error().code == ErrorCode::Io ? kExitFailure : kExitUsage;
    }
    if (movesOut && !scored.empty()) {
        if (auto st = writeBytesAtomically(*movesOut, training::scoredMovesCsv(scored)); !st) {
            std::fprintf(stderr, "kibitz-cli eval time: %s\n", st.error().message.c_str());
            return kExitFailure;
        }
    }
    std::optional<evaluation::TimeUseComparison> use;
    if (perSpeed > 0 && r->model.moves > 0) {
        std::vector<chess::PgnGame> games;
        std::array<std::int64_t, chess::kGameSpeeds> taken{};
        for (const auto& file : files) {
            auto reader = chess::GameReader::open(file);
            if (!reader) return usage(reader.error().message);
            chess::PgnGame game;
            while ((*reader)->next(game)) {
                if (!args.has("all-games") && !training::isHeldOut(training::gameId(game), 30)) continue;
                const auto tc = chess::parseTimeControl(game.tag("TimeControl"));
                if (!tc || game.moves.empty() || game.moves.front().clockSeconds < 0) continue;
                auto& n = taken[std::size_t(chess::gameSpeed(tc->first, tc->second))];
                if (n >= perSpeed) continue;
                ++n;
                games.push_back(game);
            }
        }
        auto c = evaluation::compareTimeUse(**evaluator, games, play::MovePolicy{}, seed, cancel);
        if (!c) {
            std::fprintf(stderr, "kibitz-cli eval time: %s\n", c.error().message.c_str());
            return kExitFailure;
        }
        use = std::move(*c);
    }
    if (args.has("json")) {
        std::string json = r->toJson();
        if (use) json = json.substr(0, json.size() - 1) + ",\"play\":" + use->toJson() + "}";
        std::printf("%s\n", json.c_str());
    } else {
        std::printf("%s", r->toText().c_str());
        if (use) std::printf("\n%s", use->toText().c_str());
    }
    if (r->model.moves == 0) {
        std::fprintf(stderr,
                     "kibitz-cli eval time: no usable move: %lld games skipped (%lld with impossible clocks, %lld "
                     "unreadable, the rest without [%%clk] comments or a TimeControl tag, or otherwise unusable)%s\n",
                     static_cast<long long>(r->gamesSkipped), static_cast<long long>(r->gamesImpossibleClocks),
                     static_cast<long long>(r->gamesUnreadable), args.has("all-games") ? "" : " (held-out games only)");
        return kExitUsage;
    }
    return kExitOk;
}

}  // namespace kibitz::cli
