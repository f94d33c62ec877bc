// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli profile: where one player stands against people of their rating (evaluation::profilePlayer): their
// loss of winning chances beside the peer baseline by phase, clock, speed and kind of position, rating estimates by
// phase and clock, the positions they lost most in as puzzles, and an HTML report.
#include "app/cli/args.h"
#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "app/cli/pgn_input.h"
#include "core/common/atomic_file.h"
#include "core/engines/engine_locator.h"
#include "core/evaluation/engine_analyser.h"
#include "core/evaluation/player_profile.h"
#include "core/jobs/human_model.h"
#include "core/jobs/profile_job.h"
#include "core/jobs/puzzle_bundle.h"
#include "core/jobs/puzzle_rating.h"
#include "core/training/player_games.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <thread>

namespace kibitz::cli {
namespace {

/// The model's threads by default: one per core the machine reports.
int defaultModelThreads() { return std::max(1, int(std::thread::hardware_concurrency())); }

constexpr const char* kCommand = "profile";
void printHelp() {
    std::printf(
        "Usage: kibitz-cli profile --pgn FILE|DIR... --player NAME [--json] [--html OUT] [--puzzles OUT.csv]\n\n"
        "Where does a player stand against people of their rating? In the positions they actually faced (one ply\n"
        "in --every of their moves, by hash), Stockfish scores every legal move; their loss of winning chances\n"
        "(Lichess's: a mate is +-1; blunders lose >= 0.3) is set beside the peer baseline, the expected loss of a\n"
        "human of their rating and clock in the same positions by the human-move model (the distribution the\n"
        "opponent plays from, as `eval strength errors` scores it). Broken down by game phase (opening,\n"
        "middlegame, endgame), time left on their clock, speed, kind of position (in check, mate in one, a\n"
        "capture that wins material, a piece of theirs hanging, a recapture, a mate threatened, quiet),\n"
        "opening (their side and the opening's family, as Lichess names it: the most played, the rest\n"
        "pooled) and variation (the family and its first variation, likewise), each with its opening\n"
        "phase alone, and in time (up to %d periods of their games, %d games or more each), with the\n"
        "rating their moves play like by phase, clock and period (guess-elo's calibrated estimate over\n"
        "those moves; the interval: 90%% of resamples of the games). Each loss ratio has its interval too\n"
        "(90%% of resamples of the games; one that holds 1 is within chance of their peers). First, where\n"
        "they stand out: the groups where they lose more or less than their peers beyond chance, all groups\n"
        "weighed at once (Holm's rule: a player like their peers everywhere is named in about 1 report in\n"
        "10; JSON: \"standouts\"). Needs at least %d games that give the player's rating (with --peers-rated,\n"
        "any %d of theirs: club games without rating tags too).\n"
        "The model reads ratings on Lichess's scale: a chess.com game's are converted (Lichess = 614 + 0.797 x\n"
        "chess.com), and a chess.com player's ratings and estimates are reported on chess.com's scale (the\n"
        "report says which; JSON: \"rating_scale\").\n"
        "  --pgn FILE|DIR      games (.pgn, .pgn.zst; repeatable), e.g. what fetch-games downloaded\n"
        "  --player NAME       the player (as in the White/Black tags, any case)\n"
        "  --games N           the newest N of their games that give their rating (any N with --peers-rated;\n"
        "                      default: all)\n"
        "  --every N           one of every N of their moves (by hash; 1: all); default: the N that scores about\n"
        "                      %d of their moves (every move of about 30 games, one in seven of 200)\n"
        "  --depth D           engine depth (default 8)\n"
        "  --engine PATH       Stockfish (default: found on PATH or in /usr/games)\n"
        "  --engines N         engine processes scoring positions side by side (default: one per core, at most 8)\n"
        "  --cache FILE        the engine's scores, reused by the next run with the same engine and depth\n"
        "                      (default: profile-scores.tsv in $KIBITZ_CACHE_DIR or ~/.cache/kibitz)\n"
        "  --no-cache          keep no scores\n"
        "  --no-rating         leave out the rating estimates (27 model queries a position)\n"
        "  --peers-rated R     peers rated R instead of the player's own rating, with their clock: what separates\n"
        "                      them from the players they want to become (e.g. 1800 for a 1500); on chess.com's\n"
        "                      scale when every game is a chess.com game, else Lichess's (400-3200). Their\n"
        "                      own rating is then not needed: games without it are profiled too\n"
        "  --html OUT          also write the report as one self-contained HTML page with its charts\n"
        "  --puzzles OUT.csv   the positions where they lost most against their peers, as a Lichess puzzle CSV\n"
        "                      (the position before the opponent's move, that move and the best reply) for\n"
        "                      `kibitz-cli rate --csv` and the puzzle panel\n"
        "  --count N           at most N puzzles (default 20)\n"
        "  --no-puzzle-rating  leave the worst positions unrated (by default the shipped puzzle model rates each\n"
        "                      one, with the same engine: its puzzle rating and the player's chance to find the\n"
        "                      best move at their rating in that game)\n"
        "  --model PATH        a human-move model (bundle, checkpoint, lc0 net, folder of nets, blend); default:\n"
        "                      shipped\n"
        "  --threads T         torch threads (default: one per core)\n"
        "  --json              one JSON object on stdout\n"
        "Progress goes to stderr; Ctrl+C stops cleanly (the cache keeps what was scored; no report is written).\n",
        int(evaluation::kMaxPeriods), int(evaluation::kMinPeriodGames), int(evaluation::kMinProfileGames),
        int(evaluation::kMinProfileGames), evaluation::kProfileTargetPositions);
}

int usageError(const std::string& msg) {
    std::fprintf(stderr, "kibitz-cli %s: %s\n", kCommand, msg.c_str());
    return kExitUsage;
}

/// Progress on `line`.
evaluation::PlayerProfileProgressFn progressPrinter(ProgressLine& line) {
    return [&line](const evaluation::PlayerProfileProgress& p) {
        const bool scoring = p.stage == evaluation::PlayerProfileProgress::Stage::Scoring;
        line.show(p.done == p.total, "kibitz-cli %s: %s %lld / %lld positions", kCommand,
                  scoring ? "scoring" : "rating moves of", static_cast<long long>(p.done),
                  static_cast<long long>(p.total));
    };
}

/// The options' outputs, checked against the inputs.
struct Outputs {
    std::string html, puzzles;
};

int runProfile(const std::vector<std::string>& argv) {
    Args args(argv,
              {"pgn", "player", "games", "every", "depth", "engine", "engines", "cache", "html", "puzzles", "count",
               "model", "threads", "peers-rated"},
              {"json", "no-cache", "no-rating", "no-puzzle-rating"});
    if (args.has("help")) {
        printHelp();
        return kExitOk;
    }
    if (!args.ok()) return usageError(args.error());
    std::string dataError;
    std::vector<std::string> given = args.values("pgn");
    given.insert(given.end(), args.positionals().begin(), args.positionals().end());
    const auto files = expandDataArgs(given, {".pgn", ".pgn.zst"}, dataError);
    if (!dataError.empty()) return usageError("--pgn: " + dataError);
    if (files.empty()) return usageError("--pgn FILE is required (PGN files: they name the players)");
    const std::string player = args.value("player").value_or("");
    if (player.empty()) return usageError("--player NAME is required");
    evaluation::PlayerProfileOptions o;
    const int maxGames = int(args.intValue("games", 0, 0, 1 << 30));
    const int every = int(args.intValue("every", 0, 1, 1000));
    const int depth = int(args.intValue("depth", 8, 1, 60));
    o.positions.engines = int(args.intValue("engines", evaluation::defaultEngineProcesses(), 1, 64));
    o.puzzles = int(args.intValue("count", 20, 0, 10000));
    o.estimateRatings = !args.has("no-rating");
    // The range on either site's scale; profilePlayer checks it against the scale of the games.
    o.peerRating = int(args.intValue("peers-rated", 0, encoding::kMinChessComElo, encoding::kMaxPlayableElo));
    // One per core: the model's part (the peers' moves, then the rating curves after the engines are done) is about
    // half of a run's time; on two cores two threads make a 1,000-game profile 1.16x faster.
    jobs::setModelComputeThreads(int(args.intValue("threads", defaultModelThreads(), 1, 256)));
    if (!args.ok()) return usageError(args.error());
    Outputs out{args.value("html").value_or(""), args.value("puzzles").value_or("")};
    std::vector<std::pair<std::string, std::string>> inputs;
    for (const std::string& f : files) inputs.emplace_back("--pgn", f);
    for (const auto& [flag, path] : {std::pair{"--html", out.html}, {"--puzzles", out.puzzles}})
        if (!path.empty())
            if (const std::string e = outputIsInput(flag, path, inputs); !e.empty()) return usageError(e);
    if (!args.has("no-cache")) {
        o.positions.cachePath = args.value("cache").value_or(jobs::profileScoreCachePath().toStdString());
        if (const std::string e = outputIsInput("--cache", o.positions.cachePath, inputs); !e.empty())
            return usageError(e);
    }
    o.positions.cacheTag = jobs::profileCacheTag(depth);  // the GUI page keeps the same cache

    PgnInput input(kCommand, files);
    if (!input.openAllText()) return kExitUsage;
    std::string note;
    // Games without ratings too: profilePlayer says which it leaves out, and with --peers-rated needs none.
    auto games = training::readPlayerGames(files, player, &note, input.skipHook(), training::GameRatings::Optional);
    input.printSkipSummary();
    if (!games) return usageError(games.error().message);
    if (!note.empty()) std::fprintf(stderr, "kibitz-cli %s: %s\n", kCommand, note.c_str());
    evaluation::keepNewestProfileGames(games->games, games->name, maxGames, o.peerRating != 0);

    o.positions.every = every;  // 0: evaluation::defaultProfileEvery's
    auto program = engines::locateStockfish(QString::fromStdString(args.value("engine").value_or("")));
    if (!program) return usageError(program.error().message);
    auto evaluator = jobs::loadHumanEvaluator(QString::fromStdString(args.value("model").value_or("")));
    if (!evaluator) return usageError(evaluator.error().message);
    const std::string caveat = jobs::peerBaselineCaveat(**evaluator).toStdString();
    if (!caveat.empty()) std::fprintf(stderr, "kibitz-cli %s: %s\n", kCommand, caveat.c_str());
    o.positions.moreEngines = jobs::profileAnalyserFactory(*program, depth);
    auto engine = o.positions.moreEngines();
    if (!engine) return usageError(engine.error().message);

    CancelToken cancel;
    const StopSignalScope stopOnSignal(cancel);
    const auto started = std::chrono::steady_clock::now();
    ProgressLine line;
    auto profile =
        evaluation::profilePlayer(games->games, games->name, **evaluator, **engine, o, cancel, progressPrinter(line));
    line.end();
    if (!profile) {
        if (profile.error().code == ErrorCode::Cancelled) {
            std::fprintf(stderr, "kibitz-cli %s: interrupted; nothing written (the cache keeps what was scored)\n",
                         kCommand);
            return kExitFailure;
        }
        std::fprintf(stderr, "kibitz-cli %s: %s\n", kCommand, profile.error().message.c_str());
        return profile.error().code == ErrorCode::InvalidInput ? kExitUsage : kExitFailure;
    }
    profile->model = (*evaluator)->describe();
    profile->peerCaveat = caveat;
    profile->engine = (*engine)->describe().toStdString();
    if (!profile->puzzles.empty() && !args.has("no-puzzle-rating")) {
        // The worst positions as the puzzle panel would rate them; a model that cannot be had leaves them unrated.
        auto warn = [](const std::string& w) { std::fprintf(stderr, "kibitz-cli %s: %s\n", kCommand, w.c_str()); };
        jobs::HumanFeatureOptions human;
        human.warn = warn;
        jobs::EngineFeatureOptions engineFeatures;
        engineFeatures.engine = *program;
        engineFeatures.warn = warn;
        auto puzzleModel = jobs::loadPuzzleModel(jobs::defaultPuzzleModelPath(), human, engineFeatures);
        const Status rated =
            puzzleModel ? jobs::rateProfilePuzzles(**puzzleModel, *profile) : Status(puzzleModel.error());
        if (!rated) warn("the worst positions are left unrated as puzzles: " + rated.error().message);
    }
    if (!out.html.empty())
        if (auto st = writeBytesAtomically(out.html, evaluation::playerProfileHtml(*profile)); !st) {
            std::fprintf(stderr, "kibitz-cli %s: %s\n", kCommand, st.error().message.c_str());
            return kExitFailure;
        }
    if (!out.puzzles.empty())
        if (auto st = writeBytesAtomically(out.puzzles, profile->puzzlesCsv()); !st) {
            std::fprintf(stderr, "kibitz-cli %s: %s\n", kCommand, st.error().message.c_str());
            return kExitFailure;
        }
    const std::string step =
        profile->every > 1 ? "one of their moves in " + std::to_string(profile->every) : std::string("all their moves");
    std::fprintf(stderr, "kibitz-cli %s: %lld games, %lld positions (%s) in %.0f s\n", kCommand,
                 static_cast<long long>(profile->games), static_cast<long long>(profile->all.positions), step.c_str(),
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    if (args.has("json"))
        std::printf("%s\n", profile->toJson().write().c_str());
    else
        std::printf("%s", profile->toText().c_str());
    return kExitOk;
}

const bool kRegistered = registerCommand(
    {"profile", "where a player stands: their losses beside people of their rating, by phase, clock and kind",
     runProfile});

}  // namespace
}  // namespace kibitz::cli
