// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/data_scan.h"

#include "core/chess/data_stats.h"

#include <QElapsedTimer>
#include <QObject>

#include <algorithm>

namespace kibitz::jobs {

bool isPuzzleFile(const QString& path) {
    const QString p = path.toLower();
    return p.endsWith(QLatin1String(".csv")) || p.endsWith(QLatin1String(".csv.zst"));
}

DataScan scanTrainingData(const QStringList& files, qint64 maxGames, qint64 maxMilliseconds,
                          const CancelToken& cancel) {
    DataScan s;
    QElapsedTimer timer;
    timer.start();
    int puzzleFiles = 0;
    for (const QString& f : files) puzzleFiles += isPuzzleFile(f) ? 1 : 0;
    s.puzzles = puzzleFiles > 0;
    if (puzzleFiles > 0 && puzzleFiles < files.size())
        s.errors << QObject::tr("PGN and CSV files are mixed; a run trains on one kind");
    // The same counts as pgn-stats and puzzle-stats; the histograms they also keep are small.
    chess::GameStats games;
    chess::PuzzleStats puzzles;
    auto overBudget = [&] {
        return games.games + puzzles.puzzles >= maxGames || timer.elapsed() >= maxMilliseconds || cancel.isCancelled();
    };
    for (const QString& f : files) {
        if (overBudget()) {
            s.sampled = true;
            break;
        }
        if (isPuzzleFile(f)) {
            auto reader = chess::PuzzleCsvReader::open(f.toStdString());
            if (!reader.ok()) {
                s.errors << QString::fromStdString(reader.error().message);
                continue;
            }
            chess::Puzzle p;
            while (true) {
                if (overBudget()) {
                    s.sampled = true;
                    break;
                }
                if (!reader.value()->next(p)) break;
                puzzles.add(p);
            }
            s.skipped += reader.value()->skippedCount();
            if (!reader.value()->headerError().empty())
                s.errors << QString::fromStdString(reader.value()->headerError());
        } else {
            auto reader = chess::PgnReader::open(f.toStdString());
            if (!reader.ok()) {
                s.errors << QString::fromStdString(reader.error().message);
                continue;
            }
            reader.value()->setKeepVariations(false);  // as the training readers count games
            chess::PgnGame g;
            while (true) {
                if (overBudget()) {
                    s.sampled = true;
                    break;
                }
                if (!reader.value()->next(g)) break;
                games.add(g);
            }
            s.skipped += reader.value()->skippedCount();
            if (!reader.value()->ioError().empty()) s.errors << QString::fromStdString(reader.value()->ioError());
        }
    }
    s.games = games.games + puzzles.puzzles;
    s.positions = games.positions + puzzles.solverMoves;
    s.eloMin = games.eloMin == 0 || puzzles.ratingMin == 0 ? std::max(games.eloMin, puzzles.ratingMin)
                                                           : std::min(games.eloMin, puzzles.ratingMin);
    s.eloMax = std::max(games.eloMax, puzzles.ratingMax);
    s.withClocks = games.gamesWithClock;
    s.seconds = double(timer.elapsed()) / 1000.0;
    return s;
}

}  // namespace kibitz::jobs
