// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/common/cancel_token.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

namespace kibitz::jobs {

/// A quick look at training data: counts over a sample (the first games or puzzles, within a time budget).
struct DataScan {
    qint64 games = 0;      ///< games read (PGN) or puzzles read (CSV)
    qint64 positions = 0;  ///< moves of those games / solver moves of those puzzles
    qint64 skipped = 0;    ///< games or rows the readers rejected
    int eloMin = 0;        ///< player Elo range (PGN) or puzzle rating range (CSV); 0 when unknown
    int eloMax = 0;
    qint64 withClocks = 0;  ///< games whose moves carry [%clk]
    bool puzzles = false;   ///< the files are puzzle CSVs
    bool sampled = false;   ///< the scan stopped at its game or time cap before the end of the data
    QStringList errors;     ///< unreadable files, mixed kinds
    double seconds = 0.0;
};

/// Reads up to `maxGames` games/puzzles in total from `files` (.pgn, .pgn.zst, .csv, .csv.zst), for at most
/// `maxMilliseconds`. Synchronous: run it in a worker thread.
DataScan scanTrainingData(const QStringList& files, qint64 maxGames, qint64 maxMilliseconds, const CancelToken& cancel);

/// True for .csv / .csv.zst names.
bool isPuzzleFile(const QString& path);

}  // namespace kibitz::jobs

Q_DECLARE_METATYPE(kibitz::jobs::DataScan)
