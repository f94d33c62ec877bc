// SPDX-License-Identifier: GPL-3.0-or-later
// UciEngine against a scripted fake engine (fake_engine.cpp): handshake, searches, garbage, silence, hangs,
// crashes, slow handshakes, quit handling, and no orphan process in any of these cases.
#include "core/engines/uci_engine.h"

#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>

#include <cerrno>
#include <csignal>
#include <memory>

using namespace kibitz::engines;
using State = UciEngine::State;

namespace {

/// True once `pid` is no process, or only a zombie waiting for someone else to reap it.
bool processGone(qint64 pid) {
    if (pid <= 0) return true;
    if (::kill(pid_t(pid), 0) != 0) return errno == ESRCH;
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly)) return false;
    const QByteArray s = stat.readAll();
    const qsizetype paren = s.lastIndexOf(')');
    return paren > 0 && s.size() > paren + 2 && s[paren + 2] == 'Z';
}

std::unique_ptr<UciEngine> makeEngine(const QString& mode, const QStringList& extra = {}) {
    auto engine = std::make_unique<UciEngine>();
    engine->setProgram(QStringLiteral(KIBITZ_FAKE_ENGINE), QStringList{mode} + extra);
    return engine;
}

QStringList messages(const QSignalSpy& spy) {
    QStringList out;
    for (const auto& args : spy) out.append(args.at(0).value<EngineError>().message);
    return out;
}

bool hasKind(const QSignalSpy& spy, EngineErrorKind kind) {
    for (const auto& args : spy)
        if (args.at(0).value<EngineError>().kind == kind) return true;
    return false;
}

}  // namespace

class TstFakeEngine : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handshakeAndMultiPv();
    void optionsValidated();
    void garbageReported();
    void newSearchSupersedesOld();
    void stopInfinite();
    void silentEngineTimesOut();
    void slowUciOk_data();
    void slowUciOk();
    void hangDetectedByPing();
    void hangOnStop();
    void crashMidSearchRestarts();
    void crashTooOftenFails();
    void quitIgnoredThenKilled();
    void destructorLeavesNoOrphan_data();
    void destructorLeavesNoOrphan();
    void hostKilledLeavesNoOrphan();
    void missingProgram();
};

void TstFakeEngine::handshakeAndMultiPv() {
    auto engine = makeEngine(QStringLiteral("normal"));
    QSignalSpy infos(engine.get(), &UciEngine::infoReceived);
    QSignalSpy best(engine.get(), &UciEngine::bestMove);
    QSignalSpy errors(engine.get(), &UciEngine::error);
    QVERIFY(engine->setOption(QStringLiteral("MultiPV"), QStringLiteral("3")).ok());  // before start: applied at uciok
    engine->start();
    QTRY_COMPARE(engine->state(), State::Ready);
    QCOMPARE(engine->engineName(), QStringLiteral("FakeEngine normal"));
    QCOMPARE(engine->engineOptions().size(), 6);
    engine->go(SearchLimits::depth(4));
    QVERIFY(best.wait(5000));
    QCOMPARE(best.first().at(0).value<UciBestMove>().move, QStringLiteral("e2e4"));
    QCOMPARE(best.first().at(0).value<UciBestMove>().ponder, QStringLiteral("e7e5"));
    QCOMPARE(infos.size(), 12);  // 4 depths x 3 lines
    const UciInfo last = infos.last().at(0).value<UciInfo>();
    QCOMPARE(last.multiPv.value_or(0), 3);
    QCOMPARE(last.depth.value_or(0), 4);
    QCOMPARE(engine->state(), State::Ready);
    QVERIFY2(errors.isEmpty(), qPrintable(messages(errors).join(u'\n')));

    QSignalSpy pong(engine.get(), &UciEngine::pingAnswered);
    engine->ping();
    QVERIFY(pong.wait(5000));
}

