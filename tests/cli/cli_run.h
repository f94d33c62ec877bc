// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How the CLI tests run kibitz-cli (KIBITZ_CLI, defined per test by CMake): once, with optional standard input,
// and read back its exit code and both output streams.

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>

/// One finished run: the exit code (-1 when it crashed or timed out) and what it wrote.
struct Run {
    int code = -1;
    QString out;
    QString err;
};

/// Runs kibitz-cli with `args`, writes `input` to its standard input and closes it (`uci` quits at its end), and
/// waits at most `timeoutMs` (then kills it: code -1).
inline Run run(const QStringList& args, const QByteArray& input = {}, int timeoutMs = 600000) {
    QProcess p;
    p.start(QStringLiteral(KIBITZ_CLI), args);
    if (!input.isEmpty()) p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}
