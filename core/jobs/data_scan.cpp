// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/jobs/data_scan.h"

#include "core/chess/pgn.h"
#include "core/chess/puzzle_csv.h"

#include <QElapsedTimer>
#include <QObject>

#include <algorithm>
#include <charconv>

namespace kibitz::jobs {

namespace {

int parseElo(const std::string& text) {
    int v = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    return ec == std::errc() && ptr == text.data() + text.size() ? v : 0;
}

void addElo(DataScan& s, int elo) {
    if (elo <= 0) return;
    s.eloMin = s.eloMin == 0 ? elo : std::min(s.eloMin, elo);
    s.eloMax = std::max(s.eloMax, elo);
}

}  // namespace

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
    auto overBudget = [&] { return s.games >= maxGames || timer.elapsed() >= maxMilliseconds || cancel.isCancelled(); };
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
                ++s.games;
                s.positions += p.solutionLength();
                addElo(s, p.rating);
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
                ++s.games;
                s.positions += qint64(g.moves.size());
                addElo(s, parseElo(g.tag("WhiteElo")));
                addElo(s, parseElo(g.tag("BlackElo")));
                if (std::any_of(g.moves.begin(), g.moves.end(),
                                [](const chess::PgnMove& m) { return m.clockSeconds >= 0; }))
                    ++s.withClocks;
            }
            s.skipped += reader.value()->skippedCount();
            if (!reader.value()->ioError().empty()) s.errors << QString::fromStdString(reader.value()->ioError());
        }
    }
    s.seconds = double(timer.elapsed()) / 1000.0;
    return s;
}

}  // namespace kibitz::jobs
