// SPDX-License-Identifier: GPL-3.0-or-later
// PgnInput for the commands whose games core reads (eval human, personalize): a binary file is refused as such
// before any work, and the games core passes over are named on stderr as every other reader names them
// ("skipped game N of FILE:LINE: reason"), once each however many passes core makes. On real Lichess games
// (tests/data/games_sample.pgn) with two of pnmadelaine's edited.
#include "app/cli/pgn_input.h"
#include "core/training/player_games.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

#include <unistd.h>

using namespace kibitz;

namespace {

bool writeAll(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

/// What `run` wrote to stderr.
template <typename Run>
QString stderrOf(Run&& run) {
    std::fflush(stderr);
    QTemporaryDir dir;
    const QByteArray path = dir.filePath(QStringLiteral("err.txt")).toLocal8Bit();
    const int saved = ::dup(2);
    std::FILE* f = std::fopen(path.constData(), "w");
    if (!f || saved < 0) return {};
    ::dup2(::fileno(f), 2);
    run();
    std::fflush(stderr);
    ::dup2(saved, 2);
    ::close(saved);
    std::fclose(f);
    QFile in(QString::fromLocal8Bit(path));
    return in.open(QIODevice::ReadOnly) ? QString::fromUtf8(in.readAll()) : QString();
}

}  // namespace

class TestPgnInput : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void binaryFileIsRefused() {
        QTemporaryDir dir;
        const QString binary = dir.filePath(QStringLiteral("g.pgn"));
        QByteArray bytes(4096, '\0');
        for (int i = 0; i < bytes.size(); ++i) bytes[i] = char((i * 7919 + 13) & 0xFF);
        QVERIFY(writeAll(binary, bytes));
        cli::PgnInput input("eval human", {KIBITZ_TEST_DATA_DIR "/games_sample.pgn", binary.toStdString()});
        const QString err = stderrOf([&] { QVERIFY(!input.openAllText()); });
        QVERIFY2(
            err.startsWith(QStringLiteral("kibitz-cli eval human: %1: binary data, not PGN text (byte 0x").arg(binary)),
            qPrintable(err));
        QVERIFY(input.inputError().find("binary data") != std::string::npos);
        // Text that is not PGN is not binary: the readers name its games as skipped later.
        const QString text = dir.filePath(QStringLiteral("t.pgn"));
        QVERIFY(writeAll(text, "hello world\nthis is not a game\n"));
        cli::PgnInput plain("eval human", {text.toStdString(), KIBITZ_TEST_DATA_DIR "/games_sample.pgn"});
        QVERIFY(plain.openAllText());
        // A missing file is named as openAll names it.
        cli::PgnInput missing("personalize", {dir.filePath(QStringLiteral("none.pgn")).toStdString()});
        const QString gone = stderrOf([&] { QVERIFY(!missing.openAllText()); });
        QVERIFY2(gone.contains(QLatin1String("none.pgn")), qPrintable(gone));
    }

    void skipsFromCoreAreNamedOnce() {
        QFile in(QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QStringList games = QString::fromUtf8(in.readAll()).split(QStringLiteral("\n[Event "));
        for (int i = 1; i < games.size(); ++i) games[i].prepend(QStringLiteral("[Event "));
        int edited = 0, crazyhouse = 0, illegal = 0;
        for (int i = 0; i < games.size() && edited < 2; ++i) {
            if (!games[i].contains(QStringLiteral("\"pnmadelaine\""))) continue;
            if (edited++ == 0) {
                games[i].replace(QStringLiteral("[Variant \"Standard\"]"), QStringLiteral("[Variant \"Crazyhouse\"]"));
                crazyhouse = i + 1;
            } else {
                games[i].replace(QRegularExpression(QStringLiteral("\\b1\\. [^ {]+")), QStringLiteral("1. Ke5"));
                illegal = i + 1;
            }
        }
        QVERIFY(crazyhouse > 0 && illegal > 0);
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("edited.pgn"));
        QVERIFY(writeAll(file, games.join(QStringLiteral("\n")).toUtf8()));
        cli::PgnInput input("personalize", {file.toStdString()});
        QVERIFY(input.openAllText());
        const QString err = stderrOf([&] {
            for (int pass = 0; pass < 2; ++pass) {  // core may read the files more than once
                auto g = training::readPlayerGames({file.toStdString()}, "pnmadelaine", nullptr, input.skipHook());
                QVERIFY(g.ok());
                QCOMPARE(g->games.size(), std::size_t(88));
            }
            input.printSkipSummary();
        });
        QCOMPARE(input.skipped(), std::int64_t(2));
        QVERIFY2(
            err.contains(QStringLiteral("kibitz-cli personalize: skipped game %1 of %2:").arg(crazyhouse).arg(file)) &&
                err.contains(QLatin1String("variant 'Crazyhouse' is not supported")),
            qPrintable(err));
        QVERIFY2(
            err.contains(QStringLiteral("kibitz-cli personalize: skipped game %1 of %2:").arg(illegal).arg(file)) &&
                err.contains(QLatin1String("illegal move 'Ke5'")),
            qPrintable(err));
        QCOMPARE(err.count(QLatin1String("skipped game ")), 2);
        QVERIFY2(err.endsWith(QLatin1String("kibitz-cli personalize: 2 game(s) skipped\n")), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestPgnInput)
#include "tst_pgn_input.moc"
