// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the GUI's exports write (chart data, evaluation tables, rated puzzles), so widgets only gather what to save:
// CSV through the one CSV writer (chess::joinCsvRecord, the pair of the puzzle CSV reader) and every file through
// the one atomic write (kibitz::writeBytesAtomically: a crash leaves the old file or the new one, never a torn one).

#include "core/common/result.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace kibitz::jobs {

/// A table as CSV text: the header line, then one line per row (RFC 4180 quoting, '\n' line ends).
QByteArray csvTable(const QStringList& header, const QList<QStringList>& rows);

/// Writes `bytes` to `path` atomically. Errors are Io errors naming the file and the reason.
Status writeExportFile(const QString& path, const QByteArray& bytes);

}  // namespace kibitz::jobs