void TstFakeEngine::optionsValidated() {
    auto engine = makeEngine(QStringLiteral("normal"));
    QSignalSpy errors(engine.get(), &UciEngine::error);
    QVERIFY(engine->setOption(QStringLiteral("NoSuchOption"), QStringLiteral("1")).ok());  // unknown yet: queued
    engine->start();
    QTRY_COMPARE(engine->state(), State::Ready);
    // The queued unknown option is reported once the engine's list is known.
    QVERIFY(messages(errors).join(u'\n').contains(QStringLiteral("NoSuchOption")));

    const auto unknown = engine->setOption(QStringLiteral("Contempt"), QStringLiteral("10"));
    QVERIFY(!unknown.ok());
    QVERIFY(QString::fromStdString(unknown.error().message).contains(QStringLiteral("'Contempt'")));
    const auto range = engine->setOption(QStringLiteral("UCI_Elo"), QStringLiteral("900"));
    QVERIFY(!range.ok());
    QVERIFY(QString::fromStdString(range.error().message).contains(QStringLiteral("1350..2850")));
    QVERIFY(!engine->setOption(QStringLiteral("UCI_LimitStrength"), QStringLiteral("yes")).ok());
    QVERIFY(engine->setOption(QStringLiteral("UCI_LimitStrength"), QStringLiteral("true")).ok());
    QVERIFY(engine->setOption(QStringLiteral("UCI_Elo"), QStringLiteral("1500")).ok());
    QVERIFY(engine->setOption(QStringLiteral("Threads"), QStringLiteral("2")).ok());
    QVERIFY(engine->setOption(QStringLiteral("Hash"), QStringLiteral("32")).ok());
    QVERIFY(engine->setOption(QStringLiteral("Clear Hash")).ok());

    QSignalSpy sent(engine.get(), &UciEngine::lineSent);
    QSignalSpy best(engine.get(), &UciEngine::bestMove);
    engine->go(SearchLimits::nodes(1000));
    QVERIFY(best.wait(5000));
    QStringList lines;
    for (const auto& a : sent) lines.append(a.at(0).toString());
    QCOMPARE(lines.last(), QStringLiteral("go nodes 1000"));
    QCOMPARE(lines.at(lines.size() - 2), QStringLiteral("position startpos"));
}

