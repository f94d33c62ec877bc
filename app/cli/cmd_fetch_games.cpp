// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli fetch-games: a player's public games from Lichess or chess.com (their export APIs), for personalize
// and the rest.
#include "app/cli/args.h"
#include "app/cli/cli_util.h"
#include "app/cli/command.h"
#include "core/jobs/game_download.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QTimer>

#include <cstdio>

namespace kibitz::cli {
namespace {

void printHelp() {
    std::printf(
        "Usage: kibitz-cli fetch-games --lichess NAME | --chesscom NAME --out FILE.pgn [--max N] [--since DATE]\n\n"
        "Downloads a player's public games, newest first, as PGN with clocks, from Lichess's game export\n"
        "(lichess.org/api/games/user/NAME) or chess.com's monthly archives (api.chess.com/pub/player/NAME/games).\n"
        "Games are written to FILE.pgn.part as they arrive; an interrupted download (Ctrl+C, a lost connection)\n"
        "continues when the same command is run again, without writing a game twice, and the finished file is\n"
        "renamed to FILE.pgn. When a site asks to slow down (HTTP 429), the download waits as it says (else a minute;\n"
        "at most 10 minutes) and tries again. A connection silent for 60 s, or a reply that stops in the middle of a\n"
        "game, is given up (run again to resume); a reply that is not PGN games is an error. One download per file:\n"
        "a second one into the same FILE.pgn is refused while the first runs. Only lichess.org and api.chess.com are\n"
        "contacted, over https.\n"
        "  --max N        the newest N games (default: all)\n"
        "  --since DATE   games from this day on (YYYY-MM-DD)\n"
        "Exit codes: 0 done, 1 network trouble or interrupted (run again to resume), 2 bad usage or no such "
        "account.\n");
}

int runFetchGames(const std::vector<std::string>& argv) {
    Args args(argv, {"lichess", "chesscom", "out", "max", "since"}, {});
    if (args.has("help")) {
        printHelp();
        return kExitOk;
    }
    auto usage = [](const std::string& msg) {
        std::fprintf(stderr, "kibitz-cli fetch-games: %s\n", msg.c_str());
        return int(kExitUsage);
    };
    if (!args.ok()) return usage(args.error());
    jobs::GameDownloadRequest r;
    if (args.has("lichess") == args.has("chesscom")) return usage("give one of --lichess NAME and --chesscom NAME");
    r.site = args.has("lichess") ? jobs::GameSite::Lichess : jobs::GameSite::ChessCom;
    r.user = QString::fromStdString(args.value(args.has("lichess") ? "lichess" : "chesscom").value_or(""));
    r.outPath = QString::fromStdString(args.value("out").value_or(""));
    if (r.outPath.isEmpty()) return usage("--out FILE.pgn is required");
    r.maxGames = int(args.intValue("max", 0, 0, 1 << 30));
    if (const auto since = args.value("since")) {
        r.since = QDate::fromString(QString::fromStdString(*since), QStringLiteral("yyyy-MM-dd"));
        if (!r.since.isValid()) return usage("--since: '" + *since + "' is not a date YYYY-MM-DD");
    }
    if (!args.ok()) return usage(args.error());

    CancelToken cancel;
    const StopSignalScope stopOnSignal(cancel);
    jobs::GameDownload download(r);
    QEventLoop loop;
    int exitCode = kExitFailure;
    qint64 reported = 0;
    QObject::connect(&download, &jobs::GameDownload::progress, &loop, [&](qint64 games, qint64) {
        if (games - reported >= 100) {
            std::printf("%s  %lld games\n", timestamp().c_str(), static_cast<long long>(games));
            std::fflush(stdout);
            reported = games;
        }
    });
    QObject::connect(&download, &jobs::GameDownload::waiting, &loop, [&](int seconds) {
        std::printf("%s  %s asks to slow down (HTTP 429): waiting %d s\n", timestamp().c_str(),
                    jobs::siteName(r.site).toUtf8().constData(), seconds);
        std::fflush(stdout);
    });
    QObject::connect(&download, &jobs::GameDownload::finished, &loop,
                     [&](bool ok, const QString& message, bool resumable) {
                         if (ok) {
                             std::printf("%s  %s\n", timestamp().c_str(), message.toUtf8().constData());
                             exitCode = kExitOk;
                         } else {
                             std::fprintf(stderr, "kibitz-cli fetch-games: %s\n", message.toUtf8().constData());
                             exitCode = resumable ? kExitFailure : kExitUsage;
                         }
                         loop.quit();
                     });
    // Ctrl+C: the signal handler sets the token; the download stops and keeps what it has for a resume.
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (cancel.isCancelled()) download.cancel();
    });
    poll.start(100);
    QTimer::singleShot(0, &download, [&] {
        download.start();  // reads an interrupted download's state at once
        if (download.resumedGames() > 0) {
            std::printf("%s  resuming after %lld games\n", timestamp().c_str(),
                        static_cast<long long>(download.resumedGames()));
            std::fflush(stdout);
        }
    });
    loop.exec();
    return exitCode;
}

const bool registered =
    registerCommand({"fetch-games", "a player's public games from Lichess or chess.com (resumable)", runFetchGames});

}  // namespace
}  // namespace kibitz::cli
