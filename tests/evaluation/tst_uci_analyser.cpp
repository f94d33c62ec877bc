// SPDX-License-Identifier: GPL-3.0-or-later
// UciAnalyser (synchronous multi-PV over UciEngine) against the scripted fake engine: lines and scores,
// cancellation of an infinite search, a crash that repeats, a missing program, no process left behind.
#include "core/chess/notation.h"
#include "core/evaluation/engine_analyser.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTest>
#include <QTimer>

#include <chrono>
#include <csignal>
#include <thread>

using namespace kibitz;

namespace {

evaluation::UciAnalyserOptions fakeOptions(const QString& mode,
                                           engines::SearchLimits limits = engines::SearchLimits::depth(4)) {
    evaluation::UciAnalyserOptions o;
    o.program = QStringLiteral(KIBITZ_FAKE_ENGINE);
    o.arguments = {mode};
    o.limits = limits;
    o.searchTimeoutMs = 20000;
    return o;
}

bool processAlive(qint64 pid) {
    return pid > 0 && QFileInfo::exists(QStringLiteral("/proc/%1").arg(pid)) && ::kill(pid_t(pid), 0) == 0;
}

}  // namespace

class TestUciAnalyser : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void lines_data() {
        QTest::addColumn<int>("lines");
        QTest::addColumn<QStringList>("moves");
        QTest::addColumn<QList<int>>("scores");
        // The fake prints score cp 40 - 10k + depth for line k; depth 4 is the last.
        QTest::newRow("one") << 1 << QStringList{QStringLiteral("e2e4")} << QList<int>{34};
        QTest::newRow("three") << 3
                               << QStringList{QStringLiteral("e2e4"), QStringLiteral("d2d4"), QStringLiteral("g1f3")}
                               << QList<int>{34, 24, 14};
    }
    void lines() {
        QFETCH(int, lines);
        QFETCH(QStringList, moves);
        QFETCH(QList<int>, scores);
        qint64 pid = 0;
        {
            const evaluation::UciAnalyserOptions options = fakeOptions(QStringLiteral("normal"));
            evaluation::UciAnalyser analyser(options);
            // Not started yet: the program's file name, never the folder it lives in (reports are shared).
            const QString program = options.program;
            QVERIFY(!analyser.describe().contains(QFileInfo(program).absolutePath()));
            QVERIFY(analyser.describe().startsWith(QFileInfo(program).fileName() + QStringLiteral(" (")));
            for (int round = 0; round < 2; ++round) {  // the second call reuses the process
                auto r = analyser.analyse(chess::Position(), lines, CancelToken());
                QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
                QCOMPARE(int(r->size()), lines);
                for (int i = 0; i < lines; ++i) {
                    QCOMPARE(QString::fromStdString(chess::toUci((*r)[std::size_t(i)].move)), moves[i]);
                    QCOMPARE((*r)[std::size_t(i)].score.value, scores[i]);
                    QCOMPARE((*r)[std::size_t(i)].depth, 4);
                }
            }
            QVERIFY(analyser.describe().contains(QStringLiteral("FakeEngine")));
            pid = analyser.processId();
            QVERIFY(processAlive(pid));
        }
        QVERIFY(!processAlive(pid));  // quit and reaped with the analyser
    }

    void cancelInfinite() {
        evaluation::UciAnalyser analyser(fakeOptions(QStringLiteral("normal"), engines::SearchLimits::infinite()));
        CancelToken token;
        // From another thread, as the GUI cancels a worker's request.
        std::thread canceller([token] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            token.cancel();
        });
        QElapsedTimer t;
        t.start();
        auto r = analyser.analyse(chess::Position(), 2, token);
        canceller.join();
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, ErrorCode::Cancelled);
        QVERIFY(t.elapsed() < 5000);
        // Already cancelled: no search at all.
        auto again = analyser.analyse(chess::Position(), 2, token);
        QCOMPARE(again.error().code, ErrorCode::Cancelled);
    }

    // The thread that waits for the engine runs no event loop meanwhile: a call queued to it during the
    // search runs after analyse() returns, not inside it, so a queued setAnalyserFactory can never destroy the
    // analyser under its own analyse().
    void noNestedEventLoop() {
        evaluation::UciAnalyser analyser(fakeOptions(QStringLiteral("normal")));
        bool analysing = false;
        int ranInside = 0, ranAfter = 0;
        QTimer::singleShot(0, this, [&] { ++(analysing ? ranInside : ranAfter); });
        QMetaObject::invokeMethod(
            this, [&] { ++(analysing ? ranInside : ranAfter); }, Qt::QueuedConnection);
        analysing = true;
        for (int i = 0; i < 3; ++i) QVERIFY(analyser.analyse(chess::Position(), 2, CancelToken()).ok());
        analysing = false;
        QCoreApplication::processEvents();
        QTRY_COMPARE(ranAfter, 2);
        QCOMPARE(ranInside, 0);
    }

    void repeatedCrash() {
        evaluation::UciAnalyser analyser(fakeOptions(QStringLiteral("crash-search")));
        auto r = analyser.analyse(chess::Position(), 1, CancelToken());
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, ErrorCode::Runtime);
    }

    // An engine that ends its search with a malformed or an illegal bestmove: an error naming it at once, not a
    // wait for the 20 s search timeout (120 s in the app).
    void badBestMove_data() {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("message");
        QTest::newRow("malformed") << "bad-bestmove"
                                   << "bestmove: bad move 'e2-e4'";
        QTest::newRow("illegal") << "illegal-bestmove"
                                 << "bestmove e2e5 is not a legal move in "
                                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    }
    void badBestMove() {
        QFETCH(QString, mode);
        QFETCH(QString, message);
        evaluation::UciAnalyser analyser(fakeOptions(mode));
        QElapsedTimer t;
        t.start();
        auto r = analyser.analyse(chess::Position(), 1, CancelToken());
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, ErrorCode::Runtime);
        QVERIFY2(QString::fromStdString(r.error().message).contains(message), r.error().message.c_str());
        QVERIFY(t.elapsed() < 5000);
        // The engine is idle again: the next search is answered (and fails the same way), not stuck behind the first.
        auto again = analyser.analyse(chess::Position(), 1, CancelToken());
        QVERIFY(!again.ok());
        QVERIFY(QString::fromStdString(again.error().message).contains(message));
    }

    void missingProgram() {
        evaluation::UciAnalyserOptions o;
        o.program = QDir::temp().filePath(QStringLiteral("kibitz-no-such-engine"));
        o.searchTimeoutMs = 20000;
        evaluation::UciAnalyser analyser(o);
        QElapsedTimer t;
        t.start();
        auto r = analyser.analyse(chess::Position(), 1, CancelToken());
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, ErrorCode::Runtime);
        QVERIFY(t.elapsed() < 10000);
    }

    void noLegalMove() {
        evaluation::UciAnalyser analyser(fakeOptions(QStringLiteral("normal")));
        auto mate = chess::Position::fromFen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        QVERIFY(mate.ok());
        auto r = analyser.analyse(*mate, 1, CancelToken());
        QCOMPARE(r.error().code, ErrorCode::InvalidInput);
    }
};

QTEST_GUILESS_MAIN(TestUciAnalyser)
#include "tst_uci_analyser.moc"
