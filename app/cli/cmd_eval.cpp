// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli eval human|puzzle: accuracy of the human-move model (top-1/top-3/NLL per 100-Elo bucket on held-out
// games, puzzle solve rate and advancement) or, via puzzle_commands.h, of the puzzle-rating model.
#include "app/cli/args.h"
#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "app/cli/pgn_input.h"
#include "app/cli/puzzle_commands.h"
#include "app/cli/strength_commands.h"
#include "app/cli/time_commands.h"
#include "core/chess/game_pack.h"
#include "core/chess/pgn.h"
#include "core/chess/puzzle_csv.h"
#include "core/jobs/human_model.h"
#include "core/play/decision_calibration.h"
#include "core/training/human_eval.h"
#include "core/training/human_samples.h"
#include "core/training/human_trainer.h"
#include "core/training/player_games.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>
#include <map>

namespace kibitz::cli {
namespace {

void printHelp() {
    std::printf(
        "Usage: kibitz-cli eval human [--pgn FILE...] [--puzzles FILE] [--model BUNDLE] [options] [--json]\n"
        "       kibitz-cli eval puzzle --csv FILE [--model BUNDLE] [--max N] [--json]   (see eval puzzle --help)\n"
        "       kibitz-cli eval decisions --pgn FILE... [--model BUNDLE] [--max-games N] [--json]\n"
        "                    (see eval decisions --help)\n\n"
        "eval human: top-1 and top-3 move accuracy and NLL, overall and per 100-Elo bucket of the mover, on the games\n"
        "held out from training (3%% by Site hash), or on every game with --all-games (for files never trained on);\n"
        "with --puzzles, also the puzzle solve rate (every solver move top-1) and advancement, at each puzzle's "
        "rating.\n"
        "  --pgn FILE|DIR    games (.pgn or .pgn.zst, or a folder of them; repeatable)\n"
        "  --puzzles FILE    Lichess puzzle CSV (.csv or .csv.zst)\n"
        "  --model PATH      .kibitz bundle, trainer checkpoint (.pt), lc0 net (.pb.gz) or folder of rating-band\n"
        "                    lc0 nets (maia-NNNN.pb.gz); default: the shipped model\n"
        "  --max-games N     stop after N games\n"
        "  --skip-games N    leave out the split's first N games (a multiple of 100), e.g. to tune on games the\n"
        "                    report does not use\n"
        "  --max-puzzles N   stop after N puzzles (default 2000)\n"
        "  --all-games       use every game, not only the held-out ones\n"
        "  --player NAME     score only NAME's moves (White or Black tag, any case), e.g. on the newest games of one\n"
        "                    player with --all-games, so two models compare on the same positions; without a\n"
        "                    game of NAME the names in the files are listed with their game counts (exit 2)\n"
        "  --threads T       torch threads (default 1)\n"
        "  --hide-elo        show the model no ratings (how much does it use them?)\n"
        "  --hide-clock      show the model no clocks and no increment\n"
        "  --elo-shift N     add N to the mover's rating (-2000..2000); buckets stay by the true rating\n"
        "  --sensitivity     also score the same positions with the ratings hidden, with the mover told a rating\n"
        "                    --away points from the truth (toward the middle), and with both players told ratings\n"
        "                    that far off (the game told as one of another level): NLL gain of true over hidden\n"
        "                    ratings, top-1 and NLL true vs away, per bucket\n"
        "  --away N          the distance of --sensitivity's wrong ratings (default 600)\n"
        "  --guidance W      rating guidance: logits (1 + W) l(ratings) - W l(ratings hidden) (default 0: none)\n"
        "  --guidance-scan W1,W2,...  also score the same positions at each rating guidance W (a table)\n"
        "  --theme T         with --puzzles: only puzzles whose Themes contain T (e.g. mateIn1)\n"
        "  --json            one JSON object {positions, top1, top3, nll, by_elo, conditioning, maia_protocol\n"
        "                    [, rating_sensitivity][, guidance_scan][, puzzle_solving][, value]}\n"
        "A model with a value head is also scored on the games' results: Brier score (three-class) and log-loss,\n"
        "overall and by phase (opening < ply 20 <= middlegame < ply 60 <= endgame), beside the Elo baseline (expected\n"
        "score of the rating difference, draw share of training games at that level) on the same positions, and where\n"
        "the games carry [%%eval] annotations (Lichess's Stockfish) beside the engine baseline: a logistic "
        "win/draw/loss\n"
        "curve of the evaluation fitted on the training split.\n"
        "Every game evaluation also reports the same metrics under Maia's protocol (from ply 10 on, no position with\n"
        "under 30 s on the mover's clock), so the figure can be set beside Maia's.\n");
}

/// The players of the PGN files with their game counts (game packs keep no names), or why they cannot be listed.
std::string playerList(const std::vector<std::string>& files) {
    auto counts = training::countPlayerGames(files);
    return counts ? training::describePlayers(*counts) : counts.error().message;
}

int evalUsage(const std::string& msg) {
    std::fprintf(stderr, "kibitz-cli eval: %s\n", msg.c_str());
    return kExitUsage;
}

/// --guidance-scan W1,W2,...: the weights, or "" and a usage message in `error`.
std::vector<double> parseGuidanceScan(const std::string& list, std::string& error) {
    std::vector<double> scan;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        const std::string item = list.substr(start, comma - start);
        try {
            std::size_t used = 0;
            const double w = std::stod(item, &used);
            if (used != item.size() || !(w >= -1.0 && w <= 10.0)) throw std::invalid_argument("range");
            scan.push_back(w);
        } catch (const std::exception&) {
            error = "--guidance-scan: '" + item + "' is not a number in -1..10";
            return {};
        }
        start = comma + 1;
    }
    return scan;
}

struct EvalHumanOptions {
    training::HumanGamesEvalOptions games;
    std::int64_t maxPuzzles = 2000;
};

/// eval human's numeric options, read in the order whose first bad one the message names; the --guidance-scan
/// message in `error`.
EvalHumanOptions evalHumanOptions(Args& args, std::vector<std::string> files, std::string& error) {
    EvalHumanOptions out;
    training::HumanGamesEvalOptions& o = out.games;
    o.files = std::move(files);
    o.heldOutOnly = !args.has("all-games");
    o.maxGames = args.intValue("max-games", 0, 0, 1LL << 40);
    out.maxPuzzles = args.intValue("max-puzzles", 2000, 1, 1LL << 40);
    o.threads = int(args.intValue("threads", 1, 1, 256));
    o.holdoutPermille = int(args.intValue("holdout-permille", 30, 0, 1000));
    o.probe.hideElo = args.has("hide-elo");
    o.probe.hideClock = args.has("hide-clock");
    o.probe.moverEloShift = int(args.intValue("elo-shift", 0, -2000, 2000));
    o.probe.ratingGuidance = args.doubleValue("guidance", 0.0, -1.0, 10.0);
    o.skipGames = args.intValue("skip-games", 0, 0, 1LL << 40);
    const int awayBy = int(args.intValue("away", 600, 100, 2000));
    if (args.has("sensitivity")) o.sensitivityAway = awayBy;
    if (auto list = args.value("guidance-scan")) o.guidanceScan = parseGuidanceScan(*list, error);
    o.player = args.value("player").value_or("");
    return out;
}

/// The games part of eval human: runs it and prints its text (unless --json); the exit code, kExitOk on success.
/// Each game passed over is named through `input`, as every command that reads PGN names them.
int evalHumanGames(encoding::Evaluator& evaluator, const std::string& model,
                   const training::HumanGamesEvalOptions& options, bool json, training::HumanEvalReport& report,
                   PgnInput& input) {
    training::HumanGamesEvalOptions named = options;
    named.onSkip = input.skipHook();
    auto r = training::evaluateHumanGames(evaluator, model, named);
    input.printSkipSummary();
    if (!r.ok() && !options.player.empty() && r.error().code == ErrorCode::InvalidInput) {
        // Most likely a name that is not in the files (or not in the split): say which names are.
        std::fprintf(stderr, "kibitz-cli eval: no scored move of '%s' (%s); %s\n", options.player.c_str(),
                     r.error().message.c_str(), playerList(options.files).c_str());
        return kExitUsage;
    }
    if (!r.ok()) {
        std::fprintf(stderr, "kibitz-cli eval: %s\n", r.error().message.c_str());
        return r.error().code == ErrorCode::InvalidInput ? kExitUsage : kExitFailure;
    }
    if (!json) std::printf("%s", r->toText().c_str());
    report.games = std::move(*r);
    return kExitOk;
}

int runEvalHuman(const std::vector<std::string>& argv) {
    Args args(argv,
              {"pgn", "puzzles", "model", "max-games", "max-puzzles", "threads", "holdout-permille", "elo-shift",
               "theme", "guidance", "guidance-scan", "skip-games", "away", "player"},
              {"json", "all-games", "hide-elo", "hide-clock", "sensitivity"});
    if (args.has("help")) {
        printHelp();
        return kExitOk;
    }
    if (!args.ok()) return evalUsage(args.error());
    std::string error;
    auto files = expandDataArgs(args.values("pgn"), {".pgn", ".pgn.zst", ".kgames"}, error);  // folders too
    if (!error.empty()) return evalUsage("--pgn: " + error);
    if (files.empty() && !args.value("puzzles")) return evalUsage("give --pgn and/or --puzzles (see --help)");
    const EvalHumanOptions options = evalHumanOptions(args, std::move(files), error);
    if (!error.empty()) return evalUsage(error);
    const training::HumanGamesEvalOptions& games = options.games;
    if (!args.ok()) return evalUsage(args.error());
    const training::ConditioningProbe& probe = games.probe;
    if ((probe.active() || !games.guidanceScan.empty() || games.skipGames > 0 || games.sensitivityAway ||
         !games.player.empty()) &&
        games.files.empty())
        return evalUsage(
            "--hide-elo, --hide-clock, --elo-shift, --guidance, --guidance-scan, --skip-games, --sensitivity and "
            "--player apply to --pgn");
    if (args.value("theme") && !args.value("puzzles")) return evalUsage("--theme applies to --puzzles");

    PgnInput input("eval human", games.files);
    if (!input.openAllText()) return kExitUsage;  // a missing or binary file, named, before the model loads
    const std::string model = args.value("model").value_or("");
    auto evaluator = jobs::loadHumanEvaluator(QString::fromStdString(model));
    if (!evaluator) return evalUsage(evaluator.error().message);
    const bool json = args.has("json");
    training::HumanEvalReport report;
    if (!games.files.empty()) {
        if (games.sensitivityAway && (probe.hideElo || probe.hideClock || probe.moverEloShift != 0))
            return evalUsage("--sensitivity compares against the recorded conditioning");
        if (const int rc = evalHumanGames(**evaluator, model, games, json, report, input); rc != kExitOk) return rc;
    }
    if (auto csv = args.value("puzzles")) {
        auto r = training::evaluatePuzzleSolvingFile(**evaluator, *csv, options.maxPuzzles,
                                                     args.value("theme").value_or(""));
        if (!r) {
            std::fprintf(stderr, "kibitz-cli eval: %s\n", r.error().message.c_str());
            return r.error().code == ErrorCode::InvalidInput ? kExitUsage : kExitFailure;
        }
        if (!json) std::printf("%s", r->toText().c_str());
        report.puzzles = std::move(*r);
    }
    if (json) std::printf("%s\n", report.toJson().c_str());
    return kExitOk;
}

void printDecisionsHelp() {
    std::printf(
        "Usage: kibitz-cli eval decisions --pgn FILE|DIR... [--model BUNDLE] [--max-games N] [--all-games] [--json]\n\n"
        "Do the play-mode opponent's resignations and draw offers come when a human's would? On held-out games (3%%\n"
        "by Site hash; --all-games: every game) the value head scores every position for the side to move, at the\n"
        "game's ratings and clocks. Reported:\n"
        "  - human resignations (decisive, Termination \"Normal\", no mate): the resigner's expected score then;\n"
        "  - agreed draws: the value head's draw share and the ply, and how many the accept rule would agree to;\n"
        "  - the resign rule replayed for both sides at thresholds 1, 2, 3, 5, 8 and 12%% (below it on two of the\n"
        "    side's moves in a row, not before ply 20): precision (share of its resignations in games that side\n"
        "    lost) and recall (share of human resignations it also makes, and how many plies earlier);\n"
        "  - the draw-offer rule: games where it offers, and the share of them that were drawn.\n"
        "  --pgn FILE|DIR    games (.pgn or .pgn.zst; repeatable)\n"
        "  --model PATH      .kibitz bundle or checkpoint with a value head; default: the shipped model\n"
        "  --max-games N     stop after N scored games (default 2000)\n"
        "  --threads T       torch threads (default 1)\n"
        "  --json            one JSON object\n");
}

QJsonObject quantilesJson(const std::vector<double>& v) {
    return QJsonObject{
        {QStringLiteral("n"), qint64(v.size())},          {QStringLiteral("p10"), play::quantile(v, 0.10)},
        {QStringLiteral("p25"), play::quantile(v, 0.25)}, {QStringLiteral("median"), play::quantile(v, 0.50)},
        {QStringLiteral("p75"), play::quantile(v, 0.75)}, {QStringLiteral("p90"), play::quantile(v, 0.90)}};
}

int runEvalDecisions(const std::vector<std::string>& argv) {
    Args args(argv, {"pgn", "model", "max-games", "threads"}, {"json", "all-games"});
    if (args.has("help")) {
        printDecisionsHelp();
        return kExitOk;
    }
    auto usage = [](const std::string& msg) {
        std::fprintf(stderr, "kibitz-cli eval decisions: %s\n", msg.c_str());
        return int(kExitUsage);
    };
    if (!args.ok()) return usage(args.error());
    std::string dataError;
    const auto files = expandDataArgs(args.values("pgn"), {".pgn", ".pgn.zst", ".kgames"}, dataError);
    if (!dataError.empty()) return usage("--pgn: " + dataError);
    if (files.empty()) return usage("--pgn is required");
    const auto maxGames = args.intValue("max-games", 2000, 1, 1LL << 40);
    const int threads = int(args.intValue("threads", 1, 1, 256));
    const bool allGames = args.has("all-games");
    if (!args.ok()) return usage(args.error());
    jobs::setModelComputeThreads(threads);
    auto evaluator = jobs::loadHumanEvaluator(QString::fromStdString(args.value("model").value_or("")));
    if (!evaluator) return usage(evaluator.error().message);
    if (!(*evaluator)->hasValueHead()) return usage("the model has no value head");

    const std::vector<double> thresholds{0.01, 0.02, 0.03, 0.05, 0.08, 0.12};
    play::DecisionCalibrator calibrator(play::GameDecisionPolicy{}, thresholds);
    for (const auto& file : files) {
        auto reader = chess::GameReader::open(file);
        if (!reader) {
            std::fprintf(stderr, "kibitz-cli eval decisions: %s\n", reader.error().message.c_str());
            return kExitUsage;
        }
        chess::PgnGame game;
        while (calibrator.result().games < maxGames && (*reader)->next(game)) {
            if (!allGames && !training::isHeldOut(training::gameId(game), 30)) continue;
            if (auto st = calibrator.addGame(**evaluator, game); !st) {
                std::fprintf(stderr, "kibitz-cli eval decisions: %s: %s\n", file.c_str(), st.error().message.c_str());
                return kExitFailure;
            }
        }
        if (calibrator.result().games >= maxGames) break;
    }
    const play::DecisionCalibration& c = calibrator.result();
    QJsonArray replays;
    for (const play::ResignReplay& r : c.replays) {
        std::vector<double> lead(r.leadPlies.begin(), r.leadPlies.end());
        replays.append(QJsonObject{{QStringLiteral("threshold"), r.threshold},
                                   {QStringLiteral("resigns"), qint64(r.resigns)},
                                   {QStringLiteral("precision"), r.precision()},
                                   {QStringLiteral("recall"), r.recall()},
                                   {QStringLiteral("lead_plies_median"), play::quantile(lead, 0.5)}});
    }
    const double acceptShare = c.agreedDraws.empty() ? 0.0 : double(c.agreedAccepted) / double(c.agreedDraws.size());
    const double offerDrawn = c.drawOffers > 0 ? double(c.drawOffersDrawn) / double(c.drawOffers) : 0.0;
    std::vector<double> plies(c.agreedPlies.begin(), c.agreedPlies.end());
    if (args.has("json")) {
        const QJsonObject out{
            {QStringLiteral("games"), qint64(c.games)},
            {QStringLiteral("skipped"), qint64(c.skipped)},
            {QStringLiteral("positions"), qint64(c.positions)},
            {QStringLiteral("human_resign_score"), quantilesJson(c.resignScores)},
            {QStringLiteral("agreed_draw_share"), quantilesJson(c.agreedDraws)},
            {QStringLiteral("agreed_draw_ply"), quantilesJson(plies)},
            {QStringLiteral("agreed_draws_accepted"), acceptShare},
            {QStringLiteral("draw_offers"),
             QJsonObject{{QStringLiteral("games"), qint64(c.drawOffers)}, {QStringLiteral("drawn_share"), offerDrawn}}},
            {QStringLiteral("resign_rule"), replays}};
        std::printf("%s\n", QJsonDocument(out).toJson(QJsonDocument::Compact).constData());
        return kExitOk;
    }
    std::printf("%lld games (%lld skipped), %lld positions scored by the value head\n", static_cast<long long>(c.games),
                static_cast<long long>(c.skipped), static_cast<long long>(c.positions));
    std::printf(
        "human resignations: %zu; the resigner's expected score then: median %.1f%% (p25 %.1f%%, p75 %.1f%%, "
        "p90 %.1f%%)\n",
        c.resignScores.size(), 100.0 * play::quantile(c.resignScores, 0.5),
        100.0 * play::quantile(c.resignScores, 0.25), 100.0 * play::quantile(c.resignScores, 0.75),
        100.0 * play::quantile(c.resignScores, 0.9));
    std::printf("agreed draws: %zu; draw share median %.1f%%, at ply median %.0f; the accept rule agrees to %.1f%%\n",
                c.agreedDraws.size(), 100.0 * play::quantile(c.agreedDraws, 0.5), play::quantile(plies, 0.5),
                100.0 * acceptShare);
    std::printf("draw-offer rule: offers in %lld games, %.1f%% of them drawn\n", static_cast<long long>(c.drawOffers),
                100.0 * offerDrawn);
    std::printf(
        "resign rule (below the threshold on two own moves in a row, from ply 20):\n"
        "  threshold  resigns  precision  recall  lead (plies, median)\n");
    for (const play::ResignReplay& r : c.replays) {
        std::vector<double> lead(r.leadPlies.begin(), r.leadPlies.end());
        std::printf("  %8.0f%%  %7lld  %8.1f%%  %5.1f%%  %6.0f\n", 100.0 * r.threshold,
                    static_cast<long long>(r.resigns), 100.0 * r.precision(), 100.0 * r.recall(),
                    play::quantile(lead, 0.5));
    }
    return kExitOk;
}

int runEval(const std::vector<std::string>& argv) {
    if (argv.empty() || argv.front() == "--help" || argv.front() == "-h") {
        printHelp();
        return argv.empty() ? kExitUsage : kExitOk;
    }
    const std::vector<std::string> rest(argv.begin() + 1, argv.end());
    if (argv.front() == "human") return runEvalHuman(rest);
    if (argv.front() == "puzzle") return runEvalPuzzle(rest);
    if (argv.front() == "decisions") return runEvalDecisions(rest);
    if (argv.front() == "time") return runEvalTime(rest);
    if (argv.front() == "strength") return runEvalStrength(rest);
    std::fprintf(stderr,
                 "kibitz-cli eval: expected 'eval human', 'eval puzzle', 'eval decisions', 'eval time' or 'eval "
                 "strength', got '%s'\n",
                 argv.front().c_str());
    return kExitUsage;
}

const bool kRegistered = registerCommand(
    {"eval",
     "evaluate a model (eval human ... | eval puzzle ... | eval decisions ... | eval time ... | eval strength ...)",
     runEval});

}  // namespace
}  // namespace kibitz::cli