void TstFakeEngine::garbageReported() {
    auto engine = makeEngine(QStringLiteral("garbage"));
    QSignalSpy errors(engine.get(), &UciEngine::error);
    QSignalSpy best(engine.get(), &UciEngine::bestMove);
    engine->setPosition(QStringLiteral("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
    engine->go(SearchLimits::depth(2));  // starts the engine and queues the search
    QVERIFY(best.wait(5000));
    const QString all = messages(errors).join(u'\n');
    QVERIFY2(all.contains(QStringLiteral("unknown type 'frobnicate'")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("'depth' expects an integer, got 'ready'")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("'depth' expects an integer, got 'two'")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("'score' expects")), qPrintable(all));
    QVERIFY(!hasKind(errors, EngineErrorKind::Crashed));
    QCOMPARE(engine->state(), State::Ready);  // garbage is reported, not fatal
}

void TstFakeEngine::newSearchSupersedesOld() {
    auto engine = makeEngine(QStringLiteral("normal"));
    QSignalSpy best(engine.get(), &UciEngine::bestMove);
    QSignalSpy infos(engine.get(), &UciEngine::infoReceived);
    engine->start();
    QTRY_COMPARE(engine->state(), State::Ready);
    engine->go(SearchLimits::infinite());
    QTRY_COMPARE(infos.size(), 3);
    infos.clear();
    engine->go(SearchLimits::depth(2));  // stops the infinite search and discards its result
    QVERIFY(best.wait(5000));
    QCOMPARE(best.size(), 1);
    for (const auto& a : infos) QVERIFY(a.at(0).value<UciInfo>().depth.value_or(0) <= 2);
    QCOMPARE(infos.size(), 2);
}

void TstFakeEngine::stopInfinite() {
    auto engine = makeEngine(QStringLiteral("normal"));
    QSignalSpy best(engine.get(), &UciEngine::bestMove);
    QSignalSpy infos(engine.get(), &UciEngine::infoReceived);
    engine->go(SearchLimits::infinite());
    QTRY_COMPARE(engine->state(), State::Searching);
    QTRY_COMPARE(infos.size(), 3);
    engine->stop();
    QCOMPARE(engine->state(), State::Stopping);
    QVERIFY(best.wait(5000));
    QCOMPARE(engine->state(), State::Ready);
}

void TstFakeEngine::silentEngineTimesOut() {
    auto engine = makeEngine(QStringLiteral("silent"));
    engine->setTimeouts(EngineTimeouts{300, 300, 300, 300, 300});
    QSignalSpy errors(engine.get(), &UciEngine::error);
    engine->start();
    const qint64 pid = engine->processId();
    QVERIFY(pid > 0);
    QVERIFY(errors.wait(5000));
    QCOMPARE(errors.first().at(0).value<EngineError>().kind, EngineErrorKind::HandshakeTimeout);
    QVERIFY(errors.first().at(0).value<EngineError>().message.contains(QStringLiteral("uciok")));
    QCOMPARE(engine->state(), State::Failed);  // an engine that never worked is not restarted
    QTRY_VERIFY(processGone(pid));
    QTRY_COMPARE(engine->processId(), qint64(0));  // QProcess notices the exit asynchronously
}

void TstFakeEngine::slowUciOk_data() {
    QTest::addColumn<int>("delayMs");
    QTest::addColumn<int>("timeoutMs");
    QTest::addColumn<bool>("succeeds");
    QTest::newRow("slower than the timeout") << 1500 << 300 << false;
    QTest::newRow("slow but within the timeout") << 300 << 5000 << true;
}

void TstFakeEngine::slowUciOk() {
    QFETCH(int, delayMs);
    QFETCH(int, timeoutMs);
    QFETCH(bool, succeeds);
    auto engine = makeEngine(QStringLiteral("slow-uciok"), {QString::number(delayMs)});
    EngineTimeouts t;
    t.handshakeMs = timeoutMs;
    engine->setTimeouts(t);
    QSignalSpy errors(engine.get(), &UciEngine::error);
    engine->start();
    const qint64 pid = engine->processId();
    if (succeeds) {
        QTRY_COMPARE_WITH_TIMEOUT(engine->state(), State::Ready, 5000);
        QVERIFY(errors.isEmpty());
    } else {
        QTRY_COMPARE_WITH_TIMEOUT(engine->state(), State::Failed, 5000);
        QVERIFY(hasKind(errors, EngineErrorKind::HandshakeTimeout));
        QTRY_VERIFY(processGone(pid));
    }
}

void TstFakeEngine::hangDetectedByPing() {
    auto engine = makeEngine(QStringLiteral("hang-search"));
    EngineTimeouts t;
    t.silenceMs = 200;
    t.pingMs = 300;
    engine->setTimeouts(t);
    engine->setMaxRestarts(1);
    QSignalSpy errors(engine.get(), &UciEngine::error);
    QSignalSpy restarted(engine.get(), &UciEngine::restarted);
    engine->start();
    QTRY_COMPARE(engine->state(), State::Ready);
    const qint64 firstPid = engine->processId();
    engine->go(SearchLimits::infinite());
    QVERIFY(restarted.wait(5000));
    QVERIFY(hasKind(errors, EngineErrorKind::Hung));
    QVERIFY(messages(errors).join(u'\n').contains(QStringLiteral("no readyok")));
    QCOMPARE(engine->state(), State::Ready);
    QVERIFY(engine->processId() != firstPid);
    QTRY_VERIFY(processGone(firstPid));
    QCOMPARE(engine->restartCount(), 1);
}

void TstFakeEngine::hangOnStop() {
    auto engine = makeEngine(QStringLiteral("hang-search"));
    EngineTimeouts t;
    t.silenceMs = 60000;  // only the stop watchdog may fire here
    t.stopMs = 300;
    engine->setTimeouts(t);
    engine->setMaxRestarts(0);
    QSignalSpy errors(engine.get(), &UciEngine::error);
    QSignalSpy infos(engine.get(), &UciEngine::infoReceived);
    engine->go(SearchLimits::infinite());
    QVERIFY(infos.wait(5000));
    const qint64 pid = engine->processId();
    engine->stop();
    QTRY_COMPARE(engine->state(), State::Failed);
    QVERIFY(messages(errors).join(u'\n').contains(QStringLiteral("no bestmove within 300 ms of stop")));
    QTRY_VERIFY(processGone(pid));
}

void TstFakeEngine::crashMidSearchRestarts() {
    auto engine = makeEngine(QStringLiteral("crash-search"));
    QSignalSpy errors(engine.get(), &UciEngine::error);
    QSignalSpy restarted(engine.get(), &UciEngine::restarted);
    QVERIFY(engine->setOption(QStringLiteral("MultiPV"), QStringLiteral("2")).ok());
    engine->start();
    QTRY_COMPARE(engine->state(), State::Ready);
    const qint64 firstPid = engine->processId();
    QSignalSpy sent(engine.get(), &UciEngine::lineSent);
    engine->go(SearchLimits::depth(8));
    QVERIFY(restarted.wait(5000));
    QVERIFY(hasKind(errors, EngineErrorKind::Crashed));
    QVERIFY(messages(errors).join(u'\n').contains(QStringLiteral("crashed; restarting")));
    QCOMPARE(engine->state(), State::Ready);
    QVERIFY(engine->processId() != firstPid);
    QVERIFY(processGone(firstPid));
    // Options are re-applied to the new process.
    QStringList lines;
    for (const auto& a : sent) lines.append(a.at(0).toString());
    QVERIFY2(lines.contains(QStringLiteral("setoption name MultiPV value 2")), qPrintable(lines.join(u'\n')));
}

void TstFakeEngine::crashTooOftenFails() {
    auto engine = makeEngine(QStringLiteral("crash-search"));
    engine->setMaxRestarts(2);
    QSignalSpy errors(engine.get(), &UciEngine::error);
    // Re-issue the search after every restart, as the engine panel does: the engine crashes every time.
    connect(engine.get(), &UciEngine::restarted, engine.get(), [e = engine.get()] { e->go(SearchLimits::depth(3)); });
    engine->go(SearchLimits::depth(3));
    QTRY_COMPARE_WITH_TIMEOUT(engine->state(), State::Failed, 10000);
    QCOMPARE(engine->restartCount(), 2);
    int crashes = 0;
    for (const auto& a : errors) crashes += a.at(0).value<EngineError>().kind == EngineErrorKind::Crashed;
    QCOMPARE(crashes, 3);
    QCOMPARE(engine->processId(), qint64(0));
    engine->go(SearchLimits::depth(3));
    QVERIFY(hasKind(errors, EngineErrorKind::NotRunning));
}

void TstFakeEngine::quitIgnoredThenKilled() {
    auto engine = makeEngine(QStringLiteral("ignore-quit"));
    EngineTimeouts t;
    t.quitMs = 300;
    engine->setTimeouts(t);
    engine->start();
    QTRY_COMPARE(engine->state(), State::Ready);
    const qint64 pid = engine->processId();
    engine->quit();
    QCOMPARE(engine->state(), State::Quitting);
    QTRY_COMPARE_WITH_TIMEOUT(engine->state(), State::NotRunning, 5000);
    QVERIFY(processGone(pid));

    // A well-behaved engine exits on quit without being killed.
    auto polite = makeEngine(QStringLiteral("normal"));
    polite->start();
    QTRY_COMPARE(polite->state(), State::Ready);
    const qint64 politePid = polite->processId();
    polite->quit();
    QTRY_COMPARE(polite->state(), State::NotRunning);
    QVERIFY(processGone(politePid));
}

void TstFakeEngine::destructorLeavesNoOrphan_data() {
    QTest::addColumn<QString>("mode");
    QTest::addColumn<bool>("searching");
    QTest::newRow("idle normal") << "normal" << false;
    QTest::newRow("searching normal") << "normal" << true;
    QTest::newRow("ignores quit") << "ignore-quit" << false;
    QTest::newRow("hung in search") << "hang-search" << true;
}

void TstFakeEngine::destructorLeavesNoOrphan() {
    QFETCH(QString, mode);
    QFETCH(bool, searching);
    auto engine = makeEngine(mode);
    EngineTimeouts t;
    t.quitMs = 300;
    engine->setTimeouts(t);
    QSignalSpy infos(engine.get(), &UciEngine::infoReceived);
    engine->start();
    QTRY_COMPARE(engine->state(), State::Ready);
    if (searching) {
        engine->go(SearchLimits::infinite());
        QVERIFY(infos.wait(5000));
    }
    const qint64 pid = engine->processId();
    QVERIFY(pid > 0);
    QVERIFY(!processGone(pid));
    engine.reset();
    QVERIFY(processGone(pid));  // the destructor waits for the child: no QTRY needed
}

void TstFakeEngine::hostKilledLeavesNoOrphan() {
#ifndef Q_OS_LINUX
    QSKIP("parent-death signal is Linux only");
#endif
    // The app itself dies without running destructors: the kernel must take the engine with it.
    QProcess host;
    host.start(QStringLiteral(KIBITZ_ENGINE_HOST), {QStringLiteral(KIBITZ_FAKE_ENGINE), QStringLiteral("ignore-quit")});
    QVERIFY(host.waitForStarted(5000));
    QSignalSpy ready(&host, &QProcess::readyReadStandardOutput);
    QVERIFY(ready.wait(5000));
    const QByteArray out = host.readAllStandardOutput().trimmed();
    QVERIFY2(out.startsWith("child "), out.constData());
    const qint64 child = out.mid(6).toLongLong();
    QVERIFY(child > 0);
    QVERIFY(!processGone(child));
    host.kill();  // SIGKILL: no destructor, no aboutToQuit
    QVERIFY(host.waitForFinished(5000));
    QTRY_VERIFY_WITH_TIMEOUT(processGone(child), 5000);
}

void TstFakeEngine::missingProgram() {
    UciEngine engine;
    engine.setProgram(QStringLiteral(KIBITZ_TEST_DATA_DIR "/engines/no-such-engine"));
    QSignalSpy errors(&engine, &UciEngine::error);
    engine.start();
    QTRY_COMPARE(engine.state(), State::Failed);
    QVERIFY(hasKind(errors, EngineErrorKind::StartFailed));
    QVERIFY(messages(errors).first().contains(QStringLiteral("no-such-engine")));
}

QTEST_GUILESS_MAIN(TstFakeEngine)
#include "tst_fake_engine.moc"
