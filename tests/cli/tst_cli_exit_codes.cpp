// SPDX-License-Identifier: GPL-3.0-or-later
// kibitz-cli's documented exit codes (0 ok, 1 runtime failure, 2 bad usage or bad input; docs/user/cli.md), one
// row per command: the commands are read from `kibitz-cli --help`, so a new command is covered without editing
// this test. Each answers --help with its usage (exit 0) and an unknown option with exit 2 and a message naming it
// on stderr; then a few rows of bad input (2) and of failures while working (1).
#include "core/models/compute_device.h"
#include "tests/cli/cli_run.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

QStringList commands() {
    QStringList out;
    const QRegularExpression line(QStringLiteral("^  ([a-z][a-z-]*) "));
    for (const QString& l : run({QStringLiteral("--help")}).out.split(QLatin1Char('\n'))) {
        const auto m = line.match(l);
        if (m.hasMatch()) out << m.captured(1);
    }
    return out;
}

}  // namespace

class TestCliExitCodes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyCommand_data() {
        QTest::addColumn<QString>("command");
        const QStringList all = commands();
        QVERIFY2(all.size() >= 15, qPrintable(all.join(QLatin1Char(' '))));
        for (const QString& c : all) QTest::newRow(qPrintable(c)) << c;
    }
    void everyCommand() {
        QFETCH(QString, command);
        const Run help = run({command, QStringLiteral("--help")});
        QCOMPARE(help.code, 0);
        QVERIFY2(help.out.contains(QStringLiteral("Usage: kibitz-cli ")), qPrintable(help.out.left(200)));
        const Run bogus = run({command, QStringLiteral("--frobnicate")});
        QCOMPARE(bogus.code, 2);
        QVERIFY2(bogus.err.contains(QStringLiteral("frobnicate")), qPrintable(bogus.err));
        QVERIFY(bogus.out.isEmpty());  // errors go to stderr
    }

    void documentedCodes_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        const QString sample = QStringLiteral(KIBITZ_TEST_DATA_DIR "/games_sample.pgn");
        QTest::newRow("no command") << QStringList{} << 2 << "Usage: kibitz-cli <command>";
        QTest::newRow("unknown command") << QStringList{"frobnicate"} << 2 << "unknown command 'frobnicate'";
        QTest::newRow("version") << QStringList{"--version"} << 0 << "";
        QTest::newRow("option out of range")
            << QStringList{"perft", "--depth", "0"} << 2 << "expected an integer in [1, 12]";
        QTest::newRow("missing file") << QStringList{"pgn-stats", "/nonexistent/x.pgn"} << 2 << "/nonexistent/x.pgn";
        QTest::newRow("bad FEN") << QStringList{"analyse", "--fen", "8/8/8 w"} << 2 << "FEN";
        QTest::newRow("not a bundle") << QStringList{"bundle", "info", sample} << 2 << sample;
        QTest::newRow("cannot write the output")
            << QStringList{"rate", "--csv", KIBITZ_TEST_DATA_DIR "/puzzles_sample.csv", "--out", "/proc/kibitz.csv"}
            << 1 << "/proc/kibitz.csv";
        QTest::newRow("cannot create the run folder")
            << QStringList{"train",    "human", "--pgn",   sample, "--out", "/proc/kibitz-run",
                           "--config", "tiny",  "--steps", "1"}
            << 1 << "/proc/kibitz-run";
        // --device, taken by every model command: a bad value is usage; cuda without CUDA too.
        const QString start = QStringLiteral("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        QTest::newRow("device unknown") << QStringList{"analyse", "--device", "gpu", "--fen", start} << 2
                                        << "--device: 'gpu' is not one of auto, cpu, cuda";
        QTest::newRow("device without value")
            << QStringList{"analyse", "--fen", start, "--device"} << 2 << "--device needs a value";
        QTest::newRow("device cpu") << QStringList{"analyse", "--device", "cpu", "--fen", start, "--top", "1"} << 0
                                    << "";
        QTest::newRow("device= before the command")
            << QStringList{"--device=cpu", "analyse", "--fen", start, "--top", "1"} << 0 << "";
        if (kibitz::models::cudaAvailable())
            QTest::newRow("device cuda") << QStringList{"analyse", "--device", "cuda", "--fen", start} << 0 << "";
        else
            QTest::newRow("device cuda without CUDA")
                << QStringList{"analyse", "--device", "cuda", "--fen", start} << 2 << "CUDA was asked for";
        QTest::newRow("train --device cuda without CUDA or bad")
            << QStringList{"train", "human", "--pgn", sample, "--out", "/proc/x", "--device", "tpu"} << 2
            << "'tpu' is not one of auto, cpu, cuda";
    }
    void documentedCodes() {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, message);
        const Run r = run(args);
        QCOMPARE(r.code, code);
        QVERIFY2((r.out + r.err).contains(message), qPrintable(r.err.left(300)));
    }
};

QTEST_GUILESS_MAIN(TestCliExitCodes)
#include "tst_cli_exit_codes.moc"
