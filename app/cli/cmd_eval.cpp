// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli eval human|puzzle: accuracy of the human-move model (top-1/top-3/NLL per 100-Elo bucket on held-out
// games, puzzle solve rate and advancement) or, via puzzle_commands.h, of the puzzle-rating model.
#include "app/cli/args.h"
#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "app/cli/puzzle_commands.h"
#include "app/cli/time_commands.h"
#include "core/chess/game_pack.h"
#include "core/chess/pgn.h"
#include "core/chess/puzzle_csv.h"
#include "core/evaluation/puzzle_solving.h"
#include "core/jobs/human_model.h"
#include "core/models/torch_evaluator.h"
#include "core/play/decision_calibration.h"
#include "core/training/human_samples.h"
#include "core/training/human_trainer.h"
#include "core/training/player_games.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

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

QJsonObject solveJson(const evaluation::PuzzleSolveStats& s) {
    return QJsonObject{{QStringLiteral("puzzles"), qint64(s.puzzles)},
                       {QStringLiteral("solve_rate"), s.solveRate()},
                       {QStringLiteral("advancement"), s.advancement()}};
}

/// The players of the PGN files with their game counts (game packs keep no names), or why they cannot be listed.
std::string playerList(const std::vector<std::string>& files) {
    auto counts = training::countPlayerGames(files);
    return counts ? training::describePlayers(*counts) : counts.error().message;
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
    auto usage = [](const std::string& msg) {
        std::fprintf(stderr, "kibitz-cli eval: %s\n", msg.c_str());
        return int(kExitUsage);
    };
    if (!args.ok()) return usage(args.error());
    std::string dataError;
    const auto files = expandDataArgs(args.values("pgn"), {".pgn", ".pgn.zst", ".kgames"}, dataError);  // folders too
    if (!dataError.empty()) return usage("--pgn: " + dataError);
    if (files.empty() && !args.value("puzzles")) return usage("give --pgn and/or --puzzles (see --help)");
    const auto maxGames = args.intValue("max-games", 0, 0, 1LL << 40);
    const auto maxPuzzles = args.intValue("max-puzzles", 2000, 1, 1LL << 40);
    const int threads = int(args.intValue("threads", 1, 1, 256));
    const int permille = int(args.intValue("holdout-permille", 30, 0, 1000));
    training::ConditioningProbe probe;
    probe.hideElo = args.has("hide-elo");
    probe.hideClock = args.has("hide-clock");
    probe.moverEloShift = int(args.intValue("elo-shift", 0, -2000, 2000));
    probe.ratingGuidance = args.doubleValue("guidance", 0.0, -1.0, 10.0);
    const auto skipGames = args.intValue("skip-games", 0, 0, 1LL << 40);
    const int awayBy = int(args.intValue("away", 600, 100, 2000));
    std::vector<double> scan;
    if (auto list = args.value("guidance-scan")) {
        std::size_t start = 0;
        while (start <= list->size()) {
            const std::size_t comma = std::min(list->find(',', start), list->size());
            const std::string item = list->substr(start, comma - start);
            try {
                std::size_t used = 0;
                const double w = std::stod(item, &used);
                if (used != item.size() || !(w >= -1.0 && w <= 10.0)) throw std::invalid_argument("range");
                scan.push_back(w);
            } catch (const std::exception&) {
                return usage("--guidance-scan: '" + item + "' is not a number in -1..10");
            }
            start = comma + 1;
        }
    }
    if (!args.ok()) return usage(args.error());
    const std::string player = args.value("player").value_or("");
    if ((probe.active() || !scan.empty() || skipGames > 0 || args.has("sensitivity") || !player.empty()) &&
        files.empty())
        return usage(
            "--hide-elo, --hide-clock, --elo-shift, --guidance, --guidance-scan, --skip-games, --sensitivity and "
            "--player apply to --pgn");
    if (args.value("theme") && !args.value("puzzles")) return usage("--theme applies to --puzzles");

    const QString modelArg = QString::fromStdString(args.value("model").value_or(""));
    auto evaluator = jobs::loadHumanEvaluator(modelArg);
    if (!evaluator) return usage(evaluator.error().message);

    QJsonObject out;
    if (!files.empty()) {
        // The game evaluation streams through the trainer's own data path, which reads checkpoints: a bundle is
        // written to a temporary checkpoint first (a few MB, once).
        // A model that reads boards (an lc0 net or a folder of them) is evaluated through its evaluator, on the same
        // positions and with the same metrics.
        std::string checkpoint = modelArg.toStdString();
        QTemporaryDir tmp;
        auto* torchEv = dynamic_cast<models::TorchEvaluator*>(evaluator->get());
        const bool boardModel = torchEv == nullptr && !modelArg.endsWith(QLatin1String(".pt"));
        if (!modelArg.endsWith(QLatin1String(".pt")) && !boardModel) {
            if (!tmp.isValid()) return usage("cannot prepare the model for game evaluation");
            checkpoint = tmp.filePath(QStringLiteral("model.pt")).toStdString();
            if (auto st = torchEv->save(checkpoint); !st) {
                std::fprintf(stderr, "kibitz-cli eval: %s\n", st.error().message.c_str());
                return kExitFailure;
            }
        }
        const bool sensitivity = args.has("sensitivity");
        if (sensitivity && (probe.hideElo || probe.hideClock || probe.moverEloShift != 0))
            return usage("--sensitivity compares against the recorded conditioning");
        std::vector<training::ConditioningProbe> probes{probe};
        if (sensitivity) {
            training::ConditioningProbe hidden, away;
            hidden.hideElo = true;
            away.moverEloAway = awayBy;
            away.ratingGuidance = probe.ratingGuidance;
            training::ConditioningProbe bothAway = away;
            bothAway.awayWithOpponent = true;
            probes.push_back(hidden);
            probes.push_back(away);
            probes.push_back(bothAway);
        }
        const std::size_t firstScan = probes.size();
        for (const double w : scan) {
            training::ConditioningProbe g = probe;
            g.ratingGuidance = w;
            probes.push_back(g);
        }
        if (boardModel) jobs::setModelComputeThreads(threads);
        auto r =
            boardModel
                ? training::evaluateEvaluatorProbes(**evaluator, modelArg.toStdString(), files, !args.has("all-games"),
                                                    permille, maxGames, probes, CancelToken(), skipGames, player)
                : training::evaluateHumanModelProbes(checkpoint, files, !args.has("all-games"), permille, maxGames,
                                                     threads, probes, CancelToken(), skipGames, player);
        if (!r.ok() && !player.empty() && r.error().code == ErrorCode::InvalidInput) {
            // Most likely a name that is not in the files (or not in the split): say which names are.
            std::fprintf(stderr, "kibitz-cli eval: no scored move of '%s' (%s); %s\n", player.c_str(),
                         r.error().message.c_str(), playerList(files).c_str());
            return kExitUsage;
        }
        if (!r.ok()) {
            std::fprintf(stderr, "kibitz-cli eval: %s\n", r.error().message.c_str());
            return r.error().code == ErrorCode::InvalidInput ? kExitUsage : kExitFailure;
        }
        const training::MoveMetrics& main = r.value().perProbe.front();
        const training::MoveMetrics& maia = r.value().maiaProtocol;
        if (!args.has("json"))
            std::printf("conditioning: %s\n%s\n%s\nMaia protocol (ply >= 10, mover clock >= 30 s): %s\n",
                        probe.describe().c_str(), main.summary().c_str(), main.table().c_str(), maia.summary().c_str());
        out = QJsonDocument::fromJson(QByteArray::fromStdString(main.toJson())).object();
        out[QStringLiteral("conditioning")] = QString::fromStdString(probe.describe());
        out[QStringLiteral("maia_protocol")] =
            QJsonDocument::fromJson(QByteArray::fromStdString(maia.toJson())).object();
        if (r.value().hasValue) {
            const training::ValueMetrics& v = r.value().value;
            if (!args.has("json"))
                std::printf("value head (win/draw/loss vs result): %s\n  by phase:", v.summary().c_str());
            QJsonObject vj = QJsonDocument::fromJson(QByteArray::fromStdString(v.toJson())).object();
            vj[QStringLiteral("baseline_elo_fit")] = QString::fromStdString(r.value().eloBaseline);
            vj[QStringLiteral("baseline_engine_fit")] = QString::fromStdString(r.value().engineBaseline);
            if (!args.has("json")) {
                const QJsonObject phases = vj.value(QStringLiteral("by_phase")).toObject();
                for (auto it = phases.begin(); it != phases.end(); ++it) {
                    const QJsonObject ph = it.value().toObject();
                    std::printf(
                        "  %s brier %.4f (Elo %.4f)", qPrintable(it.key()),
                        ph.value(QStringLiteral("brier")).toDouble(),
                        ph.value(QStringLiteral("baseline_elo")).toObject().value(QStringLiteral("brier")).toDouble());
                }
                std::printf("\n  Elo baseline: %s\n  engine baseline ([%%eval] of the games): %s\n",
                            r.value().eloBaseline.c_str(),
                            r.value().engineBaseline.empty() ? "none (no annotated training game)"
                                                             : r.value().engineBaseline.c_str());
            }
            out[QStringLiteral("value")] = vj;
        }
        if (sensitivity) {
            const training::MoveMetrics& hidden = r.value().perProbe[1];
            const training::MoveMetrics& away = r.value().perProbe[2];
            const training::MoveMetrics& both = r.value().perProbe[3];
            QJsonObject sj{{QStringLiteral("nll_true"), main.overall().meanNll()},
                           {QStringLiteral("nll_hidden"), hidden.overall().meanNll()},
                           {QStringLiteral("nll_gain"), hidden.overall().meanNll() - main.overall().meanNll()},
                           {QStringLiteral("away"), awayBy},
                           {QStringLiteral("top1_true"), main.overall().top1Rate()},
                           {QStringLiteral("top1_hidden"), hidden.overall().top1Rate()},
                           {QStringLiteral("top1_away"), away.overall().top1Rate()},
                           {QStringLiteral("top1_both_away"), both.overall().top1Rate()},
                           {QStringLiteral("nll_away"), away.overall().meanNll()},
                           {QStringLiteral("nll_both_away"), both.overall().meanNll()}};
            QJsonObject by;
            if (!args.has("json"))
                std::printf(
                    "rating sensitivity: NLL true %.4f, hidden %.4f (gain %.4f nats); top-1 true %.2f%%, "
                    "hidden %.2f%%, mover told %d away %.2f%% (NLL %.4f), both told %d away %.2f%% (NLL %.4f)\n"
                    "  elo    positions  top1 true  top1 away  top1 both away  nll true  nll hidden  nll away  "
                    "nll both away\n",
                    main.overall().meanNll(), hidden.overall().meanNll(),
                    hidden.overall().meanNll() - main.overall().meanNll(), 100.0 * main.overall().top1Rate(),
                    100.0 * hidden.overall().top1Rate(), awayBy, 100.0 * away.overall().top1Rate(),
                    away.overall().meanNll(), awayBy, 100.0 * both.overall().top1Rate(), both.overall().meanNll());
            for (const auto& [lo, b] : main.byElo()) {
                const auto& h = hidden.byElo().at(lo);
                const auto& a = away.byElo().at(lo);
                const auto& ab = both.byElo().at(lo);
                by[QString::number(lo)] = QJsonObject{{QStringLiteral("positions"), qint64(b.positions)},
                                                      {QStringLiteral("top1_true"), b.top1Rate()},
                                                      {QStringLiteral("top1_away"), a.top1Rate()},
                                                      {QStringLiteral("top1_both_away"), ab.top1Rate()},
                                                      {QStringLiteral("nll_true"), b.meanNll()},
                                                      {QStringLiteral("nll_hidden"), h.meanNll()},
                                                      {QStringLiteral("nll_away"), a.meanNll()},
                                                      {QStringLiteral("nll_both_away"), ab.meanNll()}};
                if (!args.has("json"))
                    std::printf("  %4d  %11lld  %8.2f%%  %8.2f%%  %13.2f%%  %8.3f  %10.3f  %8.3f  %13.3f\n", lo,
                                static_cast<long long>(b.positions), 100.0 * b.top1Rate(), 100.0 * a.top1Rate(),
                                100.0 * ab.top1Rate(), b.meanNll(), h.meanNll(), a.meanNll(), ab.meanNll());
            }
            sj[QStringLiteral("by_elo")] = by;
            out[QStringLiteral("rating_sensitivity")] = sj;
        }
        if (!scan.empty()) {
            QJsonArray sj;
            if (!args.has("json")) std::printf("rating guidance scan:\n  guidance  top1      top3      nll\n");
            for (std::size_t i = 0; i < scan.size(); ++i) {
                const auto& m = r.value().perProbe[firstScan + i].overall();
                sj.append(QJsonObject{{QStringLiteral("guidance"), scan[i]},
                                      {QStringLiteral("top1"), m.top1Rate()},
                                      {QStringLiteral("top3"), m.top3Rate()},
                                      {QStringLiteral("nll"), m.meanNll()}});
                if (!args.has("json"))
                    std::printf("  %8.3f  %6.2f%%  %6.2f%%  %.4f\n", scan[i], 100.0 * m.top1Rate(),
                                100.0 * m.top3Rate(), m.meanNll());
            }
            out[QStringLiteral("guidance_scan")] = sj;
        }
    }
    if (auto csv = args.value("puzzles")) {
        auto reader = chess::PuzzleCsvReader::open(*csv);
        if (!reader) return usage(reader.error().message);
        std::vector<chess::Puzzle> puzzles;
        chess::Puzzle p;
        const std::string theme = args.value("theme").value_or("");
        while (std::int64_t(puzzles.size()) < maxPuzzles && (*reader)->next(p))
            if (theme.empty() || std::find(p.themes.begin(), p.themes.end(), theme) != p.themes.end())
                puzzles.push_back(p);
        if (!(*reader)->headerError().empty()) return usage(*csv + ": " + (*reader)->headerError());
        auto r = evaluation::evaluatePuzzleSolving(**evaluator, puzzles);
        if (!r) {
            std::fprintf(stderr, "kibitz-cli eval: %s\n", r.error().message.c_str());
            return kExitFailure;
        }
        QJsonObject pj = solveJson(r->overall);
        QJsonArray buckets;
        for (const auto& [lo, s] : r->byRating) {
            QJsonObject b = solveJson(s);
            b[QStringLiteral("rating_from")] = lo;
            buckets.append(b);
        }
        pj[QStringLiteral("by_rating")] = buckets;
        if (!theme.empty()) pj[QStringLiteral("theme")] = QString::fromStdString(theme);
        out[QStringLiteral("puzzle_solving")] = pj;
        if (!args.has("json")) {
            std::printf("puzzles %lld: solved %.1f%%, advancement %.1f%% (at each puzzle's rating)\n",
                        static_cast<long long>(r->overall.puzzles), 100.0 * r->overall.solveRate(),
                        100.0 * r->overall.advancement());
            for (const auto& [lo, s] : r->byRating)
                std::printf("  %4d-%4d  %5lld puzzles  solved %5.1f%%  advancement %5.1f%%\n", lo, lo + 199,
                            static_cast<long long>(s.puzzles), 100.0 * s.solveRate(), 100.0 * s.advancement());
        }
    }
    if (args.has("json")) std::printf("%s\n", QJsonDocument(out).toJson(QJsonDocument::Compact).constData());
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
    std::fprintf(stderr,
                 "kibitz-cli eval: expected 'eval human', 'eval puzzle', 'eval decisions' or 'eval time', got '%s'\n",
                 argv.front().c_str());
    return kExitUsage;
}

const bool kRegistered = registerCommand(
    {"eval", "evaluate a model (eval human ... | eval puzzle ... | eval decisions ... | eval time ...)", runEval});

}  // namespace
}  // namespace kibitz::cli
