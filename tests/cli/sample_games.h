// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The real games the CLI tests edit into hostile files (tests/data/games_sample.pgn, one text per game as the file
// holds it) and the file helpers those tests share.

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QStringList>

inline const QString kSampleGames = QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");

inline QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline bool writeAll(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

/// The games of games_sample.pgn as separate texts (each from its [Event tag to the next one, the blank line after
/// it included), so that files joined from them have the sample's own lines.
inline QStringList sampleGames() {
    const QString all = QString::fromUtf8(readAll(kSampleGames));
    QStringList games;
    qsizetype at = all.indexOf(QStringLiteral("[Event "));
    while (at >= 0) {
        const qsizetype next = all.indexOf(QStringLiteral("\n[Event "), at + 1);
        games << all.mid(at, next < 0 ? -1 : next + 1 - at);
        at = next < 0 ? -1 : next + 1;
    }
    return games;
}

/// The 1-based line of `text` on which `needle` first occurs at or after `from`; 0 when it does not.
inline qsizetype lineOf(const QString& text, const QString& needle, qsizetype from = 0) {
    const qsizetype at = text.indexOf(needle, from);
    return at < 0 ? 0 : text.left(at).count(QLatin1Char('\n')) + 1;
}
