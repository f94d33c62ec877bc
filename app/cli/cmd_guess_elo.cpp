// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli guess-elo: each player's rating estimated from their moves by the human-move model (the calibrated
// posterior median, or the maximum likelihood, over a rating grid: core/evaluation/elo_guess), with an interval; MAE
// against the true ratings when the tags have them, beside predict-the-mean.
#include "app/cli/args.h"
#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "app/cli/pgn_input.h"
#include "core/chess/pgn.h"
#include "core/chess/pgn_tags.h"
#include "core/encoding/game_conditioning.h"
#include "core/evaluation/elo_guess.h"
#include "core/jobs/human_model.h"
#include "core/training/human_samples.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>

namespace kibitz::cli {
namespace {

void printHelp() {
    std::printf(
        "Usage: kibitz-cli guess-elo --pgn FILE|DIR... [--model BUNDLE] [options] [--json]\n\n"
        "Estimates each player's rating from the moves they played with the human-move model. By default both\n"
        "players are estimated together from the moves alone: the model is told neither rating (the clocks, yes),\n"
        "each player's moves give a log-likelihood over 600..3200, tempered by %g (one game's moves are not\n"
        "independent evidence), and the posterior over (White, Black) pairs adds the training games' table of\n"
        "pairs: Lichess pairs similar ratings, so each player's moves also inform the other's estimate. The\n"
        "estimate is the median of each player's posterior with its central 95%% interval; the temper was fitted\n"
        "on training games. --prior population --opponent tag reads each player alone, told the opponent's\n"
        "rating from the tag (\"played like a ...\", as the game review shows). --estimate max gives the plain\n"
        "maximum likelihood (untempered, no prior unless --prior) with the interval where the log-likelihood\n"
        "is within --drop of its maximum (1.92: 95%%).\n"
        "When the games carry WhiteElo/BlackElo, a summary gives the mean absolute error beside predict-the-mean\n"
        "(the mean true rating of the same games).\n"
        "The model's ratings are on Lichess's scale. A chess.com game (its Site or Link tag) has its ratings read\n"
        "on that scale (Lichess = 614 + 0.797 x chess.com, measured on one player on both sites), and each\n"
        "estimate is given on chess.com's scale too and compared with the tag on chess.com's scale.\n"
        "  --pgn FILE|DIR    games (.pgn or .pgn.zst, or a folder of them; repeatable)\n"
        "  --model PATH      .kibitz bundle, checkpoint (.pt), lc0 net (.pb.gz) or folder of rating-band lc0\n"
        "                    nets; default: the shipped model\n"
        "  --max-games N     stop after N games\n"
        "  --held-out        only games of the training hold-out (3%% by Site hash): never trained on\n"
        "  --step N          rating grid step (default 100)   --drop X   interval drop in log-likelihood (1.92)\n"
        "  --prior P         the prior over ratings: pairs (the default with --estimate median: the training\n"
        "                    games' table of (White, Black) ratings, both players estimated together; only where\n"
        "                    the model is told neither rating, else as population), population (the training\n"
        "                    games' players' histogram, each player alone), MEAN:SD (a Gaussian, e.g. 1780:500,\n"
        "                    their mean and sd) or none (the default with --estimate max; with a prior, max is\n"
        "                    the maximum a posteriori)\n"
        "  --opponent MODE   what the model is told of the opponent's rating: unknown (the default with pairs),\n"
        "                    tag (the default otherwise: the tag's, else the grid value), same (the grid value:\n"
        "                    the game's level)\n"
        "  --temper T        multiply the moves' log-likelihood by T before the prior (default %g with\n"
        "                    --estimate median, 1 with max)\n"
        "  --estimate E      median (default: the posterior's median and central 95%% interval, as the game\n"
        "                    review shows) or max (the curve's maximum and the --drop interval)\n"
        "  --training-games  only games of the training split (to fit --prior and --temper without the held-out)\n"
        "  --every K         only every K-th game of those selected (a sample spread over the files)\n"
        "  --curves          with --json: each player's \"ll\", the moves' summed log-probability at each grid\n"
        "                    rating (600, 700, ... by --step), before temper and prior\n"
        "  --json            one JSON line per game: {\"game\":N,\"white\":{\"estimate\":E,\"low\":L,\"high\":H,\n"
        "                    \"moves\":M,\"true\":T,\"scale\":S},\"black\":{...},\"white_name\":..,\n"
        "                    \"black_name\":..} (and \"jointly\":true where --prior pairs estimated the two\n"
        "                    together), then one {\"summary\":{...}} line. \"scale\" names the scale of\n"
        "                    estimate, low, high and true (the tag): \"lichess\", or \"chess.com\" for a chess.com\n"
        "                    game, whose players also carry \"lichess\":{\"estimate\",\"low\",\"high\",\"true\"}\n"
        "                    on Lichess's scale (the model's); the summary's \"scale\" is the games' (or\n"
        "                    \"mixed\"), its errors each game's own scale\n",
        evaluation::kGuessEloTemper, evaluation::kGuessEloTemper);
}

/// One player's estimate on the game's rating scale (`site`'s), beside its tag; a chess.com player also on Lichess's.
QJsonObject estimateJson(const evaluation::EloEstimate& e, std::optional<int> truth, encoding::RatingSite site,
                         bool curves) {
    const evaluation::EloEstimate onSite = evaluation::estimateOnScale(e, site);
    QJsonObject o{{QStringLiteral("estimate"), std::round(onSite.estimate)},
                  {QStringLiteral("low"), std::round(onSite.low)},
                  {QStringLiteral("high"), std::round(onSite.high)},
                  {QStringLiteral("moves"), e.moves},
                  {QStringLiteral("scale"), QString::fromLatin1(encoding::ratingScaleName(site))}};
    if (truth) o[QStringLiteral("true")] = *truth;
    if (site == encoding::RatingSite::ChessCom) {
        QJsonObject lichess{{QStringLiteral("estimate"), std::round(e.estimate)},
                            {QStringLiteral("low"), std::round(e.low)},
                            {QStringLiteral("high"), std::round(e.high)}};
        if (truth) lichess[QStringLiteral("true")] = encoding::toLichessScale(*truth, site);
        o[QStringLiteral("lichess")] = lichess;
    }
    if (curves) {
        QJsonArray ll;
        for (const double v : e.movesLogLikelihood) ll.append(std::round(v * 1000.0) / 1000.0);
        o[QStringLiteral("ll")] = ll;
    }
    return o;
}

/// --prior P into `opt`: "" or the usage message.
std::string readPrior(const std::string& prior, evaluation::EloGuessOptions& opt) {
    if (prior == "population") {
        opt.prior = evaluation::EloGuessOptions::Prior::Population;
    } else if (prior == "pairs") {
        opt.prior = evaluation::EloGuessOptions::Prior::PopulationPairs;
    } else if (prior == "none") {
        opt.prior = evaluation::EloGuessOptions::Prior::None;
    } else {
        const auto colon = prior.find(':');
        try {
            if (colon == std::string::npos) throw std::invalid_argument("no colon");
            std::size_t used = 0;
            opt.priorMean = std::stod(prior.substr(0, colon), &used);
            if (used != colon) throw std::invalid_argument("trailing text");
            const std::string sd = prior.substr(colon + 1);
            opt.priorSd = std::stod(sd, &used);
            if (used != sd.size()) throw std::invalid_argument("trailing text");
        } catch (const std::exception&) {
            return "--prior: '" + prior + "' is not population, pairs, none or MEAN:SD (e.g. 1780:500)";
        }
        if (!(opt.priorSd > 0)) return "--prior: SD must be positive";
        opt.prior = evaluation::EloGuessOptions::Prior::Gaussian;
    }
    return {};
}

/// The estimate's options (--estimate, --step, --drop, --opponent, --prior, --temper) into `opt`: "" or the usage
/// message. A bad number is left in `args` (its first error).
std::string readGuessOptions(Args& args, evaluation::EloGuessOptions& opt) {
    opt = evaluation::EloGuessOptions::calibratedPairs();
    if (auto e = args.value("estimate")) {
        if (*e == "max")
            opt = evaluation::EloGuessOptions();
        else if (*e != "median")
            return "--estimate: '" + *e + "' is not one of median, max";
    }
    opt.step = int(args.intValue("step", opt.step, 10, 1000));
    opt.intervalDrop = args.doubleValue("drop", opt.intervalDrop, 0.01, 100.0);
    if (auto mode = args.value("opponent")) {
        if (*mode == "tag")
            opt.opponent = evaluation::EloGuessOptions::Opponent::FromTag;
        else if (*mode == "same")
            opt.opponent = evaluation::EloGuessOptions::Opponent::SameAsMover;
        else if (*mode == "unknown")
            opt.opponent = evaluation::EloGuessOptions::Opponent::Unknown;
        else
            return "--opponent: '" + *mode + "' is not one of tag, same, unknown";
    }
    if (auto prior = args.value("prior"))
        if (std::string error = readPrior(*prior, opt); !error.empty()) return error;
    // Told the opponent's rating (the tag) unless the two players are estimated together.
    if (!args.value("opponent"))
        opt.opponent = opt.prior == evaluation::EloGuessOptions::Prior::PopulationPairs
                           ? evaluation::EloGuessOptions::Opponent::Unknown
                           : evaluation::EloGuessOptions::Opponent::FromTag;
    opt.temper = args.doubleValue("temper", opt.temper, 0.001, 10.0);
    return {};
}

/// One game's estimates, as a JSON line or as text; a chess.com game's on chess.com's scale and Lichess's.
void printGame(std::int64_t number, const chess::PgnGame& game, const evaluation::GameEloGuess& r,
               const std::optional<int> (&truth)[2], encoding::RatingSite site, bool json, bool curves) {
    if (json) {
        QJsonObject o{{QStringLiteral("game"), qint64(number)},
                      {QStringLiteral("white_name"), QString::fromStdString(game.tag("White"))},
                      {QStringLiteral("black_name"), QString::fromStdString(game.tag("Black"))}};
        if (!game.tag("Site").empty()) o[QStringLiteral("site")] = QString::fromStdString(game.tag("Site"));
        if (r.jointly) o[QStringLiteral("jointly")] = true;
        if (r.white.valid) o[QStringLiteral("white")] = estimateJson(r.white, truth[0], site, curves);
        if (r.black.valid) o[QStringLiteral("black")] = estimateJson(r.black, truth[1], site, curves);
        std::printf("%s\n", QJsonDocument(o).toJson(QJsonDocument::Compact).constData());
        return;
    }
    auto line = [&](const char* colour, const std::string& name, const evaluation::EloEstimate& e,
                    std::optional<int> t) {
        if (!e.valid) return;
        const char* who = name.empty() ? "?" : name.c_str();
        const char* verb = r.jointly ? "is rated about" : "played like a";
        if (site != encoding::RatingSite::ChessCom) {
            std::printf("  %s %s %s %.0f (%.0f-%.0f, %d moves)%s\n", colour, who, verb, e.estimate, e.low, e.high,
                        e.moves, t ? (" - rated " + std::to_string(*t)).c_str() : "");
            return;
        }
        const evaluation::EloEstimate c = evaluation::estimateOnScale(e, site);
        std::printf("  %s %s %s %.0f (%.0f-%.0f) on chess.com's scale, %.0f (%.0f-%.0f) on Lichess's, %d moves%s\n",
                    colour, who, verb, c.estimate, c.low, c.high, e.estimate, e.low, e.high, e.moves,
                    t ? (" - rated " + std::to_string(*t) + " on chess.com").c_str() : "");
    };
    std::printf("game %lld: %s - %s\n", static_cast<long long>(number), game.tag("White").c_str(),
                game.tag("Black").c_str());
    line("White", game.tag("White"), r.white, truth[0]);
    line("Black", game.tag("Black"), r.black, truth[1]);
}

/// The estimates of players with a rating tag, against those ratings, each on its game's scale.
struct GuessTally {
    std::int64_t games = 0;
    std::int64_t failed = 0;
    std::vector<std::pair<double, int>> pairs;  ///< (estimate, truth)
    double covered = 0.0;                       ///< players whose interval holds the truth
    std::int64_t chessComPlayers = 0;           ///< of the pairs, on chess.com's scale

