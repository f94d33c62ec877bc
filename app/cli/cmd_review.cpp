// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli review: for each move of a game, the human probability of the move played and Stockfish's eval.
#include "app/cli/args.h"
#include "app/cli/command.h"
#include "app/cli/pgn_input.h"
#include "core/chess/notation.h"
#include "core/chess/pgn.h"
#include "core/engines/engine_locator.h"
#include "core/evaluation/game_review.h"
#include "core/jobs/human_model.h"

#include <QJsonDocument>

#include <cstdio>

namespace kibitz::cli {
namespace {

void printHelp() {
    std::printf(
        "Usage: kibitz-cli review --pgn FILE [options]\n\n"
        "Reviews one game: for each move the human-model probability of the move played (at the players' Elo,\n"
        "clocks and increment from the PGN; impossible clocks or a time control no game can have are not read,\n"
        "and the review says why) and the engine's eval before and after it, with the loss.\n"
        "  --pgn FILE       .pgn or .pgn.zst file\n"
        "  --game N         which game of the file, 1-based, unreadable games counted (default 1)\n"
        "  --depth D        engine depth per position (default 12)\n"
        "  --nodes N        engine node limit per position instead of a depth (a search still running after\n"
        "                   120 s is stopped and the review fails, naming the position)\n"
        "  --max-plies N    review only the first N plies\n"
        "  --engine PATH    UCI engine (default: Stockfish, found automatically)\n"
        "  --threads N      engine threads (default 1)\n"
        "  --model PATH     .kibitz bundle, .pt checkpoint, lc0 net (.pb.gz) or folder of rating-band lc0 nets\n"
        "                   (default: the shipped model, skipped if absent)\n"
        "  --no-model       no human probabilities\n"
        "  --no-engine      no engine evals\n"
        "  --json           one JSON object: {white, black, plies: [{ply, san, uci, human_prob, eval_before_cp,\n"
        "                   mate_before, eval_after_cp, mate_after, loss_cp, ...}]}; evals from White's view,\n"
        "                   eval_*_cp null for mates; loss_cp from the mover's view, a mate counting 100000 cp;\n"
        "                   human_white_score: the value head's expected score for White before the move)\n");
}

QString scoreText(const std::optional<engines::UciScore>& s, chess::Color mover) {
    if (!s) return QStringLiteral("-");
    return evaluation::formatScore(mover == chess::White ? *s : evaluation::flipSide(*s));
}

int runReview(const std::vector<std::string>& argv) {
    Args args(argv, {"pgn", "game", "depth", "nodes", "max-plies", "engine", "threads", "model"},
              {"json", "no-model", "no-engine"});
    if (args.has("help")) {
        printHelp();
        return kExitOk;
    }
    const long long gameIndex = args.intValue("game", 1, 1, 100000000);
    const int depth = int(args.intValue("depth", 12, 1, 60));
    const long long nodes = args.intValue("nodes", 0, 1, 1000000000000LL);
    const int maxPlies = int(args.intValue("max-plies", 0, 1, 100000));
    const int threads = int(args.intValue("threads", 1, 1, 256));
    if (!args.ok() || !args.positionals().empty() || !args.has("pgn")) {
        std::fprintf(stderr, "kibitz-cli review: %s\n",
                     !args.ok()                    ? args.error().c_str()
                     : !args.positionals().empty() ? ("unexpected argument '" + args.positionals()[0] + "'").c_str()
                                                   : "--pgn FILE is required (see --help)");
        return kExitUsage;
    }

    const std::string file = *args.value("pgn");
    PgnInput input("review", {file});
    if (!input.openAll()) return kExitUsage;
    input.watchGame(gameIndex);
    chess::PgnGame game;
    bool found = false;
    while (!found && input.next(game) && input.gameNumber() <= gameIndex) found = input.gameNumber() == gameIndex;
    if (!found) {
        if (!input.inputError().empty()) return input.finish();
        if (!input.watchedSkip().reason.empty()) {
            std::fprintf(stderr, "kibitz-cli review: --game %lld: that game cannot be read: %s\n", gameIndex,
                         input.watchedSkip().message().c_str());
            return kExitUsage;
        }
        std::fprintf(stderr, "kibitz-cli review: %s: --game %lld: the file has %lld games (%lld of them unreadable)\n",
                     file.c_str(), gameIndex, static_cast<long long>(input.games() + input.skipped()),
                     static_cast<long long>(input.skipped()));
        return kExitUsage;
    }

    std::unique_ptr<encoding::Evaluator> human;
    if (!args.has("no-model")) {
        auto ev = jobs::loadHumanEvaluator(QString::fromStdString(args.value("model").value_or("")));
        if (ev) {
            human = std::move(*ev);
        } else if (args.has("model")) {
            std::fprintf(stderr, "kibitz-cli review: %s\n", ev.error().message.c_str());
            return kExitUsage;
        } else {
            std::fprintf(stderr, "kibitz-cli review: warning: no human model (%s); reviewing without it\n",
                         ev.error().message.c_str());
        }
    }
    std::unique_ptr<evaluation::PositionAnalyser> engine;
    if (!args.has("no-engine")) {
        auto program = engines::locateStockfish(QString::fromStdString(args.value("engine").value_or("")));
        if (!program) {
            std::fprintf(stderr, "kibitz-cli review: %s\n", program.error().message.c_str());
            return kExitUsage;
        }
        engine = std::make_unique<evaluation::UciAnalyser>(evaluation::uciAnalyserOptions(
            *program, nodes > 0 ? engines::SearchLimits::nodes(nodes) : engines::SearchLimits::depth(depth), threads));
    }

    evaluation::ReviewOptions options;
    options.maxPlies = maxPlies;
    auto review = evaluation::reviewGame(game, human.get(), engine.get(), options, CancelToken());
    if (!review) {
        std::fprintf(stderr, "kibitz-cli review: %s:%lld: %s\n", file.c_str(), static_cast<long long>(game.firstLine),
                     review.error().message.c_str());
        return kExitFailure;
    }
    if (args.has("json")) {
        std::printf("%s\n",
                    QJsonDocument(evaluation::reviewToJson(*review)).toJson(QJsonDocument::Compact).constData());
        return kExitOk;
    }
    std::printf("%s - %s (%s)\n", review->white.c_str(), review->black.c_str(), game.result.c_str());
    if (!review->model.empty()) std::printf("model:  %s\n", review->model.c_str());
    if (!review->engine.empty()) std::printf("engine: %s\n", review->engine.c_str());
    if (!review->clocksIgnored.empty()) std::printf("clocks: not read (%s)\n", review->clocksIgnored.c_str());
    for (const auto& [side, e] :
         {std::pair{"White", &review->whitePlayedLike}, std::pair{"Black", &review->blackPlayedLike}})
        if (e->valid && review->ratingSite == encoding::RatingSite::ChessCom) {
            const evaluation::EloEstimate c = evaluation::estimateOnScale(*e, review->ratingSite);
            std::printf(
                "%s played like a %.0f (%.0f-%.0f) on chess.com's scale, %.0f (%.0f-%.0f) on Lichess's, "
                "%d moves\n",
                side, c.estimate, c.low, c.high, e->estimate, e->low, e->high, e->moves);
        } else if (e->valid) {
            std::printf("%s played like a %.0f (%.0f-%.0f, %d moves)\n", side, e->estimate, e->low, e->high, e->moves);
        }
    std::printf("%5s  %-8s %7s %5s %8s %8s %7s  %s\n", "ply", "move", "human%", "rank", "before", "after", "loss",
                "best");
    for (const auto& p : review->plies) {
        const QString before = scoreText(p.before, p.mover);
        const QString after = scoreText(p.after, p.mover);
        std::printf("%5d  %-8s %7s %5s %8s %8s %7s  %s\n", p.ply + 1, p.san.c_str(),
                    p.humanProb ? QString::number(100.0 * *p.humanProb, 'f', 1).toUtf8().constData() : "-",
                    p.humanProb ? std::to_string(p.humanRank).c_str() : "-", before.toUtf8().constData(),
                    after.toUtf8().constData(), p.before ? std::to_string(p.lossCp).c_str() : "-",
                    p.engineBest ? chess::toUci(p.engineBest).c_str() : "-");
    }
    return kExitOk;
}

const bool kRegistered =
    registerCommand({"review", "review a game: human probability and engine eval of every move", runReview});

}  // namespace
}  // namespace kibitz::cli
