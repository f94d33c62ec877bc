// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli personalize: a model of one player from their games, written as a .kibitz bundle that every command
// and the app load like any other human-move model.
#include "app/cli/args.h"
#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "app/cli/pgn_input.h"
#include "core/jobs/human_model.h"
#include "core/jobs/personal_model.h"
#include "core/training/player_games.h"

#include <QJsonDocument>

#include <cstdio>

namespace kibitz::cli {
namespace {

void printHelp() {
    const training::PersonalizeOptions d;
    std::printf(
        "Usage: kibitz-cli personalize --pgn FILE|DIR... --player NAME --out FILE.kibitz [options]\n\n"
        "A model of one player: the base human-move model fine-tuned on NAME's moves (either colour; the name matched\n"
        "without case, or a single name containing it). The games are ordered by date: the newest 10%% are held out "
        "to\n"
        "measure the model, the older ones are learnt from. Only the top of the network learns, and the base model's\n"
        "predictions are kept as an anchor, so the model stays a model of a human of those ratings. The bundle "
        "records\n"
        "the player, the games and moves used, their dates and the top-1 gain on the held-out games. It also keeps\n"
        "the player's repertoire: their moves in the first plies of the training games, mixed into the model's\n"
        "answer where they have stood before (p = (n + prior x p_model) / (N + prior)). How far to go is chosen on\n"
        "the player's own older games: the newest fifth of the training games is held out once more, the model\n"
        "learns from the rest, and the number of epochs (0 to --epochs; 0 keeps the base network) and the prior\n"
        "(0.5, 1, 2, 4, 16, or no repertoire) with the lowest NLL there are kept; the model then learns from all\n"
        "the training games.\n"
        "  --base MODEL     .kibitz bundle or .pt checkpoint to start from (default: the default model)\n"
        "  --games N        learn from the newest N of the older games only (default: all)\n"
        "  --epochs N       at most N passes over the player's moves (default %d)\n"
        "  --scope S        weights that learn: head, top1..top6 (the last blocks too), all; +film adds the\n"
        "                   conditioning path (default %s)\n"
        "  --lr X           peak learning rate (default %g)\n"
        "  --anchor X       weight of the pull toward the base model's predictions (default %g)\n"
        "  --validation X   share of the newest games held out (default %g)\n"
        "  --book-plies N   keep the player's moves in the first N plies (default %d; 0: no repertoire)\n"
        "  --book-prior X   the model's weight against the player's counts (default: chosen; without a choice %g)\n"
        "  --choose X       share of the training games held out to choose epochs and prior (default %g; 0: none,\n"
        "                   --epochs and --book-prior as given)\n"
        "  --threads N      torch threads (default 2)\n"
        "  --no-score       skip scoring the finished bundle and the base as they answer (blend, repertoire) on\n"
        "                   the held-out games; the networks' scores are reported instead\n"
        "  --fp32           full-precision weights (default fp16)\n"
        "  --json           print the report as one JSON object\n"
        "Games that cannot be read or used are named on stderr (skipped game N of FILE:LINE: reason). Exit 2 when the\n"
        "name has no game, matches several players, has fewer than %zu usable games, or the files name no players or\n"
        "are not PGN text; nothing is written then, nor when the run is interrupted (Ctrl+C).\n",
        d.epochs, d.scope.c_str(), d.learningRate, d.anchorWeight, d.validationShare, d.bookMaxPly, d.bookPrior,
        d.tuneShare, training::kMinPlayerGames);
}

int runPersonalize(const std::vector<std::string>& argv) {
    Args args(argv,
              {"pgn", "player", "out", "base", "games", "epochs", "scope", "lr", "anchor", "validation", "book-plies",
               "book-prior", "choose", "threads", "seed"},
              {"fp32", "json", "no-score"});
    if (args.has("help")) {
        printHelp();
        return kExitOk;
    }
    auto usage = [](const std::string& msg) {
        std::fprintf(stderr, "kibitz-cli personalize: %s\n", msg.c_str());
        return int(kExitUsage);
    };
    if (!args.ok()) return usage(args.error());
    training::PersonalizeOptions o;
    std::string dataError;
    o.pgnFiles = expandDataArgs(args.values("pgn"), {".pgn", ".pgn.zst"}, dataError);
    if (!dataError.empty()) return usage("--pgn: " + dataError);
    if (o.pgnFiles.empty()) return usage("--pgn FILE is required (PGN files: they name the players)");
    o.player = args.value("player").value_or("");
    if (o.player.empty()) return usage("--player NAME is required");
    const std::string out = args.value("out").value_or("");
    if (out.empty() || !out.ends_with(".kibitz")) return usage("--out FILE.kibitz is required");
    const std::string base = args.value("base").value_or("");
    std::vector<std::pair<std::string, std::string>> inputs{{"--base", base}};
    for (const std::string& f : o.pgnFiles) inputs.emplace_back("--pgn", f);
    if (const std::string e = outputIsInput("--out", out, inputs); !e.empty()) return usage(e);
    o.maxGames = int(args.intValue("games", 0, 0, 1 << 30));
    o.epochs = int(args.intValue("epochs", o.epochs, 1, 1000));
    o.scope = args.value("scope").value_or(o.scope);
    o.learningRate = args.doubleValue("lr", o.learningRate, 1e-7, 1.0);
    o.anchorWeight = args.doubleValue("anchor", o.anchorWeight, 0.0, 100.0);
    o.validationShare = args.doubleValue("validation", o.validationShare, 0.01, 0.5);
    o.bookMaxPly = int(args.intValue("book-plies", o.bookMaxPly, 0, 1000));
    o.useBook = o.bookMaxPly > 0;
    o.bookPrior = args.doubleValue("book-prior", o.bookPrior, 0.0, 100.0);
    o.chooseBookPrior = !args.value("book-prior");
    o.tuneShare = args.doubleValue("choose", o.tuneShare, 0.0, 0.5);
    o.threads = int(args.intValue("threads", 2, 1, 256));
    o.scoreBundles = !args.has("no-score");
    o.seed = std::uint64_t(args.intValue("seed", 1, 0, 1LL << 62));
    if (!args.ok()) return usage(args.error());
    const bool json = args.has("json");
    // The files are checked, and every game passed over is named, as every command that reads PGN does.
    PgnInput input("personalize", o.pgnFiles);
    if (!input.openAllText()) return kExitUsage;
    o.onSkip = input.skipHook();

    CancelToken cancel;
    const StopSignalScope stopOnSignal(cancel);
    auto say = [json](const std::string& s) {
        std::fprintf(json ? stderr : stdout, "%s  %s\n", timestamp().c_str(), s.c_str());
        std::fflush(json ? stderr : stdout);
    };
    auto r = jobs::buildPersonalModel(QString::fromStdString(base), QString::fromStdString(out), !args.has("fp32"), o,
                                      cancel, {}, say);
    input.printSkipSummary();
    if (!r) {
        if (r.error().code == ErrorCode::Cancelled) {
            std::fprintf(stderr, "kibitz-cli personalize: interrupted; nothing written\n");
            return kExitFailure;
        }
        std::fprintf(stderr, "kibitz-cli personalize: %s\n", r.error().message.c_str());
        return r.error().code == ErrorCode::InvalidInput ? kExitUsage : kExitFailure;
    }
    QJsonObject report = jobs::personalTrainingJson(*r, QString::fromStdString(base.empty() ? "default" : base));
    report[QStringLiteral("out")] = QString::fromStdString(out);
    if (json) {
        std::printf("%s\n", QJsonDocument(report).toJson(QJsonDocument::Compact).constData());
        return kExitOk;
    }
    std::printf("%s  wrote %s: %s from %lld games (%lld moves, %s to %s) in %.0f s\n", timestamp().c_str(), out.c_str(),
                r->player.c_str(), static_cast<long long>(r->trainGames), static_cast<long long>(r->trainPositions),
                r->firstDate.c_str(), r->lastDate.c_str(), r->seconds);
    std::printf(
        "%s  newest %lld games (%lld moves), the %s: top-1 %.2f%% -> %.2f%% (%+.2f points), NLL %.3f -> "
        "%.3f\n",
        timestamp().c_str(), static_cast<long long>(r->validationGames), static_cast<long long>(r->validationPositions),
        r->scoredAs == "bundles" ? "models as they answer" : "networks", 100.0 * r->base.overall().top1Rate(),
        100.0 * r->personal.overall().top1Rate(), r->gainPoints(), r->base.overall().meanNll(),
        r->personal.overall().meanNll());
    std::printf(
        "%s  the networks: base %.2f%%, fine-tuned %.2f%%; with the player's moves at %lld positions %.2f%% "
        "and %.2f%%\n",
        timestamp().c_str(), 100.0 * r->networkBase.overall().top1Rate(),
        100.0 * r->personalModelOnly.overall().top1Rate(), static_cast<long long>(r->book.positions()),
        100.0 * r->baseWithBook.overall().top1Rate(), 100.0 * r->networkWithBook.overall().top1Rate());
    if (r->chosenEpochs >= 0)
        std::printf("%s  chosen on the newest %lld training games (%lld moves): %d epoch(s), %s\n", timestamp().c_str(),
                    static_cast<long long>(r->tuneGames), static_cast<long long>(r->tunePositions), r->chosenEpochs,
                    r->chosenPrior >= 0.0
                        ? ("the repertoire with prior " + QString::number(r->chosenPrior).toStdString()).c_str()
                        : "no repertoire");
    return kExitOk;
}

const bool registered = registerCommand(
    {"personalize", "a model of one player from their games (fine-tuned on their moves)", runPersonalize});

}  // namespace
}  // namespace kibitz::cli