    void add(const evaluation::GameEloGuess& r, const std::optional<int> (&truth)[2], encoding::RatingSite site) {
        const evaluation::EloEstimate est[2] = {evaluation::estimateOnScale(r.white, site),
                                                evaluation::estimateOnScale(r.black, site)};
        for (int side = 0; side < 2; ++side) {
            if (!est[side].valid || !truth[side]) continue;
            pairs.emplace_back(est[side].estimate, *truth[side]);
            if (*truth[side] >= est[side].low && *truth[side] <= est[side].high) covered += 1;
            if (site == encoding::RatingSite::ChessCom) ++chessComPlayers;
        }
    }
    /// "lichess", "chess.com", or "mixed" when the players' ratings are on both.
    const char* scale() const {
        if (chessComPlayers == 0) return "lichess";
        return chessComPlayers == std::int64_t(pairs.size()) ? "chess.com" : "mixed";
    }
};

/// The summary line: it comes whatever happened (the help promises it); with no scored player its numbers are zero.
void printSummary(const GuessTally& t, std::int64_t skipped, bool json) {
    const auto scored = std::int64_t(t.pairs.size());
    double mean = 0.0, absErr = 0.0, meanErr = 0.0;
    if (scored > 0) {
        double sumTrue = 0.0;
        for (const auto& [e, truth] : t.pairs) sumTrue += truth;
        mean = sumTrue / double(scored);
        for (const auto& [e, truth] : t.pairs) {
            absErr += std::abs(e - truth);
            meanErr += std::abs(mean - truth);
        }
        absErr /= double(scored);
        meanErr /= double(scored);
    }
    const double coverage = scored > 0 ? t.covered / double(scored) : 0.0;
    if (json) {
        QJsonObject s{{QStringLiteral("games"), qint64(t.games)},
                      {QStringLiteral("games_failed"), qint64(t.failed)},
                      {QStringLiteral("games_skipped"), qint64(skipped)},
                      {QStringLiteral("players"), qint64(scored)},
                      {QStringLiteral("mae"), absErr},
                      {QStringLiteral("mae_predict_mean"), meanErr},
                      {QStringLiteral("mean_rating"), mean},
                      {QStringLiteral("ratio"), meanErr > 0 ? absErr / meanErr : 0.0},
                      {QStringLiteral("interval_coverage"), coverage},
                      {QStringLiteral("scale"), QString::fromLatin1(t.scale())}};
        std::printf(
            "%s\n",
            QJsonDocument(QJsonObject{{QStringLiteral("summary"), s}}).toJson(QJsonDocument::Compact).constData());
    } else if (scored > 0) {
        const std::string scale = t.chessComPlayers == 0 ? ""
                                  : t.chessComPlayers == scored
                                      ? " (on chess.com's scale)"
                                      : " (" + std::to_string(t.chessComPlayers) + " of them on chess.com's scale)";
        std::printf(
            "%lld players%s: MAE %.1f (predict-the-mean %.0f: %.1f; ratio %.3f); true rating inside the "
            "interval for %.1f%%\n",
            static_cast<long long>(scored), scale.c_str(), absErr, mean, meanErr, meanErr > 0 ? absErr / meanErr : 0.0,
            100.0 * coverage);
    } else {
        std::printf("%lld games, %lld skipped, %lld failed: no player with a rating tag to compare with\n",
                    static_cast<long long>(t.games), static_cast<long long>(skipped), static_cast<long long>(t.failed));
    }
    std::fflush(stdout);
}

int runGuessElo(const std::vector<std::string>& argv) {
    Args args(argv, {"pgn", "model", "max-games", "step", "drop", "prior", "opponent", "temper", "estimate", "every"},
              {"json", "held-out", "training-games", "curves"});
    if (args.has("help")) {
        printHelp();
        return kExitOk;
    }
    auto usage = [](const std::string& msg) {
        std::fprintf(stderr, "kibitz-cli guess-elo: %s\n", msg.c_str());
        return int(kExitUsage);
    };
    if (!args.ok()) return usage(args.error());
    std::string dataError;
    std::vector<std::string> given = args.values("pgn");
    given.insert(given.end(), args.positionals().begin(), args.positionals().end());
    const auto files = expandDataArgs(given, {".pgn", ".pgn.zst"}, dataError);
    if (!dataError.empty()) return usage("--pgn: " + dataError);
    if (files.empty()) return usage("--pgn is required");
    const auto maxGames = args.intValue("max-games", 0, 0, 1LL << 40);
    const auto every = args.intValue("every", 1, 1, 1LL << 40);
    evaluation::EloGuessOptions opt;
    if (const std::string error = readGuessOptions(args, opt); !error.empty()) return usage(error);
    const bool json = args.has("json");
    const bool heldOut = args.has("held-out");
    const bool trainingGames = args.has("training-games");
    if (heldOut && trainingGames) return usage("--held-out and --training-games exclude each other");
    if (!args.ok()) return usage(args.error());

    auto evaluator = jobs::loadHumanEvaluator(QString::fromStdString(args.value("model").value_or("")));
    if (!evaluator) return usage(evaluator.error().message);

    PgnInput input("guess-elo", files);
    if (!input.openAll()) return kExitUsage;
    GuessTally tally;
    std::int64_t selected = 0;
    chess::PgnGame game;
    while ((maxGames <= 0 || tally.games < maxGames) && input.next(game)) {
        if (heldOut || trainingGames) {
            const std::string site = game.tag("Site");
            if (site.empty() || training::isHeldOut(site, 30) != heldOut) continue;
        }
        if (selected++ % every != 0) continue;
        ++tally.games;
        auto r = evaluation::guessGameElo(**evaluator, game, opt);
        if (!r) {
            ++tally.failed;
            std::fprintf(stderr, "kibitz-cli guess-elo: %s:%lld (game %lld of the file): %s\n", input.file().c_str(),
                         static_cast<long long>(game.firstLine), static_cast<long long>(input.gameNumber()),
                         r.error().message.c_str());
            continue;
        }
        const std::optional<int> truth[2] = {chess::parseEloTag(game.tag("WhiteElo")),
                                             chess::parseEloTag(game.tag("BlackElo"))};
        const encoding::RatingSite site = encoding::ratingSite(game);
        tally.add(*r, truth, site);
        printGame(tally.games, game, *r, truth, site, json, args.has("curves"));
        std::fflush(stdout);
    }
    printSummary(tally, input.skipped(), json);
    const bool stoppedEarly = maxGames > 0 && tally.games >= maxGames;
    if (const int code = input.finish(!stoppedEarly); code != kExitOk) return code;
    if (tally.games > 0 && tally.failed == tally.games) {
        std::fprintf(stderr, "kibitz-cli guess-elo: none of the %lld games could be estimated\n",
                     static_cast<long long>(tally.games));
        return kExitUsage;
    }
    return kExitOk;
}

const bool kRegistered = registerCommand(
    {"guess-elo", "estimate each player's rating from their moves (guess-elo --pgn FILE)", runGuessElo});

}  // namespace
}  // namespace kibitz::cli
